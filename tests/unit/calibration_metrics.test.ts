import { describe, expect, it } from 'vitest';
import golden from '../golden/calibration_sklearn.json';
import {
  binEdges,
  brierDecomposition,
  brierScore,
  ece,
  eceFromTable,
  logLoss,
  mce,
  reliabilityFromIndices,
  reliabilityTable,
  searchsortedLeft,
  uniformBinIndex,
} from '../../labs/core/stats/calibration_metrics.ts';
import { quantileSorted } from '../../labs/core/stats/quantile.ts';

const close = (m: number | null | { value: number | null; reason: string | null }, b: number, tol = 1e-12) => {
  const a = m !== null && typeof m === 'object' ? m.value : m;
  expect(a).not.toBeNull();
  expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));
};

describe('golden values from scikit-learn (scripts/golden/calibration_sklearn.py)', () => {
  it('log_loss accepts eps = 2.220446049250313e-16, scikit-learn 1.2\'s own default, and matches it on confident misses (issue 23)', () => {
    const g = golden.log_loss_eps_auto;
    expect(g.eps).toBe(Number.EPSILON);
    close(logLoss(g.p, g.y, 2.220446049250313e-16), g.log_loss);
  });
  for (const d of golden.datasets) {
    describe(d.name, () => {
      it('brier_score_loss', () => close(brierScore(d.p, d.y), d.brier_score_loss));
      it('log_loss accepts eps down to 2^-53; 2^-52 (numpy float64 eps, scikit-learn\'s later default) gives -ln(2^-52) = 52 ln 2 for a confident miss', () => {
        // hand calculation: p = 0 for a positive case is clipped to eps; the loss is -ln(eps)
        close(logLoss([0], [1], 2 ** -52), 52 * Math.LN2);
        close(logLoss([1], [0], 2 ** -53), 53 * Math.LN2);
        expect(() => logLoss([0.5], [1], 2 ** -54)).toThrow(RangeError);
      });
      it('log_loss with eps 1e-6 (kit), 1e-15 (scikit-learn before 1.2) and 2^-52 (scikit-learn 1.2\'s eps="auto")', () => {
        close(logLoss(d.p, d.y, 1e-6), d['log_loss_eps_1e-6']);
        close(logLoss(d.p, d.y, 1e-15), d['log_loss_eps_1e-15']);
        close(logLoss(d.p, d.y, Number.EPSILON), d.log_loss_eps_auto);
      });
      for (const c of d.calibration_curve) {
        it(`calibration_curve ${c.strategy} ${c.n_bins} bins (sklearn's right-closed rule)`, () => {
          const edges = binEdges(d.p, c.n_bins, c.strategy as 'uniform' | 'quantile');
          const inner = edges.slice(1, -1);
          const idx = d.p.map((v) => searchsortedLeft(inner, v));
          const table = reliabilityFromIndices(d.p, d.y, idx, edges).filter((r) => r.count > 0);
          expect(table.length).toBe(c.prob_true.length);
          table.forEach((r, k) => {
            close(r.accuracy, c.prob_true[k]);
            close(r.confidence, c.prob_pred[k]);
          });
          if (c.strategy === 'quantile') {
            // the table's own quantile mode is sklearn's rule
            const own = reliabilityTable(d.p, d.y, c.n_bins, 'quantile').filter((r) => r.count > 0);
            own.forEach((r, k) => close(r.accuracy, c.prob_true[k]));
          } else if (!c.on_inner_edge) {
            // with no p on an inner edge, the kit's left-closed rule gives the same bins
            const own = reliabilityTable(d.p, d.y, c.n_bins, 'uniform').filter((r) => r.count > 0);
            expect(own.length).toBe(c.prob_true.length);
            own.forEach((r, k) => {
              close(r.accuracy, c.prob_true[k]);
              close(r.confidence, c.prob_pred[k]);
            });
          }
        });
      }
      it('Murphy decomposition over the kit bins (numpy transcription)', () => {
        for (const bins of [5, 10]) {
          const want = bins === 5 ? d.brier_decomposition_uniform_5 : d.brier_decomposition_uniform_10;
          const dec = brierDecomposition(d.p, d.y, reliabilityTable(d.p, d.y, bins, 'uniform'));
          close(dec!.reliability, want.reliability);
          close(dec!.resolution, want.resolution);
          close(dec!.uncertainty, want.uncertainty);
          close(dec!.residual, dec!.brier - (want.reliability - want.resolution + want.uncertainty), 1e-12);
        }
      });
    });
  }
});

describe('hand calculations and edge cases', () => {
  it('kit evaluation split: ECE 0.094 and per-bin values as the kit printed (5 bins)', () => {
    const d = golden.datasets[0];
    const t = reliabilityTable(d.p, d.y, 5);
    expect(t.map((r) => r.count)).toEqual([3, 4, 4, 4, 5]);
    // bin 0: (0.04 + 0.11 + 0.17) / 3 = 0.10667, no positives
    close(t[0].confidence, 0.32 / 3);
    expect(t[0].accuracy).toBe(0);
    // ECE = (3 * 0.10667 + 4 * 0.185 + 4 * 0.015 + 4 * 0.035 + 5 * 0.124) / 20 = 1.88 / 20
    close(ece(d.p, d.y, 5), 0.094, 1e-12);
    close(mce(d.p, d.y, 5), 0.185, 1e-12);
  });

  it('p exactly 0 and 1: finite log loss through clipping, Brier counts them exactly', () => {
    // y=1,p=0 -> -ln(1e-6); y=0,p=0 -> -ln(1-1e-6); mean of the two
    close(logLoss([0, 0], [1, 0], 1e-6), (-Math.log(1e-6) - Math.log(1 - 1e-6)) / 2);
    expect(brierScore([0, 1, 1], [1, 1, 0]).value).toBeCloseTo(2 / 3, 15);
    expect(logLoss([1, 0], [1, 0]).value).toBeCloseTo(-Math.log(1 - 1e-6), 15);
  });

  it('bin edges: kit rule is left-closed, last bin holds p = 1', () => {
    expect(uniformBinIndex(0, 5)).toBe(0);
    expect(uniformBinIndex(0.2, 5)).toBe(1);
    expect(uniformBinIndex(0.4, 5)).toBe(2);
    expect(uniformBinIndex(0.8, 5)).toBe(4);
    expect(uniformBinIndex(1, 5)).toBe(4);
    // sklearn's rule puts an edge value in the lower bin
    expect(searchsortedLeft([0.2, 0.4, 0.6000000000000001, 0.8], 0.2)).toBe(0);
    expect(searchsortedLeft([0.2, 0.4, 0.6000000000000001, 0.8], 1)).toBe(4);
  });

  it('empty bins are listed with nulls and add nothing to ECE/MCE', () => {
    const t = reliabilityTable([0.05, 0.95], [0, 1], 5);
    expect(t[2]).toMatchObject({ count: 0, confidence: null, accuracy: null, gap: null });
    // gaps 0.05 and 0.05, each weight 1/2
    close(eceFromTable(t), 0.05);
    close(mce([0.05, 0.95], [0, 1], 5), 0.05);
  });

  it('no cases: every metric is undefined with no_cases, not 0', () => {
    const none = { value: null, reason: 'no_cases' };
    expect(brierScore([], [])).toEqual(none);
    expect(logLoss([], [])).toEqual(none);
    expect(ece([], [], 5)).toEqual(none);
    expect(mce([], [], 5)).toEqual(none);
    expect(brierDecomposition([], [], reliabilityTable([], [], 5))).toBeNull();
    expect(reliabilityTable([], [], 3).every((r) => r.count === 0)).toBe(true);
  });

  it('one class: uncertainty 0 and resolution 0', () => {
    const p = [0.2, 0.7, 0.9];
    const dec = brierDecomposition(p, [1, 1, 1], reliabilityTable(p, [1, 1, 1], 5))!;
    expect(dec.uncertainty).toBe(0);
    expect(dec.resolution).toBe(0);
  });

  it('decomposition is exact when each bin has one forecast value', () => {
    // forecasts 0.1 (y 0,0,1) and 0.7 (y 1,1,0): BS = [(0.01+0.01+0.81)+(0.09+0.09+0.49)]/6 = 1.5/6
    const p = [0.1, 0.1, 0.1, 0.7, 0.7, 0.7];
    const y = [0, 0, 1, 1, 1, 0];
    const dec = brierDecomposition(p, y, reliabilityTable(p, y, 10))!;
    close(dec.brier, 0.25);
    // REL = [3 (0.1 - 1/3)^2 + 3 (0.7 - 2/3)^2] / 6; RES = [3 (1/3 - 1/2)^2 + 3 (2/3 - 1/2)^2] / 6; UNC = 1/4
    close(dec.reliability, ((0.1 - 1 / 3) ** 2 + (0.7 - 2 / 3) ** 2) / 2);
    close(dec.resolution, 1 / 36);
    close(dec.uncertainty, 0.25);
    expect(Math.abs(dec.residual)).toBeLessThan(1e-15);
  });

  it('quantile edges follow numpy.percentile (linear)', () => {
    // sorted [1,2,3,4]: 50th percentile at h = 1.5 -> 2.5; 25th at h = 0.75 -> 1.75
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(binEdges([0.4, 0.1, 0.3, 0.2], 2, 'quantile')).toEqual([0.1, 0.25, 0.4]);
    // all equal: every edge coincides, the first bin takes everything
    const t = reliabilityTable([0.3, 0.3, 0.3], [0, 1, 1], 3, 'quantile');
    expect(t.map((r) => r.count)).toEqual([3, 0, 0]);
  });

  it('throws on arrays of different length', () => {
    expect(() => brierScore([0.1], [])).toThrow();
  });
});
