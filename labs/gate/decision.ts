/**
 * The release gate of chapter 01: conditions on the candidate, checked in the kit's order, each a
 * row of the checklist the page shows. A condition whose metric is undefined fails closed with its
 * own reason code.
 *
 *   1. weighted quality >= min_weighted_quality    weighted_quality_below_threshold | weighted_quality_undefined
 *   2. critical failures <= max_critical_failures  critical_failures_present
 *   3. cost per accepted <= max_cost_per_accepted  cost_per_accepted_above_budget | cost_per_accepted_undefined
 *   4. regressions <= max_regressions              regressions_present
 *   5. each critical slice: candidate's weighted quality in it >= min_weighted_quality
 *                                                  critical_slice_below_threshold | critical_slice_undefined
 *   6. only with require_minimum_delta_evidence: the CI's lower bound >= minimum_interpretable_delta
 *                                                  insufficient_evidence_for_minimum_delta
 * 1-4 are the kit's `decide` (the kit compares values rounded to 4 decimals; here they are
 * unrounded). 5 and 6 are this lab's: the kit leaves critical_slices and the hypothesis's minimum
 * interpretable delta unused. Without require_minimum_delta_evidence, a CI that does not clear the
 * minimum delta gives the non-blocking warning 'not_enough_evidence'.
 */
import type { Decision, MaybeNumber } from '../core/contract/types.ts';
import type { GatePolicy, Hypothesis } from './schema.ts';
import type { PairedComparison, VersionScore } from './engine.ts';

/** One row of the gate checklist. `passed` is false when the value is undefined (null). */
export interface GateCheck {
  id: 'weighted_quality' | 'critical_failures' | 'cost_per_accepted' | 'regressions' | 'critical_slice' | 'minimum_delta_evidence';
  /** The slice, for id = 'critical_slice'. */
  slice?: string;
  value: MaybeNumber;
  threshold: number;
  /** How value is compared with threshold to pass. */
  comparison: '>=' | '<=';
  passed: boolean;
  /** Reason code when it fails (or null). */
  reason: string | null;
}

/**
 * How the paired CI of the delta relates to the hypothesis's minimum interpretable delta m:
 * 'supports' (low >= m), 'inconclusive' (low < m <= high: the CI crosses m, not enough evidence),
 * 'below' (high < m: the improvement, if any, is smaller than interpretable), 'undefined' (no m in
 * the hypothesis, or no CI).
 */
export interface EvidenceAssessment {
  minimum_interpretable_delta: MaybeNumber;
  ci: [number, number] | null;
  status: 'supports' | 'inconclusive' | 'below' | 'undefined';
  /** Why status is 'undefined': 'no_minimum_interpretable_delta' or 'no_defined_bootstrap_rounds'. */
  undefined_reason: string | null;
}

/** Decision with the kit's keys (decision, owner, rollback) besides the contract's verdict. */
export interface GateDecision extends Decision {
  /** Same as verdict (the kit's key). */
  decision: Decision['verdict'];
  /** Non-blocking findings: 'not_enough_evidence', 'minimum_delta_not_reached'. */
  warnings: string[];
  owner: string;
  /** policy.rollback when the verdict is fail, else null (as the kit). */
  rollback: string | null;
}

/** Compares a CI with the minimum interpretable delta (see EvidenceAssessment). */
export function assessEvidence(ci: [number, number] | null, hypothesis: Hypothesis | null): EvidenceAssessment {
  const m = hypothesis?.minimum_interpretable_delta ?? null;
  if (m === null) return { minimum_interpretable_delta: null, ci, status: 'undefined', undefined_reason: 'no_minimum_interpretable_delta' };
  if (ci === null) return { minimum_interpretable_delta: m, ci, status: 'undefined', undefined_reason: 'no_defined_bootstrap_rounds' };
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
  hypothesis: Hypothesis | null;
  policy: GatePolicy;
}): { decision: GateDecision; checks: GateCheck[]; evidence: EvidenceAssessment } {
  const { candidate, paired, ci, hypothesis, policy } = args;
  const checks: GateCheck[] = [];
  const atLeast = (id: GateCheck['id'], value: MaybeNumber, threshold: number, below: string, undef: string, slice?: string) => {
    const passed = value !== null && value >= threshold;
    checks.push({ id, ...(slice !== undefined ? { slice } : {}), value, threshold, comparison: '>=', passed, reason: passed ? null : value === null ? undef : below });
  };
  const atMost = (id: GateCheck['id'], value: MaybeNumber, threshold: number, above: string, undef: string) => {
    const passed = value !== null && value <= threshold;
    checks.push({ id, value, threshold, comparison: '<=', passed, reason: passed ? null : value === null ? undef : above });
  };

  atLeast('weighted_quality', candidate.weighted_quality, policy.min_weighted_quality, 'weighted_quality_below_threshold', 'weighted_quality_undefined');
  atMost('critical_failures', candidate.critical_failures, policy.max_critical_failures, 'critical_failures_present', 'critical_failures_present');
  atMost('cost_per_accepted', candidate.cost_per_accepted_eur, policy.max_cost_per_accepted_eur, 'cost_per_accepted_above_budget', 'cost_per_accepted_undefined');
  atMost('regressions', paired.baseline_passed_candidate_failed.length, policy.max_regressions, 'regressions_present', 'regressions_present');
  for (const slice of policy.critical_slices) {
    const s = candidate.slices.find((x) => x.slice === slice);
    atLeast('critical_slice', s ? s.weighted_quality : null, policy.min_weighted_quality, 'critical_slice_below_threshold', 'critical_slice_undefined', slice);
  }
  const evidence = assessEvidence(ci, hypothesis);
  const warnings: string[] = [];
  if (evidence.minimum_interpretable_delta !== null) {
    const low = evidence.ci ? evidence.ci[0] : null;
    if (policy.require_minimum_delta_evidence) {
      atLeast('minimum_delta_evidence', low, evidence.minimum_interpretable_delta, 'insufficient_evidence_for_minimum_delta', 'insufficient_evidence_for_minimum_delta');
    } else if (evidence.status === 'inconclusive' || evidence.status === 'undefined') warnings.push('not_enough_evidence');
    else if (evidence.status === 'below') warnings.push('minimum_delta_not_reached');
  }

  const reasons: string[] = [];
  for (const c of checks) if (c.reason && !reasons.includes(c.reason)) reasons.push(c.reason);
  const verdict = reasons.length === 0 ? 'pass' : 'fail';
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
