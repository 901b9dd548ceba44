/**
 * A seeded random number generator that reproduces CPython's `random.Random(seed)` draw for draw,
 * for the integer methods the labs need (`getrandbits`, `randrange(n)`), so that a lab's bootstrap
 * gives exactly the numbers the book's Python kits print.
 *
 * The Mersenne Twister itself (MT19937, Matsumoto & Nishimura 1998, including the reference
 * `init_by_array` seeding) comes from the `random-js` package (`MersenneTwister19937.seedWithArray`):
 * it reproduces the reference vectors of ../shared/reference/c01/bootstrap_mt19937_vectors.json
 * (checked in tests/unit/rng.test.ts), so we do not keep our own copy of the generator. This module
 * only adds what CPython does on top of it:
 * - seeding: `random.Random(n)` for an int n calls `init_by_array` with |n| split into 32-bit words,
 *   least significant first (at least one word, so 0 -> [0]); Modules/_randommodule.c, random_seed.
 * - `getrandbits(k)`: k <= 32 takes the top k bits of one 32-bit output; k > 32 fills 32-bit words
 *   from the least significant up, the last word keeping its top bits (_random_Random_getrandbits_impl).
 * - `randrange(n)` = `_randbelow_with_getrandbits(n)`: k = n.bit_length(); draw getrandbits(k)
 *   until the value is < n (Lib/random.py, CPython 3.11).
 */
import { MersenneTwister19937 } from 'random-js';

const TWO_32 = 4294967296;

/**
 * Splits a seed the way CPython's `random_seed` does for an int: absolute value, 32-bit words,
 * least significant first, at least one word.
 * @param seed a safe integer (negative seeds use their absolute value, as CPython does).
 * @returns the init_by_array key, each word in [0, 2^32).
 * @throws RangeError when seed is not a safe integer (CPython would accept any int; we stop at 2^53).
 */
export function cpythonSeedKey(seed: number): number[] {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  let n = Math.abs(seed);
  const key: number[] = [];
  do {
    key.push(n % TWO_32);
    n = Math.floor(n / TWO_32);
  } while (n > 0);
  return key;
}

/** Number of bits needed to write n >= 0 in binary (Python's int.bit_length). */
export function bitLength(n: number): number {
  let k = 0;
  while (n >= 1) {
    n = Math.floor(n / 2);
    k++;
  }
  return k;
}

/**
 * CPython-compatible `random.Random(seed)` restricted to integer draws.
 * Create with `new PyRandom(13)`; every method advances the same MT19937 state as CPython's.
 */
export class PyRandom {
  private readonly mt: MersenneTwister19937;

  /**
   * @param seed safe integer, as in `random.Random(seed)` (see cpythonSeedKey).
   * @throws RangeError for a seed that is not a safe integer.
   */
  constructor(seed: number) {
    this.mt = MersenneTwister19937.seedWithArray(cpythonSeedKey(seed));
  }

  /** Next raw 32-bit output of MT19937 (genrand_uint32), in [0, 2^32). Same as getrandbits(32). */
  uint32(): number {
    return this.mt.next() >>> 0;
  }

  /**
   * `random.getrandbits(k)`: a uniform integer in [0, 2^k).
   * @param k integer in [0, 53] (53 keeps the result exact in a double; CPython allows any k >= 0).
   * getrandbits(0) returns 0 without drawing, as CPython >= 3.9 does.
   * @throws RangeError for k outside [0, 53] or not an integer.
   */
  getrandbits(k: number): number {
    if (!Number.isInteger(k) || k < 0 || k > 53) throw new RangeError(`getrandbits: k must be an integer in [0, 53], got ${k}`);
    if (k === 0) return 0;
    if (k <= 32) return (this.mt.next() >>> 0) >>> (32 - k);
    const low = this.mt.next() >>> 0;
    const high = (this.mt.next() >>> 0) >>> (64 - k);
    return high * TWO_32 + low;
  }

  /**
   * `random.randrange(n)` (one argument), i.e. `_randbelow_with_getrandbits(n)`: rejection sampling
   * on getrandbits(n.bit_length()). Uniform in [0, n). randrange(1) still draws (until a 0 comes).
   * @param n integer in [1, 2^53).
   * @throws RangeError for n < 1, non-integers or n >= 2^53 ("empty range" in CPython for n <= 0).
   */
  randrange(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`randrange: n must be a safe integer >= 1, got ${n}`);
    if (n < TWO_32) {
      // k = n.bit_length() = 32 - clz32(n); getrandbits(k) = word >>> (32 - k) = word >>> clz32(n)
      const shift = Math.clz32(n);
      let r = (this.mt.next() >>> 0) >>> shift;
      while (r >= n) r = (this.mt.next() >>> 0) >>> shift;
      return r;
    }
    const k = bitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /**
   * Fills `out` with out.length successive randrange(n) draws: the same values, in the same order,
   * as calling randrange(n) that many times, with the per-call work hoisted out of the loop (the
   * bootstrap's hot path).
   * @param n integer in [1, 2^32) (the index range of a typed array).
   * @throws RangeError for n outside [1, 2^32).
   */
  fillRandrange(out: Uint32Array, n: number): void {
    if (!Number.isInteger(n) || n < 1 || n >= TWO_32) throw new RangeError(`fillRandrange: n must be an integer in [1, 2^32), got ${n}`);
    const mt = this.mt;
    const shift = Math.clz32(n);
    for (let i = 0; i < out.length; i++) {
      let r = (mt.next() >>> 0) >>> shift;
      while (r >= n) r = (mt.next() >>> 0) >>> shift;
      out[i] = r;
    }
  }

}
