/**
 * RAG lab engine (chapter 03): a RAG answer as a chain of custody of evidence, scored layer by
 * layer. It is the kit's ops/ai/rag_eval.py (scorecard key for key: per-case retrieval metrics at
 * k, groundedness, citation precision and recall, diagnosis, aggregates, constraints, decision)
 * and ops/ai/rag_experiment_matrix.py (labs/rag/variants.ts), with these deliberate differences,
 * each pinned by tests/reference/rag.test.ts or the unit tests:
 *   - numbers stay unrounded (the kit rounds every per-case value to 4 decimals and then averages
 *     the rounded values; the gate here compares unrounded values);
 *   - a gold chunk graded <= 0 is not relevant (the kit counts every key of gold_chunks);
 *   - undefined is not zero: recall@k, RR, nDCG@k and context precision of an answerable case with
 *     no relevant chunk are null ('no_relevant_chunks') and left out of the means (the kit's
 *     safe_div gives 0.0); no-answer accuracy with no unanswerable case is null (the kit: 0.0), and
 *     the gate fails closed on it with its own reason code;
 *   - repeated citations count once (the kit counts list entries in citation precision);
 *   - a repeated chunk id in a retrieved list counts once, at its first rank;
 *   - an answerable case with no relevant judged chunk gets diagnosis 'no_relevant_judgment', and a
 *     case without an `answer` 'no_answer_recorded' (the kit has neither situation);
 *   - the gate is a list of GateChecks, one per constraint with its value and threshold; with
 *     policy.gate_population = 'scoped' it reads the scoped populations instead of the kit's.
 * Added: MRR@k (RR cut at k) beside the kit's MRR over the full list, DCG/IDCG, context precision,
 * linear gain, the first failing layer of each case with the claims that lack support and the
 * citations outside the retrieved list (and outside the context), each aggregate over its right
 * population beside the kit's (with who is left out and why), bootstrap CIs, a per-slice table,
 * TREC qrels and runs scored like the cases' own lists, fusion (RRF, CombSUM, CombMNZ) scored the
 * same way, the paired per-case comparison of any two scored lists (McNemar and a paired
 * bootstrap, labs/core/stats/paired.ts), and the trace view of one case.
 *
 * Populations (aggregate_populations.<metric>.{kit, scoped}):
 *   retrieval metrics         kit = scoped = answerable cases with a relevant judged chunk
 *   groundedness (+ in ctx)   kit: every case with >= 1 claim (the unanswerable one that answered
 *                             included); scoped: answerable cases that answered, with >= 1 claim
 *   citation_precision        kit: every case with >= 1 citation; scoped: answered answerable ones
 *   citation_recall           kit: every case with a relevant chunk (abstentions count as 0);
 *                             scoped: answered answerable cases
 *   no_answer_accuracy        unanswerable cases (null when there are none)
 *   critical_failure_rate,    unanswerable cases; answerable cases (scoped only)
 *   unnecessary_abstention_rate
 *   avg_context_tokens        every case
 * Judgments: a case's gold_chunks, or, when a qrels file is given and lists the case's id as a
 * qid, that query's judgments (for every list and for the citations).
 */
import type { RunHooks } from '../core/contract/lab.ts';
import type { Verdict } from '../core/contract/types.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import { verdictOf } from '../core/contract/gate_check.ts';
import { rankingMetrics, rankingMetricsForIds, resolveGrades } from '../core/stats/ranking.ts';
import type { Gain, RankingMetrics } from '../core/stats/ranking.ts';
import { combMnz, combSum, reciprocalRankFusion } from '../core/stats/fusion.ts';
import type { FusedList } from '../core/stats/fusion.ts';
import { bootstrapGroupCounts, percentileInterval } from '../core/stats/bootstrap.ts';
import type { RagCase, RagInput, RagPolicy } from './schema.ts';
import type { ListSource, RagView, SourceId } from './view.ts';
import { LIST_SOURCES, SOURCES } from './view.ts';
import { compareVariants } from './variants.ts';
import type { VariantComparison } from './variants.ts';
import { mcnemarOfSuccesses, pairedDeltaBootstrap, reverseDeltaBootstrap } from '../core/stats/paired.ts';
import type { McNemarResult, PairedDeltaBootstrap } from '../core/stats/paired.ts';
import type { RagReason } from './i18n/index.ts';
import { gateChecks } from './decision.ts';
import type { CheckId } from './decision.ts';

// ---------------------------------------------------------------------------------------------
// Codes

/** Why a per-case value is undefined, or why a case is left out of a population. */
export type CaseReason = 'not_answerable' | 'answerable' | 'no_relevant_chunks' | 'no_claims' | 'no_citations' | 'no_answer_recorded' | 'abstained';
/** Why an aggregate is undefined. */
export type AggregateReason = 'empty_population' | 'no_unanswerable_cases';

/** The kit's diagnosis (its rule, plus two situations the kit cannot meet). */
export type Diagnosis =
  | 'ok_answer'
  | 'ok_abstention'
  | 'retrieval_gap'
  | 'unnecessary_abstention'
  | 'grounding_gap'
  | 'citation_gap'
  | 'critical_no_evidence_answer'
  | 'no_relevant_judgment'
  | 'no_answer_recorded';
/** A layer of the RAG chain. */
export type Layer = 'judgments' | 'retrieval' | 'context' | 'answer' | 'abstention' | 'groundedness' | 'citations';
/** The finding of the first layer that failed (or ok_answer / ok_abstention). */
export type LayerDiagnosis = Diagnosis | 'context_gap' | 'support_outside_context' | 'citation_outside_context' | 'citation_not_relevant';

export const LAYER_OF: Record<LayerDiagnosis, Layer | null> = {
  ok_answer: null,
  ok_abstention: null,
  no_relevant_judgment: 'judgments',
  retrieval_gap: 'retrieval',
  context_gap: 'context',
  no_answer_recorded: 'answer',
  unnecessary_abstention: 'abstention',
  critical_no_evidence_answer: 'abstention',
  grounding_gap: 'groundedness',
  support_outside_context: 'groundedness',
  citation_outside_context: 'citations',
  citation_gap: 'citations',
  citation_not_relevant: 'citations',
};

export type PopulationId = 'all_cases' | 'answerable' | 'unanswerable' | 'answered_answerable' | 'cases_with_claims' | 'cases_with_citations' | 'cases_with_relevant_chunks';

export const RETRIEVAL_METRICS = ['precision_at_k', 'recall_at_k', 'hit_at_k', 'reciprocal_rank', 'reciprocal_rank_at_k', 'dcg_at_k', 'idcg_at_k', 'ndcg_at_k', 'context_precision'] as const;
export type RetrievalMetric = (typeof RETRIEVAL_METRICS)[number];

/** Aggregate metrics (the kit's eleven, in its order, plus mrr_at_k and context_precision). */
export const AGGREGATE_KEYS = [
  'precision_at_k',
  'recall_at_k',
  'hit_at_k',
  'mrr',
  'ndcg_at_k',
  'groundedness',
  'citation_precision',
  'citation_recall',
  'no_answer_accuracy',
  'critical_failures',
  'avg_context_tokens',
  'mrr_at_k',
  'context_precision',
] as const;
export type AggregateKey = (typeof AGGREGATE_KEYS)[number];

/** Metrics with a population (every aggregate but the count of critical failures, plus the scoped-only rates). */
export const POPULATION_METRICS = [
  'precision_at_k',
  'recall_at_k',
  'hit_at_k',
  'mrr',
  'mrr_at_k',
  'ndcg_at_k',
  'context_precision',
  'groundedness',
  'groundedness_in_context',
  'citation_precision',
  'citation_recall',
  'no_answer_accuracy',
  'critical_failure_rate',
  'unnecessary_abstention_rate',
  'avg_context_tokens',
] as const;
export type PopulationMetric = (typeof POPULATION_METRICS)[number];

/** Metrics with a bootstrap CI (every mean-type aggregate). */
export const CI_METRICS = [
  'precision_at_k',
  'recall_at_k',
  'hit_at_k',
  'mrr',
  'mrr_at_k',
  'ndcg_at_k',
  'context_precision',
  'groundedness',
  'citation_precision',
  'citation_recall',
  'no_answer_accuracy',
  'avg_context_tokens',
] as const satisfies readonly PopulationMetric[];

// ---------------------------------------------------------------------------------------------
// Result shapes

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
  /** Σ tokens of the context (the top k, or context_chunks when given). */
  context_tokens: number;
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
  undefined_metrics: Partial<Record<RetrievalMetric | 'groundedness' | 'groundedness_in_context' | 'citation_precision' | 'citation_recall', CaseReason>>;
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
  retrieved: TraceChunk[];
  /** Judged chunks the retriever did not return. */
  judged_not_retrieved: { chunk_id: string; grade: number; relevant: boolean }[];
  context: { source: 'top_k' | 'context_chunks'; chunk_ids: string[]; tokens: number };
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
  decision: { verdict: Verdict; reasons: RagReason[] };
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
  comparison: VariantComparison | null;
  comparison_reason: 'no_variants' | null;
  warnings: RagWarning[];
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

/**
 * The ranking conventions, stated beside the metrics so that a figure that differs from
 * trec_eval's can be explained: ties in a run's scores keep the file's order (trec_eval breaks them
 * by docid, in reverse); precision@k, hit@k and context precision are averaged over the answerable
 * queries; recall@k, MRR and nDCG@k over the answerable queries with at least one relevant judged
 * document (trec_eval averages every measure over the queries in the qrels).
 */
export const RANKING_CONVENTIONS = {
  tie_rule: 'score_desc_then_file_order',
  averaged_over: {
    precision_at_k: 'answerable',
    hit_at_k: 'answerable',
    context_precision: 'answerable',
    recall_at_k: 'answerable_with_relevant',
    mrr: 'answerable_with_relevant',
    ndcg_at_k: 'answerable_with_relevant',
  },
} as const;

// ---------------------------------------------------------------------------------------------
// Per case

interface CaseEval {
  row: CaseRow;
  judgments: Map<string, number>;
  judgedGrades: Float64Array;
  contextIds: string[];
  contextSet: Set<string>;
  relevantSet: Set<string>;
  metrics: RankingMetrics | null;
}

const isRelevant = (g: number | undefined): boolean => g !== undefined && g > 0;

function judgmentsOf(c: RagCase, input: RagInput): { map: Map<string, number>; source: 'gold_chunks' | 'qrels' } {
  const q = input.qrels?.queries.get(c.case_id);
  return q ? { map: new Map(q), source: 'qrels' } : { map: new Map(c.gold), source: 'gold_chunks' };
}

function evaluateCase(c: RagCase, input: RagInput, k: number, gain: Gain): CaseEval {
  const { map: judgments, source } = judgmentsOf(c, input);
  const judgedGrades = Float64Array.from(judgments.values());
  const relevantSet = new Set<string>();
  for (const [id, g] of judgments) if (g > 0) relevantSet.add(id);
  const ids = c.retrieved.map((r) => r.chunk_id);
  const { grades, duplicate_ranks } = resolveGrades(ids, judgments);
  const m = rankingMetrics(grades, judgedGrades, k, gain);
  const undefinedMetrics: CaseRow['undefined_metrics'] = {};
  const ret = (v: { value: number | null; reason: string | null }, key: RetrievalMetric): number | null => {
    if (!c.answerable) {
      undefinedMetrics[key] = 'not_answerable';
      return null;
    }
    if (v.value === null) undefinedMetrics[key] = 'no_relevant_chunks';
    return v.value;
  };
  // context: context_chunks, or the top k entries (the kit)
  const contextIds = c.context_chunks ?? ids.slice(0, k);
  const contextSet = new Set(contextIds);
  const tokensOf = new Map<string, number>();
  for (const r of c.retrieved) if (!tokensOf.has(r.chunk_id)) tokensOf.set(r.chunk_id, r.tokens);
  const contextTokens = c.context_chunks ? c.context_chunks.reduce((s, id) => s + (tokensOf.get(id) ?? 0), 0) : c.retrieved.slice(0, k).reduce((s, r) => s + r.tokens, 0);
  const topK = new Set(ids.slice(0, k));
  const relevantLeftOut = c.context_chunks ? [...topK].filter((id) => relevantSet.has(id) && !contextSet.has(id)) : [];
  const retrievedSet = new Set(ids);

  // answer layer
  const a = c.answer;
  let groundedness: number | null = null;
  let groundednessInContext: number | null = null;
  let citationPrecision: number | null = null;
  let citationRecall: number | null = null;
  const unsupported: CaseRow['unsupported_claims'] = [];
  const outsideContext: CaseRow['claims_supported_outside_context'] = [];
  let citations: string[] = [];
  if (!a) {
    for (const key of ['groundedness', 'groundedness_in_context', 'citation_precision', 'citation_recall'] as const) undefinedMetrics[key] = 'no_answer_recorded';
  } else {
    a.claims.forEach((cl, index) => {
      if (cl.supporting_chunks.length === 0) unsupported.push({ index, text: cl.text });
      else if (!cl.supporting_chunks.some((id) => contextSet.has(id))) outsideContext.push({ index, text: cl.text, supporting_chunks: cl.supporting_chunks });
    });
    if (a.claims.length === 0) {
      undefinedMetrics.groundedness = 'no_claims';
      undefinedMetrics.groundedness_in_context = 'no_claims';
    } else {
      groundedness = (a.claims.length - unsupported.length) / a.claims.length;
      groundednessInContext = (a.claims.length - unsupported.length - outsideContext.length) / a.claims.length;
    }
    citations = [...new Set(a.citations)];
    if (citations.length === 0) undefinedMetrics.citation_precision = 'no_citations';
    else citationPrecision = citations.filter((id) => relevantSet.has(id)).length / citations.length;
    if (relevantSet.size === 0) undefinedMetrics.citation_recall = 'no_relevant_chunks';
    else citationRecall = citations.filter((id) => relevantSet.has(id)).length / relevantSet.size;
  }
  const citedOutsideRetrieved = citations.filter((id) => !retrievedSet.has(id));
  const citedOutsideContext = citations.filter((id) => !contextSet.has(id));
  const citedNotRelevant = citations.filter((id) => !relevantSet.has(id));
  const recall = c.answerable ? m.recall_at_k.value : null;

  // the kit's diagnosis
  let diagnosis: Diagnosis;
  if (!c.answerable) diagnosis = !a ? 'no_answer_recorded' : a.abstained ? 'ok_abstention' : 'critical_no_evidence_answer';
  else if (recall === null) diagnosis = 'no_relevant_judgment';
  else if (recall < 1) diagnosis = 'retrieval_gap';
  else if (!a) diagnosis = 'no_answer_recorded';
  else if (a.abstained) diagnosis = 'unnecessary_abstention';
  else if (groundedness !== null && groundedness < 1) diagnosis = 'grounding_gap';
  else if (citationRecall !== null && citationRecall < 1) diagnosis = 'citation_gap';
  else diagnosis = 'ok_answer';

  // the first layer that failed, in the chain's order
  let layer: LayerDiagnosis;
  if (!c.answerable) layer = diagnosis;
  else if (recall === null) layer = 'no_relevant_judgment';
  else if (recall < 1) layer = 'retrieval_gap';
  else if (relevantLeftOut.length) layer = 'context_gap';
  else if (!a) layer = 'no_answer_recorded';
  else if (a.abstained) layer = 'unnecessary_abstention';
  else if (unsupported.length) layer = 'grounding_gap';
  else if (outsideContext.length) layer = 'support_outside_context';
  else if (citedOutsideContext.length) layer = 'citation_outside_context';
  else if (citationRecall !== null && citationRecall < 1) layer = 'citation_gap';
  else if (citedNotRelevant.length) layer = 'citation_not_relevant';
  else layer = 'ok_answer';

  const row: CaseRow = {
    case_id: c.case_id,
    slice: c.slice,
    answerable: c.answerable,
    precision_at_k: ret(m.precision_at_k, 'precision_at_k'),
    recall_at_k: ret(m.recall_at_k, 'recall_at_k'),
    hit_at_k: ret(m.hit_at_k, 'hit_at_k'),
    reciprocal_rank: ret(m.reciprocal_rank, 'reciprocal_rank'),
    ndcg_at_k: ret(m.ndcg_at_k, 'ndcg_at_k'),
    context_tokens: contextTokens,
    groundedness,
    citation_precision: citationPrecision,
    citation_recall: citationRecall,
    diagnosis,
    reciprocal_rank_at_k: ret(m.reciprocal_rank_at_k, 'reciprocal_rank_at_k'),
    dcg_at_k: ret(m.dcg_at_k, 'dcg_at_k'),
    idcg_at_k: ret(m.idcg_at_k, 'idcg_at_k'),
    context_precision: ret(m.context_precision_at_k, 'context_precision'),
    groundedness_in_context: groundednessInContext,
    first_relevant_rank: m.first_relevant_rank,
    retrieved_chunks: ids.length,
    relevant_chunks: m.relevant,
    relevant_in_top_k: m.relevant_in_top_k,
    duplicate_ranks: duplicate_ranks,
    judgment_source: source,
    context_source: c.context_chunks ? 'context_chunks' : 'top_k',
    relevant_left_out_of_context: relevantLeftOut,
    answered: a ? !a.abstained : null,
    claims: a ? a.claims.length : null,
    supported_claims: a ? a.claims.length - unsupported.length : null,
    unsupported_claims: unsupported,
    claims_supported_outside_context: outsideContext,
    citations: a ? citations.length : null,
    citations_outside_retrieved: citedOutsideRetrieved,
    citations_outside_context: citedOutsideContext,
    citations_not_relevant: citedNotRelevant,
    critical_failure: !c.answerable && !!a && !a.abstained,
    first_failing_layer: LAYER_OF[layer],
    layer_diagnosis: layer,
    undefined_metrics: undefinedMetrics,
  };
  return { row, judgments, judgedGrades, contextIds, contextSet, relevantSet, metrics: c.answerable ? m : null };
}

// ---------------------------------------------------------------------------------------------
// Populations

/** A case's contribution to a mean: its value, or the reason it is left out. */
type Pick = number | CaseReason;

interface PopValues {
  stat: PopulationStat;
  members: number[];
  values: number[];
}

function population<R extends { case_id: string }>(rows: readonly R[], pick: (r: R, i: number) => Pick, id: PopulationId, emptyReason: AggregateReason = 'empty_population'): PopValues {
  const members: number[] = [];
  const values: number[] = [];
  const leftOut = new Map<CaseReason, { reason: CaseReason; count: number; case_ids: string[] }>();
  let sum = 0;
  rows.forEach((r, i) => {
    const p = pick(r, i);
    if (typeof p === 'number') {
      members.push(i);
      values.push(p);
      sum += p;
    } else {
      let e = leftOut.get(p);
      if (!e) {
        e = { reason: p, count: 0, case_ids: [] };
        leftOut.set(p, e);
      }
      e.count++;
      if (e.case_ids.length < 20) e.case_ids.push(r.case_id);
    }
  });
  const n = values.length;
  return {
    stat: { value: n ? sum / n : null, reason: n ? null : emptyReason, population: id, n, left_out: [...leftOut.values()] },
    members,
    values,
  };
}

const orReason = (v: number | null, r: CaseRow, key: keyof CaseRow['undefined_metrics']): Pick => (v !== null ? v : (r.undefined_metrics[key] ?? 'not_answerable'));

/** Scoped answer-layer pick: answerable cases that answered. */
function answered(r: CaseRow, v: number | null, key: keyof CaseRow['undefined_metrics']): Pick {
  if (!r.answerable) return 'not_answerable';
  if (r.answered === null) return 'no_answer_recorded';
  if (!r.answered) return 'abstained';
  return orReason(v, r, key);
}

function noAnswerPick(r: CaseRow): Pick {
  if (r.answerable) return 'answerable';
  if (r.answered === null) return 'no_answer_recorded';
  return r.answered ? 0 : 1;
}

function populations(rows: readonly CaseRow[]): Record<PopulationMetric, { kit: PopValues | null; scoped: PopValues }> {
  const ret = (key: RetrievalMetric, id: PopulationId = 'answerable') => {
    const p = population(rows, (r) => orReason(r[key], r, key), id);
    return { kit: p, scoped: p };
  };
  return {
    precision_at_k: ret('precision_at_k'),
    recall_at_k: ret('recall_at_k'),
    hit_at_k: ret('hit_at_k'),
    mrr: ret('reciprocal_rank'),
    mrr_at_k: ret('reciprocal_rank_at_k'),
    ndcg_at_k: ret('ndcg_at_k'),
    context_precision: ret('context_precision'),
    groundedness: {
      kit: population(rows, (r) => orReason(r.groundedness, r, 'groundedness'), 'cases_with_claims'),
      scoped: population(rows, (r) => answered(r, r.groundedness, 'groundedness'), 'answered_answerable'),
    },
    groundedness_in_context: {
      kit: population(rows, (r) => orReason(r.groundedness_in_context, r, 'groundedness_in_context'), 'cases_with_claims'),
      scoped: population(rows, (r) => answered(r, r.groundedness_in_context, 'groundedness_in_context'), 'answered_answerable'),
    },
    citation_precision: {
      kit: population(rows, (r) => orReason(r.citation_precision, r, 'citation_precision'), 'cases_with_citations'),
      scoped: population(rows, (r) => answered(r, r.citation_precision, 'citation_precision'), 'answered_answerable'),
    },
    citation_recall: {
      kit: population(rows, (r) => orReason(r.citation_recall, r, 'citation_recall'), 'cases_with_relevant_chunks'),
      scoped: population(rows, (r) => answered(r, r.citation_recall, 'citation_recall'), 'answered_answerable'),
    },
    no_answer_accuracy: (() => {
      const p = population(rows, noAnswerPick, 'unanswerable', 'no_unanswerable_cases');
      return { kit: p, scoped: p };
    })(),
    critical_failure_rate: {
      kit: null,
      scoped: population(rows, (r) => (r.answerable ? 'answerable' : r.answered === null ? 'no_answer_recorded' : r.answered ? 1 : 0), 'unanswerable', 'no_unanswerable_cases'),
    },
    unnecessary_abstention_rate: {
      kit: null,
      scoped: population(rows, (r) => (!r.answerable ? 'not_answerable' : r.answered === null ? 'no_answer_recorded' : r.answered ? 0 : 1), 'answerable'),
    },
    avg_context_tokens: (() => {
      const p = population(rows, (r) => r.context_tokens, 'all_cases');
      return { kit: p, scoped: p };
    })(),
  };
}

function sameStat(a: PopulationStat, b: PopulationStat): boolean {
  return a.n === b.n && a.value === b.value;
}

// ---------------------------------------------------------------------------------------------
// Scored lists, fusion, paired comparison

interface ListOfCase {
  ids: string[];
  scores: (number | null)[];
  fused?: FusedList;
}

interface SourceInternal {
  summary: ScoredSource;
  lists: ListOfCase[];
  metrics: (RankingMetrics | null)[];
}

function listsOf(source: ListSource, input: RagInput): ListOfCase[] | null {
  if (source === 'cases') return input.cases.map((c) => ({ ids: c.retrieved.map((r) => r.chunk_id), scores: c.retrieved.map((r) => r.score) }));
  const run = source === 'run' ? input.run : input.run_b;
  if (!run) return null;
  return input.cases.map((c) => {
    const l = run.queries.get(c.case_id);
    return l ? { ids: l.ids, scores: l.scores } : { ids: [], scores: [] };
  });
}

const SOURCE_AGG = ['precision_at_k', 'recall_at_k', 'hit_at_k', 'mrr', 'mrr_at_k', 'dcg_at_k', 'ndcg_at_k', 'context_precision'] as const;

function scoreSource(source: SourceId, label: string, lists: ListOfCase[], evals: CaseEval[], cases: RagCase[], k: number, gain: Gain, emptyCases: number): SourceInternal {
  const metrics: (RankingMetrics | null)[] = [];
  const per_case: SourceCaseRow[] = cases.map((c, i) => {
    const e = evals[i];
    const m = c.answerable ? rankingMetricsForIds(lists[i].ids, e.judgments, k, gain, e.judgedGrades) : null;
    metrics.push(m);
    const undefinedMetrics: SourceCaseRow['undefined_metrics'] = {};
    const val = (key: RetrievalMetric, v: { value: number | null } | undefined): number | null => {
      if (!m || !v) {
        undefinedMetrics[key] = 'not_answerable';
        return null;
      }
      if (v.value === null) undefinedMetrics[key] = 'no_relevant_chunks';
      return v.value;
    };
    return {
      case_id: c.case_id,
      answerable: c.answerable,
      retrieved_chunks: lists[i].ids.length,
      first_relevant_rank: m ? m.first_relevant_rank : null,
      precision_at_k: val('precision_at_k', m?.precision_at_k),
      recall_at_k: val('recall_at_k', m?.recall_at_k),
      hit_at_k: val('hit_at_k', m?.hit_at_k),
      reciprocal_rank: val('reciprocal_rank', m?.reciprocal_rank),
      reciprocal_rank_at_k: val('reciprocal_rank_at_k', m?.reciprocal_rank_at_k),
      dcg_at_k: val('dcg_at_k', m?.dcg_at_k),
      idcg_at_k: val('idcg_at_k', m?.idcg_at_k),
      ndcg_at_k: val('ndcg_at_k', m?.ndcg_at_k),
      context_precision: val('context_precision', m?.context_precision_at_k),
      undefined_metrics: undefinedMetrics,
    };
  });
  const mean = (key: RetrievalMetric) => population(per_case, (r): Pick => r[key] ?? r.undefined_metrics[key] ?? 'not_answerable', 'answerable').stat;
  const stats = {
    precision_at_k: mean('precision_at_k'),
    recall_at_k: mean('recall_at_k'),
    hit_at_k: mean('hit_at_k'),
    mrr: mean('reciprocal_rank'),
    mrr_at_k: mean('reciprocal_rank_at_k'),
    dcg_at_k: mean('dcg_at_k'),
    ndcg_at_k: mean('ndcg_at_k'),
    context_precision: mean('context_precision'),
  };
  const aggregate = {} as ScoredSource['aggregate'];
  const undefinedMetrics: ScoredSource['undefined_metrics'] = {};
  for (const key of SOURCE_AGG) {
    aggregate[key] = stats[key].value;
    if (stats[key].reason) undefinedMetrics[key] = stats[key].reason!;
  }
  return {
    summary: {
      source,
      available: true,
      label,
      aggregate,
      undefined_metrics: undefinedMetrics,
      populations: { all_answerable: stats.precision_at_k, with_relevant: stats.recall_at_k },
      empty_cases: emptyCases,
      per_case,
    },
    lists,
    metrics,
  };
}

function fuse(view: RagView['fusion'], a: ListOfCase[], b: ListOfCase[]): ListOfCase[] | 'fusion_missing_scores' {
  if (view.method !== 'rrf' && [...a, ...b].some((l) => l.scores.some((s) => s === null))) return 'fusion_missing_scores';
  return a.map((la, i) => {
    const lb = b[i];
    const fused =
      view.method === 'rrf'
        ? reciprocalRankFusion([la.ids, lb.ids], view.k)
        : (view.method === 'combsum' ? combSum : combMnz)([
            la.ids.map((id, j) => ({ id, score: la.scores[j]! })),
            lb.ids.map((id, j) => ({ id, score: lb.scores[j]! })),
          ]);
    return { ids: fused.ids, scores: Array.from(fused.scores), fused };
  });
}

function comparePair(A: SourceInternal, B: SourceInternal, cases: RagCase[], policy: RagPolicy, seed: number): PairedComparison {
  const idx: number[] = [];
  cases.forEach((c, i) => {
    const ma = A.metrics[i];
    if (c.answerable && ma && ma.relevant > 0) idx.push(i);
  });
  const nd = (S: SourceInternal, i: number) => S.metrics[i]!.ndcg_at_k.value!;
  const bWins: string[] = [];
  const aWins: string[] = [];
  let bCount = 0;
  let aCount = 0;
  let ties = 0;
  for (const i of idx) {
    const d = nd(B, i) - nd(A, i);
    if (d > 0) {
      bCount++;
      if (bWins.length < 50) bWins.push(cases[i].case_id);
    } else if (d < 0) {
      aCount++;
      if (aWins.length < 50) aWins.push(cases[i].case_id);
    } else ties++;
  }
  const deltas = RETRIEVAL_METRICS.map((metric) => {
    if (idx.length === 0) return { metric, a: null, b: null, delta: null };
    let sa = 0;
    let sb = 0;
    for (const i of idx) {
      sa += A.summary.per_case[i][metric]!;
      sb += B.summary.per_case[i][metric]!;
    }
    return { metric, a: sa / idx.length, b: sb / idx.length, delta: (sb - sa) / idx.length };
  });
  const full = (S: SourceInternal) => idx.map((i) => S.metrics[i]!.recall_at_k.value === 1);
  const boot = pairedDeltaBootstrap(
    idx.map((i) => nd(A, i)),
    idx.map((i) => nd(B, i)),
    { rounds: policy.bootstrap_rounds, seed, confidence: policy.confidence_level },
  );
  return {
    a: A.summary.source,
    b: B.summary.source,
    population: 'answerable_with_relevant',
    n: idx.length,
    b_wins: bWins,
    a_wins: aWins,
    b_wins_count: bCount,
    a_wins_count: aCount,
    ties,
    deltas,
    mcnemar: { ...mcnemarOfSuccesses(full(A), full(B)), success: 'full_recall_at_k' },
    bootstrap: { ...boot, metric: 'ndcg_at_k' },
  };
}

function reversePair(p: PairedComparison & { bootstrap: PairedDeltaBootstrap & { metric: 'ndcg_at_k' } }): PairedComparison {
  const m = p.mcnemar;
  return {
    ...p,
    a: p.b,
    b: p.a,
    b_wins: p.a_wins,
    a_wins: p.b_wins,
    b_wins_count: p.a_wins_count,
    a_wins_count: p.b_wins_count,
    deltas: p.deltas.map((d) => ({ metric: d.metric, a: d.b, b: d.a, delta: d.delta === null ? null : -d.delta })),
    mcnemar: { ...m, b: m.c, c: m.b },
    bootstrap: { ...reverseDeltaBootstrap(p.bootstrap), metric: 'ndcg_at_k' },
  };
}

function stripEstimates(p: PairedComparison): PairedComparison {
  const { estimates: _e, ...rest } = p.bootstrap as PairedDeltaBootstrap & { metric: 'ndcg_at_k' };
  return { ...p, bootstrap: rest };
}

// ---------------------------------------------------------------------------------------------
// Slices, CIs, gate

function slicesOf(rows: CaseRow[]): SliceRow[] {
  const groups = new Map<string, CaseRow[]>();
  for (const r of rows) {
    let g = groups.get(r.slice);
    if (!g) {
      g = [];
      groups.set(r.slice, g);
    }
    g.push(r);
  }
  return [...groups].map(([slice, g]) => {
    const p = populations(g);
    const undefinedMetrics: SliceRow['undefined_metrics'] = {};
    const val = (key: keyof SliceRow['undefined_metrics'], s: PopulationStat) => {
      if (s.reason) undefinedMetrics[key] = s.reason;
      return s.value;
    };
    return {
      slice,
      cases: g.length,
      answerable_cases: g.filter((r) => r.answerable).length,
      non_answerable_cases: g.filter((r) => !r.answerable).length,
      precision_at_k: val('precision_at_k', p.precision_at_k.scoped.stat),
      recall_at_k: val('recall_at_k', p.recall_at_k.scoped.stat),
      mrr_at_k: val('mrr_at_k', p.mrr_at_k.scoped.stat),
      ndcg_at_k: val('ndcg_at_k', p.ndcg_at_k.scoped.stat),
      groundedness: val('groundedness', p.groundedness.scoped.stat),
      citation_recall: val('citation_recall', p.citation_recall.scoped.stat),
      no_answer_accuracy: val('no_answer_accuracy', p.no_answer_accuracy.scoped.stat),
      critical_failures: g.filter((r) => r.critical_failure).length,
      avg_context_tokens: val('avg_context_tokens', p.avg_context_tokens.scoped.stat),
      n: { retrieval: p.recall_at_k.scoped.stat.n, answered_answerable: p.groundedness.scoped.stat.n, unanswerable: p.no_answer_accuracy.scoped.stat.n },
      undefined_metrics: undefinedMetrics,
    };
  });
}

function bootstrapIntervals(pops: ReturnType<typeof populations>, gatePop: RagPolicy['gate_population'], policy: RagPolicy, hooks?: RunHooks): CIRow[] {
  const pv = (m: (typeof CI_METRICS)[number]) => (gatePop === 'kit' ? (pops[m].kit ?? pops[m].scoped) : pops[m].scoped);
  // metrics on the same population share the resamples
  const groups = new Map<string, (typeof CI_METRICS)[number][]>();
  for (const m of CI_METRICS) {
    const key = pv(m).members.join(',');
    const g = groups.get(key);
    if (g) g.push(m);
    else groups.set(key, [m]);
  }
  const out = new Map<string, CIRow>();
  let done = 0;
  for (const metrics of groups.values()) {
    const first = pv(metrics[0]);
    const n = first.members.length;
    if (n === 0) {
      for (const m of metrics) out.set(m, { metric: m, population: pv(m).stat.population, n: 0, estimate: null, low: null, high: null, defined_rounds: 0, reason: 'empty_population' });
      continue;
    }
    const estimates = metrics.map(() => new Float64Array(policy.bootstrap_rounds));
    const vals = metrics.map((m) => Float64Array.from(pv(m).values));
    const step = Math.max(1, Math.floor(policy.bootstrap_rounds / 50));
    // the draws of bootstrapResamples (same seed, same order), counted per case: a mean is then
    // Σ count_i · v_i / n, and the draws run in the WebAssembly kernel when there is one
    const identity = new Uint32Array(n);
    for (let i = 0; i < n; i++) identity[i] = i;
    bootstrapGroupCounts(identity, n, policy.bootstrap_rounds, policy.bootstrap_seed, (counts, round) => {
      for (let j = 0; j < metrics.length; j++) {
        const v = vals[j];
        let s = 0;
        for (let i = 0; i < n; i++) s += counts[i] * v[i];
        estimates[j][round] = s / n;
      }
      if (hooks?.progress && round % step === 0) hooks.progress('bootstrap', (done + round / policy.bootstrap_rounds) / groups.size);
    });
    done++;
    metrics.forEach((m, j) => {
      const ci = percentileInterval(estimates[j], policy.confidence_level);
      out.set(m, { metric: m, population: pv(m).stat.population, n, estimate: pv(m).stat.value, low: ci.low, high: ci.high, defined_rounds: ci.defined_rounds, reason: null });
    });
  }
  return CI_METRICS.map((m) => out.get(m)!);
}

// ---------------------------------------------------------------------------------------------
// Trace

function buildTrace(c: RagCase, e: CaseEval, k: number, sources: SourceInternal[], i: number): Trace {
  const cited = new Set(c.answer?.citations ?? []);
  const supports = new Map<string, number[]>();
  c.answer?.claims.forEach((cl, index) => {
    for (const id of new Set(cl.supporting_chunks)) {
      const l = supports.get(id) ?? [];
      l.push(index);
      supports.set(id, l);
    }
  });
  const seen = new Set<string>();
  const retrieved: TraceChunk[] = c.retrieved.map((r, j) => {
    const duplicate = seen.has(r.chunk_id);
    seen.add(r.chunk_id);
    const g = e.judgments.get(r.chunk_id);
    return {
      rank: j + 1,
      chunk_id: r.chunk_id,
      score: r.score,
      tokens: r.tokens,
      grade: g ?? null,
      relevant: !duplicate && isRelevant(g),
      duplicate,
      in_top_k: j < k,
      in_context: e.contextSet.has(r.chunk_id),
      cited: cited.has(r.chunk_id),
      supports_claims: supports.get(r.chunk_id) ?? [],
    };
  });
  const retrievedSet = new Set(c.retrieved.map((r) => r.chunk_id));
  const chunkInfo = (id: string) => ({ chunk_id: id, retrieved: retrievedSet.has(id), in_context: e.contextSet.has(id), relevant: e.relevantSet.has(id) });
  return {
    case_id: c.case_id,
    slice: c.slice,
    question: c.question,
    answerable: c.answerable,
    k,
    judgment_source: e.row.judgment_source,
    retrieved,
    judged_not_retrieved: [...e.judgments].filter(([id]) => !retrievedSet.has(id)).map(([chunk_id, grade]) => ({ chunk_id, grade, relevant: grade > 0 })),
    context: { source: e.row.context_source, chunk_ids: e.contextIds, tokens: e.row.context_tokens },
    answer: c.answer
      ? {
          abstained: c.answer.abstained,
          claims: c.answer.claims.map((cl, index) => ({
            index,
            text: cl.text,
            supported: cl.supporting_chunks.length > 0,
            supported_in_context: cl.supporting_chunks.some((id) => e.contextSet.has(id)),
            supporting_chunks: cl.supporting_chunks.map(chunkInfo),
          })),
          citations: [...new Set(c.answer.citations)].map((id) => ({ ...chunkInfo(id), grade: e.judgments.get(id) ?? null })),
        }
      : null,
    metrics: e.row,
    sources: sources.map((s) => {
      const list = s.lists[i];
      const seenIds = new Set<string>();
      return {
        source: s.summary.source,
        chunks: list.ids.map((id, j) => {
          const duplicate = seenIds.has(id);
          seenIds.add(id);
          const g = e.judgments.get(id);
          const f = list.fused;
          return {
            rank: j + 1,
            chunk_id: id,
            grade: g ?? null,
            relevant: !duplicate && isRelevant(g),
            duplicate,
            ...(f ? { fused_ranks: Array.from(f.ranks.subarray(j * f.lists, (j + 1) * f.lists), (r) => r || null), fused_score: f.scores[j] } : {}),
          };
        }),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// run / select

/**
 * Everything that depends on the input and on the heavy part of the view (k, gain, fusion): the
 * per-case rows, aggregates over both populations, bootstrap CIs, the gate, slices, every scored
 * list (cases, run, run_b, fused), the paired comparison of every pair of them, the variant
 * comparison and the trace of every case. Pure and deterministic (seeded bootstrap); reports
 * progress as 'bootstrap'. Throws only on a bug (a RangeError from core/stats for values the
 * schema already refuses).
 */
export function runRag(input: RagInput, view: RagView, hooks?: RunHooks): RagHeavy {
  const { policy, cases } = input;
  const k = view.k ?? policy.k;
  const gain: Gain = view.gain;
  const evals = cases.map((c) => evaluateCase(c, input, k, gain));
  const rows = evals.map((e) => e.row);
  const pops = populations(rows);

  const aggregate = {} as Record<AggregateKey, number | null>;
  const undefinedMetrics: RagBase['undefined_metrics'] = {};
  for (const key of AGGREGATE_KEYS) {
    if (key === 'critical_failures') {
      aggregate[key] = rows.filter((r) => r.critical_failure).length;
      continue;
    }
    const s = (pops[key].kit ?? pops[key].scoped).stat;
    aggregate[key] = s.value;
    if (s.reason) undefinedMetrics[key] = s.reason;
  }
  const aggregatePopulations = {} as RagBase['aggregate_populations'];
  for (const m of POPULATION_METRICS) {
    const kit = pops[m].kit?.stat ?? null;
    const scoped = pops[m].scoped.stat;
    aggregatePopulations[m] = { kit, scoped, differs: kit !== null && !sameStat(kit, scoped) };
  }

  const gatePop = policy.gate_population;
  const checks = gateChecks(policy, (id) => {
    if (id === 'critical_failures') return { value: aggregate.critical_failures, reason: null };
    const s = gatePop === 'kit' ? (aggregatePopulations[id].kit ?? aggregatePopulations[id].scoped) : aggregatePopulations[id].scoped;
    return { value: s.value, reason: s.reason };
  });
  const constraints: RagBase['constraints'] = {};
  for (const c of checks) constraints[c.id] = c.status === 'pass';
  // A policy with no threshold at all (the CLI's default for qrels and runs alone) is no contract:
  // nothing can be shown to hold, so the gate fails closed with its own reason.
  const { verdict, reasons } = checks.length ? verdictOf(checks) : { verdict: 'fail' as const, reasons: ['no_contract' as const] };
  const decision = { verdict, reasons };

  // scored lists
  const sourcesInternal: SourceInternal[] = [];
  const missing: MissingSource[] = [];
  const listSources = new Map<ListSource, ListOfCase[]>();
  const warnings: RagWarning[] = [];
  const caseIds = new Set(cases.map((c) => c.case_id));
  for (const s of LIST_SOURCES) {
    const lists = listsOf(s, input);
    if (!lists) {
      missing.push({ source: s, available: false, reason: 'source_missing' });
      continue;
    }
    listSources.set(s, lists);
    let empty = 0;
    if (s !== 'cases') {
      const run = s === 'run' ? input.run! : input.run_b!;
      const extra = [...run.queries.keys()].filter((q) => !caseIds.has(q));
      if (extra.length) warnings.push({ code: 'run_qids_not_in_cases', input: s, count: extra.length, examples: extra.slice(0, 10) });
      const absent = cases.filter((c) => !run.queries.has(c.case_id)).map((c) => c.case_id);
      empty = absent.length;
      if (absent.length) warnings.push({ code: 'cases_missing_from_run', input: s, count: absent.length, examples: absent.slice(0, 10) });
    }
    const label = s === 'cases' ? 'cases' : (s === 'run' ? input.run! : input.run_b!).tag;
    sourcesInternal.push(scoreSource(s, label, lists, evals, cases, k, gain, empty));
  }
  if (input.qrels) {
    const extra = [...input.qrels.queries.keys()].filter((q) => !caseIds.has(q));
    if (extra.length) warnings.push({ code: 'qrels_qids_not_in_cases', input: 'qrels', count: extra.length, examples: extra.slice(0, 10) });
  }
  const fv = view.fusion;
  const fusion: FusionSummary = { method: fv.method, k: fv.k, a: fv.a, b: fv.b, available: false, reason: null };
  const la = listSources.get(fv.a);
  const lb = listSources.get(fv.b);
  if (!la || !lb) fusion.reason = 'fusion_source_missing';
  else if (fv.a === fv.b) fusion.reason = 'fusion_same_source';
  else {
    const fused = fuse(fv, la, lb);
    if (fused === 'fusion_missing_scores') fusion.reason = fused;
    else {
      fusion.available = true;
      const label = fv.method === 'rrf' ? `rrf(k=${fv.k}; ${fv.a}, ${fv.b})` : `${fv.method}(${fv.a}, ${fv.b})`;
      sourcesInternal.push(scoreSource('fused', label, fused, evals, cases, k, gain, 0));
    }
  }
  if (!fusion.available) missing.push({ source: 'fused', available: false, reason: fusion.reason! });

  // paired comparisons of every pair of scored lists (both orders)
  const pairs = new Map<string, PairedComparison>();
  for (let x = 0; x < sourcesInternal.length; x++) {
    for (let y = x + 1; y < sourcesInternal.length; y++) {
      const p = comparePair(sourcesInternal[x], sourcesInternal[y], cases, policy, policy.bootstrap_seed) as PairedComparison & { bootstrap: PairedDeltaBootstrap & { metric: 'ndcg_at_k' } };
      pairs.set(`${p.a}|${p.b}`, stripEstimates(p));
      pairs.set(`${p.b}|${p.a}`, stripEstimates(reversePair(p)));
    }
  }

  const intervals = bootstrapIntervals(pops, gatePop, policy, hooks);
  const caseIndex = new Map<string, number>(cases.map((c, i) => [c.case_id, i]));
  const traceOf = (id: string): Trace | null => {
    const i = caseIndex.get(id);
    return i === undefined ? null : buildTrace(cases[i], evals[i], k, sourcesInternal, i);
  };
  const order = new Map<SourceId, number>(SOURCES.map((s, i) => [s, i]));
  const allSources = [...sourcesInternal.map((s) => s.summary), ...missing].sort((p, q) => order.get(p.source)! - order.get(q.source)!);

  const base: RagBase = {
    eval_name: policy.eval_name,
    k,
    cases: cases.length,
    answerable_cases: cases.filter((c) => c.answerable).length,
    non_answerable_cases: cases.filter((c) => !c.answerable).length,
    aggregate,
    constraints,
    decision,
    per_case: rows,
    checks,
    undefined_metrics: undefinedMetrics,
    gain,
    k_source: view.k === null ? 'policy' : 'view',
    policy_k: policy.k,
    gate_population: gatePop,
    aggregate_populations: aggregatePopulations,
    bootstrap: { seed: policy.bootstrap_seed, rounds: policy.bootstrap_rounds, confidence: policy.confidence_level, population: gatePop, intervals },
    slices: slicesOf(rows),
    retrieval: { sources: allSources, fusion },
    comparison: input.variants ? compareVariants(input.variants, policy.variant_gate) : null,
    comparison_reason: input.variants ? null : 'no_variants',
    warnings,
  };
  return { base, pairs, traceOf, firstCase: cases[0].case_id };
}

/** The scorecard for a view: the heavy result plus the compared pair and the trace case it names. */
export function selectRag(heavy: RagHeavy, view: RagView): RagResult {
  const { a, b } = view.compare;
  const pair = heavy.pairs.get(`${a}|${b}`) ?? null;
  const traceId = view.trace_case ?? heavy.firstCase;
  const trace = heavy.traceOf(traceId);
  return {
    ...heavy.base,
    paired: a === b ? null : pair,
    paired_reason: a === b ? 'same_source' : pair ? null : 'source_missing',
    trace,
    trace_reason: trace ? null : 'unknown_case',
    conventions: RANKING_CONVENTIONS,
  };
}
