/**
 * Every engine figure a chapter cites (<Value lab path> and each path of a <Formula values>) exists
 * in that lab's scorecard, in both languages, so the build can render it: on the lab's preset, or on
 * the state the figure names (`preset="…"`, or `start={{ preset, texts, view }}`: another preset,
 * JSON merge patches, a view). The scorecards come from the build's own code (src/lib/figures.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { scorecard, type FigureStart } from '../../src/lib/figures.ts';
import { lookupPath } from '../../labs/core/contract/paths.ts';

type Ref = { lab: string; path: string; line: number; start: FigureStart };

/** The text of a JSX attribute expression `name={…}` (balanced braces), or null. */
function attrExpression(attrs: string, name: string): string | null {
  const m = new RegExp(`\\b${name}=\\{`).exec(attrs);
  if (!m) return null;
  let depth = 0;
  for (let i = m.index + m[0].length - 1; i < attrs.length; i++) {
    if (attrs[i] === '{') depth++;
    else if (attrs[i] === '}' && --depth === 0) return attrs.slice(m.index + m[0].length, i);
  }
  return null;
}

/** A figure's starting state: `start={{…}}` (an object literal, evaluated) and `preset="…"`. */
function startOf(attrs: string): FigureStart {
  const expr = attrExpression(attrs, 'start');
  const start = (expr ? new Function(`return (${expr});`)() : {}) as FigureStart;
  const preset = /\bpreset="([^"]+)"/.exec(attrs)?.[1];
  return preset ? { ...start, preset } : start;
}

/** The figures of an MDX text: lab + path of every Value, lab + each path of every Formula. */
export function figureRefs(text: string): Ref[] {
  const refs: Ref[] = [];
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(/<Value\b([^>]*?)\/>/g)) {
    const attrs = m[1];
    const lab = /\blab="([^"]+)"/.exec(attrs)?.[1];
    const path = /\bpath="([^"]+)"/.exec(attrs)?.[1];
    if (lab && path) refs.push({ lab, path, line: lineOf(m.index!), start: startOf(attrs) });
  }
  for (const m of text.matchAll(/<Formula\b([\s\S]*?)\/>/g)) {
    const attrs = m[1];
    const lab = /\blab="([^"]+)"/.exec(attrs)?.[1];
    const values = /values=\{\{([\s\S]*?)\}\}/.exec(attrs)?.[1] ?? '';
    const start = startOf(attrs);
    for (const v of values.matchAll(/[a-z0-9_]+\s*:\s*"([^"]+)"/gi)) if (lab) refs.push({ lab, path: v[1], line: lineOf(m.index!), start });
  }
  return refs;
}

describe('chapter figures resolve in the engines', () => {
  for (const lang of ['es', 'en'] as const) {
    for (const file of readdirSync(`content/chapters/${lang}`).filter((f) => f.endsWith('.mdx'))) {
      it(`${lang}/${file}`, async () => {
        const refs = figureRefs(readFileSync(`content/chapters/${lang}/${file}`, 'utf8'));
        const missing: string[] = [];
        for (const r of refs) {
          let card: unknown;
          try {
            card = await scorecard(r.lab, lang, r.start);
          } catch (e) {
            missing.push(`line ${r.line}: ${r.lab} start ${JSON.stringify(r.start)}: ${(e as Error).message}`);
            continue;
          }
          const found = lookupPath(card, r.path);
          if (!found.found) missing.push(`line ${r.line}: ${r.lab}:${r.path} (${found.reason})`);
        }
        expect(missing).toEqual([]);
      }, 120_000);
    }
  }
});

/** The English names of the kit's slices in the translated presets (labs/<lab>/presets/*.en.*). */
const SLICE_ES = new Map([['inquiry', 'consulta'], ['grants', 'becas'], ['enrollment', 'matricula']]);

describe('English chapters 01, 02 and 05 give the figures of the textbook\'s Spanish data', () => {
  // The English lab runs on the kit translated; every number a chapter cites must be the one the
  // Spanish original gives for the same state (the same edit on the Spanish file).
  for (const file of ['01-eval-gate.mdx', '02-thresholds.mdx', '05-calibration.mdx']) {
    it(file, async () => {
      const refs = figureRefs(readFileSync(`content/chapters/en/${file}`, 'utf8'));
      const differ: string[] = [];
      for (const r of refs) {
        const es = JSON.parse(JSON.stringify(r.start).replaceAll('.en.', '.')) as FigureStart;
        const pathEs = r.path.replace(/(slice=|slice_counts\.)([a-z_]+)/g, (m, k: string, v: string) => `${k}${SLICE_ES.get(v) ?? v}`);
        const en = lookupPath(await scorecard(r.lab, 'en', r.start), r.path);
        const sp = lookupPath(await scorecard(r.lab, 'es', { ...es, preset: es.preset ?? 'kit' }), pathEs);
        if (!en.found || !sp.found) continue;
        const num = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' ? undefined : x));
        if (num(en.value) !== num(sp.value)) differ.push(`line ${r.line}: ${r.path} en ${num(en.value)} es ${num(sp.value)}`);
      }
      expect(differ).toEqual([]);
    }, 120_000);
  }
});
