/**
 * Threshold lab engine (chapter 02): choose a pair of thresholds (low, high) on a classifier's score
 * that splits cases into three actions, by expected cost under operational constraints.
 *
 *   score <= low          -> negative action (policy.negative_label, e.g. "normal")
 *   score >= high         -> positive action (policy.positive_label, e.g. "urgente")
 *   low < score < high    -> "review" (a person decides)
 * Both bounds are inclusive and the negative rule is checked first, so with low == high a score
 * equal to both goes to the negative action. This is the kit's `decide` (ops/ai/threshold_eval.py).
 *
 * Differences from the kit, on purpose:
 *   - undefined ratios are null with a reason code in `undefined_metrics` (the kit writes 0.0);
 *   - numbers are unrounded (the kit rounds metrics to 4 decimals before comparing pairs); pairs are
 *     compared with a 1e-9 tolerance instead, ties keep grid order (the kit's stable sort);
 *   - when no pair is feasible there is no recommended pair: `least_bad_policy` names the first pair
 *     by the same order over all pairs (the kit silently recommends it);
 *   - extra metrics accuracy_auto and f_beta_auto, per-pair failed constraints, ROC and PR curves.
 *
 * Algorithm: scores are split by label into two sorted Float64Arrays (sortFloat64: radix sort for
 * large inputs, native sort for small ones) once per input (memoized
 * per cases array in a WeakMap); the counts of any pair then take 4 binary searches per class, so
 * the scan of a grid of g values costs O(n log n + g^2 log n) instead of O(n g^2).
 */
import type { LabResultBase } from '../core/contract/lab.ts';
import type { Decision } from '../core/contract/types.ts';
import type { SortedClasses } from '../core/stats/sorted.ts';
import { sortForTwoThresholds, twoThresholdAction, twoThresholdCounts, type TwoThresholdCounts, type TwoThresholdSorted } from '../core/stats/two_threshold.ts';
import { compare } from '../core/contract/gate_check.ts';
import {
  averagePrecisionScoreSorted,
  binaryClfCurveSorted,
  rocCurveSorted,
  thinIndices,
  trapezoidArea,
} from '../core/stats/curves.ts';
import type { CaseRow, ThresholdInput, ThresholdPolicy } from './schema.ts';
import { decideThreshold, type ThresholdCheckId } from './decision.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { ThresholdReason } from './i18n/index.ts';
import { confusionMetrics, type ConfusionReason } from '../core/stats/confusion.ts';
import { ratio, type Maybe } from '../core/stats/maybe.ts';

/** Tolerance used when comparing cost, operational recall and review rate between pairs. */
export const COMPARE_TOLERANCE = 1e-9;
/** Maximum number of points kept in each curve of the result (for drawing). */
export const MAX_CURVE_POINTS = 1000;

/** Confusion counts of one pair: tp/fp/fn/tn over automated cases, reviews split by true label (core's two-threshold counts). */
export type ThresholdCounts = TwoThresholdCounts;

/**
 * Metrics of one pair, with the kit's key names. Ratios are null when their denominator is empty
 * (the reason is in `undefined_metrics`). cost is in the policy's cost unit; positives/negatives are
 * label totals over all cases.
 */
export type ThresholdMetrics = {
  precision_auto_urgent: number | null;
  recall_auto_urgent: number | null;
  operational_recall: number | null;
  specificity_auto_normal: number | null;
  f1_auto_urgent: number | null;
  balanced_accuracy_auto: number | null;
  review_rate: number | null;
  automation_rate: number | null;
  cost: number;
  positives: number;
  negatives: number;
  accuracy_auto: number | null;
  f_beta_auto: number | null;
  informedness_auto: number | null;
  markedness_auto: number | null;
  mcc_auto: number | null;
};

/** One row of the scan. */
export interface PairEvaluation {
  low: number;
  high: number;
  counts: ThresholdCounts;
  metrics: ThresholdMetrics;
  undefined_metrics: Record<string, string>;
  passes_constraints: boolean;
  failed_constraints: ThresholdReason[];
}

export interface SliceCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  review: number;
  total: number;
}

/** One case's action under a pair (the kit's `decisions` entries). */
export interface CaseDecision {
  case_id: string;
  score: number;
  label: 0 | 1;
  slice: string;
  action: string;
}

/**
 * Where a pair sits on the ROC and PR curves. `high`: the classifier "score >= high is positive"
 * (the automated positives); `low`: "score > low is positive" (automated positives plus the review
 * zone, i.e. everything not automatically negative). Each rate is null when its denominator is 0.
 */
export interface OperatingPoint {
  threshold: number;
  tpr: number | null;
  fpr: number | null;
  precision: number | null;
}

/** TPR, FPR and precision of the two classifiers a pair defines (see OperatingPoint). */
export function operatingPoints(c: ThresholdCounts, low: number, high: number): { high: OperatingPoint; low: OperatingPoint } {
  const positives = c.tp + c.fn + c.review_positive;
  const negatives = c.fp + c.tn + c.review_negative;
  const point = (threshold: number, tp: number, fp: number): OperatingPoint => ({
    threshold,
    tpr: positives > 0 ? tp / positives : null,
    fpr: negatives > 0 ? fp / negatives : null,
    precision: tp + fp > 0 ? tp / (tp + fp) : null,
  });
  return { high: point(high, c.tp, c.fp), low: point(low, c.tp + c.review_positive, c.fp + c.review_negative) };
}

/** A pair in the kit's `recommended_policy` shape, plus undefined_metrics and failed_constraints. */
export interface PolicyDetail {
  threshold_low: number;
  threshold_high: number;
  counts: ThresholdCounts;
  metrics: ThresholdMetrics;
  undefined_metrics: Record<string, string>;
  slice_counts: Record<string, SliceCounts>;
  passes_constraints: boolean;
  failed_constraints: ThresholdReason[];
  decisions: CaseDecision[];
  /** The pair's two points on the ROC and PR curves. */
  operating_points: { high: OperatingPoint; low: OperatingPoint };
}

/** Alias of PolicyDetail (the name the lab island uses). */
export type PolicyEvaluation = PolicyDetail;

/** How a curve was thinned for drawing (see thinIndices in labs/core/stats/curves.ts). */
export interface CurveThinning {
  max_points: number;
  original_points: number;
  kept_points: number;
}

/**
 * ROC curve for drawing (thinned), with the AUC of the full curve. When undefined (one class or no
 * cases) the arrays and the AUC are null and `reason` / `auc_reason` hold the reason code.
 */
export type RocResult =
  | {
      fpr: number[];
      tpr: number[];
      /** Decreasing; the first point's threshold (+Infinity, "above every score") is written as null. */
      thresholds: (number | null)[];
      auc: number;
      reason: null;
      auc_reason: null;
      thinning: CurveThinning;
    }
  | { fpr: null; tpr: null; thresholds: null; auc: null; reason: string; auc_reason: string; thinning: null };

/**
 * Precision-recall curve for drawing (thinned), with the average precision of the full curve.
 * `thresholds` is increasing and one shorter than precision/recall when the curve's last point
 * (precision 1, recall 0, no threshold) is kept, which it always is. Undefined: arrays and AP null,
 * reason codes in `reason` / `ap_reason`.
 */
export type PrResult =
  | {
      precision: number[];
      recall: number[];
      thresholds: number[];
      average_precision: number;
      reason: null;
      ap_reason: null;
      thinning: CurveThinning;
    }
  | {
      precision: null;
      recall: null;
      thresholds: null;
      average_precision: null;
      reason: string;
      ap_reason: string;
      thinning: null;
    };

export interface ThresholdResult extends LabResultBase {
  eval_name: 'threshold_cost_policy_eval';
  policy: ThresholdPolicy;
  cases: number;
  evaluated_policies: number;
  feasible_policies: number;
  recommended_policy: PolicyDetail | null;
  least_bad_policy: PolicyDetail | null;
  selected_policy: PolicyDetail;
  scan: PairEvaluation[];
  roc: RocResult;
  pr: PrResult;
  /** Curve-level undefined values: roc_auc, roc_curve, average_precision, pr_curve -> reason code. */
  undefined_metrics: Record<string, string>;
  /** The gate's conditions on the recommended (else least-bad) pair. */
  checks: GateCheck<ThresholdCheckId, ThresholdReason>[];
  decision: Decision<ThresholdReason>;
}

/** The lab's view: the pair the learner is looking at (sliders). */
/** The pair shown as selected_policy (both or neither; by default the recommended or least-bad pair). */
export interface ThresholdView {
  low?: number;
  high?: number;
}

/** Cases prepared for fast counting: the original rows and their scores split and sorted by class. */
export interface PreparedCases {
  cases: readonly CaseRow[];
  /** Scores by class, sorted (for the curves). */
  sorted: SortedClasses;
  /** The same sorted scores for the two-threshold counts (labs/core/stats/two_threshold.ts). */
  twoThreshold: TwoThresholdSorted;
  n: number;
  positives: number;
  negatives: number;
}

const preparedCache = new WeakMap<readonly CaseRow[], PreparedCases>();

/**
 * Splits the cases' scores by label and sorts each class (O(n log n)). Memoized per `cases` array
 * object: calling again with the same array returns the same PreparedCases (do not mutate the array
 * after preparing it). Throws RangeError on a NaN score or a label other than 0/1 (the schema
 * prevents both).
 */
export function prepareCases(cases: readonly CaseRow[]): PreparedCases {
  const hit = preparedCache.get(cases);
  if (hit) return hit;
  // One indexed pass over the rows (Float64Array.from(cases, mapFn) took 250-420 ms at 10^6 cases).
  const twoThreshold = sortForTwoThresholds(cases.length, (i) => cases[i].score, (i) => cases[i].label);
  const sorted = { pos: twoThreshold.both[1], neg: twoThreshold.both[0] };
  const prepared = { cases, sorted, twoThreshold, n: cases.length, positives: sorted.pos.length, negatives: sorted.neg.length };
  preparedCache.set(cases, prepared);
  return prepared;
}

/**
 * The action class of one score under (low, high): core's two-threshold rule
 * (labs/core/stats/two_threshold.ts): positive when score >= high, else negative when score <= low,
 * else review, a score within PROBABILITY_TOLERANCE (1e-12) of a threshold counting as at it. For
 * low < high this is the kit's `decide` (score <= low -> normal, score >= high -> urgent). For a
 * single threshold (low = high = t) it is the classifier "score >= t is positive", as chapter 02
 * and the ROC curve define it (the kit's order would call score = t negative).
 */
export function actionClass(score: number, low: number, high: number): 'negative' | 'review' | 'positive' {
  return twoThresholdAction(score, low, high);
}

function checkPair(low: number, high: number): void {
  if (!(Number.isFinite(low) && Number.isFinite(high) && low >= 0 && high <= 1 && low <= high)) {
    throw new RangeError(`thresholds must satisfy 0 <= low <= high <= 1, got low=${low}, high=${high}`);
  }
}

/**
 * Counts of a pair in O(log n): core's twoThresholdCounts (labs/core/stats/two_threshold.ts), the
 * same counts as actionClass applied to every case.
 */
export function countsForPair(prepared: Pick<PreparedCases, 'twoThreshold'>, low: number, high: number): ThresholdCounts {
  return twoThresholdCounts(prepared.twoThreshold, low, high);
}

/**
 * Metrics of a pair from its counts. Formulas (automated = tp+fp+fn+tn, n = automated + review):
 *   precision_auto_urgent = tp/(tp+fp)            null 'no_predicted_positives'
 *   recall_auto_urgent = tp/(tp+fn)               null 'no_automated_positives'
 *   operational_recall = (tp+review_positive)/positives            null 'no_positives'
 *   specificity_auto_normal = tn/(tn+fp)          null 'no_automated_negatives'
 *   f1_auto_urgent = 2tp/(2tp+fp+fn)              null 'no_errors_or_hits'
 *   f_beta_auto = (1+b²)tp/((1+b²)tp+b²fn+fp)     null 'no_errors_or_hits'
 *   balanced_accuracy_auto = (recall_auto+specificity)/2           null 'depends_on_undefined'
 *   accuracy_auto = (tp+tn)/automated             null 'no_automated_cases'
 *   review_rate = review/n, automation_rate = (n-review)/n         null 'no_cases'
 *   informedness_auto, markedness_auto, mcc_auto: core/stats/confusion.ts on the automated counts
 *   cost = cost_false_positive·fp + cost_false_negative·fn + cost_review·review
 * (precision, recall and specificity are the kit's; F1 equals the kit's 2PR/(P+R) when defined.)
 * The confusion metrics come from core/stats/confusion.ts, computed on the automated cases.
 */
export function metricsFromCounts(
  c: ThresholdCounts,
  policy: Pick<ThresholdPolicy, 'cost_false_positive' | 'cost_false_negative' | 'cost_review' | 'beta'>,
): { metrics: ThresholdMetrics; undefined_metrics: Record<string, string> } {
  const und: Record<string, string> = {};
  const { tp, fp, fn, tn } = c;
  const review = c.review_positive + c.review_negative;
  const positives = tp + fn + c.review_positive;
  const negatives = tn + fp + c.review_negative;
  const total = positives + negatives;
  // The confusion metrics are over the automated cases only, so their reasons say so.
  const auto = confusionMetrics({ tp, fp, fn, tn }, policy.beta);
  const take = (name: keyof ThresholdMetrics, m: Maybe<ConfusionReason>, automated = true): number | null => {
    if (m.value === null) und[name] = (automated ? AUTOMATED_REASON[m.reason] : undefined) ?? m.reason;
    return m.value;
  };
  const metrics: ThresholdMetrics = {
    precision_auto_urgent: take('precision_auto_urgent', auto.precision),
    recall_auto_urgent: take('recall_auto_urgent', auto.recall),
    operational_recall: take('operational_recall', ratio(tp + c.review_positive, positives, 'no_positives'), false),
    specificity_auto_normal: take('specificity_auto_normal', auto.specificity),
    f1_auto_urgent: take('f1_auto_urgent', auto.f1),
    balanced_accuracy_auto: take('balanced_accuracy_auto', auto.balanced_accuracy),
    review_rate: take('review_rate', ratio(review, total, 'no_cases'), false),
    automation_rate: take('automation_rate', ratio(total - review, total, 'no_cases'), false),
    cost: policy.cost_false_positive * fp + policy.cost_false_negative * fn + policy.cost_review * review,
    positives,
    negatives,
    accuracy_auto: take('accuracy_auto', auto.accuracy),
    f_beta_auto: take('f_beta_auto', auto.f_beta),
    informedness_auto: take('informedness_auto', auto.informedness),
    markedness_auto: take('markedness_auto', auto.markedness),
    mcc_auto: take('mcc_auto', auto.mcc),
  };
  return { metrics, undefined_metrics: und };
}

/** Reason codes of the confusion metrics, restated for the automated cases. */
const AUTOMATED_REASON: Partial<Record<ConfusionReason, string>> = {
  no_positives: 'no_automated_positives',
  no_negatives: 'no_automated_negatives',
  no_cases: 'no_automated_cases',
  no_predicted_negatives: 'no_predicted_negatives',
};

/**
 * Constraints a pair fails, as reason codes, in the kit's order (review first):
 * 'review_rate_above_max' (review_rate > max_review_rate), 'review_rate_undefined' (no cases),
 * 'operational_recall_below_min' (operational_recall < min_operational_recall),
 * 'operational_recall_undefined' (no actual positives: the minimum cannot be shown to hold).
 * Comparisons use the unrounded values, like the kit, through the gate checklist's own comparison
 * (compare in labs/core/contract/gate_check.ts, with core's one tolerance), so a pair is feasible
 * exactly when its two checks pass: the verdict and the checklist cannot disagree.
 */
export function failedConstraints(
  m: ThresholdMetrics,
  policy: Pick<ThresholdPolicy, 'max_review_rate' | 'min_operational_recall'>,
): ThresholdReason[] {
  const failed: ThresholdReason[] = [];
  if (m.review_rate === null) failed.push('review_rate_undefined');
  else if (!compare(m.review_rate, '<=', policy.max_review_rate)) failed.push('review_rate_above_max');
  if (m.operational_recall === null) failed.push('operational_recall_undefined');
  else if (!compare(m.operational_recall, '>=', policy.min_operational_recall)) failed.push('operational_recall_below_min');
  return failed;
}

/**
 * Evaluates any pair with 0 <= low <= high <= 1 (grid pair or not) in O(log n) on prepared cases.
 * Throws RangeError for a pair outside that range (or non-finite values).
 */
export function evaluatePair(prepared: PreparedCases, policy: ThresholdPolicy, low: number, high: number): PairEvaluation {
  checkPair(low, high);
  const counts = countsForPair(prepared, low, high);
  const { metrics, undefined_metrics } = metricsFromCounts(counts, policy);
  const failed = failedConstraints(metrics, policy);
  return { low, high, counts, metrics, undefined_metrics, passes_constraints: failed.length === 0, failed_constraints: failed };
}

/** The grid sorted ascending without repeats (the order the scan uses). */
export function normalizedGrid(grid: readonly number[]): number[] {
  return [...new Set(grid)].sort((a, b) => a - b);
}

/**
 * Every grid pair with low < high, low outer and high inner over the sorted, de-duplicated grid
 * (the kit's order). g distinct values give g(g-1)/2 pairs.
 */
export function scanGrid(prepared: PreparedCases, policy: ThresholdPolicy): PairEvaluation[] {
  const grid = normalizedGrid(policy.threshold_grid);
  const out: PairEvaluation[] = [];
  for (const low of grid) for (const high of grid) if (low < high) out.push(evaluatePair(prepared, policy, low, high));
  return out;
}

function cmpNullableAsc(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return Math.abs(a - b) > COMPARE_TOLERANCE ? a - b : 0;
}

/**
 * Order used to pick a pair: pairs with undefined operational recall last; then cost ascending,
 * operational recall descending, review rate ascending; differences within 1e-9 count as ties.
 */
export function comparePairs(a: PairEvaluation, b: PairEvaluation): number {
  const ua = a.metrics.operational_recall === null;
  const ub = b.metrics.operational_recall === null;
  if (ua !== ub) return ua ? 1 : -1;
  const c = cmpNullableAsc(a.metrics.cost, b.metrics.cost);
  if (c !== 0) return c;
  const r = cmpNullableAsc(b.metrics.operational_recall, a.metrics.operational_recall);
  if (r !== 0) return r;
  return cmpNullableAsc(a.metrics.review_rate, b.metrics.review_rate);
}

/** The first pair by comparePairs; among ties the earliest in scan order (a stable sort's first). */
export function bestPair(pairs: readonly PairEvaluation[]): PairEvaluation | null {
  let best: PairEvaluation | null = null;
  for (const p of pairs) if (best === null || comparePairs(p, best) < 0) best = p;
  return best;
}

/**
 * Full detail of a pair in the kit's shape: counts and metrics (O(log n)), plus per-slice counts
 * (keyed by slice in first-seen order) and the per-case actions (O(n)). Action strings:
 * policy.positive_label, 'review', policy.negative_label. Throws RangeError like evaluatePair.
 */
export function policyDetail(prepared: PreparedCases, policy: ThresholdPolicy, low: number, high: number): PolicyDetail {
  const e = evaluatePair(prepared, policy, low, high);
  // Keyed by slice names (data): a null-prototype object, so "__proto__" or "constructor" are plain keys.
  const slices = Object.create(null) as Record<string, SliceCounts>;
  const cases = prepared.cases;
  const decisions: CaseDecision[] = new Array(cases.length);
  const posLabel = policy.positive_label;
  const negLabel = policy.negative_label;
  for (let i = 0; i < cases.length; i++) {
    const row = cases[i];
    const s = (slices[row.slice] ??= { tp: 0, fp: 0, fn: 0, tn: 0, review: 0, total: 0 });
    s.total++;
    const a = actionClass(row.score, low, high);
    let action: string;
    if (a === 'review') {
      s.review++;
      action = 'review';
    } else if (a === 'positive') {
      if (row.label === 1) s.tp++;
      else s.fp++;
      action = posLabel;
    } else {
      if (row.label === 1) s.fn++;
      else s.tn++;
      action = negLabel;
    }
    decisions[i] = { case_id: row.case_id, score: row.score, label: row.label, slice: row.slice, action };
  }
  return {
    threshold_low: low,
    threshold_high: high,
    counts: e.counts,
    metrics: e.metrics,
    undefined_metrics: e.undefined_metrics,
    slice_counts: slices,
    passes_constraints: e.passes_constraints,
    failed_constraints: e.failed_constraints,
    decisions,
    operating_points: operatingPoints(e.counts, low, high),
  };
}

/** Index of the curve point whose threshold is nearest to t on each side (for thinning). */
function neighboursDesc(thr: Float64Array, t: number): number[] {
  // thr decreasing: k = number of thresholds >= t.
  let lo = 0;
  let hi = thr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (thr[mid] >= t) lo = mid + 1;
    else hi = mid;
  }
  return [lo - 1, lo];
}

/**
 * ROC and PR curves over all cases, thinned to at most MAX_CURVE_POINTS points each for drawing
 * (first, last, the points on either side of each of `keepAt`'s thresholds, and evenly spaced
 * indices: see thinIndices). ROC AUC and average precision are computed on the full curves.
 */
export function curvesForLab(
  prepared: PreparedCases,
  keepAt: readonly number[],
  maxPoints = MAX_CURVE_POINTS,
): { roc: RocResult; pr: PrResult; undefined_metrics: Record<string, string> } {
  const sc = prepared.sorted;
  const clf = binaryClfCurveSorted(sc);
  const und: Record<string, string> = {};
  const rc = rocCurveSorted(sc, clf);
  let roc: RocResult;
  if (rc.reason !== null) {
    und.roc_curve = rc.reason;
    und.roc_auc = rc.reason;
    roc = { fpr: null, tpr: null, thresholds: null, auc: null, reason: rc.reason, auc_reason: rc.reason, thinning: null };
  } else {
    const keep = keepAt.flatMap((t) => neighboursDesc(rc.thresholds, t));
    const idx = thinIndices(rc.fpr.length, maxPoints, keep);
    roc = {
      fpr: idx.map((i) => rc.fpr[i]),
      tpr: idx.map((i) => rc.tpr[i]),
      thresholds: idx.map((i) => (rc.thresholds[i] === Infinity ? null : rc.thresholds[i])),
      auc: trapezoidArea(rc.fpr, rc.tpr),
      reason: null,
      auc_reason: null,
      thinning: { max_points: maxPoints, original_points: rc.fpr.length, kept_points: idx.length },
    };
  }
  // The PR curve is built directly at the kept indices (same values as precisionRecallCurveSorted,
  // without materializing the full arrays). Point q (thresholds increasing) is clf index d-1-q;
  // point d is the final (recall 0, precision 1) point.
  const ap = averagePrecisionScoreSorted(sc, clf);
  let pr: PrResult;
  const P = sc.pos.length;
  if (P === 0 || prepared.n === 0) {
    const reason = prepared.n === 0 ? 'no_cases' : 'no_positives';
    und.pr_curve = reason;
    und.average_precision = reason;
    pr = { precision: null, recall: null, thresholds: null, average_precision: null, reason, ap_reason: reason, thinning: null };
  } else {
    const d = clf.thresholds.length;
    const keep = keepAt.flatMap((t) => neighboursDesc(clf.thresholds, t).map((k) => d - 1 - k));
    const idx = thinIndices(d + 1, maxPoints, keep);
    const { tps, fps, thresholds } = clf;
    pr = {
      precision: idx.map((q) => (q === d ? 1 : tps[d - 1 - q] / (tps[d - 1 - q] + fps[d - 1 - q]))),
      recall: idx.map((q) => (q === d ? 0 : tps[d - 1 - q] / P)),
      thresholds: idx.filter((q) => q < d).map((q) => thresholds[d - 1 - q]),
      average_precision: ap.value as number,
      reason: null,
      ap_reason: null,
      thinning: { max_points: maxPoints, original_points: d + 1, kept_points: idx.length },
    };
  }
  return { roc, pr, undefined_metrics: und };
}

/** What the heavy part of the lab computes once per input: everything but the selected pair. */
export interface ThresholdHeavy {
  prepared: PreparedCases;
  policy: ThresholdPolicy;
  base: Omit<ThresholdResult, 'selected_policy'>;
  /** The recommended pair, else the least-bad one (the default selection). */
  anchor: PolicyDetail;
}

/**
 * The heavy part of the lab (memoized by the runner on the parsed input): scan of the grid,
 * recommended (or least-bad) pair, ROC/PR curves with AUC and AP, the gate's checks and decision.
 * Pure and deterministic; numbers unrounded.
 * @throws RangeError when the grid has fewer than two distinct thresholds (the schema prevents it).
 */
export function runThresholdHeavy(input: ThresholdInput): ThresholdHeavy {
  const { policy } = input;
  const prepared = prepareCases(input.cases);
  const scan = scanGrid(prepared, policy);
  const feasible = scan.filter((p) => p.passes_constraints);
  const rec = bestPair(feasible);
  const worst = rec ? null : bestPair(scan);
  const chosen = rec ?? worst;
  if (!chosen) throw new RangeError('the grid has fewer than two distinct thresholds');
  const recommended = rec ? policyDetail(prepared, policy, rec.low, rec.high) : null;
  const leastBad = worst ? policyDetail(prepared, policy, worst.low, worst.high) : null;
  const curves = curvesForLab(prepared, [...new Set([chosen.low, chosen.high])]);
  const { decision, checks } = decideThreshold({ positives: prepared.positives, chosen, recommended: rec !== null, policy });
  return {
    prepared,
    policy,
    anchor: (recommended ?? leastBad)!,
    base: {
      eval_name: 'threshold_cost_policy_eval',
      policy,
      cases: prepared.n,
      evaluated_policies: scan.length,
      feasible_policies: feasible.length,
      recommended_policy: recommended,
      least_bad_policy: leastBad,
      scan,
      roc: curves.roc,
      pr: curves.pr,
      undefined_metrics: curves.undefined_metrics,
      checks,
      decision,
    },
  };
}

/**
 * The cheap part: the scorecard with `selected_policy` set to the pair the view names (any
 * 0 <= low <= high <= 1, O(log n) on the prepared cases), or the recommended (else least-bad) pair
 * when the view names none.
 * @throws RangeError for a pair outside that range (the view schema prevents it).
 */
export function selectThreshold(heavy: ThresholdHeavy, view: ThresholdView | undefined): ThresholdResult {
  const a = heavy.anchor;
  const pick = view && view.low !== undefined && view.high !== undefined ? { low: view.low, high: view.high } : null;
  if (pick) checkPair(pick.low, pick.high);
  const selected = !pick || (pick.low === a.threshold_low && pick.high === a.threshold_high) ? a : policyDetail(heavy.prepared, heavy.policy, pick.low, pick.high);
  return { ...heavy.base, selected_policy: selected };
}

/** runThresholdHeavy then selectThreshold: the whole lab in one call (tests, benchmarks). */
export function runThreshold(input: ThresholdInput, view?: ThresholdView): ThresholdResult {
  return selectThreshold(runThresholdHeavy(input), view);
}
