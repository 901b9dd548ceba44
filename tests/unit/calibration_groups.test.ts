/**
 * Core's Brier and ECE of weighted cases and of groups (labs/core/stats/calibration_groups.ts), used
 * by the calibration lab's bootstrap and slice report; core's risk-coverage at fixed levels
 * (selective.ts), used by its risk-coverage table. Expected values: hand calculations written here,
 * and brierScore / ece (golden-tested against scikit-learn in calibration_metrics.test.ts) on the
 * sample the weights or the groups describe.
 */
import { describe, expect, it } from 'vitest';
import { groupedBrierEce, weightedBrierEce } from '../../labs/core/stats/calibration_groups.ts';
import { binIndices, brierScore, ece } from '../../labs/core/stats/calibration_metrics.ts';
import { riskCoverageAtLevels } from '../../labs/core/stats/selective.ts';

const value = (m: number | null | { value: number | null }) => (m !== null && typeof m === 'object' ? m.value : m);

describe('weightedBrierEce', () => {
  it('hand calculation: two bins, weights 2, 1, 0, 1', () => {
    const p = [0.2, 0.4, 0.9, 0.8];
    const y = [0, 1, 1, 1];
    const bin = [0, 0, 1, 1];
    const w = [2, 1, 0, 1];
    // W = 4; Brier = (2·0.04 + 0.36 + 0.04) / 4 = 0.12
    // bin 0: Σw y = 1, Σw p = 0.8 -> 0.2; bin 1: Σw y = 1, Σw p = 0.8 -> 0.2; ECE = 0.4 / 4 = 0.1
    const r = weightedBrierEce(p, y, bin, 2, w);
    expect(r.brier.value).toBeCloseTo(0.12, 15);
    expect(r.ece.value).toBeCloseTo(0.1, 15);
  });

  it('integer weights = brierScore and ece on the repeated sample, equal-width and equal-mass bins', () => {
    let s = 3;
    const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const n = 300;
    const p = Array.from({ length: n }, () => next());
    const y = p.map((q) => (next() < q ? 1 : 0));
    const w = p.map(() => Math.floor(next() * 3));
    const rp: number[] = [];
    const ry: number[] = [];
    w.forEach((k, i) => {
      for (let j = 0; j < k; j++) {
        rp.push(p[i]);
        ry.push(y[i]);
      }
    });
    for (const strategy of ['uniform', 'quantile'] as const) {
      // the bins of the full sample, kept for the weighted one (the bootstrap's convention): the
      // repeated sample binned on the same edges is the reference
      const idx = binIndices(p, 10, strategy);
      const r = weightedBrierEce(p, y, idx, 10, w);
      expect(r.brier.value).toBeCloseTo(value(brierScore(rp, ry)) as number, 12);
      if (strategy === 'uniform') expect(r.ece.value).toBeCloseTo(value(ece(rp, ry, 10, 'uniform')) as number, 12);
    }
  });

  it('zero total weight is undefined (no_cases), never 0', () => {
    const r = weightedBrierEce([0.5], [1], [0], 1, [0]);
    expect(r.brier).toEqual({ value: null, reason: 'no_cases' });
    expect(r.ece).toEqual({ value: null, reason: 'no_cases' });
  });
});

describe('groupedBrierEce', () => {
  it('each group = brierScore and ece of its own cases (equal-width bins); an empty group is undefined', () => {
    const p = [0.1, 0.35, 0.6, 0.85, 0.2, 0.95, 0.5];
    const y = [0, 1, 1, 1, 0, 0, 1];
    const group = [0, 1, 0, 1, 0, 1, -1];
    const idx = binIndices(p, 4, 'uniform');
    const r = groupedBrierEce(p, y, idx, 4, group, 3);
    for (const g of [0, 1]) {
      const gp = p.filter((_, i) => group[i] === g);
      const gy = y.filter((_, i) => group[i] === g);
      expect(r[g].brier.value).toBeCloseTo(value(brierScore(gp, gy)) as number, 14);
      expect(r[g].ece.value).toBeCloseTo(value(ece(gp, gy, 4, 'uniform')) as number, 14);
    }
    expect(r[2]).toEqual({ brier: { value: null, reason: 'no_cases' }, ece: { value: null, reason: 'no_cases' } });
  });
});

describe('riskCoverageAtLevels', () => {
  it('hand calculation with ineligible cases, costs and the tie rule', () => {
    const conf = [0.9, 0.8, 2 / 3, 1 - 1 / 3, 0.55, 0.95];
    const eligible = [1, 1, 1, 1, 1, 0];
    const cost = [0, 5, 0, 1, 0, 0];
    const r = riskCoverageAtLevels(conf, eligible, cost, [0.5, 2 / 3, 0.85, 0.99]);
    // 0.5: five accepted, errors 2 (cost 6); 2/3: both 2/3 and 1 − 1/3 are at the level (tie rule)
    expect(r[0]).toMatchObject({ accepted: 5, coverage: { value: 5 / 6 }, risk: { value: 6 / 5 }, error_rate: { value: 2 / 5 } });
    expect(r[1]).toMatchObject({ accepted: 4, coverage: { value: 4 / 6 }, risk: { value: 6 / 4 }, error_rate: { value: 2 / 4 } });
    expect(r[2]).toMatchObject({ accepted: 1, risk: { value: 0 }, error_rate: { value: 0 } });
    expect(r[3]).toMatchObject({ accepted: 0, coverage: { value: 0 }, risk: { value: null, reason: 'no_accepted_cases' } });
  });

  it('no cases: coverage undefined; bad input throws', () => {
    expect(riskCoverageAtLevels([], [], [], [0.5])[0].coverage).toEqual({ value: null, reason: 'no_cases' });
    expect(() => riskCoverageAtLevels([0.5], [2], [0], [0.5])).toThrow(RangeError);
    expect(() => riskCoverageAtLevels([0.5], [1], [-1], [0.5])).toThrow(RangeError);
  });
});
