/**
 * Binary confusion-matrix metrics, once for the project (threshold, calibration and evaluator labs).
 * Counts are of a positive class ("urgent", "pass"...): tp, fp, fn, tn, non-negative integers (or
 * weighted sums, non-negative finite numbers).
 *
 *   precision (PPV)      tp / (tp + fp)                    'no_predicted_positives'
 *   recall (TPR)         tp / (tp + fn)                    'no_positives'
 *   specificity (TNR)    tn / (tn + fp)                    'no_negatives'
 *   fpr                  fp / (fp + tn)                    'no_negatives'
 *   fnr                  fn / (fn + tp)                    'no_positives'
 *   npv                  tn / (tn + fn)                    'no_predicted_negatives'
 *   accuracy             (tp + tn) / n                     'no_cases'
 *   f1                   2tp / (2tp + fp + fn)             'no_errors_or_hits'
 *   f_beta               (1+β²)tp / ((1+β²)tp + β²fn + fp)  'no_errors_or_hits'
 *   balanced_accuracy    (TPR + TNR) / 2                   'depends_on_undefined'
 *   informedness         TPR + TNR - 1 (Youden's J)        'depends_on_undefined'
 *   markedness           PPV + NPV - 1                     'depends_on_undefined'
 *   mcc                  (tp·tn - fp·fn) / sqrt((tp+fp)(tp+fn)(tn+fp)(tn+fn))   'degenerate_margin'
 *   prevalence           (tp + fn) / n                     'no_cases'
 *
 * Where scikit-learn returns 0 with a warning (zero_division) or 0 for MCC with an empty margin, the
 * value here is undefined with the reason code on the right: undefined is not zero. Otherwise the
 * values equal sklearn.metrics' precision_score, recall_score, f1_score, fbeta_score,
 * accuracy_score, balanced_accuracy_score and matthews_corrcoef (Powers 2011 for informedness and
 * markedness; Matthews 1975 for MCC).
 */
import { defined, ratio, undef, type Maybe } from './maybe.ts';

export interface ConfusionCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export type ConfusionReason =
  | 'no_cases'
  | 'no_positives'
  | 'no_negatives'
  | 'no_predicted_positives'
  | 'no_predicted_negatives'
  | 'no_errors_or_hits'
  | 'depends_on_undefined'
  | 'degenerate_margin';

export interface ConfusionMetrics {
  precision: Maybe<ConfusionReason>;
  recall: Maybe<ConfusionReason>;
  specificity: Maybe<ConfusionReason>;
  fpr: Maybe<ConfusionReason>;
  fnr: Maybe<ConfusionReason>;
  npv: Maybe<ConfusionReason>;
  accuracy: Maybe<ConfusionReason>;
  f1: Maybe<ConfusionReason>;
  f_beta: Maybe<ConfusionReason>;
  balanced_accuracy: Maybe<ConfusionReason>;
  informedness: Maybe<ConfusionReason>;
  markedness: Maybe<ConfusionReason>;
  mcc: Maybe<ConfusionReason>;
  prevalence: Maybe<ConfusionReason>;
}

/** Throws RangeError unless every count is a finite number >= 0. */
export function checkCounts(c: ConfusionCounts): void {
  for (const k of ['tp', 'fp', 'fn', 'tn'] as const) {
    const v = c[k];
    if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`confusion count ${k} must be a finite number >= 0, got ${v}`);
  }
}

const both = (a: Maybe<ConfusionReason>, b: Maybe<ConfusionReason>, f: (x: number, y: number) => number): Maybe<ConfusionReason> =>
  a.value === null || b.value === null ? undef('depends_on_undefined') : defined(f(a.value, b.value));

/**
 * Every metric of the module comment from the four counts.
 * @param beta weight of recall in F-beta (> 0; default 1, which makes f_beta equal f1).
 * @throws RangeError for a negative or non-finite count, or beta <= 0.
 */
export function confusionMetrics(c: ConfusionCounts, beta = 1): ConfusionMetrics {
  checkCounts(c);
  if (!(Number.isFinite(beta) && beta > 0)) throw new RangeError(`beta must be a finite number > 0, got ${beta}`);
  const { tp, fp, fn, tn } = c;
  const n = tp + fp + fn + tn;
  const b2 = beta * beta;
  const precision = ratio(tp, tp + fp, 'no_predicted_positives' as const);
  const recall = ratio(tp, tp + fn, 'no_positives' as const);
  const specificity = ratio(tn, tn + fp, 'no_negatives' as const);
  const npv = ratio(tn, tn + fn, 'no_predicted_negatives' as const);
  const marginProduct = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn);
  return {
    precision,
    recall,
    specificity,
    fpr: ratio(fp, fp + tn, 'no_negatives'),
    fnr: ratio(fn, fn + tp, 'no_positives'),
    npv,
    accuracy: ratio(tp + tn, n, 'no_cases'),
    f1: ratio(2 * tp, 2 * tp + fp + fn, 'no_errors_or_hits'),
    f_beta: ratio((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp, 'no_errors_or_hits'),
    balanced_accuracy: both(recall, specificity, (r, s) => (r + s) / 2),
    informedness: both(recall, specificity, (r, s) => r + s - 1),
    markedness: both(precision, npv, (p, v) => p + v - 1),
    mcc: marginProduct === 0 ? undef('degenerate_margin') : defined((tp * tn - fp * fn) / Math.sqrt(marginProduct)),
    prevalence: ratio(tp + fn, n, 'no_cases'),
  };
}

/**
 * Counts of predictions against truth, both arrays of 0/1 (1 = positive class).
 * @throws RangeError when the lengths differ or an entry is not 0 or 1.
 */
export function confusionCounts(truth: ArrayLike<number>, predicted: ArrayLike<number>): ConfusionCounts {
  if (truth.length !== predicted.length) throw new RangeError(`truth and predicted differ in length (${truth.length} vs ${predicted.length})`);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i];
    const p = predicted[i];
    if ((t !== 0 && t !== 1) || (p !== 0 && p !== 1)) throw new RangeError(`entry ${i} is not 0 or 1 (truth ${t}, predicted ${p})`);
    if (t === 1) {
      if (p === 1) tp++;
      else fn++;
    } else if (p === 1) fp++;
    else tn++;
  }
  return { tp, fp, fn, tn };
}
