/**
 * The RAG engine's populations: each aggregate over the kit's population and over its right one
 * (scoped), with who is left out and why (labs/rag/engine.ts module comment, 'Populations').
 */
import type { AggregateReason, CaseReason, PopulationId, PopulationMetric, RetrievalMetric } from './codes.ts';
import type { CaseRow, PopulationStat } from './types.ts';

/** A case's contribution to a mean: its value, or the reason it is left out. */
export type CasePick = number | CaseReason;

interface PopValues {
  stat: PopulationStat;
  members: number[];
  values: number[];
}

/**
 * The values of one aggregate over a population: `pick` gives a case's value or the reason it is
 * left out; the stat is their mean, undefined with `emptyReason` when nobody is in.
 */
export function population<R extends { case_id: string }>(rows: readonly R[], pick: (r: R, i: number) => CasePick, id: PopulationId, emptyReason: AggregateReason = 'empty_population'): PopValues {
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

const orReason = (v: number | null, r: CaseRow, key: keyof CaseRow['undefined_metrics']): CasePick => (v !== null ? v : (r.undefined_metrics[key] ?? 'not_answerable'));

/** Scoped answer-layer pick: answerable cases that answered. */
function answered(r: CaseRow, v: number | null, key: keyof CaseRow['undefined_metrics']): CasePick {
  if (!r.answerable) return 'not_answerable';
  if (r.answered === null) return 'no_answer_recorded';
  if (!r.answered) return 'abstained';
  return orReason(v, r, key);
}

function noAnswerPick(r: CaseRow): CasePick {
  if (r.answerable) return 'answerable';
  if (r.answered === null) return 'no_answer_recorded';
  return r.answered ? 0 : 1;
}

/**
 * Every aggregate over the kit's population and over the scoped one (labs/rag/engine.ts module
 * comment, 'Populations'); kit is null where the kit has no such figure.
 */
export function populations(rows: readonly CaseRow[]): Record<PopulationMetric, { kit: PopValues | null; scoped: PopValues }> {
  const ret = (key: RetrievalMetric, id: PopulationId = 'answerable') => {
    const p = population(rows, (r) => orReason(r[key], r, key), id);
    return { kit: p, scoped: p };
  };
  // an answer-layer metric: over the cases that have what it reads (kit), and over the answerable cases that answered (scoped)
  const answer = (key: 'groundedness' | 'groundedness_in_context' | 'citation_precision' | 'citation_recall', id: PopulationId) => ({
    kit: population(rows, (r) => orReason(r[key], r, key), id),
    scoped: population(rows, (r) => answered(r, r[key], key), 'answered_answerable'),
  });
  return {
    precision_at_k: ret('precision_at_k'),
    recall_at_k: ret('recall_at_k'),
    hit_at_k: ret('hit_at_k'),
    mrr: ret('reciprocal_rank'),
    mrr_at_k: ret('reciprocal_rank_at_k'),
    ndcg_at_k: ret('ndcg_at_k'),
    context_precision: ret('context_precision'),
    groundedness: answer('groundedness', 'cases_with_claims'),
    groundedness_in_context: answer('groundedness_in_context', 'cases_with_claims'),
    citation_precision: answer('citation_precision', 'cases_with_citations'),
    citation_recall: answer('citation_recall', 'cases_with_relevant_chunks'),
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
      const p = population(rows, (r) => r.context_tokens ?? r.undefined_metrics.context_tokens ?? 'no_token_counts', 'all_cases');
      return { kit: p, scoped: p };
    })(),
  };
}

/** Whether two population stats are the same figure: as many members and the same value (both null included). */
export function sameStat(a: PopulationStat, b: PopulationStat): boolean {
  return a.n === b.n && a.value === b.value;
}
