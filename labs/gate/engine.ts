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
 * Reproduced as in the kit: grading rules, inclusive per-case budget, cost per accepted = total
 * cost of all answers / accepted cases, paired outcomes in case order, the continuity-corrected
 * McNemar statistic, and the paired bootstrap CI of the delta (CPython random.Random(seed),
 * randrange(n) n times per round, same indices for both versions, 'linear' percentiles).
 */
import type { RunHooks } from '../core/contract/lab.ts';
import type { Decision, MaybeNumber } from '../core/contract/types.ts';
import { pairedBootstrapWeightedRate, pairedOutcomes } from '../core/stats/paired.ts';
import { wilsonInterval } from '../core/stats/wilson.ts';
import { foldForMatch } from '../core/stats/text/normalize.ts';
import { valueHistogram } from '../core/stats/histogram.ts';
import type { CaseRow, GateInput, GatePolicy, OutputRow, Taxonomy } from './schema.ts';
import { decideGate } from './decision.ts';
import type { CaseResult, ErrorType, CaseReason, GateResult, PairedComparison, SlicePairs, SliceScore, VersionScore } from './types.ts';
export type * from './types.ts';

/** Error codes a case can get (the kit's taxonomy). */
interface Grader {
  normalize: (s: string) => string;
  markers: string[];
}

function makeGrader(policy: GatePolicy): Grader {
  const normalize = (s: string) => foldForMatch(s, policy.text_normalization, policy.unicode_normalization);
  return { normalize, markers: policy.abstention_markers.map(normalize) };
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
 * (inclusive). `taxonomy` supplies the action of the error code.
 */
export function gradeCase(c: CaseRow, answer: OutputRow, grader: Grader, taxonomy: Taxonomy | null): CaseResult {
  const out = grader.normalize(answer.output);
  let passed: boolean;
  let critical = false;
  let reason: CaseReason;
  let missing: string[] = [];
  if (c.must_abstain) {
    passed = grader.markers.some((m) => out.includes(m));
    critical = !passed;
    reason = passed ? 'abstained' : 'answered_instead_of_abstaining';
  } else {
    missing = c.expected_contains.filter((term) => !out.includes(grader.normalize(term)));
    passed = missing.length === 0;
    reason = passed ? 'contains_expected' : 'missing_terms';
  }
  const costOk = answer.cost_eur <= c.max_cost_eur;
  const errorType = classifyError(c.must_abstain, passed, costOk, critical);
  const action = taxonomy?.categories?.[errorType]?.action ?? null;
  return {
    case_id: c.case_id,
    slice: c.slice,
    passed,
    critical_failure: critical,
    cost_ok: costOk,
    error_type: errorType,
    action,
    cost_eur: answer.cost_eur,
    max_cost_eur: c.max_cost_eur,
    weight: c.weight,
    reason,
    missing_terms: missing,
    output: answer.output,
  };
}

/** Σ w·passed / Σ w, or null when Σ w = 0. */
export function weightedQuality(results: readonly { weight: number; passed: boolean }[]): MaybeNumber {
  let total = 0;
  let passed = 0;
  for (const r of results) {
    total += r.weight;
    if (r.passed) passed += r.weight;
  }
  return total === 0 ? null : passed / total;
}

function sliceScores(results: CaseResult[]): SliceScore[] {
  const map = new Map<string, CaseResult[]>();
  for (const r of results) {
    const list = map.get(r.slice);
    if (list) list.push(r);
    else map.set(r.slice, [r]);
  }
  return [...map].map(([slice, rs]) => {
    const wq = weightedQuality(rs);
    return {
      slice,
      cases: rs.length,
      total_weight: rs.reduce((s, r) => s + r.weight, 0),
      passed_cases: rs.filter((r) => r.passed).length,
      critical_failures: rs.filter((r) => r.critical_failure).length,
      weighted_quality: wq,
      undefined_reason: wq === null ? 'zero_total_weight' : null,
    };
  });
}

/**
 * Scores one version on every case (answers looked up by case_id). Throws Error when a case has no
 * answer (parseGateInput reports that as an input issue before run).
 */
export function scoreVersion(name: string, cases: CaseRow[], answers: Map<string, OutputRow>, grader: Grader, taxonomy: Taxonomy | null, confidence: number): VersionScore {
  const results = cases.map((c) => {
    const a = answers.get(c.case_id);
    if (!a) throw new Error(`no answer from ${name} for case ${c.case_id}`);
    return gradeCase(c, a, grader, taxonomy);
  });
  const passed = results.filter((r) => r.passed).length;
  const accepted = results.filter((r) => r.passed && r.cost_ok).length;
  let totalCost = 0;
  for (const r of results) totalCost += r.cost_eur;
  // Keyed by error types (the taxonomy's names: data): a Map, then a null-prototype object.
  const summary = new Map<string, number>();
  for (const r of results) summary.set(r.error_type, (summary.get(r.error_type) ?? 0) + 1);
  const errorSummary = Object.create(null) as Record<string, number>;
  for (const k of [...summary.keys()].sort()) errorSummary[k] = summary.get(k)!;
  const w = wilsonInterval(passed, results.length, confidence);
  return {
    name,
    weighted_quality: weightedQuality(results),
    passed_cases: passed,
    total_cases: results.length,
    critical_failures: results.filter((r) => r.critical_failure).length,
    accepted_cases: accepted,
    total_cost_eur: totalCost,
    cost_per_accepted_eur: accepted === 0 ? null : totalCost / accepted,
    error_summary: errorSummary,
    results,
    pass_rate: results.length === 0 ? null : passed / results.length,
    pass_rate_wilson: w.reason === null ? [w.low, w.high] : null,
    weighted_quality_bootstrap_ci: null,
    total_weight: results.reduce((s, r) => s + r.weight, 0),
    slices: sliceScores(results),
  };
}

/** Paired outcomes by case (the kit's paired_comparison) plus McNemar p-values and per-slice lists. */
export function comparePaired(baseline: VersionScore, candidate: VersionScore): PairedComparison {
  const baseById = new Map(baseline.results.map((r) => [r.case_id, r]));
  const base = candidate.results.map((r) => baseById.get(r.case_id)!);
  const all = pairedOutcomes(candidate.results.map((r) => r.case_id), base.map((r) => r.passed), candidate.results.map((r) => r.passed));
  const bySlice = new Map<string, SlicePairs>();
  candidate.results.forEach((item, i) => {
    let sp = bySlice.get(item.slice);
    if (!sp) bySlice.set(item.slice, (sp = { slice: item.slice, cases: 0, improvements: [], regressions: [] }));
    sp.cases++;
    if (base[i].passed && !item.passed) sp.regressions.push(item.case_id);
    else if (!base[i].passed && item.passed) sp.improvements.push(item.case_id);
  });
  const m = all.mcnemar;
  return {
    both_passed: all.both_passed,
    both_failed: all.both_failed,
    baseline_failed_candidate_passed: all.improvements,
    baseline_passed_candidate_failed: all.regressions,
    mcnemar_chi2_continuity: m.chi2_continuity,
    mcnemar_chi2_p_value: m.chi2_continuity_p_value,
    mcnemar_exact_p_value: m.exact_p_value,
    mcnemar: m,
    note: 'small_sample_signal',
    by_slice: [...bySlice.values()],
  };
}

/**
 * Paired bootstrap of the weighted quality of the two versions (core/stats/paired.ts,
 * pairedBootstrapWeightedRate with each case's weight and its pass indicators): the kit's
 * `bootstrap_delta_ci`, with the same draws.
 */
export function bootstrapWeightedQuality(
  baseline: VersionScore,
  candidate: VersionScore,
  seed: number,
  rounds: number,
  confidence: number,
  options: { method?: 'auto' | 'direct'; progress?: RunHooks['progress'] } = {},
) {
  return pairedBootstrapWeightedRate(
    candidate.results.map((r) => r.weight),
    baseline.results.map((r) => (r.passed ? 1 : 0)),
    candidate.results.map((r) => (r.passed ? 1 : 0)),
    { seed, rounds, confidence, ...options },
  );
}

function pair(lo: MaybeNumber, hi: MaybeNumber): [number, number] | null {
  return lo === null || hi === null ? null : [lo, hi];
}

/**
 * Runs the gate on a validated input (parseGateInput). Pure and deterministic: the bootstrap uses
 * policy.bootstrap_seed. Numbers are unrounded. Undefined metrics are null with their reason in
 * `undefined_metrics`; a gate condition that needs one fails (see decision.ts).
 * manifest.computed_hashes is null here: hashing is asynchronous (WebCrypto), see
 * computeManifestHashes / withManifestHashes in index.ts.
 * `hooks.progress`, when given, receives ('bootstrap', fraction) during the bootstrap (see
 * bootstrapWeightedQuality); `_view` is unused (the lab has no view options).
 * @throws Error when a case lacks an answer (parseGateInput prevents it).
 */
export function runGate(input: GateInput, _view?: undefined, hooks?: RunHooks): GateResult {
  const { policy } = input;
  const grader = makeGrader(policy);
  const byVersion = new Map<string, Map<string, OutputRow>>([
    [policy.baseline_version, new Map()],
    [policy.candidate_version, new Map()],
  ]);
  for (const row of input.outputs) {
    const m = byVersion.get(row.version);
    if (m && !m.has(row.case_id)) m.set(row.case_id, row);
  }
  const conf = policy.confidence_level;
  const baseline = scoreVersion(policy.baseline_version, input.cases, byVersion.get(policy.baseline_version)!, grader, input.taxonomy, conf);
  const candidate = scoreVersion(policy.candidate_version, input.cases, byVersion.get(policy.candidate_version)!, grader, input.taxonomy, conf);
  const paired = comparePaired(baseline, candidate);
  const boot = bootstrapWeightedQuality(baseline, candidate, policy.bootstrap_seed, policy.bootstrap_rounds, conf, { progress: hooks?.progress });
  baseline.weighted_quality_bootstrap_ci = pair(boot.baseline.low, boot.baseline.high);
  candidate.weighted_quality_bootstrap_ci = pair(boot.candidate.low, boot.candidate.high);
  const ci = pair(boot.delta.low, boot.delta.high);
  const delta = baseline.weighted_quality === null || candidate.weighted_quality === null ? null : candidate.weighted_quality - baseline.weighted_quality;

  const undefinedMetrics: Record<string, string> = {};
  const metrics: Record<string, MaybeNumber> = {};
  const put = (name: string, value: MaybeNumber, reason: string) => {
    metrics[name] = value;
    if (value === null) undefinedMetrics[name] = reason;
  };
  for (const v of [['baseline', baseline], ['candidate', candidate]] as const) {
    const [key, s] = v;
    put(`${key}.weighted_quality`, s.weighted_quality, 'zero_total_weight');
    put(`${key}.pass_rate`, s.pass_rate, 'no_cases');
    put(`${key}.cost_per_accepted_eur`, s.cost_per_accepted_eur, 'no_accepted_cases');
    metrics[`${key}.total_cost_eur`] = s.total_cost_eur;
    metrics[`${key}.critical_failures`] = s.critical_failures;
    metrics[`${key}.accepted_cases`] = s.accepted_cases;
    s.slices.forEach((sl) => put(`${key}.slice.${sl.slice}.weighted_quality`, sl.weighted_quality, 'zero_total_weight'));
  }
  put('delta_quality', delta, 'depends_on_undefined');
  put('bootstrap.delta_ci_low', boot.delta.low, 'no_defined_bootstrap_rounds');
  put('bootstrap.delta_ci_high', boot.delta.high, 'no_defined_bootstrap_rounds');
  put('mcnemar.chi2_continuity', paired.mcnemar_chi2_continuity, 'no_discordant_pairs');
  put('mcnemar.chi2_p_value', paired.mcnemar_chi2_p_value, 'no_discordant_pairs');
  put('mcnemar.exact_p_value', paired.mcnemar_exact_p_value, 'no_discordant_pairs');
  metrics.regressions = paired.baseline_passed_candidate_failed.length;
  metrics.improvements = paired.baseline_failed_candidate_passed.length;

  const { decision, checks, evidence } = decideGate({ candidate, paired, ci, hypothesis: input.hypothesis, policy });
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
      defined_rounds: boot.delta.defined_rounds,
      undefined_rounds: boot.delta.undefined_rounds,
      deltas: boot.deltas,
      histogram: valueHistogram(boot.deltas),
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
