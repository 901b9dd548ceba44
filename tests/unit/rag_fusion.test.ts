/**
 * labs/core/stats/fusion.ts against hand calculations: reciprocal rank fusion (k = 60 and k = 0),
 * its tie-breaking, repeated ids, CombSUM and CombMNZ on min-max normalized scores.
 */
import { describe, expect, it } from 'vitest';
import { combMnz as combMnzList, combSum as combSumList, fusedItems, minMaxNormalize, reciprocalRankFusion as rrfList } from '../../labs/core/stats/fusion.ts';
import type { ScoredItem } from '../../labs/core/stats/fusion.ts';

const reciprocalRankFusion = (lists: string[][], k?: number) => fusedItems(rrfList(lists, k));
const combSum = (lists: ScoredItem[][]) => fusedItems(combSumList(lists));
const combMnz = (lists: ScoredItem[][]) => fusedItems(combMnzList(lists));

describe('reciprocal rank fusion', () => {
  it('k = 60: [a, b, c] and [b, d, a] give b, a, d, c with scores 1/(60 + rank) summed', () => {
    const f = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'd', 'a'],
    ]);
    expect(f.map((x) => x.id)).toEqual(['b', 'a', 'd', 'c']);
    const score = Object.fromEntries(f.map((x) => [x.id, x.score]));
    expect(score.b).toBeCloseTo(1 / 62 + 1 / 61, 15);
    expect(score.a).toBeCloseTo(1 / 61 + 1 / 63, 15);
    expect(score.d).toBeCloseTo(1 / 62, 15);
    expect(score.c).toBeCloseTo(1 / 63, 15);
    expect(f[0].ranks).toEqual([2, 1]);
    expect(f[3].ranks).toEqual([3, null]);
    expect(f[0].lists).toBe(2);
  });
  it('k = 0: [a, b] and [c, a] give a (1 + 1/2), c (1), b (1/2)', () => {
    const f = reciprocalRankFusion(
      [
        ['a', 'b'],
        ['c', 'a'],
      ],
      0,
    );
    expect(f.map((x) => [x.id, x.score])).toEqual([
      ['a', 1.5],
      ['c', 1],
      ['b', 0.5],
    ]);
  });
  it('k changes the order: a rank-1-only item against an item at rank 3 in both lists', () => {
    // x: 1/(k + 1) from list 0 only; y: 2/(k + 3) from both. k = 0: x 1 > y 2/3; k = 60: y 2/63 > x 1/61
    const lists = [
      ['x', 'p', 'y'],
      ['q', 'r', 'y'],
    ];
    expect(reciprocalRankFusion(lists, 0)[0].id).toBe('x');
    expect(reciprocalRankFusion(lists, 60)[0].id).toBe('y');
  });
  it('ties: best rank first, then the earlier list', () => {
    // a and b tie exactly (1/61 + 1/62 each) and both reach rank 1: a reaches it in list 0
    const f = reciprocalRankFusion([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(f[0].score).toBe(f[1].score);
    expect(f.map((x) => x.id)).toEqual(['a', 'b']);
    // x and y: rank 1 in different lists only
    expect(reciprocalRankFusion([['y'], ['x']]).map((x) => x.id)).toEqual(['y', 'x']);
    const g = reciprocalRankFusion(
      [
        ['n', 'm'],
        ['o', 'm'],
      ],
      0,
    );
    // m = 1/2 + 1/2 = 1; n = 1; o = 1: all tie; n and o reach rank 1 (lists 0 and 1), m only rank 2
    expect(g.map((x) => x.id)).toEqual(['n', 'o', 'm']);
  });
  it('a repeated id in one list counts once, at its first rank; the next item keeps its position', () => {
    const f = reciprocalRankFusion([['a', 'a', 'b']]);
    expect(f.map((x) => [x.id, x.score])).toEqual([
      ['a', 1 / 61],
      ['b', 1 / 63],
    ]);
  });
  it('the compact form: ranks per list (0 = absent) and counts', () => {
    const f = rrfList([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    expect(f.ids).toEqual(['b', 'a', 'c']);
    expect(Array.from(f.ranks)).toEqual([2, 1, 1, 0, 0, 2]);
    expect(Array.from(f.counts)).toEqual([2, 1, 1]);
    expect(f.lists).toBe(2);
  });
  it('empty lists and no lists', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], ['a']]).map((x) => x.ranks)).toEqual([[null, 1]]);
  });
  it('rejects a negative or non-finite k', () => {
    expect(() => reciprocalRankFusion([['a']], -1)).toThrow(RangeError);
    expect(() => reciprocalRankFusion([['a']], NaN)).toThrow(RangeError);
  });
});

describe('CombSUM and CombMNZ on min-max normalized scores', () => {
  it('min-max normalization; equal scores (or one) become 1', () => {
    expect(Array.from(minMaxNormalize([10, 6, 2]))).toEqual([1, 0.5, 0]);
    expect(Array.from(minMaxNormalize([0.4, 0.4]))).toEqual([1, 1]);
    expect(Array.from(minMaxNormalize([7]))).toEqual([1]);
    expect(() => minMaxNormalize([1, Infinity])).toThrow(RangeError);
  });
  const L1 = [
    { id: 'a', score: 1 },
    { id: 'b', score: 0 },
  ];
  const L2 = [
    { id: 'c', score: 1 },
    { id: 'b', score: 0.8 },
    { id: 'e', score: 0 },
  ];
  it('CombSUM: a 1, c 1, b 0 + 0.8, e 0; a and c tie at rank 1, a is in the earlier list', () => {
    const f = combSum([L1, L2]);
    expect(f.map((x) => [x.id, x.score])).toEqual([
      ['a', 1],
      ['c', 1],
      ['b', 0.8],
      ['e', 0],
    ]);
  });
  it('CombMNZ multiplies by the lists that contain the item (b: 0.8 × 2; e counts although it normalizes to 0)', () => {
    const f = combMnz([L1, L2]);
    expect(f.map((x) => [x.id, x.score])).toEqual([
      ['b', 1.6],
      ['a', 1],
      ['c', 1],
      ['e', 0],
    ]);
    expect(f.find((x) => x.id === 'e')!.lists).toBe(1);
  });
  it('raw scales do not matter: BM25-like and cosine-like lists', () => {
    const bm25 = [
      { id: 'a', score: 10 },
      { id: 'b', score: 6 },
      { id: 'c', score: 2 },
    ];
    const dense = [
      { id: 'b', score: 0.9 },
      { id: 'd', score: 0.5 },
      { id: 'a', score: 0.1 },
    ];
    // normalized: a 1 / 0, b 0.5 / 1, c 0, d 0.5
    expect(combSum([bm25, dense]).map((x) => [x.id, x.score])).toEqual([
      ['b', 1.5],
      ['a', 1],
      ['d', 0.5],
      ['c', 0],
    ]);
  });
  it('a repeated id counts once with its first score, and is not part of the normalization twice', () => {
    const f = combSum([
      [
        { id: 'a', score: 5 },
        { id: 'a', score: 100 },
        { id: 'b', score: 1 },
      ],
    ]);
    expect(f.map((x) => [x.id, x.score, x.ranks[0]])).toEqual([
      ['a', 1, 1],
      ['b', 0, 3],
    ]);
  });
});
