/**
 * How a bin's interval is written. Equal-width bins hold lo <= p < hi, the last one lo <= p <= hi
 * (labs/core/stats/histogram.ts equalWidthIndex): "[lo, hi)", the last "[lo, hi]". Equal-mass bins
 * follow numpy.searchsorted(side='left'): a value equal to an inner edge goes to the lower bin, so
 * lo < p <= hi, the first one lo <= p <= hi: "(lo, hi]", the first "[lo, hi]".
 * With a decimal comma (Spanish) the two ends are separated by "; " so that "[0,2; 0,4)" cannot be
 * misread.
 */
export function intervalSep(lo: string, hi: string): string {
  return lo.includes(',') || hi.includes(',') ? '; ' : ', ';
}

export function binInterval(lo: string, hi: string, index: number, count: number, binning: 'uniform' | 'quantile' = 'uniform'): string {
  const sep = intervalSep(lo, hi);
  if (binning === 'quantile') return index === 0 ? `[${lo}${sep}${hi}]` : `(${lo}${sep}${hi}]`;
  return index === count - 1 ? `[${lo}${sep}${hi}]` : `[${lo}${sep}${hi})`;
}
