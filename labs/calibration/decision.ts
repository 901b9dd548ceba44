/**
 * The calibration lab's gate: automate (outside the review zone) only if some pair of thresholds
 * meets all three constraints of the policy (review rate <= maximum, automatic coverage >=
 * minimum, automatic error rate <= maximum), as the kit's `quality_gate.passes`.
 * The decision is core's shape: three GateChecks on the recommended pair (the best feasible one,
 * else the cheapest), their verdict by verdictOf (labs/core/contract/gate_check.ts, core's one
 * tolerance), the same comparison that marked each pair feasible (policy_grid.ts), so the checklist
 * and the verdict cannot disagree.
 */
import type { Decision } from '../core/contract/types.ts';
import { gateCheck, verdictOf, type GateCheck } from '../core/contract/gate_check.ts';
import type { CalibrationReason } from './i18n/index.ts';
import type { CalibrationPolicy } from './schema.ts';

/** The conditions of the gate, each on the recommended pair. */
export type CalibrationCheckId = 'review_rate' | 'auto_coverage' | 'auto_error_rate';

/** What the gate looks at. */
export interface CalibrationGateInput {
  /** The recommended pair: the best feasible one, or the cheapest pair when none is feasible. */
  recommended: { review_rate: number; auto_coverage: number; auto_error_rate: number | null };
  /** True when the conformal threshold is +Infinity (every prediction set is full). */
  q_infinite: boolean;
  policy: Pick<CalibrationPolicy, 'max_review_rate' | 'min_auto_coverage' | 'max_auto_error_rate'>;
}

/**
 * The checks on the recommended pair, in the order of the policy's constraints: review rate <=
 * max_review_rate ('review_rate_above_max'), automatic coverage >= min_auto_coverage
 * ('auto_coverage_below_min'), automatic error rate <= max_auto_error_rate
 * ('auto_error_rate_above_max'; undefined when nothing is automated: 'auto_error_rate_undefined',
 * value_reason 'no_automated_cases', and the gate fails closed).
 */
export function calibrationChecks(g: Pick<CalibrationGateInput, 'recommended' | 'policy'>): GateCheck<CalibrationCheckId, CalibrationReason>[] {
  const r = g.recommended;
  return [
    gateCheck({ id: 'review_rate' as const, value: r.review_rate, comparator: '<=', threshold: g.policy.max_review_rate, failReason: 'review_rate_above_max' as CalibrationReason }),
    gateCheck({ id: 'auto_coverage' as const, value: r.auto_coverage, comparator: '>=', threshold: g.policy.min_auto_coverage, failReason: 'auto_coverage_below_min' as CalibrationReason }),
    gateCheck({
      id: 'auto_error_rate' as const,
      value: r.auto_error_rate === null ? { value: null, reason: 'no_automated_cases' } : r.auto_error_rate,
      comparator: '<=',
      threshold: g.policy.max_auto_error_rate,
      failReason: 'auto_error_rate_above_max' as CalibrationReason,
      undefinedReason: 'auto_error_rate_undefined' as CalibrationReason,
    }),
  ];
}

/**
 * Verdict 'pass' with no reasons when every check passes (the recommended pair is feasible).
 * Otherwise 'fail' with, in this order: 'conformal_q_infinite' (too few calibration cases for the
 * target coverage, so every case goes to review), 'no_feasible_pair', then the reasons of the
 * checks that do not pass. Codes are translated in labs/calibration/i18n (`reasons`).
 */
export function decideCalibration(g: CalibrationGateInput): { decision: Decision<CalibrationReason>; checks: GateCheck<CalibrationCheckId, CalibrationReason>[] } {
  const checks = calibrationChecks(g);
  const v = verdictOf(checks);
  if (v.verdict === 'pass') return { decision: { verdict: 'pass', reasons: [] }, checks };
  const reasons: CalibrationReason[] = [];
  if (g.q_infinite) reasons.push('conformal_q_infinite');
  reasons.push('no_feasible_pair');
  for (const c of v.reasons) if (!reasons.includes(c)) reasons.push(c);
  return { decision: { verdict: 'fail', reasons }, checks };
}
