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
import { quantileSorted, sortedFinite } from './quantile.ts';

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
  const sorted = sortedFinite(values);
  const pLow = Math.round(((1 - confidence) / 2) * 1e12) / 1e12;
  const pHigh = Math.round(((1 + confidence) / 2) * 1e12) / 1e12;
  return {
    low: sorted.length ? quantileSorted(sorted, pLow) : null,
    high: sorted.length ? quantileSorted(sorted, pHigh) : null,
    confidence,
    defined_rounds: sorted.length,
    undefined_rounds: values.length - sorted.length,
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
