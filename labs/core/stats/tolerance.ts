/**
 * The tolerance for comparing computed probabilities (and confidences, non-conformity scores and
 * thresholds on the probability scale). Values that are equal in exact arithmetic can differ in
 * their last bits once computed: max(p, 1 - p) is 0.6666666666666667 for p = 1/3 and
 * 0.6666666666666666 for p = 2/3, and a histogram calibrator's 1 - 1/3 and 2/3 differ the same way.
 * Two such values closer than PROBABILITY_TOLERANCE are the same value: a tie, a member of a
 * prediction set, a case at the threshold. 1e-12 is far below any difference the data can make
 * (probabilities of 10^6 cases differ by at least about 1e-6) and far above double rounding (2^-52).
 */
export const PROBABILITY_TOLERANCE = 1e-12;

/** Whether two values on the probability scale are the same up to PROBABILITY_TOLERANCE (scaled for |x| > 1). */
export function sameProbability(a: number, b: number): boolean {
  return Math.abs(a - b) <= PROBABILITY_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Whether `value >= threshold`, a value within PROBABILITY_TOLERANCE of the threshold counting as equal to it. */
export function atLeast(value: number, threshold: number): boolean {
  return value >= threshold || sameProbability(value, threshold);
}

/** Whether `value <= threshold`, a value within PROBABILITY_TOLERANCE of the threshold counting as equal to it. */
export function atMost(value: number, threshold: number): boolean {
  return value <= threshold || sameProbability(value, threshold);
}
