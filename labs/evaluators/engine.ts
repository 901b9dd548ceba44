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
import type { GateCheck } from '../core/contract/gate_check.ts';
import { agreementMaybe, binaryKappaFromCounts, cohenKappa, confusionMatrix } from '../core/stats/agreement.ts';
import { applyQuantileMap, fitQuantileMap, meanAbsoluteError } from '../core/stats/quantile_map.ts';
import type { QuantileMapRow } from '../core/stats/quantile_map.ts';
import { roganGladen } from '../core/stats/prevalence.ts';
import { ruledPercentileInterval } from '../core/stats/bootstrap.ts';
import { bootstrapBinaryAgreement, UNUSABLE } from '../core/stats/agreement_bootstrap.ts';
import type { AgreementRounds } from '../core/stats/agreement_bootstrap.ts';
import type { Decision } from '../core/contract/types.ts';
import { binomialDraw } from '../core/stats/binomial.ts';
import { PyRandom } from '../core/stats/rng.ts';
import { atLeast } from '../core/stats/tolerance.ts';
import { defined, flattenMaybe, ratio, undef } from '../core/stats/maybe.ts';
import type { Maybe } from '../core/stats/maybe.ts';
import type { EvaluatorsCheckId, EvaluatorsReason, EvaluatorsUndefinedReason } from './i18n/index.ts';
import type { EvaluatorRuns, EvaluatorsInput, PairChoice, Rubric } from './schema.ts';
import { kitBinaryKappa, kitSafeDiv } from './kit.ts';
import { evaluatorChecks, rankEvaluators } from './decision.ts';
import { verdictOf } from '../core/contract/gate_check.ts';

type UR = EvaluatorsUndefinedReason;
type M = Maybe<UR>;

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

export interface IntervalBlock {
  low: number | null;
  high: number | null;
  confidence: number;
  rounds: number;
  seed: number;
  defined_rounds: number;
  undefined_rounds: number;
  /** Why low/high are null. */
  reason: UR | null;
}

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

const m2 = (a: number, b: number, c: number, d: number): number[][] => [
  [a, b],
  [c, d],
];

/**
 * The percentile interval of per-round values under core's undefined-rounds rule
 * (labs/core/stats/bootstrap.ts, ruledPercentileInterval: undefined when more than
 * (1 - confidence)/2 of the rounds are undefined), with what made it.
 */
export function intervalWithRule(values: ArrayLike<number | null>, confidence: number, rounds: number, seed: number): IntervalBlock {
  const ci = ruledPercentileInterval(values, confidence);
  return { low: ci.low, high: ci.high, confidence, rounds, seed, defined_rounds: ci.defined_rounds, undefined_rounds: ci.undefined_rounds, reason: ci.reason };
}

function offInterval(confidence: number, seed: number): IntervalBlock {
  return { low: null, high: null, confidence, rounds: 0, seed, defined_rounds: 0, undefined_rounds: 0, reason: 'bootstrap_off' };
}

function nullProto<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Everything about one evaluator that does not need the bootstrap (module comment). */
function auditEvaluator(input: EvaluatorsInput, ev: EvaluatorRuns): Omit<EvaluatorReport, 'pass_kappa_ci' | 'checks' | 'passes_gate'> & { cells: number[] } {
  const { rubric, cases, human } = input;
  const C = rubric.criteria.length;
  const L = C + 1;
  const n = cases.length;
  const names = rubric.criteria.map((c) => c.criterion);
  const blockingIdx = rubric.blocking_criteria.map((b) => names.indexOf(b));
  const pIn = ev.input_price_per_1k;
  const pOut = ev.output_price_per_1k;
  const matches = new Array<number>(L).fill(0);
  const kitMatches = new Array<number>(L).fill(0);
  // per criterion (and pass) confusion over valid runs: [h0j0, h0j1, h1j0, h1j1]
  const cm = new Array<number>(L * 4).fill(0);
  const rule = [0, 0, 0, 0];
  const falsePasses: string[] = [];
  const falseBlocks: string[] = [];
  const falsePassesKit: string[] = [];
  const falseBlocksKit: string[] = [];
  const falsePassCases: CaseFlag[] = [];
  const falseBlockCases: CaseFlag[] = [];
  const criticalCases: CaseFlag[] = [];
  const ruleFalsePasses: string[] = [];
  const ruleFalseBlocks: string[] = [];
  const ruleDisagreements: string[] = [];
  const kitPred: (number | null)[] = new Array(n);
  const kitRef = new Uint8Array(n);
  let total = 0;
  let valid = 0;
  let useful = 0;
  let ruleAgrees = 0;

  const flag = (i: number, failed: string[]): CaseFlag => ({ case_id: cases[i].case_id, task: cases[i].task, input: cases[i].input, blocking_failed: failed });
  const failedBlocking = (i: number): string[] => {
    const out: string[] = [];
    for (const b of blockingIdx) if (human[i * L + b] === 0) out.push(names[b]);
    return out;
  };
  for (let i = 0; i < n; i++) {
    const base = i * L;
    const hp = human[base + C];
    total += (ev.input_tokens[i] / 1000) * pIn + (ev.output_tokens[i] / 1000) * pOut;
    for (let l = 0; l < L; l++) if (ev.scores[base + l] === human[base + l]) kitMatches[l]++;
    const jpRaw = ev.scores[base + C];
    kitRef[i] = hp;
    kitPred[i] = jpRaw < 0 ? null : jpRaw;
    if (hp === 0 && jpRaw === 1) falsePassesKit.push(cases[i].case_id);
    if (hp === 1 && jpRaw === 0) falseBlocksKit.push(cases[i].case_id);
    if (!ev.parse_ok[i]) continue;
    valid++;
    let sum = 0;
    let blockingOk = true;
    for (let l = 0; l < L; l++) {
      const s = ev.scores[base + l];
      const h = human[base + l];
      if (s === h) matches[l]++;
      cm[l * 4 + h * 2 + s]++;
      if (l < C) sum += s;
    }
    for (const b of blockingIdx) if (ev.scores[base + b] !== 1) blockingOk = false;
    const jp = jpRaw;
    if (jp === hp) useful++;
    if (hp === 0 && jp === 1) {
      falsePasses.push(cases[i].case_id);
      falsePassCases.push(flag(i, failedBlocking(i)));
    }
    if (hp === 1 && jp === 0) {
      falseBlocks.push(cases[i].case_id);
      falseBlockCases.push(flag(i, failedBlocking(i)));
    }
    if (jp === 1) {
      const failed = failedBlocking(i);
      if (failed.length) criticalCases.push(flag(i, failed));
    }
    const rp = blockingOk && atLeast(sum / C, rubric.pass_threshold) ? 1 : 0;
    rule[hp * 2 + rp]++;
    if (rp === jp) ruleAgrees++;
    else ruleDisagreements.push(cases[i].case_id);
    if (hp === 0 && rp === 1) ruleFalsePasses.push(cases[i].case_id);
    if (hp === 1 && rp === 0) ruleFalseBlocks.push(cases[i].case_id);
  }
  const P = C * 4;
  const cells = [cm[P], cm[P + 1], cm[P + 2], cm[P + 3]];
  const confusion: PassConfusion = { true_pass: cells[3], false_pass: cells[1], false_block: cells[2], true_block: cells[0] };
  const humanPasses = cells[2] + cells[3];
  const humanBlocks = cells[0] + cells[1];
  const passAccuracy = ratio<UR>(matches[C], valid, 'no_valid_evaluations');
  const passKappa = agreementMaybe(binaryKappaFromCounts(cells[0], cells[1], cells[2], cells[3])) as M;
  const tpr = ratio<UR>(cells[3], humanPasses, 'no_human_passes');
  const tnr = ratio<UR>(cells[0], humanBlocks, 'no_human_blocks');
  const fpr = ratio<UR>(cells[1], humanBlocks, 'no_human_blocks');
  const fbr = ratio<UR>(cells[2], humanPasses, 'no_human_passes');
  const costPerValid = ratio<UR>(total, valid, 'no_valid_evaluations');
  const costPerUseful = ratio<UR>(total, useful, 'no_useful_evaluations');
  const criterionAccuracy = nullProto<number | null>();
  const criterionAccuracyKit = nullProto<number>();
  const perCriterion: CriterionReport[] = [];
  for (let l = 0; l < L; l++) {
    const name = l < C ? names[l] : 'pass';
    const acc = ratio<UR>(matches[l], valid, 'no_valid_evaluations');
    criterionAccuracy[name] = acc.value;
    criterionAccuracyKit[name] = kitSafeDiv(kitMatches[l], n);
    if (l === C) break;
    const k = agreementMaybe(binaryKappaFromCounts(cm[l * 4], cm[l * 4 + 1], cm[l * 4 + 2], cm[l * 4 + 3])) as M;
    const f = flattenMaybe({ accuracy: acc, kappa: k });
    perCriterion.push({
      criterion: name,
      blocking: rubric.blocking_criteria.includes(name),
      valid,
      matches: matches[l],
      accuracy: acc.value,
      accuracy_kit: criterionAccuracyKit[name],
      kappa: k.value,
      confusion_matrix: m2(cm[l * 4], cm[l * 4 + 1], cm[l * 4 + 2], cm[l * 4 + 3]),
      false_passes: cm[l * 4 + 1],
      false_blocks: cm[l * 4 + 2],
      undefined_metrics: f.reasons,
    });
  }
  const ruleAcc = ratio<UR>(rule[0] + rule[3], valid, 'no_valid_evaluations');
  const ruleKappa = agreementMaybe(binaryKappaFromCounts(rule[0], rule[1], rule[2], rule[3])) as M;
  const ruleFpr = ratio<UR>(rule[1], rule[0] + rule[1], 'no_human_blocks');
  const ruleFbr = ratio<UR>(rule[2], rule[2] + rule[3], 'no_human_passes');
  const ruleFlat = flattenMaybe({ accuracy: ruleAcc, kappa: ruleKappa, false_pass_rate: ruleFpr, false_block_rate: ruleFbr });
  const flat = flattenMaybe({
    pass_accuracy: passAccuracy,
    pass_kappa: passKappa,
    tpr,
    tnr,
    false_pass_rate: fpr,
    false_block_rate: fbr,
    cost_per_valid_evaluation: costPerValid,
    cost_per_useful_evaluation: costPerUseful,
  });
  const undefinedMetrics: Partial<Record<string, UR>> = { ...flat.reasons };
  if (valid === 0) undefinedMetrics.criterion_accuracy = 'no_valid_evaluations';
  return {
    evaluator_id: ev.evaluator_id,
    cases: n,
    parse_errors: n - valid,
    criterion_accuracy: criterionAccuracy,
    pass_accuracy: passAccuracy.value,
    pass_kappa: passKappa.value,
    ...agreementParts(cells[0], cells[1], cells[2], cells[3]),
    false_passes: falsePasses,
    false_blocks: falseBlocks,
    total_cost: total,
    cost_per_valid_evaluation: costPerValid.value,
    valid_evaluations: valid,
    parse_error_rate: (n - valid) / n,
    criterion_accuracy_kit: criterionAccuracyKit,
    pass_accuracy_kit: criterionAccuracyKit.pass,
    pass_kappa_kit: kitBinaryKappa(kitRef, kitPred),
    false_passes_kit: falsePassesKit,
    false_blocks_kit: falseBlocksKit,
    confusion,
    confusion_matrix: m2(cells[0], cells[1], cells[2], cells[3]),
    tpr: tpr.value,
    tnr: tnr.value,
    false_pass_rate: fpr.value,
    false_block_rate: fbr.value,
    critical_false_passes: criticalCases.length,
    critical_false_pass_cases: criticalCases,
    false_pass_cases: falsePassCases,
    false_block_cases: falseBlockCases,
    per_criterion: perCriterion,
    rubric_pass: {
      pass_threshold: rubric.pass_threshold,
      blocking_criteria: [...rubric.blocking_criteria],
      agrees_with_judge: ruleAgrees,
      disagreements_with_judge: ruleDisagreements,
      accuracy: ruleAcc.value,
      kappa: ruleKappa.value,
      confusion: { true_pass: rule[3], false_pass: rule[1], false_block: rule[2], true_block: rule[0] },
      false_passes: ruleFalsePasses,
      false_blocks: ruleFalseBlocks,
      false_pass_rate: ruleFpr.value,
      false_block_rate: ruleFbr.value,
      undefined_metrics: ruleFlat.reasons,
    },
    input_price_per_1k: pIn,
    output_price_per_1k: pOut,
    cost_per_run: total / n,
    useful_evaluations: useful,
    cost_per_useful_evaluation: costPerUseful.value,
    cost_per_valid_evaluation_kit: kitSafeDiv(total, valid),
    passes_gate_kit: false,
    undefined_metrics: undefinedMetrics,
    cells,
  };
}

/** Cases whose human `pass` differs from the rubric's rule applied to the human's criterion labels. */
function humanRuleDisagreements(input: EvaluatorsInput): string[] {
  const { rubric, cases, human } = input;
  const C = rubric.criteria.length;
  const L = C + 1;
  const blockingIdx = rubric.blocking_criteria.map((b) => rubric.criteria.findIndex((c) => c.criterion === b));
  const out: string[] = [];
  for (let i = 0; i < cases.length; i++) {
    let sum = 0;
    for (let l = 0; l < C; l++) sum += human[i * L + l];
    const ok = blockingIdx.every((b) => human[i * L + b] === 1) && atLeast(sum / C, rubric.pass_threshold);
    if ((ok ? 1 : 0) !== human[i * L + C]) out.push(cases[i].case_id);
  }
  return out;
}

/**
 * The paired bootstrap of the calibration cases (module comment), core's bootstrapBinaryAgreement
 * (labs/core/stats/agreement_bootstrap.ts): a case's state under an evaluator is human pass * 2 +
 * judge pass on a valid run, UNUSABLE on an unreadable one. Per evaluator, the pass kappa, TPR and
 * TNR of every round.
 */
function pairedBootstrap(input: EvaluatorsInput, hooks?: RunHooks): AgreementRounds {
  const { rubric, human, evaluators } = input;
  const n = input.cases.length;
  const L = rubric.criteria.length + 1;
  const C = L - 1;
  const rounds = rubric.bootstrap_rounds;
  const states = evaluators.map((ev) => {
    const st = new Uint8Array(n);
    for (let i = 0; i < n; i++) st[i] = ev.parse_ok[i] ? human[i * L + C] * 2 + ev.scores[i * L + C] : UNUSABLE;
    return st;
  });
  const every = Math.max(1, Math.floor(rounds / 50));
  return bootstrapBinaryAgreement(states, rounds, rubric.bootstrap_seed, (r) => {
    if (hooks?.progress && r % every === 0) hooks.progress('bootstrap', r / rounds);
  });
}

function correctedPassRate(input: EvaluatorsInput, report: EvaluatorReport, boot: { tpr: (number | null)[]; tnr: (number | null)[] } | null): CorrectedPassRate {
  const p = input.production!;
  const { rubric } = input;
  const observed = p.judged_passes / p.runs;
  const point = report.tpr !== null && report.tnr !== null ? roganGladen(observed, report.tpr, report.tnr) : null;
  const valueM: M = point === null ? undef('depends_on_undefined') : point.value === null ? undef('judge_not_better_than_chance') : defined(point.value);
  const productionSeed = rubric.bootstrap_seed + 1;
  let interval: IntervalBlock;
  if (boot === null) interval = offInterval(rubric.confidence_level, rubric.bootstrap_seed);
  else {
    const rounds = rubric.bootstrap_rounds;
    // Resampling the N production runs with replacement and counting the judged passes is one
    // Binomial(N, k/N) draw (core/stats/binomial.ts): O(1)-ish per round instead of N index draws.
    const prng = new PyRandom(productionSeed);
    const est = new Array<number | null>(rounds);
    for (let r = 0; r < rounds; r++) {
      const passes = binomialDraw(prng, p.runs, observed);
      const t = boot.tpr[r];
      const s = boot.tnr[r];
      est[r] = t === null || s === null ? null : roganGladen(passes / p.runs, t, s).value;
    }
    interval = intervalWithRule(est, rubric.confidence_level, rounds, rubric.bootstrap_seed);
  }
  const flat = flattenMaybe({
    tpr: report.tpr === null ? undef<UR>(report.undefined_metrics.tpr ?? 'no_human_passes') : defined(report.tpr),
    tnr: report.tnr === null ? undef<UR>(report.undefined_metrics.tnr ?? 'no_human_blocks') : defined(report.tnr),
    value: valueM,
    low: interval.reason ? undef<UR>(interval.reason) : defined(interval.low!),
    high: interval.reason ? undef<UR>(interval.reason) : defined(interval.high!),
  });
  return {
    evaluator_id: p.evaluator_id,
    runs: p.runs,
    judged_passes: p.judged_passes,
    observed,
    tpr: report.tpr,
    tnr: report.tnr,
    youden_j: point === null ? null : point.youden_j,
    value: valueM.value,
    value_unclipped: point?.unclipped ?? null,
    clipped: point?.clipped ?? false,
    low: interval.low,
    high: interval.high,
    confidence: rubric.confidence_level,
    rounds: interval.rounds,
    seed: rubric.bootstrap_seed,
    production_seed: productionSeed,
    defined_rounds: interval.defined_rounds,
    undefined_rounds: interval.undefined_rounds,
    undefined_metrics: flat.reasons,
  };
}

function exactAgreement(a: readonly number[], b: readonly number[]): M {
  let s = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) s++;
  return ratio<UR>(s, a.length, 'no_items');
}

function ordinalResult(input: EvaluatorsInput): OrdinalResult {
  const o = input.ordinal!;
  const cal = o.items.filter((it) => it.split === 'calibration');
  const held = o.items.filter((it) => it.split === 'heldout');
  const fit = fitQuantileMap(
    cal.map((i) => i.judge),
    cal.map((i) => i.human),
    o.scale,
  );
  const h = held.map((i) => i.human);
  const j = held.map((i) => i.judge);
  const mapped = fit.map ? applyQuantileMap(fit.map, j) : null;
  const noHeld = held.length === 0;
  const qwk = (a: number[], b: number[]): M => (a.length === 0 ? undef('no_heldout_items') : (agreementMaybe(cohenKappa(a, b, o.scale, 'quadratic')) as M));
  const afterOr = (f: (m: number[]) => M): M => (mapped === null ? undef('no_calibration_items') : noHeld ? undef('no_heldout_items') : f(mapped));
  const maeM = (a: number[], b: number[]): M => (a.length === 0 ? undef('no_heldout_items') : (meanAbsoluteError(a, b) as M));
  const exactM = (a: number[], b: number[]): M => (a.length === 0 ? undef('no_heldout_items') : exactAgreement(a, b));
  const ch = cal.map((i) => i.human);
  const cj = cal.map((i) => i.judge);
  const named = {
    qwk_before: qwk(h, j),
    qwk_after: afterOr((m) => qwk(h, m)),
    mae_before: maeM(h, j),
    mae_after: afterOr((m) => maeM(h, m)),
    exact_before: exactM(h, j),
    exact_after: afterOr((m) => exactM(h, m)),
    calibration_qwk: cal.length ? (agreementMaybe(cohenKappa(ch, cj, o.scale, 'quadratic')) as M) : undef<UR>('no_calibration_items'),
    calibration_mae: cal.length ? (meanAbsoluteError(ch, cj) as M) : undef<UR>('no_calibration_items'),
  };
  const f = flattenMaybe(named);
  return {
    criterion: o.criterion,
    evaluator_id: o.evaluator_id,
    scale: [...o.scale],
    calibration_n: cal.length,
    heldout_n: held.length,
    mapping: fit.map ? fit.map.table : null,
    ...f.values,
    confusion_before: confusionMatrix(h, j, o.scale),
    confusion_after: mapped ? confusionMatrix(h, mapped, o.scale) : o.scale.map(() => o.scale.map(() => 0)),
    heldout: held.map((it, k) => ({ item_id: it.item_id, human: it.human, judge: it.judge, mapped: mapped ? mapped[k] : null })),
    undefined_metrics: { ...f.reasons, ...(fit.map ? {} : { mapping: 'no_calibration_items' as const }) },
  };
}

function constructResult(input: EvaluatorsInput): ConstructResult {
  const c = input.construct!;
  const judge = c.items.map((it) => it.judge);
  const rows: ConstructRow[] = c.constructs.map((d, k) => {
    const h = c.items.map((it) => it.labels[k]);
    const kappa = agreementMaybe(cohenKappa(h, judge, c.scale, 'none')) as M;
    const qwk = agreementMaybe(cohenKappa(h, judge, c.scale, 'quadratic')) as M;
    const acc = exactAgreement(h, judge);
    const f = flattenMaybe({ kappa, quadratic_weighted_kappa: qwk, accuracy: acc });
    return {
      construct_id: d.construct_id,
      definition: d.definition,
      judge_construct: c.judge_construct === d.construct_id,
      kappa: kappa.value,
      quadratic_weighted_kappa: qwk.value,
      accuracy: acc.value,
      confusion_matrix: confusionMatrix(h, judge, c.scale),
      disagreements: c.items.filter((it, i) => it.labels[k] !== judge[i]).map((it) => it.item_id),
      undefined_metrics: f.reasons,
    };
  });
  const out = Object.assign(Object.create(null) as ConstructResult, {
    criterion: c.criterion,
    description: c.description,
    context: c.context,
    judge_construct: c.judge_construct,
    scale: [...c.scale],
    n: c.items.length,
    constructs: rows,
    changed_items: c.items
      .filter((it) => it.labels.some((v) => v !== it.labels[0]))
      .map((it) => ({ item_id: it.item_id, answer: it.answer, judge: it.judge, labels: c.constructs.map((d, k) => ({ construct_id: d.construct_id, label: it.labels[k] })) })),
  });
  for (const r of rows) (out as Record<string, unknown>)[`kappa_${r.construct_id}`] = r.kappa;
  return out;
}

function pairwiseResult(input: EvaluatorsInput): PairwiseResult {
  const p = input.pairwise!;
  let flips = 0;
  let decisive = 0;
  let first = 0;
  let aWins = 0;
  let bWins = 0;
  let ties = 0;
  const perPair = p.pairs.map((x) => {
    const flipped = x.a_first !== x.b_first;
    if (flipped) flips++;
    else if (x.a_first === 'A') aWins++;
    else if (x.a_first === 'B') bWins++;
    else ties++;
    // A is shown first in the a_first order, B in the b_first order
    if (x.a_first !== 'tie') {
      decisive++;
      if (x.a_first === 'A') first++;
    }
    if (x.b_first !== 'tie') {
      decisive++;
      if (x.b_first === 'B') first++;
    }
    return { pair_id: x.pair_id, a_first: x.a_first, b_first: x.b_first, flipped, winner: flipped ? null : x.a_first };
  });
  const flipRate = ratio<UR>(flips, p.pairs.length, 'no_pairs');
  const firstRate = ratio<UR>(first, decisive, 'no_decisive_judgments');
  const bias: M = firstRate.value === null ? undef('no_decisive_judgments') : defined(firstRate.value - 0.5);
  const f = flattenMaybe({ order_flip_rate: flipRate, first_position_rate: firstRate, position_bias: bias });
  return {
    evaluator_id: p.evaluator_id,
    pairs: p.pairs.length,
    flips,
    order_flip_rate: f.values.order_flip_rate,
    decisive_judgments: decisive,
    first_position_wins: first,
    first_position_rate: f.values.first_position_rate,
    position_bias: f.values.position_bias,
    consistent_pairs: p.pairs.length - flips,
    a_wins: aWins,
    b_wins: bWins,
    ties,
    per_pair: perPair,
    undefined_metrics: f.reasons,
  };
}

function budgetResult(input: EvaluatorsInput, reports: EvaluatorReport[]): BudgetResult {
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

/**
 * The parts of Cohen's kappa for the pass decision from its 2x2 table (m_hj: human h, judge j):
 * observed agreement p_o = (m00 + m11)/n, agreement expected by chance
 * p_e = ((m00 + m01)(m00 + m10) + (m10 + m11)(m01 + m11))/n², and the false passes m01. With no
 * valid run (n = 0) both proportions are null.
 */
function agreementParts(m00: number, m01: number, m10: number, m11: number): { pass_observed_agreement: number | null; pass_expected_agreement: number | null; false_pass_count: number } {
  const n = m00 + m01 + m10 + m11;
  if (n === 0) return { pass_observed_agreement: null, pass_expected_agreement: null, false_pass_count: m01 };
  return {
    pass_observed_agreement: (m00 + m11) / n,
    pass_expected_agreement: ((m00 + m01) * (m00 + m10) + (m10 + m11) * (m01 + m11)) / (n * n),
    false_pass_count: m01,
  };
}
