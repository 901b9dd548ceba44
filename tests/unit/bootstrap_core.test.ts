/**
 * Core's bootstrap of a mean, its undefined-rounds rule and the paired bootstrap of binary
 * agreement, against CPython's random.Random, numpy and scikit-learn
 * (tests/golden/bootstrap_core.json, scripts/golden/bootstrap_core.py) and hand calculations.
 */
import { describe, expect, it } from 'vitest';
import golden from '../golden/bootstrap_core.json';
import { bootstrapMeanInterval, bootstrapMeans, ruledPercentileInterval, tooManyUndefinedRounds } from '../../labs/core/stats/bootstrap.ts';
import { bootstrapBinaryAgreement, UNUSABLE } from '../../labs/core/stats/agreement_bootstrap.ts';

describe('bootstrap of a mean (CPython draws, numpy linear quantiles)', () => {
  const g = golden.mean;
  it('the first rounds and the 95 % interval', () => {
    const [means] = bootstrapMeans([g.values], g.rounds, g.seed);
    g.first_means.forEach((m, i) => expect(means[i]).toBeCloseTo(m, 14));
    const ci = bootstrapMeanInterval(g.values, { rounds: g.rounds, seed: g.seed, confidence: 0.95 });
    expect(ci.reason).toBeNull();
    expect(ci.low!).toBeCloseTo(g.low, 14);
    expect(ci.high!).toBeCloseTo(g.high, 14);
  });
  it('two arrays share the resamples: the mean of their sum is the sum of their means, round by round', () => {
    const other = g.values.map((v) => 1 - v);
    const [a, b] = bootstrapMeans([g.values, other], 50, 3);
    // mean(v) + mean(1 - v) = 1 on the same resample
    for (let r = 0; r < 50; r++) expect(a[r] + b[r]).toBeCloseTo(1, 14);
  });
  it('no values: undefined (no_cases), not 0; arrays of different lengths throw', () => {
    expect(bootstrapMeanInterval([], { rounds: 10, seed: 1, confidence: 0.95 })).toMatchObject({ low: null, high: null, reason: 'no_cases' });
    expect(() => bootstrapMeans([[1, 2], [1]], 10, 1)).toThrow(RangeError);
  });
});

describe('the undefined-rounds rule', () => {
  it('at 95 % a tail holds 2.5 % of the rounds: 25 of 1000 undefined is fine, 26 is too many', () => {
    expect(tooManyUndefinedRounds(25, 1000, 0.95)).toBe(false);
    expect(tooManyUndefinedRounds(26, 1000, 0.95)).toBe(true);
    // 90 %: 5 % a tail, 50 of 1000
    expect(tooManyUndefinedRounds(50, 1000, 0.9)).toBe(false);
    expect(tooManyUndefinedRounds(51, 1000, 0.9)).toBe(true);
    expect(tooManyUndefinedRounds(0, 10, 0.95)).toBe(false);
    expect(tooManyUndefinedRounds(10, 10, 0.95)).toBe(true);
    expect(() => tooManyUndefinedRounds(11, 10, 0.95)).toThrow(RangeError);
  });
  it('the ruled interval: bounds with few undefined rounds, neither with too many', () => {
    // 40 rounds 0..39 and one undefined (1/41 < 2.5 %): numpy linear quantile at 0.025 of 0..39 = 0.975
    const vals: (number | null)[] = Array.from({ length: 40 }, (_, i) => i);
    const ok = ruledPercentileInterval([...vals, null], 0.95);
    expect(ok).toMatchObject({ reason: null, defined_rounds: 40, undefined_rounds: 1 });
    expect(ok.low!).toBeCloseTo(0.975, 12);
    expect(ok.high!).toBeCloseTo(38.025, 12);
    // two undefined of 42 (4.8 %) is too many
    expect(ruledPercentileInterval([...vals, null, null], 0.95)).toMatchObject({ low: null, high: null, reason: 'too_many_undefined_rounds', undefined_rounds: 2 });
  });
});

describe('paired bootstrap of binary agreement (CPython draws, scikit-learn kappa)', () => {
  const g = golden.agreement;
  const states = (['v1', 'v2'] as const).map((k) => g.reference.map((h, i) => ((g.unusable[k] as number[]).includes(i) ? UNUSABLE : h * 2 + g.raters[k][i])));
  const got = bootstrapBinaryAgreement(states, g.rounds, g.seed);
  (['v1', 'v2'] as const).forEach((k, e) => {
    it(`${k}: kappa, TPR and TNR of every round`, () => {
      for (const stat of ['kappa', 'tpr', 'tnr'] as const) {
        const want = g.rounds_values[k][stat];
        const have = got[stat][e];
        expect(have.map((v) => v === null)).toEqual(want.map((v) => v === null));
        want.forEach((w, r) => {
          if (w !== null) expect(have[r]!).toBeCloseTo(w, 12);
        });
      }
    });
  });
  it('bad states and raters of different lengths throw', () => {
    expect(() => bootstrapBinaryAgreement([[0, 5]], 10, 1)).toThrow(RangeError);
    expect(() => bootstrapBinaryAgreement([[0, 1], [0]], 10, 1)).toThrow(RangeError);
  });
});
