/**
 * No public metric function returns NaN: out-of-range inputs throw a RangeError naming the index
 * (probabilities outside [0, 1], NaN, labels other than 0/1, arrays of different lengths), and an
 * empty input is undefined (null), never 0.
 */
import { describe, expect, it } from 'vitest';
import { brierScore, ece, logLoss, MIN_LOG_LOSS_EPS } from '../../labs/core/stats/calibration_metrics.ts';
import { fitCalibrator } from '../../labs/core/stats/calibrators.ts';
import { nonconformityScores } from '../../labs/core/stats/conformal.ts';
import { confusionMetrics } from '../../labs/core/stats/confusion.ts';
import { ratio } from '../../labs/core/stats/maybe.ts';

describe('bad numbers are refused, not propagated', () => {
  it('calibration metrics: NaN, a probability above 1 and a label of 2 throw RangeError', () => {
    expect(() => brierScore([Number.NaN], [1])).toThrow(/index 0/);
    expect(() => brierScore([0.2, 1.5], [0, 1])).toThrow(RangeError);
    expect(() => ece([0.2, 0.4], [0, 2], 5)).toThrow(/label at index 1/);
    expect(() => logLoss([0.5], [1, 0])).toThrow(/differ in length/);
  });

  it('log loss: eps below 2^-53 is refused (1 - eps would round to 1 and the loss to Infinity)', () => {
    expect(1 - 1e-17).toBe(1);
    expect(1 - 2 ** -53).toBeLessThan(1);
    expect(() => logLoss([1], [0], 1e-17)).toThrow(RangeError);
    // At the smallest eps a confident miss costs -ln(2^-53) = 53 ln 2 ≈ 36.74, finite.
    expect(logLoss([1], [0], MIN_LOG_LOSS_EPS).value).toBeCloseTo(53 * Math.LN2, 10);
  });

  it('calibrators and conformal scores check their inputs', () => {
    expect(() => fitCalibrator('platt', [0.1, Number.POSITIVE_INFINITY], [0, 1], 5)).toThrow(RangeError);
    expect(() => nonconformityScores([0.5], [3])).toThrow(RangeError);
  });

  it('empty inputs are undefined, not zero', () => {
    expect(brierScore([], [])).toEqual({ value: null, reason: 'no_cases' });
    expect(ratio(0, 0, 'no_cases')).toEqual({ value: null, reason: 'no_cases' });
    expect(confusionMetrics({ tp: 0, fp: 0, fn: 0, tn: 0 }).accuracy).toEqual({ value: null, reason: 'no_cases' });
    expect(() => confusionMetrics({ tp: Number.NaN, fp: 0, fn: 0, tn: 0 })).toThrow(RangeError);
  });
});
