/**
 * Counting on sorted score arrays: binary searches and the split of (score, label) pairs into two
 * natively sorted Float64Arrays. These are the building blocks that let the threshold lab answer
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
 * Splits scores by label and sorts each class ascending with the native
 * Float64Array.prototype.sort (numeric, no comparator). O(n log n).
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
  pos.sort();
  neg.sort();
  return { pos, neg };
}
