/**
 * The evaluator-audit engine (chapter 04): judging the judge against a human-labelled calibration
 * set, with the kit's scorecard keys (ops/ai/evaluator_audit.py) and what the kit leaves out.
 *
 * Per evaluator (runs aligned with the calibration cases; "valid" = parse_ok):
 *   - accuracy per criterion and of the pass decision over VALID runs (parse failures excluded and
 *     counted in parse_error_rate); `*_kit` beside it: the kit's figure, which divides by every run
 *     and counts an unreadable output as a mismatch unless its leftover scores happen to match;
 *   - Cohen's kappa of the pass decision, exact (binaryKappaFromCounts: 2/11 for the kit's v1), and
 *     undefined when chance agreement is total, so that the kappa floor fails closed; pass_kappa_kit
 *     is the kit's figure (intermediate rounding, and 1.0 where the lab says undefined);
 *   - the confusion of the pass decision, human rows by judge columns: true_pass (1, 1), false_pass
 *     (human 0, judge 1), false_block (human 1, judge 0), true_block (0, 0); TPR = true_pass /
 *     human passes, TNR = true_block / human blocks; false_pass_rate = false passes / human blocks
 *     (= 1 - TNR), false_block_rate = false blocks / human passes (= 1 - TPR);
 *   - critical false passes: valid runs whose judge passes a case in which some blocking criterion
 *     is 0 for the human (the lab's reading of the chapter's "pases indebidos en criterios bloqueantes");
 *   - the pass decision recomputed from the rubric (rubric_pass): pass iff every blocking criterion
 *     the judge scored is 1 and the mean of its criterion scores is at least pass_threshold; its
 *     accuracy, kappa and false passes beside the judge's own, and the cases where the judge's own
 *     `pass` contradicts that rule (the kit trusts the judge's `pass` and never looks);
 *   - costs: cost per run = in/1000 · p_in + out/1000 · p_out; total; per run; per valid evaluation;
 *     per useful evaluation (valid and agreeing with the human pass label); undefined when the
 *     denominator is 0 (the kit's safe_div gives 0.0 there, kept in cost_per_valid_evaluation_kit);
 *   - a percentile bootstrap CI of the pass kappa: one bootstrap of the calibration cases, paired
 *     across evaluators (the same resampled cases for every evaluator in a round), CPython's
 *     random.Random(bootstrap_seed) with randrange(n) draws as the other labs; rounds whose kappa is
 *     undefined are left out and counted, and when they are more than (1 - confidence)/2 of the
 *     rounds the interval itself is undefined ('too_many_undefined_rounds': a tail cannot be placed);
 *   - the gate as GateChecks (decision.ts) and the kit's recommendation (gate-passing evaluators by
 *     kappa, then pass accuracy, then lower cost per valid evaluation; stable).
 * Optional parts: ordinal scale with quantile mapping (QWK/MAE before and after on the held-out
 * split), construct check (kappa under each human definition), corrected pass rate (Rogan-Gladen
 * with a bootstrap interval over the labelled cases AND the production runs: per round, the
 * resampled production passes are one Binomial(N, k/N) draw from random.Random(bootstrap_seed + 1),
 * core/stats/binomial.ts), pairwise order flips
 * and position bias, and the evaluation budget C_eval = N R (C_in T_in + C_out T_out) + C_human.
 * Numbers are unrounded; nothing here returns NaN.
 */
import type { RunHooks } from '../core/contract/lab.ts';
import { verdictOf } from '../core/contract/gate_check.ts';
import type { EvaluatorsInput, Rubric } from './schema.ts';
import { evaluatorChecks, rankEvaluators } from './decision.ts';
import type { EvaluatorReport, EvaluatorsHeavy, EvaluatorsResult, EvaluatorsView } from './results.ts';
import { auditEvaluator, humanRuleDisagreements } from './audit/audit.ts';
import { intervalWithRule, offInterval, pairedBootstrap } from './audit/bootstrap.ts';
import { correctedPassRate } from './analyses/corrected_pass_rate.ts';
import { ordinalResult } from './analyses/ordinal.ts';
import { constructResult } from './analyses/construct.ts';
import { pairwiseResult } from './analyses/pairwise.ts';
import { budgetResult } from './analyses/budget.ts';

export type { EvaluatorsView, PassConfusion, CaseFlag, CriterionReport, RulePass, IntervalBlock, EvaluatorReport, OrdinalResult, ConstructRow, ConstructResult, CorrectedPassRate, PairwiseResult, BudgetRow, BudgetResult, EvaluatorsHeavy, EvaluatorsResult } from './results.ts';
export { intervalWithRule } from './audit/bootstrap.ts';

/** The kit's passes_gate: its four conditions on its own (rounded) figures, plain comparisons. */
function kitGate(r: Pick<EvaluatorReport, 'pass_kappa_kit' | 'false_passes_kit' | 'parse_errors' | 'cost_per_valid_evaluation_kit'>, rubric: Rubric): boolean {
  return (
    r.pass_kappa_kit >= rubric.min_kappa &&
    r.false_passes_kit.length <= rubric.max_false_passes &&
    r.parse_errors <= rubric.max_parse_errors &&
    r.cost_per_valid_evaluation_kit <= rubric.max_cost_per_valid_evaluation
  );
}

/**
 * The heavy part of the lab: every report, the bootstraps and the optional sections (module
 * comment). Pure and deterministic. `hooks.progress('bootstrap', fraction)` during the bootstrap.
 */
export function runEvaluators(input: EvaluatorsInput, hooks?: RunHooks): EvaluatorsHeavy {
  const { rubric } = input;
  const partial = input.evaluators.map((ev) => auditEvaluator(input, ev));
  const productionIndex = input.production ? input.evaluators.findIndex((e) => e.evaluator_id === input.production!.evaluator_id) : -1;
  const boot = rubric.bootstrap_rounds > 0 ? pairedBootstrap(input, hooks) : null;
  const pairwise = input.pairwise ? pairwiseResult(input) : null;
  const reports: EvaluatorReport[] = partial.map((p, e) => {
    const { cells: _cells, ...rest } = p;
    const ci = boot ? intervalWithRule(boot.kappa[e], rubric.confidence_level, rubric.bootstrap_rounds, rubric.bootstrap_seed) : offInterval(rubric.confidence_level, rubric.bootstrap_seed);
    const flip = pairwise && pairwise.evaluator_id === p.evaluator_id ? pairwise : null;
    const checks = evaluatorChecks({ ...rest, pass_kappa_ci: ci }, rubric, flip);
    const report: EvaluatorReport = {
      ...rest,
      pass_kappa_ci: ci,
      passes_gate: verdictOf(checks).verdict === 'pass',
      passes_gate_kit: kitGate(rest, rubric),
      checks,
    };
    if (ci.reason) report.undefined_metrics.pass_kappa_ci = ci.reason;
    return report;
  });
  // key order of the kit first
  const ordered = reports.map((r) => {
    const { evaluator_id, cases, parse_errors, criterion_accuracy, pass_accuracy, pass_kappa, false_passes, false_blocks, total_cost, cost_per_valid_evaluation, passes_gate, ...lab } = r;
    return { evaluator_id, cases, parse_errors, criterion_accuracy, pass_accuracy, pass_kappa, false_passes, false_blocks, total_cost, cost_per_valid_evaluation, passes_gate, ...lab };
  });
  const ranking = rankEvaluators(ordered.filter((r) => r.passes_gate)).map((r) => r.evaluator_id);
  const kitRanking = rankEvaluators(
    ordered.filter((r) => r.passes_gate_kit).map((r) => ({ id: r.evaluator_id, pass_kappa: r.pass_kappa_kit, pass_accuracy: r.pass_accuracy_kit, cost_per_valid_evaluation: r.cost_per_valid_evaluation_kit })),
  );
  const production = productionIndex >= 0 ? correctedPassRate(input, ordered[productionIndex], boot && { tpr: boot.tpr[productionIndex], tnr: boot.tnr[productionIndex] }) : null;
  return {
    rubric_id: rubric.rubric_id,
    reports: ordered,
    recommended_evaluator: ranking[0] ?? null,
    recommended_evaluator_kit: kitRanking[0]?.id ?? null,
    ranking,
    criteria: rubric.criteria.map((c) => c.criterion),
    blocking_criteria: [...rubric.blocking_criteria],
    pass_threshold: rubric.pass_threshold,
    cases: input.cases.length,
    cases_format: input.cases_format,
    human_rule_disagreements: humanRuleDisagreements(input),
    bootstrap: { seed: rubric.bootstrap_seed, rounds: rubric.bootstrap_rounds, confidence: rubric.confidence_level },
    construct: input.construct ? constructResult(input) : null,
    corrected_pass_rate: production,
    ordinal: input.ordinal ? ordinalResult(input) : null,
    pairwise,
    budget: input.budget ? budgetResult(input, ordered) : null,
  };
}

/**
 * The cheap part (`select`): the evaluator the decision is about (the view's, when it names one of
 * the evaluators; else the recommended one; else the best-ranked of all, which then fails with its
 * reasons) and the criterion the page shows (the view's, when it is a rubric criterion, else null).
 * The top-level `checks` are that evaluator's, and `decision` is verdictOf(checks).
 */
export function selectEvaluators(heavy: EvaluatorsHeavy, view: EvaluatorsView): EvaluatorsResult {
  const requested = view.evaluator;
  const found = requested !== null && heavy.reports.some((r) => r.evaluator_id === requested);
  const focusId = found ? requested! : (heavy.recommended_evaluator ?? rankEvaluators(heavy.reports)[0].evaluator_id);
  const report = heavy.reports.find((r) => r.evaluator_id === focusId)!;
  const criterion = view.criterion !== null && heavy.criteria.includes(view.criterion) ? view.criterion : null;
  return {
    ...heavy,
    focus: { evaluator_id: focusId, criterion, requested_evaluator: requested, requested_found: found },
    checks: report.checks,
    decision: { ...verdictOf(report.checks), evaluator_id: focusId },
  };
}
