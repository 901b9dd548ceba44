/**
 * Ranking metrics of retrieval evaluation, for one query or a batch of queries: precision@k,
 * recall@k, hit@k, reciprocal rank over the full list and cut at k (RR, RR@k; their means are MRR
 * and MRR@k), DCG@k, IDCG@k and nDCG@k (Järvelin & Kekäläinen 2002) with exponential gain
 * 2^rel − 1 (Burges et al. 2005, the book's kit) or linear gain rel (scikit-learn's ndcg_score), and
 * context precision@k as RAG toolkits use it (Ragas: the mean of precision@i over the ranks i ≤ k
 * that hold a relevant chunk; with binary relevance it is average precision cut at k, divided by the
 * relevant chunks found rather than by all relevant ones).
 *
 * Conventions (every function of this module follows them):
 * - The ranked list is given in rank order: position 0 is rank 1. Nothing here sorts by score, so
 *   ties in the retriever's scores keep the list's order.
 * - A grade > 0 is relevant; a grade <= 0 (a judged chunk graded 0, or a negative grade such as TREC
 *   web tracks' −2 for junk) is not relevant and has gain 0. An unjudged chunk has grade 0.
 * - A chunk id repeated in the list counts once, at its first rank: later copies keep their rank
 *   (they still occupy a position) but have grade 0 (see resolveGrades).
 * - k may exceed the list's length: precision@k still divides by k (a short list is not rewarded for
 *   retrieving less), the sums run over the ranks that exist.
 * - The ideal ranking (IDCG@k) sorts every judged grade of the query, retrieved or not, in
 *   decreasing order and cuts it at k.
 * - Undefined is not zero: with no relevant judged chunk, recall@k, RR, RR@k, nDCG@k and context
 *   precision@k are undefined with reason 'no_relevant_chunks' (there is nothing to find, so a zero
 *   would blame the retriever for the question). precision@k, hit@k, DCG@k and IDCG@k are always
 *   defined. With relevant chunks but none in the top k, RR@k and context precision@k are 0.
 * - Grades must be finite numbers; NaN, ±Infinity, or a grade whose gain overflows (exponential
 *   gain with grade >= 1024) throw a RangeError. k must be an integer >= 1.
 *
 * The batch form (rankingMetricsBatch) reads compressed rows of typed arrays and allocates nothing
 * per query: 10^5 queries of 100 retrieved chunks at k = 10 take well under a second in Node.
 */
import { defined, undef } from './maybe.ts';
import type { Maybe } from './maybe.ts';

/** Gain convention of DCG: 'exponential' 2^rel − 1 (the kit's, default) or 'linear' rel (scikit-learn's). */
export type Gain = 'exponential' | 'linear';

/** Why a ranking metric is undefined. */
export type RankingUndefinedReason = 'no_relevant_chunks';
/** Why a mean of ranking metrics over queries is undefined. */
export type RankingMeanUndefinedReason = 'no_queries' | 'no_relevant_chunks';

/**
 * The gain of one grade: 0 for grade <= 0; 2^grade − 1 (exponential) or grade (linear) otherwise.
 * @throws RangeError for a non-finite grade or a gain that is not finite (exponential, grade >= 1024).
 */
export function gainOf(grade: number, gain: Gain = 'exponential'): number {
  if (!Number.isFinite(grade)) throw new RangeError(`grade must be a finite number, got ${grade}`);
  if (grade <= 0) return 0;
  const g = gain === 'linear' ? grade : Math.pow(2, grade) - 1;
  if (!Number.isFinite(g)) throw new RangeError(`the gain of grade ${grade} is not finite`);
  return g;
}

/** log2(i + 1) for i = 1..n, grown on demand (index i − 1 holds rank i's discount). */
let LOG2_TABLE = new Float64Array(0);
function log2Table(n: number): Float64Array {
  if (LOG2_TABLE.length < n) {
    const t = new Float64Array(Math.max(n, 2 * LOG2_TABLE.length, 64));
    for (let i = 0; i < t.length; i++) t[i] = Math.log2(i + 2);
    LOG2_TABLE = t;
  }
  return LOG2_TABLE;
}

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be an integer >= 1, got ${k}`);
}

/** Grades of a ranked list of ids, with repeated ids zeroed (see resolveGrades). */
export interface ResolvedRanking {
  /** Grade at each position (index 0 = rank 1): the judged grade, 0 if unjudged or a repeated id. */
  grades: Float64Array;
  /** 1-based ranks that hold an id already seen at an earlier rank (empty when there is none). */
  duplicate_ranks: number[];
}

/**
 * The gain of a judged grade for the ideal DCG: null for a grade <= 0 (not relevant), else 2^g - 1
 * (exponential) or g (linear). Throws RangeError for a NaN or -Infinity grade, or a grade whose
 * gain is not finite.
 */
function judgedGain(g: number, exponential: boolean): number | null {
  if (!(g > 0)) {
    if (g !== g || g === -Infinity) throw new RangeError('a judged grade is not a finite number');
    return null;
  }
  const gain = exponential ? Math.pow(2, g) - 1 : g;
  if (gain === Infinity) throw new RangeError(`judged grade ${g} has no finite gain`);
  return gain;
}

/**
 * Resolves a ranked list of chunk ids against the query's judgments (chunk id -> grade). A repeated
 * id counts once, at its first rank: later copies get grade 0 and are listed in `duplicate_ranks`.
 * @param ids chunk ids in rank order (may be empty).
 * @param judgments grade of each judged chunk id (any finite number; <= 0 is not relevant).
 */
export function resolveGrades(ids: readonly string[], judgments: ReadonlyMap<string, number>): ResolvedRanking {
  const grades = new Float64Array(ids.length);
  const duplicate_ranks: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (seen.has(id)) {
      duplicate_ranks.push(i + 1);
      continue;
    }
    seen.add(id);
    grades[i] = judgments.get(id) ?? 0;
  }
  return { grades, duplicate_ranks };
}

/** Every ranking metric of one query at cut-off k. */
export interface RankingMetrics {
  k: number;
  gain: Gain;
  /** Length of the ranked list (ranks that exist; may be below k). */
  retrieved: number;
  /** Judged chunks with grade > 0 (relevant), retrieved or not. */
  relevant: number;
  /** Relevant chunks among the first min(k, retrieved) ranks. */
  relevant_in_top_k: number;
  /** Rank of the first relevant chunk anywhere in the list; null when none is retrieved. */
  first_relevant_rank: number | null;
  /** relevant_in_top_k / k. */
  precision_at_k: Maybe<RankingUndefinedReason>;
  /** relevant_in_top_k / relevant; undefined when relevant = 0. */
  recall_at_k: Maybe<RankingUndefinedReason>;
  /** 1 when relevant_in_top_k > 0, else 0. */
  hit_at_k: Maybe<RankingUndefinedReason>;
  /** 1 / first_relevant_rank over the full list (the kit's RR), 0 when none is retrieved; undefined when relevant = 0. */
  reciprocal_rank: Maybe<RankingUndefinedReason>;
  /** 1 / first_relevant_rank when it is <= k, else 0; undefined when relevant = 0. */
  reciprocal_rank_at_k: Maybe<RankingUndefinedReason>;
  /** Σ_{i <= min(k, n)} gain(rel_i) / log2(i + 1). */
  dcg_at_k: Maybe<RankingUndefinedReason>;
  /** DCG@k of the judged grades sorted in decreasing order. */
  idcg_at_k: Maybe<RankingUndefinedReason>;
  /** dcg_at_k / idcg_at_k; undefined when relevant = 0 (then IDCG@k = 0). */
  ndcg_at_k: Maybe<RankingUndefinedReason>;
  /** Mean of precision@i over the ranks i <= k holding a relevant chunk; 0 when there is none; undefined when relevant = 0. */
  context_precision_at_k: Maybe<RankingUndefinedReason>;
}

/** Output slots of the kernel for one query (reused, so the batch path allocates nothing). */
interface Slots {
  hits: number;
  relevant: number;
  firstRel: number;
  precision: number;
  recall: number;
  rr: number;
  rrAtK: number;
  dcg: number;
  idcg: number;
  ndcg: number;
  cp: number;
}

/**
 * The one kernel behind rankingMetrics and rankingMetricsBatch. `top` is scratch space of length
 * >= k for the ideal gains (kept in decreasing order by insertion; a query with many judged chunks
 * and a large k falls back to sorting a copy).
 */
function scoreQuery(
  grades: ArrayLike<number>,
  gStart: number,
  gEnd: number,
  judged: ArrayLike<number>,
  jStart: number,
  jEnd: number,
  k: number,
  exponential: boolean,
  logs: Float64Array,
  top: Float64Array,
  s: Slots,
): void {
  const n = gEnd - gStart;
  const cut = n < k ? n : k;
  let hits = 0;
  let dcg = 0;
  let firstRel = 0;
  let cpSum = 0;
  for (let i = 0; i < cut; i++) {
    const g = grades[gStart + i];
    if (g > 0) {
      const gain = exponential ? Math.pow(2, g) - 1 : g;
      if (gain === Infinity) throw new RangeError(`grade ${g} at rank ${i + 1} has no finite gain`);
      hits++;
      if (firstRel === 0) firstRel = i + 1;
      cpSum += hits / (i + 1);
      dcg += gain / logs[i];
    } else if (g !== g || g === -Infinity) throw new RangeError(`grade at rank ${i + 1} is not a finite number`);
  }
  if (firstRel === 0) {
    for (let i = cut; i < n; i++) {
      const g = grades[gStart + i];
      if (g > 0) {
        firstRel = i + 1;
        break;
      }
    }
  }
  // ideal gains: the k largest judged gains, in decreasing order
  let relevant = 0;
  let m = 0;
  const nJudged = jEnd - jStart;
  const insertion = nJudged <= 4 * k || nJudged <= 64;
  if (insertion) {
    for (let j = jStart; j < jEnd; j++) {
      const gain = judgedGain(judged[j], exponential);
      if (gain === null) continue;
      relevant++;
      if (m < k) {
        let p = m++;
        while (p > 0 && top[p - 1] < gain) {
          top[p] = top[p - 1];
          p--;
        }
        top[p] = gain;
      } else if (gain > top[k - 1]) {
        let p = k - 1;
        while (p > 0 && top[p - 1] < gain) {
          top[p] = top[p - 1];
          p--;
        }
        top[p] = gain;
      }
    }
  } else {
    const all: number[] = [];
    for (let j = jStart; j < jEnd; j++) {
      const gain = judgedGain(judged[j], exponential);
      if (gain === null) continue;
      relevant++;
      all.push(gain);
    }
    all.sort((a, b) => b - a);
    m = all.length < k ? all.length : k;
    for (let i = 0; i < m; i++) top[i] = all[i];
  }
  let idcg = 0;
  for (let i = 0; i < m; i++) idcg += top[i] / logs[i];
  s.hits = hits;
  s.relevant = relevant;
  s.firstRel = firstRel;
  s.precision = hits / k;
  s.dcg = dcg;
  s.idcg = idcg;
  if (relevant > 0) {
    s.recall = hits / relevant;
    s.rr = firstRel === 0 ? 0 : 1 / firstRel;
    s.rrAtK = firstRel === 0 || firstRel > k ? 0 : 1 / firstRel;
    s.ndcg = dcg / idcg;
    s.cp = hits === 0 ? 0 : cpSum / hits;
  } else {
    s.recall = 0;
    s.rr = 0;
    s.rrAtK = 0;
    s.ndcg = 0;
    s.cp = 0;
  }
}

function newSlots(): Slots {
  return { hits: 0, relevant: 0, firstRel: 0, precision: 0, recall: 0, rr: 0, rrAtK: 0, dcg: 0, idcg: 0, ndcg: 0, cp: 0 };
}

/**
 * Every ranking metric of one query (module comment for the conventions).
 * @param grades grade at each rank of the retrieved list, in rank order (index 0 = rank 1); 0 for
 *   unjudged chunks and for repeated ids (use resolveGrades to get them from ids).
 * @param judgedGrades the grade of every judged chunk of the query, one per distinct chunk id,
 *   retrieved or not, in any order (the ideal ranking is built from them).
 * @param k cut-off, integer >= 1 (may exceed grades.length).
 * @param gain 'exponential' (2^rel − 1, default) or 'linear' (rel).
 * @throws RangeError for a bad k or a non-finite grade or gain.
 */
export function rankingMetrics(grades: ArrayLike<number>, judgedGrades: ArrayLike<number>, k: number, gain: Gain = 'exponential'): RankingMetrics {
  checkK(k);
  const s = newSlots();
  scoreQuery(grades, 0, grades.length, judgedGrades, 0, judgedGrades.length, k, gain === 'exponential', log2Table(k), new Float64Array(k), s);
  const ifRelevant = (v: number): Maybe<RankingUndefinedReason> => (s.relevant > 0 ? defined(v) : undef('no_relevant_chunks'));
  return {
    k,
    gain,
    retrieved: grades.length,
    relevant: s.relevant,
    relevant_in_top_k: s.hits,
    first_relevant_rank: s.firstRel === 0 ? null : s.firstRel,
    precision_at_k: defined(s.precision),
    recall_at_k: ifRelevant(s.recall),
    hit_at_k: defined(s.hits > 0 ? 1 : 0),
    reciprocal_rank: ifRelevant(s.rr),
    reciprocal_rank_at_k: ifRelevant(s.rrAtK),
    dcg_at_k: defined(s.dcg),
    idcg_at_k: defined(s.idcg),
    ndcg_at_k: ifRelevant(s.ndcg),
    context_precision_at_k: ifRelevant(s.cp),
  };
}

/**
 * rankingMetrics for a list of chunk ids and the query's judgments (chunk id -> grade): the same
 * values as rankingMetrics(resolveGrades(ids, judgments).grades, [...judgments.values()], k, gain),
 * without building the grades of the whole list (only the top k is resolved; beyond it the list is
 * read only to find the first relevant rank, which a repeated id cannot change). Repeated ids count
 * once, at their first rank.
 * @param judgedGrades optional: the judgments' grades, when the caller already has them (saves an
 *   allocation per call in a loop).
 * Same conventions and errors as rankingMetrics.
 */
export function rankingMetricsForIds(
  ids: readonly string[],
  judgments: ReadonlyMap<string, number>,
  k: number,
  gain: Gain = 'exponential',
  judgedGrades?: ArrayLike<number>,
): RankingMetrics {
  checkK(k);
  const n = ids.length;
  const cut = n < k ? n : k;
  const grades = new Float64Array(cut);
  const seen = cut > 32 ? new Set<string>() : null;
  for (let i = 0; i < cut; i++) {
    const id = ids[i];
    let dup = false;
    if (seen) {
      dup = seen.has(id);
      seen.add(id);
    } else {
      for (let j = 0; j < i; j++) {
        if (ids[j] === id) {
          dup = true;
          break;
        }
      }
    }
    grades[i] = dup ? 0 : (judgments.get(id) ?? 0);
  }
  const judged = judgedGrades ?? Float64Array.from(judgments.values());
  const m = rankingMetrics(grades, judged, k, gain);
  if (m.first_relevant_rank === null) {
    for (let i = cut; i < n; i++) {
      const g = judgments.get(ids[i]);
      if (g !== undefined && g > 0) {
        m.first_relevant_rank = i + 1;
        if (m.relevant > 0) m.reciprocal_rank = defined(1 / (i + 1));
        break;
      }
    }
  }
  m.retrieved = n;
  return m;
}

/**
 * A batch of queries in compressed rows: query q's ranked grades are
 * rankGrades[rankOffsets[q] .. rankOffsets[q + 1]) (rank order, repeated ids already zeroed) and its
 * judged grades are judgedGrades[judgedOffsets[q] .. judgedOffsets[q + 1]). Both offset arrays have
 * length queries + 1, start at 0 and do not decrease.
 */
export interface RankingBatch {
  rankOffsets: Uint32Array;
  rankGrades: Float64Array | Float32Array | Int32Array | Int16Array | Int8Array | Uint8Array;
  judgedOffsets: Uint32Array;
  judgedGrades: Float64Array | Float32Array | Int32Array | Int16Array | Int8Array | Uint8Array;
}

/** Per-query metrics of a batch and their means over the queries where they are defined. */
export interface RankingBatchResult {
  queries: number;
  k: number;
  gain: Gain;
  /**
   * Relevant judged chunks per query. Where relevant[q] = 0, recall_at_k, reciprocal_rank,
   * reciprocal_rank_at_k, ndcg_at_k and context_precision_at_k are undefined (reason
   * 'no_relevant_chunks'): their slot holds 0 and must be read through this array.
   */
  relevant: Uint32Array;
  /** Rank of the first relevant chunk in the full list, 0 when none is retrieved. */
  first_relevant_rank: Uint32Array;
  precision_at_k: Float64Array;
  recall_at_k: Float64Array;
  hit_at_k: Float64Array;
  reciprocal_rank: Float64Array;
  reciprocal_rank_at_k: Float64Array;
  dcg_at_k: Float64Array;
  idcg_at_k: Float64Array;
  ndcg_at_k: Float64Array;
  context_precision_at_k: Float64Array;
  /** Queries with relevant[q] > 0 (the population of the means of recall, RR, nDCG, context precision). */
  queries_with_relevant: number;
  /**
   * Means over the queries: precision, hit, DCG and IDCG over all of them; the others over the
   * queries with a relevant chunk. Undefined with 'no_queries' (empty batch) or
   * 'no_relevant_chunks' (no query has one).
   */
  means: Record<
    | 'precision_at_k'
    | 'recall_at_k'
    | 'hit_at_k'
    | 'mrr'
    | 'mrr_at_k'
    | 'dcg_at_k'
    | 'idcg_at_k'
    | 'ndcg_at_k'
    | 'context_precision_at_k',
    Maybe<RankingMeanUndefinedReason>
  >;
}

/**
 * Every ranking metric of every query of a batch at cut-off k, without allocating per query (the
 * output arrays are allocated once). Same conventions as rankingMetrics.
 * @throws RangeError for a bad k, malformed offsets, or a non-finite grade or gain.
 */
export function rankingMetricsBatch(batch: RankingBatch, k: number, gain: Gain = 'exponential'): RankingBatchResult {
  checkK(k);
  const { rankOffsets, rankGrades, judgedOffsets, judgedGrades } = batch;
  const Q = rankOffsets.length - 1;
  if (Q < 0 || judgedOffsets.length !== rankOffsets.length) throw new RangeError('rankOffsets and judgedOffsets must both have length queries + 1 >= 1');
  if (rankOffsets[0] !== 0 || judgedOffsets[0] !== 0 || rankOffsets[Q] !== rankGrades.length || judgedOffsets[Q] !== judgedGrades.length) {
    throw new RangeError('offsets must start at 0 and end at the length of their grade array');
  }
  const relevant = new Uint32Array(Q);
  const first = new Uint32Array(Q);
  const P = new Float64Array(Q);
  const R = new Float64Array(Q);
  const H = new Float64Array(Q);
  const RR = new Float64Array(Q);
  const RRk = new Float64Array(Q);
  const D = new Float64Array(Q);
  const ID = new Float64Array(Q);
  const N = new Float64Array(Q);
  const CP = new Float64Array(Q);
  const logs = log2Table(k);
  const top = new Float64Array(k);
  const s = newSlots();
  const exp = gain === 'exponential';
  let sP = 0;
  let sH = 0;
  let sD = 0;
  let sID = 0;
  let sR = 0;
  let sRR = 0;
  let sRRk = 0;
  let sN = 0;
  let sCP = 0;
  let withRel = 0;
  for (let q = 0; q < Q; q++) {
    const g0 = rankOffsets[q];
    const g1 = rankOffsets[q + 1];
    const j0 = judgedOffsets[q];
    const j1 = judgedOffsets[q + 1];
    if (g1 < g0 || j1 < j0) throw new RangeError(`offsets decrease at query ${q}`);
    scoreQuery(rankGrades, g0, g1, judgedGrades, j0, j1, k, exp, logs, top, s);
    relevant[q] = s.relevant;
    first[q] = s.firstRel;
    P[q] = s.precision;
    H[q] = s.hits > 0 ? 1 : 0;
    D[q] = s.dcg;
    ID[q] = s.idcg;
    R[q] = s.recall;
    RR[q] = s.rr;
    RRk[q] = s.rrAtK;
    N[q] = s.ndcg;
    CP[q] = s.cp;
    sP += s.precision;
    sH += H[q];
    sD += s.dcg;
    sID += s.idcg;
    if (s.relevant > 0) {
      withRel++;
      sR += s.recall;
      sRR += s.rr;
      sRRk += s.rrAtK;
      sN += s.ndcg;
      sCP += s.cp;
    }
  }
  const all = (sum: number): Maybe<RankingMeanUndefinedReason> => (Q === 0 ? undef('no_queries') : defined(sum / Q));
  const rel = (sum: number): Maybe<RankingMeanUndefinedReason> => (Q === 0 ? undef('no_queries') : withRel === 0 ? undef('no_relevant_chunks') : defined(sum / withRel));
  return {
    queries: Q,
    k,
    gain,
    relevant,
    first_relevant_rank: first,
    precision_at_k: P,
    recall_at_k: R,
    hit_at_k: H,
    reciprocal_rank: RR,
    reciprocal_rank_at_k: RRk,
    dcg_at_k: D,
    idcg_at_k: ID,
    ndcg_at_k: N,
    context_precision_at_k: CP,
    queries_with_relevant: withRel,
    means: {
      precision_at_k: all(sP),
      recall_at_k: rel(sR),
      hit_at_k: all(sH),
      mrr: rel(sRR),
      mrr_at_k: rel(sRRk),
      dcg_at_k: all(sD),
      idcg_at_k: all(sID),
      ndcg_at_k: rel(sN),
      context_precision_at_k: rel(sCP),
    },
  };
}
