import { describe, expect, it } from 'vitest';
import { indexChapters, splitId } from '../../src/lib/chapterIndex.ts';

const e = (id: string, chapter: number) => ({ id, data: { chapter } });

describe('chapter index', () => {
  const entries = [e('en/02-thresholds', 2), e('es/02-thresholds', 2), e('es/05-calibration', 5), e('en/01-eval-gate', 1)];
  it('prefers the page language and falls back to the other one, marked', () => {
    const es = indexChapters(entries, 'es');
    expect(es.map((c) => [c.slug, c.entry.id, c.isFallback])).toEqual([
      ['01-eval-gate', 'en/01-eval-gate', true],
      ['02-thresholds', 'es/02-thresholds', false],
      ['05-calibration', 'es/05-calibration', false],
    ]);
    const en = indexChapters(entries, 'en');
    expect(en.map((c) => [c.slug, c.isFallback])).toEqual([['01-eval-gate', false], ['02-thresholds', false], ['05-calibration', true]]);
  });
  it('rejects files outside the language folders', () => {
    expect(() => splitId('fr/01-x')).toThrow();
    expect(() => splitId('es')).toThrow();
    expect(splitId('en/02-thresholds')).toEqual({ lang: 'en', slug: '02-thresholds' });
  });
});
