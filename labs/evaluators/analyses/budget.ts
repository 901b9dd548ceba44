/**
 * Optional analysis: the evaluation budget C_eval = N R (C_in T_in + C_out T_out) + C_human and the
 * cost per useful evaluation of each evaluator.
 */
import { ratio } from '../../core/stats/maybe.ts';
import type { EvaluatorsInput } from '../schema.ts';
import type { BudgetResult, EvaluatorReport, UR } from '../results.ts';

/**
 * The evaluation budget of every evaluator (module comment); cost per useful evaluation undefined
 * ('no_expected_useful') when none is expected.
 */
export function budgetResult(input: EvaluatorsInput, reports: EvaluatorReport[]): BudgetResult {
  const b = input.budget!;
  const evaluations = b.cases * b.repetitions;
  const humanCost = b.human_review_cases * b.human_cost_per_case;
  const n = input.cases.length;
  return {
    cases: b.cases,
    repetitions: b.repetitions,
    evaluations,
    human_review_cases: b.human_review_cases,
    human_cost_per_case: b.human_cost_per_case,
    human_cost: humanCost,
    evaluators: input.evaluators.map((ev, e) => {
      let tin = 0;
      let tout = 0;
      for (let i = 0; i < n; i++) {
        tin += ev.input_tokens[i];
        tout += ev.output_tokens[i];
      }
      const tokensIn = b.tokens_in ?? tin / n;
      const tokensOut = b.tokens_out ?? tout / n;
      const perEval = (tokensIn / 1000) * ev.input_price_per_1k + (tokensOut / 1000) * ev.output_price_per_1k;
      const model = evaluations * perEval;
      const usefulRate = reports[e].useful_evaluations / n;
      const expected = evaluations * usefulRate;
      const cpu = ratio<UR>(model + humanCost, expected, 'no_expected_useful');
      return {
        evaluator_id: ev.evaluator_id,
        tokens_in: tokensIn,
        tokens_out: tokensOut,
        cost_per_evaluation: perEval,
        model_cost: model,
        c_eval: model + humanCost,
        useful_rate: usefulRate,
        expected_useful: expected,
        cost_per_useful: cpu.value,
        undefined_metrics: cpu.value === null ? { cost_per_useful: cpu.reason } : {},
      };
    }),
  };
}
