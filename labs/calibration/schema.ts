/**
 * Input schemas of the calibration lab (chapter 05), in the kit's file formats:
 *   cases  CSV with a header (the kit's evals/calibration_cases.csv) or JSON Lines, one case per
 *          row: case_id, split (calibration | evaluation), raw_score in [0, 1], label 0/1, slice;
 *          any other column is kept (as text) as a slice candidate.
 *   policy JSON: the kit's policies/calibration_policy.json, plus optional lab settings.
 * Messages come in the requested language; every problem names the input, the 1-based line and
 * the column/field.
 */
import { MIN_LOG_LOSS_EPS } from '../core/stats/calibration_metrics.ts';
import Papa from 'papaparse';
import { z } from 'zod';
import type { InputIssue, Lang, ParseOutcome } from '../core/contract/types.ts';
import type { RunHooks } from '../core/contract/lab.ts';
import { parseJsonText, parseJsonlText, zodErrorMap } from '../core/contract/parse.ts';
import { CALIBRATOR_TYPES } from '../core/stats/calibrators.ts';
import type { CalibratorType } from '../core/stats/calibrators.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { calibrationMsg } from './i18n/index.ts';

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
  log_loss_eps: z.number().gte(MIN_LOG_LOSS_EPS).lt(0.5).default(1e-6),
  min_slice_cases: z.number().int().min(1).default(50),
});

export type CalibrationPolicy = z.output<typeof policySchema>;

/** The validated input of the lab, with the SHA-256 of the texts it came from (for the manifest). */
export interface CalibrationInput {
  /** The binary path (absent means binary; the K-class input has kind 'multiclass'). */
  kind?: 'binary';
  cases: CalibrationCase[];
  policy: CalibrationPolicy;
  /** Names of the extra columns found (slice candidates besides 'slice'), in first-seen order. */
  extra_columns: string[];
  /** Format the cases came in. */
  cases_format: 'csv' | 'jsonl';
  /** SHA-256 (hex) of the UTF-8 bytes of each input text, as read. */
  /** The raw texts as given (shared, not copied): run hashes them (SHA-256) into the manifest. */
  source_texts: { cases: string; policy: string };
}

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A cell as a number when it looks like one (decimal point, optional exponent), else the text as given. */
export function toNumberIfNumeric(v: string): string | number {
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

/** One CSV row as read by Papa Parse, with the 1-based line where it starts. */
export interface CsvRow {
  cells: string[];
  line: number;
}

/** A Papa Parse error, on the 1-based line of the row it concerns (undefined when Papa gives no row). */
interface CsvSyntaxError {
  code: string;
  line: number | undefined;
}

/**
 * Splits CSV text into rows with Papa Parse (delimiter ',' ';' or tab guessed unless given), each
 * with its starting line (`firstLine` is the line number of the text's first line). An unclosed
 * quote (MissingQuotes) swallows the rest of the text into one cell: that row is reported and
 * dropped, and reading resumes on the line after the one where the row starts (at most
 * `maxResumes` times; past that the rest of the text is left unread). Rows with any other Papa
 * error are kept in `broken` (their lines) so that the caller does not validate them. Never throws.
 */
export function readCsvRows(
  text: string,
  firstLine: number,
  delimiter: string | undefined,
  maxResumes: number,
): { rows: CsvRow[]; errors: CsvSyntaxError[]; broken: Set<number>; delimiter: string; undetectable: boolean } {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, ...(delimiter ? { delimiter } : { delimitersToGuess: [',', ';', '\t'] }) });
  const rows: CsvRow[] = [];
  // line of each row: one line per row plus the line breaks inside quoted cells
  let line = firstLine;
  for (const r of parsed.data) {
    rows.push({ cells: r, line });
    let extraBreaks = 0;
    for (const cell of r) for (let i = 0; i < cell.length; i++) if (cell.charCodeAt(i) === 10) extraBreaks++;
    line += 1 + extraBreaks;
  }
  const errors: CsvSyntaxError[] = [];
  const broken = new Set<number>();
  const undetectable = parsed.errors.some((e) => e.code === 'UndetectableDelimiter');
  const lineOfRow = (row: number | undefined) => (row !== undefined && row !== null && row < rows.length ? rows[row].line : undefined);
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  const cut = unclosed ? (unclosed.row ?? rows.length - 1) : rows.length;
  for (const e of parsed.errors) {
    if (e.code === 'UndetectableDelimiter') continue;
    const r = e.row ?? undefined;
    if (r !== undefined && r > cut) continue;
    const ln = lineOfRow(r);
    // One message per row: an unclosed quote explains everything else Papa says about that row.
    if (unclosed && r === cut && e !== unclosed) continue;
    if (ln !== undefined) {
      if (broken.has(ln)) continue;
      broken.add(ln);
    }
    errors.push({ code: e.code, line: ln });
  }
  const used = parsed.meta.delimiter || delimiter || ',';
  if (!unclosed) return { rows, errors, broken, delimiter: used, undetectable };
  const kept = rows.slice(0, cut);
  const startLine = cut < rows.length ? rows[cut].line : firstLine;
  if (maxResumes <= 0) return { rows: kept, errors, broken, delimiter: used, undetectable };
  // Resume on the line after the one where the unclosed row starts.
  const lines = text.split('\n');
  const rest = lines.slice(startLine - firstLine + 1).join('\n');
  if (rest.trim() === '') return { rows: kept, errors, broken, delimiter: used, undetectable };
  const more = readCsvRows(rest, startLine + 1, used, maxResumes - 1);
  for (const b of more.broken) broken.add(b);
  return { rows: [...kept, ...more.rows], errors: [...errors, ...more.errors], broken, delimiter: used, undetectable };
}

/**
 * Reads cases from CSV text (header row required; delimiter ',' ';' or tab, auto-detected; quoted
 * fields may span lines). Numeric-looking cells of raw_score and label become numbers; everything
 * else stays text, so a bad cell is reported by zod with its column. Blank lines are skipped but
 * keep their line numbers. Papa Parse's syntax errors (MissingQuotes, InvalidQuotes, TooFewFields,
 * TooManyFields; UndetectableDelimiter as a hint when the header lacks columns) are reported as
 * sentences in `lang` on their line, and the other rows are still checked: after an unclosed
 * quote, reading resumes on the next line (see readCsvRows). At most `maxIssues` problems are
 * returned, in line order of discovery; `total_issues` counts them all. Never throws.
 * `progress('parse', fraction)`, when given, is called once before the CSV is split into rows and
 * then every PROGRESS_EVERY_ROWS rows while they are validated.
 */
export function parseCasesCsv(
  text: string,
  lang: Lang,
  maxIssues = 50,
  progress?: (stage: string, fraction: number) => void,
): ParseOutcome<{ cases: CalibrationCase[]; extra_columns: string[] }> {
  const t = coreMsg(lang);
  const c = calibrationMsg(lang).validation;
  const input = 'cases';
  if (text.trim() === '') return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  progress?.('parse', 0);
  const read = readCsvRows(text, 1, undefined, maxIssues);
  const rows = read.rows;
  const issues: InputIssue[] = [];
  let total = 0;
  const add = (i: InputIssue) => {
    total++;
    if (issues.length < maxIssues) issues.push(i);
  };
  const failed = () => ({ ok: false as const, issues, total_issues: total });
  for (const e of read.errors) add({ input, line: e.line, message: csvSyntaxMessage(e.code, e.line, lang) });
  let h = 0;
  while (h < rows.length && rows[h].cells.every((x) => x.trim() === '')) h++;
  if (h >= rows.length) {
    if (total) return failed();
    return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  }
  const header = rows[h].cells.map((x) => x.trim());
  const headerLine = rows[h].line;
  let headerBad = false;
  for (const col of REQUIRED_COLUMNS)
    if (!header.includes(col)) {
      headerBad = true;
      add({ input, line: headerLine, field: col, message: c.missing_column(col) });
    }
  if (headerBad && read.undetectable) add({ input, line: headerLine, message: c.csv_undetectable_delimiter });
  const dup = header.find((x, i) => header.indexOf(x) !== i);
  if (dup !== undefined) add({ input, line: headerLine, field: dup, message: c.duplicate_column(dup) });
  if (headerBad || dup !== undefined) return failed();
  const errorMap = zodErrorMap(lang);
  const known = new Set<string>(KNOWN_COLUMNS);
  const extraCols: string[] = [];
  const seenExtra = new Set<string>();
  const seenIds = new Set<string>();
  const cases: CalibrationCase[] = [];
  for (let r = h + 1; r < rows.length; r++) {
    if (progress && r % PROGRESS_EVERY_ROWS === 0) progress('parse', 0.1 + (0.9 * r) / rows.length);
    const { cells, line: ln } = rows[r];
    if (read.broken.has(ln)) continue;
    if (cells.every((x) => x.trim() === '')) continue;
    if (cells.length !== header.length) {
      add({ input, line: ln, message: c.wrong_cell_count(cells.length, header.length) });
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
      for (const iss of res.error.issues) add({ input, line: ln, field: iss.path.map(String).join('.'), message: iss.message });
      continue;
    }
    if (seenIds.has(res.data.case_id)) {
      add({ input, line: ln, field: 'case_id', message: t.validation.duplicate(res.data.case_id) });
      continue;
    }
    seenIds.add(res.data.case_id);
    if (total === 0) cases.push(splitRow(res.data, known, extraCols, seenExtra));
  }
  if (total) return failed();
  if (cases.length === 0) return { ok: false, issues: [{ input, message: c.no_cases }] };
  return { ok: true, value: { cases, extra_columns: extraCols } };
}

/**
 * A Papa Parse error code as a sentence in `lang`, naming the line when known. Codes:
 * MissingQuotes, InvalidQuotes, TooFewFields, TooManyFields, UndetectableDelimiter; any other
 * code gets a generic sentence (never the raw code).
 */
export function csvSyntaxMessage(code: string, line: number | undefined, lang: Lang): string {
  const c = calibrationMsg(lang).validation;
  const ln = line === undefined ? '?' : String(line);
  switch (code) {
    case 'MissingQuotes':
      return c.csv_missing_quotes(ln);
    case 'InvalidQuotes':
      return c.csv_invalid_quotes(ln);
    case 'TooFewFields':
      return c.csv_too_few_fields(ln);
    case 'TooManyFields':
      return c.csv_too_many_fields(ln);
    case 'UndetectableDelimiter':
      return c.csv_undetectable_delimiter;
    default:
      return c.csv_syntax(ln);
  }
}

/** Reads cases from JSON Lines (through labs/core/contract/parse.ts, which reports 'parse' progress). Never throws. */
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
 * are returned together, with `total_issues` the count of all problems (including those beyond
 * each input's cap). `hooks.progress` hears the 'parse' stage (see parseCasesCsv).
 */
export function parseCalibrationInput(texts: Record<string, string>, lang: Lang, hooks?: RunHooks): ParseOutcome<CalibrationInput> {
  const casesText = texts.cases ?? '';
  const policyText = texts.policy ?? '';
  const jsonl = looksLikeJsonl(casesText);
  const progress = hooks?.progress;
  const cases = jsonl ? parseCasesJsonl(casesText, lang, progress) : parseCasesCsv(casesText, lang, 50, progress);
  const policy = parseJsonText(policyText, policySchema, 'policy', lang);
  const issues: InputIssue[] = [...(cases.ok ? [] : cases.issues), ...(policy.ok ? [] : policy.issues)];
  // Problems in all (the inputs' own caps may have left some out of `issues`).
  let total = (cases.ok ? 0 : (cases.total_issues ?? cases.issues.length)) + (policy.ok ? 0 : (policy.total_issues ?? policy.issues.length));
  if (cases.ok) {
    const before = issues.length;
    const c = calibrationMsg(lang).validation;
    if (cases.value.cases.length > MAX_CASES) issues.push({ input: 'cases', message: c.too_many_cases(cases.value.cases.length, MAX_CASES) });
    for (const split of ['calibration', 'evaluation'] as const) {
      if (!cases.value.cases.some((x) => x.split === split)) issues.push({ input: 'cases', field: 'split', message: c.split_missing(split) });
    }
    total += issues.length - before;
  }
  if (issues.length || !cases.ok || !policy.ok) return { ok: false, issues, total_issues: Math.max(total, issues.length) };
  return {
    ok: true,
    value: {
      cases: cases.value.cases,
      policy: policy.value,
      extra_columns: cases.value.extra_columns,
      cases_format: jsonl ? 'jsonl' : 'csv',
      source_texts: { cases: casesText, policy: policyText },
    },
  };
}
