/**
 * The rubric lab's decision. Only the hard gate blocks (seed 000: the exam score must reach 0.92).
 * Soft gates, rubric drift, an inconsistent pasted breakdown and a failed inter-rater check do not
 * change the verdict: they are warnings, kept apart from the reasons so that a passing verdict
 * never lists a bad finding as a reason for passing.
 */
import type { Decision } from '../core/contract/types.ts';
import { verdictOf } from '../core/contract/gate_check.ts';
import type { RubricScorecard } from './engine.ts';
import type { RubricReason } from './i18n/index.ts';

/** The rubric lab's decision: the verdict, why (reasons), and findings that do not change it (warnings). */
export interface RubricDecision extends Decision<RubricReason> {
  /** Codes of findings that do not change the verdict; translated in labs/rubric/i18n (`reasons`). */
  warnings: RubricReason[];
}

/**
 * Verdict 'pass' iff the hard gate is met (an undefined exam score fails with
 * 'hard_gate_undefined'). `reasons` holds only what decides the verdict: the hard gate's code when
 * it is not met ('hard_gate_missed' or 'hard_gate_undefined'); a pass has no reasons. `warnings`,
 * in this order: every soft gate that is not met ('soft_<gate>_missed' or 'soft_<gate>_undefined',
 * in the order latency, schema, regression_score, drop); 'rubric_drift' when a baseline scorecard
 * was locked to another rubric; 'breakdown_inconsistent' when a pasted breakdown does not add up;
 * 'agreement_below_min' or 'agreement_undefined' when the inter-rater check fails.
 */
export function decideRubric(sc: Omit<RubricScorecard, 'decision'>): RubricDecision {
  const gates = verdictOf([sc.gates.hard, ...sc.gates.soft]);
  const warnings: RubricReason[] = [...gates.warnings];
  if (sc.drift?.drifted) warnings.push('rubric_drift');
  if (sc.breakdown_check?.some((b) => !b.consistent)) warnings.push('breakdown_inconsistent');
  if (sc.agreement && sc.agreement.check.reason) warnings.push(sc.agreement.check.reason);
  return { verdict: gates.verdict, reasons: gates.reasons, warnings };
}
