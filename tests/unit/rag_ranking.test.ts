/**
 * labs/core/stats/ranking.ts: every metric against hand calculations written here (the kit's
 * cases, k larger than the list, no relevant chunk, a chunk graded 0, repeated ids, an empty list,
 * linear gain), the batch kernel against the one-query function, and nDCG@k against scikit-learn's
 * ndcg_score (tests/golden/ranking_sklearn.json, scripts/golden/ranking_sklearn.py).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gainOf, rankingMetrics, rankingMetricsBatch, rankingMetricsForIds, resolveGrades } from '../../labs/core/stats/ranking.ts';
import type { Gain, RankingMetrics } from '../../labs/core/stats/ranking.ts';

const v = (m: { value: number | null }) => m.value;
const judged = (o: Record<string, number>) => new Map(Object.entries(o));
const L3 = Math.log2(3);

describe('rankingMetrics: hand calculations', () => {
  it("the kit's rag_002 (one of two gold chunks at rank 1, k = 3)", () => {
    const m = rankingMetricsForIds(['plazos', 'tasas', 'becas'], judged({ plazos: 2, pagos: 3 }), 3);
    expect(v(m.precision_at_k)).toBeCloseTo(1 / 3, 15);
    expect(v(m.recall_at_k)).toBe(0.5);
    expect(v(m.hit_at_k)).toBe(1);
    expect(v(m.reciprocal_rank)).toBe(1);
    expect(v(m.reciprocal_rank_at_k)).toBe(1);
    // DCG = (2^2 − 1)/log2(2) = 3; IDCG = (2^3 − 1)/1 + (2^2 − 1)/log2(3)
    expect(v(m.dcg_at_k)).toBe(3);
    expect(v(m.idcg_at_k)).toBeCloseTo(7 + 3 / L3, 14);
    expect(v(m.ndcg_at_k)).toBeCloseTo(3 / (7 + 3 / L3), 14);
    expect(v(m.ndcg_at_k)!).toBeCloseTo(0.3374, 4); // the kit's printed value
    expect(v(m.context_precision_at_k)).toBe(1);
    expect(m.relevant).toBe(2);
    expect(m.relevant_in_top_k).toBe(1);
    expect(m.first_relevant_rank).toBe(1);
  });

  it("the kit's rag_003: the gold chunk at rank 4, outside k = 3 (RR 0.25 over the full list, RR@3 = 0)", () => {
    const m = rankingMetricsForIds(['a', 'b', 'c', 'gold'], judged({ gold: 3 }), 3);
    expect([v(m.precision_at_k), v(m.recall_at_k), v(m.hit_at_k)]).toEqual([0, 0, 0]);
    expect(v(m.reciprocal_rank)).toBe(0.25);
    expect(v(m.reciprocal_rank_at_k)).toBe(0);
    expect(v(m.dcg_at_k)).toBe(0);
    expect(v(m.idcg_at_k)).toBe(7);
    expect(v(m.ndcg_at_k)).toBe(0);
    expect(v(m.context_precision_at_k)).toBe(0);
    expect(m.first_relevant_rank).toBe(4);
  });

  it('linear gain: the same list gives DCG 2 and IDCG 3 + 2/log2(3)', () => {
    const m = rankingMetricsForIds(['plazos', 'tasas', 'becas'], judged({ plazos: 2, pagos: 3 }), 3, 'linear');
    expect(v(m.dcg_at_k)).toBe(2);
    expect(v(m.idcg_at_k)).toBeCloseTo(3 + 2 / L3, 14);
    expect(v(m.ndcg_at_k)).toBeCloseTo(2 / (3 + 2 / L3), 14);
  });

  it('k larger than the list: precision@k still divides by k, sums run over the ranks that exist', () => {
    const m = rankingMetricsForIds(['A'], judged({ A: 1, B: 2 }), 5);
    expect(v(m.precision_at_k)).toBe(1 / 5);
    expect(v(m.recall_at_k)).toBe(0.5);
    expect(v(m.dcg_at_k)).toBe(1);
    expect(v(m.idcg_at_k)).toBeCloseTo(3 + 1 / L3, 14);
    expect(v(m.ndcg_at_k)).toBeCloseTo(1 / (3 + 1 / L3), 14);
    expect(v(m.context_precision_at_k)).toBe(1);
    expect(m.retrieved).toBe(1);
  });

  it('a judged chunk graded 0 is not relevant and has no gain', () => {
    const m = rankingMetricsForIds(['A', 'B'], judged({ A: 0, B: 2 }), 2);
    expect(m.relevant).toBe(1);
    expect(v(m.precision_at_k)).toBe(0.5);
    expect(v(m.recall_at_k)).toBe(1);
    expect(v(m.reciprocal_rank)).toBe(0.5);
    expect(v(m.dcg_at_k)).toBeCloseTo(3 / L3, 15);
    expect(v(m.idcg_at_k)).toBe(3);
    expect(v(m.ndcg_at_k)).toBeCloseTo(1 / L3, 15);
    expect(v(m.context_precision_at_k)).toBe(0.5);
  });

  it('a negative grade (TREC junk, −2) is not relevant either', () => {
    const m = rankingMetricsForIds(['J', 'B'], judged({ J: -2, B: 1 }), 2);
    expect(m.relevant).toBe(1);
    expect(v(m.dcg_at_k)).toBeCloseTo(1 / L3, 15);
    expect(gainOf(-2)).toBe(0);
  });

  it('no relevant chunk (no judgments, or only grade 0): recall, RR, nDCG and context precision undefined', () => {
    for (const j of [judged({}), judged({ A: 0 })]) {
      const m = rankingMetricsForIds(['A', 'B'], j, 3);
      expect(m.relevant).toBe(0);
      expect(v(m.precision_at_k)).toBe(0);
      expect(v(m.hit_at_k)).toBe(0);
      expect(v(m.dcg_at_k)).toBe(0);
      expect(v(m.idcg_at_k)).toBe(0);
      for (const key of ['recall_at_k', 'reciprocal_rank', 'reciprocal_rank_at_k', 'ndcg_at_k', 'context_precision_at_k'] as const) {
        expect(m[key]).toEqual({ value: null, reason: 'no_relevant_chunks' });
      }
    }
  });

  it('a repeated chunk id counts once, at its first rank (the copy keeps its position)', () => {
    const r = resolveGrades(['A', 'A', 'B'], judged({ A: 3, B: 1 }));
    expect(Array.from(r.grades)).toEqual([3, 0, 1]);
    expect(r.duplicate_ranks).toEqual([2]);
    const m = rankingMetricsForIds(['A', 'A', 'B'], judged({ A: 3, B: 1 }), 3);
    expect(v(m.precision_at_k)).toBeCloseTo(2 / 3, 15);
    expect(v(m.recall_at_k)).toBe(1);
    // DCG = 7/log2(2) + 0 + 1/log2(4) = 7.5; IDCG = 7 + 1/log2(3)
    expect(v(m.dcg_at_k)).toBe(7.5);
    expect(v(m.ndcg_at_k)).toBeCloseTo(7.5 / (7 + 1 / L3), 14);
    // relevant at ranks 1 and 3: (P@1 + P@3) / 2 = (1 + 2/3) / 2
    expect(v(m.context_precision_at_k)).toBeCloseTo(5 / 6, 15);
  });

  it('an empty run for a query: everything 0 (relevant chunks exist), first rank null', () => {
    const m = rankingMetricsForIds([], judged({ A: 1 }), 3);
    expect([v(m.precision_at_k), v(m.recall_at_k), v(m.hit_at_k), v(m.reciprocal_rank), v(m.reciprocal_rank_at_k), v(m.ndcg_at_k), v(m.context_precision_at_k)]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(m.first_relevant_rank).toBeNull();
    expect(m.retrieved).toBe(0);
  });

  it('context precision: relevant at ranks 1, 3 and 5 of 5 gives (1 + 2/3 + 3/5) / 3', () => {
    const m = rankingMetrics([1, 0, 1, 0, 1], [1, 1, 1], 5);
    expect(v(m.context_precision_at_k)).toBeCloseTo((1 + 2 / 3 + 3 / 5) / 3, 15);
    // and cut at k = 2: only rank 1 counts
    expect(v(rankingMetrics([1, 0, 1, 0, 1], [1, 1, 1], 2).context_precision_at_k)).toBe(1);
  });

  it('ties in retrieval scores keep the list order: the metrics read positions, never scores', () => {
    // two chunks with the same score in either order give different DCG: the list decides
    const a = rankingMetricsForIds(['X', 'Y'], judged({ X: 3, Y: 1 }), 2);
    const b = rankingMetricsForIds(['Y', 'X'], judged({ X: 3, Y: 1 }), 2);
    expect(v(a.dcg_at_k)).toBeCloseTo(7 + 1 / L3, 14);
    expect(v(b.dcg_at_k)).toBeCloseTo(1 + 7 / L3, 14);
  });

  it('the ideal ranking uses every judged chunk, also those not retrieved, cut at k', () => {
    const m = rankingMetricsForIds(['x', 'A'], judged({ A: 1, B: 3, C: 2, D: 3 }), 2);
    expect(v(m.idcg_at_k)).toBeCloseTo(7 + 7 / L3, 14);
    expect(v(m.dcg_at_k)).toBeCloseTo(1 / L3, 15);
  });

  it('rejects bad k and non-finite grades', () => {
    expect(() => rankingMetrics([1], [1], 0)).toThrow(RangeError);
    expect(() => rankingMetrics([1], [1], 1.5)).toThrow(RangeError);
    expect(() => rankingMetrics([NaN], [1], 1)).toThrow(RangeError);
    expect(() => rankingMetrics([1], [Infinity], 1)).toThrow(RangeError);
    expect(() => rankingMetrics([2000], [2000], 1)).toThrow(RangeError); // 2^2000 overflows
    expect(() => gainOf(NaN)).toThrow(RangeError);
  });

  it('rankingMetricsForIds (top k resolved, the rest only searched) agrees with the full resolution', () => {
    // repeated ids inside and beyond k, relevant chunks beyond k, k above and below 32
    const ids = ['a', 'b', 'a', 'c', 'd', 'b', 'e', 'f', 'g', 'h', 'a', 'z', ...Array.from({ length: 40 }, (_, i) => `p${i % 30}`), 'w'];
    const j = judged({ z: 2, w: 3, p7: 1, c: 0 });
    for (const k of [1, 3, 10, 40, 60]) {
      const full = rankingMetrics(resolveGrades(ids, j).grades, Float64Array.from(j.values()), k);
      expect(rankingMetricsForIds(ids, j, k)).toEqual(full);
    }
    expect(rankingMetricsForIds(ids, j, 3).first_relevant_rank).toBe(12);
  });

  it('many judged chunks with a large k take the sorting path and give the same IDCG', () => {
    const grades = Array.from({ length: 300 }, (_, i) => (i * 7) % 4);
    const sorted = [...grades].sort((x, y) => y - x);
    const m = rankingMetrics([], grades, 50, 'linear');
    let idcg = 0;
    for (let i = 0; i < 50; i++) idcg += sorted[i] / Math.log2(i + 2);
    expect(v(m.idcg_at_k)).toBeCloseTo(idcg, 10);
  });
});

describe('rankingMetricsBatch', () => {
  const queries: { grades: number[]; judged: number[] }[] = [
    { grades: [2, 0, 0], judged: [2, 3] },
    { grades: [0, 0, 0, 3], judged: [3] },
    { grades: [], judged: [1] },
    { grades: [0, 0], judged: [] },
    { grades: [3, 0, 1], judged: [3, 1] },
  ];
  const pack = () => {
    const ro = new Uint32Array(queries.length + 1);
    const jo = new Uint32Array(queries.length + 1);
    queries.forEach((q, i) => {
      ro[i + 1] = ro[i] + q.grades.length;
      jo[i + 1] = jo[i] + q.judged.length;
    });
    return {
      rankOffsets: ro,
      rankGrades: Float64Array.from(queries.flatMap((q) => q.grades)),
      judgedOffsets: jo,
      judgedGrades: Float64Array.from(queries.flatMap((q) => q.judged)),
    };
  };
  for (const gain of ['exponential', 'linear'] as Gain[]) {
    it(`equals the one-query function for every query (${gain}), and its means leave out queries without a relevant chunk`, () => {
      const b = rankingMetricsBatch(pack(), 3, gain);
      const singles: RankingMetrics[] = queries.map((q) => rankingMetrics(q.grades, q.judged, 3, gain));
      singles.forEach((s, i) => {
        expect(b.precision_at_k[i]).toBe(s.precision_at_k.value);
        expect(b.dcg_at_k[i]).toBe(s.dcg_at_k.value);
        expect(b.idcg_at_k[i]).toBe(s.idcg_at_k.value);
        expect(b.relevant[i]).toBe(s.relevant);
        if (s.relevant > 0) {
          expect(b.recall_at_k[i]).toBe(s.recall_at_k.value);
          expect(b.ndcg_at_k[i]).toBe(s.ndcg_at_k.value);
          expect(b.reciprocal_rank[i]).toBe(s.reciprocal_rank.value);
          expect(b.context_precision_at_k[i]).toBe(s.context_precision_at_k.value);
        }
      });
      expect(b.queries_with_relevant).toBe(4);
      // recall: (1/2 + 0 + 0 + 1) / 4 (query 3 has no relevant chunk); precision over all 5
      expect(b.means.recall_at_k.value).toBeCloseTo(1.5 / 4, 15);
      expect(b.means.precision_at_k.value).toBeCloseTo((1 / 3 + 0 + 0 + 0 + 2 / 3) / 5, 15);
      // MRR over the full list: (1 + 1/4 + 0 + 1) / 4; MRR@3: (1 + 0 + 0 + 1) / 4
      expect(b.means.mrr.value).toBeCloseTo(2.25 / 4, 15);
      expect(b.means.mrr_at_k.value).toBeCloseTo(0.5, 15);
    });
  }
  it('an empty batch has undefined means; malformed offsets throw', () => {
    const b = rankingMetricsBatch({ rankOffsets: new Uint32Array(1), rankGrades: new Float64Array(0), judgedOffsets: new Uint32Array(1), judgedGrades: new Float64Array(0) }, 10);
    expect(b.means.ndcg_at_k).toEqual({ value: null, reason: 'no_queries' });
    expect(() => rankingMetricsBatch({ rankOffsets: Uint32Array.from([0, 2]), rankGrades: new Float64Array(1), judgedOffsets: Uint32Array.from([0, 0]), judgedGrades: new Float64Array(0) }, 3)).toThrow(RangeError);
    const none = rankingMetricsBatch({ rankOffsets: Uint32Array.from([0, 1]), rankGrades: Float64Array.from([0]), judgedOffsets: Uint32Array.from([0, 0]), judgedGrades: new Float64Array(0) }, 3);
    expect(none.means.recall_at_k).toEqual({ value: null, reason: 'no_relevant_chunks' });
    expect(none.means.precision_at_k.value).toBe(0);
  });
});

interface GoldenQuery {
  name: string;
  retrieved: number[];
  unretrieved: number[];
  k: number;
  ndcg_linear: number;
  ndcg_exponential: number;
}
const golden = JSON.parse(readFileSync(new URL('../golden/ranking_sklearn.json', import.meta.url), 'utf8')) as {
  sklearn_version: string;
  queries: GoldenQuery[];
  ties: { retrieved: number[]; k: number; ndcg_linear: number };
  no_relevant: { retrieved: number[]; k: number; ndcg_linear: number };
};

describe('nDCG@k against scikit-learn ' + golden.sklearn_version + ' (ndcg_score)', () => {
  it('has the hand-picked and the random queries', () => {
    expect(golden.queries.length).toBeGreaterThanOrEqual(48);
  });
  for (const q of golden.queries) {
    it(`${q.name}: linear gain, and exponential gain through 2^rel − 1`, () => {
      const judgedGrades = [...q.retrieved, ...q.unretrieved];
      expect(rankingMetrics(q.retrieved, judgedGrades, q.k, 'linear').ndcg_at_k.value).toBeCloseTo(q.ndcg_linear, 12);
      expect(rankingMetrics(q.retrieved, judgedGrades, q.k, 'exponential').ndcg_at_k.value).toBeCloseTo(q.ndcg_exponential, 12);
    });
  }
  it('documented difference: sklearn averages tied scores, the lab keeps the list order', () => {
    const t = golden.ties; // grades 3 and 1 tied at ranks 1-2, then 2
    const asListed = rankingMetrics(t.retrieved, t.retrieved, t.k, 'linear').ndcg_at_k.value!;
    const swapped = rankingMetrics([t.retrieved[1], t.retrieved[0], t.retrieved[2]], t.retrieved, t.k, 'linear').ndcg_at_k.value!;
    expect(asListed).toBeCloseTo((3 + 1 / L3) / (3 + 2 / L3), 14);
    expect(t.ndcg_linear).toBeCloseTo((asListed + swapped) / 2, 12);
  });
  it('documented difference: no relevant chunk is 0.0 in sklearn, undefined here', () => {
    expect(golden.no_relevant.ndcg_linear).toBe(0);
    expect(rankingMetrics(golden.no_relevant.retrieved, golden.no_relevant.retrieved, golden.no_relevant.k, 'linear').ndcg_at_k).toEqual({ value: null, reason: 'no_relevant_chunks' });
  });
});
