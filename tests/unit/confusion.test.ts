/**
 * core/stats/confusion.ts against scikit-learn (tests/golden/confusion_sklearn.json, written by
 * scripts/golden/confusion_sklearn.py from label arrays), and its undefined cases by hand.
 */
import { describe, expect, it } from 'vitest';
import golden from '../golden/confusion_sklearn.json';
import { confusionCounts, confusionMetrics } from '../../labs/core/stats/confusion.ts';

describe('confusion metrics = scikit-learn', () => {
  for (const g of golden.tables) {
    it(`tp ${g.tp} fp ${g.fp} fn ${g.fn} tn ${g.tn}`, () => {
      const m = confusionMetrics(g, 1);
      const m2 = confusionMetrics(g, 2);
      for (const k of ['precision', 'recall', 'specificity', 'npv', 'accuracy', 'f1', 'balanced_accuracy', 'informedness', 'markedness', 'mcc'] as const) {
        if (m[k].value === null) continue; // undefined here; scikit-learn's zero_division value is not a measurement
        expect(m[k].value, k).toBeCloseTo(g[k], 12);
      }
      if (m2.f_beta.value !== null) expect(m2.f_beta.value).toBeCloseTo(g.f2, 12);
    });
  }
});

describe('undefined where scikit-learn returns 0', () => {
  it('no predicted positives: precision undefined (sklearn: 0 with a warning); MCC undefined (sklearn: 0)', () => {
    const m = confusionMetrics({ tp: 0, fp: 0, fn: 3, tn: 5 });
    expect(m.precision).toEqual({ value: null, reason: 'no_predicted_positives' });
    expect(m.mcc).toEqual({ value: null, reason: 'degenerate_margin' });
    expect(m.markedness).toEqual({ value: null, reason: 'depends_on_undefined' });
    expect(m.recall.value).toBe(0);
    expect(m.informedness.value).toBe(0); // TPR 0 + TNR 1 - 1
  });
  it('counts from label arrays, and labels outside 0/1 are refused', () => {
    expect(confusionCounts([1, 0, 1, 0], [1, 1, 0, 0])).toEqual({ tp: 1, fp: 1, fn: 1, tn: 1 });
    expect(() => confusionCounts([1, 2], [1, 0])).toThrow(RangeError);
  });
});
