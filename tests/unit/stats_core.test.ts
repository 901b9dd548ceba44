import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { wilsonInterval } from '../../labs/core/stats/wilson.ts';
import { mcnemarTest } from '../../labs/core/stats/paired.ts';
import { binomTestTwoSidedHalf, chi2SfDf1, erfc, normIsf } from '../../labs/core/stats/special.ts';
import { bootstrapResamples, pairedBootstrapCI, percentileInterval } from '../../labs/core/stats/bootstrap.ts';
import { finiteValues, quantileSorted as quantileLinearSorted, quantilesBySelection } from '../../labs/core/stats/quantile.ts';
import { sha256Hex } from '../../labs/core/contract/hash.ts';

// statsmodels 0.13.5 / scipy 1.10.1 / numpy 1.24.2 values from scripts/golden/stats_statsmodels.py.
const golden = JSON.parse(readFileSync(new URL('../golden/stats_statsmodels.json', import.meta.url), 'utf8')) as {
  wilson: { count: number; nobs: number; alpha: number; low: number; high: number }[];
  binom_test_two_sided_half: { k: number; n: number; pvalue: number }[];
  mcnemar: { b: number; c: number; exact_statistic: number; exact_pvalue: number; chi2_continuity_statistic: number; chi2_continuity_pvalue: number }[];
  chi2_sf_df1: { x: number; sf: number }[];
  norm_isf: { q: number; z: number }[];
  percentile_linear: { values: number[]; q: number[]; percentile: number[] }[];
};

/** |got - want| <= rel·|want| + abs. */
function close(got: number | null, want: number, rel: number, abs = 1e-300) {
  expect(got).not.toBeNull();
  expect(Math.abs((got as number) - want)).toBeLessThanOrEqual(rel * Math.abs(want) + abs);
}

describe('special functions against scipy', () => {
  it('normIsf = scipy.stats.norm.isf', () => {
    for (const g of golden.norm_isf) close(normIsf(g.q), g.z, 1e-13, 1e-15);
    expect(normIsf(0.5)).toBe(0);
    expect(normIsf(0)).toBe(Infinity);
    expect(normIsf(1)).toBe(-Infinity);
  });
  it('chi2SfDf1 = scipy.stats.chi2.sf(x, 1)', () => {
    for (const g of golden.chi2_sf_df1) close(chi2SfDf1(g.x), g.sf, 1e-12, 1e-300);
    expect(chi2SfDf1(-1)).toBe(1);
    expect(chi2SfDf1(Infinity)).toBe(0);
  });
  it('erfc: hand values erfc(0) = 1, erfc(-x) = 2 - erfc(x)', () => {
    expect(erfc(0)).toBe(1);
    close(erfc(-0.7) + erfc(0.7), 2, 1e-15);
  });
  it('binomTestTwoSidedHalf = statsmodels binom_test(k, n, 0.5, two-sided)', () => {
    for (const g of golden.binom_test_two_sided_half) close(binomTestTwoSidedHalf(g.k, g.n), g.pvalue, g.n >= 1000 ? 1e-9 : 1e-12, 1e-300);
    // hand: n = 3, k = 1: 2·(1 + 3)/8 = 1 (capped); n = 10, k = 0: 2/1024
    expect(binomTestTwoSidedHalf(1, 3)).toBe(1);
    expect(binomTestTwoSidedHalf(0, 10)).toBeCloseTo(2 / 1024, 15);
    expect(binomTestTwoSidedHalf(0, 0)).toBeNull();
    expect(() => binomTestTwoSidedHalf(3, 2)).toThrow(RangeError);
  });
});

describe('Wilson interval = statsmodels proportion_confint(method="wilson")', () => {
  for (const g of golden.wilson) {
    it(`${g.count}/${g.nobs}, alpha ${g.alpha}`, () => {
      const w = wilsonInterval(g.count, g.nobs, 1 - g.alpha)!;
      close(w.low, g.low, 1e-12, 1e-15);
      close(w.high, g.high, 1e-12, 1e-15);
      expect(w.proportion).toBe(g.count / g.nobs);
    });
  }
  it('hand calculation for 3/5 at 95%', () => {
    const z = 1.959963984540054;
    const n = 5;
    const p = 0.6;
    const center = (p + z * z / (2 * n)) / (1 + z * z / n);
    const half = (z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n);
    const w = wilsonInterval(3, 5)!;
    expect(w.low).toBeCloseTo(center - half, 14);
    expect(w.high).toBeCloseTo(center + half, 14);
  });
  it('is undefined (null) with no trials, and rejects impossible counts', () => {
    expect(wilsonInterval(0, 0)).toMatchObject({ low: null, high: null, reason: 'no_cases' });
    // exact bounds at the ends: 0 at x = 0 and 1 at x = n (the formula alone can give 1.0000000000000002)
    for (const n of [1, 3, 7, 10, 99, 1000]) {
      expect(wilsonInterval(0, n).low).toBe(0);
      expect(wilsonInterval(n, n).high).toBe(1);
      const w = wilsonInterval(1, n);
      expect(w.low! >= 0 && w.high! <= 1).toBe(true);
    }
    expect(() => wilsonInterval(6, 5)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 5, 1)).toThrow(RangeError);
  });
});

describe('McNemar = statsmodels mcnemar(exact=True) and mcnemar(exact=False, correction=True), clamped as R', () => {
  for (const g of golden.mcnemar) {
    it(`b=${g.b}, c=${g.c}`, () => {
      const m = mcnemarTest(g.b, g.c);
      if (g.b === g.c) {
        // statsmodels does not clamp: (|b - c| - 1)² / (b + c) = 1/(b + c) > 0 when b = c. R's
        // mcnemar.test drops the correction when b = c, giving 0 and p = 1: max(0, |b - c| - 1)² = 0.
        expect(g.chi2_continuity_statistic).toBeCloseTo(1 / (g.b + g.c), 15);
        expect(m.chi2_continuity).toBe(0);
        expect(m.chi2_continuity_p_value).toBe(1);
      } else {
        close(m.chi2_continuity, g.chi2_continuity_statistic, 1e-15, 1e-15);
        close(m.chi2_continuity_p_value, g.chi2_continuity_pvalue, 1e-12, 1e-300);
      }
      close(m.exact_p_value, g.exact_pvalue, g.b + g.c >= 1000 ? 1e-9 : 1e-12, 1e-300);
      expect(Math.min(m.b, m.c)).toBe(g.exact_statistic);
    });
  }
  it('by hand: b=2, c=1 -> max(0, |2-1|-1)²/3 = 0 (the kit\'s 0); b=c=1 -> 0, not the unclamped 1/2; b=4, c=0 -> 3²/4', () => {
    expect(mcnemarTest(2, 1).chi2_continuity).toBe(0);
    expect(mcnemarTest(1, 1).chi2_continuity).toBe(0);
    expect(mcnemarTest(4, 0).chi2_continuity).toBe(2.25);
  });
  it('no discordant pairs: the chi-square is undefined (no_discordant_pairs); the exact p-value is 1', () => {
    const m = mcnemarTest(0, 0);
    expect(m).toMatchObject({ discordant: 0, chi2_continuity: null, chi2_continuity_p_value: null, exact_p_value: 1, undefined_reason: 'no_discordant_pairs' });
    expect(() => mcnemarTest(-1, 2)).toThrow(RangeError);
  });
});

describe('bootstrap', () => {
  it('quantileLinearSorted = numpy.quantile(method="linear")', () => {
    for (const g of golden.percentile_linear) {
      const sorted = Float64Array.from(g.values).sort();
      g.q.forEach((q, i) => close(quantileLinearSorted(sorted, q), g.percentile[i], 1e-15, 1e-15));
    }
  });
  it('quantile by hand: [0,1,2,3,4] at 0.025 -> position 0.1 -> 0.1; empty -> null', () => {
    expect(quantileLinearSorted([0, 1, 2, 3, 4], 0.025)).toBeCloseTo(0.1, 15);
    expect(() => quantileLinearSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileLinearSorted([1], 1.5)).toThrow(RangeError);
  });
  it('quantilesBySelection = numpy.quantile(method="linear") on the golden data, unsorted input', () => {
    for (const g of golden.percentile_linear) {
      const qs = [...g.q].map((q, i) => [q, g.percentile[i]] as const).sort((a, b) => a[0] - b[0]);
      const got = quantilesBySelection(Float64Array.from(g.values).reverse(), qs.map((x) => x[0]));
      qs.forEach(([, want], i) => close(got[i], want, 1e-15, 1e-15));
    }
  });
  it('quantilesBySelection gives the sorted array\'s quantiles bit for bit (ties, sizes 1..2001)', () => {
    let s = 7;
    const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
    for (const n of [1, 2, 3, 5, 40, 41, 199, 2000, 2001]) {
      for (const ties of [false, true]) {
        const a = Float64Array.from({ length: n }, () => (ties ? Math.floor(next() * 7) / 7 : next() - 0.5));
        const sorted = a.slice().sort();
        for (const qs of [[0.025, 0.975], [0, 1], [0.05, 0.5, 0.95], [0.5, 0.5]]) {
          const want = qs.map((q) => quantileLinearSorted(sorted, q));
          expect(quantilesBySelection(a.slice(), qs)).toEqual(want);
        }
      }
    }
    expect(() => quantilesBySelection(new Float64Array(0), [0.5])).toThrow(RangeError);
    expect(() => quantilesBySelection(Float64Array.of(1, 2), [0.9, 0.1])).toThrow(RangeError);
    expect(Array.from(finiteValues([1, null, NaN, Infinity, -2]))).toEqual([1, -2]);
  });
  it('percentileInterval drops undefined rounds and counts them; all undefined -> null bounds', () => {
    const iv = percentileInterval([null, 1, 2, null, 3], 0.5);
    expect(iv).toMatchObject({ defined_rounds: 3, undefined_rounds: 2, low: 1.5, high: 2.5 });
    expect(percentileInterval([null, null])).toMatchObject({ low: null, high: null, defined_rounds: 0, undefined_rounds: 2 });
  });
  it('resamples are the CPython draws, in round order, n per round', () => {
    const seen: number[][] = [];
    bootstrapResamples(5, 3, 13, (idx) => seen.push(Array.from(idx)));
    // first three resamples in ../shared/reference/c01/bootstrap_mt19937_vectors.json
    expect(seen).toEqual([
      [2, 2, 1, 1, 1],
      [1, 1, 1, 0, 4],
      [1, 2, 0, 3, 1],
    ]);
    expect(() => bootstrapResamples(0, 1, 13, () => undefined)).toThrow(RangeError);
  });
  it('pairedBootstrapCI reproduces the c01 kit CI [-0.3333, 0.7778] (seed 13, 2000 rounds)', () => {
    // c01 preset, case order of the kit: weights and pass/fail per version (hand-read from the kit's scorecard)
    const w = [2, 2, 1, 1, 2];
    const base = [1, 1, 1, 0, 0];
    const cand = [1, 1, 0, 1, 1];
    const wq = (p: number[], idx: Uint32Array) => {
      let t = 0;
      let s = 0;
      for (const j of idx) {
        t += w[j];
        if (p[j]) s += w[j];
      }
      return s / t;
    };
    const ci = pairedBootstrapCI(5, (idx) => wq(cand, idx) - wq(base, idx), { rounds: 2000, seed: 13 });
    // first_10_deltas of the reference (printed with 10 decimals)
    [-0.25, 0.2, 0.0, 0.1111111111, 0.0, 0.5, 0.0, 0.4285714286, 0.75, 0.1111111111].forEach((d, i) => expect(ci.estimates[i]).toBeCloseTo(d, 10));
    // the reference's o[49] = o[50] and o[1949] = o[1950]
    expect(ci.low).toBe(-0.33333333333333337);
    expect(ci.high).toBe(0.7777777777777778);
    expect(ci.low!.toFixed(4)).toBe('-0.3333');
    expect(ci.high!.toFixed(4)).toBe('0.7778');
  });
});

describe('sha256Hex', () => {
  it('FIPS 180-4 test vectors and UTF-8 bytes', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('hashes a file read as text to the kit’s computed hash (c01 eval_cases.jsonl)', async () => {
    const text = readFileSync(new URL('../../../shared/reference/c01/evals/eval_cases.jsonl', import.meta.url), 'utf8');
    expect(await sha256Hex(text)).toBe('cd358c06ae8e6a9206ac1cbc46d95c488c7a9b5c51283783f6721a520cac300d');
  });
});
