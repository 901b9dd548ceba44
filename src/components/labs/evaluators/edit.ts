/**
 * Reading and editing the evaluator lab's input texts for the island's controls: flip a human
 * label, flip a judge score or a run's parse_ok, add an evaluator. The texts stay the single source
 * of truth; every edit rewrites only what it changes (jsonc-parser's `modify` for JSON and JSONL; for
 * CSV, read by Papa Parse with the engine's own options, the one row, written back by Papa Parse),
 * so the learner's own formatting survives. The engine still
 * validates whatever comes out. Nothing here computes a metric: it reads input values to draw the
 * controls and the case table.
 *
 * Reading never throws: a text that cannot be read returns null (the controls are then disabled,
 * and the engine's issues explain why). Ids come from data: they live in arrays and Maps only.
 */
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';
import Papa from 'papaparse';
import { CASES_CSV_OPTIONS } from '../../../../labs/evaluators/csv_options.ts';
import { freshId, insertIntoArray, oneLine } from '../../../lib/jsonEdit.ts';

export type CasesLayout = 'json' | 'jsonl' | 'csv';

/** The layout the engine will read (labs/evaluators/schema.ts casesLayout: the first non-blank character). */
export function casesLayout(text: string): CasesLayout {
  const m = /\S/.exec(text);
  if (m === null) return 'json';
  return text[m.index] === '[' ? 'json' : text[m.index] === '{' ? 'jsonl' : 'csv';
}

export interface HumanCase {
  case_id: string;
  task: string | null;
  input: string | null;
  /** label -> 0 | 1 (or null when the cell is not 0/1) */
  labels: Map<string, number | null>;
}

export interface JudgeRun {
  parse_ok: boolean | null;
  scores: Map<string, number | null>;
}

export interface JudgeOutputs {
  evaluator_id: string;
  runs: Map<string, JudgeRun>;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const label01 = (v: unknown): number | null => (v === 0 || v === 1 ? v : v === '0' ? 0 : v === '1' ? 1 : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function caseFromObject(o: unknown): HumanCase | null {
  if (!isObj(o) || typeof o.case_id !== 'string') return null;
  const labels = new Map<string, number | null>();
  if (isObj(o.human)) for (const k of Object.keys(o.human)) labels.set(k, label01(o.human[k]));
  return { case_id: o.case_id, task: str(o.task), input: str(o.input), labels };
}

// ---------------------------------------------------------------------------------------------
// CSV: Papa Parse with the engine's own settings (labs/evaluators/schema.ts readCasesCsv)

interface CsvRow {
  cells: string[];
  /** Offsets of the row in the text: [start, end) without its line break. */
  start: number;
  end: number;
}

/** The records of a CSV text as the engine reads them, with each row's span; blank rows left out. */
function csvRecords(text: string): { delimiter: string; linebreak: string; rows: CsvRow[] } {
  const rows: CsvRow[] = [];
  let start = 0;
  let delimiter = ',';
  let linebreak = '\n';
  Papa.parse<string[]>(text, {
    ...CASES_CSV_OPTIONS,
    step: (r) => {
      delimiter = r.meta.delimiter;
      linebreak = r.meta.linebreak;
      const cursor = r.meta.cursor;
      const end = text.startsWith(linebreak, cursor - linebreak.length) ? cursor - linebreak.length : cursor;
      if (!(r.data.length === 1 && r.data[0].trim() === '')) rows.push({ cells: r.data, start, end });
      start = cursor;
    },
  });
  return { delimiter, linebreak, rows };
}

function readCsv(text: string): HumanCase[] | null {
  const { rows } = csvRecords(text);
  if (rows.length < 2) return null;
  const header = rows[0].cells.map((c) => c.trim());
  const idCol = header.indexOf('case_id');
  if (idCol < 0) return null;
  const taskCol = header.indexOf('task');
  const inputCol = header.indexOf('input');
  return rows.slice(1).map(({ cells: r }) => {
    const labels = new Map<string, number | null>();
    header.forEach((h, k) => {
      if (k !== idCol && k !== taskCol && k !== inputCol && h) labels.set(h, label01(r[k]?.trim()));
    });
    return { case_id: r[idCol]?.trim() ?? '', task: taskCol >= 0 ? (r[taskCol] ?? null) : null, input: inputCol >= 0 ? (r[inputCol] ?? null) : null, labels };
  });
}

/** Lines of a text with their start offsets (any line ending). */
function lines(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  const re = /[^\r\n]*(\r\n|\r|\n|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '') break;
    out.push({ start: m.index, text: m[0].replace(/[\r\n]+$/, '') });
  }
  return out;
}

/**
 * The human labels of the cases text, in any of the engine's layouts (JSON array, JSONL, CSV);
 * null when it cannot be read.
 */
export function readCases(text: string): { layout: CasesLayout; cases: HumanCase[] } | null {
  const layout = casesLayout(text);
  if (layout === 'csv') {
    const cases = readCsv(text);
    return cases ? { layout, cases } : null;
  }
  if (layout === 'jsonl') {
    const cases: HumanCase[] = [];
    for (const l of lines(text)) {
      if (l.text.trim() === '') continue;
      const errors: ParseError[] = [];
      const c = caseFromObject(parse(l.text, errors));
      if (!c || errors.length) return null;
      cases.push(c);
    }
    return { layout, cases };
  }
  const errors: ParseError[] = [];
  const v: unknown = parse(text, errors);
  if (errors.length || !Array.isArray(v)) return null;
  const cases = v.map(caseFromObject);
  return cases.every((c) => c !== null) ? { layout, cases: cases as HumanCase[] } : null;
}

/** Every evaluator's runs in the outputs text (the kit's JSON array); null when it cannot be read. */
export function readOutputs(text: string): JudgeOutputs[] | null {
  const errors: ParseError[] = [];
  const v: unknown = parse(text, errors);
  if (errors.length || !Array.isArray(v)) return null;
  const out: JudgeOutputs[] = [];
  for (const e of v) {
    if (!isObj(e) || typeof e.evaluator_id !== 'string' || !Array.isArray(e.runs)) return null;
    const runs = new Map<string, JudgeRun>();
    for (const r of e.runs) {
      if (!isObj(r) || typeof r.case_id !== 'string') continue;
      const scores = new Map<string, number | null>();
      if (isObj(r.scores)) for (const k of Object.keys(r.scores)) scores.set(k, label01(r.scores[k]));
      runs.set(r.case_id, { parse_ok: typeof r.parse_ok === 'boolean' ? r.parse_ok : null, scores });
    }
    out.push({ evaluator_id: e.evaluator_id, runs });
  }
  return out;
}

const flip = (v: number | null | undefined): number => (v === 1 ? 0 : 1);

/**
 * The cases text with the human label `label` of case `caseId` flipped (0 <-> 1; a label that is
 * absent or not 0/1 becomes 1), in the text's own layout; null when the case is not found or the
 * text cannot be read.
 */
export function flipHumanLabel(text: string, caseId: string, label: string): string | null {
  const layout = casesLayout(text);
  if (layout === 'csv') {
    const { delimiter, linebreak, rows } = csvRecords(text);
    if (rows.length < 2) return null;
    const header = rows[0].cells.map((c) => c.trim());
    const idCol = header.indexOf('case_id');
    const col = header.indexOf(label);
    if (idCol < 0 || col < 0) return null;
    const row = rows.slice(1).find((r) => r.cells[idCol]?.trim() === caseId);
    const cell = row?.cells[col];
    if (!row || cell === undefined) return null;
    const next = String(flip(label01(cell.trim())));
    const cells = [...row.cells];
    cells[col] = next;
    // the row is written back by Papa Parse (quotes only where a cell needs them); the rest of the text is kept
    return text.slice(0, row.start) + Papa.unparse([cells], { delimiter, newline: linebreak }) + text.slice(row.end);
  }
  if (layout === 'jsonl') {
    for (const l of lines(text)) {
      if (l.text.trim() === '') continue;
      const o: unknown = parse(l.text);
      if (!isObj(o) || o.case_id !== caseId) continue;
      const cur = isObj(o.human) ? label01(o.human[label]) : null;
      const edited = applyEdits(l.text, modify(l.text, ['human', label], flip(cur), {}));
      return text.slice(0, l.start) + edited + text.slice(l.start + l.text.length);
    }
    return null;
  }
  const v: unknown = parse(text);
  if (!Array.isArray(v)) return null;
  const i = v.findIndex((c) => isObj(c) && c.case_id === caseId);
  if (i < 0) return null;
  const c = v[i] as Record<string, unknown>;
  const cur = isObj(c.human) ? label01(c.human[label]) : null;
  return applyEdits(text, modify(text, [i, 'human', label], flip(cur), {}));
}

function runIndex(v: unknown, evaluatorId: string, caseId: string): { e: number; r: number; run: Record<string, unknown> } | null {
  if (!Array.isArray(v)) return null;
  const e = v.findIndex((x) => isObj(x) && x.evaluator_id === evaluatorId);
  if (e < 0) return null;
  const runs = (v[e] as Record<string, unknown>).runs;
  if (!Array.isArray(runs)) return null;
  const r = runs.findIndex((x) => isObj(x) && x.case_id === caseId);
  return r < 0 ? null : { e, r, run: runs[r] as Record<string, unknown> };
}

/** The outputs text with the judge's score `label` on case `caseId` flipped; null when not found. */
export function flipJudgeScore(text: string, evaluatorId: string, caseId: string, label: string): string | null {
  const at = runIndex(parse(text), evaluatorId, caseId);
  if (!at) return null;
  const cur = isObj(at.run.scores) ? label01(at.run.scores[label]) : null;
  return applyEdits(text, modify(text, [at.e, 'runs', at.r, 'scores', label], flip(cur), {}));
}

/** The outputs text with the run's parse_ok negated (a missing parse_ok counts as true); null when not found. */
export function toggleParseOk(text: string, evaluatorId: string, caseId: string): string | null {
  const at = runIndex(parse(text), evaluatorId, caseId);
  if (!at) return null;
  return applyEdits(text, modify(text, [at.e, 'runs', at.r, 'parse_ok'], at.run.parse_ok === false, {}));
}

/**
 * The outputs text with one more evaluator at the end: a copy of `fromId`'s prices and runs under a
 * new id (`<fromId>_copy`, made unique), for the learner to edit. Runs are written one per line, as
 * in the kit's file. Null when the text cannot be read or `fromId` is not there.
 */
export function addEvaluatorCopy(text: string, fromId: string): { text: string; id: string } | null {
  const v: unknown = parse(text);
  if (!Array.isArray(v)) return null;
  const src = v.find((x) => isObj(x) && x.evaluator_id === fromId) as Record<string, unknown> | undefined;
  if (!src || !Array.isArray(src.runs)) return null;
  const id = freshId(`${fromId}_copy`, v.filter(isObj).map((x) => String(x.evaluator_id)));
  const runs = src.runs as unknown[];
  const out = insertIntoArray(text, [], null, (ind, nl) => {
    const i1 = `${ind}  `;
    const i2 = `${ind}    `;
    return [
      '{',
      `${i1}"evaluator_id": ${JSON.stringify(id)},`,
      `${i1}"input_price_per_1k": ${JSON.stringify(src.input_price_per_1k ?? 0)},`,
      `${i1}"output_price_per_1k": ${JSON.stringify(src.output_price_per_1k ?? 0)},`,
      `${i1}"runs": [`,
      runs.map((r) => `${i2}${oneLine(r)}`).join(`,${nl}`),
      `${i1}]`,
      `${ind}}`,
    ].join(nl);
  });
  return out === null ? null : { text: out, id };
}
