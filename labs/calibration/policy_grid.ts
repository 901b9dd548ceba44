/**
 * The calibration lab's review policy (chapter 05, step 3 of engine.ts): every pair low < high of
 * the kit's grid {0.05, ..., 0.95}, evaluated with core's two-threshold rule and scan
 * (labs/core/stats/two_threshold.ts, the same as the threshold lab's), then the kit's choice.
 *
 * A case is automated only when its conformal set is a singleton, towards the label it holds, and
 * only past that label's threshold ({0} and p <= low: normal; {1} and p >= high: urgent; core's tie
 * rule: within PROBABILITY_TOLERANCE of a threshold is at it); every other case is reviewed.
 * Constraints compare through the gate checklist's comparison (compare in
 * labs/core/contract/gate_check.ts), so a pair is feasible exactly when its checks pass.
 */
import { compare } from '../core/contract/gate_check.ts';
import { sortForTwoThresholds, twoThresholdAction, twoThresholdCounts } from '../core/stats/two_threshold.ts';
import type { Eligibility } from '../core/stats/two_threshold.ts';
import type { CalibrationReason } from './i18n/index.ts';
import type { CalibrationPolicy } from './schema.ts';

/** Confusion counts of the automated cases of a pair. */
export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** One pair of the grid with its counts, rates, cost and the constraints it fails. */
export interface GridPair {
  low: number;
  high: number;
  cost: number;
  reviewed: number;
  automated: number;
  review_rate: number;
  auto_coverage: number;
  /** errors / automated; null when nothing is automated (the kit writes 0.0). */
  auto_error_rate: number | null;
  confusion_auto: Confusion;
  passes: boolean;
  /** Constraint codes this pair fails (empty when it passes). */
  failed_constraints: CalibrationReason[];
  /** A feasible pair whose cost ties the recommended (feasible) pair's, within the engine's cost tolerance (policy_grid.ts). */
  ties_recommended_cost: boolean;
}

/** Tolerance when two pairs' costs are compared (ties at the best cost): relative, 1e-9. */
export const COMPARE_TOLERANCE = 1e-9;
/** The kit's threshold grid: 0.05, 0.10, ..., 0.95. */
export const THRESHOLD_GRID: readonly number[] = Array.from({ length: 19 }, (_, i) => (i + 1) / 20);

/** Which action a case's conformal set allows (mask 1 = {0}: normal only; mask 2 = {1}: urgent only; else none). */
export function eligibilityOfSet(mask: number): Eligibility {
  return mask === 1 ? 1 : mask === 2 ? 2 : 0;
}

/** 0 = normal, 1 = urgent, 2 = review: core's two-threshold action under the set's eligibility. */
export function decideCase(p: number, mask: number, low: number, high: number): 0 | 1 | 2 {
  const a = twoThresholdAction(p, low, high, eligibilityOfSet(mask));
  return a === 'negative' ? 0 : a === 'positive' ? 1 : 2;
}

/**
 * Constraint codes a pair fails, in a fixed order: 'review_rate_above_max', 'auto_coverage_below_min',
 * then 'auto_error_rate_undefined' (nothing automated) or 'auto_error_rate_above_max'. Each
 * comparison is the checklist's (compare, core's one tolerance).
 */
export function failedConstraints(reviewRate: number, coverage: number, errorRate: number | null, policy: CalibrationPolicy): CalibrationReason[] {
  const out: CalibrationReason[] = [];
  if (!compare(reviewRate, '<=', policy.max_review_rate)) out.push('review_rate_above_max');
  if (!compare(coverage, '>=', policy.min_auto_coverage)) out.push('auto_coverage_below_min');
  if (errorRate === null) out.push('auto_error_rate_undefined');
  else if (!compare(errorRate, '<=', policy.max_auto_error_rate)) out.push('auto_error_rate_above_max');
  return out;
}

/**
 * Evaluates every grid pair (low < high) on calibrated probabilities `p`, conformal set masks and
 * labels `y` with decideCase's rule. Cost = review · cost_review + FP · cost_false_positive +
 * FN · cost_false_negative; rates are over all cases. O(n log n) once (core's sortForTwoThresholds),
 * then O(log n) a pair (twoThresholdCounts): the same counts as deciding every case, pair by pair.
 * `onLow` hears the fraction of the grid's low values done.
 */
export function scanGrid(
  p: ArrayLike<number>,
  masks: ArrayLike<number>,
  y: ArrayLike<number>,
  policy: CalibrationPolicy,
  onLow?: (fraction: number) => void,
): GridPair[] {
  const n = p.length;
  const sorted = sortForTwoThresholds(n, (i) => p[i], (i) => y[i], (i) => eligibilityOfSet(masks[i]));
  const out: GridPair[] = [];
  for (const [li, low] of THRESHOLD_GRID.entries()) {
    onLow?.(li / THRESHOLD_GRID.length);
    for (const high of THRESHOLD_GRID) {
      if (low >= high) continue;
      const { tp, fp, fn, tn } = twoThresholdCounts(sorted, low, high);
      const automated = tn + fn + fp + tp;
      const reviewed = n - automated;
      const c: Confusion = { tp, fp, fn, tn };
      const cost = reviewed * policy.cost_review + fp * policy.cost_false_positive + fn * policy.cost_false_negative;
      const reviewRate = reviewed / n;
      const coverage = automated / n;
      const errorRate = automated ? (fp + fn) / automated : null;
      const failed = failedConstraints(reviewRate, coverage, errorRate, policy);
      out.push({
        low,
        high,
        cost,
        reviewed,
        automated,
        review_rate: reviewRate,
        auto_coverage: coverage,
        auto_error_rate: errorRate,
        confusion_auto: c,
        passes: failed.length === 0,
        failed_constraints: failed,
        ties_recommended_cost: false,
      });
    }
  }
  return out;
}

/** Whether two costs tie: within COMPARE_TOLERANCE, relative to the larger (at least 1). */
export function sameCost(a: number, b: number): boolean {
  return Math.abs(a - b) <= COMPARE_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The kit's order: cost, review rate, -coverage, -high, low (costs within tolerance tie). */
export function comparePairs(a: GridPair, b: GridPair): number {
  if (!sameCost(a.cost, b.cost)) return a.cost - b.cost;
  if (a.reviewed !== b.reviewed) return a.reviewed - b.reviewed;
  if (a.automated !== b.automated) return b.automated - a.automated;
  if (a.high !== b.high) return b.high - a.high;
  return a.low - b.low;
}

/**
 * Best pair: first feasible pair in the kit's order; when none is feasible, the cheapest pair
 * (first in grid order among equal costs), returned with passes = false. Also counts ties, and
 * marks each feasible pair whose cost ties the feasible best (`ties_recommended_cost`, what the
 * page's cost map highlights; none when no pair is feasible).
 */
export function pickPair(pairs: readonly GridPair[]): { best: GridPair; tiesCost: number; tiesRates: number; feasible: number } {
  const feasible = pairs.filter((x) => x.passes);
  if (feasible.length) {
    const sorted = [...feasible].sort(comparePairs);
    const best = sorted[0];
    for (const x of feasible) x.ties_recommended_cost = sameCost(x.cost, best.cost);
    const tiesCost = feasible.filter((x) => x.ties_recommended_cost).length;
    const tiesRates = feasible.filter((x) => x.ties_recommended_cost && x.reviewed === best.reviewed && x.automated === best.automated).length;
    return { best, tiesCost, tiesRates, feasible: feasible.length };
  }
  let best = pairs[0];
  for (const x of pairs) if (x.cost < best.cost && !sameCost(x.cost, best.cost)) best = x;
  const tiesCost = pairs.filter((x) => sameCost(x.cost, best.cost)).length;
  return { best, tiesCost, tiesRates: tiesCost, feasible: 0 };
}
