/**
 * The calibration lab's K-class path (chapter 05), beside the binary one (engine.ts), with the same
 * parse -> run (heavy) -> select (cheap) -> report shape:
 *
 * 1. Two calibrators fitted on the calibration split only: temperature scaling (one T for every
 *    class) and one-vs-rest isotonic regression with renormalized rows (core/stats/multiclass.ts).
 *    The raw probabilities and each calibrator are measured on the evaluation split only: top-label
 *    ECE, classwise ECE, Brier (sum over classes, 0..2), log loss, accuracy, and the top-label
 *    reliability table (equal-width bins of the confidence, accuracy per bin, Wilson interval).
 * 2. Split conformal sets at policy.alpha, LAC and APS (non-randomized unless policy.aps_randomized),
 *    for the raw probabilities and each calibrator. Raw probabilities: every calibration case gives
 *    a score ('none_raw_scores'). A calibrator: the calibration split is cut in file order
 *    (conformalSplit, 'alternate_file_order'): a copy fitted on the 1st, 3rd, ... cases scores the
 *    2nd, 4th, ..., so that no score comes from a case the calibrator saw. The sets are built on the
 *    evaluation split: q, rank, coverage, set-size distribution, empty and full
 *    sets, coverage per true class.
 * 3. Selective prediction: the risk-coverage curve of the evaluation split, the confidence being the
 *    probability of the predicted class after the calibrator, with AURC, the oracle's AURC and
 *    E-AURC (core/stats/selective.ts).
 * 4. The gate (decision_multiclass.ts): GateChecks on the chosen calibrator and conformal method.
 * Numbers are unrounded; undefined values are null with a reason code.
 */
import { conformalSetsK, fitIsotonicK, applyIsotonicK, fitTemperatureK, applyTemperatureK, multiclassMetrics, topLabel } from '../core/stats/multiclass.ts';
import type { ConformalSetsK } from '../core/stats/multiclass.ts';
import { conformalSplit } from '../core/stats/conformal.ts';
import type { ConformalSplit } from '../core/stats/conformal.ts';
import { binEdges, reliabilityFromIndices, uniformBinIndex } from '../core/stats/calibration_metrics.ts';
import { selectiveBlock } from './selective_block.ts';
import type { SelectiveBlock } from './selective_block.ts';
import { wilsonInterval } from '../core/stats/wilson.ts';
import { ViewError } from '../core/contract/lab.ts';
import type { RunHooks } from '../core/contract/lab.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { Decision } from '../core/contract/types.ts';
import type { ConformalQuantileBlock, ReliabilityRow } from './engine.ts';
import type { CalibrationReason } from './i18n/index.ts';
import type { ConformalMethodName, MulticlassCalibrator, MulticlassInput } from './schema_multiclass.ts';
import { CONFORMAL_METHODS, MULTICLASS_CALIBRATORS } from './schema_multiclass.ts';
import { decideMulticlass } from './decision_multiclass.ts';

/** Per-case rows listed in the scorecard (every aggregate covers all cases). */
export const MC_PER_CASE_ROWS = 2000;

/** The series the lab measures: the raw probabilities and each K-class calibrator. */
export type McSeries = 'raw' | MulticlassCalibrator;
export const MC_SERIES: readonly McSeries[] = ['raw', ...MULTICLASS_CALIBRATORS];

/** What the learner changes without editing the policy (K-class part of the lab's view). */
export interface MulticlassView {
  calibrator?: string;
  conformal_method?: ConformalMethodName;
  bins?: number;
}

/** Metrics of one series on the evaluation split (null with undefined_reason when there is no case). */
export interface McMetrics {
  top_label_ece: number | null;
  classwise_ece: number | null;
  brier: number | null;
  log_loss: number | null;
  accuracy: number | null;
  undefined_reason: 'no_cases' | null;
}

/** Conformal sets of one series and method on the evaluation split. */
export interface McConformal extends ConformalQuantileBlock {
  method: ConformalMethodName;
  randomized: boolean;
  /**
   * Cases per set size 0..K, as { size, count, share } (size K = full set); share = count / evaluation
   * cases, null when there is no evaluation case (undefined, reason 'no_cases', as `coverage`).
   */
  size_counts: { size: number; count: number; share: number | null }[];
  empty_sets: number;
  full_sets: number;
  /** Per true class: evaluation cases, covered ones, coverage (null with reason when none). */
  per_class: { class: string; count: number; covered: number; coverage: number | null; undefined_reason: 'no_cases' | null }[];
  /** Lowest per-class coverage; null when some class has no evaluation case. */
  min_class_coverage: number | null;
  min_class_coverage_reason: 'class_without_evaluation_cases' | null;
}

/** Each set size's count and its share of the evaluation cases (null when there are none). */
function sizeCounts(counts: readonly number[]): McConformal['size_counts'] {
  let total = 0;
  for (const c of counts) total += c;
  return counts.map((count, size) => ({ size, count, share: total > 0 ? count / total : null }));
}

export interface McSeriesSummary {
  type: McSeries;
  /** Fitted parameters: temperature T, or the number of isotonic knots per class. */
  params: { temperature: number } | { knots: number[] } | null;
  evaluation: McMetrics;
  reliability: ReliabilityRow[];
  conformal: { lac: McConformal; aps: McConformal };
  selective: SelectiveBlock;
}

export interface MulticlassResult {
  kind: 'multiclass';
  decision: Decision<CalibrationReason>;
  checks: GateCheck<string, CalibrationReason>[];
  classes: string[];
  counts: { calibration: number; evaluation: number; per_class: { class: string; calibration: number; evaluation: number }[] };
  bins: number;
  /** The calibrator shown and fed to the gate. */
  calibrator: { type: MulticlassCalibrator; params: McSeriesSummary['params'] };
  conformal_method: ConformalMethodName;
  raw_metrics: McMetrics;
  calibrated_metrics: McMetrics;
  /** Raw, temperature and isotonic, in that order. */
  calibrators: McSeriesSummary[];
  reliability: { raw: ReliabilityRow[]; calibrated: ReliabilityRow[] };
  /** The chosen calibrator's sets with the chosen method. */
  conformal: McConformal;
  /** The chosen calibrator's selective prediction. */
  selective: SelectiveBlock;
  /** The first MC_PER_CASE_ROWS evaluation cases: true class, predicted class, confidence, set (class names). */
  evaluation_cases: { case_id: string; label: string; predicted: string; confidence: number; set: string[] }[];
  per_case_rows: { listed: number; total: number };
  metrics: Record<string, number | null>;
  undefined_metrics: Record<string, string>;
  warnings: ('conformal_q_infinite' | 'calibrated_ece_worse_than_raw' | 'class_without_evaluation_cases' | 'class_without_calibration_cases' | 'empty_sets_present')[];
  manifest: Record<string, unknown>;
}

/** What one series gives, computed once per input and bins. */
interface McRun {
  summary: McSeriesSummary;
  /** Evaluation-split sets per method (class indices), for the per-case list. */
  sets: { lac: ConformalSetsK; aps: ConformalSetsK };
  pred: Int32Array;
  conf: Float64Array;
}

/** The heavy part (kept in the worker). */
export interface MulticlassHeavy {
  kind: 'multiclass';
  input: MulticlassInput;
  bins: number;
  runs: Map<McSeries, McRun>;
  evIds: string[];
  evY: Int32Array;
  nCal: number;
  calPerClass: number[];
  evPerClass: number[];
  input_sha256: { cases: string; policy: string } | null;
}

function rowsOf(input: MulticlassInput, split: 0 | 1): { probs: Float64Array; y: Int32Array; ids: string[] } {
  const K = input.classes.length;
  let n = 0;
  for (let i = 0; i < input.split.length; i++) if (input.split[i] === split) n++;
  const probs = new Float64Array(n * K);
  const y = new Int32Array(n);
  const ids: string[] = [];
  let j = 0;
  for (let i = 0; i < input.split.length; i++) {
    if (input.split[i] !== split) continue;
    probs.set(input.probs.subarray(i * K, (i + 1) * K), j * K);
    y[j] = input.y[i];
    ids.push(input.case_ids[i]);
    j++;
  }
  return { probs, y, ids };
}

/** The rows of a split at the given positions (probabilities K per row). */
function rowsAt(part: { probs: Float64Array; y: Int32Array }, positions: Int32Array, K: number): { probs: Float64Array; y: Int32Array } {
  const probs = new Float64Array(positions.length * K);
  const y = new Int32Array(positions.length);
  positions.forEach((j, i) => {
    probs.set(part.probs.subarray(j * K, (j + 1) * K), i * K);
    y[i] = part.y[j];
  });
  return { probs, y };
}

function metricsOf(probs: Float64Array, y: Int32Array, K: number, bins: number, eps: number): McMetrics {
  const m = multiclassMetrics(probs, y, K, bins, eps);
  return {
    top_label_ece: m.top_label_ece.value,
    classwise_ece: m.classwise_ece.value,
    brier: m.brier.value,
    log_loss: m.log_loss.value,
    accuracy: m.accuracy.value,
    undefined_reason: y.length === 0 ? 'no_cases' : null,
  };
}

/**
 * Top-label reliability table: equal-width bins of the confidence (probability of the predicted
 * class) on [0, 1]; `positives` counts the correct predictions, `accuracy` is their share, with a
 * Wilson 95% interval. Its n-weighted mean gap is the top-label ECE. Exported for tests.
 */
export function topLabelReliability(conf: Float64Array, correct: Float64Array, bins: number): ReliabilityRow[] {
  const edges = binEdges(conf, bins, 'uniform');
  const idx = Int32Array.from(conf, (c) => uniformBinIndex(c, bins));
  return reliabilityFromIndices(conf, correct, idx, edges).map((r) => {
    const w = wilsonInterval(Math.round(r.positives), r.count);
    return { ...r, wilson_low: w.low, wilson_high: w.high };
  });
}

function conformalOf(s: ConformalSetsK, method: ConformalMethodName, randomized: boolean, alpha: number, split: ConformalSplit, classes: string[], evPerClass: number[]): McConformal {
  const perClass = classes.map((cl, k) => {
    const count = evPerClass[k];
    const cov = s.coverage_per_class[k];
    return { class: cl, count, covered: cov === null ? 0 : Math.round(cov * count), coverage: cov, undefined_reason: cov === null ? ('no_cases' as const) : null };
  });
  const missing = perClass.some((p) => p.coverage === null);
  return {
    method,
    randomized: method === 'aps' && randomized,
    alpha,
    target_coverage: 1 - alpha,
    q: Number.isFinite(s.q) ? s.q : null,
    q_infinite: !Number.isFinite(s.q),
    rank: s.rank,
    n_calibration: split.quantile.length,
    split_rule: split.rule,
    n_fit: split.fit.length,
    n_quantile: split.quantile.length,
    coverage: s.coverage.value,
    mean_set_size: s.mean_size.value,
    size_counts: sizeCounts(s.size_counts),
    empty_sets: s.empty_sets,
    full_sets: s.full_sets,
    per_class: perClass,
    min_class_coverage: missing || perClass.length === 0 ? null : Math.min(...perClass.map((p) => p.coverage as number)),
    min_class_coverage_reason: missing ? 'class_without_evaluation_cases' : null,
  };
}

/**
 * The heavy part, once per input and bins: raw, temperature and isotonic probabilities, their
 * metrics, reliability tables, LAC and APS sets and selective curves. `hooks.progress` hears 'fit'.
 * @throws RangeError only for an input that did not come from parseMulticlassInput.
 */
export function runMulticlassHeavy(input: MulticlassInput, bins: number, hooks?: RunHooks): MulticlassHeavy {
  const progress = hooks?.progress;
  const K = input.classes.length;
  const p = input.policy;
  const cal = rowsOf(input, 0);
  const ev = rowsOf(input, 1);
  const calPerClass = new Array<number>(K).fill(0);
  const evPerClass = new Array<number>(K).fill(0);
  for (const c of cal.y) calPerClass[c]++;
  for (const c of ev.y) evPerClass[c]++;
  const runs = new Map<McSeries, McRun>();
  // Conformal sets never reuse the cases that fitted the calibrator (see conformalSplit): a fitted
  // calibrator gets a copy fitted on the fit part, and the quantile comes from the other part.
  const halves = conformalSplit(cal.y.length);
  const fitPart = rowsAt(cal, halves.fit, K);
  const qPart = rowsAt(cal, halves.quantile, K);
  for (const [si, type] of MC_SERIES.entries()) {
    progress?.('fit', si / MC_SERIES.length);
    let pEv: Float64Array;
    let params: McSeriesSummary['params'] = null;
    let split: ConformalSplit;
    let confCal: { probs: Float64Array; y: Int32Array };
    let confEv: Float64Array;
    if (type === 'temperature') {
      const t = fitTemperatureK(cal.probs, cal.y, K);
      params = { temperature: t.T };
      pEv = applyTemperatureK(ev.probs, K, t.T);
      const tc = fitTemperatureK(fitPart.probs, fitPart.y, K);
      split = halves;
      confCal = { probs: applyTemperatureK(qPart.probs, K, tc.T), y: qPart.y };
      confEv = applyTemperatureK(ev.probs, K, tc.T);
    } else if (type === 'isotonic') {
      const iso = fitIsotonicK(cal.probs, cal.y, K);
      params = { knots: iso.map((c) => c.x.length) };
      pEv = applyIsotonicK(iso, ev.probs, K);
      const ic = fitIsotonicK(fitPart.probs, fitPart.y, K);
      split = halves;
      confCal = { probs: applyIsotonicK(ic, qPart.probs, K), y: qPart.y };
      confEv = applyIsotonicK(ic, ev.probs, K);
    } else {
      pEv = ev.probs;
      split = conformalSplit(cal.y.length, 'none_raw_scores');
      confCal = { probs: cal.probs, y: cal.y };
      confEv = ev.probs;
    }
    const { pred, conf } = topLabel(pEv, ev.y.length, K);
    const correct = Float64Array.from(pred, (c, i) => (c === ev.y[i] ? 1 : 0));
    const sets = {
      lac: conformalSetsK(confCal, { probs: confEv, y: ev.y }, K, p.alpha, 'lac'),
      aps: conformalSetsK(confCal, { probs: confEv, y: ev.y }, K, p.alpha, 'aps', { randomized: p.aps_randomized, seed: p.seed }),
    };
    const conformal = {
      lac: conformalOf(sets.lac, 'lac', p.aps_randomized, p.alpha, split, input.classes, evPerClass),
      aps: conformalOf(sets.aps, 'aps', p.aps_randomized, p.alpha, split, input.classes, evPerClass),
    };
    runs.set(type, {
      summary: {
        type,
        params,
        evaluation: metricsOf(pEv, ev.y, K, bins, p.log_loss_eps),
        reliability: topLabelReliability(conf, correct, bins),
        conformal,
        selective: selectiveBlock(conf, correct),
      },
      sets,
      pred,
      conf,
    });
  }
  progress?.('fit', 1);
  return { kind: 'multiclass', input, bins, runs, evIds: ev.ids, evY: ev.y, nCal: cal.y.length, calPerClass, evPerClass, input_sha256: null };
}

/**
 * The cheap part: the scorecard for the calibrator and the conformal method the view names
 * (default: the policy's). O(MC_PER_CASE_ROWS · K) for the per-case list.
 * @throws ViewError('unknown_calibrator') for a calibrator the K-class path does not fit
 *   (histogram_laplace, platt).
 */
export function selectMulticlass(h: MulticlassHeavy, view: MulticlassView = {}): MulticlassResult {
  const { input } = h;
  const p = input.policy;
  const classes = input.classes;
  const calType = (view.calibrator ?? p.calibrator) as MulticlassCalibrator;
  if (!(MULTICLASS_CALIBRATORS as readonly string[]).includes(calType)) throw new ViewError('unknown_calibrator', String(calType));
  const method = view.conformal_method ?? p.conformal_method;
  const raw = h.runs.get('raw')!;
  const run = h.runs.get(calType)!;
  const chosen = run.summary;
  const conformal = chosen.conformal[method];
  const sets = run.sets[method];
  const listed = Math.min(MC_PER_CASE_ROWS, h.evIds.length);
  const evaluationCases = [];
  for (let i = 0; i < listed; i++) {
    evaluationCases.push({
      case_id: h.evIds[i],
      label: classes[h.evY[i]],
      predicted: classes[run.pred[i]],
      confidence: run.conf[i],
      set: sets.sets[i].map((k) => classes[k]),
    });
  }
  const warnings: MulticlassResult['warnings'] = [];
  if (conformal.q_infinite) warnings.push('conformal_q_infinite');
  const rt = raw.summary.evaluation.top_label_ece;
  const ct = chosen.evaluation.top_label_ece;
  if (rt !== null && ct !== null && ct > rt + 1e-9) warnings.push('calibrated_ece_worse_than_raw');
  if (h.evPerClass.some((c) => c === 0)) warnings.push('class_without_evaluation_cases');
  if (h.calPerClass.some((c) => c === 0)) warnings.push('class_without_calibration_cases');
  if (conformal.empty_sets > 0) warnings.push('empty_sets_present');

  const e = chosen.evaluation;
  const r = raw.summary.evaluation;
  const s = chosen.selective;
  const metrics: Record<string, number | null> = {
    raw_top_label_ece: r.top_label_ece,
    raw_classwise_ece: r.classwise_ece,
    raw_brier: r.brier,
    raw_log_loss: r.log_loss,
    raw_accuracy: r.accuracy,
    calibrated_top_label_ece: e.top_label_ece,
    calibrated_classwise_ece: e.classwise_ece,
    calibrated_brier: e.brier,
    calibrated_log_loss: e.log_loss,
    calibrated_accuracy: e.accuracy,
    conformal_q: conformal.q,
    conformal_coverage: conformal.coverage,
    mean_set_size: conformal.mean_set_size,
    min_class_coverage: conformal.min_class_coverage,
    aurc: s.aurc,
    aurc_oracle: s.aurc_oracle,
    e_aurc: s.e_aurc,
  };
  const undefinedMetrics: Record<string, string> = {};
  if (conformal.q_infinite) undefinedMetrics.conformal_q = 'conformal_rank_exceeds_n';
  if (conformal.min_class_coverage_reason) undefinedMetrics.min_class_coverage = conformal.min_class_coverage_reason;
  for (const [k, v] of Object.entries(metrics)) if (v === null && !(k in undefinedMetrics)) undefinedMetrics[k] = 'no_cases';

  const { decision, checks } = decideMulticlass({ policy: p, calibrated: e, conformal, selective: s });
  const nEv = h.evIds.length;
  const result: Omit<MulticlassResult, 'manifest'> = {
    kind: 'multiclass',
    decision,
    checks,
    classes,
    counts: {
      calibration: h.nCal,
      evaluation: nEv,
      per_class: classes.map((cl, k) => ({ class: cl, calibration: h.calPerClass[k], evaluation: h.evPerClass[k] })),
    },
    bins: h.bins,
    calibrator: { type: calType, params: chosen.params },
    conformal_method: method,
    raw_metrics: r,
    calibrated_metrics: e,
    calibrators: MC_SERIES.map((t) => h.runs.get(t)!.summary),
    reliability: { raw: raw.summary.reliability, calibrated: chosen.reliability },
    conformal,
    selective: s,
    evaluation_cases: evaluationCases,
    per_case_rows: { listed, total: nEv },
    metrics,
    undefined_metrics: undefinedMetrics,
    warnings,
  };
  return {
    ...result,
    manifest: {
      kind: 'multiclass',
      model_version: p.model_version ?? null,
      policy_version: p.policy_version ?? null,
      owner: p.owner ?? null,
      classes,
      calibrator_type: calType,
      calibrator_params: chosen.params,
      conformal: { method, randomized: conformal.randomized, alpha: p.alpha, q: conformal.q, q_infinite: conformal.q_infinite },
      dataset_counts: { calibration: h.nCal, evaluation: nEv },
      metrics: { top_label_ece: e.top_label_ece, classwise_ece: e.classwise_ece, brier: e.brier, log_loss: e.log_loss, bins: h.bins },
      gate: { passes: decision.verdict === 'pass', checks: checks.map((c) => c.id) },
      input_sha256: h.input_sha256,
      cases_format: input.cases_format,
    },
  };
}

/** runMulticlassHeavy then selectMulticlass (tests, benchmarks). */
export function runMulticlass(input: MulticlassInput, view: MulticlassView = {}, hooks?: RunHooks): MulticlassResult {
  return selectMulticlass(runMulticlassHeavy(input, view.bins ?? input.policy.bins, hooks), view);
}

export { CONFORMAL_METHODS };
