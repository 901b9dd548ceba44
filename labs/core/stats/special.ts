/**
 * Special functions behind the p-values and intervals of labs/core (chi-square tail, normal
 * quantile, binomial tail). Written here because no well-kept npm package gives these at double
 * precision without pulling in a large numerics library. Each is checked against scipy in
 * tests/unit/stats_core.test.ts (tests/golden/stats_statsmodels.json).
 */

const EPS = 1e-16;
const FPMIN = 1e-300;
const SQRT_PI = Math.sqrt(Math.PI);

/**
 * Regularized upper incomplete gamma function Q(1/2, z) for z >= 0, i.e. erfc(sqrt(z)).
 * Series for z < 1.5, Lentz continued fraction otherwise (Numerical Recipes 3rd ed., §6.2).
 * Relative precision about 1e-15. Q(1/2, 0) = 1.
 */
function gammaQHalf(z: number): number {
  if (z <= 0) return 1;
  const a = 0.5;
  if (z < a + 1) {
    // P(a, z) = z^a e^-z / Γ(a+1) · Σ z^n / ((a+1)…(a+n))
    let ap = a;
    let del = 1 / a;
    let sum = del;
    for (let n = 0; n < 500; n++) {
      ap += 1;
      del *= z / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * EPS) break;
    }
    // z^a e^-z / Γ(a) with Γ(1/2) = √π
    const p = sum * Math.exp(-z) * Math.sqrt(z) / SQRT_PI;
    return 1 - p;
  }
  let b = z + 1 - a;
  let c = 1 / FPMIN;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = b + an / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-z) * Math.sqrt(z) / SQRT_PI * h;
}

/**
 * Complementary error function erfc(x) = 1 - erf(x), any real x (erfc(-x) = 2 - erfc(x)).
 * Matches scipy.special.erfc to about 1e-15 relative.
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - gammaQHalf(x * x);
  return gammaQHalf(x * x);
}

/**
 * Survival function of the chi-square distribution with 1 degree of freedom, P(X > x) = Q(1/2, x/2).
 * Matches scipy.stats.chi2.sf(x, 1). x <= 0 gives 1; +Infinity gives 0.
 */
export function chi2SfDf1(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  return gammaQHalf(x / 2);
}

/** Standard normal cumulative distribution Φ(x) = erfc(-x/√2)/2, accurate in both tails. */
export function normCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

// Acklam's rational approximation of the normal quantile (relative error < 1.15e-9), refined below.
const A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

function acklamLower(p: number): number {
  // p in (0, 0.5]
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
}

/**
 * Standard normal quantile for a lower-tail probability p in (0, 0.5]: x with Φ(x) = p (x <= 0).
 * Acklam's approximation followed by Halley steps on Φ (computed with erfc), which brings it to
 * double precision.
 */
function normPpfLower(p: number): number {
  let x = acklamLower(p);
  for (let i = 0; i < 4; i++) {
    const e = normCdf(x) - p;
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
    const step = u / (1 + (x * u) / 2);
    x -= step;
    if (Math.abs(step) <= 1e-16 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}

/**
 * Inverse survival function of the standard normal: z with P(Z > z) = q. Matches
 * scipy.stats.norm.isf(q) (e.g. q = 0.025 -> 1.959963984540054) to about 1e-14 relative.
 * q = 0.5 gives 0; q <= 0 gives +Infinity; q >= 1 gives -Infinity; NaN gives NaN.
 */
export function normIsf(q: number): number {
  if (Number.isNaN(q)) return NaN;
  if (q <= 0) return Infinity;
  if (q >= 1) return -Infinity;
  if (q === 0.5) return 0;
  if (q < 0.5) return -normPpfLower(q);
  return normPpfLower(1 - q);
}

const FACTORIALS: number[] = (() => {
  const f = [1];
  for (let i = 1; i <= 170; i++) f.push(f[i - 1] * i);
  return f;
})();

/**
 * ln(n!) for an integer n >= 0: exact factorial (double) up to 170, Stirling's series beyond
 * (truncation error below 1e-19 there). Absolute error about 1e-14 · max(1, ln n!).
 */
export function lnFactorial(n: number): number {
  if (n <= 170) return Math.log(FACTORIALS[n]);
  const inv = 1 / n;
  const inv2 = inv * inv;
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + inv * (1 / 12 - inv2 * (1 / 360 - inv2 * (1 / 1260 - inv2 / 1680)));
}

/**
 * Binomial lower tail with success probability 1/2: P(X <= k) for X ~ Binomial(n, 1/2).
 * Integers 0 <= k <= n. Summed from the k-th term downwards in ratios, so it neither overflows nor
 * underflows for large n (the k-th term comes from lnFactorial). Matches scipy.stats.binom.cdf(k, n, 0.5)
 * to about 1e-12 relative for n < 1000 and 1e-9 beyond.
 */
export function binomCdfHalf(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  const logTerm = lnFactorial(n) - lnFactorial(k) - lnFactorial(n - k) - n * Math.LN2;
  let term = 1;
  let sum = 1;
  for (let i = k; i > 0; i--) {
    term *= i / (n - i + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, Math.exp(logTerm) * sum);
}

/**
 * Exact two-sided binomial test of H0: p = 1/2 for k successes in n trials:
 * min(1, 2 · P(X <= min(k, n - k))). Equals statsmodels.stats.proportion.binom_test(k, n, 0.5,
 * 'two-sided') (scipy.stats.binomtest, "minlike" method, which for p = 1/2 is this doubling).
 * @returns null when n = 0 (no trials: the test is undefined).
 * @throws RangeError for non-integers or k outside [0, n].
 */
export function binomTestTwoSidedHalf(k: number, n: number): number | null {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0 || k < 0 || k > n) throw new RangeError(`binomial test needs integers 0 <= k <= n, got k=${k}, n=${n}`);
  if (n === 0) return null;
  return Math.min(1, 2 * binomCdfHalf(Math.min(k, n - k), n));
}
