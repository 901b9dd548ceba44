/** The course's pure helpers: sessions, neighbours, the section of a term's first use, the base path, fmt. */
import { describe, expect, it } from 'vitest';
import GithubSlugger from 'github-slugger';
import { groupSessions, neighbours, sectionOfFirstUse } from '../../src/lib/course-pure.ts';
import { withBase, withoutBase, BASE } from '../../src/lib/url.ts';
import { fmt } from '../../src/components/labs/shared/format.tsx';

describe('groupSessions', () => {
  const ch = [1, 2, 3, 4, 5, 6].map((number) => ({ number }));
  it('follows the sequence, drops numbers without a chapter, appends chapters it does not name', () => {
    const s = groupSessions([[1], [2, 5], [9], [6, 4]], ch).map((g) => g.map((c) => c.number));
    expect(s).toEqual([[1], [2, 5], [6, 4], [3]]);
  });
  it('never lists a chapter twice', () => {
    expect(groupSessions([[1, 1], [1]], [{ number: 1 }]).map((g) => g.map((c) => c.number))).toEqual([[1]]);
  });
});

describe('neighbours', () => {
  const list = ['a', 'b', 'c'];
  it('gives previous and next, nothing past the ends or for an unknown key', () => {
    expect(neighbours(list, (x) => x, 'b')).toEqual({ prev: 'a', next: 'c' });
    expect(neighbours(list, (x) => x, 'a')).toEqual({ prev: undefined, next: 'b' });
    expect(neighbours(list, (x) => x, 'z')).toEqual({});
  });
});

describe('sectionOfFirstUse', () => {
  const body = ['# Title', '## The chain of custody', 'text', '## Ranking: MRR and nDCG', 'uses <Term id="mrr">MRR</Term>', '## The chain of custody', 'again <Term id="ndcg">x</Term>', '```', '## not a heading <Term id="dcg">', '```', '## With $k$ math', '<Term id="hit_at_k">hit</Term>'].join('\n');
  it('is the heading above the first use, with the id rehype-slug gives it (github-slugger, duplicates numbered)', () => {
    const s = new GithubSlugger();
    expect(s.slug('Ranking: MRR and nDCG')).toBe('ranking-mrr-and-ndcg');
    expect(sectionOfFirstUse(body, 'mrr')).toEqual({ id: 'ranking-mrr-and-ndcg', title: 'Ranking: MRR and nDCG' });
    expect(sectionOfFirstUse(body, 'ndcg')).toEqual({ id: 'the-chain-of-custody-1', title: 'The chain of custody' });
  });
  it('ignores code fences, skips headings with math, and is undefined for an unused term', () => {
    expect(sectionOfFirstUse(body, 'dcg')).toBeUndefined();
    expect(sectionOfFirstUse(body, 'hit_at_k')).toBeUndefined();
    expect(sectionOfFirstUse(body, 'auc')).toBeUndefined();
  });
});

describe('base path', () => {
  it('is the root in tests, so paths are unchanged; absolute URLs and fragments are left alone', () => {
    expect(BASE).toBe('/');
    expect(withBase('/en/')).toBe('/en/');
    expect(withBase('https://example.org/x')).toBe('https://example.org/x');
    expect(withBase('#top')).toBe('#top');
    expect(withoutBase('/en/glossary/')).toBe('/en/glossary/');
  });
});

describe('fmt takes the page language', () => {
  it('decimal comma in Spanish, point in English, trailing zeros dropped, no grouping', () => {
    expect(fmt(0.6667, 'es')).toBe('0,6667');
    expect(fmt(0.6667, 'en')).toBe('0.6667');
    expect(fmt(2 / 3, 'es', 2)).toBe('0,67');
    expect(fmt(0.5, 'en', 4)).toBe('0.5');
    expect(fmt(12345.5, 'en', 1)).toBe('12345.5');
    expect(fmt(12345.5, 'es', 1)).toBe('12345,5');
    expect(fmt(-0.00001, 'es', 2)).toBe('0');
  });
  it('null, undefined and NaN are "–"; infinities are signs', () => {
    expect(fmt(null, 'es')).toBe('–');
    expect(fmt(undefined, 'en')).toBe('–');
    expect(fmt(Number.NaN, 'en')).toBe('–');
    expect(fmt(Infinity, 'es')).toBe('∞');
    expect(fmt(-Infinity, 'es')).toBe('−∞');
  });
});
