/**
 * The K-class input of the calibration lab: each case carries a probability vector over K >= 2
 * classes and its true class. One convention per format (the binary format, raw_score + label 0/1,
 * is unchanged and is what a file with a raw_score column or field is read as):
 *
 *   CSV    columns case_id, split, label and one column p_<class> per class; the class names are
 *          the header's p_ columns with the prefix removed, in header order; `label` holds a class
 *          name (p_cat, p_dog, p_bird and label "dog"). Other columns are ignored.
 *   JSONL  one object per line with case_id, split, label and `probs`: either an object
 *          class -> probability ({"cat": 0.7, "dog": 0.2, "bird": 0.1}), or an array of K numbers
 *          whose classes the policy names, in order, in `classes`. `label` is a class name (a JSON
 *          integer is read as its decimal text: 3 is the class "3").
 *
 * The classes are policy.classes when given (then every class needs its p_ column or key), else the
 * CSV header's p_ columns or the first JSONL object's keys. A file is read as K-class when its CSV
 * header has no raw_score column and at least one p_ column, or when its first JSONL object has
 * `probs`. Every probability must be a number in [0, 1] and every row must sum to 1 within
 * policy.prob_sum_tolerance (default 1e-3); rows are then divided by their sum, so the engine sees
 * rows that sum to 1 to rounding (a file written with six decimals is accepted and used as meant).
 * Class names come from data: they are held in arrays and Maps, never used as object keys.
 * Every problem names the input, the 1-based line and the field (CSV: the column; JSONL:
 * probs.<class> or probs.<index>), in the requested language.
 */
import { z } from 'zod';
import Papa from 'papaparse';
import type { InputIssue, Lang, ParseOutcome } from '../core/contract/types.ts';
import type { RunHooks } from '../core/contract/lab.ts';
import { IssueCollector, MAX_ISSUES, lineOfOffset, parseJsonText, zodErrorMap, oversizedNumberPaths } from '../core/contract/parse.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { MIN_LOG_LOSS_EPS } from '../core/stats/calibration_metrics.ts';
import { calibrationMsg } from './i18n/index.ts';
import { MAX_CASES, PROGRESS_EVERY_ROWS, csvSyntaxMessage, looksLikeJsonl, streamCsvRows, toNumberIfNumeric } from './schema.ts';

/** Prefix of the probability columns of a K-class CSV. */
export const PROB_PREFIX = 'p_';
/** The K-class calibrators the lab fits (besides the raw probabilities). */
export const MULTICLASS_CALIBRATORS = ['temperature', 'isotonic'] as const;
export type MulticlassCalibrator = (typeof MULTICLASS_CALIBRATORS)[number];
export const CONFORMAL_METHODS = ['lac', 'aps'] as const;
export type ConformalMethodName = (typeof CONFORMAL_METHODS)[number];

const unit = z.number().min(0).max(1);

/**
 * The K-class policy (JSON). Every field has a default, so the binary kit's policy also reads as one
 * (its binary-only fields are ignored). Gate: the chosen calibrator's top-label ECE on the
 * evaluation split <= max_top_label_ece; the conformal rank ceil((n+1)(1−alpha)) <= n; and, when
 * given, mean set size <= max_mean_set_size, the lowest per-class coverage >= min_class_coverage,
 * E-AURC <= max_e_aurc.
 */
export const multiclassPolicySchema = z.looseObject({
  bins: z.number().int().min(1).max(100).default(15),
  alpha: z.number().gt(0).lt(1).default(0.1),
  classes: z.array(z.string().min(1)).min(2).optional(),
  calibrator: z.enum(MULTICLASS_CALIBRATORS).default('temperature'),
  conformal_method: z.enum(CONFORMAL_METHODS).default('aps'),
  aps_randomized: z.boolean().default(false),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(13),
  log_loss_eps: z.number().gte(MIN_LOG_LOSS_EPS).lt(0.5).default(1e-15),
  prob_sum_tolerance: z.number().gt(0).max(0.1).default(1e-3),
  max_top_label_ece: unit.default(0.05),
  max_mean_set_size: z.number().min(0).optional(),
  min_class_coverage: unit.optional(),
  max_e_aurc: unit.optional(),
  model_version: z.string().optional(),
  policy_version: z.string().optional(),
  owner: z.string().optional(),
});
export type MulticlassPolicy = z.output<typeof multiclassPolicySchema>;

/** The validated K-class input. Arrays are in case order; probs is row-major (probs[i·K + k]). */
export interface MulticlassInput {
  kind: 'multiclass';
  /** Class names in the order of the probability vectors (from data; never used as object keys). */
  classes: string[];
  case_ids: string[];
  /** 0 = calibration, 1 = evaluation. */
  split: Uint8Array;
  /** True class index per case. */
  y: Int32Array;
  /** Probabilities, each row divided by its sum (see the module comment). */
  probs: Float64Array;
  policy: MulticlassPolicy;
  cases_format: 'csv' | 'jsonl';
  source_texts: { cases: string; policy: string };
}

const commonSchema = z.object({ case_id: z.string().min(1), split: z.enum(['calibration', 'evaluation']) });

/**
 * Whether a cases text is in the K-class format (module comment): the first non-blank line is a
 * CSV header without raw_score and with a p_ column, or a JSON object with `probs`. Never throws.
 */
export function isMulticlassText(text: string): boolean {
  const m = /\S/.exec(text);
  if (!m) return false;
  const end = text.indexOf('\n', m.index);
  const first = text.slice(m.index, end === -1 ? text.length : end).trim();
  if (looksLikeJsonl(first)) {
    try {
      const o = JSON.parse(first) as unknown;
      return typeof o === 'object' && o !== null && !Array.isArray(o) && Object.prototype.hasOwnProperty.call(o, 'probs');
    } catch {
      return false;
    }
  }
  const header = (Papa.parse<string[]>(first, { header: false, delimitersToGuess: [',', ';', '\t'] }).data[0] ?? []).map((c) => c.trim());
  return !header.includes('raw_score') && header.some((c) => c.startsWith(PROB_PREFIX));
}

/**
 * Builder of the arrays, shared by both formats: typed arrays that double when full (no number[]
 * of n·K boxed values), ids as strings.
 */
class Rows {
  ids: string[] = [];
  split: Uint8Array;
  y: Int32Array;
  probs: Float64Array;
  length = 0;
  readonly K: number;
  seen = new Set<string>();
  constructor(capacity: number, K: number) {
    this.K = K;
    this.split = new Uint8Array(capacity);
    this.y = new Int32Array(capacity);
    this.probs = new Float64Array(capacity * K);
  }
  push(id: string, split: number, y: number, p: readonly unknown[], sum: number): void {
    if (this.length === this.split.length) {
      const cap = this.split.length * 2;
      const s2 = new Uint8Array(cap);
      s2.set(this.split);
      const y2 = new Int32Array(cap);
      y2.set(this.y);
      const p2 = new Float64Array(cap * this.K);
      p2.set(this.probs);
      this.split = s2;
      this.y = y2;
      this.probs = p2;
    }
    const i = this.length++;
    this.ids.push(id);
    this.split[i] = split;
    this.y[i] = y;
    for (let k = 0; k < this.K; k++) this.probs[i * this.K + k] = (p[k] as number) / sum;
  }
  /** The filled part of each array (views, not copies). */
  finish(): { split: Uint8Array; y: Int32Array; probs: Float64Array } {
    return { split: this.split.subarray(0, this.length), y: this.y.subarray(0, this.length), probs: this.probs.subarray(0, this.length * this.K) };
  }
}

interface RowContext {
  lang: Lang;
  classes: string[];
  index: Map<string, number>;
  tol: number;
  issues: IssueCollector;
  rows: Rows;
}

/** A row context for `classes` (each class's index by name), with room for `capacity` rows to start. */
function rowContext(lang: Lang, classes: string[], tol: number, issues: IssueCollector, capacity: number): RowContext {
  return { lang, classes, index: new Map(classes.map((cl, k) => [cl, k])), tol, issues, rows: new Rows(capacity, classes.length) };
}

/**
 * Checks one row's common fields, label and probabilities (in class order) and stores it. `fieldOf`
 * names a probability's field; `sumField` the row's.
 */
function addRow(ctx: RowContext, line: number, common: unknown, label: unknown, probs: unknown[], fieldOf: (k: number) => string, sumField: string): void {
  const v = calibrationMsg(ctx.lang).mc_validation;
  const t = coreMsg(ctx.lang);
  const input = 'cases';
  const before = ctx.issues.total;
  const c = commonSchema.safeParse(common, { error: zodErrorMap(ctx.lang) });
  if (!c.success) for (const iss of c.error.issues) ctx.issues.add(() => ({ input, line, field: iss.path.map(String).join('.'), message: iss.message }));
  let cls = -1;
  const labelText = typeof label === 'string' ? label.trim() : typeof label === 'number' && Number.isInteger(label) ? String(label) : null;
  if (labelText === null || labelText === '') ctx.issues.add(() => ({ input, line, field: 'label', message: v.label_missing }));
  else {
    cls = ctx.index.get(labelText) ?? -1;
    if (cls < 0) ctx.issues.add(() => ({ input, line, field: 'label', message: v.unknown_class(labelText, ctx.classes) }));
  }
  let sum = 0;
  let good = true;
  for (let k = 0; k < probs.length; k++) {
    const p = probs[k];
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
      ctx.issues.add(() => ({ input, line, field: fieldOf(k), message: v.prob_range(p === undefined || p === '' ? '' : String(p)) }));
      good = false;
    } else sum += p;
  }
  if (good && Math.abs(sum - 1) > ctx.tol) ctx.issues.add(() => ({ input, line, field: sumField, message: v.row_sum(sum, ctx.tol) }));
  if (good && !(sum > 0)) good = false;
  if (c.success && ctx.rows.seen.has(c.data.case_id)) ctx.issues.add(() => ({ input, line, field: 'case_id', message: t.validation.duplicate(c.data.case_id) }));
  if (ctx.issues.total !== before || !c.success || cls < 0) return;
  ctx.rows.seen.add(c.data.case_id);
  if (ctx.issues.total) return; // nothing more is kept once a problem is found
  ctx.rows.push(c.data.case_id, c.data.split === 'calibration' ? 0 : 1, cls, probs, sum);
}

/** What the two K-class case readers (CSV and JSON Lines) take besides the text. */
export interface McReadOptions {
  /** Language of the problems reported. */
  lang: Lang;
  /** The policy's classes, in their order; undefined: the file's own. */
  policyClasses: string[] | undefined;
  /** Tolerance on the sum of a case's probabilities (1 ± tol). */
  tol: number;
  /** Problems returned at most (default 50); `total_issues` counts them all. */
  maxIssues?: number;
  progress?: (stage: string, fraction: number) => void;
}

/**
 * Reads K-class cases from CSV (module comment; delimiter ',' ';' or tab, as the binary reader),
 * one row at a time through the binary reader's stream (schema.ts streamCsvRows: Papa Parse `step`
 * in 1 MB chunks, no array of all rows). Line breaks count as an editor counts them (CRLF, CR, LF).
 * `policyClasses`, when given, fixes the classes and their order. At most `maxIssues` problems are
 * returned, syntax errors first; `total_issues` counts them all. Never throws.
 */
export function parseMulticlassCsv(text: string, options: McReadOptions): ParseOutcome<{ classes: string[]; rows: Rows }> {
  const { lang, policyClasses, tol, maxIssues = 50, progress } = options;
  const t = coreMsg(lang);
  const c = calibrationMsg(lang).validation;
  const v = calibrationMsg(lang).mc_validation;
  const input = 'cases';
  if (text.trim() === '') return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  progress?.('parse', 0);
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const issues = new IssueCollector(maxIssues);
  let header: string[] | null = null;
  let headerBad = false;
  let ctx: RowContext | null = null;
  let classes: string[] = [];
  let colOf: number[] = [];
  let iId = -1;
  let iSplit = -1;
  let iLabel = -1;
  let probs: unknown[] = [];
  let fieldOf: (k: number) => string = (k) => String(k);
  const sumField = `${PROB_PREFIX}*`;
  let rowCount = 0;
  const onHeader = (cells: string[], ln: number) => {
    const hd = cells.map((x) => x.trim());
    header = hd;
    for (const col of ['case_id', 'split', 'label']) if (!hd.includes(col)) issues.add(() => ({ input, line: ln, field: col, message: c.missing_column(col) }));
    const dup = hd.find((x, i) => hd.indexOf(x) !== i);
    if (dup !== undefined) issues.add(() => ({ input, line: ln, field: dup, message: c.duplicate_column(dup) }));
    const probCols = hd.map((name, i) => ({ name, i })).filter((x) => x.name.startsWith(PROB_PREFIX));
    for (const pc of probCols) if (pc.name.length === PROB_PREFIX.length) issues.add(() => ({ input, line: ln, field: pc.name, message: v.empty_class_name }));
    if (policyClasses) {
      classes = policyClasses;
      colOf = classes.map((cl) => hd.indexOf(PROB_PREFIX + cl));
      classes.forEach((cl, k) => {
        if (colOf[k] < 0) issues.add(() => ({ input, line: ln, field: PROB_PREFIX + cl, message: v.missing_p_column(cl) }));
      });
      const listed = new Set(classes.map((cl) => PROB_PREFIX + cl));
      for (const pc of probCols) if (!listed.has(pc.name) && pc.name.length > PROB_PREFIX.length) issues.add(() => ({ input, line: ln, field: pc.name, message: v.column_not_in_classes(pc.name.slice(PROB_PREFIX.length), classes) }));
    } else {
      classes = probCols.map((x) => x.name.slice(PROB_PREFIX.length));
      colOf = probCols.map((x) => x.i);
      if (classes.length < 2) issues.add(() => ({ input, line: ln, field: PROB_PREFIX + '*', message: v.too_few_classes(classes.length) }));
    }
    if (issues.total) {
      headerBad = true;
      return;
    }
    ctx = rowContext(lang, classes, tol, issues, Math.max(1024, Math.floor(text.length / (24 * classes.length))));
    iId = hd.indexOf('case_id');
    iSplit = hd.indexOf('split');
    iLabel = hd.indexOf('label');
    probs = new Array(classes.length);
    const names = classes;
    fieldOf = (k) => PROB_PREFIX + names[k];
  };
  const onRow = (cells: string[], ln: number) => {
    if (headerBad) return;
    if (header === null) {
      if (cells.every((x) => x.trim() === '')) return;
      onHeader(cells, ln);
      return;
    }
    if (progress && ++rowCount % PROGRESS_EVERY_ROWS === 0) progress('parse', Math.min(0.99, (ln * 24 * classes.length) / text.length));
    if (cells.every((x) => x.trim() === '')) return;
    if (cells.length !== header.length) {
      const n = header.length;
      issues.add(() => ({ input, line: ln, message: c.wrong_cell_count(cells.length, n) }));
      return;
    }
    for (let k = 0; k < classes.length; k++) {
      const cell = cells[colOf[k]];
      probs[k] = cell.trim() === '' ? '' : toNumberIfNumeric(cell);
    }
    addRow(ctx!, ln, { case_id: cells[iId], split: cells[iSplit] }, cells[iLabel], probs, fieldOf, sumField);
  };
  const rowIssues = issues;
  const read = streamCsvRows(text, 1, undefined, maxIssues, onRow);
  const syntax = read.errors.map((e): InputIssue => ({ input, line: e.line, message: csvSyntaxMessage(e.code, e.line, lang) }));
  const total = rowIssues.total + syntax.length;
  if (total) {
    const list = [...syntax, ...rowIssues.issues].slice(0, maxIssues);
    if (headerBad && read.undetectable && list.length < maxIssues) list.push({ input, line: undefined, message: c.csv_undetectable_delimiter });
    return { ok: false, issues: list, total_issues: total + (headerBad && read.undetectable ? 1 : 0) };
  }
  if (header === null || ctx === null) return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  if ((ctx as RowContext).rows.length === 0) return { ok: false, issues: [{ input, message: c.no_cases }] };
  return { ok: true, value: { classes, rows: (ctx as RowContext).rows } };
}

/**
 * Reads K-class cases from JSON Lines (module comment; CRLF, CR and LF each end a line). A line whose `probs` is an array needs
 * `policyClasses`; an object's keys must be exactly the classes. Never throws.
 */
export function parseMulticlassJsonl(text: string, options: McReadOptions): ParseOutcome<{ classes: string[]; rows: Rows }> {
  const { lang, policyClasses, tol, maxIssues = 50, progress } = options;
  const t = coreMsg(lang);
  const v = calibrationMsg(lang).mc_validation;
  const input = 'cases';
  const issues = new IssueCollector(maxIssues);
  // Line breaks as an editor counts them (CRLF, CR and LF are one break each).
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  let ctx: RowContext | null = policyClasses ? rowContext(lang, policyClasses, tol, issues, 1024) : null;
  let lineNo = 0;
  let start = 0;
  let any = false;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    if (progress && lineNo % PROGRESS_EVERY_ROWS === 0) progress('parse', start / Math.max(1, text.length));
    const raw = text.slice(start, end).trim();
    start = end + 1;
    if (raw === '') continue;
    any = true;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      issues.add(() => ({ input, line: lineNo, message: t.validation.jsonl_syntax }));
      continue;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      issues.add(() => ({ input, line: lineNo, message: t.validation.jsonl_syntax }));
      continue;
    }
    if (oversizedNumberPaths(data).length) {
      issues.add(() => ({ input, line: lineNo, message: t.validation.too_large }));
      continue;
    }
    const o = data as Record<string, unknown>;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(o, k);
    const probs = has('probs') ? o.probs : undefined;
    // Own entries only: a class called "__proto__" is a key like any other.
    const entries = typeof probs === 'object' && probs !== null && !Array.isArray(probs) ? Object.entries(probs as object) : null;
    if (!Array.isArray(probs) && entries === null) {
      issues.add(() => ({ input, line: lineNo, field: 'probs', message: v.probs_shape }));
      continue;
    }
    if (ctx === null) {
      if (entries === null) {
        issues.add(() => ({ input, line: lineNo, field: 'probs', message: v.array_needs_classes }));
        continue;
      }
      const classes = entries.map(([k]) => k);
      if (classes.length < 2) {
        issues.add(() => ({ input, line: lineNo, field: 'probs', message: v.too_few_classes(classes.length) }));
        continue;
      }
      ctx = rowContext(lang, classes, tol, issues, 1024);
    }
    const K = ctx.classes.length;
    const vec: unknown[] = new Array(K);
    let shapeOk = true;
    if (Array.isArray(probs)) {
      if (!policyClasses) {
        issues.add(() => ({ input, line: lineNo, field: 'probs', message: v.array_needs_classes }));
        continue;
      }
      if (probs.length !== K) {
        issues.add(() => ({ input, line: lineNo, field: 'probs', message: v.array_length(probs.length, K) }));
        continue;
      }
      for (let k = 0; k < K; k++) vec[k] = probs[k];
    } else {
      const got = new Map<string, unknown>(entries!);
      for (const [k, cl] of ctx.classes.entries()) {
        if (!got.has(cl)) {
          issues.add(() => ({ input, line: lineNo, field: `probs.${cl}`, message: v.missing_prob(cl) }));
          shapeOk = false;
        } else vec[k] = got.get(cl);
      }
      for (const key of got.keys()) {
        if (!ctx.index.has(key)) {
          const classes = ctx.classes;
          issues.add(() => ({ input, line: lineNo, field: `probs.${key}`, message: v.column_not_in_classes(key, classes) }));
          shapeOk = false;
        }
      }
    }
    if (!shapeOk) continue;
    const names = ctx.classes;
    const fieldOf = Array.isArray(probs) ? (k: number) => `probs.${k}` : (k: number) => `probs.${names[k]}`;
    addRow(ctx, lineNo, { case_id: has('case_id') ? o.case_id : undefined, split: has('split') ? o.split : undefined }, has('label') ? o.label : undefined, vec, fieldOf, 'probs');
  }
  if (issues.total) return { ok: false, issues: issues.issues, total_issues: issues.total };
  if (!any || ctx === null) return { ok: false, issues: [{ input, message: any ? t.validation.no_rows : t.validation.empty_input }] };
  return { ok: true, value: { classes: ctx.classes, rows: ctx.rows } };
}

/**
 * Reads the K-class texts (cases CSV or JSONL, policy JSON) into a MulticlassInput. Besides row
 * problems: more than MAX_CASES cases, and a split with no case. Never throws.
 */
export function parseMulticlassInput(texts: Record<string, string>, lang: Lang, hooks?: RunHooks): ParseOutcome<MulticlassInput> {
  const casesText = texts.cases ?? '';
  const policyText = texts.policy ?? '';
  let policy = parseJsonText(policyText, multiclassPolicySchema, 'policy', lang);
  if (policy.ok && policy.value.classes) {
    const cl = policy.value.classes;
    const dup = cl.find((x, i) => cl.indexOf(x) !== i);
    if (dup !== undefined) {
      const at = policyText.indexOf('"classes"');
      policy = { ok: false, issues: [{ input: 'policy', line: at < 0 ? undefined : lineOfOffset(policyText, at), field: 'classes', message: calibrationMsg(lang).mc_validation.duplicate_class(dup) }] };
    }
  }
  const classes = policy.ok ? policy.value.classes : undefined;
  const tol = policy.ok ? policy.value.prob_sum_tolerance : 1e-3;
  const jsonl = looksLikeJsonl(casesText);
  const readOptions: McReadOptions = { lang, policyClasses: classes, tol, progress: hooks?.progress };
  let cases = jsonl ? parseMulticlassJsonl(casesText, readOptions) : parseMulticlassCsv(casesText, readOptions);
  // Without a valid policy, an array of probabilities cannot be checked: say only what the policy lacks.
  if (!policy.ok && !cases.ok) {
    const arrayOnly = calibrationMsg(lang).mc_validation.array_needs_classes;
    const kept = cases.issues.filter((i) => i.message !== arrayOnly);
    cases = { ok: false, issues: kept, total_issues: (cases.total_issues ?? cases.issues.length) - (cases.issues.length - kept.length) };
  }
  const issues: InputIssue[] = [...(cases.ok ? [] : cases.issues), ...(policy.ok ? [] : policy.issues)];
  let total = (cases.ok ? 0 : (cases.total_issues ?? cases.issues.length)) + (policy.ok ? 0 : (policy.total_issues ?? policy.issues.length));
  if (cases.ok) {
    const c = calibrationMsg(lang).validation;
    const r = cases.value.rows;
    const split = r.finish().split;
    const before = issues.length;
    if (r.length > MAX_CASES) issues.push({ input: 'cases', message: c.too_many_cases(r.length, MAX_CASES) });
    for (const [s, name] of [[0, 'calibration'], [1, 'evaluation']] as const) if (!split.includes(s)) issues.push({ input: 'cases', field: 'split', message: c.split_missing(name) });
    total += issues.length - before;
  }
  // the one cap: the cases' 50 and the policy's problems together list at most MAX_ISSUES
  if (issues.length || !cases.ok || !policy.ok) return { ok: false, issues: issues.slice(0, MAX_ISSUES), total_issues: Math.max(total, issues.length) };
  const r = cases.value.rows;
  const cols = r.finish();
  return {
    ok: true,
    value: {
      kind: 'multiclass',
      classes: cases.value.classes,
      case_ids: r.ids,
      split: cols.split,
      y: cols.y,
      probs: cols.probs,
      policy: policy.value,
      cases_format: jsonl ? 'jsonl' : 'csv',
      source_texts: { cases: casesText, policy: policyText },
    },
  };
}
