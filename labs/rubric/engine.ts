/**
 * The rubric engine: exam items + a rubric -> per-item scores in the seed's breakdown format,
 * the exam aggregate with a bootstrap interval, gate verdicts, patterns across items, and the
 * optional checks (comparison of two rubrics, consistency of a pasted breakdown, inter-rater
 * agreement, rubric drift against a previous scorecard). Pure and deterministic.
 *
 * How the tutor's raw output is read (rubric.output_parsing):
 *   'first_json_object' (default): the first balanced {...} in the text that JSON.parse accepts as
 *     an object (string literals inside a candidate are respected when balancing braces; quotes in
 *     the text around it are ignored; a candidate that fails to parse is skipped and the search goes
 *     on with the next "{", nested ones included). Found in one linear pass (parseOutput).
 *   'whole_text': the whole text (trimmed) must be one JSON object.
 *   Axes then read fields of that object by name ("answer", or a dotted path "gloss.es").
 *   No object found: every field-reading axis scores 0 (reason field_missing / no_json_object).
 *
 * Item score (seed 000): s = sum_i w_i * s_i / sum_i w_i, each axis score s_i in [0, 1] (binary:
 * 0 or 1; Likert: (value - min) / (max - min)). With weights summing to 1 this is the seed's
 * s = 0.60 c + 0.25 g + 0.10 sigma + 0.05 kappa. weighted[axis] = w_i * s_i / sum w.
 * Overrides: a failed critical axis, a missing critical field or an automatic failure set the
 * item's score to 0 (seed 004: "critical fields zero everything"); score_before_overrides keeps
 * the weighted sum. An automatic failure's pattern is tested on the first MAX_REGEX_INPUT (10,000)
 * UTF-16 code units of its text only, with RE2 (regex.ts: untrusted patterns run in linear time).
 * Exam score: arithmetic mean of the exam items' scores (split "exam"); the regression score is
 * the mean over split "regression". Interval: percentile bootstrap of the mean (resampling items
 * with CPython's random.Random(seed).randrange, quantiles by linear interpolation as numpy's
 * default), rubric.interval.{confidence,resamples,seed}.
 */
import { lockOf } from '../core/contract/canonical.ts';
import { gateCheck, type GateCheck } from '../core/contract/gate_check.ts';
import { undef } from '../core/stats/maybe.ts';
import type { RubricReason } from './i18n/index.ts';
import { agreementSummary, likertCategories } from '../core/stats/agreement.ts';
import type { AgreementSummary, Category } from '../core/stats/agreement.ts';
import { bootstrapMeanInterval } from '../core/stats/bootstrap.ts';
import { atLeast, atMost } from '../core/stats/tolerance.ts';
import type { Interval } from '../core/stats/maybe.ts';
import { quantileSorted } from '../core/stats/quantile.ts';
import { matchExpected, stepLabel } from '../core/stats/text/normalize.ts';
import type { MatchResult } from '../core/stats/text/normalize.ts';
import { validateAgainstSchema } from './jsonschema.ts';
import { MAX_REGEX_INPUT, compileUserRegex } from './regex.ts';
import type { SchemaViolation } from './jsonschema.ts';
import type { Axis, BreakdownEntry, Item, Ratings, Rubric, RubricLabInput } from './schema.ts';

// ---------------------------------------------------------------------------------------------
// Output parsing

export type ParsedOutput = { ok: true; value: Record<string, unknown>; start: number; end: number } | { ok: false; code: 'no_json_object' | 'not_a_json_object' };

/**
 * Every balanced {...} of `text` as [start, end) pairs, in order of start, found in one pass: at
 * depth 0 (prose around the object) quotes are ignored; inside a candidate, JSON string literals
 * (with backslash escapes) are respected, so braces inside strings do not count. A "{" that never
 * closes is no candidate. Linear in the text.
 */
function balancedCandidates(text: string): { start: number; end: number }[] {
  const open: number[] = [];
  const closed: { start: number; end: number }[] = [];
  let inStr = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inStr) {
      if (c === 92) i++;
      else if (c === 34) inStr = false;
    } else if (c === 34) {
      if (open.length) inStr = true;
    } else if (c === 123) open.push(i);
    else if (c === 125 && open.length) closed.push({ start: open.pop()!, end: i + 1 });
  }
  return closed.sort((x, y) => x.start - y.start);
}

/** Characters JSON.parse may read over all the candidates of one output, as a multiple of its length. */
const PARSE_BUDGET_FACTOR = 4;

/**
 * Reads the JSON object inside a raw output text (rules in the module comment).
 * Returns { ok: true, value, start, end } (character offsets of the object in the text) or
 * { ok: false, code }: 'no_json_object' (first_json_object found none) or 'not_a_json_object'
 * (whole_text: the text is not one JSON object). Never throws.
 * Cost: one linear scan for the candidates, then JSON.parse on each in order of start until one is
 * an object; the characters handed to JSON.parse are capped at PARSE_BUDGET_FACTOR times the text
 * length plus 10^6 (a text of thousands of nested broken objects stops there: no_json_object).
 */
export function parseOutput(text: string, mode: Rubric['output_parsing'] = 'first_json_object'): ParsedOutput {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (mode === 'whole_text') {
    try {
      const v: unknown = JSON.parse(text.trim());
      if (isObj(v)) return { ok: true, value: v, start: 0, end: text.length };
    } catch {
      /* falls through */
    }
    return { ok: false, code: 'not_a_json_object' };
  }
  let budget = PARSE_BUDGET_FACTOR * text.length + 1e6;
  for (const { start, end } of balancedCandidates(text)) {
    budget -= end - start;
    if (budget < 0) break;
    try {
      const v: unknown = JSON.parse(text.slice(start, end));
      if (isObj(v)) return { ok: true, value: v, start, end };
    } catch {
      /* try the next candidate */
    }
  }
  return { ok: false, code: 'no_json_object' };
}

/**
 * Value at a dotted path ("gloss.es") in an object; undefined when any step is missing. Only own
 * properties are read: a field named "constructor" or "toString" that the output does not have
 * is missing, not Object's method.
 */
export function getField(obj: Record<string, unknown> | null, path: string): unknown {
  let cur: unknown = obj;
  for (const k of path.split('.')) {
    if (typeof cur !== 'object' || cur === null || Array.isArray(cur) || !Object.prototype.hasOwnProperty.call(cur, k)) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

function fieldText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/**
 * Number of words in a text. 'whitespace': pieces separated by runs of white space after trimming
 * ("" -> 0; punctuation sticks to its word). 'unicode_words': Intl.Segmenter word segments that are
 * word-like (punctuation is not a word; "l'eau" and "can't" follow the Unicode word rules, UAX #29).
 */
export function countWords(text: string, method: 'whitespace' | 'unicode_words'): number {
  if (method === 'whitespace') {
    const t = text.trim();
    return t === '' ? 0 : t.split(/\s+/u).length;
  }
  let n = 0;
  for (const seg of new Intl.Segmenter('en', { granularity: 'word' }).segment(text)) if (seg.isWordLike) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Per-item scoring

/** Why an axis scored what it scored: a code (translated in i18n) plus details. */
export interface AxisReason {
  code:
    | 'matched'
    | 'missing_substring'
    | 'no_entry_found'
    | 'not_equal'
    | 'no_expected'
    | 'empty_after_normalization'
    | 'field_missing'
    | 'field_not_text'
    | 'no_json_object'
    | 'schema_valid'
    | 'schema_invalid'
    | 'within_budget'
    | 'over_budget'
    | 'rating'
    | 'rating_missing'
    | 'rating_off_scale';
  missing?: string[];
  made_match_by?: string | null;
  broke_match_by?: string | null;
  normalized_output?: string;
  normalized_expected?: string[];
  violations?: SchemaViolation[];
  words?: number;
  max_words?: number;
  value?: number;
}

export interface AxisResult {
  axis: string;
  kind: 'binary' | 'likert';
  weight: number;
  /** Score in [0, 1]. */
  score: number;
  /** Binary: 0/1; Likert: the rating on its own scale (null when missing). */
  raw: number | null;
  reason: AxisReason;
}

export interface ItemResult {
  item: string;
  prompt: string;
  expected: string[];
  /** The text of the first contains-axis field (what the tutor answered), or the raw output when no object was found. */
  got: string;
  score: number;
  breakdown: Record<string, number>;
  weighted: Record<string, number>;
  reasons: Record<string, AxisReason>;
  score_before_overrides: number;
  /** Why the score was set to 0: 'critical_axis:<axis>', 'critical_field:<field>', 'automatic_failure:<id>'. */
  overrides: string[];
  passed: boolean | null;
  split: 'exam' | 'regression';
  latency_ms: number | null;
  output_parsed: boolean;
}

/**
 * The text an axis reads from the parsed output (`axis.field`), or the failing AxisResult (score 0)
 * that says why there is none: no JSON object, a missing field, or a field that is not text.
 */
function axisText(axis: { name: string; weight: number; field: string }, parsed: ParsedOutput): { text: string } | { fail: AxisResult } {
  const base = { axis: axis.name, kind: 'binary' as const, weight: axis.weight, score: 0, raw: 0 };
  if (!parsed.ok) return { fail: { ...base, reason: { code: 'no_json_object' } } };
  const v = getField(parsed.value, axis.field);
  if (v === undefined || v === null) return { fail: { ...base, reason: { code: 'field_missing' } } };
  const text = fieldText(v);
  if (text === null) return { fail: { ...base, reason: { code: 'field_not_text' } } };
  return { text };
}

function scoreContains(axis: Extract<Axis, { check: 'contains' }>, item: Item, parsed: ParsedOutput, rubric: Rubric): AxisResult {
  const base = { axis: axis.name, kind: 'binary' as const, weight: axis.weight };
  const read = axisText(axis, parsed);
  if ('fail' in read) return read.fail;
  const text = read.text;
  const m: MatchResult = matchExpected(text, item[axis.expected], {
    steps: rubric.normalization.steps,
    normalizeExpected: rubric.normalization.normalize_expected,
    mode: axis.match ?? rubric.matching.mode,
    onEmptyExpected: rubric.matching.on_empty_expected,
  });
  const s = m.matched ? 1 : 0;
  return {
    ...base,
    score: s,
    raw: s,
    reason: {
      code: m.code,
      missing: m.missing,
      made_match_by: m.made_match_by,
      broke_match_by: m.broke_match_by,
      normalized_output: m.normalized_output,
      normalized_expected: m.normalized_expected,
    },
  };
}

function scoreAxis(axis: Axis, item: Item, parsed: ParsedOutput, rubric: Rubric): AxisResult {
  switch (axis.check) {
    case 'contains':
      return scoreContains(axis, item, parsed, rubric);
    case 'json_schema': {
      const base = { axis: axis.name, kind: 'binary' as const, weight: axis.weight };
      if (!parsed.ok) return { ...base, score: 0, raw: 0, reason: { code: 'no_json_object' } };
      const violations = validateAgainstSchema(rubric.json_schema ?? {}, parsed.value);
      const s = violations.length === 0 ? 1 : 0;
      return { ...base, score: s, raw: s, reason: s ? { code: 'schema_valid' } : { code: 'schema_invalid', violations } };
    }
    case 'word_budget': {
      const base = { axis: axis.name, kind: 'binary' as const, weight: axis.weight };
      const read = axisText(axis, parsed);
      if ('fail' in read) return read.fail;
      const words = countWords(read.text, axis.word_count);
      const s = words <= axis.max_words ? 1 : 0;
      return { ...base, score: s, raw: s, reason: { code: s ? 'within_budget' : 'over_budget', words, max_words: axis.max_words } };
    }
    case 'rating': {
      const base = { axis: axis.name, kind: 'likert' as const, weight: axis.weight };
      let v: unknown;
      if (axis.source === 'item') v = item.ratings && Object.prototype.hasOwnProperty.call(item.ratings, axis.field) ? item.ratings[axis.field] : undefined;
      else v = parsed.ok ? getField(parsed.value, axis.field) : undefined;
      if (typeof v !== 'number') return { ...base, score: 0, raw: null, reason: { code: parsed.ok || axis.source === 'item' ? 'rating_missing' : 'no_json_object' } };
      if (v < axis.scale.min || v > axis.scale.max) return { ...base, score: 0, raw: v, reason: { code: 'rating_off_scale', value: v } };
      return { ...base, score: (v - axis.scale.min) / (axis.scale.max - axis.scale.min), raw: v, reason: { code: 'rating', value: v } };
    }
  }
}

/**
 * Scores one item with a rubric. Shapes in ItemResult; conventions in the module comment.
 * A Likert axis with no rating scores 0 (reason rating_missing), like a missing field.
 * `passed` follows rubric.pass_threshold (null when the rubric has none): critical failures
 * (when critical_must_pass), avg_min and no_dim_below, on the unit scale or the Likert scale.
 */
export function scoreItem(item: Item, rubric: Rubric): ItemResult {
  const parsed = parseOutput(item.output, rubric.output_parsing);
  const results = rubric.axes.map((a) => scoreAxis(a, item, parsed, rubric));
  const W = rubric.axes.reduce((s, a) => s + a.weight, 0);
  // Keyed by axis names (data): null-prototype objects, so "__proto__" or "constructor" are plain keys.
  const breakdown = Object.create(null) as Record<string, number>;
  const weighted = Object.create(null) as Record<string, number>;
  const reasons = Object.create(null) as Record<string, AxisReason>;
  let sum = 0;
  for (const r of results) {
    breakdown[r.axis] = r.score;
    weighted[r.axis] = (r.weight * r.score) / W;
    reasons[r.axis] = r.reason;
    sum += r.weight * r.score;
  }
  const before = sum / W;
  const overrides: string[] = [];
  const criticalFails: string[] = [];
  rubric.axes.forEach((a, i) => {
    if (a.critical && results[i].score < 1) criticalFails.push(`critical_axis:${a.name}`);
  });
  for (const f of rubric.critical_fields) {
    const v = parsed.ok ? getField(parsed.value, f) : undefined;
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) criticalFails.push(`critical_field:${f}`);
  }
  overrides.push(...criticalFails);
  for (const af of rubric.automatic_failures) {
    const target = af.field ? fieldText(parsed.ok ? getField(parsed.value, af.field) : undefined) : item.output;
    if (target !== null && compileUserRegex(af.pattern, af.flags).test(target.slice(0, MAX_REGEX_INPUT))) overrides.push(`automatic_failure:${af.id}`);
  }
  const score = overrides.length ? 0 : before;

  let passed: boolean | null = null;
  const pt = rubric.pass_threshold;
  if (pt) {
    let ok = overrides.every((o) => !o.startsWith('automatic_failure:'));
    if (pt.critical_must_pass && criticalFails.length) ok = false;
    const dims = pt.scale === 'likert' ? results.filter((r) => r.kind === 'likert') : results;
    const values = dims.map((r) => (pt.scale === 'likert' ? r.raw : r.score));
    if (values.some((v) => v === null)) ok = false;
    else {
      const vals = values as number[];
      const wsum = dims.reduce((s, r) => s + r.weight, 0);
      const avg = pt.weighted && wsum > 0 ? dims.reduce((s, r, i) => s + r.weight * vals[i], 0) / wsum : vals.reduce((s, v) => s + v, 0) / vals.length;
      if (pt.avg_min !== undefined && !(avg >= pt.avg_min)) ok = false;
      if (pt.no_dim_below !== undefined && vals.some((v) => v < pt.no_dim_below!)) ok = false;
    }
    passed = ok;
  }

  const firstContains = rubric.axes.find((a) => a.check === 'contains');
  let got = item.output;
  if (parsed.ok && firstContains && firstContains.check === 'contains') got = fieldText(getField(parsed.value, firstContains.field)) ?? '';
  return {
    item: item.item,
    prompt: item.prompt,
    expected: firstContains && firstContains.check === 'contains' ? item[firstContains.expected] : item.expected_contains,
    got,
    score,
    breakdown,
    weighted,
    reasons,
    score_before_overrides: before,
    overrides,
    passed,
    split: item.split,
    latency_ms: item.latency_ms ?? null,
    output_parsed: parsed.ok,
  };
}

// ---------------------------------------------------------------------------------------------
// Aggregates

/**
 * The exam score's interval: core's percentile bootstrap of a mean (labs/core/stats/bootstrap.ts,
 * bootstrapMeanInterval: `resamples` rounds of CPython's random.Random(seed).randrange(n) draws,
 * numpy's linear quantiles; Efron & Tibshirani 1993), with the rubric's keys. Undefined
 * ('no_cases': low = high = null) when there are no exam items.
 */
export type ExamInterval = Interval<'no_cases'> & { method: 'percentile_bootstrap'; confidence: number; resamples: number; seed: number };

function examInterval(values: readonly number[], confidence: number, resamples: number, seed: number): ExamInterval {
  const ci = bootstrapMeanInterval(values, { rounds: resamples, seed, confidence });
  const bounds = ci.reason === null ? { low: ci.low, high: ci.high, reason: null } : { low: null, high: null, reason: ci.reason };
  return { ...bounds, method: 'percentile_bootstrap', confidence, resamples, seed };
}

const mean = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

export interface Aggregate {
  n_items: number;
  n_exam: number;
  n_regression: number;
  /** Mean score of the exam items; null (no_exam_items) when there are none. */
  exam_score: number | null;
  interval: ExamInterval;
  regression_score: number | null;
  /** Fraction of items (all splits) with passed === true, when the rubric has a pass_threshold. */
  pass_rate: number | null;
  /** Median latency over items that report latency_ms (all splits), numpy-style median. */
  latency_p50_ms: number | null;
  /** Regression items whose schema axis scored 0 (null when no regression items or no schema axis). */
  regression_schema_failures: number | null;
  /** Mean of each axis' score over the exam items. */
  axis_means: Record<string, number | null>;
  /** Number of items (all splits) where each axis scored below 1. */
  axis_failures: Record<string, number>;
  /** The dashboard's column totals, one per axis in rubric order (see AxisColumn). */
  axis_columns: AxisColumn[];
}

/**
 * One column of the per-item dashboard (seed 000): how an axis did across the items. A column
 * that fails everywhere (failures = n_items) is a systematic fault; lost_exam says how many exam
 * score points the axis costs.
 */
export interface AxisColumn {
  axis: string;
  weight: number;
  /** weight / sum of the rubric's weights: the most this axis adds to an item's score. */
  weight_share: number;
  /** Sum of the axis score over all items (both splits): the column total; out of n_items. */
  total: number;
  /** Items (both splits) where the axis scored below 1, and exactly 0. */
  failures: number;
  zeros: number;
  /** Mean over the exam items of weighted[axis] (null, no_exam_items, when there are none). */
  weighted_mean_exam: number | null;
  /** weight_share - weighted_mean_exam: exam score lost on this axis, before overrides (null with no exam items). */
  lost_exam: number | null;
  /**
   * A systematic fault: the axis scored below 1 on every item and there are at least 2 items (one
   * failing item is not a pattern). Seed 000's dashboard reading: a column at 0/n is a broken step
   * (formatter, parser), not a weak model.
   */
  systematic: boolean;
}

function aggregate(items: ItemResult[], rubric: Rubric): { agg: Aggregate; undefinedMetrics: Record<string, string> } {
  const exam = items.filter((i) => i.split === 'exam');
  const reg = items.filter((i) => i.split === 'regression');
  const undef: Record<string, string> = {};
  const examScores = exam.map((i) => i.score);
  const examScore = mean(examScores);
  if (examScore === null) undef.exam_score = 'no_exam_items';
  const regScore = mean(reg.map((i) => i.score));
  if (regScore === null) undef.regression_score = 'no_regression_items';
  const withPass = items.filter((i) => i.passed !== null);
  const passRate = rubric.pass_threshold ? mean(withPass.map((i) => (i.passed ? 1 : 0))) : null;
  if (passRate === null) undef.pass_rate = rubric.pass_threshold ? 'no_items' : 'no_pass_threshold';
  const lat = items.map((i) => i.latency_ms).filter((x): x is number => x !== null).sort((a, b) => a - b);
  const p50 = lat.length ? quantileSorted(lat, 0.5) : null;
  if (p50 === null) undef.latency_p50_ms = 'no_latency';
  const schemaAxis = rubric.axes.find((a) => a.check === 'json_schema');
  let regSchema: number | null = null;
  if (!schemaAxis) undef.regression_schema_failures = 'no_schema_axis';
  else if (reg.length === 0) undef.regression_schema_failures = 'no_regression_items';
  else regSchema = reg.filter((i) => i.breakdown[schemaAxis.name] < 1).length;
  const axisMeans = Object.create(null) as Record<string, number | null>;
  const axisFailures = Object.create(null) as Record<string, number>;
  const axisColumns: AxisColumn[] = [];
  const W = rubric.axes.reduce((s, a) => s + a.weight, 0);
  for (const a of rubric.axes) {
    axisMeans[a.name] = mean(exam.map((i) => i.breakdown[a.name]));
    axisFailures[a.name] = items.filter((i) => i.breakdown[a.name] < 1).length;
    const wMean = mean(exam.map((i) => i.weighted[a.name]));
    axisColumns.push({
      axis: a.name,
      weight: a.weight,
      weight_share: a.weight / W,
      total: items.reduce((s, i) => s + i.breakdown[a.name], 0),
      failures: axisFailures[a.name],
      zeros: items.filter((i) => i.breakdown[a.name] === 0).length,
      weighted_mean_exam: wMean,
      lost_exam: wMean === null ? null : a.weight / W - wMean,
      systematic: items.length >= 2 && axisFailures[a.name] === items.length,
    });
  }
  const iv = rubric.interval;
  return {
    agg: {
      n_items: items.length,
      n_exam: exam.length,
      n_regression: reg.length,
      exam_score: examScore,
      interval: examInterval(examScores, iv.confidence, iv.resamples, iv.seed),
      regression_score: regScore,
      pass_rate: passRate,
      latency_p50_ms: p50,
      regression_schema_failures: regSchema,
      axis_means: axisMeans,
      axis_failures: axisFailures,
      axis_columns: axisColumns,
    },
    undefinedMetrics: undef,
  };
}

// ---------------------------------------------------------------------------------------------
// Gates

/** What a gate of the rubric checks (hard: the exam score; the others are soft gates). */
export type RubricGateId = 'hard_min_score' | 'p50_latency' | 'regression_schema_failures' | 'regression_score' | 'max_drop';

/** A gate of the rubric in the shared shape (core/contract/gate_check.ts); soft gates are non-blocking. */
export type RubricGateCheck = GateCheck<RubricGateId, RubricReason>;

/**
 * Hard gate (exam score >= min_score; an undefined exam score fails with 'hard_gate_undefined') and
 * the soft gates that the rubric configures (non-blocking: they warn and never block): p50 latency
 * <= max, regression-set schema failures <= max, regression-set score >= min,
 * drop = stable_score - regression_score <= max_drop. Comparisons allow core's one tolerance (gate_check.ts compare, core/stats/tolerance.ts) of floating-point
 * slack (0.92 reached by a mean of 0.92 passes).
 */
export function evaluateGates(agg: Aggregate, rubric: Rubric): { hard: RubricGateCheck; soft: RubricGateCheck[] } {
  const hard = gateCheck({
    id: 'hard_min_score' as const,
    value: agg.exam_score === null ? undef('no_exam_items') : agg.exam_score,
    comparator: '>=',
    threshold: rubric.gates.hard.min_score,
    failReason: 'hard_gate_missed' as RubricReason,
    undefinedReason: 'hard_gate_undefined',
  });
  const soft: RubricGateCheck[] = [];
  const s = rubric.gates.soft;
  const add = (id: RubricGateId, threshold: number | undefined, value: number | null, comparator: '>=' | '<=', missed: RubricReason, undefinedReason: RubricReason) => {
    if (threshold === undefined) return;
    soft.push(gateCheck({ id, value, comparator, threshold, failReason: missed, undefinedReason, blocking: false }));
  };
  add('p50_latency', s.p50_latency_ms_max, agg.latency_p50_ms, '<=', 'soft_latency_missed', 'soft_latency_undefined');
  add('regression_schema_failures', s.regression_schema_failures_max, agg.regression_schema_failures, '<=', 'soft_schema_missed', 'soft_schema_undefined');
  add('regression_score', s.regression_score_min, agg.regression_score, '>=', 'soft_regression_score_missed', 'soft_regression_score_undefined');
  if (s.max_drop !== undefined && s.stable_score !== undefined) {
    const drop = agg.regression_score === null ? null : s.stable_score - agg.regression_score;
    add('max_drop', s.max_drop, drop, '<=', 'soft_drop_missed', 'soft_drop_undefined');
  }
  return { hard, soft };
}

// ---------------------------------------------------------------------------------------------
// Patterns across items

export interface Pattern {
  code: 'missing_column' | 'frequent_axis_failure' | 'zero_row' | 'outlier' | 'empty_expected' | 'unparsed_output' | 'step_broke_match' | 'step_made_match';
  axis?: string;
  item?: string;
  items?: string[];
  step?: string;
  count?: number;
  score?: number;
  fence?: number;
}

/**
 * Patterns of seed 000's dashboard, over all items (both splits):
 * missing_column: an axis below 1 on every item (n >= 2): a systematic fault, e.g. a broken formatter;
 * frequent_axis_failure: an axis below 1 on at least half the items, but not all;
 * zero_row: an item whose axes are all 0; outlier: an item score outside Tukey's fences
 * (Q1 - 1.5 IQR, Q3 + 1.5 IQR; n >= 4; quartiles by linear interpolation), reported only when fewer
 * than a quarter of the items are outside (otherwise the "outliers" are the distribution);
 * empty_expected: a contains axis with an empty expected list; unparsed_output: no JSON object;
 * step_broke_match / step_made_match: a normalization step that turned a match off (e.g.
 * strip_trailing_period on "sra.") or on (e.g. case_fold), with the items concerned.
 */
export function detectPatterns(items: ItemResult[], rubric: Rubric): Pattern[] {
  const out: Pattern[] = [];
  const n = items.length;
  for (const a of rubric.axes) {
    const failing = items.filter((i) => i.breakdown[a.name] < 1).map((i) => i.item);
    if (n >= 2 && failing.length === n) out.push({ code: 'missing_column', axis: a.name, count: n });
    else if (n >= 2 && failing.length * 2 >= n) out.push({ code: 'frequent_axis_failure', axis: a.name, count: failing.length, items: failing });
  }
  for (const i of items) if (rubric.axes.every((a) => i.breakdown[a.name] === 0)) out.push({ code: 'zero_row', item: i.item });
  if (n >= 4) {
    const sorted = items.map((i) => i.score).sort((x, y) => x - y);
    const q1 = quantileSorted(sorted, 0.25);
    const q3 = quantileSorted(sorted, 0.75);
    const lo = q1 - 1.5 * (q3 - q1);
    const hi = q3 + 1.5 * (q3 - q1);
    const outs = items.filter((i) => !atLeast(i.score, lo) || !atMost(i.score, hi));
    if (outs.length > 0 && outs.length * 4 < n) for (const i of outs) out.push({ code: 'outlier', item: i.item, score: i.score, fence: i.score < lo ? lo : hi });
  }
  for (const a of rubric.axes) {
    if (a.check !== 'contains') continue;
    for (const i of items) if (i.reasons[a.name].code === 'no_expected') out.push({ code: 'empty_expected', axis: a.name, item: i.item });
  }
  for (const i of items) if (!i.output_parsed) out.push({ code: 'unparsed_output', item: i.item });
  const stepHits = (key: 'broke_match_by' | 'made_match_by', code: 'step_broke_match' | 'step_made_match') => {
    const by = new Map<string, string[]>();
    for (const i of items)
      for (const a of rubric.axes) {
        const st = i.reasons[a.name][key];
        if (st) by.set(st, [...(by.get(st) ?? []), `${i.item}/${a.name}`]);
      }
    for (const [step, its] of by) out.push({ code, step, items: its, count: its.length });
  };
  stepHits('broke_match_by', 'step_broke_match');
  stepHits('made_match_by', 'step_made_match');
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rubric lock, comparison, breakdown check, agreement

/**
 * The rubric's lock: canonical JSON (labs/core/contract/canonical.ts) of the rubric AS VALIDATED (zod
 * defaults filled in, so two files that differ only by an explicit default lock the same) and
 * "sha256:<hex>" of that text.
 */
export async function rubricLock(rubric: Rubric): Promise<{ canonical: string; hash: string }> {
  const { canonical, sha256 } = await lockOf(rubric);
  return { canonical, hash: `sha256:${sha256}` };
}

export interface AxisFlip {
  item: string;
  axis: string;
  score_a: number;
  score_b: number;
  /** Taking rubric A as the reference: B rejects what A accepted (false_negative) or the reverse. */
  kind: 'false_negative' | 'false_positive';
}

export interface Comparison {
  hash_a: string;
  hash_b: string;
  same_rubric: boolean;
  exam_score_a: number | null;
  exam_score_b: number | null;
  /** exam_score_b - exam_score_a (null when either is undefined). */
  delta: number | null;
  hard_gate_a: RubricGateCheck['status'];
  hard_gate_b: RubricGateCheck['status'];
  flips: AxisFlip[];
  false_negatives: number;
  false_positives: number;
  /** Items whose score changed, with both scores. */
  changed_items: { item: string; score_a: number; score_b: number }[];
}

/**
 * Compares two rubric configurations on the same items. Rubric A is the reference: an axis that
 * scores lower under B than under A is a false negative of B, higher is a false positive.
 * Only axes present (by name) in both rubrics are compared.
 */
export async function compareRubrics(items: Item[], a: Rubric, b: Rubric): Promise<Comparison> {
  const ra = items.map((i) => scoreItem(i, a));
  const rb = items.map((i) => scoreItem(i, b));
  const ga = evaluateGates(aggregate(ra, a).agg, a).hard;
  const gb = evaluateGates(aggregate(rb, b).agg, b).hard;
  const flips: AxisFlip[] = [];
  const changed: Comparison['changed_items'] = [];
  const shared = a.axes.map((x) => x.name).filter((nm) => b.axes.some((y) => y.name === nm));
  ra.forEach((x, k) => {
    const y = rb[k];
    for (const ax of shared) {
      const sa = x.breakdown[ax];
      const sb = y.breakdown[ax];
      if (sb < sa) flips.push({ item: x.item, axis: ax, score_a: sa, score_b: sb, kind: 'false_negative' });
      else if (sb > sa) flips.push({ item: x.item, axis: ax, score_a: sa, score_b: sb, kind: 'false_positive' });
    }
    if (x.score !== y.score) changed.push({ item: x.item, score_a: x.score, score_b: y.score });
  });
  const ha = (await rubricLock(a)).hash;
  const hb = (await rubricLock(b)).hash;
  return {
    hash_a: ha,
    hash_b: hb,
    same_rubric: ha === hb,
    exam_score_a: ga.value,
    exam_score_b: gb.value,
    delta: ga.value === null || gb.value === null ? null : gb.value - ga.value,
    hard_gate_a: ga.status,
    hard_gate_b: gb.status,
    flips,
    false_negatives: flips.filter((f) => f.kind === 'false_negative').length,
    false_positives: flips.filter((f) => f.kind === 'false_positive').length,
    changed_items: changed,
  };
}

export interface BreakdownCheck {
  item: string | null;
  stated_score: number;
  computed_score: number;
  /** stated - computed. */
  difference: number;
  consistent: boolean;
  tolerance: number;
  axes: { axis: string; value: number | null; weight: number; expected_weighted: number; stated_weighted: number | null; weighted_consistent: boolean | null }[];
  unknown_axes: string[];
  missing_axes: string[];
  /** What each axis below 1 costs: weight * (1 - value) / sum of weights. */
  lost: { axis: string; lost: number }[];
}

/** Tolerance of the breakdown check: half a unit in the second decimal, as breakdowns are printed with 2 decimals. */
export const BREAKDOWN_TOLERANCE = 0.005;

/**
 * Checks that a stated per-item score is the weighted sum of its breakdown under the rubric's
 * weights: computed = sum_i w_i * b_i / sum_i w_i over the rubric's axes (an axis missing from the
 * breakdown counts as 0 and is listed in missing_axes; axes the rubric does not have are listed in
 * unknown_axes and ignored). Stated `weighted` entries are checked against w_i * b_i / sum w.
 * Consistent when |stated - computed| <= tolerance (BREAKDOWN_TOLERANCE by default).
 * Seed 000's example: breakdown (1, 0, 1, 1), weights (0.60, 0.25, 0.10, 0.05) -> 0.75, not 0.95.
 */
export function checkBreakdown(entry: BreakdownEntry, rubric: Rubric, tolerance = BREAKDOWN_TOLERANCE): BreakdownCheck {
  const W = rubric.axes.reduce((s, a) => s + a.weight, 0);
  let computed = 0;
  const axes: BreakdownCheck['axes'] = [];
  const lost: BreakdownCheck['lost'] = [];
  const missing: string[] = [];
  for (const a of rubric.axes) {
    const v = Object.prototype.hasOwnProperty.call(entry.breakdown, a.name) ? entry.breakdown[a.name] : undefined;
    const has = typeof v === 'number';
    if (!has) missing.push(a.name);
    const val = has ? v : 0;
    const ew = (a.weight * val) / W;
    computed += ew;
    const sw = entry.weighted && Object.prototype.hasOwnProperty.call(entry.weighted, a.name) ? entry.weighted[a.name] : undefined;
    axes.push({
      axis: a.name,
      value: has ? v : null,
      weight: a.weight,
      expected_weighted: ew,
      stated_weighted: sw ?? null,
      weighted_consistent: sw === undefined ? null : Math.abs(sw - ew) <= tolerance,
    });
    if (val < 1) lost.push({ axis: a.name, lost: (a.weight * (1 - val)) / W });
  }
  const unknown = Object.keys(entry.breakdown).filter((k) => !rubric.axes.some((a) => a.name === k));
  const diff = entry.score - computed;
  return {
    item: entry.item ?? null,
    stated_score: entry.score,
    computed_score: computed,
    difference: diff,
    consistent: Math.abs(diff) <= tolerance && axes.every((x) => x.weighted_consistent !== false),
    tolerance,
    axes,
    unknown_axes: unknown,
    missing_axes: missing,
    lost,
  };
}

export interface AgreementResult extends AgreementSummary {
  statistic: 'cohen_kappa' | 'linear_weighted_kappa' | 'quadratic_weighted_kappa';
  min_kappa: number;
  items: string[] | null;
  /** Indices of the items where the raters disagree. */
  disagreements: number[];
  /** statistic >= min_kappa, as a non-blocking check (an undefined statistic fails it). */
  check: GateCheck<'agreement', RubricReason>;
}

/**
 * Inter-rater check on two annotators' scores. The categories come from the scale ({0,1} for
 * binary, min..max for Likert), never from the data. The chosen statistic (ratings.statistic, else
 * rubric.agreement.statistic) must be >= min_kappa (ratings.min_kappa, else rubric.agreement.min_kappa);
 * an undefined statistic fails with 'agreement_undefined'.
 */
export function checkAgreement(r: Ratings, rubric: Rubric): AgreementResult {
  const cats: Category[] = r.scale.kind === 'binary' ? [0, 1] : likertCategories(r.scale.min, r.scale.max);
  const s = agreementSummary(r.rater_a, r.rater_b, cats);
  const statistic = r.statistic ?? rubric.agreement.statistic;
  const minK = r.min_kappa ?? rubric.agreement.min_kappa;
  const check = gateCheck({
    id: 'agreement' as const,
    value: s[statistic],
    comparator: '>=',
    threshold: minK,
    failReason: 'agreement_below_min' as RubricReason,
    undefinedReason: 'agreement_undefined',
    blocking: false,
  });
  return {
    ...s,
    statistic,
    min_kappa: minK,
    items: r.items ?? null,
    disagreements: r.rater_a.map((x, i) => (x === r.rater_b[i] ? -1 : i)).filter((i) => i >= 0),
    check,
  };
}

// ---------------------------------------------------------------------------------------------
// The whole run

export interface RubricScorecard {
  lab: 'rubric';
  rubric_id: string;
  rubric_version: string;
  /** "sha256:<hex>" of the canonical rubric (the rubric lock). */
  rubric_hash: string;
  rubric_canonical: string;
  normalization: { steps: string[]; disabled_steps: string[]; normalize_expected: boolean };
  items: ItemResult[];
  aggregate: Aggregate;
  /** Flat metrics (number | null) with the reason for each null in undefined_metrics. */
  metrics: Record<string, number | null>;
  undefined_metrics: Record<string, string>;
  gates: { hard: RubricGateCheck; soft: RubricGateCheck[] };
  /** Every gate in the shared shape: the hard gate (blocking), the soft gates and the agreement check (non-blocking). */
  checks: GateCheck<RubricGateId | 'agreement', RubricReason>[];
  patterns: Pattern[];
  comparison: Comparison | null;
  breakdown_check: BreakdownCheck[] | null;
  agreement: AgreementResult | null;
  drift: { baseline_hash: string | null; current_hash: string; drifted: boolean } | null;
}

/**
 * Runs the whole lab on validated input (schema.ts). Pure, deterministic (the bootstrap uses the
 * rubric's seed). The decision is added by decision.ts (see index.ts).
 */
export async function runRubric(input: RubricLabInput): Promise<RubricScorecard> {
  const { items, rubric } = input;
  const results = items.map((i) => scoreItem(i, rubric));
  const { agg, undefinedMetrics } = aggregate(results, rubric);
  const gates = evaluateGates(agg, rubric);
  const lock = await rubricLock(rubric);
  const metrics: Record<string, number | null> = {
    exam_score: agg.exam_score,
    exam_score_ci_low: agg.interval.low,
    exam_score_ci_high: agg.interval.high,
    regression_score: agg.regression_score,
    pass_rate: agg.pass_rate,
    latency_p50_ms: agg.latency_p50_ms,
    regression_schema_failures: agg.regression_schema_failures,
  };
  if (agg.interval.low === null) {
    undefinedMetrics.exam_score_ci_low = 'no_exam_items';
    undefinedMetrics.exam_score_ci_high = 'no_exam_items';
  }
  let agreement: AgreementResult | null = null;
  if (input.ratings) {
    agreement = checkAgreement(input.ratings, rubric);
    for (const k of ['exact_agreement', 'within_one_agreement', 'cohen_kappa', 'linear_weighted_kappa', 'quadratic_weighted_kappa'] as const) {
      metrics[k] = agreement[k].value;
      if (agreement[k].reason) undefinedMetrics[k] = agreement[k].reason!;
    }
  }
  return {
    lab: 'rubric',
    rubric_id: rubric.rubric_id,
    rubric_version: rubric.version,
    rubric_hash: lock.hash,
    rubric_canonical: lock.canonical,
    normalization: {
      steps: rubric.normalization.steps.filter((s) => s.enabled).map(stepLabel),
      disabled_steps: rubric.normalization.steps.filter((s) => !s.enabled).map(stepLabel),
      normalize_expected: rubric.normalization.normalize_expected,
    },
    items: results,
    aggregate: agg,
    metrics,
    undefined_metrics: undefinedMetrics,
    gates,
    checks: [gates.hard, ...gates.soft, ...(agreement ? [agreement.check] : [])],
    patterns: detectPatterns(results, rubric),
    comparison: input.rubric_b ? await compareRubrics(items, rubric, input.rubric_b) : null,
    breakdown_check: input.breakdown ? input.breakdown.map((b) => checkBreakdown(b, rubric)) : null,
    agreement,
    drift: input.baseline
      ? { baseline_hash: input.baseline.rubric_hash ?? null, current_hash: lock.hash, drifted: input.baseline.rubric_hash !== lock.hash }
      : null,
  };
}
