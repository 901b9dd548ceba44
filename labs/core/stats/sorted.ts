/**
 * Counting on sorted score arrays: binary searches, a fast Float64Array sort, and the split of
 * (score, label) pairs into two sorted Float64Arrays. These are the building blocks that let the threshold lab answer
 * "how many positives score <= t?" in O(log n) after one O(n log n) sort.
 */

/** Scores split by class, each sorted ascending. `pos` holds label-1 scores, `neg` label-0 scores. */
export interface SortedClasses {
  pos: Float64Array;
  neg: Float64Array;
}

/**
 * Number of elements of the ascending array `a` that are strictly less than `x`
 * (= the first index i with a[i] >= x; `a.length` when none). Like C++ std::lower_bound and
 * numpy.searchsorted(a, x, side='left'). O(log n). `x` must not be NaN (the result would be
 * meaningless; callers validate).
 */
export function lowerBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Number of elements of the ascending array `a` that are less than or equal to `x`
 * (= the first index i with a[i] > x). Like std::upper_bound and
 * numpy.searchsorted(a, x, side='right'). O(log n).
 */
export function upperBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Splits scores by label and sorts each class ascending with sortFloat64 (the native numeric
 * Float64Array sort's order; radix sort for large arrays). O(n) for large inputs.
 * `labels[i]` must be 0 or 1 (any other value, a NaN score or different lengths throw RangeError).
 * -0 and +0 are treated as the same score by every counter in this module.
 */
export function splitSorted(scores: ArrayLike<number>, labels: ArrayLike<number>): SortedClasses {
  const n = scores.length;
  if (labels.length !== n) throw new RangeError(`scores (${n}) and labels (${labels.length}) differ in length`);
  let p = 0;
  for (let i = 0; i < n; i++) {
    const l = labels[i];
    if (l === 1) p++;
    else if (l !== 0) throw new RangeError(`label at index ${i} is ${String(l)}, expected 0 or 1`);
    if (Number.isNaN(scores[i])) throw new RangeError(`score at index ${i} is NaN`);
  }
  const pos = new Float64Array(p);
  const neg = new Float64Array(n - p);
  let ip = 0;
  let ineg = 0;
  for (let i = 0; i < n; i++) {
    if (labels[i] === 1) pos[ip++] = scores[i];
    else neg[ineg++] = scores[i];
  }
  sortFloat64(pos);
  sortFloat64(neg);
  return { pos, neg };
}

/** Below this length sortFloat64 uses the native sort (radix passes do not pay off). */
const RADIX_MIN_LENGTH = 4096;

/**
 * Sorts a Float64Array ascending in place and returns it. Same order as the native
 * Float64Array.prototype.sort (numeric; -0 before +0; -Infinity/Infinity at the ends); NaN is not
 * allowed (callers validate). Large arrays use an LSD radix sort on the IEEE-754 bits mapped to
 * unsigned order (4 passes of 16 bits, passes skipped when every key shares the digit): O(n),
 * about 3-5x faster than the native sort at 10^6 elements in Node 22. Small arrays use the native
 * sort.
 */
export function sortFloat64(a: Float64Array): Float64Array {
  const n = a.length;
  if (n < RADIX_MIN_LENGTH) return a.sort();
  const u = new Uint32Array(a.buffer, a.byteOffset, n * 2);
  // Little-endian doubles: u[2i] = low word, u[2i+1] = high word (sign bit on top). Map to keys that
  // sort as unsigned integers: negative -> flip all bits, non-negative -> flip the sign bit.
  const little = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;
  if (!little) return a.sort();
  let lo = new Uint32Array(n);
  let hi = new Uint32Array(n);
  const c0 = new Uint32Array(65536);
  const c1 = new Uint32Array(65536);
  const c2 = new Uint32Array(65536);
  const c3 = new Uint32Array(65536);
  for (let i = 0; i < n; i++) {
    let h = u[2 * i + 1];
    let l = u[2 * i];
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    lo[i] = l;
    hi[i] = h;
    c0[l & 0xffff]++;
    c1[l >>> 16]++;
    c2[h & 0xffff]++;
    c3[h >>> 16]++;
  }
  let lo2 = new Uint32Array(n);
  let hi2 = new Uint32Array(n);
  const passes: [Uint32Array, boolean, number][] = [
    [c0, false, 0],
    [c1, false, 16],
    [c2, true, 0],
    [c3, true, 16],
  ];
  for (const [count, useHi, shift] of passes) {
    // Skip a pass when one bucket holds every key.
    const first = (useHi ? hi[0] : lo[0]) >>> shift & 0xffff;
    if (count[first] === n) continue;
    let sum = 0;
    for (let b = 0; b < 65536; b++) {
      const c = count[b];
      count[b] = sum;
      sum += c;
    }
    const src = useHi ? hi : lo;
    for (let i = 0; i < n; i++) {
      const d = (src[i] >>> shift) & 0xffff;
      const j = count[d]++;
      lo2[j] = lo[i];
      hi2[j] = hi[i];
    }
    [lo, lo2] = [lo2, lo];
    [hi, hi2] = [hi2, hi];
  }
  for (let i = 0; i < n; i++) {
    let h = hi[i];
    let l = lo[i];
    if (h & 0x80000000) h = (h & 0x7fffffff) >>> 0;
    else {
      h = ~h >>> 0;
      l = ~l >>> 0;
    }
    u[2 * i + 1] = h;
    u[2 * i] = l;
  }
  return a;
}
