/**
 * The evaluator lab's result shapes: the audit of each evaluator, the five optional analyses
 * (ordinal, construct, corrected pass rate, pairwise, budget) and the scorecard
 * (labs/evaluators/engine.ts is the entry; its module comment is the spec).
 */
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { QuantileMapRow } from '../core/stats/quantile_map.ts';
import type { Decision } from '../core/contract/types.ts';
import type { Interval, Maybe } from '../core/stats/maybe.ts';
import type { EvaluatorsCheckId, EvaluatorsReason, EvaluatorsUndefinedReason } from './i18n/index.ts';
import type { PairChoice } from './schema.ts';

export type UR = EvaluatorsUndefinedReason;
export type M = Maybe<UR>;

/** The view: which evaluator the decision and the page focus on (null: the recommended one), and which criterion. */
export interface EvaluatorsView {
  evaluator: string | null;
  criterion: string | null;
}

export interface PassConfusion {
  true_pass: number;
  false_pass: number;
  false_block: number;
  true_block: number;
}

/** A case in a list of false passes or blocks, with what the page shows beside it. */
export interface CaseFlag {
  case_id: string;
  task: string | null;
  input: string | null;
  /** Blocking criteria the human scored 0 on this case. */
  blocking_failed: string[];
}

export interface CriterionReport {
  criterion: string;
  blocking: boolean;
  valid: number;
  matches: number;
  /** matches / valid runs. */
  accuracy: number | null;
  /** The kit's figure: round(matches over every run / runs, 4). */
  accuracy_kit: number;
  kappa: number | null;
  /** Valid runs, rows human 0/1, columns judge 0/1. */
  confusion_matrix: number[][];
  false_passes: number;
  false_blocks: number;
  undefined_metrics: Partial<Record<'accuracy' | 'kappa', UR>>;
}

export interface RulePass {
  pass_threshold: number;
  blocking_criteria: string[];
  /** Valid runs whose own `pass` equals the rule applied to the judge's own criterion scores. */
  agrees_with_judge: number;
  /** Cases where it does not (the judge passes against its own blocking scores, or blocks a case the rule passes). */
  disagreements_with_judge: string[];
  accuracy: number | null;
  kappa: number | null;
  confusion: PassConfusion;
  false_passes: string[];
  false_blocks: string[];
  false_pass_rate: number | null;
  false_block_rate: number | null;
  undefined_metrics: Partial<Record<'accuracy' | 'kappa' | 'false_pass_rate' | 'false_block_rate', UR>>;
}

/** A bootstrap interval: core's Interval (both bounds, or neither with the reason), with what made it. */
export type IntervalBlock = Interval<UR> & {
  confidence: number;
  rounds: number;
  seed: number;
  defined_rounds: number;
  undefined_rounds: number;
};

export interface EvaluatorReport {
  evaluator_id: string;
  cases: number;
  parse_errors: number;
  /** Null-prototype object: criterion -> accuracy over valid runs, plus `pass`. */
  criterion_accuracy: Record<string, number | null>;
  pass_accuracy: number | null;
  pass_kappa: number | null;
  /** p_o of the pass decision on valid runs: (agreements) / n; null without valid runs. */
  pass_observed_agreement: number | null;
  /** p_e of the pass decision: sum over labels of the product of the two raters' rates; null without valid runs. */
  pass_expected_agreement: number | null;
  /** Cases the human blocks and the judge passes (the length of false_passes, on valid runs). */
  false_pass_count: number;
  false_passes: string[];
  false_blocks: string[];
  total_cost: number;
  cost_per_valid_evaluation: number | null;
  passes_gate: boolean;
  valid_evaluations: number;
  parse_error_rate: number;
  criterion_accuracy_kit: Record<string, number>;
  pass_accuracy_kit: number;
  pass_kappa_kit: number;
  pass_kappa_ci: IntervalBlock;
  false_passes_kit: string[];
  false_blocks_kit: string[];
  confusion: PassConfusion;
  /** Rows human 0/1, columns judge 0/1 (sklearn.metrics.confusion_matrix(human, judge, labels=[0, 1])). */
  confusion_matrix: number[][];
  tpr: number | null;
  tnr: number | null;
  false_pass_rate: number | null;
  false_block_rate: number | null;
  critical_false_passes: number;
  critical_false_pass_cases: CaseFlag[];
  false_pass_cases: CaseFlag[];
  false_block_cases: CaseFlag[];
  per_criterion: CriterionReport[];
  rubric_pass: RulePass;
  input_price_per_1k: number;
  output_price_per_1k: number;
  cost_per_run: number;
  useful_evaluations: number;
  cost_per_useful_evaluation: number | null;
  cost_per_valid_evaluation_kit: number;
  passes_gate_kit: boolean;
  checks: GateCheck<EvaluatorsCheckId, EvaluatorsReason>[];
  undefined_metrics: Partial<Record<string, UR>>;
}

export interface OrdinalResult {
  criterion: string | null;
  evaluator_id: string | null;
  scale: number[];
  calibration_n: number;
  heldout_n: number;
  mapping: QuantileMapRow[] | null;
  qwk_before: number | null;
  qwk_after: number | null;
  mae_before: number | null;
  mae_after: number | null;
  exact_before: number | null;
  exact_after: number | null;
  calibration_qwk: number | null;
  calibration_mae: number | null;
  /** Held-out split, rows human, columns judge (raw / mapped), on the declared scale. */
  confusion_before: number[][];
  confusion_after: number[][];
  heldout: { item_id: string; human: number; judge: number; mapped: number | null }[];
  undefined_metrics: Partial<Record<string, UR>>;
}

export interface ConstructRow {
  construct_id: string;
  definition: string | null;
  judge_construct: boolean;
  kappa: number | null;
  quadratic_weighted_kappa: number | null;
  accuracy: number | null;
  /** Rows human, columns judge, on the declared scale. */
  confusion_matrix: number[][];
  disagreements: string[];
  undefined_metrics: Partial<Record<'kappa' | 'quadratic_weighted_kappa' | 'accuracy', UR>>;
}

export type ConstructResult = {
  criterion: string | null;
  description: string | null;
  context: string | null;
  judge_construct: string | null;
  scale: number[];
  n: number;
  constructs: ConstructRow[];
  changed_items: { item_id: string; answer: string | null; judge: number; labels: { construct_id: string; label: number }[] }[];
} & { [key: `kappa_${string}`]: number | null };

export interface CorrectedPassRate {
  evaluator_id: string;
  runs: number;
  judged_passes: number;
  observed: number;
  tpr: number | null;
  tnr: number | null;
  youden_j: number | null;
  value: number | null;
  value_unclipped: number | null;
  clipped: boolean;
  low: number | null;
  high: number | null;
  confidence: number;
  rounds: number;
  seed: number;
  production_seed: number;
  defined_rounds: number;
  undefined_rounds: number;
  undefined_metrics: Partial<Record<string, UR>>;
}

export interface PairwiseResult {
  evaluator_id: string;
  pairs: number;
  flips: number;
  order_flip_rate: number | null;
  decisive_judgments: number;
  first_position_wins: number;
  first_position_rate: number | null;
  position_bias: number | null;
  consistent_pairs: number;
  a_wins: number;
  b_wins: number;
  ties: number;
  per_pair: { pair_id: string; a_first: PairChoice; b_first: PairChoice; flipped: boolean; winner: PairChoice | null }[];
  undefined_metrics: Partial<Record<string, UR>>;
}

export interface BudgetRow {
  evaluator_id: string;
  tokens_in: number;
  tokens_out: number;
  cost_per_evaluation: number;
  model_cost: number;
  c_eval: number;
  useful_rate: number;
  expected_useful: number;
  cost_per_useful: number | null;
  undefined_metrics: Partial<Record<'cost_per_useful', UR>>;
}

export interface BudgetResult {
  cases: number;
  repetitions: number;
  evaluations: number;
  human_review_cases: number;
  human_cost_per_case: number;
  human_cost: number;
  evaluators: BudgetRow[];
}

/** What `run` computes (everything but the view-dependent focus and decision). */
export interface EvaluatorsHeavy {
  rubric_id: string;
  reports: EvaluatorReport[];
  recommended_evaluator: string | null;
  recommended_evaluator_kit: string | null;
  /** Gate-passing evaluators in recommendation order. */
  ranking: string[];
  criteria: string[];
  blocking_criteria: string[];
  pass_threshold: number;
  cases: number;
  cases_format: 'json' | 'jsonl' | 'csv';
  /** Cases whose human `pass` does not follow the rubric's rule applied to the human's own criterion labels. */
  human_rule_disagreements: string[];
  bootstrap: { seed: number; rounds: number; confidence: number };
  construct: ConstructResult | null;
  corrected_pass_rate: CorrectedPassRate | null;
  ordinal: OrdinalResult | null;
  pairwise: PairwiseResult | null;
  budget: BudgetResult | null;
}

/** The scorecard: the heavy part plus the focus, the focus evaluator's checks and the decision. */
export interface EvaluatorsResult extends EvaluatorsHeavy {
  focus: { evaluator_id: string; criterion: string | null; requested_evaluator: string | null; requested_found: boolean };
  checks: GateCheck<EvaluatorsCheckId, EvaluatorsReason>[];
  /** verdictOf(checks), and the evaluator it is about. */
  decision: Decision<EvaluatorsReason> & { evaluator_id: string };
}
