import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { MersenneTwister19937 } from 'random-js';
import { PyRandom, cpythonSeedKey, initByArray } from '../../labs/core/stats/rng.ts';

/**
 * The 624-word state of a freshly seeded random-js engine (its private fields `data`, an
 * Int32Array, and `index`, 624 right after seeding); random-js is pinned in package.json.
 */
function randomJsState(engine: MersenneTwister19937): Int32Array {
  const inner = engine as unknown as { data?: unknown; index?: unknown };
  if (!(inner.data instanceof Int32Array) || inner.data.length !== 624 || inner.index !== 624) {
    throw new Error('random-js MersenneTwister19937 has an unexpected internal layout');
  }
  return inner.data.slice();
}

// CPython 3.11's own random.Random, from scripts/golden/cpython_random.py.
const golden = JSON.parse(readFileSync(new URL('../golden/cpython_random.json', import.meta.url), 'utf8')) as {
  randrange: { seed: number; n: number; draws: number[]; next_uint32: number }[];
};
// Vectors written for the book's c01 kit: ../shared/reference/c01.
const vectors = JSON.parse(readFileSync(new URL('../../../shared/reference/c01/bootstrap_mt19937_vectors.json', import.meta.url), 'utf8')) as {
  seed: number;
  n_cases: number;
  first_10_resamples_indices: number[][];
};

/** The reference: random-js's own engine, one next() per word. */
const reference = (seed: number) => MersenneTwister19937.seedWithArray(cpythonSeedKey(seed));

/** randrange(n) from random-js's next(), the rule of CPython's _randbelow_with_getrandbits (n < 2^32). */
function refRandrange(mt: MersenneTwister19937, n: number): number {
  const shift = Math.clz32(n);
  let r = (mt.next() >>> 0) >>> shift;
  while (r >= n) r = (mt.next() >>> 0) >>> shift;
  return r;
}

describe('our MT19937 against random-js (the reference implementation)', () => {
  it('3·10^6 consecutive uint32 outputs for seed 13 (4808 state passes) equal random-js next()', () => {
    const ours = new PyRandom(13);
    const ref = reference(13);
    let mismatches = 0;
    let firstMismatch = -1;
    for (let i = 0; i < 3_000_000; i++) {
      if (ours.uint32() !== ref.next() >>> 0) {
        mismatches++;
        if (firstMismatch < 0) firstMismatch = i;
      }
    }
    expect({ mismatches, firstMismatch }).toEqual({ mismatches: 0, firstMismatch: -1 });
  });

  it('2·10^5 outputs for other seeds (0, 1, 2^32 + 5, -7, 2^53 - 1)', () => {
    for (const seed of [0, 1, 2 ** 32 + 5, -7, 2 ** 53 - 1]) {
      const ours = new PyRandom(seed);
      const ref = reference(seed);
      let mismatches = 0;
      for (let i = 0; i < 200_000; i++) if (ours.uint32() !== ref.next() >>> 0) mismatches++;
      expect(mismatches, `seed ${seed}`).toBe(0);
    }
  });

  it('mixed methods (uint32, getrandbits, randrange, fillRandrange, countRandrange) across several state passes follow random-js', () => {
    const ours = new PyRandom(2024);
    const ref = reference(2024);
    const sizes = [1, 3, 623, 624, 625, 1000, 1];
    for (let pass = 0; pass < 5; pass++) {
      for (const m of sizes) {
        expect(ours.uint32()).toBe(ref.next() >>> 0);
        expect(ours.getrandbits(7)).toBe((ref.next() >>> 0) >>> 25);
        expect(ours.randrange(1000)).toBe(refRandrange(ref, 1000));
        const out = new Uint32Array(m);
        ours.fillRandrange(out, 37);
        expect(Array.from(out)).toEqual(Array.from({ length: m }, () => refRandrange(ref, 37)));
        const counts = new Uint32Array(2);
        ours.countRandrange(5, new Uint8Array([0, 1, 1, 0, 1]), counts, m);
        const want = [0, 0];
        for (let i = 0; i < m; i++) want[[0, 1, 1, 0, 1][refRandrange(ref, 5)]]++;
        expect(Array.from(counts)).toEqual(want);
      }
    }
  });

  it('our init_by_array gives random-js seedWithArray\'s state, for one-word and longer keys', () => {
    const keys = [[0], [13], [5, 1], [2 ** 32 - 1], [2 ** 32 - 1, 2 ** 32 - 1], Array.from({ length: 700 }, (_, i) => (i * 2654435761) % 2 ** 32)];
    for (const key of keys) expect(Array.from(initByArray(key)), `key of ${key.length} words starting ${key[0]}`).toEqual(Array.from(randomJsState(MersenneTwister19937.seedWithArray(key))));
  });

  it('init_by_array refuses an empty key and words outside [0, 2^32)', () => {
    expect(() => initByArray([])).toThrow(RangeError);
    expect(() => initByArray([2 ** 32])).toThrow(RangeError);
    expect(() => initByArray([-1])).toThrow(RangeError);
    expect(() => initByArray([1.5])).toThrow(RangeError);
  });

  it('fillRandrange: 2·10^6 draws of randrange(10^5) (20 rounds of 10^5) equal the random-js loop, then the next word', () => {
    const n = 100_000;
    const ours = new PyRandom(13);
    const ref = reference(13);
    const out = new Uint32Array(n);
    let mismatches = 0;
    for (let round = 0; round < 20; round++) {
      ours.fillRandrange(out, n);
      for (let i = 0; i < n; i++) if (out[i] !== refRandrange(ref, n)) mismatches++;
    }
    expect(mismatches).toBe(0);
    expect(ours.uint32()).toBe(ref.next() >>> 0);
  });

  it('fillRandrange for n above 2^31 (the path without the branch-free acceptance) follows random-js', () => {
    for (const n of [2 ** 31 + 3, 2 ** 32 - 1]) {
      const ours = new PyRandom(77);
      const ref = reference(77);
      const out = new Uint32Array(5000);
      ours.fillRandrange(out, n);
      expect(Array.from(out)).toEqual(Array.from({ length: 5000 }, () => refRandrange(ref, n)));
      expect(ours.uint32()).toBe(ref.next() >>> 0);
    }
  });

  it('fillRandrange reproduces CPython randrange draws (golden, n < 2^32) and the word after them', () => {
    for (const g of golden.randrange.filter((x) => x.n < 2 ** 32)) {
      const rng = new PyRandom(g.seed);
      const out = new Uint32Array(g.draws.length);
      rng.fillRandrange(out, g.n);
      expect(Array.from(out)).toEqual(g.draws);
      expect(rng.uint32()).toBe(g.next_uint32);
    }
  });

  it('fillRandrange reproduces the c01 kit resamples (seed 13, randrange(5) x 5, 10 rounds)', () => {
    const rng = new PyRandom(vectors.seed);
    const out = new Uint32Array(vectors.n_cases);
    const rounds = vectors.first_10_resamples_indices.map(() => {
      rng.fillRandrange(out, vectors.n_cases);
      return Array.from(out);
    });
    expect(rounds).toEqual(vectors.first_10_resamples_indices);
  });
});

describe('countRandrange (draws counted per group, not stored)', () => {
  it('counts = the per-group histogram of the same fillRandrange draws, and the same state after', () => {
    for (const n of [1, 5, 1000, 100_000]) {
      const groupOf = new Uint16Array(n).map((_, i) => (i * 7 + 3) % 11);
      const a = new PyRandom(42);
      const b = new PyRandom(42);
      for (let round = 0; round < 3; round++) {
        const counts = new Uint32Array(11);
        a.countRandrange(n, groupOf, counts, n);
        const out = new Uint32Array(n);
        b.fillRandrange(out, n);
        const want = new Uint32Array(11);
        for (const j of out) want[groupOf[j]]++;
        expect(Array.from(counts), `n=${n} round ${round}`).toEqual(Array.from(want));
      }
      expect(a.uint32()).toBe(b.uint32());
    }
  });

  it('counts accumulate (no reset) and draws = 0 draws nothing', () => {
    const a = new PyRandom(3);
    const b = new PyRandom(3);
    const counts = new Uint32Array([10, 20]);
    a.countRandrange(4, new Uint8Array([0, 1, 1, 1]), counts, 0);
    expect(Array.from(counts)).toEqual([10, 20]);
    a.countRandrange(4, new Uint8Array([0, 1, 1, 1]), counts, 8);
    expect(counts[0] + counts[1]).toBe(38);
    // same words as eight randrange(4)
    const draws = Array.from({ length: 8 }, () => b.randrange(4));
    expect(counts[0]).toBe(10 + draws.filter((d) => d === 0).length);
    expect(a.uint32()).toBe(b.uint32());
  });

  it('rejects invalid arguments', () => {
    const rng = new PyRandom(1);
    expect(() => rng.countRandrange(0, new Uint8Array(1), new Uint32Array(1), 1)).toThrow(RangeError);
    expect(() => rng.countRandrange(2 ** 31, new Uint8Array(1), new Uint32Array(1), 1)).toThrow(RangeError);
    expect(() => rng.countRandrange(3, new Uint8Array(2), new Uint32Array(1), 1)).toThrow(RangeError);
    expect(() => rng.countRandrange(3, new Uint8Array(3), new Uint32Array(1), -1)).toThrow(RangeError);
  });
});
