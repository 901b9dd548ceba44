/**
 * Two-threshold decisions: a score below a low threshold takes the negative action, a score above a
 * high one the positive action, and the scores between go to review (a person decides). Used by the
 * threshold lab (chapter 02) and the calibration lab's policy grid (chapter 05): one rule, one scan.
 *
 * The rule, for a case allowed to take an action (see `eligibility` below):
 *
 *   score >= high  -> positive        (checked first, so with low == high a score at both is positive)
 *   score <= low   -> negative
 *   otherwise      -> review
 *
 * Tie rule: a score within PROBABILITY_TOLERANCE (labs/core/stats/tolerance.ts) of a threshold is
 * at the threshold, so both comparisons are inclusive up to the tolerance (score >= high − ε,
 * score <= low + ε, ε = 1e-12). Scores and thresholds are on the probability scale [0, 1], where the
 * tolerance is absolute. A computed probability that equals a threshold in exact arithmetic
 * (0.1 + 0.2 against 0.3) then gets the action it has on paper.
 *
 * Eligibility: each case may take the negative action, the positive one, both, or neither (the
 * calibration lab automates a case only when its conformal set is the singleton of that label).
 * A case that may take neither is always reviewed.
 *
 * Counting: the scores are split by (label, eligibility) and sorted once, O(n log n) (radix sort,
 * sorted.ts); each pair then costs a few binary searches, O(log n), so a grid of g thresholds costs
 * O(n log n + g² log n) instead of O(n g²).
 */
import { lowerBound, sortFloat64, upperBound } from './sorted.ts';
import { PROBABILITY_TOLERANCE } from './tolerance.ts';

/** The action of one case under a pair of thresholds. */
export type TwoThresholdAction = 'negative' | 'review' | 'positive';

/** Which actions a case may take: 0 neither (always review), 1 negative only, 2 positive only, 3 both. */
export type Eligibility = 0 | 1 | 2 | 3;

/**
 * The action of one score under (low, high) with the module's rule and tie tolerance.
 * `eligibility` defaults to 3 (both actions allowed).
 */
export function twoThresholdAction(score: number, low: number, high: number, eligibility: Eligibility = 3): TwoThresholdAction {
  if (eligibility & 2 && score >= high - PROBABILITY_TOLERANCE) return 'positive';
  if (eligibility & 1 && score <= low + PROBABILITY_TOLERANCE) return 'negative';
  return 'review';
}

/** Counts of a pair: tp/fp (positive action, label 1/0), fn/tn (negative action, label 1/0), reviews by label. */
export interface TwoThresholdCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  review_positive: number;
  review_negative: number;
}

/**
 * Scores sorted for counting: per label (index 0 for label 0, 1 for label 1), the sorted scores of
 * the cases eligible for both actions, for the negative only and for the positive only, plus the
 * label totals (ineligible cases included).
 */
export interface TwoThresholdSorted {
  both: [Float64Array, Float64Array];
  negativeOnly: [Float64Array, Float64Array];
  positiveOnly: [Float64Array, Float64Array];
  totals: [number, number];
}

/**
 * Splits and sorts n cases for twoThresholdCounts. `scoreAt(i)`, `labelAt(i)` (0 or 1) and
 * `eligibilityAt(i)` (Eligibility; omitted: every case may take both actions) read case i, so the
 * caller's rows or columns are read in place, with no intermediate arrays.
 * @throws RangeError for a label other than 0/1, a NaN score or an eligibility outside 0-3, naming the index.
 */
export function sortForTwoThresholds(
  n: number,
  scoreAt: (i: number) => number,
  labelAt: (i: number) => number,
  eligibilityAt?: (i: number) => number,
): TwoThresholdSorted {
  // group = label * 4 + eligibility
  const sizes = new Array<number>(8).fill(0);
  for (let i = 0; i < n; i++) {
    const l = labelAt(i);
    if (l !== 0 && l !== 1) throw new RangeError(`label at index ${i} is ${String(l)}, expected 0 or 1`);
    if (Number.isNaN(scoreAt(i))) throw new RangeError(`score at index ${i} is NaN`);
    const e = eligibilityAt ? eligibilityAt(i) : 3;
    if (e !== 0 && e !== 1 && e !== 2 && e !== 3) throw new RangeError(`eligibility at index ${i} is ${String(e)}, expected 0-3`);
    sizes[l * 4 + e]++;
  }
  const groups = sizes.map((k, g) => new Float64Array(g % 4 === 0 ? 0 : k));
  const fill = new Array<number>(8).fill(0);
  for (let i = 0; i < n; i++) {
    const e = eligibilityAt ? eligibilityAt(i) : 3;
    if (e === 0) continue;
    const g = labelAt(i) * 4 + e;
    groups[g][fill[g]++] = scoreAt(i);
  }
  for (const g of groups) sortFloat64(g);
  return {
    negativeOnly: [groups[1], groups[5]],
    positiveOnly: [groups[2], groups[6]],
    both: [groups[3], groups[7]],
    totals: [sizes[0] + sizes[1] + sizes[2] + sizes[3], sizes[4] + sizes[5] + sizes[6] + sizes[7]],
  };
}

/**
 * The counts of the pair (low, high) in O(log n), the same as applying twoThresholdAction to every
 * case: for each label, positive = #both ≥ high − ε + #positiveOnly ≥ high − ε; negative =
 * #both ≤ low + ε and not positive + #negativeOnly ≤ low + ε; the rest are reviews.
 * Any low and high are accepted (with low > high every case eligible for both is positive or
 * negative); callers check their own ranges.
 */
export function twoThresholdCounts(s: TwoThresholdSorted, low: number, high: number): TwoThresholdCounts {
  const atHigh = high - PROBABILITY_TOLERANCE;
  const atLow = low + PROBABILITY_TOLERANCE;
  const positive = [0, 0];
  const negative = [0, 0];
  for (const y of [0, 1] as const) {
    const both = s.both[y];
    const belowHigh = lowerBound(both, atHigh);
    const po = s.positiveOnly[y];
    positive[y] = both.length - belowHigh + (po.length - lowerBound(po, atHigh));
    negative[y] = Math.min(upperBound(both, atLow), belowHigh) + upperBound(s.negativeOnly[y], atLow);
  }
  return {
    tp: positive[1],
    fp: positive[0],
    fn: negative[1],
    tn: negative[0],
    review_positive: s.totals[1] - positive[1] - negative[1],
    review_negative: s.totals[0] - positive[0] - negative[0],
  };
}
