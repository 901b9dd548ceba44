/**
 * What each page type loads, read from the built site (dist/): the scripts in the page (inline and
 * external), the islands Astro hydrates on the page (component and renderer), and the static-import
 * closure of each; sizes are gzip -9. The lab page also counts the island its LabLoader fetches (the
 * page shows nothing without it); dynamic imports that wait for a user action (the exercise builder,
 * a second lab) are not counted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export const DIST = process.env.ASTRO_OUT_DIR || 'dist';
const ASTRO = join(DIST, '_astro');

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;

/** Static imports of a built chunk ("./x.js" from the same folder). */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/(?<!import\()(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) out.add(m[1]);
  return [...out];
}

/** A chunk and everything it imports statically, as file names under _astro/. */
export function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(readFileSync(join(ASTRO, f), 'utf8')));
  }
  return seen;
}

export function gzipOf(files: Iterable<string>): number {
  let n = 0;
  for (const f of files) n += gz(readFileSync(join(ASTRO, f)));
  return n;
}

/**
 * The JS a page loads at once: inline scripts plus the closure of its external scripts and of the
 * islands it hydrates at load. An island with client:visible loads when it scrolls into view: it
 * counts only with `visible` (a lab page, whose lab is in view at once).
 */
export function pageLoad(htmlPath: string, extraEntries: string[] = [], visible = false): { inline: number; files: Set<string>; total: number } {
  const html = readFileSync(join(DIST, htmlPath), 'utf8');
  let inline = 0;
  const entries: string[] = [...extraEntries];
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="\/_astro\/([^"]+)"/.exec(m[1])?.[1];
    if (src) entries.push(src);
    else if (!/type="application\/(ld\+)?json"/.test(m[1])) inline += gz(m[2]);
  }
  for (const island of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!visible && /\sclient="visible"/.test(island[0])) continue;
    for (const m of island[0].matchAll(/(?:component-url|renderer-url|before-hydration-url)="\/_astro\/([^"]+)"/g)) entries.push(m[1]);
  }
  const files = closure(entries);
  return { inline, files, total: inline + gzipOf(files) };
}

/** The built chunk whose name starts with `prefix` (e.g. 'ThresholdLab.'), if any. */
export function chunk(prefix: string): string | undefined {
  return readdirSync(ASTRO).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
}
