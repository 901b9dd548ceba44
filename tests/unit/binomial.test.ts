/**
 * core/stats/binomial.ts: the first draws equal the Python implementation of the same modal
 * inversion over CPython's random.Random(5) (scripts/golden/evaluators_sklearn.py), and the draws'
 * distribution matches scipy.stats.binom's pmf (chi-square goodness of fit, fixed seed).
 */
import { describe, expect, it } from 'vitest';
import golden from '../golden/evaluators_sklearn.json';
import { binomialDraw } from '../../labs/core/stats/binomial.ts';
import { PyRandom } from '../../labs/core/stats/rng.ts';

describe('binomialDraw', () => {
  it('the same draws as the Python reference, one CPython stream across every (n, p)', () => {
    const rng = new PyRandom(5);
    for (const g of golden.binomial_draws) expect(g.draws.map(() => binomialDraw(rng, g.n, g.p)), `n ${g.n} p ${g.p}`).toEqual(g.draws);
  });
  it('frequencies of 20,000 draws of Binomial(30, 0.35) fit scipy.stats.binom.pmf', () => {
    const { n, p, pmf } = golden.binomial_pmf;
    const rng = new PyRandom(2026);
    const N = 20000;
    const counts = new Array<number>(n + 1).fill(0);
    for (let i = 0; i < N; i++) counts[binomialDraw(rng, n, p)]++;
    // pool the tails so that every expected count is >= 5
    const cells: { obs: number; exp: number }[] = [];
    let acc = { obs: 0, exp: 0 };
    for (let k = 0; k <= n; k++) {
      acc = { obs: acc.obs + counts[k], exp: acc.exp + N * pmf[k] };
      if (acc.exp >= 5 && N * pmf.slice(k + 1).reduce((a, b) => a + b, 0) >= 5) {
        cells.push(acc);
        acc = { obs: 0, exp: 0 };
      }
    }
    cells[cells.length - 1].obs += acc.obs;
    cells[cells.length - 1].exp += acc.exp;
    const chi2 = cells.reduce((s, c) => s + (c.obs - c.exp) ** 2 / c.exp, 0);
    const df = cells.length - 1;
    // chi-square critical value at 0.001 for df ~ 15-20 is about 37-45; by the Wilson-Hilferty
    // approximation the 0.999 quantile is df·(1 - 2/(9df) + 3.09·sqrt(2/(9df)))^3
    const crit = df * (1 - 2 / (9 * df) + 3.09 * Math.sqrt(2 / (9 * df))) ** 3;
    expect(chi2).toBeLessThan(crit);
  });
  it('degenerate cases draw nothing; bad arguments throw', () => {
    const rng = new PyRandom(1);
    expect([binomialDraw(rng, 10, 0), binomialDraw(rng, 10, 1), binomialDraw(rng, 0, 0.5)]).toEqual([0, 10, 0]);
    expect(rng.uint32()).toBe(new PyRandom(1).uint32());
    expect(() => binomialDraw(rng, -1, 0.5)).toThrow(RangeError);
    expect(() => binomialDraw(rng, 1.5, 0.5)).toThrow(RangeError);
    expect(() => binomialDraw(rng, 3, 1.2)).toThrow(RangeError);
    expect(() => binomialDraw(rng, 3, NaN)).toThrow(RangeError);
  });
});
