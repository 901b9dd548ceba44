/**
 * Rank fusion: combine the ranked lists of several retrievers (BM25 and a dense retriever, say)
 * into one list.
 *
 * - Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): score(d) = Σ_lists 1 / (k + rank(d)),
 *   over the lists that contain d; k = 60 by default (the paper's value). It reads only ranks, so it
 *   needs no score calibration between retrievers.
 * - CombSUM and CombMNZ (Fox & Shaw 1994) on min-max normalized scores: each list's scores are
 *   mapped to [0, 1] by (s − min) / (max − min) (1 for every item when max = min, a list of one
 *   item included: they are all that list's best); CombSUM(d) = Σ normalized scores over the lists
 *   that contain d, CombMNZ(d) = CombSUM(d) × the number of lists that contain d. An item counts as
 *   contained even when its normalized score is 0 (the minimum of its list).
 *
 * Conventions shared by the three:
 * - Lists are in rank order (index 0 = rank 1); ranks are positions in the list as given.
 * - A repeated id inside one list counts once, at its first rank (with the score it had there);
 *   later copies are ignored but keep occupying their positions, so the items after them keep
 *   their ranks.
 * - Ties in the fused score are broken deterministically: first by the best (smallest) rank the item
 *   reached in any list, then by the index of the list where it reached that rank (earlier list
 *   first). Since one position of one list holds one id, this orders every tie. Fused scores are
 *   compared exactly, as doubles; the contributions of an item are added in list order.
 * - Higher scores are better (TREC's convention) for CombSUM/CombMNZ input.
 */

/** One item of a fused list. */
export interface FusedItem {
  id: string;
  /** Fused score (higher is better). */
  score: number;
  /** 1-based rank of the item in each input list (null where the list does not contain it). */
  ranks: (number | null)[];
  /** Lists that contain the item. */
  lists: number;
}

/** One scored item of an input list for CombSUM/CombMNZ. */
export interface ScoredItem {
  id: string;
  score: number;
}

interface Acc {
  id: string;
  score: number;
  ranks: (number | null)[];
  lists: number;
  bestRank: number;
  bestList: number;
}

function accumulate(
  listCount: number,
  each: (visit: (id: string, list: number, rank: number, contribution: number) => void) => void,
): Acc[] {
  const byId = new Map<string, Acc>();
  const order: Acc[] = [];
  each((id, list, rank, contribution) => {
    let a = byId.get(id);
    if (!a) {
      a = { id, score: 0, ranks: new Array<number | null>(listCount).fill(null), lists: 0, bestRank: rank, bestList: list };
      byId.set(id, a);
      order.push(a);
    }
    if (a.ranks[list] !== null) return; // repeated id inside one list: first rank only
    a.ranks[list] = rank;
    a.lists++;
    a.score += contribution;
    if (rank < a.bestRank || (rank === a.bestRank && list < a.bestList)) {
      a.bestRank = rank;
      a.bestList = list;
    }
  });
  return order;
}

function finish(order: Acc[], scoreOf: (a: Acc) => number): FusedItem[] {
  const items = order.map((a) => ({ a, s: scoreOf(a) }));
  items.sort((x, y) => y.s - x.s || x.a.bestRank - y.a.bestRank || x.a.bestList - y.a.bestList);
  return items.map(({ a, s }) => ({ id: a.id, score: s, ranks: a.ranks, lists: a.lists }));
}

/**
 * Reciprocal rank fusion of ranked lists of ids: score(d) = Σ 1 / (k + rank(d)).
 * @param lists ranked lists of ids (any number, each possibly empty).
 * @param k the RRF constant, a finite number >= 0 (default 60).
 * @returns every id of any list once, in fused order (module comment for ties and repeated ids).
 * @throws RangeError for a negative or non-finite k.
 */
export function reciprocalRankFusion(lists: readonly (readonly string[])[], k = 60): FusedItem[] {
  if (!Number.isFinite(k) || k < 0) throw new RangeError(`RRF k must be a finite number >= 0, got ${k}`);
  const order = accumulate(lists.length, (visit) => {
    lists.forEach((list, li) => list.forEach((id, i) => visit(id, li, i + 1, 1 / (k + i + 1))));
  });
  return finish(order, (a) => a.score);
}

/**
 * Min-max normalization of one list's scores: (s − min) / (max − min), or 1 for every score when
 * max = min (including a single score). Empty input gives an empty array.
 * @throws RangeError for a non-finite score.
 */
export function minMaxNormalize(scores: ArrayLike<number>): Float64Array {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (!Number.isFinite(s)) throw new RangeError(`score ${i} is not a finite number: ${s}`);
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  const out = new Float64Array(scores.length);
  const span = hi - lo;
  for (let i = 0; i < scores.length; i++) out[i] = span > 0 ? (scores[i] - lo) / span : 1;
  return out;
}

function combined(lists: readonly (readonly ScoredItem[])[], mnz: boolean): FusedItem[] {
  const normalized = lists.map((list) => {
    // normalize over the first occurrence of each id only (a repeated id does not count twice)
    const seen = new Set<string>();
    const first: number[] = [];
    const scores: number[] = [];
    list.forEach((it, i) => {
      if (!seen.has(it.id)) {
        seen.add(it.id);
        first.push(i);
        scores.push(it.score);
      }
    });
    const norm = minMaxNormalize(scores);
    const byPos = new Float64Array(list.length);
    first.forEach((pos, j) => (byPos[pos] = norm[j]));
    return byPos;
  });
  const order = accumulate(lists.length, (visit) => {
    lists.forEach((list, li) => list.forEach((it, i) => visit(it.id, li, i + 1, normalized[li][i])));
  });
  return finish(order, (a) => (mnz ? a.score * a.lists : a.score));
}

/**
 * CombSUM on min-max normalized scores (module comment): Σ normalized scores over the lists that
 * contain the item. Lists are in rank order; their scores need not be sorted.
 * @throws RangeError for a non-finite score.
 */
export function combSum(lists: readonly (readonly ScoredItem[])[]): FusedItem[] {
  return combined(lists, false);
}

/**
 * CombMNZ on min-max normalized scores (module comment): CombSUM × the number of lists that
 * contain the item.
 * @throws RangeError for a non-finite score.
 */
export function combMnz(lists: readonly (readonly ScoredItem[])[]): FusedItem[] {
  return combined(lists, true);
}
