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
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && Number.isFinite(v)) out.push(v);
  }
  return Float64Array.from(out).sort();
}
