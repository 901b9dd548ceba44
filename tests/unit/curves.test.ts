/**
 * labs/core/stats/curves.ts against scikit-learn (tests/golden/curves_sklearn.json, written by
 * scripts/golden/curves_sklearn.py with Debian's python3-sklearn), plus hand-checked small cases.
 * Where scikit-learn warns and fills nan (or raises), our convention is null + a reason code.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  averagePrecisionScore,
  binaryClfCurveSorted,
  precisionRecallCurve,
  rocAucScore,
  rocCurve,
  thinIndices,
  trapezoidArea,
} from '../../labs/core/stats/curves.ts';
import { lowerBound, sortFloat64, splitSorted, upperBound } from '../../labs/core/stats/sorted.ts';

interface GoldenDataset {
  name: string;
  labels: number[];
  scores: number[];
  roc: { fpr: number[] | null; tpr: number[] | null; thresholds_rest: number[] | null; threshold0: number; warned: boolean };
  roc_auc: { value?: number; error?: string };
  pr: { precision: number[] | null; recall: number[] | null; thresholds: number[] | null; warned: boolean };
  average_precision: { value?: number | null; warned?: boolean; error?: string };
}
const golden = JSON.parse(readFileSync(new URL('../golden/curves_sklearn.json', import.meta.url), 'utf8')) as {
  sklearn_version: string;
  datasets: GoldenDataset[];
};

function expectArrayClose(actual: ArrayLike<number>, expected: number[], tol = 1e-12) {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (Math.abs(actual[i] - expected[i]) > tol) {
      throw new Error(`index ${i}: got ${actual[i]}, expected ${expected[i]}`);
    }
  }
}

describe('golden: scikit-learn ' + golden.sklearn_version, () => {
  it('covers the planned datasets', () => {
    const names = golden.datasets.map((d) => d.name);
    expect(names).toContain('ties_across_classes');
    expect(names).toContain('all_scores_equal');
    expect(names).toContain('only_negatives');
    expect(names).toContain('scores_zero_one');
    expect(golden.datasets.find((d) => d.name.startsWith('random_2000'))!.scores).toHaveLength(2000);
  });

  for (const d of golden.datasets) {
    describe(d.name, () => {
      it('roc_curve', () => {
        const r = rocCurve(d.scores, d.labels);
        if (d.roc.warned) {
          // sklearn warns and returns nan for fpr or tpr: undefined here.
          expect(r.reason).toBe('single_class');
          expect(r.fpr).toBeNull();
          return;
        }
        expect(r.reason).toBeNull();
        expectArrayClose(r.fpr!, d.roc.fpr!);
        expectArrayClose(r.tpr!, d.roc.tpr!);
        // First threshold: +Infinity (sklearn >= 1.3); the installed sklearn may store max + 1.
        expect(r.thresholds![0]).toBe(Infinity);
        expect(d.roc.threshold0 === Infinity || d.roc.threshold0 === Math.max(...d.scores) + 1).toBe(true);
        expectArrayClose(r.thresholds!.subarray(1), d.roc.thresholds_rest!, 0);
      });

      it('roc_auc_score', () => {
        const a = rocAucScore(d.scores, d.labels);
        if (d.roc_auc.error) {
          expect(a).toEqual({ value: null, reason: 'single_class' });
          return;
        }
        expect(a.reason).toBeNull();
        expect(Math.abs(a.value! - d.roc_auc.value!)).toBeLessThan(1e-12);
      });

      it('precision_recall_curve', () => {
        const p = precisionRecallCurve(d.scores, d.labels);
        if (d.pr.warned) {
          // sklearn warns "no positive class found" and sets recall to 1.
          expect(p.reason).toBe('no_positives');
          expect(p.precision).toBeNull();
          return;
        }
        expect(p.reason).toBeNull();
        expectArrayClose(p.precision!, d.pr.precision!);
        expectArrayClose(p.recall!, d.pr.recall!);
        expectArrayClose(p.thresholds!, d.pr.thresholds!, 0);
        expect(p.precision![p.precision!.length - 1]).toBe(1);
        expect(p.recall![p.recall!.length - 1]).toBe(0);
      });

      it('average_precision_score', () => {
        const ap = averagePrecisionScore(d.scores, d.labels);
        if (d.average_precision.warned) {
          expect(ap).toEqual({ value: null, reason: 'no_positives' });
          return;
        }
        expect(ap.reason).toBeNull();
        expect(Math.abs(ap.value! - (d.average_precision.value as number))).toBeLessThan(1e-12);
      });
    });
  }
});

describe('hand-checked cases', () => {
  it('sklearn docstring example: 4 cases', () => {
    // y = [0,0,1,1], s = [0.1,0.4,0.35,0.8]. Thresholds 0.8, 0.4, 0.35, 0.1:
    // score >= 0.8: 1 TP, 0 FP; >= 0.4: 1 TP 1 FP; >= 0.35: 2 TP 1 FP; >= 0.1: 2 TP 2 FP.
    const r = rocCurve([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]);
    expect(Array.from(r.fpr!)).toEqual([0, 0, 0.5, 0.5, 1]);
    expect(Array.from(r.tpr!)).toEqual([0, 0.5, 0.5, 1, 1]);
    // Pairs (pos, neg): (0.35,0.1) ok, (0.35,0.4) wrong, (0.8,*) ok twice -> 3/4.
    expect(rocAucScore([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]).value).toBe(0.75);
    // AP = 0.5 * 1 (recall 0.5 at precision 1) + 0.5 * 2/3 = 0.8333...
    expect(averagePrecisionScore([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]).value).toBeCloseTo(0.5 + 1 / 3, 15);
  });

  it('a tie across classes counts one half in the AUC', () => {
    // One positive and one negative with the same score: the single pair is a tie -> 0.5.
    expect(rocAucScore([0.7, 0.7], [1, 0]).value).toBe(0.5);
    const p = precisionRecallCurve([0.7, 0.7], [1, 0]);
    expect(Array.from(p.precision!)).toEqual([0.5, 1]);
    expect(Array.from(p.recall!)).toEqual([1, 0]);
  });

  it('no cases', () => {
    expect(rocCurve([], []).reason).toBe('no_cases');
    expect(rocAucScore([], []).reason).toBe('no_cases');
    expect(precisionRecallCurve([], []).reason).toBe('no_cases');
    expect(averagePrecisionScore([], []).reason).toBe('no_cases');
  });

  it('typed arrays are accepted; bad input throws RangeError', () => {
    expect(rocAucScore(new Float64Array([0.2, 0.9]), new Uint8Array([0, 1])).value).toBe(1);
    expect(() => rocCurve([0.1, 0.2], [0, 2])).toThrow(RangeError);
    expect(() => rocCurve([0.1, NaN], [0, 1])).toThrow(RangeError);
    expect(() => rocCurve([0.1], [0, 1])).toThrow(RangeError);
  });

  it('binary clf counts and bounds', () => {
    const sc = splitSorted([0.3, 0.3, 0.1, 0.9], [1, 0, 0, 1]);
    expect(Array.from(sc.pos)).toEqual([0.3, 0.9]);
    expect(Array.from(sc.neg)).toEqual([0.1, 0.3]);
    const c = binaryClfCurveSorted(sc);
    expect(Array.from(c.thresholds)).toEqual([0.9, 0.3, 0.1]);
    expect(Array.from(c.tps)).toEqual([1, 2, 2]);
    expect(Array.from(c.fps)).toEqual([0, 1, 2]);
    const a = [0.1, 0.3, 0.3, 0.5];
    expect(lowerBound(a, 0.3)).toBe(1);
    expect(upperBound(a, 0.3)).toBe(3);
    expect(lowerBound(a, 0)).toBe(0);
    expect(upperBound(a, 1)).toBe(4);
  });

  it('trapezoid area of the diagonal is 1/2', () => {
    expect(trapezoidArea([0, 0.5, 1], [0, 0.5, 1])).toBe(0.5);
  });

  it('thinIndices keeps first, last and the required points within the budget', () => {
    const idx = thinIndices(100000, 1000, [12345, 67890]);
    expect(idx.length).toBeLessThanOrEqual(1000);
    expect(idx[0]).toBe(0);
    expect(idx[idx.length - 1]).toBe(99999);
    expect(idx).toContain(12345);
    expect(idx).toContain(67890);
    for (let i = 1; i < idx.length; i++) expect(idx[i]).toBeGreaterThan(idx[i - 1]);
    expect(thinIndices(5, 1000)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('sortFloat64 (radix sort) = native Float64Array sort', () => {
  it('random values with -0, +0, infinities, negatives and ties', () => {
    let s = 7;
    const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
    for (const n of [10, 5000, 100000]) {
      const a = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const r = next();
        a[i] = r < 0.05 ? -0 : r < 0.1 ? 0 : r < 0.12 ? Infinity : r < 0.14 ? -Infinity : r < 0.5 ? (next() - 0.5) * 1e6 : Math.round(next() * 100) / 100;
      }
      const expected = a.slice().sort();
      const got = sortFloat64(a.slice());
      let same = true;
      for (let i = 0; i < n; i++) if (!Object.is(got[i], expected[i])) same = false;
      expect(same).toBe(true);
    }
  });
});
