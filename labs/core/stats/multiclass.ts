/**
 * Calibration with more than two classes. A case carries a probability vector over K classes
 * (row-major: probs[i·K + k]) and a true class y[i] in 0..K-1. The predicted class is the argmax (ties:
 * the lowest class index), its probability the confidence.
 *
 *   top-label ECE   Σ_b n_b/N |acc_b − conf_b| over equal-width bins of the confidence, acc_b the share
 *                   of cases in bin b whose predicted class is right (Guo et al. 2017)
 *   classwise ECE   the mean over classes k of the binary ECE of p_k against 1[y = k] (Kull et al. 2019)
 *   Brier           mean over cases of Σ_k (p_k − 1[y = k])² (Brier 1950; 0 best, 2 worst)
 *   log loss        −mean log p_y, p clipped to [eps, 1 − eps] (sklearn.metrics.log_loss)
 *
 * Calibrators fitted on a calibration split: temperature scaling (one T for every class: softmax of
 * log p / T, T minimizing the log loss; Guo et al. 2017) and one-vs-rest isotonic regression with the
 * rows renormalized to sum 1 (Zadrozny & Elkan 2002; a row the isotonic maps all to 0 becomes uniform).
 *
 * Conformal prediction sets (split conformal, Vovk et al. 2005; rank ceil((n+1)(1−α)), +Infinity when
 * it exceeds n — never clamped, see conformal.ts):
 *   LAC  score 1 − p_y; set {k : 1 − p_k <= q}  (Sadinle et al. 2019): smallest sets on average, may be empty
 *   APS  score Σ of the probabilities ranked at or above the true class (Romano et al. 2020); set: the
 *        classes whose score would be <= q, i.e. the top classes while their running sum stays <= q
 *        (as in Angelopoulos & Bates 2021, "A gentle introduction..."). The set is empty when the top
 *        class alone exceeds q: the coverage guarantee still holds, and the lab counts those sets.
 *        The randomized variant subtracts U·p_y with U uniform from a seeded generator.
 * Every function validates its input (a probability outside [0, 1], a row not summing to 1 within
 * 1e-6, a class outside 0..K−1) and throws RangeError naming the case.
 */
import { defined, undef, type Maybe } from './maybe.ts';
import { conformalThreshold, SET_TOLERANCE } from './conformal.ts';
import { fitIsotonic, applyIsotonic, type IsotonicCalibrator } from './calibrators.ts';
import { PyRandom } from './rng.ts';

export const ROW_SUM_TOLERANCE = 1e-6;

/** Throws RangeError unless probs is n×K valid probability rows and y holds classes in 0..K−1. */
export function checkMulticlass(probs: ArrayLike<number>, y: ArrayLike<number>, K: number): void {
  if (!(Number.isInteger(K) && K >= 2)) throw new RangeError(`K must be an integer >= 2, got ${K}`);
  if (probs.length !== y.length * K) throw new RangeError(`probs has ${probs.length} values, expected ${y.length} × ${K}`);
  for (let i = 0; i < y.length; i++) {
    if (!(Number.isInteger(y[i]) && y[i] >= 0 && y[i] < K)) throw new RangeError(`class of case ${i} is ${y[i]}: expected 0..${K - 1}`);
    let s = 0;
    for (let k = 0; k < K; k++) {
      const p = probs[i * K + k];
      if (!(p >= 0 && p <= 1)) throw new RangeError(`probability ${k} of case ${i} is ${p}: expected [0, 1]`);
      s += p;
    }
    if (Math.abs(s - 1) > ROW_SUM_TOLERANCE) throw new RangeError(`the probabilities of case ${i} sum to ${s}, not 1`);
  }
}

/** Predicted class (argmax, lowest index on ties) and its probability, per case. */
export function topLabel(probs: ArrayLike<number>, n: number, K: number): { pred: Int32Array; conf: Float64Array } {
  const pred = new Int32Array(n);
  const conf = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let k = 1; k < K; k++) if (probs[i * K + k] > probs[i * K + best]) best = k;
    pred[i] = best;
    conf[i] = probs[i * K + best];
  }
  return { pred, conf };
}

function binIndex(p: number, bins: number): number {
  const b = Math.floor(p * bins);
  return b < 0 ? 0 : b > bins - 1 ? bins - 1 : b;
}

/** Σ_b n_b/N |mean(target) − mean(p)| over equal-width bins of p on [0, 1]. */
function binnedGap(p: ArrayLike<number>, target: ArrayLike<number>, bins: number): number {
  const sp = new Float64Array(bins);
  const st = new Float64Array(bins);
  for (let i = 0; i < p.length; i++) {
    const b = binIndex(p[i], bins);
    sp[b] += p[i];
    st[b] += target[i];
  }
  let e = 0;
  for (let b = 0; b < bins; b++) e += Math.abs(st[b] - sp[b]);
  return e / p.length;
}

export interface MulticlassMetrics {
  top_label_ece: Maybe<'no_cases'>;
  classwise_ece: Maybe<'no_cases'>;
  brier: Maybe<'no_cases'>;
  log_loss: Maybe<'no_cases'>;
  accuracy: Maybe<'no_cases'>;
}

/**
 * The metrics of the module comment with `bins` equal-width bins and log-loss clipping `eps`.
 * @throws RangeError for invalid input (module comment), bins < 1 or eps outside [1e-15, 0.5).
 */
export function multiclassMetrics(probs: ArrayLike<number>, y: ArrayLike<number>, K: number, bins = 15, eps = 1e-15): MulticlassMetrics {
  checkMulticlass(probs, y, K);
  if (!(Number.isInteger(bins) && bins >= 1)) throw new RangeError(`bins must be an integer >= 1, got ${bins}`);
  if (!(eps >= 1e-15 && eps < 0.5)) throw new RangeError(`eps must be in [1e-15, 0.5), got ${eps}`);
  const n = y.length;
  if (n === 0) return { top_label_ece: undef('no_cases'), classwise_ece: undef('no_cases'), brier: undef('no_cases'), log_loss: undef('no_cases'), accuracy: undef('no_cases') };
  const { pred, conf } = topLabel(probs, n, K);
  const correct = Float64Array.from(pred, (p, i) => (p === y[i] ? 1 : 0));
  let brier = 0;
  let ll = 0;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < K; k++) {
      const d = probs[i * K + k] - (y[i] === k ? 1 : 0);
      brier += d * d;
    }
    ll -= Math.log(Math.min(1 - eps, Math.max(eps, probs[i * K + y[i]])));
  }
  let cw = 0;
  const pk = new Float64Array(n);
  const tk = new Float64Array(n);
  for (let k = 0; k < K; k++) {
    for (let i = 0; i < n; i++) {
      pk[i] = probs[i * K + k];
      tk[i] = y[i] === k ? 1 : 0;
    }
    cw += binnedGap(pk, tk, bins);
  }
  let acc = 0;
  for (let i = 0; i < n; i++) acc += correct[i];
  return {
    top_label_ece: defined(binnedGap(conf, correct, bins)),
    classwise_ece: defined(cw / K),
    brier: defined(brier / n),
    log_loss: defined(ll / n),
    accuracy: defined(acc / n),
  };
}

// ---------------------------------------------------------------------------------------------
// Calibrators

const LOG_EPS = 1e-12;

/** Softmax of log(p)/T per row, computed stably. */
export function applyTemperatureK(probs: ArrayLike<number>, K: number, T: number): Float64Array {
  const n = probs.length / K;
  const out = new Float64Array(probs.length);
  for (let i = 0; i < n; i++) {
    let max = -Infinity;
    for (let k = 0; k < K; k++) max = Math.max(max, Math.log(Math.max(LOG_EPS, probs[i * K + k])) / T);
    let s = 0;
    for (let k = 0; k < K; k++) {
      const e = Math.exp(Math.log(Math.max(LOG_EPS, probs[i * K + k])) / T - max);
      out[i * K + k] = e;
      s += e;
    }
    for (let k = 0; k < K; k++) out[i * K + k] /= s;
  }
  return out;
}

function nllAt(probs: ArrayLike<number>, y: ArrayLike<number>, K: number, T: number): number {
  const q = applyTemperatureK(probs, K, T);
  let s = 0;
  for (let i = 0; i < y.length; i++) s -= Math.log(Math.max(LOG_EPS, q[i * K + y[i]]));
  return s / y.length;
}

/**
 * The temperature T in [0.01, 100] minimizing the log loss of softmax(log p / T) on the calibration
 * split: golden-section search on log T (the NLL is unimodal in log T), to 1e-8 relative. Equal to
 * scipy.optimize.minimize_scalar(bounded) on the same objective within its tolerance.
 * @throws RangeError for invalid input or an empty split.
 */
export function fitTemperatureK(probs: ArrayLike<number>, y: ArrayLike<number>, K: number): { T: number; nll: number } {
  checkMulticlass(probs, y, K);
  if (y.length === 0) throw new RangeError('temperature scaling needs calibration cases');
  let a = Math.log(0.01);
  let b = Math.log(100);
  const phi = (Math.sqrt(5) - 1) / 2;
  let c = b - phi * (b - a);
  let d = a + phi * (b - a);
  let fc = nllAt(probs, y, K, Math.exp(c));
  let fd = nllAt(probs, y, K, Math.exp(d));
  while (b - a > 1e-8) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - phi * (b - a);
      fc = nllAt(probs, y, K, Math.exp(c));
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + phi * (b - a);
      fd = nllAt(probs, y, K, Math.exp(d));
    }
  }
  const T = Math.exp((a + b) / 2);
  return { T, nll: nllAt(probs, y, K, T) };
}

/** One-vs-rest isotonic calibrators, one per class (fitted on p_k against 1[y = k]). */
export function fitIsotonicK(probs: ArrayLike<number>, y: ArrayLike<number>, K: number): IsotonicCalibrator[] {
  checkMulticlass(probs, y, K);
  const n = y.length;
  const out: IsotonicCalibrator[] = [];
  for (let k = 0; k < K; k++) {
    const pk = new Float64Array(n);
    const tk = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      pk[i] = probs[i * K + k];
      tk[i] = y[i] === k ? 1 : 0;
    }
    out.push(fitIsotonic(pk, tk));
  }
  return out;
}

/** Applies one-vs-rest isotonic calibrators and renormalizes each row (a row of zeros becomes uniform). */
export function applyIsotonicK(cals: readonly IsotonicCalibrator[], probs: ArrayLike<number>, K: number): Float64Array {
  const n = probs.length / K;
  const out = new Float64Array(probs.length);
  const col = new Float64Array(n);
  for (let k = 0; k < K; k++) {
    for (let i = 0; i < n; i++) col[i] = probs[i * K + k];
    const m = applyIsotonic(cals[k], col);
    for (let i = 0; i < n; i++) out[i * K + k] = m[i];
  }
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < K; k++) s += out[i * K + k];
    for (let k = 0; k < K; k++) out[i * K + k] = s > 0 ? out[i * K + k] / s : 1 / K;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Conformal prediction sets

export type ConformalMethod = 'lac' | 'aps';

/** Classes of a row in decreasing probability, ties by class index. */
function ranked(probs: ArrayLike<number>, i: number, K: number): number[] {
  return Array.from({ length: K }, (_, k) => k).sort((a, b) => probs[i * K + b] - probs[i * K + a] || a - b);
}

/**
 * Non-conformity scores of the true classes (module comment). With `randomized`, APS subtracts
 * U·p_y, U drawn from CPython's random.Random(seed).random().
 */
export function nonconformityK(probs: ArrayLike<number>, y: ArrayLike<number>, K: number, method: ConformalMethod, randomized = false, seed = 0): Float64Array {
  checkMulticlass(probs, y, K);
  const n = y.length;
  const out = new Float64Array(n);
  const rng = randomized ? new PyRandom(seed) : null;
  for (let i = 0; i < n; i++) {
    const py = probs[i * K + y[i]];
    if (method === 'lac') {
      out[i] = 1 - py;
      continue;
    }
    let s = 0;
    for (const k of ranked(probs, i, K)) {
      s += probs[i * K + k];
      if (k === y[i]) break;
    }
    out[i] = rng ? s - rng.random() * py : s;
  }
  return out;
}


export interface ConformalSetsK {
  q: number;
  rank: number;
  /** Members of each case's set, as a bit mask over classes (K <= 31) or lists for larger K. */
  sets: number[][];
  coverage: Maybe<'no_cases'>;
  /** How many sets have each size 0..K. */
  size_counts: number[];
  empty_sets: number;
  full_sets: number;
  mean_size: Maybe<'no_cases'>;
  /** Coverage among the cases of each true class (null for a class with no case). */
  coverage_per_class: (number | null)[];
}

/**
 * Split-conformal prediction sets for K classes: q from the calibration split's scores (rank
 * ceil((n+1)(1−α)), +Infinity beyond n: every set is then the full label set), sets on the
 * evaluation split with their coverage, size distribution and per-class coverage.
 * @throws RangeError for invalid input or alpha outside (0, 1).
 */
export function conformalSetsK(
  cal: { probs: ArrayLike<number>; y: ArrayLike<number> },
  ev: { probs: ArrayLike<number>; y: ArrayLike<number> },
  K: number,
  alpha: number,
  method: ConformalMethod,
  options: { randomized?: boolean; seed?: number } = {},
): ConformalSetsK {
  const scores = nonconformityK(cal.probs, cal.y, K, method, options.randomized, options.seed);
  const thr = conformalThreshold(scores, alpha);
  checkMulticlass(ev.probs, ev.y, K);
  const n = ev.y.length;
  const rng = options.randomized ? new PyRandom((options.seed ?? 0) + 1) : null;
  const sets: number[][] = [];
  const sizeCounts = new Array<number>(K + 1).fill(0);
  const perClassHit = new Array<number>(K).fill(0);
  const perClassN = new Array<number>(K).fill(0);
  let covered = 0;
  for (let i = 0; i < n; i++) {
    const set: number[] = [];
    if (method === 'lac') {
      for (let k = 0; k < K; k++) if (1 - ev.probs[i * K + k] <= thr.q + SET_TOLERANCE) set.push(k);
    } else {
      const u = rng ? rng.random() : 0;
      let s = 0;
      for (const k of ranked(ev.probs, i, K)) {
        const p = ev.probs[i * K + k];
        s += p;
        if (s - u * p <= thr.q + SET_TOLERANCE) set.push(k);
        else break;
      }
    }
    set.sort((a, b) => a - b);
    sets.push(set);
    sizeCounts[set.length]++;
    perClassN[ev.y[i]]++;
    if (set.includes(ev.y[i])) {
      covered++;
      perClassHit[ev.y[i]]++;
    }
  }
  const meanSize = sets.reduce((a, s) => a + s.length, 0);
  return {
    q: thr.q,
    rank: thr.rank,
    sets,
    coverage: n ? defined(covered / n) : undef('no_cases'),
    size_counts: sizeCounts,
    empty_sets: sizeCounts[0],
    full_sets: sizeCounts[K],
    mean_size: n ? defined(meanSize / n) : undef('no_cases'),
    coverage_per_class: perClassN.map((m, k) => (m ? perClassHit[k] / m : null)),
  };
}
