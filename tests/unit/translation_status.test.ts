/**
 * Translation status: `npm test` fails when a Spanish page, chapter, exercise or UI key has no
 * English counterpart, or the reverse. Pages are the route files under src/pages (Spanish at the
 * root, English under en/), paired through ROUTE_PAIRS; chapters and exercises are the content
 * files of content/{chapters,exercises}/{es,en} (same file name in both); UI keys are the leaves
 * of src/i18n/es.ts and en.ts. (A chapter or exercise missing in one language still builds, with a
 * fallback notice; this check makes the gap visible in the test run.)
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { es } from '../../src/i18n/es.ts';
import { en } from '../../src/i18n/en.ts';

/** Spanish route folder → English route folder (src/pages/<es> ↔ src/pages/en/<en>). */
const ROUTE_PAIRS: Record<string, string> = {
  '': '',
  capitulos: 'chapters',
  laboratorios: 'labs',
  ejercicios: 'exercises',
  glosario: 'glossary',
  programa: 'syllabus',
  buscar: 'search',
};
/** Files whose name differs by language inside a paired folder. */
const FILE_PAIRS: Record<string, string> = { 'enlace.astro': 'link.astro', '[lab].astro': '[lab].astro' };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p).map((x) => join(f, x)) : [f];
  });
}

/** The English counterpart of a Spanish route file (relative to src/pages), or null if unpaired. */
export function englishRoute(esFile: string): string | null {
  const parts = esFile.split('/');
  const folder = parts.length > 1 ? parts[0] : '';
  const enFolder = ROUTE_PAIRS[folder];
  if (enFolder === undefined) return null;
  const rest = parts.slice(parts.length > 1 ? 1 : 0).map((p) => FILE_PAIRS[p] ?? p);
  return ['en', enFolder, ...rest].filter(Boolean).join('/');
}

function leaves(o: unknown, p = ''): string[] {
  if (typeof o === 'string' || typeof o === 'function') return [p];
  if (o && typeof o === 'object') return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => leaves(v, p ? `${p}.${k}` : k));
  return [`${p}:${typeof o}`];
}

function diff(a: string[], b: string[]) {
  const sb = new Set(b);
  return a.filter((x) => !sb.has(x));
}

describe('translation status', () => {
  const all = files('src/pages').map((f) => relative('.', f));
  const esPages = all.filter((f) => !f.startsWith('en/') && !/^404|^en\.|^_/.test(f) && /\.(astro|md|mdx|ts)$/.test(f));
  const enPages = all.filter((f) => f.startsWith('en/'));
  it('every Spanish page has its English page', () => {
    expect(esPages.filter((f) => { const e = englishRoute(f); return !e || !enPages.includes(e); })).toEqual([]);
  });
  it('every English page has its Spanish page', () => {
    const paired = new Set(esPages.map(englishRoute));
    expect(enPages.filter((f) => !paired.has(f) && !/^en\/404/.test(f))).toEqual([]);
  });
  for (const kind of ['chapters', 'exercises']) {
    it(`every ${kind.slice(0, -1)} exists in both languages`, () => {
      const esFiles = readdirSync(`content/${kind}/es`).filter((f) => /\.mdx?$/.test(f));
      const enFiles = readdirSync(`content/${kind}/en`).filter((f) => /\.mdx?$/.test(f));
      expect({ missing_en: diff(esFiles, enFiles), missing_es: diff(enFiles, esFiles) }).toEqual({ missing_en: [], missing_es: [] });
    });
  }
  it('every UI key exists in both languages', () => {
    const a = leaves(es);
    const b = leaves(en);
    expect({ missing_en: diff(a, b), missing_es: diff(b, a) }).toEqual({ missing_en: [], missing_es: [] });
  });
  it('the check can fail: an unpaired route and a missing key are found', () => {
    expect(englishRoute('nueva/index.astro')).toBeNull();
    expect(englishRoute('capitulos/[slug].astro')).toBe('en/chapters/[slug].astro');
    expect(englishRoute('ejercicios/enlace.astro')).toBe('en/exercises/link.astro');
    expect(diff(leaves({ a: 'x', b: { c: 'y' } }), leaves({ a: 'x' }))).toEqual(['b.c']);
  });
});
