/**
 * Core's two-threshold rule and scan (labs/core/stats/two_threshold.ts), used by the threshold lab
 * and the calibration lab's policy grid. Expected values: hand counts written here, and the rule
 * applied case by case (the definition) against the binary-search counts.
 */
import { describe, expect, it } from 'vitest';
import { sortForTwoThresholds, twoThresholdAction, twoThresholdCounts, type Eligibility } from '../../labs/core/stats/two_threshold.ts';

describe('twoThresholdAction', () => {
  it('positive first, then negative, else review; inclusive at both thresholds', () => {
    expect(twoThresholdAction(0.8, 0.3, 0.7)).toBe('positive');
    expect(twoThresholdAction(0.7, 0.3, 0.7)).toBe('positive');
    expect(twoThresholdAction(0.3, 0.3, 0.7)).toBe('negative');
    expect(twoThresholdAction(0.5, 0.3, 0.7)).toBe('review');
    // low == high: a score at both is positive (the classifier "score >= t")
    expect(twoThresholdAction(0.5, 0.5, 0.5)).toBe('positive');
  });

  it('tie rule: a score equal to the threshold in exact arithmetic is at it (0.1 + 0.2 vs 0.3)', () => {
    const s = 0.1 + 0.2; // 0.30000000000000004
    expect(s > 0.3).toBe(true);
    expect(twoThresholdAction(s, 0.3, 0.7)).toBe('negative');
    const t = 0.7 - 1e-13;
    expect(twoThresholdAction(t, 0.3, 0.7)).toBe('positive');
    // beyond the tolerance (1e-12) it is not at the threshold
    expect(twoThresholdAction(0.3 + 1e-9, 0.3, 0.7)).toBe('review');
  });

  it('eligibility: negative only, positive only, neither', () => {
    expect(twoThresholdAction(0.9, 0.3, 0.7, 1)).toBe('review');
    expect(twoThresholdAction(0.1, 0.3, 0.7, 1)).toBe('negative');
    expect(twoThresholdAction(0.1, 0.3, 0.7, 2)).toBe('review');
    expect(twoThresholdAction(0.9, 0.3, 0.7, 2)).toBe('positive');
    expect(twoThresholdAction(0.9, 0.3, 0.7, 0)).toBe('review');
  });
});

describe('twoThresholdCounts', () => {
  it('hand counts: six cases', () => {
    // score, label, eligibility
    const rows: [number, 0 | 1, Eligibility][] = [
      [0.1, 0, 3], // negative -> tn
      [0.2, 1, 3], // negative -> fn
      [0.5, 1, 3], // review (positive)
      [0.9, 0, 3], // positive -> fp
      [0.95, 1, 1], // negative only, above low -> review (positive)
      [0.05, 0, 0], // neither -> review (negative)
    ];
    const s = sortForTwoThresholds(rows.length, (i) => rows[i][0], (i) => rows[i][1], (i) => rows[i][2]);
    expect(twoThresholdCounts(s, 0.3, 0.7)).toEqual({ tp: 0, fp: 1, fn: 1, tn: 1, review_positive: 2, review_negative: 1 });
  });

  it('binary-search counts = the rule applied case by case, with ties on the grid and every eligibility', () => {
    let seed = 99;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const n = 6000; // above the radix sort's threshold
    const score = Array.from({ length: n }, () => (next() < 0.5 ? Math.round(next() * 20) / 20 : next()));
    const label = Array.from({ length: n }, () => (next() < 0.4 ? 1 : 0));
    const elig = Array.from({ length: n }, () => Math.floor(next() * 4) as Eligibility);
    const s = sortForTwoThresholds(n, (i) => score[i], (i) => label[i], (i) => elig[i]);
    for (const [low, high] of [[0.05, 0.95], [0.3, 0.3], [0.25, 0.75], [0, 1], [0.1 + 0.2, 0.7]]) {
      const brute = { tp: 0, fp: 0, fn: 0, tn: 0, review_positive: 0, review_negative: 0 };
      for (let i = 0; i < n; i++) {
        const a = twoThresholdAction(score[i], low, high, elig[i]);
        if (a === 'review') brute[label[i] ? 'review_positive' : 'review_negative']++;
        else if (a === 'positive') brute[label[i] ? 'tp' : 'fp']++;
        else brute[label[i] ? 'fn' : 'tn']++;
      }
      expect(twoThresholdCounts(s, low, high)).toEqual(brute);
    }
  });

  it('bad input throws RangeError naming the index', () => {
    expect(() => sortForTwoThresholds(2, (i) => [0.1, 0.2][i], (i) => [0, 2][i])).toThrow(/label at index 1/);
    expect(() => sortForTwoThresholds(1, () => NaN, () => 0)).toThrow(/score at index 0 is NaN/);
    expect(() => sortForTwoThresholds(1, () => 0.5, () => 0, () => 5)).toThrow(/eligibility at index 0/);
  });
});
