/**
 * The RAG engine's codes: why a value is undefined, the kit's diagnosis and the layer of the chain
 * each finding belongs to (labs/rag/engine.ts is the entry; its module comment is the spec).
 */

/** Why a per-case value is undefined, or why a case is left out of a population. */
export type CaseReason = 'not_answerable' | 'answerable' | 'no_relevant_chunks' | 'no_claims' | 'no_citations' | 'no_answer_recorded' | 'abstained' | 'no_token_counts';
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

/**
 * Metrics with a bootstrap CI: the mean-type aggregates, i.e. the aggregates with a population
 * (all but the count of critical failures), in POPULATION_METRICS's order.
 */
export const CI_METRICS: readonly Extract<PopulationMetric, AggregateKey>[] = POPULATION_METRICS.filter((m): m is Extract<PopulationMetric, AggregateKey> =>
  (AGGREGATE_KEYS as readonly string[]).includes(m),
);

/**
 * The ranking conventions, stated beside the metrics so that a figure that differs from
 * trec_eval's can be explained: ties in a run's scores keep the file's order (trec_eval's
 * form_res_rels.c sorts by score, then by docid in descending order); a case (query) with no line
 * in a run is an empty list, 0 on every metric, as `trec_eval -c` counts a qrels query missing from
 * the results (without -c trec_eval averages over the queries in both files only); precision@k,
 * hit@k and context precision are averaged over the answerable queries; recall@k, MRR and nDCG@k
 * over the answerable queries with at least one relevant judged document (trec_eval also averages
 * in a judged query with no relevant document, as 0: m_recall.c returns 0 when num_rel is 0).
 * Source: trec_eval 9's README and `-c` help text.
 */
export const RANKING_CONVENTIONS = {
  tie_rule: 'score_desc_then_file_order',
  missing_from_run: 'empty_list',
  averaged_over: {
    precision_at_k: 'answerable',
    hit_at_k: 'answerable',
    context_precision: 'answerable',
    recall_at_k: 'answerable_with_relevant',
    mrr: 'answerable_with_relevant',
    ndcg_at_k: 'answerable_with_relevant',
  },
} as const;
