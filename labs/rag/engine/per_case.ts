/**
 * The RAG engine, per case: judgments, retrieval metrics at k, groundedness, citations, the kit's
 * diagnosis and the first layer that failed (labs/rag/engine.ts is the entry; its module comment
 * lists the deliberate differences from the kit).
 */
import { rankingMetrics, resolveGrades } from '../../core/stats/ranking.ts';
import type { Gain, RankingMetrics } from '../../core/stats/ranking.ts';
import type { RagCase, RagInput } from '../schema.ts';
import { LAYER_OF } from './codes.ts';
import type { Diagnosis, LayerDiagnosis, RetrievalMetric } from './codes.ts';
import type { CaseRow } from './types.ts';

export interface CaseEval {
  row: CaseRow;
  judgments: Map<string, number>;
  judgedGrades: Float64Array;
  contextIds: string[];
  contextSet: Set<string>;
  relevantSet: Set<string>;
  metrics: RankingMetrics | null;
}

/**
 * Whether a judgment grade makes a chunk relevant: graded and above 0 (a grade <= 0 is judged not
 * relevant).
 */
export const isRelevant = (g: number | undefined): boolean => g !== undefined && g > 0;

function judgmentsOf(c: RagCase, input: RagInput): { map: Map<string, number>; source: 'gold_chunks' | 'qrels' } {
  const q = input.qrels?.queries.get(c.case_id);
  return q ? { map: new Map(q), source: 'qrels' } : { map: new Map(c.gold), source: 'gold_chunks' };
}

/**
 * Everything about one case that does not depend on other cases: judgments, retrieval metrics at
 * k, groundedness and citations, the kit's diagnosis and the first layer that failed.
 */
export function evaluateCase(c: RagCase, input: RagInput, k: number, gain: Gain): CaseEval {
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
  // a TREC run carries no token counts: the context's size is unknown, not 0
  if (c.retrieved_from !== null) undefinedMetrics.context_tokens = 'no_token_counts';
  const contextTokens = c.retrieved_from !== null ? null : c.context_chunks ? c.context_chunks.reduce((s, id) => s + (tokensOf.get(id) ?? 0), 0) : c.retrieved.slice(0, k).reduce((s, r) => s + r.tokens, 0);
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
    list_source: c.retrieved_from ?? 'cases',
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
