/**
 * The gate lab's scorecard and decision types, apart from the engine and the decision so that
 * neither imports the other.
 */
import type { LabResultBase } from '../core/contract/lab.ts';
import type { McNemarResult } from '../core/stats/paired.ts';
import type { ValueHistogram } from '../core/stats/histogram.ts';
import type { PassKPoint } from '../core/stats/passk.ts';
import type { GatePolicy, Hypothesis, Manifest } from './schema.ts';
import type { Decision } from '../core/contract/types.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { GateReason, GateWarning } from './i18n/index.ts';

export type ErrorType = 'ok' | 'content_missing' | 'abstention_failure' | 'cost_budget';
/** Why a case passed or failed on content. */
/** 'pre_graded': the row carried the grader's verdict (passed/score), taken as it is. */
export type CaseReason = 'contains_expected' | 'missing_terms' | 'abstained' | 'answered_instead_of_abstaining' | 'pre_graded';

/** Grading of one answer (one run of one version on one case): the kit's per-case keys. */
export interface RunResult {
  /** The row's `run` as a string ('1' when the row has none). */
  run: string;
  passed: boolean;
  critical_failure: boolean;
  cost_ok: boolean;
  error_type: ErrorType;
  /** The taxonomy's action for error_type; null when there is no taxonomy or no such category. */
  action: string | null;
  /** Euros; null when a pre-graded row gives no cost. */
  cost_eur: number | null;
  reason: CaseReason;
  /** Expected terms not found (empty when passed or for abstention cases). */
  missing_terms: string[];
  output: string;
  /** A pre-graded row's score in [0, 1] (its `score`, or 1/0 from `passed`); absent when graded here. */
  score?: number;
  /** The imported row's latency (ms) and per-assertion results, kept as they came. */
  latency_ms?: number;
  assertions?: { pass: boolean; score: number | null; reason: string; type: string | null }[];
}

/**
 * Grading of one case for one version over its runs (one run: exactly the kit's keys and values).
 * With several runs: `passed` = every run passed, `critical_failure` = some run failed a
 * must-abstain case, `cost_eur` = the mean cost of one answer and `cost_ok` = that mean within the
 * budget; error_type, reason, missing_terms, output and action are those of the first run that is
 * not 'ok' (else of the first run), and every run is in `runs`, in file order.
 */
export interface CaseResult extends Omit<RunResult, 'run' | 'score' | 'latency_ms' | 'assertions'> {
  case_id: string;
  slice: string;
  /** The case's budget, or null when the case has none (cases derived from an imported file). */
  max_cost_eur: number | null;
  weight: number;
  runs: RunResult[];
  runs_total: number;
  runs_passed: number;
  /** runs_passed / runs_total. */
  run_pass_rate: number;
  /** Wilson interval of the run pass rate (policy confidence); with one run it is [0, 0.79] or [0.21, 1] at 95%. */
  run_pass_rate_wilson: [number, number];
  /** What the case adds to the weighted quality (policy.case_score): 'mean' = run_pass_rate; 'pass_pow_k' = pass^k. */
  score: number | null;
  /** 'k_exceeds_runs' when score is undefined (pass^k with fewer than k runs), else null. */
  score_reason: string | null;
  /** pass@k and pass^k at policy.pass_k (null with reason k_exceeds_runs when runs_total < k). */
  pass_at_k: number | null;
  pass_pow_k: number | null;
  /** Some runs pass and some fail. */
  flaky: boolean;
}

/** Quality of one slice for one version. */
export interface SliceScore {
  slice: string;
  cases: number;
  total_weight: number;
  passed_cases: number;
  critical_failures: number;
  /** Σ weight·score / Σ weight over the slice; null when Σ weight = 0 or a case's score is undefined. */
  weighted_quality: number | null;
  /** 'zero_total_weight' or 'case_score_undefined' when weighted_quality is null. */
  undefined_reason: string | null;
  /** Cases whose runs disagree, and their share of the slice's cases. */
  flaky_cases: number;
  flaky_share: number;
}

/** Scorecard of one version (the kit's keys first). */
export interface VersionScore {
  name: string;
  /**
   * Σ weight·score / Σ weight (score: CaseResult.score; with one run per case, the kit's
   * Σ weight·passed / Σ weight); null when every weight is 0 or a case's score is undefined.
   */
  weighted_quality: number | null;
  /** 'zero_total_weight' or 'case_score_undefined' when weighted_quality is null. */
  weighted_quality_reason: string | null;
  /** Cases that passed every run. */
  passed_cases: number;
  total_cases: number;
  critical_failures: number;
  /**
   * Σ over cases within budget of their run pass rate: the expected number of accepted answers when
   * each case is asked once (with one run: the cases that pass and are within budget, the kit's).
   */
  accepted_cases: number;
  /** Σ over cases of the mean cost of one answer (with one run: the kit's total), euros. */
  total_cost_eur: number | null;
  /** Σ over every run of every case: what the eval itself cost, euros (null: some cost unknown). */
  eval_cost_eur: number | null;
  /** total_cost_eur / accepted_cases; null when nothing is accepted or some cost is unknown. */
  cost_per_accepted_eur: number | null;
  /** 'no_accepted_cases' or 'cost_unknown' (a pre-graded row without cost_eur) when cost_per_accepted_eur is null. */
  cost_per_accepted_reason: 'no_accepted_cases' | 'cost_unknown' | null;
  /** Runs per error_type, keys sorted (with one run per case: cases per error_type, the kit's). */
  error_summary: Record<string, number>;
  results: CaseResult[];
  /** Mean over cases of the run pass rate (unweighted; with one run: passed_cases / total_cases). */
  pass_rate: number | null;
  /**
   * Wilson score interval of pass_rate at the policy's confidence level, with one run per case;
   * null with several runs (the runs of a case are not independent trials of the population: see
   * pass_rate_bootstrap_ci) or no cases.
   */
  pass_rate_wilson: [number, number] | null;
  /** Percentile bootstrap interval of pass_rate resampling cases (their runs stay inside them). */
  pass_rate_bootstrap_ci: [number, number] | null;
  /** Runs per case: the fewest and the most; repeated = some case has more than one. */
  runs_min: number;
  runs_max: number;
  repeated: boolean;
  flaky_cases: number;
  /** Mean pass@k and pass^k at policy.pass_k over the cases; null (k_exceeds_runs) if a case has fewer runs. */
  pass_at_k: number | null;
  pass_pow_k: number | null;
  /** pass@k and pass^k for k = 1..runs_max (core/stats/passk.ts passKCurves). */
  pass_k_curve: PassKPoint[];
  /** Percentile bootstrap interval of weighted_quality, from the same resamples as the delta. */
  weighted_quality_bootstrap_ci: [number, number] | null;
  total_weight: number;
  slices: SliceScore[];
}

/** Improvements and regressions of one slice. */
export interface SlicePairs {
  slice: string;
  cases: number;
  improvements: string[];
  regressions: string[];
}

export interface PairedComparison {
  /** Cases with score 1 (resp. 0) in both versions. */
  both_passed: number;
  both_failed: number;
  /** Improvements (candidate score above the baseline's; with one run: fail -> pass), in case order. */
  baseline_failed_candidate_passed: string[];
  /** Regressions (candidate score below the baseline's; with one run: pass -> fail), in case order. */
  baseline_passed_candidate_failed: string[];
  /** The kit's statistic: (|b - c| - 1)² / (b + c); null when b + c = 0 or mcnemar is null. */
  mcnemar_chi2_continuity: number | null;
  mcnemar_chi2_p_value: number | null;
  mcnemar_exact_p_value: number | null;
  /**
   * McNemar's test on the pass/fail pairs; null (mcnemar_undefined_reason) when some case score is
   * not 0 or 1 (repeated runs that disagree, or pass^k): the test needs one binary outcome per case,
   * and the paired bootstrap of the delta is then the comparison.
   */
  mcnemar: McNemarResult | null;
  mcnemar_undefined_reason: 'non_binary_case_scores' | null;
  /** Cases whose score is undefined on either side: neither improvements nor regressions. */
  undefined_cases: string[];
  /** Reading note as a code (the kit prints a sentence): 'small_sample_signal'. */
  note: 'small_sample_signal';
  by_slice: SlicePairs[];
}

export interface BootstrapSummary {
  seed: number;
  rounds: number;
  confidence: number;
  defined_rounds: number;
  undefined_rounds: number;
  /** Per-round delta of weighted quality (candidate - baseline), in round order; null = undefined round. */
  deltas: (number | null)[];
  /** Histogram of the defined deltas (one bar per distinct value when there are few): what the page draws. */
  histogram: ValueHistogram;
}

/** The scorecard: a key superset of the kit's output/eval_scorecard.json. */
export interface GateResult extends LabResultBase {
  eval_name: string;
  hypothesis: Hypothesis | null;
  /** The manifest echoed; computed_hashes is filled by computeManifestHashes (async). */
  manifest: (Manifest & { computed_hashes: Record<string, string> | null }) | null;
  policy: GatePolicy;
  taxonomy_version: string | null;
  baseline: VersionScore;
  candidate: VersionScore;
  /** candidate.weighted_quality - baseline.weighted_quality (unrounded); null if either is null. */
  delta_quality: number | null;
  /** Paired percentile bootstrap CI of the delta at policy.confidence_level (0.95 by default). */
  bootstrap_delta_quality_ci95: [number, number] | null;
  bootstrap: BootstrapSummary;
  paired_comparison: PairedComparison;
  regressions: string[];
  improvements: string[];
  evidence: EvidenceAssessment;
  /** The gate's conditions, in the kit's order (core/contract/gate_check.ts). */
  checks: GateLabCheck[];
  decision: GateDecision;
  /** Flat metrics (null = undefined, see undefined_metrics). */
  metrics: Record<string, number | null>;
  /** Metric name -> reason code (labs/core/contract/i18n undefined_reason or the gate catalog). */
  undefined_metrics: Record<string, string>;
}


/** What a row of the gate checklist checks. */
export type GateCheckId = 'weighted_quality' | 'critical_failures' | 'cost_per_accepted' | 'regressions' | 'critical_slice' | 'minimum_delta_evidence';

/** One row of the gate checklist (core/contract/gate_check.ts); `subject` is the slice of a critical_slice row. */
export type GateLabCheck = GateCheck<GateCheckId, GateReason>;

/**
 * How the paired CI of the delta relates to the hypothesis's minimum interpretable delta m:
 * 'supports' (low >= m), 'inconclusive' (low < m <= high: the CI crosses m, not enough evidence),
 * 'below' (high < m: the improvement, if any, is smaller than interpretable), 'undefined' (no m in
 * the hypothesis, or no CI).
 */
export interface EvidenceAssessment {
  minimum_interpretable_delta: number | null;
  ci: [number, number] | null;
  status: 'supports' | 'inconclusive' | 'below' | 'undefined';
  /** Why status is 'undefined': 'no_minimum_interpretable_delta' or 'no_defined_bootstrap_rounds'. */
  undefined_reason: string | null;
}

/** Decision with the kit's keys (decision, owner, rollback) besides the contract's verdict. */
export interface GateDecision extends Decision<GateReason, GateWarning> {
  /** Same as verdict (the kit's key). */
  decision: Decision['verdict'];
  /** Non-blocking findings: 'not_enough_evidence', 'minimum_delta_not_reached'. */
  warnings: GateWarning[];
  owner: string;
  /** policy.rollback when the verdict is fail, else null (as the kit). */
  rollback: string | null;
}

