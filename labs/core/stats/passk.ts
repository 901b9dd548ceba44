/**
 * Repeated runs of the same case: an LLM's output varies from run to run, so a case run n times
 * passes c of them. From (n, c) per case:
 *
 *   pass@k  = 1 - C(n - c, k) / C(n, k)   P(at least one of k runs drawn without replacement passes)
 *   pass^k  = C(c, k) / C(n, k)           P(all k runs pass)
 *
 * Both are the unbiased estimators of Chen et al. (2021), "Evaluating Large Language Models Trained on
 * Code" (pass@k) and of the "pass^k" reliability of Yao et al. (2024), "τ-bench", computed from the n
 * runs without enumerating subsets. For k > n neither is defined (there are not k runs to draw):
 * undefined with reason 'k_exceeds_runs'; n = 0 is 'no_runs'.
 *
 * Computed as products of ratios (never factorials), so they are exact to rounding for any n:
 *   C(n - c, k) / C(n, k) = Π_{i=0}^{k-1} (n - c - i) / (n - i)   (0 when n - c < k)
 *   C(c, k) / C(n, k)     = Π_{i=0}^{k-1} (c - i) / (n - i)       (0 when c < k)
 */
import { defined, undef, type Maybe } from './maybe.ts';

export type PassKReason = 'no_runs' | 'k_exceeds_runs';

function check(n: number, c: number, k: number): void {
  if (!Number.isInteger(n) || !Number.isInteger(c) || !Number.isInteger(k) || n < 0 || c < 0 || c > n || k < 1) {
    throw new RangeError(`pass@k needs integers 0 <= c <= n and k >= 1, got n=${n}, c=${c}, k=${k}`);
  }
}

/**
 * pass@k of one case run n times with c passes (module comment).
 * @throws RangeError for non-integers, c outside [0, n] or k < 1.
 */
export function passAtK(n: number, c: number, k: number): Maybe<PassKReason> {
  check(n, c, k);
  if (n === 0) return undef('no_runs');
  if (k > n) return undef('k_exceeds_runs');
  if (n - c < k) return defined(1);
  let allFail = 1;
  for (let i = 0; i < k; i++) allFail *= (n - c - i) / (n - i);
  return defined(1 - allFail);
}

/**
 * pass^k of one case run n times with c passes (module comment): all of k runs pass.
 * @throws RangeError as passAtK.
 */
export function passPowK(n: number, c: number, k: number): Maybe<PassKReason> {
  check(n, c, k);
  if (n === 0) return undef('no_runs');
  if (k > n) return undef('k_exceeds_runs');
  if (c < k) return defined(0);
  let all = 1;
  for (let i = 0; i < k; i++) all *= (c - i) / (n - i);
  return defined(all);
}

/** A case is flaky when its runs disagree: some pass and some fail (0 < c < n). */
export function isFlaky(n: number, c: number): boolean {
  return c > 0 && c < n;
}

export interface PassKPoint {
  k: number;
  /** Mean of pass@k over the cases with at least k runs; null when no case has k runs. */
  pass_at_k: number | null;
  pass_pow_k: number | null;
  /** Cases with at least k runs (the population of the means). */
  cases: number;
}

/**
 * The pass@k and pass^k curves of a set of cases for k = 1..max n: at each k, the means over the
 * cases with at least k runs (a case with fewer runs cannot say anything about k of them; those are
 * left out and counted).
 * @param runs number of runs per case; @param passes passes per case (same length).
 * @throws RangeError for arrays of different lengths or a bad (n, c).
 */
export function passKCurves(runs: ArrayLike<number>, passes: ArrayLike<number>): PassKPoint[] {
  if (runs.length !== passes.length) throw new RangeError(`runs and passes differ in length (${runs.length} vs ${passes.length})`);
  let maxN = 0;
  for (let i = 0; i < runs.length; i++) {
    check(runs[i], passes[i], 1);
    if (runs[i] > maxN) maxN = runs[i];
  }
  const out: PassKPoint[] = [];
  for (let k = 1; k <= maxN; k++) {
    let sa = 0;
    let sp = 0;
    let m = 0;
    for (let i = 0; i < runs.length; i++) {
      if (runs[i] < k) continue;
      sa += passAtK(runs[i], passes[i], k).value!;
      sp += passPowK(runs[i], passes[i], k).value!;
      m++;
    }
    out.push({ k, pass_at_k: m ? sa / m : null, pass_pow_k: m ? sp / m : null, cases: m });
  }
  return out;
}
