/**
 * Imports: results people already have (a promptfoo export, an Inspect AI log, TREC files, a plain
 * CSV) turned into a lab's normal input texts. One mechanism for every lab: an importer module per
 * format under labs/<lab>/import/ reads the files and returns
 *
 *   { ok: true, texts, summary, warnings }   texts: the lab's own input texts (the same JSONL/JSON the
 *                                            editors hold), parsed afterwards by the lab's zod schema
 *                                            like any other input; summary: what was imported;
 *                                            warnings: rows left out, each with its line or path
 *   { ok: false, issues, summary? }          nothing usable: each issue names the file, the line (text
 *                                            formats) or the JSON path (`field`), in the page's language
 *
 * A lab that imports declares it in its meta (LabMeta.importer, core/contract/lab.ts: the texts it
 * reads, its CLI flags) and exports its LabImporter (below) from
 * labs/<id>/import/index.ts, which loads only when files are imported. The page
 * (the worker, labs/worker.ts `importFiles`) and the CLI (labs/cli.ts) call the same importers
 * (labs/imports.ts), so both say the same thing; describeImport renders the summary in either
 * language. Keys from data (versions, scorers, case ids) stay in arrays, never object keys.
 */
import type { InputIssue, Lang } from './types.ts';
import { importMsg } from './import_i18n.ts';

/** One file given to an importer: its name and its bytes (a zip) or its text. */
export interface ImportFile {
  name: string;
  bytes?: Uint8Array;
  text?: string;
}

/** Formats the importers read. */
export type ImportFormat = 'promptfoo' | 'inspect' | 'csv' | 'kit' | 'trec' | 'labels_csv';

/** Why rows were left out of an import (each translated by describeImport). */
export type LeftOutReason =
  | 'version_not_chosen'
  | 'case_not_in_both_versions'
  | 'score_out_of_range'
  | 'no_score'
  | 'run_qid_not_in_qrels'
  | 'value_not_numeric';

/** Notes on how fields were read (each translated by describeImport). */
export type ImportNote =
  | 'cost_not_converted'
  | 'cost_missing'
  | 'versions_defaulted'
  | 'scorer_defaulted'
  | 'errors_as_failures'
  | 'default_policy'
  | 'judges_as_columns'
  | 'judges_as_rows'
  | 'cost_as_micro_tokens'
  | 'cases_from_outputs';

export interface ImportSummary {
  format: ImportFormat;
  /** The file names read, in order. */
  files: string[];
  /** Cases (queries for TREC) in the lab's input. */
  cases: number;
  /** Every version (promptfoo provider/prompt, Inspect log, CSV version, TREC run tag, judge) found, in order. */
  versions: string[];
  /** The two chosen as baseline and candidate (gate), else null. */
  baseline: string | null;
  candidate: string | null;
  /** The most runs (repeats, epochs) of one case by one version. */
  runs: number;
  /** Rows (results, samples, lines) read. */
  rows: number;
  /** Field of the source -> field of the lab's input, in the order applied. */
  mapped: { from: string; to: string }[];
  /** What was left out and why, with a count and the first few examples. */
  left_out: { reason: LeftOutReason; count: number; examples: string[] }[];
  notes: ImportNote[];
  /** Files given beside the imported ones that are no format this lab imports: not read (names, in order). */
  skipped_files: string[];
  /** Inspect: the scorer whose value is the outcome, and every scorer seen. */
  scorer: string | null;
  scorers: string[];
}

export type ImportOutcome =
  | { ok: true; texts: Record<string, string>; summary: ImportSummary; warnings: InputIssue[] }
  | { ok: false; issues: InputIssue[]; total_issues?: number };

/** Options an importer may take; each ignores what does not apply to it. */
export interface ImportOptions {
  /** Force a format instead of detecting it from the content. */
  format?: string;
  baseline?: string;
  candidate?: string;
  /** Inspect: the scorer to read. */
  scorer?: string;
}

/**
 * What a lab's importer receives besides the files: the shared choices, the lab's current texts it
 * reads (the page sends the ones its meta's `importer.reads` names; the CLI every text given on the
 * command line), and options of the lab's own (a cut-off), which its importer checks and reads.
 */
export interface LabImportOptions extends ImportOptions {
  texts?: Record<string, string>;
  [option: string]: unknown;
}

/**
 * A command line as an importer's CLI side sees it (labs/cli.ts builds it after reading every
 * given file once).
 */
export interface CliImportCommand {
  /** Input name -> every path given for it, in order (a repeatable input may have several). */
  files: Readonly<Record<string, readonly string[]>>;
  /** The importer's flags that were given -> their value ('--k' -> '1,3'). */
  flags: ReadonlyMap<string, string>;
  /** The given inputs' texts (UTF-8), except the importer's `bytesOnly` inputs. */
  texts: Record<string, string>;
  /** A given file (an input's path or a FILE flag's value) with its bytes, as read. */
  file(path: string): ImportFile;
}

/**
 * What a command asks of the importer: files to import (with the importer's options, and the
 * given inputs the import must not replace), a refusal (exit 1, each issue on stderr), or null:
 * nothing to import, the lab runs on its input files as given.
 */
export type CliImportPlan =
  | { files: ImportFile[]; options: LabImportOptions; keep?: readonly string[] }
  | { ok: false; issues: InputIssue[] }
  | null;

/** The command-line side of a lab's importer (labs/cli.ts). */
export interface LabImporterCli {
  /**
   * Inputs the importer reads as bytes (an Inspect .eval archive): the CLI does not take them as
   * text unless nothing is imported.
   */
  bytesOnly?: readonly string[];
  /**
   * Checks the importer's flags before any file is read: a usage error (exit 2, `message` in
   * `lang`), or the view they set (undefined: the lab's default view). `defaultView` is the
   * lab's own (its meta's).
   */
  view?(flags: ReadonlyMap<string, string>, defaultView: unknown, lang: Lang): { ok: true; view: unknown } | { ok: false; message: string };
  /** The import the command asks for (CliImportPlan). */
  plan(command: CliImportCommand, lang: Lang): CliImportPlan;
}

/**
 * A lab's importer (labs/<id>/import/index.ts exports it as `importer`; labs/imports.ts loads it on
 * demand for a lab whose meta declares `importer`): the page's worker and the CLI call the same
 * `importFiles`.
 */
export interface LabImporter {
  /** `files` turned into the lab's texts with a summary (module comment), in `lang`. Never throws. */
  importFiles(files: readonly ImportFile[], options: LabImportOptions, lang: Lang): ImportOutcome;
  /** The command line's side; absent: the lab imports on the page only. */
  cli?: LabImporterCli;
}

/** An empty summary for `format`, to fill in. */
export function newSummary(format: ImportFormat, files: string[]): ImportSummary {
  return { format, files, cases: 0, versions: [], baseline: null, candidate: null, runs: 0, rows: 0, mapped: [], left_out: [], notes: [], skipped_files: [], scorer: null, scorers: [] };
}

/**
 * The one rule for files an importer does not recognize (`recognized[i]` false for files[i]): given
 * beside recognized ones (a policy dropped with the results, say), they are not read and the
 * outcome's summary names them (skipped_files); when no file is recognized, each is an issue with
 * `unknownMessage`. `importRecognizedFiles` imports the others (in order); only what it throws is thrown.
 */
export function importRecognized(
  files: readonly ImportFile[],
  recognized: readonly boolean[],
  unknownMessage: string,
  importRecognizedFiles: (files: ImportFile[]) => ImportOutcome,
): ImportOutcome {
  const skipped = files.filter((_, i) => !recognized[i]);
  if (skipped.length === files.length) return { ok: false, issues: skipped.map((f) => ({ input: f.name, message: unknownMessage })) };
  const r = importRecognizedFiles(files.filter((_, i) => recognized[i]));
  if (r.ok) r.summary.skipped_files = skipped.map((f) => f.name);
  return r;
}

/** Adds `count` left-out rows with `reason` (the first 5 examples kept). Linear: examples are capped. */
export function leaveOut(summary: ImportSummary, reason: LeftOutReason, example: string, count = 1): void {
  let row = summary.left_out.find((r) => r.reason === reason);
  if (!row) summary.left_out.push((row = { reason, count: 0, examples: [] }));
  row.count += count;
  if (row.examples.length < 5 && !row.examples.includes(example)) row.examples.push(example);
}

/**
 * The summary as sentences in `lang` (one per line): format and files, counts, the chosen
 * versions, the field mapping, what was left out and why, and the notes. Plain text (the page
 * renders it as text, the CLI prints it to stderr).
 */
export function describeImport(s: ImportSummary, lang: Lang): string[] {
  const t = importMsg(lang);
  // TREC runs and judges are not versions with repeated runs: each has its own count line.
  const counts =
    s.format === 'trec' ? t.counts_trec(s.cases, s.versions.length, s.rows)
    : s.format === 'labels_csv' ? t.counts_labels(s.cases, s.versions.length, s.rows)
    : t.counts(s.cases, s.versions.length, s.runs, s.rows);
  const found = s.format === 'trec' ? t.runs_found : s.format === 'labels_csv' ? t.judges_found : t.versions;
  const lines = [t.heading(t.formats[s.format], s.files.join(', ')), counts];
  if (s.versions.length) lines.push(found(s.versions.join(', ')));
  if (s.baseline !== null && s.candidate !== null) lines.push(t.chosen(s.baseline, s.candidate));
  if (s.scorer !== null) lines.push(t.scorer(s.scorer, s.scorers.join(', ')));
  if (s.mapped.length) lines.push(t.mapped(s.mapped.map((m) => `${m.from} → ${m.to}`).join('; ')));
  for (const r of s.left_out) lines.push(t.left_out(r.count, t.reasons[r.reason], r.examples.join(', ')));
  for (const n of s.notes) lines.push(t.notes[n]);
  if (s.skipped_files.length) lines.push(t.skipped_files(s.skipped_files.join(', ')));
  return lines;
}

/** A byte array's text (UTF-8, a leading BOM dropped; bad bytes become U+FFFD). */
export function fileText(f: ImportFile): string {
  const text = f.text ?? new TextDecoder('utf-8').decode(f.bytes ?? new Uint8Array(0));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** True when the file starts with a zip local-file header ("PK\x03\x04"). */
export function isZip(f: ImportFile): boolean {
  const b = f.bytes;
  return !!b && b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
}

/** Rows of JSONL text (one JSON value per non-blank line), or null at the first line that is not JSON. */
export function jsonLines(text: string): unknown[] | null {
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      return null;
    }
  }
  return out;
}

/** JSON.parse that returns undefined instead of throwing. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSONL text of `rows` (one JSON object per line, with a final newline). */
export function toJsonl(rows: readonly object[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
}
