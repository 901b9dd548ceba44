/**
 * Histograms, once for the project: equal-width bin counts (numpy.histogram's bin rule) used by
 * every chart that bins numbers, and a compact histogram of many numbers (the bootstrap's per-round deltas), so the page can draw the
 * distribution without receiving every round and without binning anything itself.
 */

/** One bar: the values in [x0, x1) (the last bin also holds x1); x0 = x1 for a single value. */
export interface HistogramBin {
  x0: number;
  x1: number;
  count: number;
}

export interface ValueHistogram {
  /**
   * 'values': one bin per distinct value (x0 = x1 = the value), used when there are few distinct
   * values (a bootstrap on a handful of cases gives a discrete distribution; bins would blur it);
   * 'bins': equal-width bins from min to max.
   */
  kind: 'values' | 'bins';
  /** In increasing order of x0. Empty when no value is defined. */
  bins: HistogramBin[];
  /** Values counted (finite numbers). */
  defined: number;
  /** Entries left out: null, NaN or ±Infinity. */
  undefined: number;
  /** Smallest and largest counted value; null when none. */
  min: number | null;
  max: number | null;
}

export interface HistogramOptions {
  /** At most this many distinct values give kind 'values' (default 60). */
  maxDistinct?: number;
  /** Number of equal-width bins otherwise (default 40, at least 1). */
  bins?: number;
  /**
   * Two sorted values v <= w are the same value when w - v <= tolerance · max(1, |v|) (default
   * 1e-9): the same delta computed through different quotients can differ in the last bits.
   */
  tolerance?: number;
}

/**
 * Histogram of `values` (null and non-finite entries are counted in `undefined` and left out).
 * With at most `maxDistinct` distinct values (within `tolerance`), one bin per value, whose x0 = x1
 * is the smallest member of its group; otherwise `bins` equal-width bins over [min, max], each
 * holding [x0, x1) and the last one [x0, max]. Counts always add up to `defined`.
 * Equal-width binning is numpy.histogram(values, bins, range=(min, max)); the distinct-value mode is
 * numpy.unique(values, return_counts=True) with a tolerance.
 * @returns an empty histogram (kind 'values', no bins, min = max = null) when nothing is defined.
 */
export function valueHistogram(values: readonly (number | null)[], opts: HistogramOptions = {}): ValueHistogram {
  const maxDistinct = opts.maxDistinct ?? 60;
  const k = Math.max(1, Math.floor(opts.bins ?? 40));
  const tol = opts.tolerance ?? 1e-9;
  const xs: number[] = [];
  for (const v of values) if (v !== null && Number.isFinite(v)) xs.push(v);
  const undefinedCount = values.length - xs.length;
  if (xs.length === 0) return { kind: 'values', bins: [], defined: 0, undefined: undefinedCount, min: null, max: null };
  const sorted = Float64Array.from(xs).sort();
  const min = sorted[0];
  const max = sorted[sorted.length - 1];

  const groups: HistogramBin[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i];
    const last = groups[groups.length - 1];
    if (last && v - last.x0 <= tol * Math.max(1, Math.abs(last.x0))) last.count++;
    else {
      if (groups.length === maxDistinct) break;
      groups.push({ x0: v, x1: v, count: 1 });
    }
  }
  const counted = groups.reduce((s, g) => s + g.count, 0);
  if (counted === sorted.length) return { kind: 'values', bins: groups, defined: xs.length, undefined: undefinedCount, min, max };

  const counts = equalWidthCounts(sorted, k, min, max);
  const edges = equalWidthEdges(k, min, max);
  const bins: HistogramBin[] = Array.from({ length: k }, (_, i) => ({ x0: edges[i], x1: edges[i + 1], count: counts[i] }));
  return { kind: 'bins', bins, defined: xs.length, undefined: undefinedCount, min, max };
}

/**
 * The k + 1 edges of k equal-width bins on [lo, hi]: lo + i·(hi - lo)/k, with the last edge exactly hi
 * (numpy.linspace(lo, hi, k + 1)).
 * @throws RangeError unless k is an integer >= 1 and lo <= hi are finite.
 */
export function equalWidthEdges(k: number, lo: number, hi: number): number[] {
  if (!(Number.isInteger(k) && k >= 1) || !Number.isFinite(lo) || !Number.isFinite(hi) || lo > hi) {
    throw new RangeError(`equal-width bins need an integer k >= 1 and finite lo <= hi, got k=${k}, [${lo}, ${hi}]`);
  }
  const step = (hi - lo) / k;
  return Array.from({ length: k + 1 }, (_, i) => (i === k ? hi : lo + i * step));
}

/**
 * Equal-width bin index of x on [lo, hi] with k bins, numpy.histogram's rule: floor((x - lo)·k/(hi - lo)),
 * bins closed on the left, the last one also holding hi; values outside [lo, hi] are clamped into the
 * first or last bin. With lo = 0, hi = 1 this is the textbook kit's floor(p·k). When lo = hi every
 * value goes to bin 0.
 */
export function equalWidthIndex(x: number, k: number, lo: number, hi: number): number {
  const j = hi > lo ? Math.floor((x - lo) * (k / (hi - lo))) : 0;
  return j < 0 ? 0 : j > k - 1 ? k - 1 : j;
}

/**
 * Counts of `values` in k equal-width bins on [lo, hi] (equalWidthIndex). NaN and ±Infinity are
 * not counted.
 * @throws RangeError as equalWidthEdges.
 */
export function equalWidthCounts(values: ArrayLike<number>, k: number, lo: number, hi: number): number[] {
  equalWidthEdges(k, lo, hi);
  const counts = new Array<number>(k).fill(0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) counts[equalWidthIndex(v, k, lo, hi)]++;
  }
  return counts;
}

/**
 * Counts of `p` per binary label (y = 0 -> negative, y = 1 -> positive) in `bins` equal-width bins
 * on [0, 1]. Returns the edges (bins + 1 values, 0 and 1 included) and the two count arrays; an
 * empty input gives all-zero counts. For charts (score histograms per label).
 * @throws RangeError when p and y differ in length, or as equalWidthEdges.
 */
export function countsByLabel(p: ArrayLike<number>, y: ArrayLike<number>, bins: number): { edges: number[]; negative: number[]; positive: number[] } {
  if (p.length !== y.length) throw new RangeError(`p and y differ in length (${p.length} vs ${y.length})`);
  const edges = equalWidthEdges(bins, 0, 1);
  const negative = new Array<number>(bins).fill(0);
  const positive = new Array<number>(bins).fill(0);
  for (let i = 0; i < p.length; i++) {
    const k = equalWidthIndex(p[i], bins, 0, 1);
    if (y[i] === 1) positive[k]++;
    else negative[k]++;
  }
  return { edges, negative, positive };
}
