/**
 * Correcting an observed (judged) positive rate for the errors of the instrument that judged it:
 * the Rogan-Gladen estimator (Rogan & Gladen 1978, "Estimating prevalence from the results of a
 * screening test", American Journal of Epidemiology 107(1):71-76).
 *
 * If a judge passes a truly passing run with probability TPR (sensitivity) and blocks a truly
 * failing run with probability TNR (specificity), the judged pass rate q relates to the true pass
 * rate pi by q = TPR pi + (1 - TNR)(1 - pi), so
 *
 *   pi = (q + TNR - 1) / (TPR + TNR - 1)
 *
 * The denominator is Youden's J = TPR + TNR - 1. When J <= 0 the judge is no better than a coin
 * (or systematically inverted) and the observed rate carries no information about pi: the estimate
 * is undefined ('judge_not_better_than_chance'). Sampling noise can push the raw estimate outside
 * [0, 1]; it is then truncated to the nearest bound (the usual convention) and `clipped` says so.
 */
import type { Maybe } from './maybe.ts';

export interface RoganGladen {
  /** The corrected rate, truncated to [0, 1]; null when J <= 0. */
  value: number | null;
  /** (q + TNR - 1) / J before truncation; null when J <= 0. */
  unclipped: number | null;
  /** Whether truncation changed the value. */
  clipped: boolean;
  /** Youden's J = TPR + TNR - 1. */
  youden_j: number;
  reason: 'judge_not_better_than_chance' | null;
}

function checkRate(name: string, x: number): void {
  if (!(x >= 0 && x <= 1)) throw new RangeError(`${name} must be a rate in [0, 1], got ${x}`);
}

/**
 * Rogan-Gladen corrected rate (module comment).
 * @param observed judged pass rate q in [0, 1].
 * @param tpr the judge's true pass rate (sensitivity) in [0, 1].
 * @param tnr the judge's true block rate (specificity) in [0, 1].
 * @throws RangeError for an argument outside [0, 1] or NaN.
 */
export function roganGladen(observed: number, tpr: number, tnr: number): RoganGladen {
  checkRate('observed', observed);
  checkRate('tpr', tpr);
  checkRate('tnr', tnr);
  const j = tpr + tnr - 1;
  if (!(j > 0)) return { value: null, unclipped: null, clipped: false, youden_j: j, reason: 'judge_not_better_than_chance' };
  const raw = (observed + tnr - 1) / j;
  const value = Math.min(1, Math.max(0, raw));
  return { value, unclipped: raw, clipped: value !== raw, youden_j: j, reason: null };
}

/** roganGladen's value as a Maybe (undefined when J <= 0). */
export function roganGladenMaybe(observed: number, tpr: number, tnr: number): Maybe<'judge_not_better_than_chance'> {
  const r = roganGladen(observed, tpr, tnr);
  return r.value === null ? { value: null, reason: 'judge_not_better_than_chance' } : { value: r.value, reason: null };
}
