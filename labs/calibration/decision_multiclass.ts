/**
 * The K-class gate of the calibration lab, as GateChecks (core/contract/gate_check.ts): each check
 * compares one figure of the chosen calibrator and conformal method with the policy, and an
 * undefined figure fails closed, visibly.
 *
 *   top_label_ece       top-label ECE on the evaluation split  <= policy.max_top_label_ece
 *   conformal_rank      ceil((n+1)(1−alpha))                    <= n (calibration cases); beyond n
 *                       q is +Infinity and every set holds every class
 *   mean_set_size       (when policy.max_mean_set_size is set)  <= that maximum
 *   min_class_coverage  (when policy.min_class_coverage is set) the lowest per-class coverage >= it;
 *                       undefined (fails) when some class has no evaluation case
 *   e_aurc              (when policy.max_e_aurc is set)          <= that maximum
 */
import { gateCheck, verdictOf, type GateCheck } from '../core/contract/gate_check.ts';
import type { Decision } from '../core/contract/types.ts';
import type { CalibrationReason } from './i18n/index.ts';
import type { MulticlassPolicy } from './schema_multiclass.ts';

export type MulticlassCheckId = 'top_label_ece' | 'conformal_rank' | 'mean_set_size' | 'min_class_coverage' | 'e_aurc';

/** The figures the gate reads (a subset of the K-class result). */
export interface MulticlassGateInput {
  policy: Pick<MulticlassPolicy, 'max_top_label_ece' | 'max_mean_set_size' | 'min_class_coverage' | 'max_e_aurc'>;
  calibrated: { top_label_ece: number | null; undefined_reason: string | null };
  conformal: { rank: number; n_calibration: number; mean_set_size: number | null; min_class_coverage: number | null; min_class_coverage_reason: string | null };
  selective: { e_aurc: number | null; undefined_reason: string | null };
}

/**
 * The checks of the module comment, in that order, and the verdict: 'pass' iff every check passes;
 * the reasons are the failing checks' codes (labs/calibration/i18n `reasons`), in check order.
 */
export function decideMulticlass(g: MulticlassGateInput): { decision: Decision<CalibrationReason>; checks: GateCheck<MulticlassCheckId, CalibrationReason>[] } {
  const maybe = (v: number | null, reason: string | null) => (v === null ? { value: null, reason: reason ?? 'no_cases' } : { value: v, reason: null });
  const checks: GateCheck<MulticlassCheckId, CalibrationReason>[] = [
    gateCheck({
      id: 'top_label_ece' as const,
      value: maybe(g.calibrated.top_label_ece, g.calibrated.undefined_reason),
      comparator: '<=',
      threshold: g.policy.max_top_label_ece,
      failReason: 'top_label_ece_above_max' as CalibrationReason,
      undefinedReason: 'top_label_ece_undefined',
    }),
    gateCheck({
      id: 'conformal_rank' as const,
      value: g.conformal.rank,
      comparator: '<=',
      threshold: g.conformal.n_calibration,
      failReason: 'conformal_q_infinite' as CalibrationReason,
    }),
  ];
  if (g.policy.max_mean_set_size !== undefined)
    checks.push(gateCheck({ id: 'mean_set_size' as const, value: maybe(g.conformal.mean_set_size, 'no_cases'), comparator: '<=', threshold: g.policy.max_mean_set_size, failReason: 'mean_set_size_above_max' as CalibrationReason, undefinedReason: 'mean_set_size_undefined' }));
  if (g.policy.min_class_coverage !== undefined)
    checks.push(gateCheck({ id: 'min_class_coverage' as const, value: maybe(g.conformal.min_class_coverage, g.conformal.min_class_coverage_reason), comparator: '>=', threshold: g.policy.min_class_coverage, failReason: 'class_coverage_below_min' as CalibrationReason, undefinedReason: 'class_coverage_undefined' }));
  if (g.policy.max_e_aurc !== undefined)
    checks.push(gateCheck({ id: 'e_aurc' as const, value: maybe(g.selective.e_aurc, g.selective.undefined_reason), comparator: '<=', threshold: g.policy.max_e_aurc, failReason: 'e_aurc_above_max' as CalibrationReason, undefinedReason: 'e_aurc_undefined' }));
  const v = verdictOf(checks);
  return { decision: { verdict: v.verdict, reasons: v.reasons }, checks };
}
