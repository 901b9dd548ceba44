/**
 * The gate lab's scorecard and decision types, apart from the engine and the decision so that
 * neither imports the other.
 */
import type { LabResultBase } from '../core/contract/lab.ts';
import type { MaybeNumber } from '../core/contract/types.ts';
import type { McNemarResult } from '../core/stats/paired.ts';
import type { ValueHistogram } from '../core/stats/histogram.ts';
import type { GatePolicy, Hypothesis, Manifest } from './schema.ts';
import type { Decision } from '../core/contract/types.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { GateReason, GateWarning } from './i18n/index.ts';

export type ErrorType = 'ok' | 'content_missing' | 'abstention_failure' | 'cost_budget';
/** Why a case passed or failed on content. */
export type CaseReason = 'contains_expected' | 'missing_terms' | 'abstained' | 'answered_instead_of_abstaining';

/** Grading of one case for one version (kit keys, plus action, missing_terms, max_cost_eur). */
export interface CaseResult {
  case_id: string;
  slice: string;
  passed: boolean;
  critical_failure: boolean;
  cost_ok: boolean;
  error_type: ErrorType;
  /** The taxonomy's action for error_type; null when there is no taxonomy or no such category. */
  action: string | null;
  cost_eur: number;
  max_cost_eur: number;
  weight: number;
  reason: CaseReason;
  /** Expected terms not found (empty when passed or for abstention cases). */
  missing_terms: string[];
  output: string;
}

/** Quality of one slice for one version. */
export interface SliceScore {
  slice: string;
  cases: number;
  total_weight: number;
  passed_cases: number;
  critical_failures: number;
  /** Σ weight·passed / Σ weight over the slice; null (reason zero_total_weight) when Σ weight = 0. */
  weighted_quality: MaybeNumber;
  undefined_reason: string | null;
}

/** Scorecard of one version (the kit's keys first). */
export interface VersionScore {
  name: string;
  /** Σ weight·passed / Σ weight; null when every weight is 0. */
  weighted_quality: MaybeNumber;
  passed_cases: number;
  total_cases: number;
  critical_failures: number;
  /** Cases that pass and are within their budget. */
  accepted_cases: number;
  /** Σ cost_eur over every case (accepted or not), euros. */
  total_cost_eur: number;
  /** total_cost_eur / accepted_cases; null when nothing is accepted. */
  cost_per_accepted_eur: MaybeNumber;
  /** Cases per error_type, keys sorted. */
  error_summary: Record<string, number>;
  results: CaseResult[];
  /** passed_cases / total_cases (unweighted). */
  pass_rate: MaybeNumber;
  /** Wilson score interval of pass_rate at the policy's confidence level; null when there are no cases. */
  pass_rate_wilson: [number, number] | null;
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
  both_passed: number;
  both_failed: number;
  /** Improvements, in case order. */
  baseline_failed_candidate_passed: string[];
  /** Regressions, in case order. */
  baseline_passed_candidate_failed: string[];
  /** The kit's statistic: (|b - c| - 1)² / (b + c); null when b + c = 0. */
  mcnemar_chi2_continuity: MaybeNumber;
  mcnemar_chi2_p_value: MaybeNumber;
  mcnemar_exact_p_value: MaybeNumber;
  mcnemar: McNemarResult;
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
  delta_quality: MaybeNumber;
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
  metrics: Record<string, MaybeNumber>;
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
  minimum_interpretable_delta: MaybeNumber;
  ci: [number, number] | null;
  status: 'supports' | 'inconclusive' | 'below' | 'undefined';
  /** Why status is 'undefined': 'no_minimum_interpretable_delta' or 'no_defined_bootstrap_rounds'. */
  undefined_reason: string | null;
}

/** Decision with the kit's keys (decision, owner, rollback) besides the contract's verdict. */
export interface GateDecision extends Decision<GateReason> {
  /** Same as verdict (the kit's key). */
  decision: Decision['verdict'];
  /** Non-blocking findings: 'not_enough_evidence', 'minimum_delta_not_reached'. */
  warnings: GateWarning[];
  owner: string;
  /** policy.rollback when the verdict is fail, else null (as the kit). */
  rollback: string | null;
}

