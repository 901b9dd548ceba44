/**
 * RAG lab benchmark: 10^5 synthetic queries with 100 retrieved chunks each (about 5 % relevant,
 * graded 1-3, and 5 judged chunks per query), every ranking metric at k = 10. Timed:
 *   - the ranking kernel on typed arrays (labs/core/stats/ranking.ts, rankingMetricsBatch): the
 *     lab's target, under 1 s in Node 22;
 *   - the same from string chunk ids and per-query judgment maps (rankingMetricsForIds, what the
 *     engine does for every scored list), same target;
 *   - reciprocal rank fusion of two such runs for 10^4 queries (labs/core/stats/fusion.ts);
 *   - the whole lab (parse the cases text + run + select) on 10^4 cases with the kit's policy and
 *     2000 bootstrap rounds.
 * Data come from a seeded generator (labs/core/stats/rng.ts), never Math.random.
 *
 * To register it (bench/run.ts is edited by the lead engineer): import { ragSuite } from
 * './rag.bench.ts' and add ragSuite to `suites`; then `npm run bench -- rag`.
 */
import type { BenchCase, BenchSuite } from './run.ts';
import { PyRandom } from '../labs/core/stats/rng.ts';
import { rankingMetricsBatch, rankingMetricsForIds } from '../labs/core/stats/ranking.ts';
import type { RankingBatch } from '../labs/core/stats/ranking.ts';
import { reciprocalRankFusion } from '../labs/core/stats/fusion.ts';
import { lab } from '../labs/rag/lab.ts';
import type { RagHeavy } from '../labs/rag/engine.ts';
import { defaultRagView } from '../labs/rag/view.ts';

const Q = 100_000;
const LIST = 100;
const K = 10;

/** A batch of q queries in compressed rows (grades at ranks, judged grades). */
export function syntheticBatch(q: number, list: number, seed = 20260531): RankingBatch {
  const rng = new PyRandom(seed);
  const rankOffsets = new Uint32Array(q + 1);
  const judgedOffsets = new Uint32Array(q + 1);
  const rankGrades = new Uint8Array(q * list);
  const judged: number[] = [];
  for (let i = 0; i < q; i++) {
    rankOffsets[i + 1] = rankOffsets[i] + list;
    for (let j = 0; j < list; j++) rankGrades[i * list + j] = rng.randrange(20) === 0 ? 1 + rng.randrange(3) : 0;
    for (let j = 0; j < 5; j++) judged.push(rng.randrange(4));
    judgedOffsets[i + 1] = judged.length;
  }
  return { rankOffsets, rankGrades, judgedOffsets, judgedGrades: Uint8Array.from(judged) };
}

interface IdQuery {
  ids: string[];
  judgments: Map<string, number>;
  judged: Float64Array;
}

/** q queries as chunk-id lists (ids drawn from a pool of 5000 chunks) with 5 judged chunks each. */
export function syntheticIdQueries(q: number, list: number, seed = 20260601): IdQuery[] {
  const rng = new PyRandom(seed);
  const out: IdQuery[] = [];
  for (let i = 0; i < q; i++) {
    const ids: string[] = [];
    for (let j = 0; j < list; j++) ids.push(`doc-${rng.randrange(5000)}#s${j % 7}`);
    const judgments = new Map<string, number>();
    for (let j = 0; j < 5; j++) judgments.set(rng.randrange(4) === 0 ? `doc-${rng.randrange(5000)}#s0` : ids[rng.randrange(list)], 1 + rng.randrange(3));
    out.push({ ids, judgments, judged: Float64Array.from(judgments.values()) });
  }
  return out;
}

/** The lab's texts for n synthetic cases (kit shape: 5 retrieved, 1 in 5 unanswerable). */
export function syntheticRagTexts(n: number, seed = 20260602): Record<string, string> {
  const rng = new PyRandom(seed);
  const cases = [];
  for (let i = 0; i < n; i++) {
    const answerable = i % 5 !== 4;
    const retrieved = Array.from({ length: 5 }, (_, j) => ({ chunk_id: `c${rng.randrange(500)}`, score: 1 - j / 10, tokens: 100 + rng.randrange(100) }));
    const gold = answerable ? { [retrieved[rng.randrange(5)].chunk_id]: 1 + rng.randrange(3), [`c${rng.randrange(500)}`]: rng.randrange(4) } : {};
    const abstained = rng.randrange(4) === 0;
    cases.push({
      case_id: `q${i}`,
      slice: `s${i % 6}`,
      answerable,
      gold_chunks: gold,
      retrieved,
      answer: {
        abstained,
        citations: abstained ? [] : [retrieved[0].chunk_id],
        claims: abstained ? [] : [{ text: 'x', supporting_chunks: rng.randrange(3) ? [retrieved[0].chunk_id] : [] }],
      },
    });
  }
  const policy = { k: 3, min_recall_at_k: 0.75, min_ndcg_at_k: 0.7, min_groundedness: 0.85, min_citation_recall: 0.75, min_no_answer_accuracy: 0.9, max_critical_failures: 0, max_avg_context_tokens: 520 };
  return { cases: JSON.stringify(cases), policy: JSON.stringify(policy) };
}

export const ragSuite: BenchSuite = {
  name: 'rag',
  cases(): BenchCase<any, any>[] {
    return [
      {
        name: 'ranking kernel: every metric at k = 10',
        n: Q,
        setup: () => syntheticBatch(Q, LIST),
        run: (b: RankingBatch) => rankingMetricsBatch(b, K),
        targetMs: 1000,
        python: { kind: 'rag', arrays: (b: RankingBatch) => ({ rank_grades: Uint8Array.from(b.rankGrades), judged_grades: Uint8Array.from(b.judgedGrades) }), params: { queries: Q, list: LIST, k: K } },
      },
      {
        name: 'ranking from chunk ids (rankingMetricsForIds)',
        n: Q,
        setup: () => syntheticIdQueries(Q, LIST),
        run: (qs: IdQuery[]) => {
          let s = 0;
          for (const q of qs) s += rankingMetricsForIds(q.ids, q.judgments, K, 'exponential', q.judged).precision_at_k.value!;
          return s;
        },
        runs: 3,
        targetMs: 1000,
      },
      {
        name: 'RRF of two runs (k = 60)',
        n: Q / 10,
        setup: () => {
          const a = syntheticIdQueries(Q / 10, LIST, 1);
          const b = syntheticIdQueries(Q / 10, LIST, 2);
          return a.map((x, i) => [x.ids, b[i].ids]);
        },
        run: (pairs: string[][][]) => {
          let s = 0;
          for (const p of pairs) s += reciprocalRankFusion(p, 60).ids.length;
          return s;
        },
        runs: 3,
      },
      {
        name: 'lab: parse + run + select, 2000 bootstrap rounds',
        n: 10_000,
        setup: () => syntheticRagTexts(10_000),
        run: (texts: Record<string, string>) => {
          const p = lab.parse(texts, 'es');
          if (!p.ok) throw new Error(JSON.stringify(p.issues.slice(0, 3)));
          return lab.select(lab.run(p.value, defaultRagView) as RagHeavy, defaultRagView);
        },
        runs: 3,
      },
    ];
  },
};
