/**
 * Input schemas of the calibration lab (chapter 05), in the kit's file formats:
 *   cases  CSV with a header (the kit's evals/calibration_cases.csv) or JSON Lines, one case per
 *          row: case_id, split (calibration | evaluation), raw_score in [0, 1], label 0/1, slice;
 *          any other column is kept (as text) as a slice candidate.
 *   policy JSON: the kit's policies/calibration_policy.json, plus optional lab settings.
 * Messages come in the requested language; every problem names the input, the 1-based line and
 * the column/field.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import type { InputIssue, Lang, ParseOutcome } from '../core/types.ts';
import type { RunHooks } from '../core/lab.ts';
import { parseJsonText, parseJsonlText, zodErrorMap } from '../core/parse.ts';
import { sha256HexSync } from '../core/canonical.ts';
import { CALIBRATOR_TYPES } from '../core/calibrators.ts';
import type { CalibratorType } from '../core/calibrators.ts';
import { msg } from '../i18n/index.ts';

/** Rows between two progress reports while reading cases. */
export const PROGRESS_EVERY_ROWS = 5000;

/** Largest number of cases the lab accepts (browser memory and time budget). */
export const MAX_CASES = 1_000_000;
/** The columns with a meaning; every other column is a slice candidate. */
export const KNOWN_COLUMNS = ['case_id', 'split', 'raw_score', 'label', 'slice'] as const;
const REQUIRED_COLUMNS = ['case_id', 'split', 'raw_score', 'label'] as const;

/** One case row as validated by zod (before extra columns are split off). */
export const caseRowSchema = z.looseObject({
  case_id: z.string().min(1),
  split: z.enum(['calibration', 'evaluation']),
  raw_score: z.number().min(0).max(1),
  label: z.literal([0, 1]),
  slice: z.string().default('all'),
});

/** A validated case. `extra` holds every other column as text (slice candidates). */
export interface CalibrationCase {
  case_id: string;
  split: 'calibration' | 'evaluation';
  raw_score: number;
  label: 0 | 1;
  slice: string;
  extra: Record<string, string>;
}

const nonNegative = z.number().min(0);
const unit = z.number().min(0).max(1);

/**
 * The policy. Kit fields: bins, alpha, the three costs, the three constraints and the manifest
 * metadata. Lab settings (optional): calibrator that feeds the policy (default the kit's
 * histogram), binning of the reliability table (default equal-width), slice_by (default 'slice'),
 * bootstrap_rounds (default 1000; 0 turns the bootstrap off) and seed (default 13),
 * log_loss_eps (default 1e-6, the kit's clamp), min_slice_cases (default 50).
 */
export const policySchema = z.object({
  bins: z.number().int().min(1).max(100),
  alpha: z.number().gt(0).lt(1),
  cost_false_positive: nonNegative,
  cost_false_negative: nonNegative,
  cost_review: nonNegative,
  max_review_rate: unit,
  max_auto_error_rate: unit,
  min_auto_coverage: unit,
  model_version: z.string().optional(),
  score_name: z.string().optional(),
  score_semantics: z.string().optional(),
  calibrator_version: z.string().optional(),
  policy_version: z.string().optional(),
  owner: z.string().optional(),
  positive_label: z.string().min(1).default('urgente'),
  negative_label: z.string().min(1).default('normal'),
  valid_slices: z.array(z.string()).default([]),
  known_bad_slices: z.array(z.string()).default([]),
  recalibration_triggers: z
    .looseObject({
      model_changed: z.boolean().optional(),
      prompt_changed: z.boolean().optional(),
      base_rate_relative_change: nonNegative.optional(),
      ece_regression: nonNegative.optional(),
      new_slice_without_50_cases: z.boolean().optional(),
    })
    .default({}),
  calibrator: z.enum(CALIBRATOR_TYPES as [CalibratorType, ...CalibratorType[]]).default('histogram_laplace'),
  binning: z.enum(['uniform', 'quantile']).default('uniform'),
  slice_by: z.string().min(1).default('slice'),
  bootstrap_rounds: z.number().int().min(0).max(10000).default(1000),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(13),
  log_loss_eps: z.number().gt(0).lt(0.5).default(1e-6),
  min_slice_cases: z.number().int().min(1).default(50),
});

export type CalibrationPolicy = z.output<typeof policySchema>;

/** The validated input of the lab, with the SHA-256 of the texts it came from (for the manifest). */
export interface CalibrationInput {
  cases: CalibrationCase[];
  policy: CalibrationPolicy;
  /** Names of the extra columns found (slice candidates besides 'slice'), in first-seen order. */
  extra_columns: string[];
  /** Format the cases came in. */
  cases_format: 'csv' | 'jsonl';
  /** SHA-256 (hex) of the UTF-8 bytes of each input text, as read. */
  input_sha256: { cases: string; policy: string };
}

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function toNumberIfNumeric(v: string): string | number {
  const t = v.trim();
  return NUMBER_RE.test(t) ? Number(t) : v;
}

function stringifyExtra(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function splitRow(row: z.output<typeof caseRowSchema>, known: ReadonlySet<string>, extraCols: string[], seenExtra: Set<string>): CalibrationCase {
  const extra: Record<string, string> = {};
  for (const [k, v] of Object.entries(row)) {
    if (known.has(k)) continue;
    extra[k] = stringifyExtra(v);
    if (!seenExtra.has(k)) {
      seenExtra.add(k);
      extraCols.push(k);
    }
  }
  return {
    case_id: row.case_id,
    split: row.split,
    raw_score: row.raw_score,
    label: row.label as 0 | 1,
    slice: row.slice,
    extra,
  };
}

/** True when the text looks like JSON Lines (first non-blank character is '{'). */
export function looksLikeJsonl(text: string): boolean {
  const m = /\S/.exec(text);
  return m !== null && text[m.index] === '{';
}

/**
 * Reads cases from CSV text (header row required; delimiter ',' ';' or tab, auto-detected; quoted
 * fields may span lines). Numeric-looking cells of raw_score and label become numbers; everything
 * else stays text, so a bad cell is reported by zod with its column. Blank lines are skipped but
 * keep their line numbers. Never throws. `progress('parse', fraction)`, when given, is called once
 * before the CSV is split into rows and then every PROGRESS_EVERY_ROWS rows while they are
 * validated.
 */
export function parseCasesCsv(
  text: string,
  lang: Lang,
  maxIssues = 50,
  progress?: (stage: string, fraction: number) => void,
): ParseOutcome<{ cases: CalibrationCase[]; extra_columns: string[] }> {
  const t = msg(lang);
  const c = t.calibration.validation;
  const input = 'cases';
  if (text.trim() === '') return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  progress?.('parse', 0);
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  const issues: InputIssue[] = [];
  const rows = parsed.data;
  // line of each row: one line per row plus the line breaks inside quoted cells
  const lineOf: number[] = [];
  let line = 1;
  for (const r of rows) {
    lineOf.push(line);
    let extraBreaks = 0;
    for (const cell of r) for (let i = 0; i < cell.length; i++) if (cell.charCodeAt(i) === 10) extraBreaks++;
    line += 1 + extraBreaks;
  }
  for (const e of parsed.errors) {
    if (e.code === 'UndetectableDelimiter') continue;
    const ln = e.row !== undefined && e.row !== null && e.row < lineOf.length ? lineOf[e.row] : undefined;
    issues.push({ input, line: ln, message: c.csv_syntax(e.code) });
  }
  if (issues.length) return { ok: false, issues: issues.slice(0, maxIssues) };
  let h = 0;
  while (h < rows.length && rows[h].every((x) => x.trim() === '')) h++;
  if (h >= rows.length) return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  const header = rows[h].map((x) => x.trim());
  const headerLine = lineOf[h];
  for (const col of REQUIRED_COLUMNS) if (!header.includes(col)) issues.push({ input, line: headerLine, field: col, message: c.missing_column(col) });
  const dup = header.find((x, i) => header.indexOf(x) !== i);
  if (dup !== undefined) issues.push({ input, line: headerLine, field: dup, message: c.duplicate_column(dup) });
  if (issues.length) return { ok: false, issues: issues.slice(0, maxIssues) };
  const errorMap = zodErrorMap(lang);
  const known = new Set<string>(KNOWN_COLUMNS);
  const extraCols: string[] = [];
  const seenExtra = new Set<string>();
  const seenIds = new Set<string>();
  const cases: CalibrationCase[] = [];
  for (let r = h + 1; r < rows.length && issues.length < maxIssues; r++) {
    if (progress && r % PROGRESS_EVERY_ROWS === 0) progress('parse', 0.1 + (0.9 * r) / rows.length);
    const cells = rows[r];
    if (cells.every((x) => x.trim() === '')) continue;
    const ln = lineOf[r];
    if (cells.length !== header.length) {
      issues.push({ input, line: ln, message: c.wrong_cell_count(cells.length, header.length) });
      continue;
    }
    const obj: Record<string, unknown> = {};
    for (let k = 0; k < header.length; k++) {
      const name = header[k];
      const v = cells[k];
      obj[name] = name === 'raw_score' || name === 'label' ? toNumberIfNumeric(v) : name === 'slice' && v.trim() === '' ? undefined : v;
    }
    const res = caseRowSchema.safeParse(obj, { error: errorMap });
    if (!res.success) {
      for (const iss of res.error.issues) issues.push({ input, line: ln, field: iss.path.map(String).join('.'), message: iss.message });
      continue;
    }
    if (seenIds.has(res.data.case_id)) {
      issues.push({ input, line: ln, field: 'case_id', message: t.validation.duplicate(res.data.case_id) });
      continue;
    }
    seenIds.add(res.data.case_id);
    cases.push(splitRow(res.data, known, extraCols, seenExtra));
  }
  if (issues.length) return { ok: false, issues: issues.slice(0, maxIssues) };
  if (cases.length === 0) return { ok: false, issues: [{ input, message: c.no_cases }] };
  return { ok: true, value: { cases, extra_columns: extraCols } };
}

/** Reads cases from JSON Lines (through labs/core/parse.ts, which reports 'parse' progress). Never throws. */
export function parseCasesJsonl(
  text: string,
  lang: Lang,
  progress?: (stage: string, fraction: number) => void,
): ParseOutcome<{ cases: CalibrationCase[]; extra_columns: string[] }> {
  const r = parseJsonlText(text, caseRowSchema, 'cases', lang, { unique: 'case_id', progress });
  if (!r.ok) return r;
  const known = new Set<string>(KNOWN_COLUMNS);
  const extraCols: string[] = [];
  const seen = new Set<string>();
  return { ok: true, value: { cases: r.value.map((row) => splitRow(row, known, extraCols, seen)), extra_columns: extraCols } };
}

/**
 * Reads the two texts of the lab (`texts.cases` CSV or JSONL, detected by the first character;
 * `texts.policy` JSON) into a CalibrationInput. Never throws: a missing text counts as empty.
 * Besides row problems it reports: more than MAX_CASES cases, and a split with no case (the
 * calibrators need calibration cases; the metrics need evaluation cases). Problems of both inputs
 * are returned together. `hooks.progress` hears the 'parse' stage (see parseCasesCsv).
 */
export function parseCalibrationInput(texts: Record<string, string>, lang: Lang, hooks?: RunHooks): ParseOutcome<CalibrationInput> {
  const casesText = texts.cases ?? '';
  const policyText = texts.policy ?? '';
  const jsonl = looksLikeJsonl(casesText);
  const progress = hooks?.progress;
  const cases = jsonl ? parseCasesJsonl(casesText, lang, progress) : parseCasesCsv(casesText, lang, 50, progress);
  const policy = parseJsonText(policyText, policySchema, 'policy', lang);
  const issues: InputIssue[] = [...(cases.ok ? [] : cases.issues), ...(policy.ok ? [] : policy.issues)];
  if (cases.ok) {
    const c = msg(lang).calibration.validation;
    if (cases.value.cases.length > MAX_CASES) issues.push({ input: 'cases', message: c.too_many_cases(cases.value.cases.length, MAX_CASES) });
    for (const split of ['calibration', 'evaluation'] as const) {
      if (!cases.value.cases.some((x) => x.split === split)) issues.push({ input: 'cases', field: 'split', message: c.split_missing(split) });
    }
  }
  if (issues.length || !cases.ok || !policy.ok) return { ok: false, issues };
  return {
    ok: true,
    value: {
      cases: cases.value.cases,
      policy: policy.value,
      extra_columns: cases.value.extra_columns,
      cases_format: jsonl ? 'jsonl' : 'csv',
      input_sha256: { cases: sha256HexSync(casesText), policy: sha256HexSync(policyText) },
    },
  };
}
