/**
 * The statistics the evaluator lab adds to labs/core/stats: binary kappa from a 2 x 2 table and QWK
 * on a declared scale (against scikit-learn, tests/golden/evaluators_sklearn.json from
 * scripts/golden/evaluators_sklearn.py), the quantile map (by hand), MAE and the Rogan-Gladen
 * correction (by hand, with its undefined region).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { agreementMaybe, binaryKappaFromCounts, cohenKappa, confusionMatrix } from '../../labs/core/stats/agreement.ts';
import { applyQuantileMap, fitQuantileMap, meanAbsoluteError } from '../../labs/core/stats/quantile_map.ts';
import { roganGladen, roganGladenMaybe } from '../../labs/core/stats/prevalence.ts';

interface BinaryCase { name: string; a: number[]; b: number[]; confusion_matrix: number[][]; kappa: number | null }
interface QwkCase { name: string; scale: number[]; a: number[]; b: number[]; qwk: number | null; kappa: number | null }
const golden = JSON.parse(readFileSync(new URL('../golden/evaluators_sklearn.json', import.meta.url), 'utf8')) as {
  binary: BinaryCase[];
  qwk: QwkCase[];
  kit: { evaluator_id: string; pass_kappa: number; confusion_matrix: number[][] }[];
};

describe('binary kappa against sklearn.metrics.cohen_kappa_score(labels=[0, 1])', () => {
  for (const c of golden.binary) {
    it(c.name, () => {
      const m = confusionMatrix(c.a, c.b, [0, 1]);
      expect(m).toEqual(c.confusion_matrix);
      const k = binaryKappaFromCounts(m[0][0], m[0][1], m[1][0], m[1][1]);
      const viaMatrix = cohenKappa(c.a, c.b, [0, 1]);
      if (c.kappa === null) {
        expect(k).toEqual({ value: null, reason: 'chance_agreement_total' });
        expect(viaMatrix.value).toBeNull();
      } else {
        expect(k.value!).toBeCloseTo(c.kappa, 12);
        expect(viaMatrix.value!).toBeCloseTo(c.kappa, 12);
      }
    });
  }

  it("the kit's v1 judge: exactly the double nearest 2/11 (integer numerator and denominator, one division)", () => {
    // human pass [1,0,1,0,0,0], v1 pass [1,1,1,1,1,0]: m00 = 1, m01 = 3, m10 = 0, m11 = 2.
    // kappa = 2(1·2 - 3·0) / ((1+3)(3+2) + (1+0)(0+2)) = 4 / 22 = 2/11.
    expect(binaryKappaFromCounts(1, 3, 0, 2).value).toBe(2 / 11);
    const kit = golden.kit.find((k) => k.evaluator_id === 'evaluator_v1_generic')!;
    expect(kit.confusion_matrix).toEqual([[1, 3], [0, 2]]);
    expect(kit.pass_kappa).toBeCloseTo(2 / 11, 14);
  });

  it('no items is undefined with no_items; negative or non-finite counts are rejected', () => {
    expect(binaryKappaFromCounts(0, 0, 0, 0)).toEqual({ value: null, reason: 'no_items' });
    expect(() => binaryKappaFromCounts(-1, 0, 0, 1)).toThrow(RangeError);
    expect(() => binaryKappaFromCounts(Number.NaN, 0, 0, 1)).toThrow(RangeError);
  });

  it('agreementMaybe turns an AgreementValue into the one Maybe shape', () => {
    expect(agreementMaybe({ value: 0.5, reason: null })).toEqual({ value: 0.5, reason: null });
    expect(agreementMaybe({ value: null, reason: 'chance_agreement_total' })).toEqual({ value: null, reason: 'chance_agreement_total' });
  });
});

describe('quadratic weighted kappa on a declared scale against sklearn (weights="quadratic", labels=scale)', () => {
  for (const c of golden.qwk) {
    it(c.name, () => {
      const q = cohenKappa(c.a, c.b, c.scale, 'quadratic');
      const k = cohenKappa(c.a, c.b, c.scale, 'none');
      if (c.qwk === null) expect(q).toEqual({ value: null, reason: 'chance_agreement_total' });
      else expect(q.value!).toBeCloseTo(c.qwk, 12);
      if (c.kappa === null) expect(k.value).toBeNull();
      else expect(k.value!).toBeCloseTo(c.kappa, 12);
    });
  }

  it('a category absent in the middle of the scale changes QWK when the scale is inferred instead of declared', () => {
    const fixed = golden.qwk.find((c) => c.name === 'absent_middle')!;
    const inferred = golden.qwk.find((c) => c.name === 'absent_middle_inferred')!;
    expect(Math.abs(fixed.qwk! - inferred.qwk!)).toBeGreaterThan(0.1);
    expect(cohenKappa(fixed.a, fixed.b, [1, 2, 3, 4, 5], 'quadratic').value!).toBeCloseTo(fixed.qwk!, 12);
  });
});

describe('quantile map (hand calculation)', () => {
  // Calibration pairs (judge, human) on 1..3:
  //   judge  [3, 3, 2, 3, 1, 2]  -> #{j <= s}: s=1: 1, s=2: 3, s=3: 6
  //   human  [2, 3, 1, 3, 1, 1]  -> #{h <= h'}: 1: 3, 2: 4, 3: 6
  // map(1): smallest h' with count >= 1 -> 1; map(2): >= 3 -> 1; map(3): >= 6 -> 3.
  const judge = [3, 3, 2, 3, 1, 2];
  const human = [2, 3, 1, 3, 1, 1];
  const fit = fitQuantileMap(judge, human, [1, 2, 3]);

  it('maps each judge category to the human quantile at its CDF level', () => {
    expect(fit.map).not.toBeNull();
    const t = fit.map!.table;
    expect(t.map((r) => [r.judge, r.judge_at_or_below, r.human])).toEqual([
      [1, 1, 1],
      [2, 3, 1],
      [3, 6, 3],
    ]);
    expect(t[1].judge_cdf).toBe(3 / 6);
    expect(t[1].human_cdf).toBe(3 / 6);
    expect(applyQuantileMap(fit.map!, [3, 2, 1, 1])).toEqual([3, 1, 1, 1]);
  });

  it('a judge category never used in calibration maps like its CDF level says; an unused human category is never a target', () => {
    // judge [2, 2, 3], human [1, 3, 3] on 1..3: #{j<=1} = 0 -> lowest observed human (1);
    // #{j<=2} = 2 -> smallest h' with #{h<=h'} >= 2: h'=1 has 1, h'=2 is unobserved, h'=3 has 3 -> 3.
    const f = fitQuantileMap([2, 2, 3], [1, 3, 3], [1, 2, 3]).map!;
    expect(f.table.map((r) => r.human)).toEqual([1, 3, 3]);
  });

  it('an empty calibration split is undefined; scores off the scale are rejected', () => {
    expect(fitQuantileMap([], [], [1, 2])).toEqual({ map: null, reason: 'no_calibration_items' });
    expect(() => fitQuantileMap([4], [1], [1, 2, 3])).toThrow(RangeError);
    expect(() => fitQuantileMap([1], [1], [2, 1])).toThrow(RangeError);
    expect(() => applyQuantileMap(fit.map!, [7])).toThrow(RangeError);
  });

  it('MAE: mean of absolute differences; empty is undefined', () => {
    expect(meanAbsoluteError([1, 2, 3], [2, 2, 5]).value).toBe(1);
    expect(meanAbsoluteError([], [])).toEqual({ value: null, reason: 'no_items' });
  });
});

describe('Rogan-Gladen corrected pass rate (hand calculation)', () => {
  it('pi = (q + TNR - 1) / (TPR + TNR - 1)', () => {
    // q = 0.8, TPR = 0.9, TNR = 0.7: (0.8 + 0.7 - 1) / (0.9 + 0.7 - 1) = 0.5 / 0.6.
    const r = roganGladen(0.8, 0.9, 0.7);
    expect(r.value!).toBeCloseTo(0.5 / 0.6, 15);
    expect(r.youden_j).toBeCloseTo(0.6, 15);
    expect(r.clipped).toBe(false);
    // A perfect judge changes nothing.
    expect(roganGladen(0.35, 1, 1).value!).toBeCloseTo(0.35, 15);
  });

  it('truncates to [0, 1] and says so', () => {
    // q = 0.1, TPR = 0.9, TNR = 0.8: (0.1 + 0.8 - 1) / 0.7 = -1/7 -> 0.
    const low = roganGladen(0.1, 0.9, 0.8);
    expect(low.unclipped!).toBeCloseTo(-0.1 / 0.7, 15);
    expect(low.value).toBe(0);
    expect(low.clipped).toBe(true);
    // q = 0.95, TPR = 0.8, TNR = 0.9: (0.95 + 0.9 - 1) / 0.7 = 0.85/0.7 > 1 -> 1.
    const high = roganGladen(0.95, 0.8, 0.9);
    expect(high.unclipped!).toBeCloseTo(0.85 / 0.7, 15);
    expect(high.value).toBe(1);
    expect(high.clipped).toBe(true);
    // The two edges: below 0 exactly when q < 1 - TNR, above 1 exactly when q > TPR; on them, no clip.
    expect(roganGladen(0.2, 0.9, 0.8)).toMatchObject({ value: 0, clipped: false });
    expect(roganGladen(0.9, 0.9, 0.8).value).toBeCloseTo(1, 15);
    // Never NaN on valid rates: every corner of the unit cube gives a number in [0, 1] or null.
    for (const q of [0, 1]) for (const tpr of [0, 1]) for (const tnr of [0, 1]) {
      const v = roganGladen(q, tpr, tnr).value;
      expect(v === null || (v >= 0 && v <= 1)).toBe(true);
    }
  });

  it('is undefined when TPR + TNR <= 1 (the judge is no better than chance)', () => {
    for (const [tpr, tnr] of [[0.5, 0.5], [0.3, 0.6], [0, 1], [1, 0], [0, 0]]) {
      expect(roganGladen(0.4, tpr, tnr).value).toBeNull();
      expect(roganGladenMaybe(0.4, tpr, tnr)).toEqual({ value: null, reason: 'judge_not_better_than_chance' });
    }
    expect(roganGladen(0.4, 0.5000001, 0.5).value).not.toBeNull();
  });

  it('rejects rates outside [0, 1]', () => {
    expect(() => roganGladen(1.2, 0.9, 0.9)).toThrow(RangeError);
    expect(() => roganGladen(0.5, Number.NaN, 0.9)).toThrow(RangeError);
  });
});
