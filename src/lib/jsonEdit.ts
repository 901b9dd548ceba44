/**
 * Small text edits on JSON that keep the learner's formatting (used by the lab islands' controls):
 * insert an element into an array on its own line with its neighbours' indentation, write a flat
 * object on one line in the presets' style, and make an id unique. jsonc-parser locates the nodes;
 * nothing here re-serializes the whole text.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `{"a": 1, "b": "x"}`: a flat JSON object on one line, in the presets' style. */
export function oneLine(v: unknown): string {
  if (isObj(v)) return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}: ${oneLine(v[k])}`).join(', ')}}`;
  if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
  return JSON.stringify(v) ?? 'null';
}

/** Indentation (spaces or tabs) of the line holding `offset`, when only blanks precede it there. */
function indentAt(text: string, offset: number): string | null {
  let s = offset;
  while (s > 0 && text[s - 1] !== '\n' && text[s - 1] !== '\r') s--;
  const before = text.slice(s, offset);
  return /^[ \t]*$/.test(before) ? before : null;
}

/**
 * Inserts `element` (written by `write(indent)`) into the JSON array at `path`, before index `at`
 * (or at the end), on its own line with the indentation of its neighbours when they sit on their
 * own lines, inline otherwise. Returns null when `path` is not an array or `at` is out of range.
 */
export function insertIntoArray(text: string, path: (string | number)[], at: number | null, write: (indent: string, nl: string) => string): string | null {
  const tree = parseTree(text);
  if (!tree) return null;
  const arr: Node | undefined = path.length ? findNodeAtLocation(tree, path) : tree;
  if (!arr || arr.type !== 'array') return null;
  const items = arr.children ?? [];
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  if (at !== null && (at < 0 || at > items.length)) return null;
  if (at !== null && at < items.length) {
    const next = items[at];
    const indent = indentAt(text, next.offset);
    const piece = indent !== null ? `${write(indent, nl)},${nl}${indent}` : `${write('', nl)}, `;
    return text.slice(0, next.offset) + piece + text.slice(next.offset);
  }
  if (items.length === 0) {
    const open = arr.offset + 1;
    return `${text.slice(0, open)}${write('', nl)}${text.slice(open)}`;
  }
  const last = items[items.length - 1];
  const end = last.offset + last.length;
  const indent = indentAt(text, last.offset);
  const piece = indent !== null ? `,${nl}${indent}${write(indent, nl)}` : `, ${write('', nl)}`;
  return text.slice(0, end) + piece + text.slice(end);
}

/** An id not in `taken`: `base`, else `base_2`, `base_3`... */
export function freshId(base: string, taken: Iterable<string>): string {
  const set = new Set(taken);
  if (!set.has(base)) return base;
  for (let k = 2; ; k++) if (!set.has(`${base}_${k}`)) return `${base}_${k}`;
}

