/**
 * A seeded random number generator that reproduces CPython's `random.Random(seed)` draw for draw,
 * for the integer methods the labs need (`getrandbits`, `randrange(n)`), so that a lab's bootstrap
 * gives exactly the numbers the book's Python kits print.
 *
 * The Mersenne Twister (MT19937, Matsumoto & Nishimura 1998) is seeded here by the reference
 * `init_genrand` + `init_by_array` (mt19937ar.c, which CPython's _randommodule.c copies), and
 * reproduces the reference vectors of ../shared/reference/c01/bootstrap_mt19937_vectors.json. The
 * draws come from a generator in this module (the reference state twist over an Int32Array, done
 * one word at a time as the words are consumed, by one small function the draw loops inline, with a
 * branch-free rejection test), because the gate lab's bootstrap (10^5 cases, 2000 rounds) takes
 * ~2.6·10^8 words and a library's per-call `next()` (random-js: ~10 ns, method call, use counter,
 * tempering as a separate call) alone would take 2.5 s, above the lab's 1 s budget. The `random-js`
 * package is the independent reference in the tests (its bundle also holds an engine that
 * `require`s Node's crypto, which a browser build has to externalize, so the site does not import
 * it): tests/unit/rng_block.test.ts checks our seeded state against `MersenneTwister19937.seedWithArray`
 * and our draws against its `next()` for millions of outputs, tests/unit/rng.test.ts against
 * CPython's vectors (tests/golden/cpython_random.json and the c01 kit's). The bootstrap's counting loop
 * (countRandrange, many rounds) also exists as a WebAssembly kernel, labs/core/stats/wasm/mt_bootstrap.ts,
 * which takes and gives back this class's state (getState/setState) and is checked against it in
 * tests/unit/rng_wasm.test.ts. This module adds what CPython does on top:
 * - seeding: `random.Random(n)` for an int n calls `init_by_array` with |n| split into 32-bit words,
 *   least significant first (at least one word, so 0 -> [0]); Modules/_randommodule.c, random_seed.
 * - `getrandbits(k)`: k <= 32 takes the top k bits of one 32-bit output; k > 32 fills 32-bit words
 *   from the least significant up, the last word keeping its top bits (_random_Random_getrandbits_impl).
 * - `randrange(n)` = `_randbelow_with_getrandbits(n)`: k = n.bit_length(); draw getrandbits(k)
 *   until the value is < n (Lib/random.py, CPython 3.11).
 */
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

/** MT19937 parameters (Matsumoto & Nishimura 1998), as int32 constants. */
const MT_N = 624;
const MT_M = 397;
const MATRIX_A = 0x9908b0df | 0;
const UPPER_MASK = 0x80000000 | 0;
const LOWER_MASK = 0x7fffffff;
const TEMPER_B = 0x9d2c5680 | 0;
const TEMPER_C = 0xefc60000 | 0;

/**
 * The MT19937 state after the reference seeding by an array, `init_by_array(key)` of mt19937ar.c
 * (Matsumoto & Nishimura, 2002 version; CPython's `init_by_array` in Modules/_randommodule.c is the
 * same code): `init_genrand(19650218)`, then max(624, key length) mixing steps with the key and
 * 623 more, and the top bit of word 0 set. The state is left untwisted: the first draw twists it.
 * @param key the seed words, each an integer in [0, 2^32) (see cpythonSeedKey); at least one.
 * @returns the 624 words as an Int32Array (the uint32 values' bit patterns).
 * @throws RangeError for an empty key or a word outside [0, 2^32).
 */
export function initByArray(key: readonly number[]): Int32Array {
  if (key.length === 0) throw new RangeError('init_by_array needs at least one key word');
  for (const w of key) if (!Number.isInteger(w) || w < 0 || w >= TWO_32) throw new RangeError(`key words must be integers in [0, 2^32), got ${w}`);
  const mt = new Int32Array(MT_N);
  // init_genrand(19650218): mt[i] = 1812433253 * (mt[i-1] ^ (mt[i-1] >> 30)) + i, mod 2^32
  mt[0] = 19650218;
  for (let i = 1; i < MT_N; i++) {
    const p = mt[i - 1];
    mt[i] = (Math.imul(1812433253, p ^ (p >>> 30)) + i) | 0;
  }
  let i = 1;
  let j = 0;
  for (let k = Math.max(MT_N, key.length); k > 0; k--) {
    const p = mt[i - 1];
    // (mt[i] ^ ((p ^ (p >> 30)) * 1664525)) + key[j] + j, mod 2^32 (the sum stays below 2^34: exact in a double)
    mt[i] = ((mt[i] ^ Math.imul(p ^ (p >>> 30), 1664525)) >>> 0) + key[j] + j;
    i++;
    j++;
    if (i >= MT_N) {
      mt[0] = mt[MT_N - 1];
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = MT_N - 1; k > 0; k--) {
    const p = mt[i - 1];
    mt[i] = ((mt[i] ^ Math.imul(p ^ (p >>> 30), 1566083941)) >>> 0) - i;
    i++;
    if (i >= MT_N) {
      mt[0] = mt[MT_N - 1];
      i = 1;
    }
  }
  mt[0] = UPPER_MASK; // MSB is 1, assuring a non-zero initial state
  return mt;
}

/**
 * One MT19937 output in the lazy-twist convention (see PyRandom's `mt`): twists word k of `mt` in
 * place (it reads the old word k + 1 and the word (k + 397) mod 624) and returns it tempered, as an
 * int32 bit pattern (`>>> 0` gives genrand_uint32's value). The caller moves its index on to
 * (k + 1) mod 624. Small enough for the engine to inline it in the draw loops.
 * @param mt the 624-word state.
 * @param k index of the word to twist, in [0, 624).
 */
function twistTemper(mt: Int32Array, k: number): number {
  const k1 = k + 1 < MT_N ? k + 1 : 0;
  const y0 = (mt[k] & UPPER_MASK) | (mt[k1] & LOWER_MASK);
  let y = mt[k < MT_N - MT_M ? k + MT_M : k + MT_M - MT_N] ^ (y0 >>> 1) ^ (-(y0 & 1) & MATRIX_A);
  mt[k] = y;
  y ^= y >>> 11;
  y ^= (y << 7) & TEMPER_B;
  y ^= (y << 15) & TEMPER_C;
  return y ^ (y >>> 18);
}

/**
 * CPython-compatible `random.Random(seed)` restricted to integer draws and random().
 * Create with `new PyRandom(13)`; every method advances the same MT19937 state as CPython's, so the
 * methods can be mixed freely (a draw by fillRandrange followed by uint32 gives CPython's next word).
 */
export class PyRandom {
  /**
   * MT19937 state, 624 words (int32 view), twisted one word at a time ("lazy twist"): words before
   * `index` have been twisted in the current pass, words from `index` on not yet. The reference
   * twists all 624 words before tempering the first; twisting word k just before it is used gives
   * the same words, because word k's new value reads the old word k + 1 (not yet twisted: k + 1 >
   * k), the word (k + 397) mod 624 (old when k < 227, already new when k >= 227, as in the
   * reference's second loop) and, for k = 623, the new word 0 (as in the reference's last step).
   * This saves a separate pass over the state and a store and reload per word.
   */
  private readonly mt: Int32Array;
  /** Next word to twist and temper, in [0, 624). */
  private index: number;

  /**
   * @param seed safe integer, as in `random.Random(seed)` (see cpythonSeedKey).
   * @throws RangeError for a seed that is not a safe integer.
   */
  constructor(seed: number) {
    // the seeded state is untwisted: our lazy pass starts at word 0
    this.mt = initByArray(cpythonSeedKey(seed));
    this.index = 0;
  }

  /**
   * A copy of the generator's state: the 624 MT19937 words (int32) and the index, in this class's
   * lazy-twist convention (words [0, index) already twisted for the current pass, [index, 624) not
   * yet; see `mt`). With setState, another implementation of the same draws (the WebAssembly
   * kernel, labs/core/stats/wasm/mt_bootstrap.ts) continues this stream and hands it back.
   */
  getState(): { mt: Int32Array; index: number } {
    return { mt: this.mt.slice(), index: this.index };
  }

  /**
   * Replaces the state with one in the same convention as getState (the words are copied).
   * @param mt 624 words (int32 or uint32 values; stored as int32).
   * @param index integer in [0, 624).
   * @throws RangeError when mt does not have 624 words or index is out of range.
   */
  setState(mt: ArrayLike<number>, index: number): void {
    if (mt.length !== MT_N) throw new RangeError(`setState: the state has ${MT_N} words, got ${mt.length}`);
    if (!Number.isInteger(index) || index < 0 || index >= MT_N) throw new RangeError(`setState: index must be an integer in [0, ${MT_N}), got ${index}`);
    this.mt.set(mt);
    this.index = index;
  }

  /** Next raw 32-bit output of MT19937 (genrand_uint32), in [0, 2^32). Same as getrandbits(32). */
  uint32(): number {
    const k = this.index;
    const y = twistTemper(this.mt, k);
    this.index = k + 1 < MT_N ? k + 1 : 0;
    return y >>> 0;
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
    if (k <= 32) return this.uint32() >>> (32 - k);
    const low = this.uint32();
    const high = this.uint32() >>> (64 - k);
    return high * TWO_32 + low;
  }

  /**
   * `random.random()`: a uniform double in [0, 1) with 53 random bits, built as CPython does from two
   * words (random_random: a = word >> 5, b = word >> 6, (a · 2^26 + b) / 2^53).
   */
  random(): number {
    const a = this.uint32() >>> 5;
    const b = this.uint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
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
      let r = this.uint32() >>> shift;
      while (r >= n) r = this.uint32() >>> shift;
      return r;
    }
    const k = bitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /**
   * Fills `out` with out.length successive randrange(n) draws: the same values, in the same order,
   * as calling randrange(n) that many times (and the same state after), with the twist and the
   * tempering of each word inlined in one loop (the bootstrap's hot path).
   * @param n integer in [1, 2^32) (the index range of a typed array).
   * @throws RangeError for n outside [1, 2^32).
   */
  fillRandrange(out: Uint32Array, n: number): void {
    if (!Number.isInteger(n) || n < 1 || n >= TWO_32) throw new RangeError(`fillRandrange: n must be an integer in [1, 2^32), got ${n}`);
    const len = out.length;
    if (n > 0x7fffffff) {
      // the branch-free acceptance below needs |r - n| < 2^31
      for (let i = 0; i < len; i++) out[i] = this.randrange(n);
      return;
    }
    const mt = this.mt;
    const shift = Math.clz32(n);
    let k = this.index;
    let i = 0;
    while (i < len) {
      const r = twistTemper(mt, k) >>> shift;
      k = k + 1 < MT_N ? k + 1 : 0;
      // branch-free acceptance (a rejected r is overwritten by the next draw): (r - n) >>> 31 is 1
      // when r < n, else 0; a branch here is mispredicted on ~1 word in 4 (acceptance ~76 % for n = 10^5)
      out[i] = r;
      i += (r - n) >>> 31;
    }
    this.index = k;
  }

  /**
   * Makes `draws` successive randrange(n) draws (the same draws, and the same state after, as
   * fillRandrange or repeated randrange) without storing them: each draw r adds 1 to
   * counts[groupOf[r]]. A bootstrap whose statistic depends only on how many times each group of
   * cases is drawn uses this instead of an index array.
   * @param n integer in [1, 2^31) (number of cases).
   * @param groupOf group of each case, length >= n; every value must be < counts.length (not checked
   *   in the loop; a larger value is silently ignored by the typed array).
   * @param counts per-group counters, incremented (not reset) by this call.
   * @param draws number of draws, integer >= 0.
   * @throws RangeError for n outside [1, 2^31), groupOf shorter than n, or a bad `draws`.
   */
  countRandrange(n: number, groupOf: Uint8Array | Uint16Array | Uint32Array, counts: Uint32Array | Int32Array | Float64Array, draws: number): void {
    if (!Number.isInteger(n) || n < 1 || n > 0x7fffffff) throw new RangeError(`countRandrange: n must be an integer in [1, 2^31), got ${n}`);
    if (groupOf.length < n) throw new RangeError(`countRandrange: groupOf has ${groupOf.length} entries, needs ${n}`);
    if (!Number.isSafeInteger(draws) || draws < 0) throw new RangeError(`countRandrange: draws must be an integer >= 0, got ${draws}`);
    const mt = this.mt;
    const shift = Math.clz32(n);
    let k = this.index;
    let i = 0;
    while (i < draws) {
      const r = twistTemper(mt, k) >>> shift;
      k = k + 1 < MT_N ? k + 1 : 0;
      // branch-free acceptance, as in fillRandrange: a = 1 when r < n, else 0; a rejected word adds 0
      // to the counter of case 0's group
      const a = (r - n) >>> 31;
      counts[groupOf[r * a]] += a;
      i += a;
    }
    this.index = k;
  }
}
