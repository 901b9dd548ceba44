/**
 * Repeated runs (core/stats/passk.ts) against hand calculations, and the paired-comparison planner
 * (core/stats/power.ts) against hand-computed small cases and a seeded simulation of the exact
 * McNemar test (core/stats/paired.ts) itself.
 */
import { describe, expect, it } from 'vitest';
import { isFlaky, passAtK, passKCurves, passPowK } from '../../labs/core/stats/passk.ts';
import { casesForPower, mcnemarCriticalCount, mcnemarPower, pairedCiWidth, powerCurve } from '../../labs/core/stats/power.ts';
import { mcnemarTest } from '../../labs/core/stats/paired.ts';
import { PyRandom } from '../../labs/core/stats/rng.ts';

describe('pass@k and pass^k (unbiased estimators from n runs with c passes)', () => {
  it('by hand: n = 5, c = 2', () => {
    // pass@2 = 1 - C(3,2)/C(5,2) = 1 - 3/10 = 0.7; pass^2 = C(2,2)/C(5,2) = 1/10
    expect(passAtK(5, 2, 2).value).toBeCloseTo(0.7, 15);
    expect(passPowK(5, 2, 2).value).toBeCloseTo(0.1, 15);
    // k = 1: both are c/n
    expect(passAtK(5, 2, 1).value).toBeCloseTo(0.4, 15);
    expect(passPowK(5, 2, 1).value).toBeCloseTo(0.4, 15);
    // pass@4 = 1 - C(3,4)/C(5,4) = 1 (fewer than 4 failures); pass^3 = 0 (fewer than 3 passes)
    expect(passAtK(5, 2, 4).value).toBe(1);
    expect(passPowK(5, 2, 3).value).toBe(0);
  });
  it('k larger than the runs, or no runs, is undefined; bad counts throw', () => {
    expect(passAtK(3, 1, 4)).toEqual({ value: null, reason: 'k_exceeds_runs' });
    expect(passPowK(0, 0, 1)).toEqual({ value: null, reason: 'no_runs' });
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passAtK(3, 1, 0)).toThrow(RangeError);
  });
  it('flaky = runs disagree', () => {
    expect([isFlaky(3, 0), isFlaky(3, 2), isFlaky(3, 3)]).toEqual([false, true, false]);
  });
  it('curves: at each k the mean over the cases with at least k runs', () => {
    // case A: 3 runs, 3 passes; case B: 2 runs, 1 pass
    const c = passKCurves([3, 2], [3, 1]);
    expect(c.map((p) => p.cases)).toEqual([2, 2, 1]);
    expect(c[0].pass_at_k).toBeCloseTo((1 + 0.5) / 2, 15);
    expect(c[1].pass_at_k).toBeCloseTo((1 + 1) / 2, 15); // B: 1 - C(1,2)/C(2,2) = 1
    expect(c[1].pass_pow_k).toBeCloseTo((1 + 0) / 2, 15);
    expect(c[2]).toEqual({ k: 3, pass_at_k: 1, pass_pow_k: 1, cases: 1 });
  });
});

describe('the exact McNemar power and the planner', () => {
  it('critical counts by hand: m = 6 rejects only b = 0 or 6 (2/64 = 0.031 <= 0.05; 2·7/64 = 0.22 is not)', () => {
    expect(mcnemarCriticalCount(6, 0.05)).toBe(0);
    expect(mcnemarCriticalCount(5, 0.05)).toBe(-1); // 2/32 = 0.0625 > 0.05
    expect(mcnemarCriticalCount(10, 0.05)).toBe(1); // 2·11/1024 = 0.0215; 2·56/1024 = 0.109
  });
  it('with too few pairs no result can reject: power 0', () => {
    expect(mcnemarPower(5, { discordant: 0.3, delta: 0.1, alpha: 0.05 })).toBe(0);
  });
  it('equals a seeded simulation of the exact test (20,000 datasets, within 3 standard errors)', () => {
    const design = { discordant: 0.25, delta: 0.1, alpha: 0.05 };
    const n = 120;
    const rng = new PyRandom(7);
    // in thousandths, drawn with randrange(1000): p_b = 0.175, p_c = 0.075
    const pb = ((design.discordant + design.delta) / 2) * 1000;
    const pc = ((design.discordant - design.delta) / 2) * 1000;
    const sims = 20_000;
    let rejected = 0;
    for (let s = 0; s < sims; s++) {
      let b = 0;
      let c = 0;
      for (let i = 0; i < n; i++) {
        const u = rng.randrange(1000);
        if (u < pb) b++;
        else if (u < pb + pc) c++;
      }
      if (mcnemarTest(b, c).exact_p_value <= design.alpha) rejected++;
    }
    const sim = rejected / sims;
    const exact = mcnemarPower(n, design);
    expect(Math.abs(sim - exact)).toBeLessThan(3 * Math.sqrt((exact * (1 - exact)) / sims));
  });
  it('the CI width shrinks as 1/sqrt(n), with variance d - delta^2 per case', () => {
    const g = { discordant: 0.2, delta: 0.1, alpha: 0.05 };
    expect(pairedCiWidth(100, g)).toBeCloseTo(2 * 1.959963984540054 * Math.sqrt(0.19 / 100), 12);
    expect(pairedCiWidth(400, g) / pairedCiWidth(100, g)).toBeCloseTo(0.5, 12);
  });
  it('cases for 80% power: the first n of the curve from which the power stays at or above 0.8', () => {
    const curve = [
      { n: 10, power: 0.5, ci_width: 1 },
      { n: 20, power: 0.81, ci_width: 1 },
      { n: 30, power: 0.79, ci_width: 1 },
      { n: 40, power: 0.85, ci_width: 1 },
      { n: 50, power: 0.9, ci_width: 1 },
    ];
    expect(casesForPower(curve)).toBe(40);
    const real = powerCurve({ discordant: 0.3, delta: 0.15, alpha: 0.05 }, [50, 100, 150, 200, 300]);
    expect(real.map((p) => p.power).every((p, i, a) => i === 0 || p >= a[i - 1] - 0.05)).toBe(true);
    expect(casesForPower(real)).not.toBeNull();
  });
});
