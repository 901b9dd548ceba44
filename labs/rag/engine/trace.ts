/**
 * The RAG engine's trace view of one case: every retrieved chunk with its grade, whether it reached
 * the context, the claims it supports and whether it was cited.
 */
import type { RagCase } from '../schema.ts';
import type { Trace, TraceChunk } from './types.ts';
import { isRelevant } from './per_case.ts';
import type { CaseEval } from './per_case.ts';
import type { SourceInternal } from './lists.ts';

/**
 * The trace view of case `i`: every retrieved chunk with its rank, grade, whether it reached the
 * context, the claims it supports and whether it was cited, and the other scored lists' ranks.
 */
export function buildTrace(c: RagCase, e: CaseEval, k: number, sources: SourceInternal[], i: number): Trace {
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
      tokens: c.retrieved_from !== null ? null : r.tokens,
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
    list_source: e.row.list_source,
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
