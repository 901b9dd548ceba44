/**
 * The rubric lab's decision. Only the hard gate blocks (seed 000: the exam score must reach 0.92);
 * soft gates, rubric drift, an inconsistent pasted breakdown and a failed inter-rater check are
 * reported as reason codes but do not change the verdict.
 */
import type { Decision } from '../core/types.ts';
import type { RubricScorecard } from './engine.ts';

/**
 * Verdict 'pass' iff the hard gate is met (an undefined exam score fails with
 * 'hard_gate_undefined'). Reasons, in this order: the hard gate's code ('hard_gate_met',
 * 'hard_gate_missed', 'hard_gate_undefined'); every soft gate that is not met
 * ('soft_<gate>_missed' or 'soft_<gate>_undefined', in the order latency, schema,
 * regression_score, drop); 'rubric_drift' when a baseline scorecard was locked to another rubric;
 * 'breakdown_inconsistent' when a pasted breakdown does not add up; 'agreement_below_min' or
 * 'agreement_undefined' when the inter-rater check fails. Codes are translated in
 * labs/rubric/i18n (`reasons`).
 */
export function decideRubric(sc: Omit<RubricScorecard, 'decision'>): Decision {
  const reasons: string[] = [sc.gates.hard.reason];
  for (const g of sc.gates.soft) if (g.status !== 'pass') reasons.push(g.reason);
  if (sc.drift?.drifted) reasons.push('rubric_drift');
  if (sc.breakdown_check?.some((b) => !b.consistent)) reasons.push('breakdown_inconsistent');
  if (sc.agreement && sc.agreement.verdict === 'fail') reasons.push(sc.agreement.reason);
  return { verdict: sc.gates.hard.status === 'pass' ? 'pass' : 'fail', reasons };
}
