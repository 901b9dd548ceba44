/**
 * The RAG engine's scored lists: the cases' own lists, TREC runs and fused lists (RRF, CombSUM,
 * CombMNZ, labs/core/stats/fusion.ts) scored the same way, and the paired per-case comparison of
 * any two of them (McNemar and a paired bootstrap, labs/core/stats/paired.ts).
 */
import { rankingMetricsForIds } from '../../core/stats/ranking.ts';
import type { Gain, RankingMetrics } from '../../core/stats/ranking.ts';
import { combMnz, combSum, reciprocalRankFusion } from '../../core/stats/fusion.ts';
import type { FusedList } from '../../core/stats/fusion.ts';
import type { RagCase, RagInput, RagPolicy } from '../schema.ts';
import type { ListSource, RagView, SourceId } from '../view.ts';
import { mcnemarOfSuccesses, pairedDeltaBootstrap, reverseDeltaBootstrap } from '../../core/stats/paired.ts';
import type { PairedDeltaBootstrap } from '../../core/stats/paired.ts';
import { RETRIEVAL_METRICS } from './codes.ts';
import type { RetrievalMetric } from './codes.ts';
import type { PairedComparison, ScoredSource, SourceCaseRow } from './types.ts';
import type { CaseEval } from './per_case.ts';
import { population } from './populations.ts';
import type { CasePick } from './populations.ts';

export interface ListOfCase {
  ids: string[];
  scores: (number | null)[];
  fused?: FusedList;
}

export interface SourceInternal {
  summary: ScoredSource;
  lists: ListOfCase[];
  metrics: (RankingMetrics | null)[];
}

/**
 * The ranked list of every case from `source` (the cases' own retrieved lists, a TREC run), or
 * null when the input has no such source.
 */
export function listsOf(source: ListSource, input: RagInput): ListOfCase[] | null {
  if (source === 'cases') return input.cases.map((c) => ({ ids: c.retrieved.map((r) => r.chunk_id), scores: c.retrieved.map((r) => r.score) }));
  const run = source === 'run' ? input.run : input.run_b;
  if (!run) return null;
  return input.cases.map((c) => {
    const l = run.queries.get(c.case_id);
    return l ? { ids: l.ids, scores: l.scores } : { ids: [], scores: [] };
  });
}

const SOURCE_AGG = ['precision_at_k', 'recall_at_k', 'hit_at_k', 'mrr', 'mrr_at_k', 'dcg_at_k', 'ndcg_at_k', 'context_precision'] as const;

/**
 * Scores one source's lists like the cases' own: per-case ranking metrics at k against the case's
 * judgments, and their means over the answerable cases with a relevant chunk (undefined, with the
 * reason, when there are none).
 */
export function scoreSource(source: SourceId, label: string, lists: ListOfCase[], evals: CaseEval[], cases: RagCase[], k: number, gain: Gain, emptyCases: number): SourceInternal {
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
  const mean = (key: RetrievalMetric) => population(per_case, (r): CasePick => r[key] ?? r.undefined_metrics[key] ?? 'not_answerable', 'answerable').stat;
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

/**
 * Fuses two sources' lists per case (RRF, CombSUM or CombMNZ, labs/core/stats/fusion.ts);
 * 'fusion_missing_scores' when a score-based fusion meets a list without scores.
 */
export function fuse(view: RagView['fusion'], a: ListOfCase[], b: ListOfCase[]): ListOfCase[] | 'fusion_missing_scores' {
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

/**
 * The paired per-case comparison of two scored lists: hit@k as McNemar successes and a paired
 * bootstrap of the nDCG@k delta (labs/core/stats/paired.ts), seeded with `seed`.
 */
export function comparePair(A: SourceInternal, B: SourceInternal, cases: RagCase[], policy: RagPolicy, seed: number): PairedComparison {
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

/**
 * The same comparison with the two lists swapped (deltas negated, McNemar's b and c exchanged),
 * without a second bootstrap.
 */
export function reversePair(p: PairedComparison & { bootstrap: PairedDeltaBootstrap & { metric: 'ndcg_at_k' } }): PairedComparison {
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

/**
 * The comparison without its per-round bootstrap estimates (kept only while the pair is being
 * built).
 */
export function stripEstimates(p: PairedComparison): PairedComparison {
  const { estimates: _e, ...rest } = p.bootstrap as PairedDeltaBootstrap & { metric: 'ndcg_at_k' };
  return { ...p, bootstrap: rest };
}
