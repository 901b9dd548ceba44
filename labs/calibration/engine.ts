/**
 * The calibration lab's engine (chapter 05): validated cases + policy -> scorecard.
 *
 * What it does, in the kit's order (ops/ai/calibrate_policy.py), with the lab's corrections:
 * 1. Every calibrator (histogram with Laplace smoothing, Platt, isotonic, temperature) is fitted
 *    on the calibration split only; raw and calibrated metrics are measured on the evaluation
 *    split only (Brier with Murphy's decomposition, log loss, ECE, MCE, reliability table with a
 *    Wilson interval per bin, bootstrap 95% CI of Brier and ECE).
 * 2. The chosen calibrator (policy.calibrator, or the view) feeds split conformal prediction and
 *    the review policy. The sets do not reuse the cases that fitted the calibrator (that breaks the
 *    coverage guarantee, as the kit does): the calibration split is cut in file order
 *    (conformalSplit, 'alternate_file_order'): the 1st, 3rd, ... cases fit a copy of the
 *    calibrator, the 2nd, 4th, ... give the non-conformity scores; q is the rank ceil((n+1)(1-alpha)) of those
 *    n = n_quantile scores, +Inf when that rank exceeds n (never clamped). The thresholds of the
 *    review policy read the calibrator fitted on the whole calibration split.
 * 3. Two-threshold grid low < high over {0.05, ..., 0.95}: review when the conformal set is not a
 *    singleton; a singleton set automates only towards the label it holds (the kit automates
 *    towards whichever threshold p crosses); cost, constraints and tie-breaks as the kit; the
 *    number of feasible pairs tied at the best cost is reported.
 * 4. Risk-coverage curve, per-slice report, calibration manifest and recalibration triggers.
 * Numbers are unrounded; undefined metrics are null with a reason code in `undefined_metrics`.
 */
import { PROBABILITY_TOLERANCE } from '../core/stats/tolerance.ts';
import {
  binEdges,
  binIndices,
  brierDecomposition,
  brierScore,
  eceFromTable,
  logLoss,
  mceFromTable,
  reliabilityFromIndices,
} from '../core/stats/calibration_metrics.ts';
import type { BinningStrategy, BrierDecomposition, ReliabilityBin } from '../core/stats/calibration_metrics.ts';
import { applyCalibrator, CALIBRATOR_TYPES, fitCalibrator } from '../core/stats/calibrators.ts';
import type { Calibrator, CalibratorType } from '../core/stats/calibrators.ts';
import { conformalSplit, conformalThreshold, evaluateConformal, nonconformityScores, pick } from '../core/stats/conformal.ts';
import type { ConformalSplitRule } from '../core/stats/conformal.ts';
import { wilsonInterval } from '../core/stats/wilson.ts';
import { countsByLabel } from '../core/stats/histogram.ts';
import { ViewError } from '../core/contract/lab.ts';
import type { CalibrationReason, CalibrationTrigger, CalibrationWarning } from './i18n/index.ts';
import { bootstrapResamples, percentileInterval } from '../core/stats/bootstrap.ts';
import type { LabResultBase, RunHooks } from '../core/contract/lab.ts';
import type { Decision } from '../core/contract/types.ts';
import type { CalibrationInput, CalibrationPolicy } from './schema.ts';
import { splitIndex } from './columns.ts';
import { decideCalibration, type CalibrationCheckId } from './decision.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import { COMPARE_TOLERANCE, decideCase, pickPair, scanGrid, type GridPair } from './policy_grid.ts';
import { selectiveBlock } from './selective_block.ts';
import { riskCoverageAtLevels } from '../core/stats/selective.ts';
import { groupedBrierEce, weightedBrierEce } from '../core/stats/calibration_groups.ts';
import type { SelectiveBlock } from './selective_block.ts';

/** Tolerance when comparing a probability with a grid threshold or a confidence level: core's one PROBABILITY_TOLERANCE. */
export const PROB_TOLERANCE = PROBABILITY_TOLERANCE;
export { COMPARE_TOLERANCE, THRESHOLD_GRID, comparePairs, failedConstraints, pickPair, scanGrid } from './policy_grid.ts';
/** The kit's confidence levels of the risk-coverage curve: 0.50, 0.55, ..., 0.95. */
/**
 * Budget of bootstrap draws (rounds x evaluation cases). Above it the rounds are reduced to
 * max(BOOTSTRAP_MIN_ROUNDS, floor(budget / n)) and the warning 'bootstrap_rounds_reduced' is set,
 * so that a report on 10^5 cases stays under a second.
 */
export const BOOTSTRAP_MAX_DRAWS = 10_000_000;
export const BOOTSTRAP_MIN_ROUNDS = 200;
export const CONFIDENCE_LEVELS: readonly number[] = Array.from({ length: 10 }, (_, i) => (i + 10) / 20);
/** Raw scores at which each calibrator's curve is tabulated for the page: 0, 0.005, ..., 1. */
export const CURVE_POINTS = 201;
/** Equal-width bins of the score histograms per label (charts only; no metric depends on them). */
export const SCORE_HISTOGRAM_BINS = 20;
/**
 * Per-case lists of the scorecard hold at most this many cases (the first ones, in case order): every
 * aggregate covers all cases, but a list of a million rows is neither readable nor cheap to send to
 * the page on every view change. `per_case_rows` says how many were listed of how many.
 */
export const PER_CASE_ROWS = 5000;

/** What the learner can change without editing the policy. */
export interface CalibrationView {
  calibrator?: CalibratorType;
  binning?: BinningStrategy;
  bins?: number;
  slice_by?: string;
  /** K-class input only (engine_multiclass.ts): the conformal method shown; ignored here. */
  conformal_method?: 'lac' | 'aps';
}

/** Reliability row of the scorecard: the kit's keys plus positives and the per-bin Wilson interval. */
/** A reliability bin (labs/core/stats/calibration_metrics.ts) with the Wilson interval of its positive rate. */
export interface ReliabilityRow extends ReliabilityBin {
  /** Wilson 95% interval of the positive rate; null for an empty bin. */
  wilson_low: number | null;
  wilson_high: number | null;
}

export interface MetricsBlock {
  brier: number | null;
  log_loss: number | null;
  ece: number | null;
  mce: number | null;
  brier_decomposition: BrierDecomposition | null;
  binning: BinningStrategy;
  bins: number;
  empty_bins: number;
  reliability: ReliabilityRow[];
  /** Why the metrics above are null: 'no_cases' (an empty split or slice), else null. */
  undefined_reason: 'no_cases' | null;
}

export interface CalibratorSummary {
  type: CalibratorType;
  /** Fitted parameters (histogram mapping, Platt a/b, isotonic knots, temperature). */
  fit: Calibrator;
  evaluation: MetricsBlock;
  /** ECE of the calibrator on its own calibration split (in-sample), for the ECE-regression trigger. */
  calibration_split_ece: number | null;
}

export type { Confusion, GridPair } from './policy_grid.ts';

export interface RecommendedPolicy extends GridPair {
  decisions: { case_id: string; decision: 'normal' | 'urgent' | 'review' }[];
  /** Feasible pairs whose cost equals the best cost (within 1e-9), this one included. */
  ties_at_best_cost: number;
  /** Of those, the pairs that also tie on review rate and coverage, left to the -high, low tie-break. */
  ties_after_rates: number;
  /** Number of feasible pairs out of the grid. */
  feasible_pairs: number;
}

export interface RiskCoveragePoint {
  min_confidence: number;
  /** Accepted / evaluation cases; null when there are no evaluation cases (undefined, reason 'no_cases'; never 0). */
  coverage: number | null;
  /** Mean misclassification cost per accepted case (the kit's "risk"); null when none accepted. */
  risk: number | null;
  /** Errors / accepted (selective risk as an error rate); null when none accepted. */
  error_rate: number | null;
  accepted: number;
}

export interface SliceRow {
  slice: string;
  count: number;
  calibration_count: number;
  positives: number;
  base_rate: number | null;
  raw_brier: number | null;
  calibrated_brier: number | null;
  raw_ece: number | null;
  calibrated_ece: number | null;
  auto_coverage: number | null;
  auto_error_rate: number | null;
  in_valid_slices: boolean;
  known_bad: boolean;
  /** Column -> reason code, for the columns of this row that are undefined (null). */
  undefined_metrics: Partial<Record<'base_rate' | 'raw_brier' | 'calibrated_brier' | 'raw_ece' | 'calibrated_ece' | 'auto_coverage' | 'auto_error_rate', 'no_cases' | 'no_automated_cases'>>;
}

export interface BootstrapBlock {
  /** Rounds actually run (see BOOTSTRAP_MAX_DRAWS). */
  rounds: number;
  rounds_requested: number;
  seed: number;
  confidence: number;
  /** Bin edges stay those of the full evaluation split in every round (quantile binning included). */
  raw_brier: { low: number | null; high: number | null };
  calibrated_brier: { low: number | null; high: number | null };
  raw_ece: { low: number | null; high: number | null };
  calibrated_ece: { low: number | null; high: number | null };
}

export interface TriggerCheck {
  trigger: CalibrationTrigger;
  fired: boolean;
  /** The measured value, when the trigger is measurable from the data. */
  value: number | null;
  limit: number | null;
  detail?: string[];
}

/**
 * What the binary and the K-class conformal blocks share: the quantile q of the non-conformity
 * scores at rank ceil((n+1)(1-alpha)), how the calibration split gave it, and the sets' coverage and
 * mean size on the evaluation split (null when there is no evaluation case).
 */
export interface ConformalQuantileBlock {
  alpha: number;
  target_coverage: number;
  /** q, or null when it is +Infinity (rank > n: every set is full; see q_infinite). */
  q: number | null;
  q_infinite: boolean;
  rank: number;
  /** The n of the rank ceil((n+1)(1-alpha)): the scores the quantile comes from (= n_quantile). */
  n_calibration: number;
  /** How the calibration split was divided between fitting the calibrator and the quantile (see conformalSplit). */
  split_rule: ConformalSplitRule;
  /** Calibration cases that fitted the calibrator the sets use. */
  n_fit: number;
  /** Calibration cases whose non-conformity scores give q. */
  n_quantile: number;
  coverage: number | null;
  mean_set_size: number | null;
}

export interface CalibrationResult extends LabResultBase {
  /** The binary path (the K-class result has kind 'multiclass'). */
  kind: 'binary';
  /** The gate's conditions on the recommended pair (decision.ts); the decision is their verdict. */
  checks: GateCheck<CalibrationCheckId, CalibrationReason>[];
  decision: Decision<CalibrationReason>;
  raw_metrics: MetricsBlock;
  calibrated_metrics: MetricsBlock;
  calibrator: {
    type: CalibratorType;
    bins: number;
    /** The kit's mapping (histogram only; empty for the other calibrators). */
    mapping: { bin: number; count: number; calibrated_probability: number }[];
    fit: Calibrator;
  };
  calibrators: CalibratorSummary[];
  conformal: ConformalQuantileBlock & {
    set_size_counts: { '0': number; '1': number; '2': number };
    singleton_counts: { '0': number; '1': number };
    /** Why coverage and mean_set_size are null ('no_cases': no evaluation case), else null. */
    undefined_reason: 'no_cases' | null;
  };
  risk_coverage_curve: RiskCoveragePoint[];
  /** Why no point of risk_coverage_curve is defined (riskCoverageEmptyReason), or null when one is: the page shows it in place of the chart. */
  risk_coverage_empty_reason: RiskCoverageEmptyReason | null;
  /**
   * Selective prediction on the evaluation split with the chosen calibrator: confidence
   * max(p, 1 − p), predicted label 1 when p > 0.5 (0 at p = 0.5, the lowest class as in the K-class
   * path), no conformal filter; the risk-coverage curve over every confidence, AURC and E-AURC.
   */
  selective: SelectiveBlock;
  recommended_policy: RecommendedPolicy;
  policy_grid: GridPair[];
  /** The policy's names of label 0 and label 1 (for the report). */
  labels: { negative: string; positive: string };
  slice_by: string;
  slice_candidates: string[];
  slice_report: SliceRow[];
  bootstrap: BootstrapBlock | null;
  /** How many evaluation cases the per-case lists (evaluation_scores, recommended_policy.decisions) hold, of how many. */
  per_case_rows: { listed: number; total: number };
  /** Evaluation-split calibrated probabilities and raw scores, in case order: the first PER_CASE_ROWS cases. */
  evaluation_scores: { case_id: string; raw_score: number; calibrated: number; label: number; set: number }[];
  /**
   * Each calibrator's map from raw score to calibrated probability, tabulated at CURVE_POINTS raw
   * scores evenly spaced on [0, 1] (x), for the calibrator-curves chart.
   */
  calibrator_curves: { x: number[]; curves: { type: CalibratorType; y: number[] }[] };
  /** Histograms of the evaluation split's raw and calibrated scores per label (see scoreHistograms). */
  score_histograms: ScoreHistograms;
  manifest: Record<string, unknown>;
  triggers: TriggerCheck[];
  warnings: CalibrationWarning[];
  metrics: Record<string, number | null>;
  undefined_metrics: Record<string, string>;
  counts: { calibration: number; evaluation: number; calibration_positives: number; evaluation_positives: number };
}

/** Counts per label of scores in equal-width bins on [0, 1]: edges has bins + 1 values. */
export interface ScoreHistograms {
  edges: number[];
  raw: { negative: number[]; positive: number[] };
  calibrated: { negative: number[]; positive: number[] };
}

function wilsonRow(count: number, positives: number): { low: number | null; high: number | null } {
  const w = wilsonInterval(Math.round(positives), count);
  return { low: w.low, high: w.high };
}

/**
 * Metrics of probabilities `p` against labels `y` with the given binning (edges from `p` for
 * equal-mass bins). Null metrics mean no cases. Exported for tests.
 */
export function metricsBlock(p: ArrayLike<number>, y: ArrayLike<number>, bins: number, binning: BinningStrategy, eps: number): MetricsBlock {
  const strategy: BinningStrategy = p.length === 0 ? 'uniform' : binning;
  const edges = binEdges(p, bins, strategy);
  const idx = binIndices(p, bins, strategy, edges);
  const table = reliabilityFromIndices(p, y, idx, edges);
  const reliability: ReliabilityRow[] = table.map((r) => {
    const w = wilsonRow(r.count, r.positives);
    return { ...r, wilson_low: w.low, wilson_high: w.high };
  });
  return {
    brier: brierScore(p, y).value,
    log_loss: logLoss(p, y, eps).value,
    ece: eceFromTable(table).value,
    mce: mceFromTable(table).value,
    brier_decomposition: brierDecomposition(p, y, table),
    binning,
    bins,
    empty_bins: table.filter((r) => r.count === 0).length,
    undefined_reason: p.length === 0 ? 'no_cases' : null,
    reliability,
  };
}

/**
 * Risk-coverage over the kit's confidence levels: core's riskCoverageAtLevels
 * (labs/core/stats/selective.ts) with confidence max(p, 1 − p), eligible = a singleton conformal
 * set, and the policy's cost of the error the set's label makes (a false positive or negative).
 * Coverage is null without evaluation cases; risk and error rate are null when nothing is accepted.
 */
export function riskCoverage(p: ArrayLike<number>, masks: ArrayLike<number>, y: ArrayLike<number>, policy: CalibrationPolicy): RiskCoveragePoint[] {
  const n = p.length;
  const conf = new Float64Array(n);
  const eligible = new Uint8Array(n);
  const cost = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    conf[i] = Math.max(p[i], 1 - p[i]);
    const m = masks[i];
    if (m !== 1 && m !== 2) continue;
    eligible[i] = 1;
    if (m === 2 && y[i] === 0) cost[i] = policy.cost_false_positive;
    else if (m === 1 && y[i] === 1) cost[i] = policy.cost_false_negative;
  }
  return riskCoverageAtLevels(conf, eligible, cost, CONFIDENCE_LEVELS).map((x) => ({
    min_confidence: x.min_confidence,
    coverage: x.coverage.value,
    risk: x.risk.value,
    error_rate: x.error_rate.value,
    accepted: x.accepted,
  }));
}

/** Why the risk-coverage curve has no point to draw (see riskCoverageEmptyReason). */
export type RiskCoverageEmptyReason = 'no_cases' | 'no_singleton_sets' | 'no_automated_cases';

/**
 * Why the risk-coverage curve (riskCoverage) has no defined point, or null when some confidence
 * level accepts at least one case (its error rate is then defined). 'no_cases': no evaluation case
 * (coverage undefined). 'no_singleton_sets': no evaluation case got a one-label conformal set
 * (set_size_counts['1'] = 0; with few calibration cases the conformal q is high and every set holds
 * both labels, e.g. the chapter's kit: 10 calibration cases, alpha 0.1, q = 0.75, 20 sets of two),
 * so nothing is decided automatically at any level. 'no_automated_cases': anything else (not
 * reachable with levels starting at 0.5, since max(p, 1 − p) >= 0.5; kept for other levels).
 */
export function riskCoverageEmptyReason(
  curve: readonly RiskCoveragePoint[],
  conformal: { set_size_counts: { '1': number } },
): RiskCoverageEmptyReason | null {
  if (curve.some((x) => x.error_rate !== null)) return null;
  if (curve.length === 0 || curve.every((x) => x.coverage === null)) return 'no_cases';
  if (conformal.set_size_counts['1'] === 0) return 'no_singleton_sets';
  return 'no_automated_cases';
}

/** The undefined columns of a slice row: every rate without cases; the error rate without automated cases. */
function sliceUndefined(count: number, automated: number): SliceRow['undefined_metrics'] {
  if (count === 0) {
    return { base_rate: 'no_cases', raw_brier: 'no_cases', calibrated_brier: 'no_cases', raw_ece: 'no_cases', calibrated_ece: 'no_cases', auto_coverage: 'no_cases', auto_error_rate: 'no_cases' };
  }
  return automated === 0 ? { auto_error_rate: 'no_automated_cases' } : {};
}

/**
 * The slices of a slice column, computed once per column and kept in the heavy part: the sorted
 * slice names (of both splits), each evaluation case's slice index, and the calibration cases per slice.
 */
function sliceGroups(h: CalibrationHeavy, by: string): { names: string[]; evGroup: Int32Array; calCount: number[] } {
  const hit = h.slice_groups.get(by);
  if (hit) return hit;
  const col = h.input.cases.columns.get(by);
  // a column the input does not have (selectCalibration rejects it first) reads as '' everywhere
  const values = col ? col.values : [''];
  const codeOf = (i: number) => (col ? col.codes[i] : 0);
  const used = new Uint8Array(values.length);
  for (const i of h.evIndex) used[codeOf(i)] = 1;
  for (const i of h.calIndex) used[codeOf(i)] = 1;
  const names = values.filter((_, k) => used[k]).sort();
  const rank = new Map(names.map((nm, i) => [nm, i]));
  const recode = Int32Array.from(values, (v) => rank.get(v) ?? -1);
  const evGroup = Int32Array.from(h.evIndex, (i) => recode[codeOf(i)]);
  const calCount = new Array<number>(names.length).fill(0);
  for (const i of h.calIndex) calCount[recode[codeOf(i)]]++;
  const out = { names, evGroup, calCount };
  h.slice_groups.set(by, out);
  return out;
}

/** What one calibrator gives on the evaluation split, computed once per input, bins and binning. */
export interface CalibratorRun {
  summary: CalibratorSummary;
  /** Calibrated probabilities of the evaluation and calibration splits. */
  pEv: Float64Array;
  pCal: Float64Array;
  /** Probabilities of the evaluation split under the calibrator the conformal sets use (fitted on the fit part). */
  pEvConformal: Float64Array;
  curve: number[];
  conformal: ReturnType<typeof conformalThreshold>;
  evaluation: ReturnType<typeof evaluateConformal>;
  grid: GridPair[];
  pick: ReturnType<typeof pickPair>;
  risk: RiskCoveragePoint[];
  histogram: ReturnType<typeof countsByLabel>;
  bootstrap: { brier: { low: number | null; high: number | null }; ece: { low: number | null; high: number | null } } | null;
}

/** The heavy part of the lab (see runCalibrationHeavy). Kept in the worker; never sent to the page. */
export interface CalibrationHeavy {
  kind?: 'binary';
  input: CalibrationInput;
  bins: number;
  binning: BinningStrategy;
  /** Row indices (into input.cases) of the calibration and evaluation cases, in file order. */
  calIndex: Int32Array;
  evIndex: Int32Array;
  evS: Float64Array;
  evY: Float64Array;
  calY: Float64Array;
  rawBlock: MetricsBlock;
  raw_histogram: ReturnType<typeof countsByLabel>;
  /** Every calibrator, in CALIBRATOR_TYPES order. */
  runs: Map<CalibratorType, CalibratorRun>;
  bootstrap_raw: { brier: { low: number | null; high: number | null }; ece: { low: number | null; high: number | null } } | null;
  bootstrap_rounds: number;
  curveX: number[];
  /** SHA-256 of the input texts (set by the lab's async run; null when computed without it). */
  input_sha256: { cases: string; policy: string } | null;
  /** Slice groups per slice column, filled on first use (see sliceGroups). */
  slice_groups: Map<string, { names: string[]; evGroup: Int32Array; calCount: number[] }>;
  /** The slices of the whole input (both splits), sorted: the manifest's observed_slices. */
  observed_slices: string[];
  /** Selective prediction per calibrator, computed on first select of that calibrator (O(n log n)). */
  selective: Map<CalibratorType, SelectiveBlock>;
}

/**
 * The binary selective block of a calibrator (CalibrationResult.selective), from its cache.
 * Exported for tests.
 */
export function binarySelective(h: CalibrationHeavy, type: CalibratorType): SelectiveBlock {
  const hit = h.selective.get(type);
  if (hit) return hit;
  const p = h.runs.get(type)!.pEv;
  const y = h.evY;
  const n = p.length;
  const conf = new Float64Array(n);
  const correct = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const pi = p[i];
    conf[i] = pi > 1 - pi ? pi : 1 - pi;
    correct[i] = (pi > 0.5 ? 1 : 0) === y[i] ? 1 : 0;
  }
  const out = selectiveBlock(conf, correct);
  h.selective.set(type, out);
  return out;
}

/**
 * Split conformal prediction on top of a calibrator, without reusing the cases that fitted it: the
 * calibration split (calS, calY, in file order) is cut by conformalSplit ('alternate_file_order'); a
 * calibrator of `type` fitted on the fit part maps the quantile part to non-conformity scores and q
 * (rank ceil((n+1)(1-alpha)) of those n = n_quantile scores; +Infinity beyond n), then the
 * evaluation scores to sets. Under exchangeability of the quantile part and the evaluation cases,
 * the expected coverage is at least 1 - alpha (tests/unit/conformal.test.ts checks it by simulation).
 * Throws when the calibration split is empty (no calibrator can be fitted).
 */
export function splitConformal(
  type: CalibratorType,
  calS: Float64Array,
  calY: Float64Array,
  evS: Float64Array,
  evY: Float64Array,
  bins: number,
  alpha: number,
): { thr: ReturnType<typeof conformalThreshold>; pEvConformal: Float64Array; conf: ReturnType<typeof evaluateConformal>; n_fit: number; n_quantile: number } {
  const split = conformalSplit(calS.length);
  const fitConf = fitCalibrator(type, pick(calS, split.fit), pick(calY, split.fit), bins);
  const thr = conformalThreshold(nonconformityScores(applyCalibrator(fitConf, pick(calS, split.quantile)), pick(calY, split.quantile)), alpha);
  const pEvConformal = applyCalibrator(fitConf, evS);
  return { thr, pEvConformal, conf: evaluateConformal(pEvConformal, evY, thr.q), n_fit: split.fit.length, n_quantile: split.quantile.length };
}

/**
 * The heavy part, once per input and (bins, binning): every calibrator fitted on the calibration
 * split and measured on the evaluation split, each with its conformal sets, policy grid, best pair,
 * risk-coverage curve and score histogram, and one bootstrap of Brier and ECE (the same resamples
 * for raw scores and every calibrator). Switching the calibrator shown or the slice is then a
 * `select`, with no refit.
 * `hooks.progress` hears the stages 'fit' (one step per calibrator), 'scan' and 'bootstrap'.
 */
export function runCalibrationHeavy(input: CalibrationInput, bins: number, binning: BinningStrategy, hooks?: RunHooks): CalibrationHeavy {
  const progress = hooks?.progress;
  const policy = input.policy;
  const eps = policy.log_loss_eps;
  const cases = input.cases;
  const calIndex = splitIndex(cases, 0);
  const evIndex = splitIndex(cases, 1);
  const calS = Float64Array.from(calIndex, (i) => cases.raw_score[i]);
  const calY = Float64Array.from(calIndex, (i) => cases.label[i]);
  const evS = Float64Array.from(evIndex, (i) => cases.raw_score[i]);
  const evY = Float64Array.from(evIndex, (i) => cases.label[i]);
  const nEv = evIndex.length;
  const rawBlock = metricsBlock(evS, evY, bins, binning, eps);
  const curveX = Array.from({ length: CURVE_POINTS }, (_, i) => i / (CURVE_POINTS - 1));
  const runs = new Map<CalibratorType, CalibratorRun>();
  for (const [ci, type] of CALIBRATOR_TYPES.entries()) {
    progress?.('fit', ci / CALIBRATOR_TYPES.length);
    const fit = fitCalibrator(type, calS, calY, bins);
    const pEv = applyCalibrator(fit, evS);
    const pCal = applyCalibrator(fit, calS);
    const calBlock = metricsBlock(pCal, calY, bins, binning, eps);
    const { thr, pEvConformal, conf } = splitConformal(type, calS, calY, evS, evY, bins, policy.alpha);
    const grid = scanGrid(pEv, conf.masks, evY, policy, progress ? (f) => progress('scan', (ci + f) / CALIBRATOR_TYPES.length) : undefined);
    runs.set(type, {
      summary: { type, fit, evaluation: metricsBlock(pEv, evY, bins, binning, eps), calibration_split_ece: calBlock.ece },
      pEv,
      pCal,
      pEvConformal,
      curve: Array.from(applyCalibrator(fit, curveX)),
      conformal: thr,
      evaluation: conf,
      grid,
      pick: pickPair(grid),
      risk: riskCoverage(pEv, conf.masks, evY, policy),
      histogram: countsByLabel(pEv, evY, SCORE_HISTOGRAM_BINS),
      bootstrap: null,
    });
  }
  progress?.('fit', 1);

  // One bootstrap of Brier and ECE: the same resamples for the raw scores and every calibrator.
  let bootstrapRaw: CalibrationHeavy['bootstrap_raw'] = null;
  let rounds = 0;
  if (policy.bootstrap_rounds > 0 && nEv > 0) {
    rounds =
      policy.bootstrap_rounds * nEv > BOOTSTRAP_MAX_DRAWS
        ? Math.min(policy.bootstrap_rounds, Math.max(BOOTSTRAP_MIN_ROUNDS, Math.floor(BOOTSTRAP_MAX_DRAWS / nEv)))
        : policy.bootstrap_rounds;
    const series = [evS, ...CALIBRATOR_TYPES.map((t) => runs.get(t)!.pEv)];
    const est = bootstrapBrierEce(series, evY, bins, binning, rounds, policy.seed, progress);
    const ci = (v: Float64Array) => {
      const x = percentileInterval(v, 0.95);
      return { low: x.low, high: x.high };
    };
    bootstrapRaw = { brier: ci(est[0].brier), ece: ci(est[0].ece) };
    CALIBRATOR_TYPES.forEach((t, k) => {
      runs.get(t)!.bootstrap = { brier: ci(est[k + 1].brier), ece: ci(est[k + 1].ece) };
    });
  }
  return {
    input,
    bins,
    binning,
    calIndex,
    evIndex,
    evS,
    evY,
    calY,
    rawBlock,
    raw_histogram: countsByLabel(evS, evY, SCORE_HISTOGRAM_BINS),
    runs,
    bootstrap_raw: bootstrapRaw,
    bootstrap_rounds: rounds,
    curveX,
    input_sha256: null,
    slice_groups: new Map(),
    observed_slices: [...cases.columns.get('slice')!.values].sort(),
    selective: new Map(),
  };
}

/**
 * Bootstrap of Brier and ECE for several probability series on the same labels and the same
 * resamples (CPython random.Random(seed), `rounds` rounds of n draws): per round, each case's
 * multiplicity, then core's weightedBrierEce (labs/core/stats/calibration_groups.ts) per series.
 * Bin edges stay those of the full sample in every round (quantile binning included). Returns each
 * series' per-round estimates.
 */
function bootstrapBrierEce(
  series: readonly Float64Array[],
  y: Float64Array,
  bins: number,
  binning: BinningStrategy,
  rounds: number,
  seed: number,
  progress?: (stage: string, fraction: number) => void,
): { brier: Float64Array; ece: Float64Array }[] {
  const n = y.length;
  const idx = series.map((p) => binIndices(p, bins, binning));
  const out = series.map(() => ({ brier: new Float64Array(rounds), ece: new Float64Array(rounds) }));
  const scratch = new Float64Array(3 * bins);
  const w = new Uint32Array(n);
  const every = Math.max(1, Math.floor(rounds / 100));
  bootstrapResamples(n, rounds, seed, (ix, r) => {
    if (progress && r % every === 0) progress('bootstrap', r / rounds);
    w.fill(0);
    for (let j = 0; j < ix.length; j++) w[ix[j]]++;
    for (let s = 0; s < series.length; s++) {
      // core's Brier and ECE of the resample (each case weighted by its draws; n > 0 draws, so defined)
      const est = weightedBrierEce(series[s], y, idx[s], bins, w, scratch);
      out[s].brier[r] = est.brier.value as number;
      out[s].ece[r] = est.ece.value as number;
    }
  });
  progress?.('bootstrap', 1);
  return out;
}

/**
 * The recommended pair with the per-case decisions of the first PER_CASE_ROWS evaluation cases
 * (for reading; every aggregate covers all cases) and the tie counts.
 */
function recommendedPolicy(h: CalibrationHeavy, run: CalibratorRun): RecommendedPolicy {
  const { best, tiesCost, tiesRates, feasible } = run.pick;
  const masks = run.evaluation.masks;
  const listed = h.evIndex.subarray(0, PER_CASE_ROWS);
  const decisions = Array.from(listed, (row, i) => {
    const d = decideCase(run.pEv[i], masks[i], best.low, best.high);
    return { case_id: h.input.cases.case_id[row], decision: (d === 0 ? 'normal' : d === 1 ? 'urgent' : 'review') as 'normal' | 'urgent' | 'review' };
  });
  return { ...best, decisions, ties_at_best_cost: tiesCost, ties_after_rates: tiesRates, feasible_pairs: feasible };
}

/**
 * The slice report of the evaluation split by the column `sliceBy`: counts, base rate, raw and
 * calibrated Brier and ECE (core's groupedBrierEce, on the bins of the whole evaluation split under
 * the policy's binning, equal-width or equal-mass), and the automated share and error rate under
 * the recommended pair. Rows in sorted slice order; undefined columns null with their reason.
 */
function sliceReport(h: CalibrationHeavy, run: CalibratorRun, sliceBy: string, best: GridPair): SliceRow[] {
  const { bins, binning, evY, evS } = h;
  const policy = h.input.policy;
  const chosenEv = run.pEv;
  const masks = run.evaluation.masks;
  const sg = sliceGroups(h, sliceBy);
  const G = sg.names.length;
  const raw = groupedBrierEce(evS, evY, binIndices(evS, bins, binning), bins, sg.evGroup, G);
  const cal = groupedBrierEce(chosenEv, evY, binIndices(chosenEv, bins, binning), bins, sg.evGroup, G);
  const count = new Float64Array(G);
  const pos = new Float64Array(G);
  const auto = new Float64Array(G);
  const err = new Float64Array(G);
  for (let i = 0; i < evY.length; i++) {
    const g = sg.evGroup[i];
    const y = evY[i];
    count[g]++;
    pos[g] += y;
    const d = decideCase(chosenEv[i], masks[i], best.low, best.high);
    if (d !== 2) {
      auto[g]++;
      if (d !== y) err[g]++;
    }
  }
  const validSet = new Set(policy.valid_slices);
  const badSet = new Set(policy.known_bad_slices);
  return sg.names.map((name, g) => {
    const n = count[g];
    const automated = auto[g];
    return {
      slice: name,
      count: n,
      calibration_count: sg.calCount[g],
      positives: pos[g],
      base_rate: n ? pos[g] / n : null,
      raw_brier: raw[g].brier.value,
      calibrated_brier: cal[g].brier.value,
      raw_ece: raw[g].ece.value,
      calibrated_ece: cal[g].ece.value,
      auto_coverage: n ? automated / n : null,
      auto_error_rate: automated ? err[g] / automated : null,
      in_valid_slices: sliceBy === 'slice' ? validSet.has(name) : true,
      known_bad: sliceBy === 'slice' ? badSet.has(name) : false,
      undefined_metrics: sliceUndefined(n, automated),
    };
  });
}

/** The bootstrap block of the calibrator shown (null when the bootstrap did not run). */
function bootstrapBlock(h: CalibrationHeavy, run: CalibratorRun): BootstrapBlock | null {
  const policy = h.input.policy;
  return (
    h.bootstrap_raw && run.bootstrap
      ? {
          rounds: h.bootstrap_rounds,
          rounds_requested: policy.bootstrap_rounds,
          seed: policy.seed,
          confidence: 0.95,
          raw_brier: h.bootstrap_raw.brier,
          calibrated_brier: run.bootstrap.brier,
          raw_ece: h.bootstrap_raw.ece,
          calibrated_ece: run.bootstrap.ece,
        }
      : null
  );
}

/**
 * The recalibration triggers the policy asks for and the warnings, on the calibrator shown:
 * base-rate change between the splits, ECE regression from the calibration split, new slices
 * with too few cases, known-bad slices present; then the warnings in a fixed order.
 */
function triggersAndWarnings(
  h: CalibrationHeavy,
  chosen: CalibratorSummary,
  slices: readonly SliceRow[],
  sliceBy: string,
  bootstrap: BootstrapBlock | null,
  qInfinite: boolean,
  tiesCost: number,
): { triggers: TriggerCheck[]; warnings: CalibrationWarning[]; calPos: number; evPos: number } {
  const { calY, evY, calIndex, rawBlock } = h;
  const policy = h.input.policy;
  const nEv = h.evIndex.length;
  const validSet = new Set(policy.valid_slices);
  const calPos = calY.reduce((a, b) => a + b, 0);
  const evPos = evY.reduce((a, b) => a + b, 0);
  const calRate = calPos / calIndex.length;
  const evRate = nEv ? evPos / nEv : null;
  const trig = policy.recalibration_triggers;
  const triggers: TriggerCheck[] = [];
  if (trig.base_rate_relative_change !== undefined) {
    const change = evRate === null ? null : calRate > 0 ? Math.abs(evRate - calRate) / calRate : evRate > 0 ? Number.POSITIVE_INFINITY : 0;
    triggers.push({
      trigger: 'base_rate_relative_change',
      fired: change !== null && change > trig.base_rate_relative_change + COMPARE_TOLERANCE,
      value: change === null || !Number.isFinite(change) ? null : change,
      limit: trig.base_rate_relative_change,
    });
  }
  if (trig.ece_regression !== undefined) {
    const a = chosen.evaluation.ece;
    const b = chosen.calibration_split_ece;
    const diff = a === null || b === null ? null : a - b;
    triggers.push({ trigger: 'ece_regression', fired: diff !== null && diff > trig.ece_regression + COMPARE_TOLERANCE, value: diff, limit: trig.ece_regression });
  }
  if (trig.new_slice_without_50_cases && sliceBy === 'slice' && policy.valid_slices.length) {
    const fresh = slices.filter((s) => !validSet.has(s.slice) && s.count + s.calibration_count < policy.min_slice_cases).map((s) => s.slice);
    triggers.push({ trigger: 'new_slice_without_50_cases', fired: fresh.length > 0, value: fresh.length, limit: policy.min_slice_cases, detail: fresh });
  }
  const badSeen = slices.filter((s) => s.known_bad).map((s) => s.slice);
  if (badSeen.length) triggers.push({ trigger: 'known_bad_slice_present', fired: true, value: badSeen.length, limit: 0, detail: badSeen });

  const warnings: CalibrationWarning[] = [];
  if (qInfinite) warnings.push('conformal_q_infinite');
  if (bootstrap && bootstrap.rounds < bootstrap.rounds_requested) warnings.push('bootstrap_rounds_reduced');
  if (chosen.evaluation.ece !== null && rawBlock.ece !== null && chosen.evaluation.ece > rawBlock.ece + COMPARE_TOLERANCE) warnings.push('calibrated_ece_worse_than_raw');
  if (chosen.evaluation.brier !== null && rawBlock.brier !== null && chosen.evaluation.brier > rawBlock.brier + COMPARE_TOLERANCE) warnings.push('calibrated_brier_worse_than_raw');
  if (calRate === 0 || calRate === 1) warnings.push('calibration_split_one_class');
  if (evRate === 0 || evRate === 1) warnings.push('evaluation_split_one_class');
  if (tiesCost > 1) warnings.push('ties_at_best_cost');
  if (triggers.some((x) => x.fired)) warnings.push('recalibration_trigger_fired');

  return { triggers, warnings, calPos, evPos };
}

/**
 * The cheap part: the scorecard for the calibrator shown and the slice column the view names
 * (default: the policy's). O(n) for the per-case decisions and the slice report; no refit.
 * Assembled from recommendedPolicy, sliceReport, bootstrapBlock and triggersAndWarnings, then the
 * flat metrics, the gate (decision.ts) and the manifest.
 * @throws ViewError('unknown_calibrator' | 'unknown_slice_column') for a view naming something the
 *   input does not have (the view schema checks the rest).
 */
export function selectCalibration(h: CalibrationHeavy, view: CalibrationView = {}): CalibrationResult {
  const { input, bins, evIndex, calIndex, rawBlock } = h;
  const policy = input.policy;
  const nEv = evIndex.length;
  const calType = view.calibrator ?? policy.calibrator;
  const run = h.runs.get(calType);
  if (!run) throw new ViewError('unknown_calibrator', calType);
  const sliceBy = view.slice_by ?? policy.slice_by;
  const sliceCandidates = ['slice', ...input.extra_columns];
  if (!sliceCandidates.includes(sliceBy)) throw new ViewError('unknown_slice_column', sliceBy);
  const chosen = run.summary;
  const fit = chosen.fit;
  const chosenEv = run.pEv;
  const thr = run.conformal;
  const conf = run.evaluation;
  const masks = conf.masks;
  const grid = run.grid;
  const best = run.pick.best;
  const listed = evIndex.subarray(0, PER_CASE_ROWS);
  const recommended = recommendedPolicy(h, run);
  const curve = run.risk;
  const selective = binarySelective(h, calType);
  const slices = sliceReport(h, run, sliceBy, best);
  const bootstrap = bootstrapBlock(h, run);
  const { triggers, warnings, calPos, evPos } = triggersAndWarnings(h, chosen, slices, sliceBy, bootstrap, thr.q === Number.POSITIVE_INFINITY, run.pick.tiesCost);

  // flat metrics
  const metrics: Record<string, number | null> = {
    raw_brier: rawBlock.brier,
    raw_log_loss: rawBlock.log_loss,
    raw_ece: rawBlock.ece,
    raw_mce: rawBlock.mce,
    calibrated_brier: chosen.evaluation.brier,
    calibrated_log_loss: chosen.evaluation.log_loss,
    calibrated_ece: chosen.evaluation.ece,
    calibrated_mce: chosen.evaluation.mce,
    conformal_q: Number.isFinite(thr.q) ? thr.q : null,
    conformal_coverage: conf.coverage,
    mean_set_size: conf.mean_set_size,
    recommended_cost: best.cost,
    recommended_review_rate: best.review_rate,
    recommended_auto_coverage: best.auto_coverage,
    recommended_auto_error_rate: best.auto_error_rate,
    aurc: selective.aurc,
    e_aurc: selective.e_aurc,
  };
  const undefinedMetrics: Record<string, string> = {};
  if (!Number.isFinite(thr.q)) undefinedMetrics.conformal_q = 'conformal_rank_exceeds_n';
  if (best.auto_error_rate === null) undefinedMetrics.recommended_auto_error_rate = 'no_automated_cases';

  const mapping =
    fit.type === 'histogram_laplace' ? fit.mapping.map((m) => ({ bin: m.bin, count: m.count, calibrated_probability: m.calibrated_probability })) : [];

  const result: Omit<CalibrationResult, 'decision' | 'manifest' | 'checks'> = {
    kind: 'binary',
    raw_metrics: rawBlock,
    calibrated_metrics: chosen.evaluation,
    calibrator: { type: calType, bins, mapping, fit },
    calibrators: CALIBRATOR_TYPES.map((t) => h.runs.get(t)!.summary),
    conformal: {
      alpha: policy.alpha,
      target_coverage: 1 - policy.alpha,
      q: Number.isFinite(thr.q) ? thr.q : null,
      q_infinite: !Number.isFinite(thr.q),
      rank: thr.rank,
      n_calibration: thr.n,
      split_rule: 'alternate_file_order',
      n_fit: h.calIndex.length - thr.n,  // conformalSplit: ceil(n / 2) of the calibration split
      n_quantile: thr.n,
      coverage: conf.coverage,
      mean_set_size: conf.mean_set_size,
      set_size_counts: conf.set_size_counts,
      singleton_counts: conf.singleton_counts,
      undefined_reason: conf.coverage === null ? 'no_cases' : null,
    },
    risk_coverage_curve: curve,
    risk_coverage_empty_reason: riskCoverageEmptyReason(curve, conf),
    selective,
    recommended_policy: recommended,
    policy_grid: grid,
    labels: { negative: policy.negative_label, positive: policy.positive_label },
    slice_by: sliceBy,
    slice_candidates: sliceCandidates,
    slice_report: slices,
    bootstrap,
    calibrator_curves: { x: h.curveX, curves: CALIBRATOR_TYPES.map((type) => ({ type, y: h.runs.get(type)!.curve })) },
    score_histograms: {
      edges: h.raw_histogram.edges,
      raw: { negative: h.raw_histogram.negative, positive: h.raw_histogram.positive },
      calibrated: { negative: run.histogram.negative, positive: run.histogram.positive },
    },
    evaluation_scores: Array.from(listed, (row, i) => ({ case_id: input.cases.case_id[row], raw_score: input.cases.raw_score[row], calibrated: chosenEv[i], label: input.cases.label[row], set: masks[i] })),
    per_case_rows: { listed: listed.length, total: nEv },
    triggers,
    warnings,
    metrics,
    undefined_metrics: undefinedMetrics,
    counts: { calibration: calIndex.length, evaluation: nEv, calibration_positives: calPos, evaluation_positives: evPos },
  };
  const { decision, checks } = decideCalibration({ recommended, q_infinite: !Number.isFinite(thr.q), policy });
  const manifest = buildManifest(input, result, decision.verdict === 'pass', h.input_sha256, h.observed_slices);
  return { ...result, manifest, checks, decision };
}

/** runCalibrationHeavy then selectCalibration: the whole lab in one call (tests, benchmarks). */
export function runCalibration(input: CalibrationInput, view: CalibrationView = {}, hooks?: RunHooks): CalibrationResult {
  const bins = view.bins ?? input.policy.bins;
  const binning = view.binning ?? input.policy.binning;
  return selectCalibration(runCalibrationHeavy(input, bins, binning, hooks), view);
}

/**
 * The calibration manifest: the kit's keys (model and policy metadata, observed slices, dataset
 * counts, quality gate, headline metrics, recommended pair, recalibration triggers) plus what the
 * kit's prose promises and its script leaves out: SHA-256 of the inputs, the triggers evaluated on
 * this data, the conformal threshold and the bootstrap intervals.
 */
export function buildManifest(input: CalibrationInput, r: Omit<CalibrationResult, 'decision' | 'manifest' | 'checks'>, passes: boolean, hashes: { cases: string; policy: string } | null, observedSlices: string[]): Record<string, unknown> {
  const p = input.policy;
  const rec = r.recommended_policy;
  return {
    model_version: p.model_version ?? null,
    score_name: p.score_name ?? null,
    score_semantics: p.score_semantics ?? null,
    calibrator_type: r.calibrator.type,
    calibrator_version: p.calibrator_version ?? null,
    policy_version: p.policy_version ?? null,
    owner: p.owner ?? null,
    valid_slices: p.valid_slices,
    observed_slices: observedSlices,
    known_bad_slices: p.known_bad_slices,
    dataset_counts: { calibration: r.counts.calibration, evaluation: r.counts.evaluation },
    quality_gate: {
      max_review_rate: p.max_review_rate,
      max_auto_error_rate: p.max_auto_error_rate,
      min_auto_coverage: p.min_auto_coverage,
      passes,
    },
    metrics: {
      raw_ece: r.raw_metrics.ece,
      calibrated_ece: r.calibrated_metrics.ece,
      raw_brier: r.raw_metrics.brier,
      calibrated_brier: r.calibrated_metrics.brier,
      raw_log_loss: r.raw_metrics.log_loss,
      calibrated_log_loss: r.calibrated_metrics.log_loss,
      binning: r.raw_metrics.binning,
      bins: r.raw_metrics.bins,
    },
    recommended_policy: {
      low: rec.low,
      high: rec.high,
      review_rate: rec.review_rate,
      auto_coverage: rec.auto_coverage,
      auto_error_rate: rec.auto_error_rate,
    },
    conformal: { alpha: r.conformal.alpha, q: r.conformal.q, q_infinite: r.conformal.q_infinite, coverage: r.conformal.coverage, split_rule: r.conformal.split_rule, n_fit: r.conformal.n_fit, n_quantile: r.conformal.n_quantile },
    bootstrap: r.bootstrap,
    recalibration_triggers: p.recalibration_triggers,
    triggers_evaluated: r.triggers,
    input_sha256: hashes,
    cases_format: input.cases_format,
  };
}
