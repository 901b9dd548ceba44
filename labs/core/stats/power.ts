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
 * approximation). Each binomial is summed outwards from its mode until its terms are negligible, and
 * the critical counts of every m are built in one pass (mcnemarCriticalCounts), so a power costs
 * O(n) rather than O(n²).
 *
 * The expected width of the paired percentile bootstrap CI of δ is approximated by the normal one,
 * 2·z_{1-α/2}·sqrt((d - δ²)/n): per case the difference candidate - baseline is +1, -1 or 0 with
 * probabilities p_b, p_c, 1 - d, whose variance is d - δ².
 *
 * Sources: McNemar (1947); the conditional exact test as in statsmodels' mcnemar(exact=True);
 * Connor (1987), "Sample size for testing differences in proportions for the paired-sample design".
 */
import { binomCdfHalf, lnFactorial, normCdf, normIsf } from './special.ts';

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
 * Critical counts of the exact two-sided McNemar test for every m = 0..maxM: entry m is
 * mcnemarCriticalCount(m, alpha) (-1 when no count rejects). Built in one pass: t(m) never
 * decreases with m and grows by at most 1 per step (Binomial(m + 1, 1/2) is stochastically larger
 * than Binomial(m, 1/2), and at most one larger), so each m costs one binomial tail (binomCdfHalf),
 * O(maxM^1.5) in all instead of O(maxM²).
 * @param known optional: an earlier result of this function for the same alpha and a smaller maxM;
 *   its entries are copied and the scan starts after them (the same table, built in steps).
 * @throws RangeError for maxM not an integer >= 0 or alpha outside (0, 1).
 */
export function mcnemarCriticalCounts(maxM: number, alpha: number, known?: Int32Array): Int32Array {
  if (!Number.isInteger(maxM) || maxM < 0) throw new RangeError(`maxM must be an integer >= 0, got ${maxM}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  const out = new Int32Array(maxM + 1);
  out[0] = -1;
  // `known`: this function's table for the same alpha and a smaller maxM; the scan goes on from its end
  const from = known && known.length > 1 && known.length <= maxM ? known.length : 1;
  if (from > 1) out.set(known!);
  let t = from > 1 ? known![from - 1] : -1;
  for (let m = from; m <= maxM; m++) {
    while (t + 1 < m - t - 1 && Math.min(1, 2 * binomCdfHalf(t + 1, m)) <= alpha + 1e-15) t++;
    out[m] = t;
  }
  return out;
}

/**
 * Sum of the Binomial(m, q) probabilities from b = `from` away from the mode (down to 0 when
 * dir = -1, up to m when dir = +1): the terms only shrink on that side, so the sum stops once they
 * are negligible (below 1e-17 of the sum), and a start below e^-745 is 0 outright.
 */
function tailAway(m: number, q: number, from: number, dir: -1 | 1): number {
  if (from < 0 || from > m) return 0;
  const lq = Math.log(q);
  const lr = Math.log1p(-q);
  const l0 = lnChoose(m, from) + from * lq + (m - from) * lr;
  if (l0 < -745) return 0;
  let term = Math.exp(l0);
  let sum = term;
  const up = Math.exp(lq - lr); // q / (1 - q)
  for (let b = from; dir < 0 ? b > 0 : b < m; b += dir) {
    term *= dir < 0 ? (b / (m - b + 1)) / up : ((m - b) / (b + 1)) * up;
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/** P(B <= t) for B ~ Binomial(m, q), 0 < q < 1, summed on the side of t away from the mode. */
function binomCdf(m: number, q: number, t: number): number {
  if (t < 0) return 0;
  if (t >= m) return 1;
  const mode = Math.floor((m + 1) * q);
  return t < mode ? tailAway(m, q, t, -1) : Math.max(0, 1 - tailAway(m, q, t + 1, 1));
}

/** P(B <= t) + P(B >= m - t) for B ~ Binomial(m, q), with t < m - t (the two tails are disjoint). */
function tails(m: number, t: number, q: number): number {
  if (q === 0) return 1; // B = 0 <= t
  if (q === 1) return 1; // B = m >= m - t
  return Math.min(1, binomCdf(m, q, t) + (1 - binomCdf(m, q, m - t - 1)));
}

/**
 * The exact power sum at n: Σ_m P(M = m)·P(reject | m) with M ~ Binomial(n, d), summed outwards
 * from the mode of M until the terms are negligible. `reject(m)` is P(reject | m discordant pairs).
 */
function powerWith(n: number, d: number, reject: (m: number) => number): number {
  if (n === 0) return 0;
  if (d === 1) return Math.min(1, reject(n));
  const ld = Math.log(d);
  const lr = Math.log1p(-d);
  const mode = Math.min(n, Math.floor((n + 1) * d));
  const pMode = Math.exp(lnChoose(n, mode) + mode * ld + (n - mode) * lr);
  let power = pMode * reject(mode);
  let mass = pMode;
  const ratio = Math.exp(ld - lr); // d / (1 - d)
  // downwards from the mode
  let p = pMode;
  for (let m = mode; m > 0; m--) {
    p *= (m / (n - m + 1)) / ratio;
    if (p < mass * 1e-17) break;
    mass += p;
    power += p * reject(m - 1);
  }
  // upwards from the mode
  p = pMode;
  for (let m = mode; m < n; m++) {
    p *= ((n - m) / (m + 1)) * ratio;
    if (p < mass * 1e-17) break;
    mass += p;
    power += p * reject(m + 1);
  }
  return Math.min(1, power);
}

/**
 * Power of the exact two-sided McNemar test with n pairs (module comment): the exact sum over the
 * number of discordant pairs m and the improvements b, each binomial summed from its mode outwards
 * and stopped where the terms fall below 1e-17 of the sum (so about sqrt(n) terms of each, not n):
 * about 1 ms at n = 2,000.
 * @param n number of cases, integer >= 0 (n = 0 has power 0).
 * @throws RangeError for a bad design or n.
 */
export function mcnemarPower(n: number, g: PairedDesign): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be an integer >= 0, got ${n}`);
  return mcnemarPowers([n], g)[0];
}

/**
 * mcnemarPower at each n of `ns` (any order), sharing one table of critical counts.
 * @throws RangeError for a bad design or an n that is not an integer >= 0.
 */
export function mcnemarPowers(ns: readonly number[], g: PairedDesign): number[] {
  return mcnemarPowerTable(g).powers(ns);
}

/**
 * The critical counts depend on alpha only: the longest table built for each recent alpha is kept
 * (a planner recomputed for the same policy starts from it). At most 8 alphas are kept.
 */
const CRITICAL_COUNTS = new Map<number, Int32Array>();
function rememberCriticalCounts(alpha: number, table: Int32Array) {
  CRITICAL_COUNTS.delete(alpha);
  CRITICAL_COUNTS.set(alpha, table);
  if (CRITICAL_COUNTS.size > 8) CRITICAL_COUNTS.delete(CRITICAL_COUNTS.keys().next().value!);
}

/**
 * The tables of the most recent designs (at most 8): an edit that leaves the design unchanged (a
 * gate lab's cases edited, not its rates, discordant share or alpha) reuses its P(reject | m)
 * values. The binomial tails were 84 % of the planner in a profile of the gate preset (issue 23).
 */
const POWER_TABLES = new Map<string, { powers(ns: readonly number[]): number[] }>();

/**
 * mcnemarPowers for one design, called many times (a planner's curve, then its refinement): the
 * critical counts and each P(reject | m discordant pairs) are computed once per m and kept, since
 * the power sums of nearby n cover mostly the same m. Every value equals mcnemarPower's. The table
 * of a design asked for again (same discordant share, delta and alpha) is the one already built
 * (the 8 most recent designs are kept), so its values are not recomputed.
 * @throws RangeError for a bad design (at once) or, from powers, an n that is not an integer >= 0.
 */
export function mcnemarPowerTable(g: PairedDesign): { powers(ns: readonly number[]): number[] } {
  checkDesign(g);
  const key = `${g.discordant}|${g.delta}|${g.alpha}`;
  let table = POWER_TABLES.get(key);
  if (table) POWER_TABLES.delete(key);
  else table = buildPowerTable(g);
  POWER_TABLES.set(key, table);
  if (POWER_TABLES.size > 8) POWER_TABLES.delete(POWER_TABLES.keys().next().value!);
  return table;
}

function buildPowerTable(g: PairedDesign): { powers(ns: readonly number[]): number[] } {
  const { pb } = checkDesign(g);
  const q = pb / g.discordant; // P(improvement | discordant)
  let crit: Int32Array = CRITICAL_COUNTS.get(g.alpha) ?? new Int32Array(0);
  let rejectAt: Float64Array = new Float64Array(0); // NaN: not computed yet
  const reject = (m: number) => {
    let r = rejectAt[m];
    if (r !== r) rejectAt[m] = r = crit[m] < 0 ? 0 : tails(m, crit[m], q);
    return r;
  };
  return {
    powers(ns) {
      let maxN = 0;
      for (const n of ns) {
        if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be an integer >= 0, got ${n}`);
        if (n > maxN) maxN = n;
      }
      if (maxN >= crit.length) {
        crit = mcnemarCriticalCounts(maxN, g.alpha, crit);
        rememberCriticalCounts(g.alpha, crit);
      }
      if (maxN >= rejectAt.length) {
        const grown = new Float64Array(maxN + 1).fill(Number.NaN);
        grown.set(rejectAt);
        rejectAt = grown;
      }
      return ns.map((n) => powerWith(n, g.discordant, reject));
    },
  };
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
  const power = mcnemarPowers(ns, g);
  return ns.map((n, i) => ({ n, power: power[i], ci_width: pairedCiWidth(n, g) }));
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

/**
 * Power of the two-sided McNemar test by the normal approximation (Connor 1987), beside the exact
 * mcnemarPower, for n beyond the exact sum's reach (the gate's planner):
 * Φ((|δ|·√n − z_{1−α/2}·√d) / √(d − δ²)). When d = δ² (no variance left) it is 1 if
 * |δ|·√n > z_{1−α/2}·√d, else 0. Inputs as mcnemarPower (a valid PairedDesign, n >= 0).
 */
export function mcnemarPowerNormal(n: number, g: PairedDesign): number {
  const v = g.discordant - g.delta * g.delta;
  const z = Math.abs(g.delta) * Math.sqrt(n) - normIsf(g.alpha / 2) * Math.sqrt(g.discordant);
  if (v <= 0) return z > 0 ? 1 : 0;
  return normCdf(z / Math.sqrt(v));
}

/**
 * Connor's (1987) normal-approximation number of cases for power `power` (in (0, 1)):
 * ((z_{1−α/2}·√d + z_power·√(d − δ²)) / δ)², not rounded; Infinity for δ = 0.
 */
export function casesForPowerNormal(power: number, g: PairedDesign): number {
  if (g.delta === 0) return Number.POSITIVE_INFINITY;
  const num = normIsf(g.alpha / 2) * Math.sqrt(g.discordant) + normIsf(1 - power) * Math.sqrt(Math.max(0, g.discordant - g.delta * g.delta));
  return (num / g.delta) ** 2;
}
