/**
 * Binary calibrators: functions fitted on (score, label) pairs of a calibration split that map a
 * raw score in [0, 1] to a calibrated probability of the positive class.
 *
 * - Histogram binning with Laplace smoothing (the textbook kit's calibrator).
 * - Platt scaling with Platt's target smoothing, fitted by Newton's method with backtracking
 *   (Lin, Lin & Weng 2007), the same optimum as scikit-learn's _sigmoid_calibration.
 * - Isotonic regression by pool-adjacent-violators, ties in the score averaged first and the
 *   prediction linearly interpolated and clipped, as sklearn.isotonic.IsotonicRegression
 *   (increasing=True, out_of_bounds='clip').
 * - Temperature scaling on the logit: p' = sigmoid(logit(p) / T), T minimizing the calibration
 *   log loss (Guo, Pleiss, Sun & Weinberger 2017).
 *
 * Inputs: `scores` (raw scores, numbers in [0, 1]) and `labels` (0 or 1), same length. Every fit
 * throws when the calibration split is empty or the arrays differ in length; one class alone is
 * allowed (each calibrator's docstring says what it then does).
 */
import { uniformBinIndex } from './calibration_metrics.ts';
import { checkBinaryLabels, checkProbabilities, checkSameLength } from './validate.ts';

export type CalibratorType = 'histogram_laplace' | 'platt' | 'isotonic' | 'temperature';

export const CALIBRATOR_TYPES: readonly CalibratorType[] = ['histogram_laplace', 'platt', 'isotonic', 'temperature'];

function checkFitInput(scores: ArrayLike<number>, labels: ArrayLike<number>): void {
  if (scores.length !== labels.length) throw new Error(`scores and labels differ in length (${scores.length} vs ${labels.length})`);
  if (scores.length === 0) throw new Error('cannot fit a calibrator on an empty calibration split');
}

// ---------------------------------------------------------------------------------------------
// Histogram binning

export interface HistogramBin {
  bin: number;
  count: number;
  positives: number;
  /** (positives + 1) / (count + 2); the global positive rate when the bin is empty. Unrounded. */
  calibrated_probability: number;
  /** True when the bin had no calibration case and fell back to the global rate. */
  empty: boolean;
}

export interface HistogramCalibrator {
  type: 'histogram_laplace';
  bins: number;
  /** Positive rate of the whole calibration split (used for empty bins, unsmoothed as in the kit). */
  global_rate: number;
  mapping: HistogramBin[];
}

/**
 * Histogram binning with Laplace smoothing, the kit's calibrator: equal-width bins on [0, 1]
 * (kit rule min(bins - 1, floor(score * bins))); in each bin the calibrated probability is
 * (positives + 1) / (count + 2), so a small bin never returns exactly 0 or 1. An empty bin falls
 * back to the global positive rate of the calibration split, unsmoothed (the kit's convention;
 * it can be exactly 0 or 1 when the split has one class). The kit rounds the mapping to 6
 * decimals; this function does not. Source: Zadrozny & Elkan (2001), "Obtaining calibrated
 * probability estimates from decision trees and naive Bayesian classifiers", with the Laplace
 * estimate. Throws on an empty split or bins < 1.
 */
export function fitHistogram(scores: ArrayLike<number>, labels: ArrayLike<number>, bins: number): HistogramCalibrator {
  checkFitInput(scores, labels);
  if (!(Number.isInteger(bins) && bins >= 1)) throw new Error(`bins must be a positive integer, got ${bins}`);
  const count = new Float64Array(bins);
  const pos = new Float64Array(bins);
  let total = 0;
  for (let i = 0; i < scores.length; i++) {
    const k = uniformBinIndex(scores[i], bins);
    count[k]++;
    pos[k] += labels[i];
    total += labels[i];
  }
  const globalRate = total / scores.length;
  const mapping: HistogramBin[] = [];
  for (let k = 0; k < bins; k++) {
    const empty = count[k] === 0;
    mapping.push({
      bin: k,
      count: count[k],
      positives: pos[k],
      calibrated_probability: empty ? globalRate : (pos[k] + 1) / (count[k] + 2),
      empty,
    });
  }
  return { type: 'histogram_laplace', bins, global_rate: globalRate, mapping };
}

/** Calibrated probability of each score under a histogram calibrator (same bin rule as the fit). */
export function applyHistogram(cal: HistogramCalibrator, scores: ArrayLike<number>): Float64Array {
  const out = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) out[i] = cal.mapping[uniformBinIndex(scores[i], cal.bins)].calibrated_probability;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Platt scaling

export interface PlattCalibrator {
  type: 'platt';
  /** P(y = 1 | f) = 1 / (1 + exp(a f + b)), Platt's sign convention (a < 0 for a useful score). */
  a: number;
  b: number;
  /** Platt's smoothed targets: (N+ + 1) / (N+ + 2) for positives, 1 / (N- + 2) for negatives. */
  target_positive: number;
  target_negative: number;
  iterations: number;
  converged: boolean;
}

/**
 * Platt scaling: fits P(y = 1 | f) = 1 / (1 + exp(a f + b)) by minimizing the cross-entropy
 * against Platt's smoothed targets t+ = (N+ + 1) / (N+ + 2), t- = 1 / (N- + 2), with Newton's
 * method, backtracking line search and a tiny ridge on the Hessian (Lin, Lin & Weng 2007,
 * "A note on Platt's probabilistic outputs for support vector machines", Algorithm 1), started
 * at a = 0, b = ln((N- + 1) / (N+ + 1)). f is the raw score itself, as scikit-learn's
 * CalibratedClassifierCV(method='sigmoid') does with predict_proba. With one class the targets
 * keep the optimum finite (a tends to 0 and b to the logit of the target). Stops when both
 * gradient components are below 1e-10 * max(1, N) or after 100 iterations (`converged` false).
 * Source: Platt (1999), "Probabilistic outputs for support vector machines...";
 * sklearn.calibration._sigmoid_calibration reaches the same optimum with BFGS (to its tolerance).
 * Throws on an empty split.
 */
export function fitPlatt(scores: ArrayLike<number>, labels: ArrayLike<number>): PlattCalibrator {
  checkFitInput(scores, labels);
  const n = scores.length;
  let prior1 = 0;
  for (let i = 0; i < n; i++) if (labels[i] > 0) prior1++;
  const prior0 = n - prior1;
  const hi = (prior1 + 1) / (prior1 + 2);
  const lo = 1 / (prior0 + 2);
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = labels[i] > 0 ? hi : lo;
  const maxIter = 100;
  const minStep = 1e-10;
  const sigma = 1e-12;
  const tol = 1e-10 * Math.max(1, n);
  const objective = (A: number, B: number): number => {
    let f = 0;
    for (let i = 0; i < n; i++) {
      const fApB = scores[i] * A + B;
      f += fApB >= 0 ? t[i] * fApB + Math.log1p(Math.exp(-fApB)) : (t[i] - 1) * fApB + Math.log1p(Math.exp(fApB));
    }
    return f;
  };
  let A = 0;
  let B = Math.log((prior0 + 1) / (prior1 + 1));
  let fval = objective(A, B);
  let it = 0;
  let converged = false;
  for (; it < maxIter; it++) {
    let h11 = sigma;
    let h22 = sigma;
    let h21 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let i = 0; i < n; i++) {
      const fApB = scores[i] * A + B;
      let p: number;
      let q: number;
      if (fApB >= 0) {
        const e = Math.exp(-fApB);
        p = e / (1 + e);
        q = 1 / (1 + e);
      } else {
        const e = Math.exp(fApB);
        p = 1 / (1 + e);
        q = e / (1 + e);
      }
      const d2 = p * q;
      const f = scores[i];
      h11 += f * f * d2;
      h22 += d2;
      h21 += f * d2;
      const d1 = t[i] - p;
      g1 += f * d1;
      g2 += d1;
    }
    if (Math.abs(g1) < tol && Math.abs(g2) < tol) {
      converged = true;
      break;
    }
    const det = h11 * h22 - h21 * h21;
    const dA = -(h22 * g1 - h21 * g2) / det;
    const dB = -(-h21 * g1 + h11 * g2) / det;
    const gd = g1 * dA + g2 * dB;
    let step = 1;
    let moved = false;
    while (step >= minStep) {
      const nA = A + step * dA;
      const nB = B + step * dB;
      const nf = objective(nA, nB);
      if (nf < fval + 1e-4 * step * gd) {
        A = nA;
        B = nB;
        fval = nf;
        moved = true;
        break;
      }
      step /= 2;
    }
    if (!moved) {
      // no decrease possible at double precision: we are at the optimum to machine accuracy
      converged = true;
      break;
    }
  }
  return { type: 'platt', a: A, b: B, target_positive: hi, target_negative: lo, iterations: it, converged };
}

/** Calibrated probabilities 1 / (1 + exp(a f + b)) under a Platt calibrator, computed stably. */
export function applyPlatt(cal: PlattCalibrator, scores: ArrayLike<number>): Float64Array {
  const out = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const z = cal.a * scores[i] + cal.b;
    out[i] = z >= 0 ? Math.exp(-z) / (1 + Math.exp(-z)) : 1 / (1 + Math.exp(z));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Isotonic regression

/** Scores closer than this to the first score of a run count as tied (numpy float64 resolution, as sklearn's _make_unique). */
const TIE_RESOLUTION = 1e-15;

export interface IsotonicCalibrator {
  type: 'isotonic';
  /** Knots of the fitted non-decreasing step/linear function (sklearn's X_thresholds_). */
  x: number[];
  /** Fitted values at the knots (sklearn's y_thresholds_). */
  y: number[];
}

/**
 * Isotonic regression of labels on scores (non-decreasing), as sklearn.isotonic.IsotonicRegression
 * with increasing=True and out_of_bounds='clip':
 * 1. sort by score (then by label); cases whose score is within 1e-15 of a run's first score are merged into one point whose
 *    value is their mean label and whose weight is their count (sklearn's _make_unique: the
 *    "secondary" treatment of ties);
 * 2. pool adjacent violators on those weighted points;
 * 3. keep the first and last point of each constant run (sklearn's trim_duplicates).
 * Prediction interpolates linearly between knots and clips outside [min score, max score]; with
 * one distinct score the function is constant. One class gives a constant 0 or 1.
 * Source: Barlow et al. (1972); Zadrozny & Elkan (2002) for calibration. Throws on an empty split.
 */
export function fitIsotonic(scores: ArrayLike<number>, labels: ArrayLike<number>): IsotonicCalibrator {
  checkFitInput(scores, labels);
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((i, j) => scores[i] - scores[j] || labels[i] - labels[j]);
  // merge ties in x (weighted means)
  const ux: number[] = [];
  const uy: number[] = [];
  const uw: number[] = [];
  for (const i of order) {
    const x = scores[i];
    const last = ux.length - 1;
    if (last >= 0 && x - ux[last] < TIE_RESOLUTION) {
      uy[last] += labels[i];
      uw[last] += 1;
    } else {
      ux.push(x);
      uy.push(labels[i]);
      uw.push(1);
    }
  }
  for (let k = 0; k < ux.length; k++) uy[k] /= uw[k];
  // PAVA with a stack of blocks
  const m = ux.length;
  const bVal: number[] = [];
  const bW: number[] = [];
  const bEnd: number[] = [];
  for (let k = 0; k < m; k++) {
    bVal.push(uy[k]);
    bW.push(uw[k]);
    bEnd.push(k);
    while (bVal.length > 1 && bVal[bVal.length - 2] > bVal[bVal.length - 1]) {
      const w2 = bW.pop() as number;
      const v2 = bVal.pop() as number;
      const e2 = bEnd.pop() as number;
      const w1 = bW[bW.length - 1];
      const v1 = bVal[bVal.length - 1];
      const w = w1 + w2;
      bVal[bVal.length - 1] = (v1 * w1 + v2 * w2) / w;
      bW[bW.length - 1] = w;
      bEnd[bEnd.length - 1] = e2;
    }
  }
  const fitted = new Array<number>(m);
  let start = 0;
  for (let b = 0; b < bVal.length; b++) {
    for (let k = start; k <= bEnd[b]; k++) fitted[k] = bVal[b];
    start = bEnd[b] + 1;
  }
  // trim interior points equal to both neighbours
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 0; k < m; k++) {
    if (k > 0 && k < m - 1 && fitted[k] === fitted[k - 1] && fitted[k] === fitted[k + 1]) continue;
    x.push(ux[k]);
    y.push(fitted[k]);
  }
  return { type: 'isotonic', x, y };
}

/** Calibrated probabilities under an isotonic calibrator: linear interpolation, clipped at the ends. */
export function applyIsotonic(cal: IsotonicCalibrator, scores: ArrayLike<number>): Float64Array {
  const { x, y } = cal;
  const m = x.length;
  const out = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (m === 1 || s <= x[0]) {
      out[i] = y[0];
      continue;
    }
    if (s >= x[m - 1]) {
      out[i] = y[m - 1];
      continue;
    }
    // largest k with x[k] <= s
    let lo = 0;
    let hi = m - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (x[mid] <= s) lo = mid;
      else hi = mid;
    }
    const slope = (y[hi] - y[lo]) / (x[hi] - x[lo]);
    out[i] = slope * (s - x[lo]) + y[lo]; // scipy interp1d's formula
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Temperature scaling

/** Scores are clipped to [TEMPERATURE_EPS, 1 - TEMPERATURE_EPS] before the logit (0 and 1 have none). */
export const TEMPERATURE_EPS = 1e-6;
/** Search range of the temperature T. */
export const TEMPERATURE_MIN = 0.01;
export const TEMPERATURE_MAX = 100;

export interface TemperatureCalibrator {
  type: 'temperature';
  /** T > 0: p' = sigmoid(logit(p) / T). T > 1 softens overconfident scores, T < 1 sharpens. */
  temperature: number;
  /** True when the optimum lies at TEMPERATURE_MIN or TEMPERATURE_MAX (e.g. one class). */
  at_bound: boolean;
}

function logit(p: number): number {
  const q = Math.min(1 - TEMPERATURE_EPS, Math.max(TEMPERATURE_EPS, p));
  return Math.log(q / (1 - q));
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/**
 * Temperature scaling for a binary score: z = logit(clip(p, 1e-6, 1 - 1e-6)), p' = sigmoid(z / T),
 * with T minimizing the log loss on the calibration split. The loss is convex in b = 1/T, so the
 * fit solves d/db = sum (sigmoid(b z) - y) z = 0 by safeguarded Newton (bisection fallback) on
 * b in [1/100, 1/0.01], to |step| < 1e-12. If the derivative does not change sign in that range
 * (for instance one class, or a perfectly separated split), T is the nearest bound and `at_bound`
 * is true. A split where every z is 0 (all scores 0.5) leaves T = 1.
 * Source: Guo, Pleiss, Sun & Weinberger (2017), "On calibration of modern neural networks" (ICML).
 * Throws on an empty split.
 */
export function fitTemperature(scores: ArrayLike<number>, labels: ArrayLike<number>): TemperatureCalibrator {
  checkFitInput(scores, labels);
  const n = scores.length;
  const z = new Float64Array(n);
  let anyZ = false;
  for (let i = 0; i < n; i++) {
    z[i] = logit(scores[i]);
    if (z[i] !== 0) anyZ = true;
  }
  if (!anyZ) return { type: 'temperature', temperature: 1, at_bound: false };
  const deriv = (b: number): [number, number] => {
    let g = 0;
    let h = 0;
    for (let i = 0; i < n; i++) {
      const s = sigmoid(b * z[i]);
      g += (s - labels[i]) * z[i];
      h += s * (1 - s) * z[i] * z[i];
    }
    return [g, h];
  };
  let lo = 1 / TEMPERATURE_MAX;
  let hi = 1 / TEMPERATURE_MIN;
  const gLo = deriv(lo)[0];
  const gHi = deriv(hi)[0];
  if (gLo >= 0) return { type: 'temperature', temperature: TEMPERATURE_MAX, at_bound: true };
  if (gHi <= 0) return { type: 'temperature', temperature: TEMPERATURE_MIN, at_bound: true };
  let b = 1;
  for (let it = 0; it < 200; it++) {
    const [g, h] = deriv(b);
    if (g === 0) break;
    if (g < 0) lo = b;
    else hi = b;
    let next = h > 0 ? b - g / h : NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    const step = Math.abs(next - b);
    b = next;
    if (step < 1e-12 * Math.max(1, b)) break;
  }
  return { type: 'temperature', temperature: 1 / b, at_bound: false };
}

/** Calibrated probabilities sigmoid(logit(clip(p)) / T) under a temperature calibrator. */
export function applyTemperature(cal: TemperatureCalibrator, scores: ArrayLike<number>): Float64Array {
  const out = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) out[i] = sigmoid(logit(scores[i]) / cal.temperature);
  return out;
}

// ---------------------------------------------------------------------------------------------

export type Calibrator = HistogramCalibrator | PlattCalibrator | IsotonicCalibrator | TemperatureCalibrator;

/**
 * Fits the calibrator of the given type on a calibration split. `bins` is used by the histogram
 * calibrator only. Throws on an empty split (see each fit), and RangeError for a score outside [0, 1]
 * (NaN included), a label other than 0/1 or arrays of different lengths (validate.ts).
 */
export function fitCalibrator(type: CalibratorType, scores: ArrayLike<number>, labels: ArrayLike<number>, bins: number): Calibrator {
  checkSameLength(scores, labels, 'scores and labels');
  checkProbabilities(scores, 'score');
  checkBinaryLabels(labels);
  switch (type) {
    case 'histogram_laplace':
      return fitHistogram(scores, labels, bins);
    case 'platt':
      return fitPlatt(scores, labels);
    case 'isotonic':
      return fitIsotonic(scores, labels);
    case 'temperature':
      return fitTemperature(scores, labels);
  }
}

/** Applies any fitted calibrator to raw scores; returns calibrated probabilities in [0, 1]. */
export function applyCalibrator(cal: Calibrator, scores: ArrayLike<number>): Float64Array {
  switch (cal.type) {
    case 'histogram_laplace':
      return applyHistogram(cal, scores);
    case 'platt':
      return applyPlatt(cal, scores);
    case 'isotonic':
      return applyIsotonic(cal, scores);
    case 'temperature':
      return applyTemperature(cal, scores);
  }
}
