/**
 * Seeded draws from a binomial distribution, for bootstraps that resample a large population
 * given only as counts (the evaluator lab's production runs: k judged passes among N runs).
 * Resampling N runs with replacement and counting the passes is exactly a Binomial(N, k/N) draw, so
 * one draw per round replaces N index draws (10^5 runs × 1000 rounds = 10^8 draws otherwise).
 *
 * Method: inversion started at the mode m = floor((n + 1) p) (Kemp 1986, "A modal method for
 * generating binomial variables"): with one uniform U from CPython's random.random(), subtract the
 * probabilities f(m), f(m - 1), f(m + 1), f(m - 2), f(m + 2), ... (below before above, walking out
 * one step each side) and return the first k at which U falls below 0. f(m) comes from ln n! (exact
 * to n = 170, Stirling beyond), its neighbours from the ratio f(k + 1)/f(k) = (n - k)/(k + 1) · p/(1 - p).
 * Cost O(sqrt(n p (1 - p))) per draw. p = 0 and p = 1 return 0 and n without drawing. Should
 * rounding leave U >= 0 after every k, the mode is returned.
 */
import { lnFactorial } from './special.ts';
import type { PyRandom } from './rng.ts';

/**
 * One Binomial(n, p) draw (module comment).
 * @param n integer >= 0; @param p probability in [0, 1].
 * @throws RangeError for a bad n or p.
 */
export function binomialDraw(rng: PyRandom, n: number, p: number): number {
  if (!(Number.isSafeInteger(n) && n >= 0)) throw new RangeError(`binomial: n must be an integer >= 0, got ${n}`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomial: p must be in [0, 1], got ${p}`);
  if (p === 0 || n === 0) return 0;
  if (p === 1) return n;
  const q = 1 - p;
  const r = p / q;
  const m = Math.min(n, Math.floor((n + 1) * p));
  const fm = Math.exp(lnFactorial(n) - lnFactorial(m) - lnFactorial(n - m) + m * Math.log(p) + (n - m) * Math.log(q));
  let u = rng.random() - fm;
  if (u < 0) return m;
  let lo = m - 1;
  let hi = m + 1;
  let fLo = lo >= 0 ? (fm * m) / ((n - m + 1) * r) : 0;
  let fHi = hi <= n ? (fm * (n - m) * r) / (m + 1) : 0;
  for (;;) {
    if (lo >= 0 && fLo > 0) {
      u -= fLo;
      if (u < 0) return lo;
      fLo = lo > 0 ? (fLo * lo) / ((n - lo + 1) * r) : 0;
      lo--;
    }
    if (hi <= n && fHi > 0) {
      u -= fHi;
      if (u < 0) return hi;
      fHi = hi < n ? (fHi * (n - hi) * r) / (hi + 1) : 0;
      hi++;
    }
    // both sides exhausted, or their probabilities underflowed to 0: nothing left to subtract
    if (fLo === 0 && fHi === 0) break;
  }
  return m;
}
