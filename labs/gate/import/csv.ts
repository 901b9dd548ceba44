/**
 * A plain CSV of graded results, the format anyone can write:
 *
 *   case_id,version,run,passed,score,cost,slice
 *   q1,baseline,1,true,,0.002,billing
 *
 * case_id and version are required, and passed or score (or both); run, cost (euros), slice,
 * input, output and latency_ms are optional. Any other column is an error (a misspelled column
 * must not be dropped silently). passed: true/false, 1/0, yes/no (any case); score: a number in
 * [0, 1]; an empty cell is absent. Delimiter ",", ";" or tab (guessed by Papa Parse). Problems
 * name the line (1-based, the header is line 1) and the column.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import type { InputIssue, Lang } from '../../core/contract/types.ts';
import type { ImportFile, ImportOptions, ImportOutcome } from '../../core/contract/imports.ts';
import { fileText, newSummary } from '../../core/contract/imports.ts';
import { importMsg } from '../../core/contract/import_i18n.ts';
import { csvRowLines } from '../../core/contract/parse.ts';
import { assembleGate, type GradedRow } from './assemble.ts';

/** The columns a results CSV may have. */
export const CSV_COLUMNS = ['case_id', 'version', 'run', 'passed', 'score', 'cost', 'slice', 'input', 'output', 'latency_ms'] as const;

const cell = z.string().transform((s) => s.trim());

/** True when the first line of `text` names case_id and version among its columns. */
export function isResultsCsv(text: string): boolean {
  const first = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')).toLowerCase();
  return /(^|[,;\t])\s*"?case_id"?\s*([,;\t]|$)/.test(first) && /(^|[,;\t])\s*"?version"?\s*([,;\t]|$)/.test(first);
}

/** Reads a results CSV (module comment). Never throws. */
export function importCsv(file: ImportFile, options: ImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  const summary = newSummary('csv', [file.name]);
  const parsed = Papa.parse<string[]>(fileText(file), { header: false, skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  const issues: InputIssue[] = [];
  // 1-based line of each parsed row (a quoted cell may hold newlines); blank rows are dropped after.
  const lineOf = csvRowLines(parsed.data);
  for (const e of parsed.errors) {
    if (e.code === 'UndetectableDelimiter' || e.code === 'TooFewFields' || e.code === 'TooManyFields') continue;
    issues.push({ input: file.name, line: typeof e.row === 'number' ? lineOf[e.row] : undefined, message: t.csv_syntax(e.code) });
  }
  const kept = parsed.data.map((r, i) => ({ r, line: lineOf[i] })).filter(({ r }) => r.some((c) => c.trim() !== ''));
  const head = kept[0]?.r;
  const body = kept.slice(1);
  if (!head || body.length === 0) return { ok: false, issues: [{ input: file.name, message: t.csv_empty }] };
  const cols = head.map((h) => h.trim().toLowerCase());
  const allowed = CSV_COLUMNS.join(', ');
  cols.forEach((c) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(c)) issues.push({ input: file.name, line: 1, field: c, message: t.csv_unknown_column(c, allowed) });
  });
  for (const need of ['case_id', 'version'] as const) if (!cols.includes(need)) issues.push({ input: file.name, line: 1, field: need, message: t.csv_missing_column(need) });
  if (!cols.includes('passed') && !cols.includes('score')) issues.push({ input: file.name, line: 1, field: 'passed', message: t.csv_missing_column('passed / score') });
  if (issues.length) return { ok: false, issues };
  const at = (name: (typeof CSV_COLUMNS)[number]) => cols.indexOf(name);
  const rows: GradedRow[] = [];
  let total = 0;
  body.forEach(({ r, line }) => {
    const get = (name: (typeof CSV_COLUMNS)[number]) => {
      const k = at(name);
      const v = k < 0 ? '' : cell.parse(r[k] ?? '');
      return v === '' ? null : v;
    };
    const bad = (field: string, message: string) => {
      total++;
      if (issues.length < 50) issues.push({ input: file.name, line, field, message });
    };
    const caseId = get('case_id');
    const version = get('version');
    if (caseId === null) bad('case_id', t.csv_missing_column('case_id'));
    if (version === null) bad('version', t.csv_missing_column('version'));
    let passed: boolean | null = null;
    const p = get('passed');
    if (p !== null) {
      const low = p.toLowerCase();
      if (['true', '1', 'yes'].includes(low)) passed = true;
      else if (['false', '0', 'no'].includes(low)) passed = false;
      else bad('passed', t.csv_bad_boolean(p));
    }
    const num = (name: 'score' | 'cost' | 'latency_ms', what: string, max: number) => {
      const s = get(name);
      if (s === null) return null;
      const v = Number(s);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) || !(v >= 0 && v <= max)) {
        bad(name, t.csv_bad_number(s, what));
        return null;
      }
      return v;
    };
    const score = num('score', lang === 'es' ? 'un número entre 0 y 1' : 'a number between 0 and 1', 1);
    const cost = num('cost', lang === 'es' ? 'un coste (número ≥ 0)' : 'a cost (a number ≥ 0)', Number.MAX_VALUE);
    const latency = num('latency_ms', lang === 'es' ? 'una latencia en ms (número ≥ 0)' : 'a latency in ms (a number ≥ 0)', Number.MAX_VALUE);
    if (passed === null && score === null && get('passed') === null && get('score') === null) bad('passed', t.csv_no_outcome);
    if (caseId === null || version === null) return;
    const run = get('run');
    rows.push({
      version,
      case_id: caseId,
      input: get('input') ?? '',
      run: run === null ? null : /^\d+$/.test(run) ? Number(run) : run,
      passed,
      score,
      cost,
      latency_ms: latency,
      output: get('output'),
      slice: get('slice'),
      assertions: null,
      file: file.name,
      line,
    });
  });
  if (issues.length) return { ok: false, issues, total_issues: total };
  summary.rows = body.length;
  summary.mapped = cols.map((c) => ({ from: c, to: c === 'cost' ? 'cost_eur' : c }));
  return assembleGate(rows, summary, options, lang, t.promptfoo_one_version);
}
