/**
 * Eval-gate lab engine (chapter 01): grade a baseline and a candidate on the same cases, compare
 * them pair by pair, and decide whether the candidate may ship. It is the kit's
 * ops/ai/eval_runner.py, with these deliberate differences (each pinned by
 * tests/reference/gate.test.ts):
 *   - cost_per_accepted_eur is null (reason 'no_accepted_cases') when nothing is accepted, and the
 *     budget check then fails closed with 'cost_per_accepted_undefined' (the kit divides by
 *     max(1, accepted), so a version that gets nothing right can pass the budget);
 *   - a case that fails on content AND on budget is a content error ('content_missing' or
 *     'abstention_failure'; cost_ok = false still shows the budget breach); the kit calls it
 *     'cost_budget', a category meant for cases that pass on quality;
 *   - weighted quality, cost and delta stay unrounded, and the gate compares unrounded values (the
 *     kit rounds to 4 decimals first, and its delta is a difference of rounded values);
 *   - weighted quality is null (reason 'zero_total_weight') when every weight is 0, and bootstrap
 *     rounds whose resample has zero weight are left out (the kit would divide by zero);
 *   - critical_slices are checked (the candidate's weighted quality in each must reach the floor)
 *     and the hypothesis's minimum_interpretable_delta is compared with the CI (the kit reads
 *     neither);
 *   - McNemar also gets its chi-square p-value and the exact binomial p-value;
 *   - per-case `reason` is a code ('contains_expected', 'missing_terms', 'abstained',
 *     'answered_instead_of_abstaining') with `missing_terms` beside it, and the comparison's `note`
 *     is the code 'small_sample_signal': both are translated by the report and the page.
 *   - the outputs may hold several runs per case and version (schema.ts, `run`): each case then
 *     scores the share of its runs that pass (or pass^k, policy.case_score), the paired bootstrap
 *     resamples cases with their runs inside, and McNemar is left undefined unless every case score
 *     is 0 or 1 (types.ts, CaseResult and PairedComparison); one run per case is exactly the kit.
 * Reproduced as in the kit: grading rules, inclusive per-case budget, cost per accepted = total
 * cost of all answers / accepted cases, paired outcomes in case order, the continuity-corrected
 * McNemar statistic, and the paired bootstrap CI of the delta (CPython random.Random(seed),
 * randrange(n) n times per round, same indices for both versions, 'linear' percentiles).
 */
import type { RunHooks } from '../core/contract/lab.ts';
import type { Decision } from '../core/contract/types.ts';
import { mcnemarTest, pairedBootstrapWeightedRate, pairedBootstrapWeightedRates, type WeightedRateSet } from '../core/stats/paired.ts';
import { wilsonInterval } from '../core/stats/wilson.ts';
import { isFlaky, passAtK, passKCurves, passPowK } from '../core/stats/passk.ts';
import { foldForMatch } from '../core/stats/text/normalize.ts';
import { valueHistogram } from '../core/stats/histogram.ts';
import type { CaseRow, GateInput, GatePolicy, OutputRow, Taxonomy } from './schema.ts';
import { isPreGraded, runId } from './schema.ts';
import { decideGate } from './decision.ts';
import type { CaseResult, ErrorType, CaseReason, GateResult, PairedComparison, RunResult, SlicePairs, SliceScore, VersionScore } from './types.ts';
export type * from './types.ts';

/** Error codes a case can get (the kit's taxonomy). */
interface Grader {
  normalize: (s: string) => string;
  /** normalize, remembered per term (expected terms repeat across cases and runs). */
  normalizeTerm: (s: string) => string;
  /** A case's Wilson interval of its run pass rate, one shared (frozen) pair per (passes, runs). */
  wilson: (passes: number, runs: number, confidence: number) => readonly [number, number];
  markers: string[];
}

/** The missing terms of a run that misses none: one frozen array for every such run. */
const NO_MISSING_TERMS: string[] = Object.freeze([]) as unknown as string[];

function makeGrader(policy: GatePolicy): Grader {
  const normalize = (s: string) => foldForMatch(s, policy.text_normalization, policy.unicode_normalization);
  const terms = new Map<string, string>();
  const normalizeTerm = (s: string) => {
    let t = terms.get(s);
    if (t === undefined) terms.set(s, (t = normalize(s)));
    return t;
  };
  // Per-case results stay in memory (10^5 cases x 2 versions): equal values share one object.
  const intervals = new Map<number, readonly [number, number]>();
  const wilson = (passes: number, runs: number, confidence: number) => {
    const key = confidence === policy.confidence_level && runs < 65536 ? passes * 65536 + runs : -1;
    let pair = key < 0 ? undefined : intervals.get(key);
    if (!pair) {
      const w = wilsonInterval(passes, runs, confidence);
      pair = Object.freeze([w.low ?? 0, w.high ?? 1] as const);
      if (key >= 0) intervals.set(key, pair);
    }
    return pair;
  };
  return { normalize, normalizeTerm, wilson, markers: policy.abstention_markers.map(normalize) };
}

/**
 * Error code of a graded case. Order: passed and within budget -> 'ok'; a critical failure or a
 * failed abstention -> 'abstention_failure'; any other content failure -> 'content_missing';
 * passed but over budget -> 'cost_budget'. Content failures win over the budget (the kit returns
 * 'cost_budget' for a case failing both, see the module comment).
 */
export function classifyError(mustAbstain: boolean, passed: boolean, costOk: boolean, critical: boolean): ErrorType {
  if (passed && costOk) return 'ok';
  if (critical || (mustAbstain && !passed)) return 'abstention_failure';
  if (!passed) return 'content_missing';
  return 'cost_budget';
}

/**
 * Grades one answer as the kit does: a must_abstain case passes when the normalized answer
 * contains any normalized abstention marker, and failing it is a critical failure; any other case
 * passes when it contains every expected term (an empty list passes). cost_ok = cost <= max_cost
 * (inclusive; true when the case has no max_cost_eur; false when it has one and the cost is
 * unknown). `taxonomy` supplies the action of the error code.
 * A pre-graded answer (`passed` and/or `score`, schema.ts outputRowSchema) is not graded: passed =
 * `passed` ?? (score === 1), its score = `score` ?? (passed ? 1 : 0), reason 'pre_graded'; failing a
 * must_abstain case is still a critical failure.
 */
export function gradeRun(c: CaseRow, answer: OutputRow, grader: Grader, taxonomy: Taxonomy | null): RunResult {
  let passed: boolean;
  let critical = false;
  let reason: CaseReason;
  let missing: string[] = NO_MISSING_TERMS;
  let score: number | undefined;
  if (isPreGraded(answer)) {
    passed = answer.passed ?? answer.score === 1;
    score = answer.score ?? (passed ? 1 : 0);
    critical = c.must_abstain && !passed;
    reason = 'pre_graded';
  } else if (c.must_abstain) {
    const out = grader.normalize(answer.output ?? '');
    passed = grader.markers.some((m) => out.includes(m));
    critical = !passed;
    reason = passed ? 'abstained' : 'answered_instead_of_abstaining';
  } else {
    const out = grader.normalize(answer.output ?? '');
    const absent = c.expected_contains.filter((term) => !out.includes(grader.normalizeTerm(term)));
    missing = absent.length === 0 ? NO_MISSING_TERMS : absent;
    passed = missing.length === 0;
    reason = passed ? 'contains_expected' : 'missing_terms';
  }
  const cost = answer.cost_eur ?? null;
  const costOk = c.max_cost_eur === undefined ? true : cost !== null && cost <= c.max_cost_eur;
  const errorType = classifyError(c.must_abstain, passed, costOk, critical);
  const run: RunResult = {
    run: runId(answer),
    passed,
    critical_failure: critical,
    cost_ok: costOk,
    error_type: errorType,
    action: actionOf(taxonomy, errorType),
    cost_eur: cost,
    reason,
    missing_terms: missing,
    output: answer.output ?? '',
  };
  if (score !== undefined) run.score = score;
  if (answer.latency_ms !== undefined) run.latency_ms = answer.latency_ms;
  if (answer.assertions !== undefined) run.assertions = answer.assertions;
  return run;
}

function actionOf(taxonomy: Taxonomy | null, errorType: string): string | null {
  const categories = taxonomy?.categories;
  if (!categories || !Object.hasOwn(categories, errorType)) return null;
  return categories[errorType].action ?? null;
}

/**
 * Grades a case over its runs (at least one; types.ts CaseResult): every run with gradeRun, then the
 * case's aggregates, its score under policy.case_score and pass@k / pass^k at policy.pass_k.
 * @throws Error for a case without answers (parseGateInput reports it before run).
 */
export function gradeCase(c: CaseRow, answers: readonly OutputRow[], grader: Grader, taxonomy: Taxonomy | null, policy: Pick<GatePolicy, 'case_score' | 'pass_k' | 'confidence_level'>): CaseResult {
  if (answers.length === 0) throw new Error(`case ${c.case_id} has no answer`);
  const runs = answers.map((a) => gradeRun(c, a, grader, taxonomy));
  const n = runs.length;
  let passes = 0;
  let cost: number | null = 0;
  let scoreSum = 0;
  let graded = false;
  for (const r of runs) {
    if (r.passed) passes++;
    cost = cost === null || r.cost_eur === null ? null : cost + r.cost_eur;
    if (r.score !== undefined) graded = true;
    scoreSum += r.score ?? (r.passed ? 1 : 0);
  }
  const meanCost = cost === null ? null : n === 1 ? runs[0].cost_eur : cost / n;
  const shown = runs.find((r) => r.error_type !== 'ok') ?? runs[0];
  const critical = runs.some((r) => r.critical_failure);
  const costOk = n === 1 ? runs[0].cost_ok : c.max_cost_eur === undefined ? true : meanCost !== null && meanCost <= c.max_cost_eur;
  const passed = passes === n;
  const atK = passAtK(n, passes, policy.pass_k);
  const powK = passPowK(n, passes, policy.pass_k);
  // Pre-graded scores (in [0, 1]) enter the mean as they are; graded runs count 1 or 0.
  const mean = graded ? scoreSum / n : passes / n;
  const score = policy.case_score === 'mean' ? { value: mean, reason: null } : powK;
  return {
    case_id: c.case_id,
    slice: c.slice,
    passed,
    critical_failure: critical,
    cost_ok: costOk,
    error_type: n === 1 ? shown.error_type : classifyError(c.must_abstain, passed, costOk, critical),
    action: n === 1 ? shown.action : actionOf(taxonomy, classifyError(c.must_abstain, passed, costOk, critical)),
    cost_eur: meanCost,
    max_cost_eur: c.max_cost_eur ?? null,
    weight: c.weight,
    reason: shown.reason,
    missing_terms: shown.missing_terms,
    output: shown.output,
    runs,
    runs_total: n,
    runs_passed: passes,
    run_pass_rate: passes / n,
    run_pass_rate_wilson: grader.wilson(passes, n, policy.confidence_level) as [number, number],
    score: score.value,
    score_reason: score.reason,
    pass_at_k: atK.value,
    pass_pow_k: powK.value,
    flaky: isFlaky(n, passes),
  };
}

/**
 * Σ w·score / Σ w over graded cases (score: CaseResult.score, or passed as 0/1 for bare
 * {weight, passed} rows). Undefined when Σ w = 0 ('zero_total_weight') or some case's score is
 * undefined ('case_score_undefined').
 */
export function weightedQualityOf(results: readonly { weight: number; passed: boolean; score?: number | null }[]): { value: number | null; reason: 'zero_total_weight' | 'case_score_undefined' | null } {
  let total = 0;
  let sum = 0;
  for (const r of results) {
    const s = r.score === undefined ? (r.passed ? 1 : 0) : r.score;
    if (s === null) return { value: null, reason: 'case_score_undefined' };
    total += r.weight;
    sum += r.weight * s;
  }
  return total === 0 ? { value: null, reason: 'zero_total_weight' } : { value: sum / total, reason: null };
}

/** weightedQualityOf's value: Σ w·score / Σ w, or null when it is undefined. */
export function weightedQuality(results: readonly { weight: number; passed: boolean; score?: number | null }[]): number | null {
  return weightedQualityOf(results).value;
}

function sliceScores(results: CaseResult[]): SliceScore[] {
  const map = new Map<string, CaseResult[]>();
  for (const r of results) {
    const list = map.get(r.slice);
    if (list) list.push(r);
    else map.set(r.slice, [r]);
  }
  return [...map].map(([slice, rs]) => {
    const wq = weightedQualityOf(rs);
    const flaky = rs.filter((r) => r.flaky).length;
    return {
      slice,
      cases: rs.length,
      total_weight: rs.reduce((s, r) => s + r.weight, 0),
      passed_cases: rs.filter((r) => r.passed).length,
      critical_failures: rs.filter((r) => r.critical_failure).length,
      weighted_quality: wq.value,
      undefined_reason: wq.reason,
      flaky_cases: flaky,
      flaky_share: flaky / rs.length,
    };
  });
}

function meanOrNull(values: readonly (number | null)[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) {
    if (v === null) return null;
    sum += v;
  }
  return sum / values.length;
}

/**
 * Scores one version on every case: `answers[i]` holds every run of case i (cases' order).
 * @throws Error when a case has no answer (parseGateInput reports that as an input issue before run).
 */
export function scoreVersion(name: string, cases: CaseRow[], answers: readonly (OutputRow[] | undefined)[], grader: Grader, taxonomy: Taxonomy | null, policy: GatePolicy): VersionScore {
  const results = cases.map((c, i) => {
    const a = answers[i];
    if (!a || a.length === 0) throw new Error(`no answer from ${name} for case ${c.case_id}`);
    return gradeCase(c, a, grader, taxonomy, policy);
  });
  const passed = results.filter((r) => r.passed).length;
  let accepted = 0;
  let totalCost: number | null = 0;
  let evalCost: number | null = 0;
  const summary = new Map<string, number>();
  for (const r of results) {
    if (r.cost_ok) accepted += r.run_pass_rate;
    totalCost = totalCost === null || r.cost_eur === null ? null : totalCost + r.cost_eur;
    for (const run of r.runs) {
      evalCost = evalCost === null || run.cost_eur === null ? null : evalCost + run.cost_eur;
      summary.set(run.error_type, (summary.get(run.error_type) ?? 0) + 1);
    }
  }
  // Keyed by error types (the taxonomy's names: data): a Map, then a null-prototype object.
  const errorSummary = Object.create(null) as Record<string, number>;
  for (const k of [...summary.keys()].sort()) errorSummary[k] = summary.get(k)!;
  const runsMin = results.reduce((m, r) => Math.min(m, r.runs_total), Infinity);
  const runsMax = results.reduce((m, r) => Math.max(m, r.runs_total), 0);
  const repeated = runsMax > 1;
  const w = wilsonInterval(passed, results.length, policy.confidence_level);
  const wq = weightedQualityOf(results);
  return {
    name,
    weighted_quality: wq.value,
    weighted_quality_reason: wq.reason,
    passed_cases: passed,
    total_cases: results.length,
    critical_failures: results.filter((r) => r.critical_failure).length,
    accepted_cases: accepted,
    total_cost_eur: totalCost,
    eval_cost_eur: evalCost,
    cost_per_accepted_eur: totalCost === null || accepted === 0 ? null : totalCost / accepted,
    cost_per_accepted_reason: totalCost === null ? 'cost_unknown' : accepted === 0 ? 'no_accepted_cases' : null,
    error_summary: errorSummary,
    results,
    pass_rate: meanOrNull(results.map((r) => r.run_pass_rate)),
    pass_rate_wilson: !repeated && w.reason === null ? [w.low, w.high] : null,
    pass_rate_bootstrap_ci: null,
    weighted_quality_bootstrap_ci: null,
    total_weight: results.reduce((s, r) => s + r.weight, 0),
    slices: sliceScores(results),
    runs_min: results.length ? runsMin : 0,
    runs_max: runsMax,
    repeated,
    flaky_cases: results.filter((r) => r.flaky).length,
    pass_at_k: meanOrNull(results.map((r) => r.pass_at_k)),
    pass_pow_k: meanOrNull(results.map((r) => r.pass_pow_k)),
    pass_k_curve: passKCurves(results.map((r) => r.runs_total), results.map((r) => r.runs_passed)),
  };
}

/**
 * Paired outcomes by case on the case scores: an improvement is a case whose candidate score is
 * above the baseline's, a regression one below (with one run per case: the kit's fail -> pass and
 * pass -> fail lists). A case whose score is undefined on either side is in undefined_cases and in
 * neither list. McNemar (with its p-values) when every score is 0 or 1, else null
 * ('non_binary_case_scores').
 */
export function comparePaired(baseline: VersionScore, candidate: VersionScore): PairedComparison {
  // Both versions are scored on the same cases in the same order (scoreVersion): pair by position.
  if (baseline.results.length !== candidate.results.length) throw new Error('paired versions must score the same cases');
  const improvements: string[] = [];
  const regressions: string[] = [];
  const undefinedCases: string[] = [];
  let bothPassed = 0;
  let bothFailed = 0;
  let binary = true;
  const bySlice = new Map<string, SlicePairs>();
  for (let i = 0; i < candidate.results.length; i++) {
    const item = candidate.results[i];
    const base = baseline.results[i];
    if (base.case_id !== item.case_id) throw new Error(`paired versions differ at case ${i} (${base.case_id}, ${item.case_id})`);
    let sp = bySlice.get(item.slice);
    if (!sp) bySlice.set(item.slice, (sp = { slice: item.slice, cases: 0, improvements: [], regressions: [] }));
    sp.cases++;
    const sb = base.score;
    const sc = item.score;
    if (sb === null || sc === null) {
      undefinedCases.push(item.case_id);
      binary = false;
      continue;
    }
    if ((sb !== 0 && sb !== 1) || (sc !== 0 && sc !== 1)) binary = false;
    if (sb === 1 && sc === 1) bothPassed++;
    else if (sb === 0 && sc === 0) bothFailed++;
    if (sc > sb) {
      improvements.push(item.case_id);
      sp.improvements.push(item.case_id);
    } else if (sc < sb) {
      regressions.push(item.case_id);
      sp.regressions.push(item.case_id);
    }
  }
  const m = binary ? mcnemarTest(improvements.length, regressions.length) : null;
  return {
    both_passed: bothPassed,
    both_failed: bothFailed,
    baseline_failed_candidate_passed: improvements,
    baseline_passed_candidate_failed: regressions,
    mcnemar_chi2_continuity: m ? m.chi2_continuity : null,
    mcnemar_chi2_p_value: m ? m.chi2_continuity_p_value : null,
    mcnemar_exact_p_value: m ? m.exact_p_value : null,
    mcnemar: m,
    mcnemar_undefined_reason: m ? null : 'non_binary_case_scores',
    undefined_cases: undefinedCases,
    note: 'small_sample_signal',
    by_slice: [...bySlice.values()],
  };
}

/** The weighted-quality set of the paired bootstrap, or null when some case score is undefined. */
function qualitySet(baseline: VersionScore, candidate: VersionScore): WeightedRateSet | null {
  const a = baseline.results.map((r) => r.score);
  const b = candidate.results.map((r) => r.score);
  if (a.some((v) => v === null) || b.some((v) => v === null)) return null;
  return { weights: candidate.results.map((r) => r.weight), a: a as number[], b: b as number[] };
}

/** The unweighted mean run pass rate of the two versions, as a bootstrap set. */
function passRateSet(baseline: VersionScore, candidate: VersionScore): WeightedRateSet {
  return { weights: candidate.results.map(() => 1), a: baseline.results.map((r) => r.run_pass_rate), b: candidate.results.map((r) => r.run_pass_rate) };
}

/**
 * Paired bootstrap of the weighted quality of the two versions (core/stats/paired.ts,
 * pairedBootstrapWeightedRate with each case's weight and its score, 0/1 with one run): the kit's
 * `bootstrap_delta_ci`, with the same draws. Null when some case score is undefined (there is then
 * no quality to resample).
 */
export function bootstrapWeightedQuality(
  baseline: VersionScore,
  candidate: VersionScore,
  seed: number,
  rounds: number,
  confidence: number,
  options: { method?: 'auto' | 'direct'; progress?: RunHooks['progress'] } = {},
) {
  const set = qualitySet(baseline, candidate);
  return set && pairedBootstrapWeightedRate(set.weights, set.a, set.b, { seed, rounds, confidence, ...options });
}

/**
 * The gate's paired bootstrap: the weighted quality (bootstrapWeightedQuality; null when some case
 * score is undefined) and the unweighted mean run pass rate (the interval of pass_rate when cases
 * have several runs) of the same resampled cases, drawn once for both
 * (pairedBootstrapWeightedRates): each equals its own bootstrap with the same seed.
 */
export function bootstrapGate(baseline: VersionScore, candidate: VersionScore, seed: number, rounds: number, confidence: number, progress?: RunHooks['progress']) {
  const quality = qualitySet(baseline, candidate);
  const sets = quality ? [quality, passRateSet(baseline, candidate)] : [passRateSet(baseline, candidate)];
  const out = pairedBootstrapWeightedRates(sets, { seed, rounds, confidence, progress });
  return { quality: quality ? out[0] : null, passRate: out[out.length - 1] };
}

function pair(lo: number | null, hi: number | null): [number, number] | null {
  return lo === null || hi === null ? null : [lo, hi];
}

/**
 * Runs the gate on a validated input (parseGateInput). Pure and deterministic: the bootstrap uses
 * policy.bootstrap_seed. Numbers are unrounded. Undefined metrics are null with their reason in
 * `undefined_metrics`; a gate condition that needs one fails (see decision.ts).
 * manifest.computed_hashes is null here: hashing is asynchronous (WebCrypto), see
 * computeManifestHashes / withManifestHashes in index.ts.
 * `hooks.progress`, when given, receives ('bootstrap', fraction) during the bootstrap (see
 * bootstrapGate: one pass over the draws for both rates); `_view` is unused (the lab has no view options).
 * @throws Error when a case lacks an answer (parseGateInput prevents it).
 */
export function runGate(input: GateInput, _view?: undefined, hooks?: RunHooks): GateResult {
  const { policy } = input;
  const grader = makeGrader(policy);
  // Every run of each case, by case position, per version (case ids are data: a Map).
  const caseIndex = new Map<string, number>();
  input.cases.forEach((c, i) => caseIndex.set(c.case_id, i));
  const byVersion = new Map<string, (OutputRow[] | undefined)[]>([
    [policy.baseline_version, new Array(input.cases.length)],
    [policy.candidate_version, new Array(input.cases.length)],
  ]);
  for (const row of input.outputs) {
    const answers = byVersion.get(row.version);
    const i = caseIndex.get(row.case_id);
    if (!answers || i === undefined) continue;
    const list = answers[i];
    if (list) list.push(row);
    else answers[i] = [row];
  }
  const conf = policy.confidence_level;
  const baseline = scoreVersion(policy.baseline_version, input.cases, byVersion.get(policy.baseline_version)!, grader, input.taxonomy, policy);
  const candidate = scoreVersion(policy.candidate_version, input.cases, byVersion.get(policy.candidate_version)!, grader, input.taxonomy, policy);
  const paired = comparePaired(baseline, candidate);
  const { quality: boot, passRate: passBoot } = bootstrapGate(baseline, candidate, policy.bootstrap_seed, policy.bootstrap_rounds, conf, hooks?.progress);
  if (boot) {
    baseline.weighted_quality_bootstrap_ci = pair(boot.baseline.low, boot.baseline.high);
    candidate.weighted_quality_bootstrap_ci = pair(boot.candidate.low, boot.candidate.high);
  }
  baseline.pass_rate_bootstrap_ci = pair(passBoot.baseline.low, passBoot.baseline.high);
  candidate.pass_rate_bootstrap_ci = pair(passBoot.candidate.low, passBoot.candidate.high);
  const ci = boot ? pair(boot.delta.low, boot.delta.high) : null;
  const deltas = boot ? boot.deltas : [];
  const delta = baseline.weighted_quality === null || candidate.weighted_quality === null ? null : candidate.weighted_quality - baseline.weighted_quality;

  const undefinedMetrics: Record<string, string> = {};
  const metrics: Record<string, number | null> = {};
  const put = (name: string, value: number | null, reason: string) => {
    metrics[name] = value;
    if (value === null) undefinedMetrics[name] = reason;
  };
  for (const v of [['baseline', baseline], ['candidate', candidate]] as const) {
    const [key, s] = v;
    put(`${key}.weighted_quality`, s.weighted_quality, s.weighted_quality_reason ?? 'zero_total_weight');
    put(`${key}.pass_rate`, s.pass_rate, 'no_cases');
    put(`${key}.cost_per_accepted_eur`, s.cost_per_accepted_eur, s.cost_per_accepted_reason ?? 'no_accepted_cases');
    put(`${key}.total_cost_eur`, s.total_cost_eur, 'cost_unknown');
    metrics[`${key}.critical_failures`] = s.critical_failures;
    metrics[`${key}.accepted_cases`] = s.accepted_cases;
    s.slices.forEach((sl) => put(`${key}.slice.${sl.slice}.weighted_quality`, sl.weighted_quality, sl.undefined_reason ?? 'zero_total_weight'));
    if (s.repeated) {
      metrics[`${key}.flaky_cases`] = s.flaky_cases;
      put(`${key}.pass_at_k`, s.pass_at_k, 'k_exceeds_runs');
      put(`${key}.pass_pow_k`, s.pass_pow_k, 'k_exceeds_runs');
    }
  }
  put('delta_quality', delta, 'depends_on_undefined');
  const ciReason = boot ? 'no_defined_bootstrap_rounds' : 'case_score_undefined';
  put('bootstrap.delta_ci_low', ci ? ci[0] : null, ciReason);
  put('bootstrap.delta_ci_high', ci ? ci[1] : null, ciReason);
  const mReason = paired.mcnemar_undefined_reason ?? 'no_discordant_pairs';
  put('mcnemar.chi2_continuity', paired.mcnemar_chi2_continuity, mReason);
  put('mcnemar.chi2_p_value', paired.mcnemar_chi2_p_value, mReason);
  put('mcnemar.exact_p_value', paired.mcnemar_exact_p_value, mReason);
  metrics.regressions = paired.baseline_passed_candidate_failed.length;
  metrics.improvements = paired.baseline_failed_candidate_passed.length;

  const { decision, checks, evidence } = decideGate({ candidate, paired, ci, ciReason, hypothesis: input.hypothesis, policy });
  if (evidence.minimum_interpretable_delta !== null) metrics.minimum_interpretable_delta = evidence.minimum_interpretable_delta;

  const manifest = input.manifest ? { ...input.manifest, computed_hashes: null } : null;
  const task = input.manifest && typeof input.manifest.task === 'string' ? input.manifest.task : null;
  return {
    eval_name: policy.eval_name ?? (task ? `${task}_release_gate` : 'release_gate'),
    hypothesis: input.hypothesis,
    manifest,
    policy,
    taxonomy_version: input.taxonomy && typeof input.taxonomy.version === 'string' ? input.taxonomy.version : null,
    baseline,
    candidate,
    delta_quality: delta,
    bootstrap_delta_quality_ci95: ci,
    bootstrap: {
      seed: policy.bootstrap_seed,
      rounds: policy.bootstrap_rounds,
      confidence: conf,
      defined_rounds: boot ? boot.delta.defined_rounds : 0,
      undefined_rounds: boot ? boot.delta.undefined_rounds : policy.bootstrap_rounds,
      deltas,
      histogram: valueHistogram(deltas),
    },
    paired_comparison: paired,
    regressions: paired.baseline_passed_candidate_failed,
    improvements: paired.baseline_failed_candidate_passed,
    evidence,
    checks,
    decision,
    metrics,
    undefined_metrics: undefinedMetrics,
  };
}

/** Re-exported for decision.ts and report.ts consumers. */
export type { Decision };
