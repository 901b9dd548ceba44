/**
 * The paired bootstrap of binary agreement: several raters (judges) against one reference (the
 * human labels) on the same n cases, one resample of the cases a round shared by every rater, and
 * per round and rater the 2x2 table of the usable cases, its Cohen's kappa
 * (binaryKappaFromCounts, = sklearn.metrics.cohen_kappa_score) and the rater's TPR and TNR against
 * the reference. Resampling is bootstrapResamples' (CPython's random.Random(seed).randrange(n)
 * draws, in order), seen through bootstrapGroupCounts: cases are grouped by their states under all
 * raters, so a round costs O(groups · raters), not O(n · raters).
 * Source: Efron & Tibshirani (1993) for the bootstrap; Cohen (1960) for kappa.
 */
import { binaryKappaFromCounts } from './agreement.ts';
import { bootstrapGroupCounts } from './bootstrap.ts';

/** A case's state under one rater: reference * 2 + rater (0..3) on a usable case; UNUSABLE otherwise. */
export type AgreementState = 0 | 1 | 2 | 3 | 4;
/** The state of a case a rater has no usable label for (an unreadable output): left out of the table. */
export const UNUSABLE = 4;

/** Per rater, one value a round (null where the round's table leaves it undefined). */
export interface AgreementRounds {
  /** Cohen's kappa of the rater against the reference; null with total chance agreement or no usable case. */
  kappa: (number | null)[][];
  /** true positives / reference positives; null when the resample has no usable reference positive. */
  tpr: (number | null)[][];
  /** true negatives / reference negatives; null when the resample has no usable reference negative. */
  tnr: (number | null)[][];
}

/**
 * The paired bootstrap of binary agreement (module comment).
 * @param states one array a rater, each of length n >= 1: reference * 2 + rater (0..3), or UNUSABLE (4).
 * @param rounds integer >= 1; seed: safe integer (labs/core/stats/rng.ts).
 * @param onRound called after each round with its index (progress).
 * @returns for each rater, `rounds` values of kappa, TPR and TNR.
 * @throws RangeError for no rater, n < 1, arrays of different lengths, a state outside 0..4, or rounds < 1.
 */
export function bootstrapBinaryAgreement(states: readonly ArrayLike<number>[], rounds: number, seed: number, onRound?: (round: number) => void): AgreementRounds {
  const E = states.length;
  if (E === 0) throw new RangeError('bootstrapBinaryAgreement needs at least one rater');
  const n = states[0].length;
  for (const s of states) {
    if (s.length !== n) throw new RangeError(`bootstrapBinaryAgreement: raters differ in length (${s.length} and ${n})`);
    for (let i = 0; i < n; i++) if (!(s[i] === 0 || s[i] === 1 || s[i] === 2 || s[i] === 3 || s[i] === UNUSABLE)) throw new RangeError(`state ${s[i]} of case ${i} is not 0..4`);
  }
  // a case's code is its states under every rater in base 5; cases with the same code form a group
  const codes = new Float64Array(n);
  for (let e = 0, w = 1; e < E; e++, w *= 5) for (let i = 0; i < n; i++) codes[i] += w * states[e][i];
  const groupId = new Map<number, number>();
  const groupOf = new Uint32Array(n);
  const groupStates: number[] = [];
  for (let i = 0; i < n; i++) {
    let g = groupId.get(codes[i]);
    if (g === undefined) {
      g = groupId.size;
      groupId.set(codes[i], g);
      for (let e = 0; e < E; e++) groupStates.push(states[e][i]);
    }
    groupOf[i] = g;
  }
  const G = groupId.size;
  const out: AgreementRounds = { kappa: [], tpr: [], tnr: [] };
  for (let e = 0; e < E; e++) {
    out.kappa.push(new Array<number | null>(rounds));
    out.tpr.push(new Array<number | null>(rounds));
    out.tnr.push(new Array<number | null>(rounds));
  }
  const cells = new Float64Array(E * 4);
  const compact = G <= 256 ? Uint8Array.from(groupOf) : G <= 65536 ? Uint16Array.from(groupOf) : groupOf;
  bootstrapGroupCounts(compact, G, rounds, seed, (counts, r) => {
    cells.fill(0);
    for (let g = 0; g < G; g++) {
      const c = counts[g];
      if (c === 0) continue;
      const base = g * E;
      for (let e = 0; e < E; e++) {
        const s = groupStates[base + e];
        if (s !== UNUSABLE) cells[e * 4 + s] += c;
      }
    }
    for (let e = 0; e < E; e++) {
      const b = e * 4;
      out.kappa[e][r] = binaryKappaFromCounts(cells[b], cells[b + 1], cells[b + 2], cells[b + 3]).value;
      const pos = cells[b + 2] + cells[b + 3];
      const neg = cells[b] + cells[b + 1];
      out.tpr[e][r] = pos > 0 ? cells[b + 3] / pos : null;
      out.tnr[e][r] = neg > 0 ? cells[b] / neg : null;
    }
    onRound?.(r);
  });
  return out;
}
