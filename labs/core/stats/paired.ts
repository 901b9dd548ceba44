/**
 * Paired comparison of two versions on the same cases, once for the project (gate, RAG variants,
 * evaluators): the 2x2 table of paired binary outcomes, McNemar's test on its discordant cells
 * (McNemar 1947) and the paired percentile bootstrap of a weighted rate (Efron & Tibshirani 1993)
 * on CPython's random.Random, the textbook kit's resampling.
 *
 * McNemar: b = cases that fail on A (the baseline) and pass on B (the candidate: improvements),
 * c = cases that pass on A and fail on B (regressions). The values equal R's
 * mcnemar.test(table, correct = TRUE) and statsmodels' mcnemar(table, exact=True) with
 * table = [[·, b], [c, ·]].
 */
import { binomTestTwoSidedHalf, chi2SfDf1 } from './special.ts';
import { bootstrapGroupCounts, bootstrapResamples, pairedBootstrapCI, percentileInterval } from './bootstrap.ts';

export interface McNemarResult {
  /** Improvements (A fails, B passes). */
  b: number;
  /** Regressions (A passes, B fails). */
  c: number;
  /** b + c. */
  discordant: number;
  /** max(0, |b - c| - 1)² / (b + c); null when b + c = 0. */
  chi2_continuity: number | null;
  /** P(χ²₁ > chi2_continuity); null when b + c = 0. */
  chi2_continuity_p_value: number | null;
  /** min(1, 2·P(X <= min(b, c))), X ~ Binomial(b + c, 1/2); 1 when b + c = 0. */
  exact_p_value: number;
  /** 'no_discordant_pairs' when b + c = 0 (the chi-square is then null), else null. */
  undefined_reason: 'no_discordant_pairs' | null;
}

/**
 * McNemar's test from the discordant counts.
 * Conventions: the continuity-corrected statistic is max(0, |b - c| - 1)²/(b + c), as R's
 * mcnemar.test (b = c gives 0 and p = 1; the unclamped form the textbook kit and statsmodels use
 * would give (0 - 1)²/(b + c) > 0, a "difference" where there is none). With b + c = 0 the
 * chi-square is undefined (reason 'no_discordant_pairs': the test has no information) while the exact
 * two-sided binomial p-value is 1 (every outcome of a Binomial(0, 1/2) is as extreme as the observed).
 * @param b integer >= 0, @param c integer >= 0.
 * @throws RangeError for negative or non-integer counts.
 */
export function mcnemarTest(b: number, c: number): McNemarResult {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) throw new RangeError(`McNemar needs integer counts >= 0, got b=${b}, c=${c}`);
  const n = b + c;
  if (n === 0) {
    return { b, c, discordant: 0, chi2_continuity: null, chi2_continuity_p_value: null, exact_p_value: 1, undefined_reason: 'no_discordant_pairs' };
  }
  const stat = Math.max(0, Math.abs(b - c) - 1) ** 2 / n;
  return {
    b,
    c,
    discordant: n,
    chi2_continuity: stat,
    chi2_continuity_p_value: chi2SfDf1(stat),
    exact_p_value: binomTestTwoSidedHalf(Math.min(b, c), n) as number,
    undefined_reason: null,
  };
}

/** The paired 2x2 table of two versions' pass/fail outcomes, with the ids of the discordant cases. */
export interface PairedOutcomes {
  both_passed: number;
  both_failed: number;
  /** Ids of the cases A fails and B passes, in case order. */
  improvements: string[];
  /** Ids of the cases A passes and B fails, in case order. */
  regressions: string[];
  mcnemar: McNemarResult;
}

/**
 * Tallies paired outcomes. `ids[i]`, `passedA[i]` and `passedB[i]` describe the same case.
 * @throws RangeError when the three arrays differ in length.
 */
export function pairedOutcomes(ids: readonly string[], passedA: readonly boolean[], passedB: readonly boolean[]): PairedOutcomes {
  if (ids.length !== passedA.length || ids.length !== passedB.length) {
    throw new RangeError(`paired outcomes need equal lengths (${ids.length}, ${passedA.length}, ${passedB.length})`);
  }
  const improvements: string[] = [];
  const regressions: string[] = [];
  let bothPassed = 0;
  let bothFailed = 0;
  for (let i = 0; i < ids.length; i++) {
    const a = passedA[i];
    const b = passedB[i];
    if (a && !b) regressions.push(ids[i]);
    else if (!a && b) improvements.push(ids[i]);
    else if (a && b) bothPassed++;
    else bothFailed++;
  }
  return { both_passed: bothPassed, both_failed: bothFailed, improvements, regressions, mcnemar: mcnemarTest(improvements.length, regressions.length) };
}

/**
 * Power-of-two scale 2^k that makes every value an integer, when sums of up to n values are then
 * exact in doubles: every v·2^k is an integer and n·max|v|·2^k <= 2^53. Under that condition any
 * sum of n values (in any order, and count·value products) is an integer multiple of 2^-k of
 * magnitude <= 2^53·2^-k, hence exactly representable: no rounding happens, so grouped sums equal
 * the case-by-case sums bit for bit. Integers (the usual weights) give k = 0; halves and quarters
 * give k = 1, 2; decimals such as 0.1 are not dyadic and give null.
 * @param values finite numbers; n = values.length.
 * @returns k, or null when no k <= 60 satisfies the condition (or a value is not finite).
 */
export function exactSumScale(values: ArrayLike<number>): number | null {
  const n = values.length;
  let k = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const w = values[i];
    if (!Number.isFinite(w)) return null;
    while (!Number.isInteger(w * 2 ** k)) if (++k > 60) return null;
    if (Math.abs(w) > max) max = Math.abs(w);
  }
  return n * max * 2 ** k <= 2 ** 53 ? k : null;
}

/** Above this many distinct (weight, value A, value B) groups, the case-by-case loop is used. */
export const MAX_BOOTSTRAP_GROUPS = 65536;

/**
 * Paired bootstrap of a weighted rate: each round draws n case indices with CPython's
 * random.Random(seed).randrange(n) and computes, on the same indices, rate_A = Σ w·a / Σ w,
 * rate_B = Σ w·b / Σ w and their difference rate_B - rate_A (two quotients, then the difference, as
 * the textbook kit does). `a[i]` and `b[i]` are each case's outcome under A and B: 0/1 pass
 * indicators, or per-case pass rates in [0, 1] when each case has several runs (the resampling is of
 * cases; the runs stay nested inside them). A round whose resampled weights sum to 0 is undefined
 * (null) and left out of the percentiles.
 *
 * Two ways to get the same sums: a round's three sums depend only on how many times each
 * (w, w·a, w·b) group is drawn, so when every product makes sums exact (exactSumScale, e.g. integer
 * weights and 0/1 outcomes) and there are at most MAX_BOOTSTRAP_GROUPS groups, the rounds count draws
 * per group (bootstrapGroupCounts, a WebAssembly kernel where available) and add count·value per
 * group: no rounding happens either way, so the result is identical to the case-by-case loop.
 * Otherwise the case-by-case loop runs, adding in draw order as the kit does.
 * @param weights per case, finite and >= 0; a, b per case, finite; all of length n >= 1.
 * @param options.method 'auto' (default: grouped when exact) or 'direct' (always case by case);
 *   options.progress gets ('bootstrap', fraction of rounds done) at most ~200 times.
 * @returns per-round deltas, the three percentile intervals (null bounds when no round is defined)
 *   and the method used.
 * @throws RangeError for arrays of different lengths, n = 0, rounds < 1, or non-finite values.
 */
export function pairedBootstrapWeightedRate(
  weights: readonly number[],
  a: readonly number[],
  b: readonly number[],
  options: BootstrapRateOptions,
): WeightedRateBootstrap {
  return pairedBootstrapWeightedRates([{ weights, a, b }], options)[0];
}

/** One weighted rate to bootstrap: per-case weights and the outcomes under A and B (see above). */
export interface WeightedRateSet {
  weights: readonly number[];
  a: readonly number[];
  b: readonly number[];
}

export interface BootstrapRateOptions {
  seed: number;
  rounds: number;
  confidence: number;
  method?: 'auto' | 'direct';
  progress?: (stage: string, fraction: number) => void;
}

export interface WeightedRateBootstrap {
  /** rate_B − rate_A of every round, in round order (null where the round's weights sum to 0). */
  deltas: (number | null)[];
  delta: ReturnType<typeof percentileInterval>;
  baseline: ReturnType<typeof percentileInterval>;
  candidate: ReturnType<typeof percentileInterval>;
  method: 'grouped' | 'direct';
}

/**
 * pairedBootstrapWeightedRate of several weighted rates over the same n cases, with one set of
 * draws: round r resamples the same n indices for every set (the same seed gives the same draws,
 * so each result is exactly what pairedBootstrapWeightedRate returns for that set alone), but the
 * random numbers are drawn once per pass instead of once per rate. The sets whose sums are exact
 * share one grouped pass (groups of the joint key across those sets; the direct loop when there are
 * more than MAX_BOOTSTRAP_GROUPS), the others one case-by-case pass.
 * Used by the gate for the weighted quality and the mean run pass rate of the same resamples.
 * @param sets at least one, each as in pairedBootstrapWeightedRate, all of the same length n >= 1.
 * @returns one result per set, in the order given.
 * @throws RangeError as pairedBootstrapWeightedRate, or for no sets or sets of different lengths.
 */
export function pairedBootstrapWeightedRates(sets: readonly WeightedRateSet[], options: BootstrapRateOptions): WeightedRateBootstrap[] {
  if (sets.length === 0) throw new RangeError('paired bootstrap needs at least one rate');
  const n = sets[0].weights.length;
  for (const { weights, a, b } of sets) {
    if (weights.length !== n || a.length !== n || b.length !== n) throw new RangeError(`paired bootstrap needs equal lengths (${n}, ${weights.length}, ${a.length}, ${b.length})`);
    for (let i = 0; i < n; i++) {
      if (!(Number.isFinite(weights[i]) && weights[i] >= 0) || !Number.isFinite(a[i]) || !Number.isFinite(b[i])) {
        throw new RangeError(`paired bootstrap: case ${i} has a non-finite value or a negative weight`);
      }
    }
  }
  const { seed, rounds, confidence, progress } = options;
  const step = Math.max(20, Math.ceil(rounds / 200));
  const state = sets.map(({ weights, a, b }) => {
    const wa = weights.map((w, i) => w * a[i]);
    const wb = weights.map((w, i) => w * b[i]);
    const exact = options.method !== 'direct' && exactSumScale(weights) !== null && exactSumScale(wa) !== null && exactSumScale(wb) !== null;
    return { w: weights, wa, wb, exact, method: 'direct' as 'grouped' | 'direct', deltas: new Array<number | null>(rounds), rateA: new Array<number | null>(rounds), rateB: new Array<number | null>(rounds) };
  });
  type State = (typeof state)[number];
  const record = (st: State, r: number, total: number, sa: number, sb: number) => {
    if (total === 0) {
      st.deltas[r] = st.rateA[r] = st.rateB[r] = null;
      return;
    }
    const vb = sb / total;
    const va = sa / total;
    st.rateB[r] = vb;
    st.rateA[r] = va;
    st.deltas[r] = vb - va;
  };
  const exactSets = state.filter((st) => st.exact);
  // how many passes over the draws (for the progress fraction): one grouped, one case by case
  let passes = (exactSets.length > 0 ? 1 : 0) + (exactSets.length < state.length ? 1 : 0);
  let passIndex = 0;
  const tick = (r: number) => {
    if (progress && r % step === 0) progress('bootstrap', (passIndex + r / rounds) / passes);
  };

  // Grouped pass: the joint key of every exact set; cases of a group add the same values to every sum.
  let direct = state.filter((st) => !st.exact);
  if (exactSets.length > 0) {
    let groupOf: Uint16Array | null = new Uint16Array(n);
    const ids = new Map<string, number>();
    const gv: number[][] = exactSets.map(() => []); // per set: w, wa, wb of each group, interleaved
    for (let i = 0; i < n && groupOf !== null; i++) {
      let key = '';
      for (const st of exactSets) key += `${st.w[i]}|${st.wa[i]}|${st.wb[i]}|`;
      let g = ids.get(key);
      if (g === undefined) {
        g = ids.size;
        if (g >= MAX_BOOTSTRAP_GROUPS) groupOf = null;
        ids.set(key, g);
        exactSets.forEach((st, k) => gv[k].push(st.w[i], st.wa[i], st.wb[i]));
      }
      if (groupOf !== null) groupOf[i] = g;
    }
    if (groupOf === null) {
      // too many joint groups: every set goes case by case, in the one pass left
      direct = state;
      passes = 1;
    }
    else {
      const groups = ids.size;
      // one byte per case when it fits: the draw loop reads groupOf at random positions
      const idsArr = groups <= 256 ? Uint8Array.from(groupOf) : groupOf;
      bootstrapGroupCounts(idsArr, groups, rounds, seed, (counts, r) => {
        tick(r);
        for (let k = 0; k < exactSets.length; k++) {
          const v = gv[k];
          let total = 0;
          let sa = 0;
          let sb = 0;
          for (let g = 0; g < groups; g++) {
            const c = counts[g];
            total += c * v[3 * g];
            sa += c * v[3 * g + 1];
            sb += c * v[3 * g + 2];
          }
          record(exactSets[k], r, total, sa, sb);
        }
      });
      for (const st of exactSets) st.method = 'grouped';
      passIndex++;
    }
  }

  // Case-by-case pass, adding in draw order as the kit does.
  if (direct.length > 0) {
    const cols = direct.map((st) => ({ st, w: Float64Array.from(st.w), fa: Float64Array.from(st.wa), fb: Float64Array.from(st.wb) }));
    bootstrapResamples(n, rounds, seed, (idx, r) => {
      tick(r);
      for (const { st, w, fa, fb } of cols) {
        let total = 0;
        let sa = 0;
        let sb = 0;
        for (let i = 0; i < n; i++) {
          const j = idx[i];
          total += w[j];
          sb += fb[j];
          sa += fa[j];
        }
        record(st, r, total, sa, sb);
      }
    });
  }
  progress?.('bootstrap', 1);
  return state.map((st) => ({
    deltas: st.deltas,
    delta: percentileInterval(st.deltas, confidence),
    baseline: percentileInterval(st.rateA, confidence),
    candidate: percentileInterval(st.rateB, confidence),
    method: st.method,
  }));
}

// ---------------------------------------------------------------------------------------------
// Paired comparison of per-case values (mean of B minus mean of A)


/**
 * McNemar on paired successes (any per-case binary outcome): b = cases where A fails and B succeeds, c = cases where A succeeds
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
