/**
 * The release gate of chapter 01: conditions on the candidate, checked in the kit's order, each a
 * row of the checklist the page shows. A condition whose metric is undefined fails closed with its
 * own reason code.
 *
 *   1. weighted quality >= min_weighted_quality    weighted_quality_below_threshold | weighted_quality_undefined
 *   2. critical failures <= max_critical_failures  critical_failures_present
 *   3. cost per accepted <= max_cost_per_accepted  cost_per_accepted_above_budget | cost_per_accepted_undefined
 *                                                  | cost_unknown (an imported answer without its cost)
 *   4. regressions <= max_regressions              regressions_present | regressions_undefined
 *   5. each critical slice: candidate's weighted quality in it >= min_weighted_quality
 *                                                  critical_slice_below_threshold | critical_slice_undefined
 *   6. only with require_minimum_delta_evidence: the CI's lower bound >= minimum_interpretable_delta
 *                                                  insufficient_evidence_for_minimum_delta
 * 1-4 are the kit's `decide` (the kit compares values rounded to 4 decimals; here they are
 * unrounded). 5 and 6 are this lab's: the kit leaves critical_slices and the hypothesis's minimum
 * interpretable delta unused. Without require_minimum_delta_evidence, a CI that does not clear the
 * minimum delta gives the non-blocking warning 'not_enough_evidence'.
 */
import type { GatePolicy, Hypothesis } from './schema.ts';
import type { EvidenceAssessment, GateCheckId, GateDecision, GateLabCheck, PairedComparison, VersionScore } from './types.ts';
export type { EvidenceAssessment, GateCheckId, GateDecision, GateLabCheck } from './types.ts';
import { gateCheck, verdictOf } from '../core/contract/gate_check.ts';
import { undef, type Maybe } from '../core/stats/maybe.ts';
import type { GateReason, GateWarning } from './i18n/index.ts';

/** Compares a CI with the minimum interpretable delta (see EvidenceAssessment); ciReason says why a null CI is null. */
export function assessEvidence(ci: [number, number] | null, hypothesis: Hypothesis | null, ciReason = 'no_defined_bootstrap_rounds'): EvidenceAssessment {
  const m = hypothesis?.minimum_interpretable_delta ?? null;
  if (m === null) return { minimum_interpretable_delta: null, ci, status: 'undefined', undefined_reason: 'no_minimum_interpretable_delta' };
  if (ci === null) return { minimum_interpretable_delta: m, ci, status: 'undefined', undefined_reason: ciReason };
  const status = ci[0] >= m ? 'supports' : ci[1] < m ? 'below' : 'inconclusive';
  return { minimum_interpretable_delta: m, ci, status, undefined_reason: null };
}

/**
 * Applies the gate (module comment) to the candidate's scorecard.
 * @returns decision (verdict 'fail' iff any reason; reasons deduplicated, in the order above),
 *   the checklist, and the evidence assessment.
 */
export function decideGate(args: {
  candidate: VersionScore;
  paired: PairedComparison;
  ci: [number, number] | null;
  /** Why ci is null: 'no_defined_bootstrap_rounds' (default) or 'case_score_undefined'. */
  ciReason?: string;
  hypothesis: Hypothesis | null;
  policy: GatePolicy;
}): { decision: GateDecision; checks: GateLabCheck[]; evidence: EvidenceAssessment } {
  const { candidate, paired, ci, hypothesis, policy } = args;
  const ciReason = args.ciReason ?? 'no_defined_bootstrap_rounds';
  const checks: GateLabCheck[] = [];
  const add = (id: GateCheckId, value: number | null | Maybe, comparator: '>=' | '<=', threshold: number, failReason: GateReason, undefinedReason: GateReason, subject?: string) =>
    checks.push(gateCheck({ id, subject, value, comparator, threshold, failReason, undefinedReason }));
  add('weighted_quality', candidate.weighted_quality === null ? undef(candidate.weighted_quality_reason ?? 'zero_total_weight') : candidate.weighted_quality, '>=', policy.min_weighted_quality, 'weighted_quality_below_threshold', 'weighted_quality_undefined');
  add('critical_failures', candidate.critical_failures, '<=', policy.max_critical_failures, 'critical_failures_present', 'critical_failures_present');
  const costUnknown = candidate.cost_per_accepted_reason === 'cost_unknown';
  add('cost_per_accepted', candidate.cost_per_accepted_eur === null ? undef(candidate.cost_per_accepted_reason ?? 'no_accepted_cases') : candidate.cost_per_accepted_eur, '<=', policy.max_cost_per_accepted_eur, 'cost_per_accepted_above_budget', costUnknown ? 'cost_unknown' : 'cost_per_accepted_undefined');
  const regressions = paired.undefined_cases.length ? undef('case_score_undefined') : paired.baseline_passed_candidate_failed.length;
  add('regressions', regressions, '<=', policy.max_regressions, 'regressions_present', 'regressions_undefined');
  for (const slice of policy.critical_slices) {
    const s = candidate.slices.find((x) => x.slice === slice);
    const value = !s ? undef('slice_not_in_dataset') : s.weighted_quality === null ? undef(s.undefined_reason ?? 'zero_total_weight') : s.weighted_quality;
    add('critical_slice', value, '>=', policy.min_weighted_quality, 'critical_slice_below_threshold', 'critical_slice_undefined', slice);
  }
  const evidence = assessEvidence(ci, hypothesis, ciReason);
  const warnings: GateWarning[] = [];
  if (evidence.minimum_interpretable_delta !== null) {
    const low = evidence.ci ? evidence.ci[0] : null;
    if (policy.require_minimum_delta_evidence) {
      add('minimum_delta_evidence', low === null ? undef(ciReason) : low, '>=', evidence.minimum_interpretable_delta, 'insufficient_evidence_for_minimum_delta', 'insufficient_evidence_for_minimum_delta');
    } else if (evidence.status === 'inconclusive' || evidence.status === 'undefined') warnings.push('not_enough_evidence');
    else if (evidence.status === 'below') warnings.push('minimum_delta_not_reached');
  }

  const { verdict, reasons } = verdictOf(checks);
  return {
    decision: {
      verdict,
      decision: verdict,
      reasons,
      warnings,
      owner: policy.decision_owner,
      rollback: verdict === 'fail' ? policy.rollback : null,
    },
    checks,
    evidence,
  };
}
