/**
 * One-line edits of a JSONL text for the lab islands' case tables: find the record whose `key`
 * field equals an id (a string from data) and change one field of it with jsonc-parser's `modify`,
 * on that line only, so every other character of the learner's text (other lines, spacing, key
 * order, line endings) stays as typed. Linear in the text's length; nothing is re-serialized but the
 * edited value.
 */
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A line of a JSONL text: its start offset, its text (without the line break) and its object. */
export interface JsonlRecord {
  start: number;
  text: string;
  value: Record<string, unknown>;
}

/**
 * The first line whose JSON object has `obj[key] === id`, or null (no such line; lines that are not
 * JSON objects are skipped). Lines end at \n, \r\n or \r.
 */
export function findJsonlRecord(text: string, key: string, id: string): JsonlRecord | null {
  // A cheap filter before parsing: the id as typed appears on its line (unless escapes spell it).
  const plain = JSON.stringify(id).slice(1, -1) === id ? id : null;
  let start = 0;
  const n = text.length;
  while (start <= n) {
    let end = start;
    while (end < n && text[end] !== '\n' && text[end] !== '\r') end++;
    const line = text.slice(start, end);
    if (line.trim() !== '' && (plain === null || line.includes(plain) || line.includes('\\'))) {
      const errors: ParseError[] = [];
      const v: unknown = parse(line, errors);
      if (errors.length === 0 && isObj(v) && v[key] === id) return { start, text: line, value: v };
    }
    if (end >= n) break;
    start = text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
  }
  return null;
}

/**
 * The text with field `path` of the record whose `key` is `id` set to `value` (removed when value
 * is undefined), on that line only; null when there is no such record.
 */
export function setJsonlField(text: string, key: string, id: string, path: (string | number)[], value: unknown): string | null {
  const rec = findJsonlRecord(text, key, id);
  if (!rec) return null;
  const edited = applyEdits(rec.text, modify(rec.text, path, value, {}));
  return text.slice(0, rec.start) + edited + text.slice(rec.start + rec.text.length);
}
