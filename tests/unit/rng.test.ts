import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PyRandom, bitLength, cpythonSeedKey } from '../../labs/core/stats/rng.ts';

// Vectors written for the book's c01 kit (not produced by this code): ../shared/reference/c01.
const vectors = JSON.parse(readFileSync(new URL('../../../shared/reference/c01/bootstrap_mt19937_vectors.json', import.meta.url), 'utf8')) as {
  seed: number;
  n_cases: number;
  first_5_genrand_uint32_seed13: number[];
  first_10_resamples_indices: number[][];
};

// CPython 3.11's own random.Random, from scripts/golden/cpython_random.py.
const golden = JSON.parse(readFileSync(new URL('../golden/cpython_random.json', import.meta.url), 'utf8')) as {
  uint32: { seed: number; first: number[]; at_623_625: number[]; last: number[]; sum: number }[];
  getrandbits: { seed: number; sequence: { k: number; value: number }[] }[];
  randrange: { seed: number; n: number; draws: number[]; next_uint32: number }[];
  random: { seed: number; values: number[] }[];
};

describe('MT19937 seeded like CPython random.Random(int)', () => {
  it('reproduces the c01 vectors: first 5 genrand_uint32 for seed 13', () => {
    const rng = new PyRandom(vectors.seed);
    expect(Array.from({ length: 5 }, () => rng.uint32())).toEqual(vectors.first_5_genrand_uint32_seed13);
  });

  it('reproduces the c01 vectors: first 10 bootstrap resamples of randrange(5)', () => {
    const rng = new PyRandom(vectors.seed);
    const n = vectors.n_cases;
    const rounds = vectors.first_10_resamples_indices.map(() => Array.from({ length: n }, () => rng.randrange(n)));
    expect(rounds).toEqual(vectors.first_10_resamples_indices);
  });

  it('hand check of the rejection rule: randrange(5) = getrandbits(3) = uint32 >> 29, rejected while >= 5', () => {
    // first words for seed 13: 1112433019 >> 29 = 2, 1248794762 >> 29 = 2, 2943160652 >> 29 = 5 (rejected),
    // 3906445129 >> 29 = 7 (rejected), 2938109453 >> 29 = 5 (rejected)
    expect(1112433019 >>> 29).toBe(2);
    expect(2943160652 >>> 29).toBe(5);
    expect(3906445129 >>> 29).toBe(7);
    const a = new PyRandom(13);
    expect([a.randrange(5), a.randrange(5)]).toEqual([2, 2]);
    // two accepted draws used two words: the next raw word is the third one
    expect(a.uint32()).toBe(2943160652);
    // words 4 and 5 give 7 and 5 (rejected), so the next randrange(5) uses word 6 or later
    const c = new PyRandom(13);
    c.randrange(5);
    c.randrange(5);
    const third = c.randrange(5);
    const d = new PyRandom(13);
    const words = Array.from({ length: 12 }, () => d.uint32() >>> 29);
    expect(words.slice(0, 5)).toEqual([2, 2, 5, 7, 5]);
    expect(third).toBe(words.slice(5).find((w) => w < 5));
  });

  for (const g of golden.uint32) {
    it(`random.Random(${g.seed}).getrandbits(32) x 1300 (crosses two state refreshes)`, () => {
      const rng = new PyRandom(g.seed);
      const values = Array.from({ length: 1300 }, () => rng.uint32());
      expect(values.slice(0, 10)).toEqual(g.first);
      expect(values.slice(623, 626)).toEqual(g.at_623_625);
      expect(values.slice(-3)).toEqual(g.last);
      expect(values.reduce((s, v) => s + v, 0)).toBe(g.sum);
    });
  }

  it('getrandbits(k) for k in 0..53, one MT stream (k > 32 uses two words, low word first)', () => {
    for (const g of golden.getrandbits) {
      const rng = new PyRandom(g.seed);
      for (const { k, value } of g.sequence) expect(rng.getrandbits(k)).toBe(value);
    }
  });

  for (const g of golden.randrange) {
    it(`random.Random(${g.seed}).randrange(${g.n}) x ${g.draws.length}, then the next word`, () => {
      const rng = new PyRandom(g.seed);
      expect(g.draws.map(() => rng.randrange(g.n))).toEqual(g.draws);
      expect(rng.uint32()).toBe(g.next_uint32);
    });
  }

  for (const g of golden.random) {
    it(`random.Random(${g.seed}).random() x ${g.values.length}: bit-exact doubles`, () => {
      const rng = new PyRandom(g.seed);
      expect(g.values.map(() => rng.random())).toEqual(g.values);
    });
  }

  it('fillRandrange gives the same draws, in order, as repeated randrange (and the same state after)', () => {
    for (const n of [1, 2, 5, 7, 100000, 2 ** 31 + 3]) {
      const a = new PyRandom(99);
      const b = new PyRandom(99);
      const out = new Uint32Array(257);
      a.fillRandrange(out, n);
      expect(Array.from(out)).toEqual(Array.from({ length: 257 }, () => b.randrange(n)));
      expect(a.uint32()).toBe(b.uint32());
    }
    expect(() => new PyRandom(1).fillRandrange(new Uint32Array(1), 0)).toThrow(RangeError);
    expect(() => new PyRandom(1).fillRandrange(new Uint32Array(1), 2 ** 32)).toThrow(RangeError);
  });

  it('seed keys: |seed| in 32-bit words, least significant first, at least one word', () => {
    expect(cpythonSeedKey(0)).toEqual([0]);
    expect(cpythonSeedKey(13)).toEqual([13]);
    expect(cpythonSeedKey(-13)).toEqual([13]);
    expect(cpythonSeedKey(2 ** 32)).toEqual([0, 1]);
    expect(cpythonSeedKey(2 ** 32 + 5)).toEqual([5, 1]);
    expect(() => cpythonSeedKey(1.5)).toThrow(RangeError);
    expect(() => cpythonSeedKey(2 ** 53)).toThrow(RangeError);
  });

  it('bitLength matches int.bit_length', () => {
    expect([0, 1, 2, 3, 4, 5, 7, 8, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1].map(bitLength)).toEqual([0, 1, 2, 2, 3, 3, 3, 4, 32, 33, 53]);
  });

  it('rejects invalid arguments', () => {
    const rng = new PyRandom(1);
    expect(() => rng.randrange(0)).toThrow(RangeError);
    expect(() => rng.randrange(2.5)).toThrow(RangeError);
    expect(() => rng.getrandbits(54)).toThrow(RangeError);
    expect(() => rng.getrandbits(-1)).toThrow(RangeError);
    expect(rng.getrandbits(0)).toBe(0);
  });
});
