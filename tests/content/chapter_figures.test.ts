/**
 * Every engine figure a chapter cites (<Value lab path> and each path of a <Formula values>) exists
 * in that lab's scorecard on its preset, in both languages, so the build can render it. The same
 * scorecards the build uses: each lab's preset files run through labs/runner.ts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { createRunner } from '../../labs/runner.ts';
import { labMeta } from '../../labs/manifest.ts';
import { lookupPath } from '../../labs/core/contract/paths.ts';

type Ref = { lab: string; path: string; line: number; preset?: string };

/** The figures of an MDX text: lab + path of every Value, lab + each path of every Formula. */
export function figureRefs(text: string): Ref[] {
  const refs: Ref[] = [];
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(/<Value\b([^>]*?)\/>/g)) {
    const attrs = m[1];
    const lab = /\blab="([^"]+)"/.exec(attrs)?.[1];
    const path = /\bpath="([^"]+)"/.exec(attrs)?.[1];
    const preset = /\bpreset="([^"]+)"/.exec(attrs)?.[1];
    if (lab && path) refs.push({ lab, path, line: lineOf(m.index!), preset });
  }
  for (const m of text.matchAll(/<Formula\b([\s\S]*?)\/>/g)) {
    const attrs = m[1];
    const lab = /\blab="([^"]+)"/.exec(attrs)?.[1];
    const values = /values=\{\{([\s\S]*?)\}\}/.exec(attrs)?.[1] ?? '';
    for (const v of values.matchAll(/[a-z0-9_]+\s*:\s*"([^"]+)"/gi)) if (lab) refs.push({ lab, path: v[1], line: lineOf(m.index!) });
  }
  return refs;
}

const runner = createRunner();
async function scorecard(lab: string, lang: 'es' | 'en', presetId?: string) {
  const meta = labMeta(lab);
  if (!meta) throw new Error(`unknown lab ${lab}`);
  const preset = (presetId ? meta.presets.find((p) => p.id === presetId) : meta.presets[0])!;
  const texts = Object.fromEntries(Object.entries(preset.files[lang]).map(([k, f]) => [k, readFileSync(`labs/${lab}/presets/${f}`, 'utf8')]));
  const res = await runner.runAny(lab, texts, lang);
  if (!res.ok) throw new Error(JSON.stringify(res.issues));
  return res.result;
}

describe('chapter figures resolve in the engines', () => {
  for (const lang of ['es', 'en'] as const) {
    for (const file of readdirSync(`content/chapters/${lang}`).filter((f) => f.endsWith('.mdx'))) {
      it(`${lang}/${file}`, async () => {
        const refs = figureRefs(readFileSync(`content/chapters/${lang}/${file}`, 'utf8'));
        const missing: string[] = [];
        for (const r of refs) {
          const found = lookupPath(await scorecard(r.lab, lang, r.preset), r.path);
          if (!found.found) missing.push(`line ${r.line}: ${r.lab}:${r.path} (${found.reason})`);
        }
        expect(missing).toEqual([]);
      });
    }
  }
});
