/**
 * Nonparametric bootstrap (Efron & Tibshirani 1993) with CPython-compatible resampling and
 * percentile intervals with numpy's 'linear' quantile.
 *
 * Resampling reproduces the book's kits exactly: `rng = random.Random(seed)`, and each round draws
 * `[rng.randrange(n) for _ in range(n)]` (case indices with replacement). A paired bootstrap uses
 * the same indices for every version in a round, so the per-case pairing survives resampling.
 */
import { PyRandom } from './rng.ts';
import { countRoundsWasm } from './wasm/mt_bootstrap.ts';
import { finiteValues, quantilesBySelection } from './quantile.ts';
import { atMost } from './tolerance.ts';
import type { Interval } from './maybe.ts';

export interface PercentileInterval {
  /** Lower bound: the (1 - confidence)/2 quantile; null when no round is defined. */
  low: number | null;
  /** Upper bound: the (1 + confidence)/2 quantile; null when no round is defined. */
  high: number | null;
  confidence: number;
  /** Rounds whose statistic was defined (used for the quantiles). */
  defined_rounds: number;
  /** Rounds whose statistic was undefined (null) and were left out. */
  undefined_rounds: number;
}

/**
 * Percentile bootstrap interval of per-round statistics: quantiles (1 - c)/2 and (1 + c)/2 with
 * the 'linear' method. Rounds with an undefined statistic (null, e.g. a resample whose weights all
 * are zero; NaN and ±Infinity likewise) are left out and counted; with no defined round both bounds are null.
 * The kit uses p = 0.025 and 0.975 for c = 0.95, but (1 - 0.95)/2 is 0.025000000000000022 in
 * doubles; the probabilities are therefore rounded to 12 decimals, which gives the kit's literals
 * for the usual levels (0.9, 0.95, 0.99).
 * @param values per-round statistics (null = undefined round).
 * @param confidence in (0, 1).
 */
export function percentileInterval(values: ArrayLike<number | null>, confidence = 0.95): PercentileInterval {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const finite = finiteValues(values);
  const pLow = Math.round(((1 - confidence) / 2) * 1e12) / 1e12;
  const pHigh = Math.round(((1 + confidence) / 2) * 1e12) / 1e12;
  // the two quantiles by selection, not a sort (the same values: core's quantile.ts)
  const [low, high] = finite.length ? quantilesBySelection(finite, [pLow, pHigh]) : [null, null];
  return {
    low,
    high,
    confidence,
    defined_rounds: finite.length,
    undefined_rounds: values.length - finite.length,
  };
}

/**
 * Drives `rounds` bootstrap resamples of n cases with CPython's `random.Random(seed)`: for each
 * round, fills `indices` with n draws of randrange(n) (in order, as the kit's list comprehension)
 * and calls `onRound(indices, round)`. The same Uint32Array is reused between rounds: copy it if
 * you keep it. Cost: O(rounds · n) draws.
 * @param n number of cases, integer >= 1.
 * @param rounds integer >= 1.
 * @param seed safe integer (see labs/core/stats/rng.ts).
 * @throws RangeError for n < 1 or rounds < 1.
 */
export function bootstrapResamples(n: number, rounds: number, seed: number, onRound: (indices: Uint32Array, round: number) => void): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`bootstrap needs n >= 1 cases, got ${n}`);
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`bootstrap needs rounds >= 1, got ${rounds}`);
  const rng = new PyRandom(seed);
  const indices = new Uint32Array(n);
  for (let r = 0; r < rounds; r++) {
    rng.fillRandrange(indices, n);
    onRound(indices, r);
  }
}

/**
 * The resamples of bootstrapResamples (same seed, same draws, same order) seen through a grouping
 * of the cases: for each round, `counts[g]` is how many of the round's n draws fell on a case of
 * group g, and `onRound(counts, round)` is called. A statistic that depends on the cases only
 * through their group (e.g. a weighted sum, when cases of a group share the weight and outcomes)
 * then costs O(groups) per round instead of O(n), and no index array is written. The same
 * Uint32Array is reused between rounds: copy it if you keep it. Cost: O(rounds · (n + groups)).
 *
 * The draws run in the WebAssembly kernel (labs/core/stats/wasm/mt_bootstrap.ts: the same MT19937 words
 * and rejections, ~4x faster) when the runtime supports it, else in PyRandom.countRandrange; both
 * give the same counts bit for bit (tests/unit/rng_wasm.test.ts). With the kernel the callbacks
 * come in chunks (all rounds of a chunk of ~4·10^6 draws, after it), in round order.
 * @param groupOf group id of each case (n = groupOf.length >= 1), every id in [0, groups).
 * @param groups number of groups, integer >= 1.
 * @param rounds integer >= 1.
 * @param seed safe integer (see labs/core/stats/rng.ts).
 * @param options.kernel 'auto' (default: WebAssembly when available) or 'js' (always the JS loop;
 *   the reference in tests and comparisons).
 * @throws RangeError for n < 1 (or n >= 2^31), groups < 1, rounds < 1, or a group id >= groups.
 */
export function bootstrapGroupCounts(
  groupOf: Uint8Array | Uint16Array | Uint32Array,
  groups: number,
  rounds: number,
  seed: number,
  onRound: (counts: Uint32Array, round: number) => void,
  options: { kernel?: 'auto' | 'js' } = {},
): void {
  const n = groupOf.length;
  if (n < 1) throw new RangeError(`bootstrap needs n >= 1 cases, got ${n}`);
  if (!Number.isInteger(groups) || groups < 1) throw new RangeError(`bootstrap needs groups >= 1, got ${groups}`);
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`bootstrap needs rounds >= 1, got ${rounds}`);
  for (let i = 0; i < n; i++) if (groupOf[i] >= groups) throw new RangeError(`group id ${groupOf[i]} of case ${i} is not below groups = ${groups}`);
  if (n > 0x7fffffff) throw new RangeError(`bootstrap needs n < 2^31 cases, got ${n}`);
  const rng = new PyRandom(seed);
  if (options.kernel !== 'js' && countRoundsWasm(rng, groupOf, groups, rounds, onRound)) return;
  const counts = new Uint32Array(groups);
  for (let r = 0; r < rounds; r++) {
    counts.fill(0);
    rng.countRandrange(n, groupOf, counts, n);
    onRound(counts, r);
  }
}

export interface BootstrapCI extends PercentileInterval {
  /** The statistic of every round, in round order (null where undefined). */
  estimates: (number | null)[];
}

/**
 * Paired percentile bootstrap CI of one statistic: `statistic(indices)` is evaluated on each
 * resample (the same indices for every version you read inside it, which is what makes it paired).
 * Reproduces the kit's `bootstrap_delta_ci` for statistic = wq_candidate(idx) - wq_baseline(idx).
 * @param n cases (>= 1); rounds (>= 1); seed (safe integer); confidence in (0, 1).
 * @returns the interval and the per-round estimates. Undefined rounds: see percentileInterval.
 */
export function pairedBootstrapCI(
  n: number,
  statistic: (indices: Uint32Array) => number | null,
  options: { rounds: number; seed: number; confidence?: number },
): BootstrapCI {
  const estimates: (number | null)[] = [];
  bootstrapResamples(n, options.rounds, options.seed, (idx) => estimates.push(statistic(idx)));
  return { ...percentileInterval(estimates, options.confidence ?? 0.95), estimates };
}

/**
 * Whether a bootstrap has too many undefined rounds for a percentile interval: more than
 * (1 - confidence)/2 of the rounds (the share of one tail), or no defined round at all. Past that
 * share, a tail's quantile cannot be placed: the undefined rounds could sit anywhere in it.
 * The comparison allows core's tolerance (labs/core/stats/tolerance.ts), so 25 of 1000 rounds at
 * confidence 0.95 is not too many.
 * @param undefinedRounds rounds whose statistic was undefined, integer >= 0.
 * @param rounds all rounds, integer >= 1.
 * @param confidence in (0, 1).
 * @throws RangeError for rounds < 1, undefinedRounds outside [0, rounds] or confidence outside (0, 1).
 */
export function tooManyUndefinedRounds(undefinedRounds: number, rounds: number, confidence: number): boolean {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`rounds must be an integer >= 1, got ${rounds}`);
  if (!Number.isInteger(undefinedRounds) || undefinedRounds < 0 || undefinedRounds > rounds) throw new RangeError(`undefinedRounds must be in [0, ${rounds}], got ${undefinedRounds}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  return undefinedRounds === rounds || !atMost(undefinedRounds / rounds, (1 - confidence) / 2);
}

/** A percentile interval under the undefined-rounds rule: core's Interval, plus the round counts. */
export type RuledInterval = Interval<'too_many_undefined_rounds'> & { confidence: number; defined_rounds: number; undefined_rounds: number };

/**
 * percentileInterval with the undefined-rounds rule (tooManyUndefinedRounds): both bounds, or
 * neither with reason 'too_many_undefined_rounds'. `values` holds one statistic a round (null,
 * NaN or ±Infinity = undefined round); the rounds are values.length (>= 1).
 * @throws RangeError for no rounds or confidence outside (0, 1).
 */
export function ruledPercentileInterval(values: ArrayLike<number | null>, confidence: number): RuledInterval {
  const p = percentileInterval(values, confidence);
  const counts = { confidence, defined_rounds: p.defined_rounds, undefined_rounds: p.undefined_rounds };
  if (p.low === null || p.high === null || tooManyUndefinedRounds(p.undefined_rounds, values.length, confidence)) return { low: null, high: null, reason: 'too_many_undefined_rounds', ...counts };
  return { low: p.low, high: p.high, reason: null, ...counts };
}

/**
 * The bootstrap of one or more means over the same n cases: for each round, the mean of every
 * array in `values` over the round's resample (the draws of bootstrapResamples: same seed, same
 * order, CPython's random.Random(seed).randrange(n)), computed as Σ count_i · v_i / n through
 * bootstrapGroupCounts (WebAssembly draws when available). Arrays that share a population share
 * the resamples, as a paired bootstrap does.
 * @param values one or more arrays of the same length n >= 1, finite numbers.
 * @param rounds integer >= 1; seed: safe integer.
 * @param onRound called after each round (e.g. for progress), with the round index.
 * @returns one Float64Array of `rounds` means for each array of `values`.
 * @throws RangeError for n < 1, arrays of different lengths, or rounds < 1.
 */
export function bootstrapMeans(values: readonly ArrayLike<number>[], rounds: number, seed: number, onRound?: (round: number) => void): Float64Array[] {
  const n = values.length ? values[0].length : 0;
  for (const v of values) if (v.length !== n) throw new RangeError(`bootstrapMeans: arrays differ in length (${v.length} and ${n})`);
  const vals = values.map((v) => Float64Array.from(v));
  const estimates = values.map(() => new Float64Array(rounds));
  const identity = new Uint32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  bootstrapGroupCounts(identity, n, rounds, seed, (counts, round) => {
    for (let j = 0; j < vals.length; j++) {
      const v = vals[j];
      let s = 0;
      for (let i = 0; i < n; i++) s += counts[i] * v[i];
      estimates[j][round] = s / n;
    }
    onRound?.(round);
  });
  return estimates;
}

/** A percentile bootstrap interval of a mean: core's Interval, plus what made it. */
export type MeanInterval = Interval<'no_cases'> & { confidence: number; rounds: number; seed: number };

/**
 * Percentile bootstrap interval of the mean of `values` (bootstrapMeans, then percentileInterval:
 * quantiles (1 - confidence)/2 and (1 + confidence)/2 by numpy's linear method). Every round of a
 * mean of finite values is defined; with no values the interval is undefined ('no_cases').
 * Efron & Tibshirani (1993).
 * @throws RangeError for rounds < 1 or confidence outside (0, 1).
 */
export function bootstrapMeanInterval(values: ArrayLike<number>, options: { rounds: number; seed: number; confidence: number }): MeanInterval {
  const { rounds, seed, confidence } = options;
  const base = { confidence, rounds, seed };
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (values.length === 0) return { low: null, high: null, reason: 'no_cases', ...base };
  const ci = percentileInterval(bootstrapMeans([values], rounds, seed)[0], confidence);
  return { low: ci.low!, high: ci.high!, reason: null, ...base };
}
