/**
 * Calibration metrics for binary probabilities: Brier score (with Murphy's decomposition), log loss
 * with clipping, reliability tables with equal-width or equal-mass bins, ECE and MCE.
 *
 * Conventions shared by every function here:
 * - `p` is an array of predicted probabilities of the positive class, each in [0, 1]; `y` is the
 *   array of labels, each 0 or 1, same length. A probability outside [0, 1] (NaN included), a label
 *   other than 0/1 or arrays of different lengths throw a RangeError (validate.ts): no function here
 *   returns NaN.
 * - A metric over zero cases is undefined: the function returns core's Maybe (maybe.ts) with value
 *   null and reason `no_cases` (never 0), as multiclass.ts does.
 * - Numbers are unrounded. (The textbook's kit rounds per-bin gaps to 4 decimals before summing
 *   them into ECE; this module does not.)
 */
import { quantileSorted } from './quantile.ts';
import { checkBinaryLabels, checkProbabilities, checkSameLength } from './validate.ts';
import { equalWidthIndex } from './histogram.ts';
import { lowerBound } from './sorted.ts';
import { defined, undef } from './maybe.ts';
import type { Maybe } from './maybe.ts';

/**
 * The smallest clipping of log loss: 2^-53 (about 1.11e-16), the smallest eps for which 1 - eps is
 * still below 1 in doubles (1 - 2^-53 is the largest double under 1), so the loss stays finite.
 * scikit-learn's float64 default, numpy's finfo(float64).eps = 2^-52, is above it.
 */
export const MIN_LOG_LOSS_EPS = 2 ** -53;

/** Reason code used when a metric is undefined because there are no cases. */
export const NO_CASES = 'no_cases' as const;

/** A metric of this module: a number, or undefined with `no_cases`. */
export type CalibrationMetric = Maybe<typeof NO_CASES>;

function checkLengths(p: ArrayLike<number>, y: ArrayLike<number>): void {
  checkSameLength(p, y, 'p and y');
  checkProbabilities(p);
  checkBinaryLabels(y);
}

/**
 * Brier score: mean of (p_i - y_i)^2. Range [0, 1], lower is better.
 * Undefined (`no_cases`) when there are no cases. Matches sklearn.metrics.brier_score_loss.
 * Throws if the arrays differ in length.
 */
export function brierScore(p: ArrayLike<number>, y: ArrayLike<number>): CalibrationMetric {
  checkLengths(p, y);
  const n = p.length;
  if (n === 0) return undef(NO_CASES);
  let s = 0;
  for (let i = 0; i < n; i++) {
    const d = p[i] - y[i];
    s += d * d;
  }
  return defined(s / n);
}

/**
 * Log loss (cross-entropy, natural log): -mean(y ln p + (1 - y) ln(1 - p)), with every p first
 * clipped to [eps, 1 - eps] so that p = 0 or 1 gives a large finite loss instead of Infinity.
 * `eps` defaults to 1e-6, the textbook kit's clamp; scikit-learn before 1.2 used 1e-15, and 1.2's
 * eps="auto" is numpy's float64 eps, 2^-52 = 2.220446049250313e-16 (accepted: any eps from 2^-53).
 * Undefined (`no_cases`) with no cases. Matches sklearn.metrics.log_loss(y, p, eps=eps, labels=[0, 1]).
 * Throws RangeError for bad arrays (see the module comment) or eps outside [MIN_LOG_LOSS_EPS, 0.5).
 */
export function logLoss(p: ArrayLike<number>, y: ArrayLike<number>, eps = 1e-6): CalibrationMetric {
  checkLengths(p, y);
  // Below 2^-53, 1 - eps rounds to 1 and a confident miss would cost log(0) = -Infinity.
  if (!(eps >= MIN_LOG_LOSS_EPS && eps < 0.5)) throw new RangeError(`eps must be in [${MIN_LOG_LOSS_EPS}, 0.5), got ${eps}`);
  const n = p.length;
  if (n === 0) return undef(NO_CASES);
  let s = 0;
  for (let i = 0; i < n; i++) {
    const q = Math.min(1 - eps, Math.max(eps, p[i]));
    s += y[i] === 1 ? Math.log(q) : Math.log(1 - q);
  }
  return defined(-s / n);
}

/** Binning strategies of a reliability table. */
export type BinningStrategy = 'uniform' | 'quantile';

/**
 * Bin of `p` among `bins` equal-width bins on [0, 1], the kit's rule: min(bins - 1, floor(p * bins)).
 * Bins are closed on the left and open on the right, except the last, which also holds p = 1:
 * with 5 bins, p = 0.2 falls in bin 1 and p = 1 in bin 4. (scikit-learn's calibration_curve
 * closes bins on the right instead; see `searchsortedLeft`.) Values below 0 go to bin 0.
 */
export function uniformBinIndex(p: number, bins: number): number {
  return equalWidthIndex(p, bins, 0, 1);
}

/**
 * numpy.searchsorted(edges, v, side='left'): the number of edges strictly below v. With `edges`
 * the inner edges of a binning, this is the bin index scikit-learn's calibration_curve uses
 * (a value equal to an inner edge goes to the lower bin). `edges` must be sorted ascending. It is
 * lowerBound (sorted.ts) under numpy's name.
 */
export function searchsortedLeft(edges: ArrayLike<number>, v: number): number {
  return lowerBound(edges, v);
}

/**
 * Bin edges (length bins + 1) of a binning.
 * - 'uniform': i / bins for i = 0..bins (the same doubles as numpy.linspace(0, 1, bins + 1)).
 * - 'quantile' (equal mass): numpy.percentile(p, linspace(0, 100, bins + 1)) (quantile.ts), as scikit-learn's
 *   calibration_curve(strategy='quantile'); repeated probabilities can make edges coincide, and the
 *   bins between them are then empty. Needs at least one value (throws otherwise).
 */
export function binEdges(p: ArrayLike<number>, bins: number, strategy: BinningStrategy): number[] {
  if (!(Number.isInteger(bins) && bins >= 1)) throw new Error(`bins must be a positive integer, got ${bins}`);
  const edges: number[] = [];
  if (strategy === 'uniform') {
    const step = 1 / bins;
    for (let i = 0; i <= bins; i++) edges.push(i === bins ? 1 : i * step);
    return edges;
  }
  const sorted = Float64Array.from(p as ArrayLike<number>).sort();
  for (let i = 0; i <= bins; i++) {
    const q = i === bins ? 100 : (i * (1 / bins)) * 100;
    edges.push(quantileSorted(sorted, q / 100));
  }
  return edges;
}

/**
 * Bin index of every probability.
 * - 'uniform': `uniformBinIndex` (the kit's left-closed rule).
 * - 'quantile': `searchsortedLeft(inner edges, p)` on the equal-mass edges (scikit-learn's rule).
 * Returns an Int32Array of indices in [0, bins - 1].
 */
export function binIndices(p: ArrayLike<number>, bins: number, strategy: BinningStrategy, edges?: number[]): Int32Array {
  const out = new Int32Array(p.length);
  if (strategy === 'uniform') {
    for (let i = 0; i < p.length; i++) out[i] = uniformBinIndex(p[i], bins);
    return out;
  }
  const e = edges ?? binEdges(p, bins, strategy);
  const inner = e.slice(1, -1);
  for (let i = 0; i < p.length; i++) out[i] = searchsortedLeft(inner, p[i]);
  return out;
}

/** One row of a reliability table. Empty bins have count 0 and null statistics. */
export interface ReliabilityBin {
  bin: number;
  /** [lower edge, upper edge] of the bin. */
  range: [number, number];
  count: number;
  positives: number;
  /** Mean predicted probability in the bin (null if empty). */
  confidence: number | null;
  /** Observed positive rate in the bin (null if empty). The kit calls this "accuracy". */
  accuracy: number | null;
  /** |accuracy - confidence| (null if empty). */
  gap: number | null;
}

/**
 * Reliability table: per bin, count, positives, mean confidence, observed positive rate and gap.
 * Every bin is listed, empty ones with count 0 and nulls (they add nothing to ECE/MCE).
 * `strategy` 'uniform' uses the kit's left-closed equal-width bins; 'quantile' uses
 * scikit-learn's equal-mass edges (with no cases, quantile edges fall back to uniform ones).
 * On non-empty bins, `accuracy` and `confidence` equal sklearn.calibration.calibration_curve's
 * prob_true and prob_pred (for 'uniform' only when no p sits exactly on an inner edge).
 * Throws if the arrays differ in length or bins is not a positive integer.
 */
export function reliabilityTable(
  p: ArrayLike<number>,
  y: ArrayLike<number>,
  bins: number,
  strategy: BinningStrategy = 'uniform',
): ReliabilityBin[] {
  checkLengths(p, y);
  const edges = binEdges(p, bins, p.length === 0 ? 'uniform' : strategy);
  const idx = binIndices(p, bins, p.length === 0 ? 'uniform' : strategy, edges);
  return reliabilityFromIndices(p, y, idx, edges);
}

/**
 * Reliability table from precomputed bin indices (length of `edges` minus one bins).
 * Same output as `reliabilityTable`; used when the caller already binned the cases.
 */
export function reliabilityFromIndices(
  p: ArrayLike<number>,
  y: ArrayLike<number>,
  idx: ArrayLike<number>,
  edges: number[],
): ReliabilityBin[] {
  const bins = edges.length - 1;
  const count = new Float64Array(bins);
  const sumP = new Float64Array(bins);
  const sumY = new Float64Array(bins);
  for (let i = 0; i < p.length; i++) {
    const k = idx[i];
    count[k]++;
    sumP[k] += p[i];
    sumY[k] += y[i];
  }
  const rows: ReliabilityBin[] = [];
  for (let k = 0; k < bins; k++) {
    const n = count[k];
    const conf = n ? sumP[k] / n : null;
    const acc = n ? sumY[k] / n : null;
    rows.push({
      bin: k,
      range: [edges[k], edges[k + 1]],
      count: n,
      positives: sumY[k],
      confidence: conf,
      accuracy: acc,
      gap: conf === null || acc === null ? null : Math.abs(acc - conf),
    });
  }
  return rows;
}

/**
 * Expected calibration error of a reliability table: sum over non-empty bins of
 * (count_k / N) * gap_k, with N the total count. Empty bins contribute nothing (their weight is 0);
 * undefined (`no_cases`) when N = 0. Unrounded gaps (the kit sums gaps rounded to 4 decimals).
 * Source: Naeini, Cooper & Hauskrecht (2015), "Obtaining well calibrated probabilities using
 * Bayesian binning" (AAAI), and Guo et al. (2017) for the binned estimator.
 */
export function eceFromTable(table: readonly ReliabilityBin[]): CalibrationMetric {
  let n = 0;
  let s = 0;
  for (const r of table) {
    if (r.count === 0 || r.gap === null) continue;
    n += r.count;
    s += r.count * r.gap;
  }
  return n === 0 ? undef(NO_CASES) : defined(s / n);
}

/**
 * Maximum calibration error: the largest gap over non-empty bins. Empty bins are skipped (a bin
 * with no cases has no gap); undefined (`no_cases`) when every bin is empty. Same source as ECE.
 */
export function mceFromTable(table: readonly ReliabilityBin[]): CalibrationMetric {
  let m: number | null = null;
  for (const r of table) {
    if (r.count === 0 || r.gap === null) continue;
    if (m === null || r.gap > m) m = r.gap;
  }
  return m === null ? undef(NO_CASES) : defined(m);
}

/** ECE of p against y with `bins` bins of the given strategy (see `reliabilityTable`). */
export function ece(p: ArrayLike<number>, y: ArrayLike<number>, bins: number, strategy: BinningStrategy = 'uniform'): CalibrationMetric {
  return eceFromTable(reliabilityTable(p, y, bins, strategy));
}

/** MCE of p against y with `bins` bins of the given strategy (see `reliabilityTable`). */
export function mce(p: ArrayLike<number>, y: ArrayLike<number>, bins: number, strategy: BinningStrategy = 'uniform'): CalibrationMetric {
  return mceFromTable(reliabilityTable(p, y, bins, strategy));
}

/** Murphy's decomposition of the Brier score over a binning. */
export interface BrierDecomposition {
  brier: number;
  /** (1/N) sum_k n_k (conf_k - acc_k)^2: lower is better. */
  reliability: number;
  /** (1/N) sum_k n_k (acc_k - base rate)^2: higher is better. */
  resolution: number;
  /** base rate (1 - base rate). */
  uncertainty: number;
  /**
   * brier - (reliability - resolution + uncertainty): the within-bin terms that the binned
   * decomposition leaves out (Stephenson, Coelho & Jolliffe 2008). Exactly 0 (up to rounding)
   * when every bin holds a single forecast value, e.g. for a histogram calibrator's output.
   */
  residual: number;
}

/**
 * Murphy (1973) decomposition of the Brier score, BS = REL - RES + UNC, computed on a reliability
 * table (the binning is the table's: the lab uses the same bins as its reliability diagram).
 * Exact when each bin holds one distinct forecast value; otherwise `residual` carries the
 * within-bin variance and covariance terms. Null with no cases (the reason is `no_cases`: there is
 * no row to decompose).
 * Source: Murphy, "A new vector partition of the probability score", J. Appl. Meteor. 12 (1973).
 */
export function brierDecomposition(
  p: ArrayLike<number>,
  y: ArrayLike<number>,
  table: readonly ReliabilityBin[],
): BrierDecomposition | null {
  const bs = brierScore(p, y).value;
  if (bs === null) return null;
  let n = 0;
  let pos = 0;
  for (const r of table) {
    n += r.count;
    pos += r.positives;
  }
  const base = pos / n;
  let rel = 0;
  let res = 0;
  for (const r of table) {
    if (r.count === 0 || r.confidence === null || r.accuracy === null) continue;
    rel += r.count * (r.confidence - r.accuracy) ** 2;
    res += r.count * (r.accuracy - base) ** 2;
  }
  rel /= n;
  res /= n;
  const unc = base * (1 - base);
  return { brier: bs, reliability: rel, resolution: res, uncertainty: unc, residual: bs - (rel - res + unc) };
}
