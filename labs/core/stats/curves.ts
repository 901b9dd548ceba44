/**
 * ROC and precision-recall curves, ROC AUC and average precision for a binary classifier's scores.
 *
 * Each function matches scikit-learn (checked against tests/golden/curves_sklearn.json, produced by
 * scripts/golden/curves_sklearn.py):
 *   rocCurve               sklearn.metrics.roc_curve(y, s, drop_intermediate=True)
 *   rocAucScore            sklearn.metrics.roc_auc_score(y, s)
 *   precisionRecallCurve   sklearn.metrics.precision_recall_curve(y, s)   (no point dropped)
 *   averagePrecisionScore  sklearn.metrics.average_precision_score(y, s)
 * with two deliberate differences:
 *   - roc_curve's first threshold is +Infinity (scikit-learn >= 1.3; older versions used max + 1);
 *   - where scikit-learn raises, or warns and returns nan / a placeholder, the value here is `null`
 *     with a reason code (labs/core/contract/i18n `undefined_reason`): no cases -> 'no_cases'; ROC curve and ROC
 *     AUC with one class -> 'single_class'; PR curve and AP without positives -> 'no_positives'
 *     (scikit-learn sets recall to 1 and returns AP 0 there; undefined is not zero).
 *
 * Algorithm: the scores are split by class into two sorted Float64Arrays (see sorted.ts);
 * a merge from the top yields, for each distinct score t in decreasing order, the number of positives
 * (tps) and negatives (fps) scoring >= t: the same arrays as scikit-learn's `_binary_clf_curve`.
 * Cost: one sort (radix, O(n) for large inputs) and O(n) for the rest, so 10^6 cases take a fraction of a second.
 * Every function also has a `...Sorted` variant that takes an already split-and-sorted input.
 */
import { splitSorted } from './sorted.ts';
import type { SortedClasses } from './sorted.ts';

import type { Maybe } from './maybe.ts';

export type { SortedClasses } from './sorted.ts';

/**
 * Cumulative counts at each distinct score, in decreasing score order (scikit-learn's
 * `_binary_clf_curve` without sample weights): `thresholds[k]` is the k-th largest distinct score,
 * `tps[k]` / `fps[k]` the number of positives / negatives with score >= thresholds[k].
 * Length = number of distinct scores (0 for no cases).
 */
export interface ClfCurve {
  fps: Float64Array;
  tps: Float64Array;
  thresholds: Float64Array;
}

export type RocCurve =
  | { fpr: Float64Array; tpr: Float64Array; thresholds: Float64Array; reason: null }
  | { fpr: null; tpr: null; thresholds: null; reason: 'no_cases' | 'single_class' };

export type PrCurve =
  | { precision: Float64Array; recall: Float64Array; thresholds: Float64Array; reason: null }
  | { precision: null; recall: null; thresholds: null; reason: 'no_cases' | 'no_positives' };

/**
 * The distinct-threshold counts of an already split-and-sorted input (see ClfCurve). O(n).
 * Matches sklearn.metrics._ranking._binary_clf_curve (unweighted).
 */
export function binaryClfCurveSorted(sc: SortedClasses): ClfCurve {
  const { pos, neg } = sc;
  const n = pos.length + neg.length;
  const fps = new Float64Array(n);
  const tps = new Float64Array(n);
  const thr = new Float64Array(n);
  let i = pos.length - 1;
  let j = neg.length - 1;
  let tp = 0;
  let fp = 0;
  let k = 0;
  while (i >= 0 || j >= 0) {
    let t: number;
    if (i < 0) t = neg[j];
    else if (j < 0) t = pos[i];
    else t = pos[i] > neg[j] ? pos[i] : neg[j];
    while (i >= 0 && pos[i] === t) {
      tp++;
      i--;
    }
    while (j >= 0 && neg[j] === t) {
      fp++;
      j--;
    }
    fps[k] = fp;
    tps[k] = tp;
    thr[k] = t;
    k++;
  }
  return { fps: fps.subarray(0, k), tps: tps.subarray(0, k), thresholds: thr.subarray(0, k) };
}

function toSorted(scores: ArrayLike<number>, labels: ArrayLike<number>): SortedClasses {
  return splitSorted(scores, labels);
}

/**
 * ROC curve of an already split-and-sorted input: false/true positive rates for "score >= t" at each
 * kept threshold t, thresholds decreasing, thresholds[0] = +Infinity (the (0, 0) corner).
 * Collinear intermediate points are dropped exactly like roc_curve(drop_intermediate=True): a point
 * is kept when it is the first or last, or when the second difference of fps or of tps is non-zero.
 * Undefined ('single_class') when either class is absent; 'no_cases' when there are no scores.
 */
export function rocCurveSorted(sc: SortedClasses, clf: ClfCurve = binaryClfCurveSorted(sc)): RocCurve {
  const P = sc.pos.length;
  const N = sc.neg.length;
  if (P + N === 0) return { fpr: null, tpr: null, thresholds: null, reason: 'no_cases' };
  if (P === 0 || N === 0) return { fpr: null, tpr: null, thresholds: null, reason: 'single_class' };
  const { fps, tps, thresholds } = clf;
  const d = fps.length;
  const keep = new Int32Array(d);
  let kept = 0;
  for (let k = 0; k < d; k++) {
    if (d <= 2 || k === 0 || k === d - 1) keep[kept++] = k;
    else if (fps[k - 1] - 2 * fps[k] + fps[k + 1] !== 0 || tps[k - 1] - 2 * tps[k] + tps[k + 1] !== 0) keep[kept++] = k;
  }
  const m = kept + 1;
  const fpr = new Float64Array(m);
  const tpr = new Float64Array(m);
  const thr = new Float64Array(m);
  thr[0] = Infinity;
  const fLast = fps[d - 1];
  const tLast = tps[d - 1];
  for (let q = 0; q < kept; q++) {
    const k = keep[q];
    fpr[q + 1] = fps[k] / fLast;
    tpr[q + 1] = tps[k] / tLast;
    thr[q + 1] = thresholds[k];
  }
  return { fpr, tpr, thresholds: thr, reason: null };
}

/**
 * ROC curve (sklearn.metrics.roc_curve with drop_intermediate=True, first threshold +Infinity).
 * `scores`: any finite or infinite numbers (NaN throws RangeError); `labels`: 0/1, same length
 * (otherwise RangeError). Returns fpr/tpr increasing and thresholds decreasing, or null arrays with
 * reason 'single_class' / 'no_cases'.
 */
export function rocCurve(scores: ArrayLike<number>, labels: ArrayLike<number>): RocCurve {
  return rocCurveSorted(toSorted(scores, labels));
}

/**
 * Area under a curve by the trapezoidal rule over points given in increasing x (numpy.trapz, as
 * used by sklearn.metrics.auc). Returns 0 for fewer than two points.
 */
export function trapezoidArea(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let s = 0;
  for (let k = 1; k < x.length; k++) s += ((x[k] - x[k - 1]) * (y[k] + y[k - 1])) / 2;
  return s;
}

/**
 * ROC AUC of an already split-and-sorted input: trapezoidal area under rocCurveSorted (ties between
 * classes count one half, as in sklearn.metrics.roc_auc_score). Undefined: 'single_class' (sklearn
 * raises ValueError) or 'no_cases'.
 */
export function rocAucScoreSorted(sc: SortedClasses, clf?: ClfCurve): Maybe {
  const roc = rocCurveSorted(sc, clf);
  if (roc.reason !== null) return { value: null, reason: roc.reason };
  return { value: trapezoidArea(roc.fpr, roc.tpr), reason: null };
}

/** ROC AUC (sklearn.metrics.roc_auc_score, binary). Inputs and errors as rocCurve. */
export function rocAucScore(scores: ArrayLike<number>, labels: ArrayLike<number>): Maybe {
  return rocAucScoreSorted(toSorted(scores, labels));
}

/**
 * Precision-recall curve of an already split-and-sorted input, in scikit-learn's order: thresholds
 * increasing over the distinct scores; precision[k] and recall[k] for "score >= thresholds[k]";
 * one extra last point precision 1, recall 0 (no threshold). No point is dropped.
 * Undefined: 'no_positives' (recall is 0/0; scikit-learn warns and sets recall to 1) or 'no_cases'.
 */
export function precisionRecallCurveSorted(sc: SortedClasses, clf: ClfCurve = binaryClfCurveSorted(sc)): PrCurve {
  const P = sc.pos.length;
  if (P + sc.neg.length === 0) return { precision: null, recall: null, thresholds: null, reason: 'no_cases' };
  if (P === 0) return { precision: null, recall: null, thresholds: null, reason: 'no_positives' };
  const { fps, tps, thresholds } = clf;
  const d = fps.length;
  const precision = new Float64Array(d + 1);
  const recall = new Float64Array(d + 1);
  const thr = new Float64Array(d);
  for (let k = 0; k < d; k++) {
    const q = d - 1 - k;
    precision[q] = tps[k] / (tps[k] + fps[k]);
    recall[q] = tps[k] / P;
    thr[q] = thresholds[k];
  }
  precision[d] = 1;
  recall[d] = 0;
  return { precision, recall, thresholds: thr, reason: null };
}

/** Precision-recall curve (sklearn.metrics.precision_recall_curve). Inputs and errors as rocCurve. */
export function precisionRecallCurve(scores: ArrayLike<number>, labels: ArrayLike<number>): PrCurve {
  return precisionRecallCurveSorted(toSorted(scores, labels));
}

/**
 * Average precision of an already split-and-sorted input: sum over distinct thresholds (decreasing)
 * of (recall_k - recall_{k-1}) * precision_k, the step-function integral of
 * sklearn.metrics.average_precision_score (no interpolation). Undefined: 'no_positives'
 * (scikit-learn warns and returns 0) or 'no_cases'.
 */
export function averagePrecisionScoreSorted(sc: SortedClasses, clf: ClfCurve = binaryClfCurveSorted(sc)): Maybe {
  const P = sc.pos.length;
  if (P + sc.neg.length === 0) return { value: null, reason: 'no_cases' };
  if (P === 0) return { value: null, reason: 'no_positives' };
  const { fps, tps } = clf;
  let s = 0;
  let prevRecall = 0;
  for (let k = 0; k < fps.length; k++) {
    const r = tps[k] / P;
    if (r !== prevRecall) s += (r - prevRecall) * (tps[k] / (tps[k] + fps[k]));
    prevRecall = r;
  }
  return { value: s, reason: null };
}

/** Average precision (sklearn.metrics.average_precision_score, binary). Inputs and errors as rocCurve. */
export function averagePrecisionScore(scores: ArrayLike<number>, labels: ArrayLike<number>): Maybe {
  return averagePrecisionScoreSorted(toSorted(scores, labels));
}

/**
 * Indices (increasing, unique) of at most `maxPoints` points of a curve of `length` points, for
 * drawing: always the first and the last, every index in `mustKeep` (out-of-range ones ignored), and
 * evenly spaced indices for the rest of the budget. A curve that already fits is kept whole.
 * Thinning by index keeps the density of the original points (one per distinct score), so dense
 * regions of the curve stay dense. `maxPoints` must be >= 2 + mustKeep.length (RangeError otherwise).
 */
export function thinIndices(length: number, maxPoints: number, mustKeep: readonly number[] = []): number[] {
  if (length <= maxPoints) return Array.from({ length }, (_, i) => i);
  const extra = [...new Set(mustKeep.filter((i) => Number.isInteger(i) && i > 0 && i < length - 1))];
  const budget = maxPoints - 2 - extra.length;
  if (budget < 0) throw new RangeError(`maxPoints ${maxPoints} is smaller than the points that must be kept`);
  const set = new Set<number>([0, length - 1, ...extra]);
  const step = (length - 1) / (budget + 1);
  for (let k = 1; k <= budget; k++) set.add(Math.round(k * step));
  return [...set].sort((a, b) => a - b);
}
