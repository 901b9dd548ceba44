/**
 * The RAG engine's result shapes: per-case rows, populations, aggregates, scored lists, paired
 * comparisons, slices, the trace view and the scorecard (labs/rag/engine.ts is the entry).
 */
import type { RANKING_CONVENTIONS } from './codes.ts';
import type { Decision } from '../../core/contract/types.ts';
import type { GateCheck } from '../../core/contract/gate_check.ts';
import type { Gain } from '../../core/stats/ranking.ts';
import type { RagPolicy } from '../schema.ts';
import type { ListSource, RagView, SourceId } from '../view.ts';
import type { VariantComparison } from '../variants.ts';
import type { McNemarResult, PairedDeltaBootstrap } from '../../core/stats/paired.ts';
import type { RagReason } from '../i18n/index.ts';
import type { CheckId } from '../decision.ts';
import { CI_METRICS } from './codes.ts';
import type { AggregateKey, AggregateReason, CaseReason, Diagnosis, Layer, LayerDiagnosis, PopulationId, PopulationMetric, RetrievalMetric } from './codes.ts';

/** One population's mean: its value (or why it is undefined), size, and who is left out and why. */
export interface PopulationStat {
  value: number | null;
  reason: AggregateReason | null;
  population: PopulationId;
  /** Cases in the population. */
  n: number;
  /** Cases left out, grouped by reason (first 20 ids of each). */
  left_out: { reason: CaseReason; count: number; case_ids: string[] }[];
}

export interface CaseRow {
  case_id: string;
  slice: string;
  answerable: boolean;
  precision_at_k: number | null;
  recall_at_k: number | null;
  hit_at_k: number | null;
  /** RR over the full retrieved list (the kit's). */
  reciprocal_rank: number | null;
  ndcg_at_k: number | null;
  /** Σ tokens of the context (the top k, or context_chunks when given); null when the list comes from a TREC run ('no_token_counts'). */
  context_tokens: number | null;
  groundedness: number | null;
  citation_precision: number | null;
  citation_recall: number | null;
  /** The kit's diagnosis rule. */
  diagnosis: Diagnosis;
  reciprocal_rank_at_k: number | null;
  dcg_at_k: number | null;
  idcg_at_k: number | null;
  context_precision: number | null;
  /** Claims with at least one supporting chunk that is in the context, over all claims. */
  groundedness_in_context: number | null;
  first_relevant_rank: number | null;
  retrieved_chunks: number;
  relevant_chunks: number;
  relevant_in_top_k: number;
  /** 1-based ranks repeating an id seen earlier (counted once, at the first rank). */
  duplicate_ranks: number[];
  judgment_source: 'gold_chunks' | 'qrels';
  /** Where the ranked list comes from: the case's own `retrieved`, or a TREC run (`retrieved_from`). */
  list_source: 'cases' | 'run' | 'run_b';
  context_source: 'top_k' | 'context_chunks';
  /** Relevant chunks of the top k that did not enter the context (only possible with context_chunks). */
  relevant_left_out_of_context: string[];
  /** True/false when an answer is recorded, null when it is not. */
  answered: boolean | null;
  claims: number | null;
  supported_claims: number | null;
  /** Claims with no supporting chunk (index into answer.claims, text). */
  unsupported_claims: { index: number; text: string }[];
  /** Claims whose support exists but lies entirely outside the context. */
  claims_supported_outside_context: { index: number; text: string; supporting_chunks: string[] }[];
  /** Distinct citations. */
  citations: number | null;
  citations_outside_retrieved: string[];
  citations_outside_context: string[];
  citations_not_relevant: string[];
  critical_failure: boolean;
  first_failing_layer: Layer | null;
  layer_diagnosis: LayerDiagnosis;
  /** Why each null metric above is null. */
  undefined_metrics: Partial<Record<RetrievalMetric | 'groundedness' | 'groundedness_in_context' | 'citation_precision' | 'citation_recall' | 'context_tokens', CaseReason>>;
}

export interface SliceRow {
  slice: string;
  cases: number;
  answerable_cases: number;
  non_answerable_cases: number;
  precision_at_k: number | null;
  recall_at_k: number | null;
  mrr_at_k: number | null;
  ndcg_at_k: number | null;
  groundedness: number | null;
  citation_recall: number | null;
  no_answer_accuracy: number | null;
  critical_failures: number;
  avg_context_tokens: number | null;
  /** n of each mean's population in the slice. */
  n: Record<'retrieval' | 'answered_answerable' | 'unanswerable', number>;
  undefined_metrics: Partial<Record<'precision_at_k' | 'recall_at_k' | 'mrr_at_k' | 'ndcg_at_k' | 'groundedness' | 'citation_recall' | 'no_answer_accuracy' | 'avg_context_tokens', AggregateReason>>;
}

export interface CIRow {
  metric: (typeof CI_METRICS)[number];
  population: PopulationId;
  n: number;
  estimate: number | null;
  low: number | null;
  high: number | null;
  defined_rounds: number;
  /** 'empty_population' when n = 0 (no interval), else null. */
  reason: AggregateReason | null;
}

/** One scored list's per-case retrieval metrics. */
export interface SourceCaseRow {
  case_id: string;
  answerable: boolean;
  retrieved_chunks: number;
  first_relevant_rank: number | null;
  precision_at_k: number | null;
  recall_at_k: number | null;
  hit_at_k: number | null;
  reciprocal_rank: number | null;
  reciprocal_rank_at_k: number | null;
  dcg_at_k: number | null;
  idcg_at_k: number | null;
  ndcg_at_k: number | null;
  context_precision: number | null;
  undefined_metrics: Partial<Record<RetrievalMetric, CaseReason>>;
}

/** A retrieved list scored like any other (the cases' lists, a TREC run, the fused list). */
export interface ScoredSource {
  source: SourceId;
  available: true;
  /** 'cases', the run's tag, or the fusion's description. */
  label: string;
  /** Means over the answerable cases with a relevant chunk (precision and hit: over every answerable case). */
  aggregate: Record<'precision_at_k' | 'recall_at_k' | 'hit_at_k' | 'mrr' | 'mrr_at_k' | 'dcg_at_k' | 'ndcg_at_k' | 'context_precision', number | null>;
  undefined_metrics: Partial<Record<'precision_at_k' | 'recall_at_k' | 'hit_at_k' | 'mrr' | 'mrr_at_k' | 'dcg_at_k' | 'ndcg_at_k' | 'context_precision', AggregateReason>>;
  populations: { all_answerable: PopulationStat; with_relevant: PopulationStat };
  /** Cases with no line in this list (an empty list: every metric 0). */
  empty_cases: number;
  per_case: SourceCaseRow[];
}
export interface MissingSource {
  source: SourceId;
  available: false;
  reason: 'source_missing' | 'fusion_source_missing' | 'fusion_same_source' | 'fusion_missing_scores';
}

export interface FusionSummary {
  method: RagView['fusion']['method'];
  /** RRF's k (unused by CombSUM/CombMNZ). */
  k: number;
  a: ListSource;
  b: ListSource;
  available: boolean;
  reason: MissingSource['reason'] | null;
}

export interface PairedComparison {
  a: SourceId;
  b: SourceId;
  /** Answerable cases with a relevant chunk (both lists share the judgments). */
  population: 'answerable_with_relevant';
  n: number;
  /** Cases where B has the higher nDCG@k / A has the higher nDCG@k (first 50 ids), and ties. */
  b_wins: string[];
  a_wins: string[];
  b_wins_count: number;
  a_wins_count: number;
  ties: number;
  /** Means of A and B and B − A for each retrieval metric on the population. */
  deltas: { metric: RetrievalMetric; a: number | null; b: number | null; delta: number | null }[];
  /** McNemar on full recall at k (every relevant chunk in the top k): b = A misses and B gets it all. */
  mcnemar: McNemarResult & { success: 'full_recall_at_k' };
  /** Paired bootstrap of mean nDCG@k(B) − mean nDCG@k(A). */
  bootstrap: Omit<PairedDeltaBootstrap, 'estimates'> & { metric: 'ndcg_at_k' };
}

export interface TraceChunk {
  rank: number;
  chunk_id: string;
  score: number | null;
  tokens: number | null;
  /** The judged grade, null when the chunk is not judged. */
  grade: number | null;
  relevant: boolean;
  /** A repeat of an id at an earlier rank (counted once, there). */
  duplicate: boolean;
  in_top_k: boolean;
  in_context: boolean;
  cited: boolean;
  /** Indices of the claims it supports. */
  supports_claims: number[];
}

export interface Trace {
  case_id: string;
  slice: string;
  question: string | null;
  answerable: boolean;
  k: number;
  judgment_source: 'gold_chunks' | 'qrels';
  /** Where the ranked list comes from: the case's own `retrieved`, or a TREC run (`retrieved_from`). */
  list_source: 'cases' | 'run' | 'run_b';
  retrieved: TraceChunk[];
  /** Judged chunks the retriever did not return. */
  judged_not_retrieved: { chunk_id: string; grade: number; relevant: boolean }[];
  context: { source: 'top_k' | 'context_chunks'; chunk_ids: string[]; tokens: number | null };
  answer: null | {
    abstained: boolean;
    claims: { index: number; text: string; supported: boolean; supported_in_context: boolean; supporting_chunks: { chunk_id: string; retrieved: boolean; in_context: boolean; relevant: boolean }[] }[];
    citations: { chunk_id: string; retrieved: boolean; in_context: boolean; relevant: boolean; grade: number | null }[];
  };
  metrics: CaseRow;
  /** The case's list in every scored source (ids with their grade), for side-by-side reading. */
  sources: { source: SourceId; chunks: { rank: number; chunk_id: string; grade: number | null; relevant: boolean; duplicate: boolean; fused_ranks?: (number | null)[]; fused_score?: number }[] }[];
}

export interface RagWarning {
  code: 'run_qids_not_in_cases' | 'qrels_qids_not_in_cases' | 'cases_missing_from_run';
  input: 'run' | 'run_b' | 'qrels';
  count: number;
  examples: string[];
}

/** What `run` computes (everything but the view's cheap choices). */
export interface RagHeavy {
  base: RagBase;
  /** Ordered pair "a|b" -> comparison (both orders of every pair of available sources). */
  pairs: Map<string, PairedComparison>;
  /** The trace of a case (built on demand by select), null for an unknown case_id. */
  traceOf: (caseId: string) => Trace | null;
  firstCase: string;
}

export interface RagBase {
  eval_name: string;
  k: number;
  cases: number;
  answerable_cases: number;
  non_answerable_cases: number;
  /** The kit's aggregates (kit populations), unrounded. */
  aggregate: Record<AggregateKey, number | null>;
  /** The kit's constraint map: check id -> passes. */
  constraints: Partial<Record<CheckId, boolean>>;
  decision: Decision<RagReason>;
  per_case: CaseRow[];
  checks: GateCheck<CheckId, RagReason>[];
  undefined_metrics: Partial<Record<AggregateKey, AggregateReason>>;
  gain: Gain;
  k_source: 'policy' | 'view';
  policy_k: number;
  gate_population: RagPolicy['gate_population'];
  aggregate_populations: Record<PopulationMetric, { kit: PopulationStat | null; scoped: PopulationStat; differs: boolean }>;
  bootstrap: { seed: number; rounds: number; confidence: number; population: RagPolicy['gate_population']; intervals: CIRow[] };
  slices: SliceRow[];
  retrieval: { sources: (ScoredSource | MissingSource)[]; fusion: FusionSummary };
  /** Every scored list at each cut-off of the view's `cutoffs` (the CLI's `--k 1,3,5,10`), in that order; [] when none is asked. */
  by_k: CutoffRow[];
  comparison: VariantComparison | null;
  comparison_reason: 'no_variants' | null;
  warnings: RagWarning[];
}

/** The scored lists at one cut-off: each available list's retrieval means at that k (same populations as ScoredSource). */
export interface CutoffRow {
  k: number;
  sources: { source: SourceId; label: string; aggregate: ScoredSource['aggregate']; undefined_metrics: ScoredSource['undefined_metrics'] }[];
}

/** The scorecard (select's result). */
export interface RagResult extends RagBase {
  /** The compared pair of the view, or null with the reason. */
  paired: PairedComparison | null;
  paired_reason: 'source_missing' | 'same_source' | null;
  trace: Trace | null;
  trace_reason: 'unknown_case' | null;
  /** How the ranking metrics are computed, for comparing with trec_eval (RANKING_CONVENTIONS). */
  conventions: typeof RANKING_CONVENTIONS;
}
