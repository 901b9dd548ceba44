/**
 * The rubric lab's one-click edit: set the answer an exam item's output gives (the field a
 * "contains" axis reads, e.g. `answer`) inside the first JSON object of the item's raw `output`
 * text, on the item's line of the items text (JSONL). The object is edited with jsonc-parser's
 * `modify`, so the rest of the output (a prefix such as "Answer: ", the other fields, their order)
 * and every other line stay as typed. Nothing here computes a score; the engine reads the result
 * like any other input.
 */
import { applyEdits, modify, parse, parseTree, type ParseError } from 'jsonc-parser';
import { findJsonlRecord, setJsonlField } from '../../../lib/jsonlEdit.ts';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first "contains" axis of a rubric text: its name, the output field it reads and the item key of its expected terms; null when none. */
export function answerAxis(rubricText: string): { name: string; field: string; expected: string } | null {
  const errors: ParseError[] = [];
  const v: unknown = parse(rubricText, errors);
  if (!isObj(v) || !Array.isArray(v.axes)) return null;
  for (const a of v.axes) {
    if (isObj(a) && a.check === 'contains' && typeof a.name === 'string' && typeof a.field === 'string') {
      return { name: a.name, field: a.field, expected: typeof a.expected === 'string' ? a.expected : 'expected_contains' };
    }
  }
  return null;
}

/** The [start, end) of the first JSON object in `output` (the engine's "first_json_object"), or null. */
function firstObject(output: string): { start: number; end: number } | null {
  for (let i = output.indexOf('{'); i >= 0; i = output.indexOf('{', i + 1)) {
    const errors: ParseError[] = [];
    const root = parseTree(output.slice(i), errors);
    if (root && root.type === 'object' && !errors.some((e) => e.offset < root.length)) return { start: i, end: i + root.length };
  }
  return null;
}

/** The answer (field `field` of the output's first JSON object) of item `itemId`; null when absent or not text. */
export function readAnswer(itemsText: string, itemId: string, field: string): string | null {
  const rec = findJsonlRecord(itemsText, 'item', itemId);
  if (!rec || typeof rec.value.output !== 'string') return null;
  const at = firstObject(rec.value.output);
  if (!at) return null;
  const o: unknown = parse(rec.value.output.slice(at.start, at.end));
  return isObj(o) && typeof o[field] === 'string' ? o[field] : null;
}

/**
 * The items text with field `field` of item `itemId`'s output object set to `answer`; null when the
 * item is not there or its output holds no JSON object.
 */
export function setAnswer(itemsText: string, itemId: string, field: string, answer: string): string | null {
  const rec = findJsonlRecord(itemsText, 'item', itemId);
  if (!rec || typeof rec.value.output !== 'string') return null;
  const out = rec.value.output;
  const at = firstObject(out);
  if (!at) return null;
  const obj = out.slice(at.start, at.end);
  const edited = applyEdits(obj, modify(obj, [field], answer, {}));
  return setJsonlField(itemsText, 'item', itemId, ['output'], out.slice(0, at.start) + edited + out.slice(at.end));
}
