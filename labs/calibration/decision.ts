/**
 * The calibration lab's gate: automate (outside the review zone) only if some pair of thresholds
 * meets all three constraints of the policy (review rate <= maximum, automatic coverage >=
 * minimum, automatic error rate <= maximum), as the kit's `quality_gate.passes`.
 */
import type { Decision } from '../core/contract/types.ts';
import type { CalibrationReason } from './i18n/index.ts';

/** What the gate looks at. */
export interface CalibrationGateInput {
  /** The recommended pair: the best feasible one, or the cheapest pair when none is feasible. */
  recommended: { passes: boolean; failed_constraints: CalibrationReason[] };
  /** True when the conformal threshold is +Infinity (every prediction set is full). */
  q_infinite: boolean;
}

/**
 * Verdict 'pass' with no reasons when the recommended pair is feasible. Otherwise 'fail' with, in
 * this order: 'conformal_q_infinite' (too few calibration cases for the target coverage, so every
 * case goes to review), 'no_feasible_pair', then the constraints the cheapest pair fails
 * ('review_rate_above_max', 'auto_coverage_below_min', 'auto_error_rate_undefined',
 * 'auto_error_rate_above_max'). Codes are translated in labs/calibration/i18n (`reasons`).
 */
export function decideCalibration(g: CalibrationGateInput): Decision<CalibrationReason> {
  if (g.recommended.passes) return { verdict: 'pass', reasons: [] };
  const reasons: CalibrationReason[] = [];
  if (g.q_infinite) reasons.push('conformal_q_infinite');
  reasons.push('no_feasible_pair');
  for (const c of g.recommended.failed_constraints) if (!reasons.includes(c)) reasons.push(c);
  return { verdict: 'fail', reasons };
}
