import { describe, expect, it } from 'vitest';
import golden from '../golden/calibration_sklearn.json';
import {
  applyHistogram,
  applyIsotonic,
  applyPlatt,
  applyTemperature,
  fitHistogram,
  fitIsotonic,
  fitPlatt,
  fitTemperature,
  TEMPERATURE_MAX,
} from '../../labs/core/stats/calibrators.ts';

describe('isotonic regression vs sklearn.isotonic.IsotonicRegression(out_of_bounds="clip")', () => {
  for (const d of golden.datasets) {
    it(d.name, () => {
      const cal = fitIsotonic(d.p, d.y);
      expect(cal.x.length).toBe(d.isotonic.X_thresholds.length);
      cal.x.forEach((v, k) => expect(v).toBeCloseTo(d.isotonic.X_thresholds[k], 14));
      cal.y.forEach((v, k) => expect(v).toBeCloseTo(d.isotonic.y_thresholds[k], 12));
      const pred = applyIsotonic(cal, d.isotonic.grid);
      pred.forEach((v, k) => expect(v).toBeCloseTo(d.isotonic.predict[k], 12));
    });
  }
  it('ties in the score are averaged before pooling (hand calculation)', () => {
    // x 0.5 twice with labels 1,0 -> one point 0.5 (weight 2); x 0.2 label 1 violates -> pooled (1 + 1) / 3
    const cal = fitIsotonic([0.2, 0.5, 0.5, 0.9], [1, 1, 0, 1]);
    expect(cal.x).toEqual([0.2, 0.5, 0.9]);
    expect(cal.y[0]).toBeCloseTo(2 / 3, 15);
    expect(cal.y[1]).toBeCloseTo(2 / 3, 15);
    expect(cal.y[2]).toBe(1);
  });
  it('one distinct score gives a constant function', () => {
    const cal = fitIsotonic([0.4, 0.4, 0.4], [0, 1, 1]);
    expect(Array.from(applyIsotonic(cal, [0, 0.4, 1]))).toEqual([2 / 3, 2 / 3, 2 / 3]);
  });
});

describe('Platt scaling vs sklearn.calibration._sigmoid_calibration', () => {
  for (const d of golden.datasets) {
    it(d.name, () => {
      const cal = fitPlatt(d.p, d.y);
      expect(cal.converged).toBe(true);
      // sklearn stops BFGS at gtol 1e-5; the refined optimum (scipy BFGS, gtol 1e-12) is tighter
      const [ra, rb] = d.sigmoid_calibration.refined_ab;
      expect(Math.abs(cal.a - ra)).toBeLessThan(1e-7);
      expect(Math.abs(cal.b - rb)).toBeLessThan(1e-7);
      expect(Math.abs(cal.a - d.sigmoid_calibration.a)).toBeLessThan(1e-5);
      expect(Math.abs(cal.b - d.sigmoid_calibration.b)).toBeLessThan(1e-5);
    });
  }
  it("uses Platt's smoothed targets (hand calculation)", () => {
    const cal = fitPlatt([0.1, 0.2, 0.8], [0, 0, 1]);
    expect(cal.target_positive).toBeCloseTo(2 / 3, 15); // (1 + 1) / (1 + 2)
    expect(cal.target_negative).toBeCloseTo(1 / 4, 15); // 1 / (2 + 2)
  });
  it('one class: every target is t+ = (3 + 1)/(3 + 2) = 0.8, so the optimum is the constant 0.8', () => {
    // By hand: with N+ = 3, N- = 0 every smoothed target is 0.8; the cross-entropy is minimized by
    // predicting 0.8 everywhere, i.e. a = 0 and 1/(1 + e^b) = 0.8, b = ln(1/4) — Platt's starting
    // point b = ln((N- + 1)/(N+ + 1)) = ln(1/4), so Newton stops at once.
    const cal = fitPlatt([0.3, 0.6, 0.9], [1, 1, 1]);
    expect(cal.a).toBe(0);
    expect(cal.b).toBeCloseTo(Math.log(1 / 4), 15);
    for (const v of applyPlatt(cal, [0, 0.5, 1])) expect(v).toBeCloseTo(0.8, 15);
  });
});

describe('temperature scaling vs scipy minimize_scalar on the same NLL', () => {
  for (const d of golden.datasets) {
    it(d.name, () => {
      const cal = fitTemperature(d.p, d.y);
      expect(Math.abs(cal.temperature - d.temperature) / d.temperature).toBeLessThan(1e-6);
    });
  }
  it('T > 1 for an overconfident score (the overconfident set was built with T = 2.5)', () => {
    const d = golden.datasets.find((x) => x.name === 'overconfident_300')!;
    expect(fitTemperature(d.p, d.y).temperature).toBeGreaterThan(1.5);
  });
  it('all scores 0.5: T stays 1; separable data: T at its bound', () => {
    expect(fitTemperature([0.5, 0.5], [0, 1]).temperature).toBe(1);
    const sep = fitTemperature([0.2, 0.8], [1, 0]);
    expect(sep.at_bound).toBe(true);
    expect(sep.temperature).toBe(TEMPERATURE_MAX);
    const p = applyTemperature({ type: 'temperature', temperature: 2, at_bound: false }, [0.5, 0, 1]);
    expect(p[0]).toBe(0.5);
    // p = 0 is clipped to 1e-6: logit = ln(1e-6 / (1 - 1e-6)); halved
    expect(p[1]).toBeCloseTo(1 / (1 + Math.exp(-Math.log(1e-6 / (1 - 1e-6)) / 2)), 15);
  });
});

describe('histogram binning with Laplace smoothing (the kit)', () => {
  it('kit calibration split: 4 cases per bin, mapping 1/6, 2/6, 3/6, 4/6, 5/6', () => {
    const s = [0.05, 0.08, 0.12, 0.18, 0.22, 0.27, 0.31, 0.36, 0.41, 0.46, 0.52, 0.57, 0.62, 0.66, 0.71, 0.76, 0.81, 0.86, 0.91, 0.96];
    const y = [0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1];
    const cal = fitHistogram(s, y, 5);
    expect(cal.mapping.map((m) => m.count)).toEqual([4, 4, 4, 4, 4]);
    cal.mapping.forEach((m, k) => expect(m.calibrated_probability).toBeCloseTo((k + 1) / 6, 15));
  });
  it('empty bin falls back to the unsmoothed global rate; p = 1 goes to the last bin', () => {
    const cal = fitHistogram([0.1, 1], [0, 1], 4);
    expect(cal.mapping[1]).toMatchObject({ count: 0, empty: true, calibrated_probability: 0.5 });
    expect(cal.mapping[3].calibrated_probability).toBeCloseTo(2 / 3, 15); // (1 + 1) / (1 + 2)
    expect(Array.from(applyHistogram(cal, [0.25, 0.5]))).toEqual([0.5, 0.5]);
  });
  it('throws on an empty split', () => {
    expect(() => fitHistogram([], [], 5)).toThrow();
    expect(() => fitPlatt([], [])).toThrow();
    expect(() => fitIsotonic([], [])).toThrow();
    expect(() => fitTemperature([], [])).toThrow();
  });
});
