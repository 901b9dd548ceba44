/**
 * Mapping a judge's scores onto the human score scale by matching distributions (equipercentile or
 * quantile mapping), fitted once on a calibration split and then frozen: the held-out split is
 * scored with the same table. This is the post-hoc "distribution alignment" step of rubric-locked
 * judging (RULERS, seed 003), in its simplest monotone form, for an ordinal scale whose categories
 * are declared in advance.
 *
 * With the calibration pairs (j_i, h_i), i = 1..n, the judge's empirical CDF
 * F_J(s) = #{j_i <= s} / n (right-continuous) and the human one F_H(h) = #{h_i <= h} / n, a judge
 * score s maps to
 *
 *   map(s) = min { h among the observed human scores : F_H(h) >= F_J(s) }
 *
 * (the human quantile at the judge's CDF level; F_H^{-1}(u) = inf {h : F_H(h) >= u}). A score below
 * every calibration judge score has F_J = 0 and maps to the lowest observed human score; the highest
 * judge score maps to the highest observed human score. The map is non-decreasing. Both CDFs share
 * the denominator n, so F_H(h) >= F_J(s) is compared as #{h_i <= h} >= #{j_i <= s} on integer
 * counts: a tie on a CDF level is exact, never a floating-point accident.
 */
import type { Maybe } from './maybe.ts';

export interface QuantileMapRow {
  /** A category of the declared scale, as a judge score. */
  judge: number;
  /** #{calibration judge scores <= judge}. */
  judge_at_or_below: number;
  /** F_J(judge) = judge_at_or_below / n. */
  judge_cdf: number;
  /** The human score it maps to. */
  human: number;
  /** F_H(human) = #{calibration human scores <= human} / n. */
  human_cdf: number;
}

export interface QuantileMap {
  /** The declared scale, ascending. */
  categories: number[];
  /** Calibration pairs the map was fitted on. */
  n: number;
  /** One row per category of the scale, in scale order. */
  table: QuantileMapRow[];
}

function checkScale(categories: readonly number[]): void {
  if (categories.length < 2) throw new RangeError('a scale needs at least two categories');
  for (let i = 0; i < categories.length; i++) {
    if (!Number.isFinite(categories[i])) throw new RangeError(`scale category ${categories[i]} is not a finite number`);
    if (i > 0 && !(categories[i] > categories[i - 1])) throw new RangeError('scale categories must be strictly increasing');
  }
}

/**
 * Fits the quantile map on calibration pairs (module comment). Every score must be one of the
 * declared `categories`.
 * @param judge judge scores of the calibration split.
 * @param human human scores of the same items, in the same order.
 * @returns the frozen table, or undefined with 'no_calibration_items' when the split is empty.
 * @throws RangeError when the lengths differ, the scale is not strictly increasing with >= 2
 *   finite categories, or a score is not on the scale.
 */
export function fitQuantileMap(judge: readonly number[], human: readonly number[], categories: readonly number[]): { map: QuantileMap; reason: null } | { map: null; reason: 'no_calibration_items' } {
  checkScale(categories);
  if (judge.length !== human.length) throw new RangeError(`judge and human scores have different lengths (${judge.length} vs ${human.length})`);
  const n = judge.length;
  if (n === 0) return { map: null, reason: 'no_calibration_items' };
  const k = categories.length;
  const index = new Map<number, number>();
  categories.forEach((c, i) => index.set(c, i));
  const cj = new Array<number>(k).fill(0);
  const ch = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) {
    const a = index.get(judge[i]);
    const b = index.get(human[i]);
    if (a === undefined) throw new RangeError(`judge score ${judge[i]} (item ${i}) is not on the scale [${categories.join(', ')}]`);
    if (b === undefined) throw new RangeError(`human score ${human[i]} (item ${i}) is not on the scale [${categories.join(', ')}]`);
    cj[a]++;
    ch[b]++;
  }
  // cumulative counts
  const cumJ = new Array<number>(k);
  const cumH = new Array<number>(k);
  let sj = 0;
  let sh = 0;
  for (let i = 0; i < k; i++) {
    sj += cj[i];
    sh += ch[i];
    cumJ[i] = sj;
    cumH[i] = sh;
  }
  const table: QuantileMapRow[] = [];
  for (let i = 0; i < k; i++) {
    // smallest observed human category whose cumulative count reaches the judge's (same n on both sides)
    let target = -1;
    for (let t = 0; t < k; t++) {
      if (ch[t] > 0 && cumH[t] >= cumJ[i]) {
        target = t;
        break;
      }
    }
    table.push({ judge: categories[i], judge_at_or_below: cumJ[i], judge_cdf: cumJ[i] / n, human: categories[target], human_cdf: cumH[target] / n });
  }
  return { map: { categories: [...categories], n, table }, reason: null };
}

/**
 * Applies a fitted map to judge scores on the same scale.
 * @throws RangeError for a score that is not one of the map's categories.
 */
export function applyQuantileMap(map: QuantileMap, scores: readonly number[]): number[] {
  const to = new Map<number, number>();
  for (const r of map.table) to.set(r.judge, r.human);
  return scores.map((s, i) => {
    const v = to.get(s);
    if (v === undefined) throw new RangeError(`score ${s} (item ${i}) is not on the scale [${map.categories.join(', ')}]`);
    return v;
  });
}

/**
 * Mean absolute error between two score lists, (1/n) sum |a_i - b_i|, in the scale's units.
 * Undefined with 'no_items' for empty lists. Matches sklearn.metrics.mean_absolute_error(a, b).
 * @throws RangeError when the lengths differ or a value is not finite.
 */
export function meanAbsoluteError(a: readonly number[], b: readonly number[]): Maybe<'no_items'> {
  if (a.length !== b.length) throw new RangeError(`different lengths (${a.length} vs ${b.length})`);
  if (a.length === 0) return { value: null, reason: 'no_items' };
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    if (!Number.isFinite(d)) throw new RangeError(`meanAbsoluteError: non-finite value at item ${i}`);
    s += Math.abs(d);
  }
  return { value: s / a.length, reason: null };
}
