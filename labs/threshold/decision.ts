/**
 * The threshold lab's gate: automate only if some pair of thresholds meets both constraints of the
 * policy (operational recall >= minimum, review rate <= maximum). The checklist shows the two
 * constraints on the recommended pair, or on the least-bad pair when none is feasible.
 */
import type { Decision } from '../core/contract/types.ts';
import { gateCheck, type GateCheck } from '../core/contract/gate_check.ts';
import type { ThresholdReason } from './i18n/index.ts';
import type { ThresholdPolicy } from './schema.ts';

export type ThresholdCheckId = 'review_rate' | 'operational_recall';

/**
 * Verdict 'pass' with no reasons when a feasible pair exists. Otherwise 'fail' with reason codes in
 * this order: 'no_positives' when the data has no actual positive (operational recall cannot be
 * measured, so no pair can be shown to meet its minimum), 'no_policy_meets_constraints', then the
 * constraints the least-bad pair fails ('review_rate_above_max', 'review_rate_undefined',
 * 'operational_recall_below_min', 'operational_recall_undefined'). Codes are translated in
 * labs/threshold/i18n (`reasons`).
 * @param chosen the recommended pair when `recommended`, else the least-bad pair.
 */
export function decideThreshold(g: {
  positives: number;
  chosen: { metrics: { review_rate: number | null; operational_recall: number | null }; failed_constraints: ThresholdReason[] };
  recommended: boolean;
  policy: Pick<ThresholdPolicy, 'max_review_rate' | 'min_operational_recall'>;
}): { decision: Decision<ThresholdReason>; checks: GateCheck<ThresholdCheckId, ThresholdReason>[] } {
  const m = g.chosen.metrics;
  const checks = [
    gateCheck({ id: 'review_rate' as const, value: m.review_rate, comparator: '<=', threshold: g.policy.max_review_rate, failReason: 'review_rate_above_max' as ThresholdReason, undefinedReason: 'review_rate_undefined' }),
    gateCheck({ id: 'operational_recall' as const, value: m.operational_recall, comparator: '>=', threshold: g.policy.min_operational_recall, failReason: 'operational_recall_below_min' as ThresholdReason, undefinedReason: 'operational_recall_undefined' }),
  ];
  if (g.recommended) return { decision: { verdict: 'pass', reasons: [] }, checks };
  const reasons: ThresholdReason[] = [];
  if (g.positives === 0) reasons.push('no_positives');
  reasons.push('no_policy_meets_constraints');
  for (const c of g.chosen.failed_constraints) if (!reasons.includes(c)) reasons.push(c);
  return { decision: { verdict: 'fail', reasons }, checks };
}
