/**
 * Wilson score interval for a binomial proportion (Wilson 1927), the interval
 * statsmodels.stats.proportion.proportion_confint(count, nobs, alpha, method='wilson') returns,
 * with the same arithmetic (so the same doubles up to the normal quantile's last bits).
 */
import { normIsf } from './special.ts';

export interface WilsonInterval {
  /** Lower bound, in [0, 1] (up to rounding: like statsmodels, not clipped). */
  low: number;
  /** Upper bound. */
  high: number;
  /** The point estimate count / nobs. */
  proportion: number;
  /** Confidence level 1 - alpha. */
  confidence: number;
}

/**
 * Wilson score interval.
 *   z = Φ⁻¹(1 - α/2), p̂ = count/nobs,
 *   center = (p̂ + z²/(2n)) / (1 + z²/n),  half = z·sqrt(p̂(1-p̂)/n + z²/(4n²)) / (1 + z²/n).
 * @param count successes, integer in [0, nobs].
 * @param nobs trials, integer >= 0.
 * @param confidence 1 - alpha, in (0, 1); default 0.95.
 * @returns the interval, or null when nobs = 0 (no trials: undefined; the caller records the
 *   reason 'no_cases').
 * @throws RangeError for count outside [0, nobs], non-integer counts or confidence outside (0, 1).
 */
export function wilsonInterval(count: number, nobs: number, confidence = 0.95): WilsonInterval | null {
  if (!Number.isInteger(count) || !Number.isInteger(nobs) || nobs < 0 || count < 0 || count > nobs) {
    throw new RangeError(`Wilson interval needs integers 0 <= count <= nobs, got ${count}/${nobs}`);
  }
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (nobs === 0) return null;
  const alpha = 1 - confidence;
  const crit = normIsf(alpha / 2);
  const q = count / nobs;
  const crit2 = crit ** 2;
  const denom = 1 + crit2 / nobs;
  const center = (q + crit2 / (2 * nobs)) / denom;
  let dist = crit * Math.sqrt((q * (1 - q)) / nobs + crit2 / (4 * nobs ** 2));
  dist /= denom;
  return { low: center - dist, high: center + dist, proportion: q, confidence };
}
