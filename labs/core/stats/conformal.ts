/**
 * Split conformal prediction for a binary classifier that outputs a probability p of the positive
 * class. Non-conformity of a labelled case: s = 1 - p if the label is 1, else p (one minus the
 * probability given to the true label). The threshold q is an order statistic of the calibration
 * scores; the prediction set of a new case holds every label whose non-conformity is <= q.
 * Under exchangeability of calibration and test cases, P(true label in set) >= 1 - alpha.
 * Source: Vovk, Gammerman & Shafer (2005); Angelopoulos & Bates (2021), "A gentle introduction to
 * conformal prediction and distribution-free uncertainty quantification", section 1.
 */
import { checkBinaryLabels, checkProbabilities, checkSameLength } from './validate.ts';
import { PROBABILITY_TOLERANCE } from './tolerance.ts';

/**
 * Tolerance for comparing a non-conformity score with q: s <= q + SET_TOLERANCE, the project's one
 * PROBABILITY_TOLERANCE (tolerance.ts). Discrete calibrators produce scores such as 1 - 1/3 and 2/3
 * that are equal in exact arithmetic but may differ in the last bit; without the tolerance, set
 * membership would depend on that bit.
 */
export const SET_TOLERANCE = PROBABILITY_TOLERANCE;

/** Non-conformity scores (1 - p for label 1, p for label 0). Throws if lengths differ. */
export function nonconformityScores(p: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  checkSameLength(p, y, 'p and y');
  checkProbabilities(p);
  checkBinaryLabels(y);
  const out = new Float64Array(p.length);
  for (let i = 0; i < p.length; i++) out[i] = y[i] === 1 ? 1 - p[i] : p[i];
  return out;
}

/**
 * The 1-based rank of the conformal quantile: ceil((n + 1)(1 - alpha)). A tiny slack (1e-9) is
 * subtracted before the ceiling so that floating-point error cannot push an exact integer up
 * (e.g. (n + 1)(1 - alpha) = 18 computed as 18.000000000000004). May exceed n.
 * Throws unless n is a non-negative integer and 0 < alpha < 1.
 */
export function conformalRank(n: number, alpha: number): number {
  if (!(Number.isInteger(n) && n >= 0)) throw new Error(`n must be a non-negative integer, got ${n}`);
  if (!(alpha > 0 && alpha < 1)) throw new Error(`alpha must be in (0, 1), got ${alpha}`);
  return Math.ceil((n + 1) * (1 - alpha) - 1e-9);
}

/**
 * The rule that separates calibrator fitting from the conformal quantile. When the probabilities
 * come from a calibrator fitted on the calibration split, scores computed on those same cases are
 * not exchangeable with the scores of new cases (the calibrator has seen them), and the
 * finite-sample coverage guarantee is lost. So the calibration split is cut in two, in file order:
 * the 1st, 3rd, 5th, ... calibration cases fit the calibrator the sets use (n_fit = ceil(n / 2)),
 * the 2nd, 4th, 6th, ... give the non-conformity scores of the quantile (n_quantile = floor(n / 2)).
 * Deterministic, no seed; it assumes, like the split column itself, that file order carries no
 * information about the label. Raw (uncalibrated) probabilities need no split: rule 'none_raw_scores'.
 */
export type ConformalSplitRule = 'alternate_file_order' | 'none_raw_scores';

export interface ConformalSplit {
  rule: ConformalSplitRule;
  /** Positions (0-based, within the calibration split) of the cases that fit the calibrator. */
  fit: Int32Array;
  /** Positions of the cases whose non-conformity scores give the quantile. */
  quantile: Int32Array;
}

/**
 * Split of n calibration cases by the rule above: alternate positions in file order
 * ('alternate_file_order'), or every case to the quantile ('none_raw_scores', fit empty).
 * Throws unless n is a non-negative integer.
 */
export function conformalSplit(n: number, rule: ConformalSplitRule = 'alternate_file_order'): ConformalSplit {
  if (!(Number.isInteger(n) && n >= 0)) throw new Error(`n must be a non-negative integer, got ${n}`);
  if (rule === 'none_raw_scores') return { rule, fit: new Int32Array(0), quantile: Int32Array.from({ length: n }, (_, i) => i) };
  return {
    rule,
    fit: Int32Array.from({ length: Math.ceil(n / 2) }, (_, i) => 2 * i),
    quantile: Int32Array.from({ length: Math.floor(n / 2) }, (_, i) => 2 * i + 1),
  };
}

/** The values of `x` at `positions`, as a new Float64Array. */
export function pick(x: ArrayLike<number>, positions: ArrayLike<number>): Float64Array {
  const out = new Float64Array(positions.length);
  for (let i = 0; i < positions.length; i++) out[i] = x[positions[i]];
  return out;
}

export interface ConformalThreshold {
  n: number;
  alpha: number;
  /** ceil((n + 1)(1 - alpha)), 1-based; may exceed n. */
  rank: number;
  /**
   * The rank-th smallest calibration score, or +Infinity when rank > n (there are too few
   * calibration cases for the target coverage: every prediction set is then full). Unlike the
   * textbook kit, the rank is never clamped to n.
   */
  q: number;
}

/**
 * Split-conformal threshold: q = the ceil((n + 1)(1 - alpha))-th smallest of the n calibration
 * non-conformity scores; +Infinity when that rank exceeds n (n < 1/alpha - 1 roughly, including
 * n = 0). Source: Angelopoulos & Bates (2021), eq. (1) and Theorem 1.
 * Throws unless 0 < alpha < 1.
 */
export function conformalThreshold(scores: ArrayLike<number>, alpha: number): ConformalThreshold {
  const n = scores.length;
  const rank = conformalRank(n, alpha);
  if (rank > n) return { n, alpha, rank, q: Number.POSITIVE_INFINITY };
  const sorted = Float64Array.from(scores as ArrayLike<number>).sort();
  return { n, alpha, rank, q: sorted[Math.max(rank, 1) - 1] };
}

/**
 * Prediction set of a case with probability p, as a bit mask: bit 0 = label 0 is in the set
 * (p <= q), bit 1 = label 1 is in the set (1 - p <= q). 0 = empty set, 1 = {0}, 2 = {1},
 * 3 = {0, 1}. Comparisons allow SET_TOLERANCE. The empty set is possible when q < 0.5 and is
 * returned as such (the kit turns it into the full set); q = +Infinity gives the full set.
 */
export function predictionSetMask(p: number, q: number): 0 | 1 | 2 | 3 {
  let m = 0;
  if (p <= q + SET_TOLERANCE) m |= 1;
  if (1 - p <= q + SET_TOLERANCE) m |= 2;
  return m as 0 | 1 | 2 | 3;
}

/** Labels of a prediction-set mask, ascending: mask 3 -> [0, 1]. */
export function setLabels(mask: number): number[] {
  const out: number[] = [];
  if (mask & 1) out.push(0);
  if (mask & 2) out.push(1);
  return out;
}

export interface ConformalEvaluation {
  n: number;
  /** Fraction of cases whose true label is in their set; null with no cases. */
  coverage: number | null;
  /** Mean set size (0, 1 or 2 per case); null with no cases. */
  mean_set_size: number | null;
  /** Number of cases with a set of size 0, 1 and 2. */
  set_size_counts: { '0': number; '1': number; '2': number };
  /** Singleton sets broken down by the label they hold. */
  singleton_counts: { '0': number; '1': number };
  /** Per-case set masks (see predictionSetMask). */
  masks: Uint8Array;
}

/**
 * Prediction sets for evaluation cases and their empirical coverage and sizes. Coverage and
 * mean size are null (undefined) when there are no cases. Throws if lengths differ.
 */
export function evaluateConformal(p: ArrayLike<number>, y: ArrayLike<number>, q: number): ConformalEvaluation {
  if (p.length !== y.length) throw new Error(`p and y differ in length (${p.length} vs ${y.length})`);
  const n = p.length;
  const masks = new Uint8Array(n);
  let covered = 0;
  let sizeSum = 0;
  const sizes = { '0': 0, '1': 0, '2': 0 };
  const single = { '0': 0, '1': 0 };
  for (let i = 0; i < n; i++) {
    const m = predictionSetMask(p[i], q);
    masks[i] = m;
    const size = (m & 1) + ((m >> 1) & 1);
    sizeSum += size;
    if (size === 0) sizes['0']++;
    else if (size === 1) {
      sizes['1']++;
      if (m === 1) single['0']++;
      else single['1']++;
    } else sizes['2']++;
    if (m & (y[i] === 1 ? 2 : 1)) covered++;
  }
  return {
    n,
    coverage: n ? covered / n : null,
    mean_set_size: n ? sizeSum / n : null,
    set_size_counts: sizes,
    singleton_counts: single,
    masks,
  };
}
