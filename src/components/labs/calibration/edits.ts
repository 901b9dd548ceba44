/**
 * The calibration lab's case table, read from and written to the cases text: each case's id, split,
 * score (raw_score in the binary format; the probability given to the true class in the K-class
 * format) and true label, and the one-click edit that changes a label in place: 0 <-> 1 in the
 * binary format, the next class (in the file's class order, wrapping) in the K-class format.
 *
 * CSV goes through Papa Parse row by row (its cursor gives each row's offsets) and only the label
 * cell of the one row is rewritten, keeping its quotes; JSONL edits the one line (jsonc-parser's
 * `modify`). Everything else in the learner's text stays as typed. Reading never throws: a text it
 * cannot read gives null and the table says so (the editor's issues explain why). Nothing here
 * computes a metric; the engine validates whatever comes out.
 */
import Papa from 'papaparse';
import { parse, type ParseError } from 'jsonc-parser';
import { findJsonlRecord, setJsonlField } from '../../../lib/jsonlEdit.ts';

export interface CalCase {
  case_id: string;
  split: string;
  /** The label as written (binary: "0" / "1"; K-class: a class name). */
  label: string;
  /** raw_score (binary), or the probability of the true class (K-class); null when not a number. */
  score: number | null;
}

export interface CalCases {
  layout: 'csv' | 'jsonl';
  /** The K-class classes in file order; null in the binary format. */
  classes: string[] | null;
  rows: CalCase[];
}

const PROB_PREFIX = 'p_';
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => {
  const x = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(x) ? x : null;
};
const labelText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? String(v) : '');

function isJsonl(text: string): boolean {
  const m = /\S/.exec(text);
  return m !== null && text[m.index] === '{';
}

/** Streams the CSV rows with their [start, end) offsets; `visit` returns true to stop. */
function csvRows(text: string, visit: (cells: string[], start: number, end: number) => boolean | void): string {
  let prev = 0;
  let delimiter = ',';
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    step: (r, parser) => {
      delimiter = r.meta.delimiter || delimiter;
      const end = r.meta.cursor;
      const stop = visit(r.data, prev, end);
      prev = end;
      if (stop) parser.abort();
    },
  });
  return delimiter;
}

/** The cases of a calibration cases text (CSV or JSONL, binary or K-class); null when unreadable. */
export function readCalCases(text: string): CalCases | null {
  if (text.trim() === '') return null;
  if (isJsonl(text)) {
    const rows: CalCase[] = [];
    let classes: string[] | null = null;
    let first = true;
    for (const line of text.split(/\r\n|\r|\n/)) {
      if (line.trim() === '') continue;
      const errors: ParseError[] = [];
      const o: unknown = parse(line, errors);
      if (errors.length || !isObj(o) || typeof o.case_id !== 'string') return null;
      if (first) {
        classes = isObj(o.probs) ? Object.keys(o.probs) : null;
        first = false;
      }
      const label = labelText(o.label);
      const score = classes ? (isObj(o.probs) ? num(o.probs[label]) : null) : num(o.raw_score);
      rows.push({ case_id: o.case_id, split: labelText(o.split), label, score });
    }
    return { layout: 'jsonl', classes, rows };
  }
  let header: string[] | null = null;
  let col = { id: -1, split: -1, label: -1, score: -1 };
  let classes: string[] | null = null;
  const probCol = new Map<string, number>();
  const rows: CalCase[] = [];
  let bad = false;
  csvRows(text, (cells) => {
    if (cells.length === 1 && cells[0].trim() === '') return;
    if (!header) {
      header = cells.map((c) => c.trim());
      col = { id: header.indexOf('case_id'), split: header.indexOf('split'), label: header.indexOf('label'), score: header.indexOf('raw_score') };
      if (col.id < 0 || col.label < 0) {
        bad = true;
        return true;
      }
      if (col.score < 0) {
        classes = [];
        header.forEach((h, i) => {
          if (h.startsWith(PROB_PREFIX) && h.length > PROB_PREFIX.length) {
            classes!.push(h.slice(PROB_PREFIX.length));
            probCol.set(h.slice(PROB_PREFIX.length), i);
          }
        });
        if (classes.length === 0) {
          bad = true;
          return true;
        }
      }
      return;
    }
    const label = (cells[col.label] ?? '').trim();
    const at = classes ? probCol.get(label) : col.score;
    rows.push({ case_id: (cells[col.id] ?? '').trim(), split: (cells[col.split] ?? '').trim(), label, score: at === undefined ? null : num(cells[at]) });
  });
  if (bad || !header) return null;
  return { layout: 'csv', classes, rows };
}

/** The label a click gives: 0 <-> 1 (anything but "1" becomes "1"), or the class after `label` in `classes`. */
export function nextLabel(label: string, classes: readonly string[] | null): string {
  if (!classes) return label.trim() === '1' ? '0' : '1';
  const i = classes.indexOf(label);
  return classes[(i + 1) % classes.length];
}

/** Offsets of the cells of one CSV record (quotes and "" escapes; the record has no line break outside quotes). */
function cellSpans(row: string, delimiter: string): { start: number; end: number; quoted: boolean }[] {
  const out: { start: number; end: number; quoted: boolean }[] = [];
  let i = 0;
  const n = row.length;
  for (;;) {
    const start = i;
    let quoted = false;
    if (row[i] === '"') {
      quoted = true;
      i++;
      while (i < n) {
        if (row[i] === '"') {
          if (row[i + 1] === '"') {
            i += 2;
            continue;
          }
          i++;
          break;
        }
        i++;
      }
    }
    while (i < n && row.slice(i, i + delimiter.length) !== delimiter) i++;
    out.push({ start, end: i, quoted });
    if (i >= n) return out;
    i += delimiter.length;
  }
}

/**
 * The cases text with the label of `caseId` set to `label` (CSV: the one cell, quoted when it was;
 * JSONL: the one field, a number when the old label was a number and the new one is numeric).
 * Null when no case has that id or the text cannot be read.
 */
export function setCalLabel(text: string, caseId: string, label: string): string | null {
  if (isJsonl(text)) {
    const rec = findJsonlRecord(text, 'case_id', caseId);
    if (!rec) return null;
    const value = typeof rec.value.label === 'number' && /^-?\d+$/.test(label) ? Number(label) : label;
    return setJsonlField(text, 'case_id', caseId, ['label'], value);
  }
  let labelCol = -1;
  let idCol = -1;
  let header = true;
  let span: { start: number; end: number } | null = null;
  const delimiter = csvRows(text, (cells, start, end) => {
    if (cells.length === 1 && cells[0].trim() === '') return;
    if (header) {
      header = false;
      const h = cells.map((c) => c.trim());
      labelCol = h.indexOf('label');
      idCol = h.indexOf('case_id');
      return labelCol < 0 || idCol < 0;
    }
    if ((cells[idCol] ?? '').trim() === caseId) {
      span = { start, end };
      return true;
    }
  });
  if (!span) return null;
  const { start, end } = span as { start: number; end: number };
  let rowText = text.slice(start, end);
  const lb = /(\r\n|\r|\n)$/.exec(rowText);
  if (lb) rowText = rowText.slice(0, -lb[0].length);
  const cell = cellSpans(rowText, delimiter)[labelCol];
  if (!cell) return null;
  const old = rowText.slice(cell.start, cell.end);
  const written = cell.quoted ? `"${label.replace(/"/g, '""')}"` : /^\s*\S+\s*$/.test(old) ? old.replace(/\S+/, label) : label;
  const needsQuotes = !cell.quoted && (label.includes(delimiter) || label.includes('"'));
  const value = needsQuotes ? `"${label.replace(/"/g, '""')}"` : written;
  return text.slice(0, start + cell.start) + value + text.slice(start + cell.end);
}
