/**
 * Wilson score interval for a binomial proportion (Wilson 1927), the interval
 * statsmodels.stats.proportion.proportion_confint(count, nobs, alpha, method='wilson') returns,
 * with the same arithmetic (so the same doubles up to the normal quantile's last bits).
 */
import { normIsf } from './special.ts';
import type { Interval } from './maybe.ts';

export type WilsonInterval = Interval<'no_cases'> & {
  /** The point estimate count / nobs; null when nobs = 0. */
  proportion: number | null;
  /** Confidence level 1 - alpha. */
  confidence: number;
};

/** The last confidence asked for and its z (the gate asks once per case with the same level). */
let lastConfidence = NaN;
let lastCrit = NaN;
function criticalValue(confidence: number): number {
  if (confidence !== lastConfidence) {
    lastCrit = normIsf((1 - confidence) / 2);
    lastConfidence = confidence;
  }
  return lastCrit;
}

/**
 * Wilson score interval.
 *   z = Φ⁻¹(1 - α/2), p̂ = count/nobs,
 *   center = (p̂ + z²/(2n)) / (1 + z²/n),  half = z·sqrt(p̂(1-p̂)/n + z²/(4n²)) / (1 + z²/n).
 * The bounds lie in [0, 1] exactly: the lower bound is 0 at count = 0 and the upper bound 1 at
 * count = nobs (the formula gives them up to one rounding, e.g. 1.0000000000000002, which
 * statsmodels returns unclipped); elsewhere the same doubles as statsmodels.
 * @param count successes, integer in [0, nobs].
 * @param nobs trials, integer >= 0.
 * @param confidence 1 - alpha, in (0, 1); default 0.95.
 * @returns the interval; with nobs = 0 (no trials) it is undefined: low = high = proportion = null,
 *   reason 'no_cases'.
 * @throws RangeError for count outside [0, nobs], non-integer counts or confidence outside (0, 1).
 */
export function wilsonInterval(count: number, nobs: number, confidence = 0.95): WilsonInterval {
  if (!Number.isInteger(count) || !Number.isInteger(nobs) || nobs < 0 || count < 0 || count > nobs) {
    throw new RangeError(`Wilson interval needs integers 0 <= count <= nobs, got ${count}/${nobs}`);
  }
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (nobs === 0) return { low: null, high: null, reason: 'no_cases', proportion: null, confidence };
  const crit = criticalValue(confidence);
  const q = count / nobs;
  const crit2 = crit ** 2;
  const denom = 1 + crit2 / nobs;
  const center = (q + crit2 / (2 * nobs)) / denom;
  let dist = crit * Math.sqrt((q * (1 - q)) / nobs + crit2 / (4 * nobs ** 2));
  dist /= denom;
  const low = count === 0 ? 0 : Math.min(1, Math.max(0, center - dist));
  const high = count === nobs ? 1 : Math.min(1, Math.max(0, center + dist));
  return { low, high, reason: null, proportion: q, confidence };
}
