/**
 * A lab is its folder (issue 22): adding a lab touches its manifest entry (labs/manifest.ts) and its
 * two folders (labs/<id>/ and src/components/labs/<id>/), nothing else. This test lists every other
 * place in the source tree whose code names a lab id, and fails when a new one appears (or when a
 * listed place no longer names one: then take it off the list). tests/, e2e/, content/ and bench/
 * may name labs freely.
 *
 * "Names a lab id" in code, not prose: comments are dropped, and the id counts only where code spells
 * it as a name, i.e. inside a string or path ('rag', `labs/rag/`, 'lab-rag', 'rag-fusion') or as a CSS
 * class (.rag-widget); `c.threshold` (a field) or "el gate" (a word in a sentence) do not count.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LAB_IDS } from '../../labs/manifest.ts';

/** Where a lab may be named; the test scans everything else of the source tree. */
const FREE = [/^labs\/manifest\.ts$/, /^package-lock\.json$/, /^(tests|e2e|content|bench|node_modules|dist[^/]*|\.git|\.astro|test-results|playwright-report|blob-report|logs)\//];
const labFolder = (path: string) => LAB_IDS.some((id) => path.startsWith(`labs/${id}/`) || path.startsWith(`src/components/labs/${id}/`));
const CODE = /\.(ts|tsx|mts|astro|mjs|cjs|js|css|json)$/;
const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * The places outside the lab folders that name a lab id today, with the reason. A new lab must not
 * need a line here; a line goes when its place stops naming a lab.
 */
const ALLOWED = new Map<string, string>([
  // The word as an ordinary name, not the lab.
  ['labs/core/stats/selective.ts', "the risk-coverage curve's 'threshold' field, not the lab"],
  ['src/i18n/es.ts', "'gate' is a word of the Spanish text (a core checklist label), not the lab"],
  ['src/lib/words.ts', "the course's word list: 'gate' is the term the style check asks for, not the lab"],
]);

/** Code with comments removed (block, line and HTML comments); strings are kept. */
function stripComments(code: string): string {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The lab ids a piece of code names, with how many times (see the file's docstring for what counts). */
function labIdsNamed(code: string, ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const body = stripComments(code);
  for (const id of ids) {
    // After a quote, a slash or a hyphen (strings, paths, lab-<id>), or after a dot that starts a CSS
    // class (not a property access: no name, ')' or ']' before the dot); never inside a longer name.
    const re = new RegExp(`(?:(?<=['"\`/-])|(?<=(?:^|[^A-Za-z0-9_$)\\]])\\.))${id}(?![A-Za-z0-9_$])`, 'gm');
    const n = body.match(re)?.length ?? 0;
    if (n > 0) out.set(id, n);
  }
  return out;
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = dir ? `${dir}/${name}` : name;
    if (FREE.some((re) => re.test(`${path}/`) || re.test(path))) continue;
    if (statSync(join(ROOT, path)).isDirectory()) yield* files(path);
    else if (CODE.test(name) && !labFolder(path)) yield path;
  }
}

describe('a lab is its folder', () => {
  it('the scan sees a lab id in a string, a path and a CSS class, and not in a field or a comment', () => {
    expect([...labIdsNamed(`load('rag'); import x from '../labs/gate/lab.ts'; const c = 'lab-trace';`, LAB_IDS).keys()].sort()).toEqual(['gate', 'rag', 'trace']);
    expect([...labIdsNamed('.rubric-table td { }', LAB_IDS).keys()]).toEqual(['rubric']);
    expect(labIdsNamed('c.threshold + r.trace.x; // the rag lab\n/* labs/gate/ */ const calibration_mc = 1;', LAB_IDS).size).toBe(0);
  });

  it('only the listed places outside labs/<id>/ and src/components/labs/<id>/ name a lab id', () => {
    const found = new Map<string, string>();
    for (const path of files('')) {
      const named = labIdsNamed(readFileSync(join(ROOT, path), 'utf8'), LAB_IDS);
      if (named.size > 0) found.set(path, [...named].map(([id, n]) => `${id}×${n}`).join(' '));
    }
    // Sanity: the scan reached the tree (the allowed places exist and are read).
    expect(found.size).toBeGreaterThan(0);
    const fresh = [...found].filter(([p]) => !ALLOWED.has(p)).map(([p, ids]) => `${p}: ${ids}`);
    expect(fresh, 'new places that name a lab id (move the code into the lab folders, or derive it from labs/manifest.ts)').toEqual([]);
    const stale = [...ALLOWED.keys()].filter((p) => !found.has(p));
    expect(stale, 'listed places that no longer name a lab id (take them off ALLOWED)').toEqual([]);
  });
});
