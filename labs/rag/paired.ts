/**
 * The paired per-case comparison of two scored retrieval lists, on the statistics of core/stats:
 * McNemar's test (labs/core/stats/mcnemar.ts) on a per-case success, and the paired percentile
 * bootstrap of the difference of means (labs/core/stats/bootstrap.ts, CPython-compatible
 * resampling). Kept in this one small module so it can be pointed at core/stats/paired.ts when the
 * paired statistics move there; nothing else in the lab imports mcnemar.ts or bootstrap's paired
 * helpers.
 */
import { mcnemarTest } from '../core/stats/mcnemar.ts';
import type { McNemarResult } from '../core/stats/mcnemar.ts';
import { pairedBootstrapCI, percentileInterval } from '../core/stats/bootstrap.ts';

export type { McNemarResult };

/**
 * McNemar on paired successes: b = cases where A fails and B succeeds, c = cases where A succeeds
 * and B fails (same arrays' order). See mcnemarTest for the conventions (null when b + c = 0).
 * @throws RangeError when the arrays differ in length.
 */
export function mcnemarOfSuccesses(successA: ArrayLike<boolean>, successB: ArrayLike<boolean>): McNemarResult {
  if (successA.length !== successB.length) throw new RangeError('paired successes must have the same length');
  let b = 0;
  let c = 0;
  for (let i = 0; i < successA.length; i++) {
    if (!successA[i] && successB[i]) b++;
    else if (successA[i] && !successB[i]) c++;
  }
  return mcnemarTest(b, c);
}

export interface PairedDeltaBootstrap {
  /** mean(B) − mean(A) on the cases; null when there are none. */
  delta: number | null;
  low: number | null;
  high: number | null;
  confidence: number;
  rounds: number;
  seed: number;
  defined_rounds: number;
  /** 'no_comparable_cases' when there are no cases (every other field is then null), else null. */
  undefined_reason: 'no_comparable_cases' | null;
  /** The per-round deltas (kept so the reversed comparison, A − B, reuses the same resamples). */
  estimates: number[];
}

/**
 * Paired percentile bootstrap of mean(B) − mean(A): every round resamples n case indices with
 * CPython's random.Random(seed) (randrange(n), n times) and takes the difference of the two means
 * on the same indices. Percentiles: numpy's 'linear' method.
 * @param a per-case values of A; @param b of B (same length, same case order).
 * @throws RangeError when the lengths differ, or for bad rounds/seed/confidence (see pairedBootstrapCI).
 */
export function pairedDeltaBootstrap(a: ArrayLike<number>, b: ArrayLike<number>, options: { rounds: number; seed: number; confidence: number }): PairedDeltaBootstrap {
  if (a.length !== b.length) throw new RangeError('paired values must have the same length');
  const n = a.length;
  const base = { confidence: options.confidence, rounds: options.rounds, seed: options.seed };
  if (n === 0) return { ...base, delta: null, low: null, high: null, defined_rounds: 0, undefined_reason: 'no_comparable_cases', estimates: [] };
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += a[i];
    sb += b[i];
  }
  const ci = pairedBootstrapCI(
    n,
    (idx) => {
      let da = 0;
      let db = 0;
      for (let i = 0; i < idx.length; i++) {
        da += a[idx[i]];
        db += b[idx[i]];
      }
      return (db - da) / n;
    },
    options,
  );
  return { ...base, delta: (sb - sa) / n, low: ci.low, high: ci.high, defined_rounds: ci.defined_rounds, undefined_reason: null, estimates: ci.estimates as number[] };
}

/** The same comparison read the other way (A − B): negated delta and estimates, interval recomputed from them. */
export function reverseDeltaBootstrap(r: PairedDeltaBootstrap): PairedDeltaBootstrap {
  if (r.delta === null) return r;
  const estimates = r.estimates.map((x) => -x);
  const ci = percentileInterval(estimates, r.confidence);
  return { ...r, delta: -r.delta, low: ci.low, high: ci.high, defined_rounds: ci.defined_rounds, estimates };
}
