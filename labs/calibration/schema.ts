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
import { MAX_ISSUES, csvRowBreaks, jsonPathLines, parseJsonText, parseJsonlText, zodErrorMap } from '../core/contract/parse.ts';
import { CALIBRATOR_TYPES } from '../core/stats/calibrators.ts';
import type { CalibratorType } from '../core/stats/calibrators.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { calibrationMsg } from './i18n/index.ts';
import { CasesBuilder, SPLIT_CODES, type CalibrationCases } from './columns.ts';

/** Rows between two progress reports while reading cases. */
export const PROGRESS_EVERY_ROWS = 5000;

/**
 * Largest number of cases the lab accepts: 10^7, the size the CLI is measured to run within 2 GB
 * (npm run bench: calibration rows with peak RSS). A browser tab meets its own limits earlier: the
 * page shows a large file as a preview and the run has progress and cancel.
 */
export const MAX_CASES = 10_000_000;
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

export type { CalibrationCase, CalibrationCases } from './columns.ts';

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
  /** The binary path (absent means binary; the K-class input, schema_multiclass.ts, has kind 'multiclass'). */
  kind?: 'binary';
  /** The cases as columns (columns.ts): typed arrays, not one object per row. */
  cases: CalibrationCases;
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

/** Adds a validated row to the columns; every column but the known ones is a slice candidate. */
function pushRow(b: CasesBuilder, row: z.output<typeof caseRowSchema>, known: ReadonlySet<string>, extraCols: string[], seenExtra: Set<string>): void {
  const extra: [string, string][] = [];
  for (const k of Object.keys(row)) {
    if (known.has(k)) continue;
    extra.push([k, stringifyExtra((row as Record<string, unknown>)[k])]);
    if (!seenExtra.has(k)) {
      seenExtra.add(k);
      extraCols.push(k);
    }
  }
  b.push(row.case_id, SPLIT_CODES[row.split], row.raw_score, row.label as 0 | 1, row.slice, extra);
}

/** True when the text looks like JSON Lines (first non-blank character is '{'). */
export function looksLikeJsonl(text: string): boolean {
  const m = /\S/.exec(text);
  return m !== null && text[m.index] === '{';
}

/** A Papa Parse error, on the 1-based line of the row it concerns (undefined when Papa gives no row). */
interface CsvSyntaxError {
  code: string;
  line: number | undefined;
}

/** Papa Parse reads the text in pieces of this many characters, so its garbage stays young. */
const CSV_CHUNK_CHARS = 1 << 20;

/**
 * Streams CSV text through Papa Parse row by row (delimiter ',' ';' or tab guessed unless given),
 * calling `onRow(cells, line)` with each row's starting line (`firstLine` is the line number of the
 * text's first line), so no array of all rows is ever built. An unclosed quote (MissingQuotes)
 * swallows the rest of the text into one cell: that row is reported and not delivered, and reading
 * resumes on the line after the one where the row starts (at most `maxResumes` times; past that the
 * rest of the text is left unread). Rows with any other Papa error are reported and not delivered.
 * Never throws. Shared with the K-class reader (schema_multiclass.ts). The caller turns CR and CRLF
 * into LF first, so that lines count as an editor counts them.
 */
export function streamCsvRows(
  text: string,
  firstLine: number,
  delimiter: string | undefined,
  maxResumes: number,
  onRow: (cells: string[], line: number) => void,
): { errors: CsvSyntaxError[]; delimiter: string; undetectable: boolean } {
  const errors: CsvSyntaxError[] = [];
  let line = firstLine;
  let unclosedLine: number | null = null;
  let undetectable = false;
  let used = delimiter ?? ',';
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    chunkSize: CSV_CHUNK_CHARS,
    ...(delimiter ? { delimiter } : { delimitersToGuess: [',', ';', '\t'] }),
    step: (r) => {
      const cells = r.data;
      const rowLine = line;
      // one line per row plus the line breaks inside quoted cells
      line += 1 + csvRowBreaks(cells);
      if (r.meta.delimiter) used = r.meta.delimiter;
      let bad = false;
      for (const e of r.errors) {
        if (e.code === 'UndetectableDelimiter') {
          undetectable = true;
          continue;
        }
        if (e.code === 'MissingQuotes') unclosedLine = rowLine;
        // one message per row: an unclosed quote explains everything else Papa says about it
        if (!bad) errors.push({ code: unclosedLine === rowLine ? 'MissingQuotes' : e.code, line: rowLine });
        bad = true;
      }
      if (!bad) onRow(cells, rowLine);
    },
  });
  if (unclosedLine === null || maxResumes <= 0) return { errors, delimiter: used, undetectable };
  // Resume on the line after the one where the unclosed row starts.
  let pos = 0;
  for (let l = firstLine; l <= unclosedLine && pos !== -1; l++) pos = text.indexOf('\n', pos) === -1 ? -1 : text.indexOf('\n', pos) + 1;
  if (pos === -1 || text.slice(pos).trim() === '') return { errors, delimiter: used, undetectable };
  const more = streamCsvRows(text.slice(pos), unclosedLine + 1, used, maxResumes - 1, onRow);
  return { errors: [...errors, ...more.errors], delimiter: used, undetectable: undetectable || more.undetectable };
}

/** True when every known column of a CSV row is valid as caseRowSchema would find it (the fast path). */
function fastValid(caseId: string, split: string, score: unknown, label: unknown): boolean {
  return caseId.length > 0 && (split === 'calibration' || split === 'evaluation') && typeof score === 'number' && score >= 0 && score <= 1 && (label === 0 || label === 1);
}

/**
 * Reads cases from CSV text (header row required; delimiter ',' ';' or tab, auto-detected; quoted
 * fields may span lines) straight into columns (columns.ts), one row at a time. Numeric-looking
 * cells of raw_score and label become numbers; everything else stays text, so a bad cell is
 * reported by zod with its column (rows whose known cells are plainly valid skip zod: same
 * acceptance, far fewer allocations). Blank lines are skipped but keep their line numbers. Papa
 * Parse's syntax errors (MissingQuotes, InvalidQuotes; UndetectableDelimiter as a hint when the
 * header lacks columns) are reported as sentences in `lang` on their line, and the other rows are
 * still checked: after an unclosed quote, reading resumes on the next line (see streamCsvRows). At
 * most `maxIssues` problems are returned, in line order of discovery; `total_issues` counts them
 * all. Never throws. `progress('parse', fraction)`, when given, is called once at the start and then
 * every PROGRESS_EVERY_ROWS rows (fraction of the text read).
 */
export function parseCasesCsv(
  text: string,
  lang: Lang,
  maxIssues = 50,
  progress?: (stage: string, fraction: number) => void,
): ParseOutcome<{ cases: CalibrationCases; extra_columns: string[] }> {
  const t = coreMsg(lang);
  const c = calibrationMsg(lang).validation;
  const input = 'cases';
  if (text.trim() === '') return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  progress?.('parse', 0);
  // Line breaks as an editor counts them (CRLF, CR and LF are one break each).
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  // Row problems as they come; the syntax errors are listed before them (as the editor shows them).
  const rowIssues: InputIssue[] = [];
  let total = 0;
  const add = (i: InputIssue) => {
    total++;
    if (rowIssues.length < maxIssues) rowIssues.push(i);
  };
  const errorMap = zodErrorMap(lang);
  const known = new Set<string>(KNOWN_COLUMNS);
  const extraCols: string[] = [];
  const builder = new CasesBuilder(Math.min(MAX_CASES + 1, Math.max(1024, Math.floor(text.length / 32))));
  const seenIds = new Set<string>();
  let header: string[] | null = null;
  let headerBad = false;
  let headerLine = 0;
  let col = { id: -1, split: -1, score: -1, label: -1, slice: -1 };
  let extraIdx: number[] = [];
  let rowCount = 0;
  const onRow = (cells: string[], ln: number) => {
    if (headerBad) return;
    if (progress && ++rowCount % PROGRESS_EVERY_ROWS === 0) progress('parse', Math.min(0.99, (ln * 32) / text.length));
    if (header === null) {
      if (cells.every((x) => x.trim() === '')) return;
      header = cells.map((x) => x.trim());
      headerLine = ln;
      for (const name of REQUIRED_COLUMNS)
        if (!header.includes(name)) {
          headerBad = true;
          add({ input, line: ln, field: name, message: c.missing_column(name) });
        }
      const dup = header.find((x, i) => header!.indexOf(x) !== i);
      if (dup !== undefined) {
        headerBad = true;
        add({ input, line: ln, field: dup, message: c.duplicate_column(dup) });
      }
      col = { id: header.indexOf('case_id'), split: header.indexOf('split'), score: header.indexOf('raw_score'), label: header.indexOf('label'), slice: header.indexOf('slice') };
      extraIdx = header.map((name, i) => (known.has(name) ? -1 : i)).filter((i) => i >= 0);
      for (const i of extraIdx) extraCols.push(header[i]);
      return;
    }
    if (cells.every((x) => x.trim() === '')) return;
    if (cells.length !== header.length) {
      add({ input, line: ln, message: c.wrong_cell_count(cells.length, header.length) });
      return;
    }
    const caseId = cells[col.id];
    const split = cells[col.split];
    const score = toNumberIfNumeric(cells[col.score]);
    const label = toNumberIfNumeric(cells[col.label]);
    const sliceCell = col.slice >= 0 ? cells[col.slice] : '';
    let row: { case_id: string; split: 'calibration' | 'evaluation'; raw_score: number; label: 0 | 1; slice: string };
    if (fastValid(caseId, split, score, label)) {
      row = { case_id: caseId, split: split as 'calibration' | 'evaluation', raw_score: score as number, label: label as 0 | 1, slice: sliceCell.trim() === '' ? 'all' : sliceCell };
    } else {
      const obj = Object.create(null) as Record<string, unknown>; // keyed by the CSV header (data)
      for (let k = 0; k < header.length; k++) {
        const name = header[k];
        const v = cells[k];
        obj[name] = name === 'raw_score' || name === 'label' ? toNumberIfNumeric(v) : name === 'slice' && v.trim() === '' ? undefined : v;
      }
      const res = caseRowSchema.safeParse(obj, { error: errorMap });
      if (!res.success) {
        for (const iss of res.error.issues) add({ input, line: ln, field: iss.path.map(String).join('.'), message: iss.message });
        return;
      }
      row = { case_id: res.data.case_id, split: res.data.split, raw_score: res.data.raw_score, label: res.data.label as 0 | 1, slice: res.data.slice };
    }
    if (seenIds.has(row.case_id)) {
      add({ input, line: ln, field: 'case_id', message: t.validation.duplicate(row.case_id) });
      return;
    }
    seenIds.add(row.case_id);
    if (total === 0) builder.push(row.case_id, SPLIT_CODES[row.split], row.raw_score, row.label, row.slice, extraIdx.map((i) => [header![i], cells[i]] as const));
  };
  const read = streamCsvRows(text, 1, undefined, maxIssues, onRow);
  const syntax = read.errors.map((e): InputIssue => ({ input, line: e.line, message: csvSyntaxMessage(e.code, e.line, lang) }));
  total += syntax.length;
  const issues = [...syntax, ...rowIssues].slice(0, maxIssues);
  if (header === null) {
    if (total) return { ok: false, issues, total_issues: total };
    return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  }
  if (headerBad && read.undetectable) {
    total++;
    if (issues.length < maxIssues) issues.push({ input, line: headerLine, message: c.csv_undetectable_delimiter });
  }
  if (total) return { ok: false, issues, total_issues: total };
  if (builder.length === 0) return { ok: false, issues: [{ input, message: c.no_cases }] };
  return { ok: true, value: { cases: builder.finish(), extra_columns: extraCols } };
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
): ParseOutcome<{ cases: CalibrationCases; extra_columns: string[] }> {
  const r = parseJsonlText(text, caseRowSchema, 'cases', lang, { unique: 'case_id', progress });
  if (!r.ok) return r;
  const known = new Set<string>(KNOWN_COLUMNS);
  const extraCols: string[] = [];
  const seen = new Set<string>();
  const b = new CasesBuilder(r.value.length);
  for (const row of r.value) pushRow(b, row, known, extraCols, seen);
  return { ok: true, value: { cases: b.finish(), extra_columns: extraCols } };
}

/**
 * Reads the two texts of the lab (`texts.cases` CSV or JSONL, detected by the first character;
 * `texts.policy` JSON) into a CalibrationInput. Never throws: a missing text counts as empty.
 * Besides row problems it reports: more than MAX_CASES cases, a split with no case (the
 * calibrators need calibration cases; the metrics need evaluation cases), and a policy slice_by
 * that names no column of the cases (on policy.slice_by, with the columns there are). Problems of both inputs
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
    const cs = cases.value.cases;
    if (cs.n > MAX_CASES) issues.push({ input: 'cases', message: c.too_many_cases(cs.n, MAX_CASES) });
    for (const split of ['calibration', 'evaluation'] as const) {
      if (!cs.split.includes(SPLIT_CODES[split])) issues.push({ input: 'cases', field: 'split', message: c.split_missing(split) });
    }
    if (policy.ok) {
      const by = policy.value.slice_by;
      const cols = ['slice', ...cases.value.extra_columns];
      const required = (REQUIRED_COLUMNS as readonly string[]).includes(by);
      if (!cols.includes(by)) issues.push({ input: 'policy', line: jsonPathLines(policyText)(['slice_by']), field: 'slice_by', message: required ? c.slice_by_required_column(by, cols.join(', ')) : c.unknown_slice_by(by, cols.join(', ')) });
    }
    total += issues.length - before;
  }
  // the one cap: the cases' 50 and the policy's problems together list at most MAX_ISSUES
  if (issues.length || !cases.ok || !policy.ok) return { ok: false, issues: issues.slice(0, MAX_ISSUES), total_issues: Math.max(total, issues.length) };
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
