/**
 * A compact histogram of many numbers (the bootstrap's per-round deltas), so the page can draw the
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

  const width = (max - min) / k;
  const bins: HistogramBin[] = Array.from({ length: k }, (_, i) => ({ x0: min + i * width, x1: i === k - 1 ? max : min + (i + 1) * width, count: 0 }));
  for (let i = 0; i < sorted.length; i++) {
    const j = width > 0 ? Math.min(k - 1, Math.floor((sorted[i] - min) / width)) : 0;
    bins[j].count++;
  }
  return { kind: 'bins', bins, defined: xs.length, undefined: undefinedCount, min, max };
}
