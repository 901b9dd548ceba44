/**
 * Brier score and ECE of weighted cases and of groups of cases, on bins fixed in advance: what a
 * bootstrap round (each case weighted by how many times it was drawn) and a slice report (the cases
 * of one slice) need, without re-binning. The definitions are those of calibration_metrics.ts:
 *
 *   Brier = Σ w_i (p_i − y_i)² / Σ w_i
 *   ECE   = Σ_k (W_k / W) |acc_k − conf_k| = Σ_k |Σ_{i in k} w_i y_i − Σ_{i in k} w_i p_i| / W
 *
 * with W_k the weight in bin k and W the total weight (empty bins add nothing). With every weight 1
 * and the bins of binIndices(p, bins, strategy) these are brierScore and ece exactly (up to the
 * order of the floating-point sums). The bins come from the caller (`binIndex`, one bin per case,
 * from binIndices in calibration_metrics.ts), so equal-width or equal-mass bins are the caller's
 * choice, and a resample or a slice keeps the edges of the full sample: that is the usual
 * convention for a bootstrap of ECE, and it makes slices comparable with the whole.
 * Inputs are not validated here (these run inside bootstrap loops): p in [0, 1], y 0/1, weights
 * non-negative finite, bin and group indices in range; the callers' inputs are validated upstream.
 * Undefined (core's Maybe with reason 'no_cases') when the total weight is 0: an empty group or
 * slice. No function here returns NaN.
 */
import { defined, undef, type Maybe } from './maybe.ts';

/** Brier score and ECE of one sample or group; undefined ('no_cases') when its total weight is 0. */
export interface BrierEce {
  brier: Maybe<'no_cases'>;
  ece: Maybe<'no_cases'>;
}

const EMPTY: BrierEce = Object.freeze({ brier: undef('no_cases'), ece: undef('no_cases') });

/**
 * Brier and ECE of the cases weighted by `weights` (a bootstrap round's multiplicities; cases of
 * weight 0 are skipped). `scratch` (optional, length >= 3·bins) avoids an allocation per call.
 */
export function weightedBrierEce(
  p: ArrayLike<number>,
  y: ArrayLike<number>,
  binIndex: ArrayLike<number>,
  bins: number,
  weights: ArrayLike<number>,
  scratch: Float64Array = new Float64Array(3 * bins),
): BrierEce {
  scratch.fill(0, 0, 3 * bins);
  let total = 0;
  let brier = 0;
  for (let i = 0; i < p.length; i++) {
    const w = weights[i];
    if (w === 0) continue;
    const a = p[i];
    const yy = y[i];
    total += w;
    brier += w * (a - yy) * (a - yy);
    const k = 3 * binIndex[i];
    scratch[k] += w;
    scratch[k + 1] += w * a;
    scratch[k + 2] += w * yy;
  }
  if (total === 0) return EMPTY;
  let e = 0;
  for (let k = 0; k < bins; k++) if (scratch[3 * k] !== 0) e += Math.abs(scratch[3 * k + 2] - scratch[3 * k + 1]);
  return { brier: defined(brier / total), ece: defined(e / total) };
}

/**
 * Brier and ECE of each of `groups` groups (`group[i]` is case i's group, 0..groups−1; a negative
 * index leaves the case out), one pass over the cases. Result i is group i's; undefined ('no_cases')
 * for an empty group.
 */
export function groupedBrierEce(
  p: ArrayLike<number>,
  y: ArrayLike<number>,
  binIndex: ArrayLike<number>,
  bins: number,
  group: ArrayLike<number>,
  groups: number,
): BrierEce[] {
  const count = new Float64Array(groups);
  const sq = new Float64Array(groups);
  const cell = new Float64Array(groups * bins * 3);
  for (let i = 0; i < p.length; i++) {
    const g = group[i];
    if (g < 0) continue;
    const a = p[i];
    const yy = y[i];
    count[g]++;
    sq[g] += (a - yy) * (a - yy);
    const k = 3 * (g * bins + binIndex[i]);
    cell[k]++;
    cell[k + 1] += a;
    cell[k + 2] += yy;
  }
  const out: BrierEce[] = [];
  for (let g = 0; g < groups; g++) {
    const n = count[g];
    if (n === 0) {
      out.push(EMPTY);
      continue;
    }
    let e = 0;
    for (let k = 3 * g * bins; k < 3 * (g + 1) * bins; k += 3) if (cell[k] !== 0) e += Math.abs(cell[k + 2] - cell[k + 1]);
    out.push({ brier: defined(sq[g] / n), ece: defined(e / n) });
  }
  return out;
}
