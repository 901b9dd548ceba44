import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { agreementSummary, cohenKappa, confusionMatrix, kappaFromMatrix, likertCategories } from '../../labs/core/stats/agreement.ts';

interface GoldenCase {
  name: string;
  labels: number[];
  a: number[];
  b: number[];
  confusion_matrix: number[][];
  kappa: number | null;
  linear_kappa: number | null;
  quadratic_kappa: number | null;
}
const golden = JSON.parse(readFileSync(new URL('../golden/agreement_sklearn.json', import.meta.url), 'utf8')) as { cases: GoldenCase[] };

describe('agreement against scikit-learn (tests/golden/agreement_sklearn.json)', () => {
  for (const c of golden.cases) {
    it(`${c.name}: confusion matrix and kappas`, () => {
      expect(confusionMatrix(c.a, c.b, c.labels)).toEqual(c.confusion_matrix);
      const check = (got: { value: number | null; reason: string | null }, want: number | null) => {
        if (want === null) {
          expect(got.value).toBeNull();
          expect(got.reason).toBe('chance_agreement_total');
        } else {
          expect(got.value).not.toBeNull();
          expect(got.value!).toBeCloseTo(want, 12);
        }
      };
      check(cohenKappa(c.a, c.b, c.labels, 'none'), c.kappa);
      check(cohenKappa(c.a, c.b, c.labels, 'linear'), c.linear_kappa);
      check(cohenKappa(c.a, c.b, c.labels, 'quadratic'), c.quadratic_kappa);
      const s = agreementSummary(c.a, c.b, c.labels);
      check(s.cohen_kappa, c.kappa);
      check(s.quadratic_weighted_kappa, c.quadratic_kappa);
    });
  }

  it('a category absent from the data changes the weighted kappas (fixed scale vs inferred)', () => {
    const fixed = golden.cases.find((c) => c.name === 'likert_two_absent')!;
    const inferred = golden.cases.find((c) => c.name === 'likert_two_absent_inferred')!;
    const q5 = cohenKappa(fixed.a, fixed.b, likertCategories(1, 5), 'quadratic').value!;
    const q3 = cohenKappa(fixed.a, fixed.b, [1, 3, 4], 'quadratic').value!;
    expect(q5).toBeCloseTo(fixed.quadratic_kappa!, 12);
    expect(q3).toBeCloseTo(inferred.quadratic_kappa!, 12);
    expect(Math.abs(q5 - q3)).toBeGreaterThan(0.01);
  });
});

describe('seed 004 example: A [4,5,3,2,4,5] vs B [4,4,3,2,5,5] on a 1-5 scale', () => {
  const A = [4, 5, 3, 2, 4, 5];
  const B = [4, 4, 3, 2, 5, 5];
  const s = agreementSummary(A, B, likertCategories(1, 5));
  it('exact agreement 4/6 and within-one agreement 6/6', () => {
    expect(s.exact_count).toBe(4);
    expect(s.exact_agreement.value).toBe(4 / 6);
    expect(s.within_one_count).toBe(6);
    expect(s.within_one_agreement.value).toBe(1);
  });
  it('unweighted kappa by hand: p_o = 4/6, p_e = (1·1 + 1·1 + 2·2 + 2·2)/36 = 10/36', () => {
    // A's counts on 2,3,4,5: 1,1,2,2; B's: 1,1,2,2.
    const po = 4 / 6;
    const pe = 10 / 36;
    expect(s.cohen_kappa.value!).toBeCloseTo((po - pe) / (1 - pe), 14);
  });
  it('the confusion matrix keeps the unused category 1 as an empty row and column', () => {
    expect(s.confusion_matrix[0]).toEqual([0, 0, 0, 0, 0]);
    expect(s.confusion_matrix.map((r) => r[0])).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('edge cases', () => {
  it('no items: proportions and kappas are null with reason no_items', () => {
    const s = agreementSummary([], [], [0, 1]);
    expect(s.n).toBe(0);
    expect(s.exact_agreement).toEqual({ value: null, reason: 'no_items' });
    expect(s.within_one_agreement).toEqual({ value: null, reason: 'no_items' });
    expect(s.cohen_kappa).toEqual({ value: null, reason: 'no_items' });
  });
  it('both raters constant on the same category: kappa undefined (p_e = 1), exact agreement 1', () => {
    const s = agreementSummary([1, 1, 1], [1, 1, 1], [0, 1]);
    expect(s.exact_agreement.value).toBe(1);
    expect(s.cohen_kappa).toEqual({ value: null, reason: 'chance_agreement_total' });
    expect(s.quadratic_weighted_kappa.reason).toBe('chance_agreement_total');
  });
  it('binary scale: every pair is within one step', () => {
    const s = agreementSummary([0, 1, 0], [1, 0, 0], [0, 1]);
    expect(s.within_one_agreement.value).toBe(1);
    expect(s.exact_agreement.value).toBe(1 / 3);
  });
  it('kappaFromMatrix on an all-zero matrix is no_items', () => {
    expect(kappaFromMatrix([[0, 0], [0, 0]])).toEqual({ value: null, reason: 'no_items' });
  });
  it('throws on ratings outside the scale, different lengths, or a bad scale', () => {
    expect(() => confusionMatrix([6], [5], likertCategories(1, 5))).toThrow(RangeError);
    expect(() => confusionMatrix([1, 2], [1], [1, 2])).toThrow(RangeError);
    expect(() => confusionMatrix([], [], [])).toThrow(RangeError);
    expect(() => confusionMatrix([1], [1], [1, 1])).toThrow(RangeError);
    expect(() => likertCategories(5, 1)).toThrow(RangeError);
  });
});
