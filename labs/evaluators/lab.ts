/**
 * The evaluator-audit lab's engine module (LabModule, core/contract/lab.ts):
 *   parse   the eight texts of schema.ts (rubric, cases, outputs required) -> EvaluatorsInput
 *   run     runEvaluators: every report, the paired bootstrap of kappa, the optional sections (heavy;
 *           it does not depend on the view, so heavyKey is constant)
 *   select  the evaluator the decision is about and the criterion shown (engine.ts, selectEvaluators)
 *   report  decision.md in Spanish or English (report.ts)
 */
import type { LabModule } from '../core/contract/lab.ts';
import { parseEvaluatorsInput } from './schema.ts';
import type { EvaluatorsInput } from './schema.ts';
import { runEvaluators, selectEvaluators } from './engine.ts';
import type { EvaluatorsHeavy, EvaluatorsResult, EvaluatorsView } from './engine.ts';
import { renderEvaluatorsReport } from './report.ts';

/** The view a fresh lab starts with: the recommended evaluator, no criterion singled out. */
export const DEFAULT_EVALUATORS_VIEW: EvaluatorsView = { evaluator: null, criterion: null };

export const lab: LabModule<EvaluatorsInput, EvaluatorsHeavy, EvaluatorsResult, EvaluatorsView> = {
  parse: (texts, lang) => parseEvaluatorsInput(texts, lang),
  run: (input, _view, hooks) => runEvaluators(input, hooks),
  heavyKey: () => '',
  select: (heavy, view) => selectEvaluators(heavy, view ?? DEFAULT_EVALUATORS_VIEW),
  report: renderEvaluatorsReport,
};
