/**
 * The one quantile of the project: numpy's default 'linear' method (numpy.quantile(a, q,
 * method='linear'), Hyndman & Fan type 7). Everything that needs a quantile (bootstrap percentile
 * intervals, equal-mass bin edges, latency p50, quartiles) calls this.
 */

/**
 * Quantile of an ascending array: h = (n - 1)·q, lo = floor(h), hi = min(lo + 1, n - 1), g = h - lo,
 * with numpy's interpolation a + (b - a)·g, computed as b - (b - a)·(1 - g) when g >= 0.5
 * (numpy's _lerp), so results agree with numpy to the last bit. The book's kits use a + (b - a)·g
 * for every g, which can differ from numpy in the last bit only.
 * @param sorted finite values in ascending order (the order is not checked).
 * @param q probability in [0, 1]. numpy.percentile(a, p) is quantileSorted(a, p / 100).
 * @throws RangeError for an empty array (the quantile is undefined: callers decide what that means)
 *   or q outside [0, 1] (NaN included).
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile probability must be in [0, 1], got ${q}`);
  const n = sorted.length;
  if (n === 0) throw new RangeError('quantile of an empty array');
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const g = h - lo;
  const a = sorted[lo];
  const b = sorted[hi];
  const diff = b - a;
  return g >= 0.5 ? b - diff * (1 - g) : a + diff * g;
}

/** Ascending Float64Array copy of the finite values (null, NaN and ±Infinity are dropped). */
export function sortedFinite(values: ArrayLike<number | null>): Float64Array {
  return finiteValues(values).sort();
}

/** Float64Array copy of the finite values, in their original order (null, NaN and ±Infinity dropped). */
export function finiteValues(values: ArrayLike<number | null>): Float64Array {
  const out = new Float64Array(values.length);
  let m = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && Number.isFinite(v)) out[m++] = v;
  }
  return m === out.length ? out : out.slice(0, m);
}

/**
 * Rearranges a[from..a.length) so that a[k] holds the value that ascending order would put there,
 * every a[i] <= a[k] for from <= i < k and every a[i] >= a[k] for i > k (Hoare's selection with a
 * median-of-three pivot; expected O(n), no allocation). Positions before `from` must already hold
 * values <= every value from `from` on (0 for a whole array). Finite values only; -0 and +0 count
 * as equal, so either may land at k.
 */
function selectInPlace(a: Float64Array, k: number, from: number): void {
  let lo = from;
  let hi = a.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three as the pivot, sorted into a[lo] <= a[mid] <= a[hi]
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[mid]) swap(a, hi, mid);
    const pivot = a[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/**
 * The same as quantileSorted(ascending copy of a, q) for each q in `qs`, without sorting: each
 * quantile needs the order statistics at floor(h) and floor(h) + 1, found by selection (expected
 * O(n) per quantile instead of O(n log n) for a sort). Used by the bootstrap's percentile intervals,
 * where every round's statistic is sorted only to read two quantiles (issue 23: the sort was about
 * a quarter of the RAG preset's bootstrap time in a profile).
 * @param a finite values (finiteValues); it is reordered in place.
 * @param qs probabilities in [0, 1], ascending.
 * @returns one quantile per q; bit-identical to quantileSorted on the sorted array, except that a
 *   zero may come out as -0 where the sorted array gave +0 or the reverse.
 * @throws RangeError for an empty array or a q outside [0, 1] or out of order.
 */
export function quantilesBySelection(a: Float64Array, qs: readonly number[]): number[] {
  const n = a.length;
  if (n === 0) throw new RangeError('quantile of an empty array');
  const out: number[] = [];
  let from = 0;
  let prev = 0;
  for (const q of qs) {
    if (!(q >= 0 && q <= 1) || q < prev) throw new RangeError(`quantile probabilities must be ascending in [0, 1], got ${q}`);
    prev = q;
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    const hi = Math.min(lo + 1, n - 1);
    const g = h - lo;
    selectInPlace(a, lo, from);
    const va = a[lo];
    // a[lo + 1..) holds values >= a[lo]: the next order statistic is their minimum
    let vb = va;
    if (hi > lo) {
      vb = a[hi];
      for (let i = hi + 1; i < n; i++) if (a[i] < vb) vb = a[i];
    }
    from = lo;
    const diff = vb - va;
    out.push(g >= 0.5 ? vb - diff * (1 - g) : va + diff * g);
  }
  return out;
}
