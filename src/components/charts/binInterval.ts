/**
 * How a bin's interval is written. Equal-width bins hold lo <= p < hi, the last one lo <= p <= hi
 * (labs/core/stats/histogram.ts equalWidthIndex): "[lo, hi)", the last "[lo, hi]". Equal-mass bins
 * follow numpy.searchsorted(side='left'): a value equal to an inner edge goes to the lower bin, so
 * lo < p <= hi, the first one lo <= p <= hi: "(lo, hi]", the first "[lo, hi]".
 */
export function binInterval(lo: string, hi: string, index: number, count: number, binning: 'uniform' | 'quantile' = 'uniform'): string {
  if (binning === 'quantile') return index === 0 ? `[${lo}, ${hi}]` : `(${lo}, ${hi}]`;
  return index === count - 1 ? `[${lo}, ${hi}]` : `[${lo}, ${hi})`;
}
