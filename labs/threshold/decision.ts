/**
 * The threshold lab's gate: automate only if some pair of thresholds meets both constraints of the
 * policy (operational recall >= minimum, review rate <= maximum).
 */
import type { Decision } from '../core/contract/types.ts';

/** What the gate looks at: the number of actual positives and the outcome of the scan. */
export interface ThresholdGateInput {
  positives: number;
  /** The recommended (feasible) pair, or null when none is feasible. */
  recommended: { failed_constraints: string[] } | null;
  /** The least-bad pair over all pairs when none is feasible, else null. */
  leastBad: { failed_constraints: string[] } | null;
}

/**
 * Verdict 'pass' with no reasons when a feasible pair exists. Otherwise 'fail' with reason codes in
 * this order: 'no_positives' when the data has no actual positive (operational recall cannot be
 * measured, so no pair can be shown to meet its minimum), 'no_policy_meets_constraints', then the
 * constraints the least-bad pair fails ('review_rate_above_max', 'operational_recall_below_min',
 * 'operational_recall_undefined', 'review_rate_undefined'). Codes are translated in
 * labs/threshold/i18n (`reasons`).
 */
export function decideThreshold(g: ThresholdGateInput): Decision {
  if (g.recommended) return { verdict: 'pass', reasons: [] };
  const reasons: string[] = [];
  if (g.positives === 0) reasons.push('no_positives');
  reasons.push('no_policy_meets_constraints');
  for (const c of g.leastBad?.failed_constraints ?? []) if (!reasons.includes(c)) reasons.push(c);
  return { verdict: 'fail', reasons };
}
