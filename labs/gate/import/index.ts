/**
 * The gate lab's importers (labs/core/contract/imports.ts): a promptfoo export, Inspect logs (JSON
 * or .eval, one per version), a results CSV, or the kit's outputs JSONL, detected from the content
 * (options.format forces one: promptfoo | inspect | csv | kit). Returns the gate's `cases` and
 * `outputs` texts (pre-graded rows) plus the summary. `importer` (the lab's LabImporter, loaded on
 * demand through labs/gate/meta.ts) also puts the chosen versions into the learner's policy
 * (withVersions), and says which command lines import (its `cli`).
 */
import { applyEdits, modify, parse as parseJsonc } from 'jsonc-parser';
import type { Lang } from '../../core/contract/types.ts';
import type { ImportFile, ImportOptions, ImportOutcome, LabImporter } from '../../core/contract/imports.ts';
import { fileText, importRecognized, isZip, jsonLines, newSummary, toJsonl, tryJson } from '../../core/contract/imports.ts';
import { importMsg } from '../../core/contract/import_i18n.ts';
import { importPromptfoo, isPromptfoo } from './promptfoo.ts';
import { importInspect, isInspectJson } from './inspect.ts';
import { importCsv, isResultsCsv } from './csv.ts';

export type GateImportFormat = 'promptfoo' | 'inspect' | 'csv' | 'kit';
export const GATE_IMPORT_FORMATS: readonly GateImportFormat[] = ['promptfoo', 'inspect', 'csv', 'kit'];

const isKitRow = (r: unknown): boolean => r !== null && typeof r === 'object' && !Array.isArray(r) && 'version' in r && 'case_id' in r;

/**
 * The format of one file from its content, or null when none fits. A JSON Lines text with a line
 * that does not parse is still the kit's JSONL when another of its lines is a kit row ({version,
 * case_id, …}): the lab's parser then names the broken line and column, as with --input-format kit.
 */
export function detectGateFormat(f: ImportFile): GateImportFormat | null {
  if (isZip(f)) return 'inspect';
  const text = fileText(f);
  const head = text.trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    const data = tryJson(text);
    if (data !== undefined) {
      if (isPromptfoo(data)) return 'promptfoo';
      if (isInspectJson(data)) return 'inspect';
    }
    const rows = jsonLines(text);
    if (rows && rows.length && rows.every(isKitRow)) return 'kit';
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (data === undefined && rows === null && lines.length > 1 && lines.some((l) => isKitRow(tryJson(l)))) return 'kit';
    return null;
  }
  return isResultsCsv(text) ? 'csv' : null;
}

/**
 * The kit's own outputs JSONL ({version, case_id, run?, output?, cost_eur?, passed?, score?} per
 * line): the text is kept as it is (the lab's parser checks it line by line, with line numbers);
 * the summary counts its rows, versions (in file order), cases and runs (rows of one case by one
 * version). When every row is pre-graded (`passed` and/or `score`), the cases are derived from it,
 * one {case_id} per id in file order (pre-graded rows need no expected terms), so --cases is
 * optional. The baseline and the candidate are set only when one of them is asked for (the other
 * is the first other version in the file); otherwise the policy's own names stay. Errors: a
 * version asked for that the file lacks, or the same version twice. Never throws.
 */
export function importKit(file: ImportFile, options: ImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  const text = fileText(file);
  const summary = newSummary('kit', [file.name]);
  summary.rows = text.split('\n').filter((l) => l.trim() !== '').length;
  // Each line on its own: a broken line is left to the lab's parser (it names its line and column).
  const rows = text.split('\n').filter((l) => l.trim() !== '').map((l) => tryJson(l)).filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r));
  const versions: string[] = [];
  const caseIds: string[] = [];
  const seenCase = new Set<string>();
  const runs = new Map<string, number>();
  for (const r of rows) {
    const v = String(r.version);
    const id = String(r.case_id);
    if (!versions.includes(v)) versions.push(v);
    if (!seenCase.has(id)) {
      seenCase.add(id);
      caseIds.push(id);
    }
    const key = JSON.stringify([v, id]);
    const n = (runs.get(key) ?? 0) + 1;
    runs.set(key, n);
    summary.runs = Math.max(summary.runs, n);
  }
  summary.versions = versions;
  summary.cases = caseIds.length;
  for (const [opt, field] of [[options.baseline, '--baseline'], [options.candidate, '--candidate']] as const) {
    if (opt !== undefined && !versions.includes(opt)) return { ok: false, issues: [{ input: file.name, field, message: t.unknown_version(opt, versions.join(', ')) }] };
  }
  if (options.baseline !== undefined || options.candidate !== undefined) {
    const base = options.baseline ?? versions.find((v) => v !== options.candidate);
    const cand = options.candidate ?? versions.find((v) => v !== base);
    if (base === undefined || cand === undefined || base === cand) return { ok: false, issues: [{ input: file.name, field: '--candidate', message: t.same_versions }] };
    summary.baseline = base;
    summary.candidate = cand;
  }
  const texts: Record<string, string> = { outputs: text };
  if (rows.length && rows.every((r) => typeof r.passed === 'boolean' || typeof r.score === 'number')) {
    texts.cases = toJsonl(caseIds.map((case_id) => ({ case_id })));
    summary.notes.push('cases_from_outputs');
  }
  return { ok: true, texts, summary, warnings: [] };
}

/**
 * Imports `files` into the gate (module comment). Several files must all be Inspect logs. Files of
 * no format the gate imports (a policy dropped beside the results, say) are not read and named in
 * the summary's skipped_files, when another file is imported; when none is, each is an issue.
 * Never throws.
 */
export function importGate(allFiles: readonly ImportFile[], options: ImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  if (options.format !== undefined && !(GATE_IMPORT_FORMATS as readonly string[]).includes(options.format)) {
    return { ok: false, issues: [{ input: '--input-format', message: t.bad_format_option(options.format) }] };
  }
  const detected = allFiles.map((f) => (options.format as GateImportFormat | undefined) ?? detectGateFormat(f));
  const formats = detected.filter((x): x is GateImportFormat => x !== null);
  return importRecognized(allFiles, detected.map((x) => x !== null), t.unknown_format, (files) => importKnown(files, formats, options, lang));
}

/** importGate on the files of a known format (`formats`, one per file). */
function importKnown(files: readonly ImportFile[], formats: readonly GateImportFormat[], options: ImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  const names = files.map((f) => f.name).join(', ');
  const format = formats[0];
  if (formats.some((x) => x !== format)) return { ok: false, issues: [{ input: names, message: t.mixed_formats }] };
  if (files.length > 1 && format !== 'inspect') return { ok: false, issues: [{ input: names, message: t.one_file_only }] };
  try {
    if (format === 'inspect') return importInspect(files, options, lang);
    if (format === 'promptfoo') return importPromptfoo(files[0], options, lang);
    if (format === 'csv') return importCsv(files[0], options, lang);
    return importKit(files[0], options, lang);
  } catch (err) {
    // An importer bug must not take the page down: it becomes an issue like any other.
    return { ok: false, issues: [{ input: names, message: err instanceof Error ? err.message : String(err) }] };
  }
}

/**
 * The policy text with baseline_version and candidate_version set (jsonc-parser edits: the rest of
 * the learner's text, comments and layout included, is kept). A text that is not a JSON object is
 * returned as it is (the lab's parser reports it).
 */
export function withVersions(policyText: string, baseline: string, candidate: string): string {
  const opts = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
  const data: unknown = parseJsonc(policyText);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return policyText;
  let text = applyEdits(policyText, modify(policyText, ['baseline_version'], baseline, opts));
  text = applyEdits(text, modify(text, ['candidate_version'], candidate, opts));
  return text;
}

/**
 * The gate's importer (labs/core/contract/imports.ts, LabImporter). importFiles: importGate, and the
 * chosen versions put into `options.texts.policy` when one is given (the outcome's `policy`).
 * On the command line, the files of --outputs are imported (--input-format, --baseline,
 * --candidate and --scorer are the choices) unless they are one kit JSONL given with --cases and
 * no --baseline or --candidate: that runs as before, untouched. A kit JSONL alone is imported, so
 * that pre-graded rows need no --cases; a --cases given beside an import is kept (its weights,
 * slices and critical flags).
 */
export const importer: LabImporter = {
  importFiles(files, options, lang) {
    const r = importGate(files, options, lang);
    const policy = options.texts?.policy;
    if (r.ok && r.summary.baseline !== null && r.summary.candidate !== null && policy !== undefined) {
      r.texts.policy = withVersions(policy, r.summary.baseline, r.summary.candidate);
    }
    return r;
  },
  cli: {
    // An Inspect .eval archive is a zip: read as bytes, as text only for the kit's own JSONL.
    bytesOnly: ['outputs'],
    plan({ files, flags, texts, file }) {
      if (files.outputs === undefined) return null;
      const list = files.outputs.map(file);
      const forced = flags.get('--input-format');
      if (list.length === 1 && files.cases !== undefined && (forced === 'kit' || (forced === undefined && detectGateFormat(list[0]) === 'kit')) && !flags.has('--baseline') && !flags.has('--candidate')) return null;
      return { files: list, options: { format: forced, baseline: flags.get('--baseline'), candidate: flags.get('--candidate'), scorer: flags.get('--scorer'), texts }, keep: ['cases'] };
    },
  },
};
