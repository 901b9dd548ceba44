import { describe, expect, it } from 'vitest';
import {
  conformalRank,
  conformalThreshold,
  evaluateConformal,
  nonconformityScores,
  predictionSetMask,
  setLabels,
} from '../../labs/core/stats/conformal.ts';

describe('split conformal', () => {
  it('rank ceil((n + 1)(1 - alpha)): kit case n = 20, alpha 0.1 -> 19', () => {
    expect(conformalRank(20, 0.1)).toBe(19); // 21 * 0.9 = 18.9
    expect(conformalRank(19, 0.1)).toBe(18); // 20 * 0.9 = 18 exactly, not 19
    expect(conformalRank(9, 0.1)).toBe(9); // 10 * 0.9 = 9
    expect(conformalRank(8, 0.1)).toBe(9); // 9 * 0.9 = 8.1 -> 9 > n
  });

  it('q is the rank-th smallest score', () => {
    const s = [0.5, 0.1, 0.4, 0.3, 0.2, 0.9, 0.8, 0.7, 0.6, 0.05];
    // n = 10, alpha 0.2: ceil(11 * 0.8) = ceil(8.8) = 9 -> sorted[8] = 0.8
    const t = conformalThreshold(s, 0.2);
    expect(t.rank).toBe(9);
    expect(t.q).toBe(0.8);
  });

  it('n smaller than 1/alpha: rank > n, q = +Infinity and every set is full (no clamping)', () => {
    const t = conformalThreshold([0.1, 0.2, 0.3, 0.4, 0.5], 0.1); // ceil(6 * 0.9) = 6 > 5
    expect(t.rank).toBe(6);
    expect(t.q).toBe(Number.POSITIVE_INFINITY);
    const ev = evaluateConformal([0, 0.3, 1], [0, 1, 1], t.q);
    expect(ev.set_size_counts).toEqual({ '0': 0, '1': 0, '2': 3 });
    expect(ev.coverage).toBe(1);
    expect(conformalThreshold([], 0.5).q).toBe(Number.POSITIVE_INFINITY);
  });

  it('non-conformity = 1 - p for label 1, p for label 0', () => {
    expect(Array.from(nonconformityScores([0.8, 0.8], [1, 0]))).toEqual([1 - 0.8, 0.8]);
  });

  it('sets: singleton towards each label, full, empty; p exactly 0 and 1', () => {
    const q = 2 / 3;
    expect(setLabels(predictionSetMask(1 / 6, q))).toEqual([0]);
    expect(setLabels(predictionSetMask(5 / 6, q))).toEqual([1]);
    expect(setLabels(predictionSetMask(0.5, q))).toEqual([0, 1]);
    // 1/3: 1 - 1/3 <= 2/3 in exact arithmetic -> both labels, regardless of the last bit
    expect(setLabels(predictionSetMask(1 / 3, q))).toEqual([0, 1]);
    expect(setLabels(predictionSetMask(0.5, 0.4))).toEqual([]);
    expect(setLabels(predictionSetMask(0, 0.1))).toEqual([0]);
    expect(setLabels(predictionSetMask(1, 0.1))).toEqual([1]);
  });

  it('coverage and sizes (hand count)', () => {
    // q = 0.3: p 0.1 -> {0}; 0.9 -> {1}; 0.5 -> {}; 0.75 -> {1}
    const ev = evaluateConformal([0.1, 0.9, 0.5, 0.75], [0, 0, 1, 1], 0.3);
    expect(ev.set_size_counts).toEqual({ '0': 1, '1': 3, '2': 0 });
    expect(ev.singleton_counts).toEqual({ '0': 1, '1': 2 });
    expect(ev.coverage).toBe(2 / 4); // case 1 (label 0 in {0}) and case 4 (label 1 in {1})
    expect(ev.mean_set_size).toBe(3 / 4);
    expect(evaluateConformal([], [], 0.3).coverage).toBeNull();
  });
});
