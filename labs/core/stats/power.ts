/**
 * How many cases a paired comparison needs. Two versions answer the same n cases; per case the
 * outcome pair is (baseline, candidate). What matters for a paired test are the discordant pairs:
 *
 *   p_b = P(baseline fails, candidate passes)   (an improvement)
 *   p_c = P(baseline passes, candidate fails)   (a regression)
 *   d = p_b + p_c (the share of discordant pairs), δ = p_b - p_c (the true improvement in pass rate)
 *
 * so p_b = (d + δ)/2 and p_c = (d - δ)/2, which needs |δ| <= d <= 1 (and d + δ <= 2, d - δ >= 0).
 *
 * Power of the exact two-sided McNemar test at level α: the number of discordant pairs m follows a
 * Binomial(n, d); given m, the improvements b follow a Binomial(m, p_b / d), and the test rejects
 * when its exact two-sided p-value, min(1, 2·P(X <= min(b, m - b))) with X ~ Binomial(m, 1/2), is at
 * most α. The power is the exact sum over m and b of P(m)·P(b | m)·[reject] (no normal
 * approximation), O(n²) terms with logarithms of binomial coefficients.
 *
 * The expected width of the paired percentile bootstrap CI of δ is approximated by the normal one,
 * 2·z_{1-α/2}·sqrt((d - δ²)/n): per case the difference candidate - baseline is +1, -1 or 0 with
 * probabilities p_b, p_c, 1 - d, whose variance is d - δ².
 *
 * Sources: McNemar (1947); the conditional exact test as in statsmodels' mcnemar(exact=True);
 * Connor (1987), "Sample size for testing differences in proportions for the paired-sample design".
 */
import { lnFactorial, normIsf } from './special.ts';

export interface PairedDesign {
  /** Share of discordant pairs d, in (0, 1]. */
  discordant: number;
  /** True improvement δ = p_b - p_c, with |δ| <= d. */
  delta: number;
  /** Significance level α of the two-sided test, in (0, 1). */
  alpha: number;
}

function checkDesign(g: PairedDesign): { pb: number; pc: number } {
  const { discordant: d, delta, alpha } = g;
  if (!(d > 0 && d <= 1) || !(Math.abs(delta) <= d) || !(alpha > 0 && alpha < 1)) {
    throw new RangeError(`paired design needs 0 < d <= 1, |delta| <= d and 0 < alpha < 1, got d=${d}, delta=${delta}, alpha=${alpha}`);
  }
  return { pb: (d + delta) / 2, pc: (d - delta) / 2 };
}

const lnChoose = (n: number, k: number) => lnFactorial(n) - lnFactorial(k) - lnFactorial(n - k);

/**
 * For m discordant pairs, the smallest count t such that min(b, m - b) <= t rejects at level α
 * (two-sided exact binomial with p = 1/2), or -1 when no count rejects (small m).
 */
export function mcnemarCriticalCount(m: number, alpha: number): number {
  // P(X <= t) for X ~ Binomial(m, 1/2), accumulated until 2·P > alpha
  let cdf = 0;
  let t = -1;
  for (let x = 0; x <= m; x++) {
    cdf += Math.exp(lnChoose(m, x) - m * Math.LN2);
    if (Math.min(1, 2 * cdf) <= alpha + 1e-15) t = x;
    else break;
  }
  return t;
}

/**
 * Power of the exact two-sided McNemar test with n pairs (module comment). O(n²) multiplications:
 * about 5 ms at n = 2,000.
 * @param n number of cases, integer >= 0 (n = 0 has power 0).
 * @throws RangeError for a bad design or n.
 */
export function mcnemarPower(n: number, g: PairedDesign): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be an integer >= 0, got ${n}`);
  const { pb } = checkDesign(g);
  const d = g.discordant;
  const q = pb / d; // P(improvement | discordant)
  let power = 0;
  let t = -1;
  for (let m = 1; m <= n; m++) {
    t = mcnemarCriticalCount(m, g.alpha);
    if (t < 0) continue;
    const lpm = lnChoose(n, m) + m * Math.log(d) + (d < 1 ? (n - m) * Math.log1p(-d) : n === m ? 0 : -Infinity);
    if (lpm < -745) continue; // P(m) underflows: nothing to add
    power += Math.exp(lpm) * tails(m, t, q);
  }
  return Math.min(1, power);
}

/** P(B <= t) + P(B >= m - t) for B ~ Binomial(m, q), with t < m - t (the two tails are disjoint). */
function tails(m: number, t: number, q: number): number {
  if (q === 0) return 1; // B = 0 <= t
  if (q === 1) return 1; // B = m >= m - t
  const lq = Math.log(q);
  const lr = Math.log1p(-q);
  let sum = 0;
  // lower tail: b = 0..t, term(b) = C(m, b) q^b (1-q)^(m-b), built by ratios from b = 0
  let lterm = m * lr;
  for (let b = 0; b <= t; b++) {
    sum += Math.exp(lterm);
    lterm += Math.log((m - b) / (b + 1)) + lq - lr;
  }
  // upper tail: b = m - t..m, built downward from b = m
  let uterm = m * lq;
  for (let b = m; b >= m - t; b--) {
    sum += Math.exp(uterm);
    uterm += Math.log(b / (m - b + 1)) + lr - lq;
  }
  return sum;
}

/** The normal-approximation width of the paired CI of δ at level 1 - α with n cases (module comment); Infinity at n = 0. */
export function pairedCiWidth(n: number, g: PairedDesign): number {
  checkDesign(g);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be an integer >= 0, got ${n}`);
  if (n === 0) return Number.POSITIVE_INFINITY;
  return 2 * normIsf(g.alpha / 2) * Math.sqrt((g.discordant - g.delta * g.delta) / n);
}

export interface PowerPoint {
  n: number;
  power: number;
  ci_width: number;
}

/** Power and CI width at each n of `ns` (the planner's curve). */
export function powerCurve(g: PairedDesign, ns: readonly number[]): PowerPoint[] {
  return ns.map((n) => ({ n, power: mcnemarPower(n, g), ci_width: pairedCiWidth(n, g) }));
}

/**
 * The smallest n of the curve from which the power stays at least `target` for every later n of
 * the curve (the exact power is not monotone in n: the test is discrete), or null when the curve
 * never settles above the target.
 */
export function casesForPower(curve: readonly PowerPoint[], target = 0.8): number | null {
  if (!(target > 0 && target < 1)) throw new RangeError(`target power must be in (0, 1), got ${target}`);
  let n: number | null = null;
  for (const p of curve) {
    if (p.power >= target) n ??= p.n;
    else n = null;
  }
  return n;
}
