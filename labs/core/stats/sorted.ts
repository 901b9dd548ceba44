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
  return splitSortedAt(n, (i) => scores[i], (i) => labels[i]);
}

function splitSortedAt(n: number, scoreAt: (i: number) => number, labelAt: (i: number) => number): SortedClasses {
  let p = 0;
  for (let i = 0; i < n; i++) {
    const l = labelAt(i);
    if (l === 1) p++;
    else if (l !== 0) throw new RangeError(`label at index ${i} is ${String(l)}, expected 0 or 1`);
    if (Number.isNaN(scoreAt(i))) throw new RangeError(`score at index ${i} is NaN`);
  }
  const pos = new Float64Array(p);
  const neg = new Float64Array(n - p);
  let ip = 0;
  let ineg = 0;
  for (let i = 0; i < n; i++) {
    if (labelAt(i) === 1) pos[ip++] = scoreAt(i);
    else neg[ineg++] = scoreAt(i);
  }
  sortFloat64(pos);
  sortFloat64(neg);
  return { pos, neg };
}

/** Below this length sortFloat64 uses the native sort (radix passes do not pay off). */
const RADIX_MIN_LENGTH = 4096;

const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/**
 * Sorts a Float64Array ascending in place and returns it. Same order as the native
 * Float64Array.prototype.sort (numeric; -0 before +0; -Infinity/Infinity at the ends); NaN is not
 * allowed (callers validate). Large arrays use an LSD radix sort on the IEEE-754 bits mapped to
 * unsigned order (4 passes of 16 bits, passes skipped when every key shares the digit): O(n),
 * about 3-5x faster than the native sort at 10^6 elements in Node 22. The keys are mapped in
 * place in the array's own buffer and moved between it and one scratch buffer of the same size
 * (words interleaved low, high), so a sort allocates n doubles plus the counts. Small arrays use
 * the native sort.
 */
export function sortFloat64(a: Float64Array): Float64Array {
  const n = a.length;
  if (n < RADIX_MIN_LENGTH || !LITTLE_ENDIAN) return a.sort();
  // Little-endian doubles: u[2i] = low word, u[2i+1] = high word (sign bit on top). Map to keys that
  // sort as unsigned integers: negative -> flip all bits, non-negative -> flip the sign bit.
  let src: Uint32Array = new Uint32Array(a.buffer, a.byteOffset, n * 2);
  const home = src;
  let dst: Uint32Array = new Uint32Array(n * 2);
  const counts = new Uint32Array(4 * 65536);
  for (let i = 0; i < 2 * n; i += 2) {
    let h = src[i + 1];
    let l = src[i];
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    src[i] = l;
    src[i + 1] = h;
    counts[l & 0xffff]++;
    counts[65536 + (l >>> 16)]++;
    counts[131072 + (h & 0xffff)]++;
    counts[196608 + (h >>> 16)]++;
  }
  for (let pass = 0; pass < 4; pass++) {
    const base = pass * 65536;
    const word = pass >> 1; // 0: low word, 1: high word
    const shift = (pass & 1) * 16;
    // Skip a pass when one bucket holds every key.
    if (counts[base + ((src[word] >>> shift) & 0xffff)] === n) continue;
    let sum = 0;
    for (let b = base; b < base + 65536; b++) {
      const c = counts[b];
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < 2 * n; i += 2) {
      const j = 2 * counts[base + ((src[i + word] >>> shift) & 0xffff)]++;
      dst[j] = src[i];
      dst[j + 1] = src[i + 1];
    }
    [src, dst] = [dst, src];
  }
  const out = home;
  for (let i = 0; i < 2 * n; i += 2) {
    let h = src[i + 1];
    let l = src[i];
    if (h & 0x80000000) h = (h & 0x7fffffff) >>> 0;
    else {
      h = ~h >>> 0;
      l = ~l >>> 0;
    }
    out[i + 1] = h;
    out[i] = l;
  }
  return a;
}
