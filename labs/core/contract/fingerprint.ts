/**
 * The fingerprint of what an exercise keeps fixed: every input of the lab, read as data (JSON,
 * JSONL rows, CSV rows, lines of text), with the parts the exercise opens to the learner masked out,
 * in canonical JSON (canonical.ts) and hashed with SHA-256 (hash.ts). Two states with the same
 * fingerprint have the same untouched inputs, whatever their whitespace, key order or line endings;
 * any other change (an edited value, a deleted variant, a case added or renamed) changes it.
 *
 * Selectors (what `open[].paths` holds) are read on the parsed input:
 *   variant_gate                          a key of a JSON object
 *   normalization.steps                   nested keys
 *   [case_id=x,version=candidate].output  in a list: every element whose fields match, then a key
 *   [*].output                            every element of a list
 * A selector that matches nothing masks nothing (so deleting the element it names is a change).
 */
import Papa from 'papaparse';
import { canonicalJson } from './canonical.ts';
import { sha256Hex } from './hash.ts';
import { ID_FIELDS } from './goals.ts';
import type { Lang } from './types.ts';

export type InputFormat = 'json' | 'jsonl' | 'csv' | 'text';

/** What stands in for an open part of an input. */
const OPEN = '\u0000open';

type Step = { key: string } | { all: true } | { match: [string, string][] };

/** Splits a selector into steps; null when it is malformed (an unclosed bracket, an empty key, a condition without '='). */
export function parseSelector(sel: string): Step[] | null {
  const steps: Step[] = [];
  let i = 0;
  while (i < sel.length) {
    if (sel[i] === '.') { i++; continue; }
    if (sel[i] === '[') {
      const close = sel.indexOf(']', i);
      if (close < 0) return null;
      const inner = sel.slice(i + 1, close);
      if (inner === '*') steps.push({ all: true });
      else {
        const conds: [string, string][] = [];
        for (const part of inner.split(',')) {
          const eq = part.indexOf('=');
          if (eq <= 0) return null;
          conds.push([part.slice(0, eq), part.slice(eq + 1)]);
        }
        steps.push({ match: conds });
      }
      i = close + 1;
      continue;
    }
    let j = i;
    while (j < sel.length && sel[j] !== '.' && sel[j] !== '[') j++;
    const key = sel.slice(i, j);
    if (!key) return null;
    steps.push({ key });
    i = j;
  }
  return steps.length ? steps : null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A copy of `value` with every part `steps` selects replaced by the OPEN marker. */
function mask(value: unknown, steps: Step[]): unknown {
  if (steps.length === 0) return OPEN;
  const [step, ...rest] = steps;
  if ('key' in step) {
    if (!isRecord(value)) return value;
    // An open key may be added or removed: absent and present read the same.
    if (!Object.prototype.hasOwnProperty.call(value, step.key)) return rest.length === 0 ? { ...value, [step.key]: OPEN } : value;
    return { ...value, [step.key]: mask(value[step.key], rest) };
  }
  if (!Array.isArray(value)) return value;
  return value.map((el) => {
    const hit = 'all' in step || (isRecord(el) && step.match.every(([f, v]) => Object.prototype.hasOwnProperty.call(el, f) && String(el[f]) === v));
    return hit ? mask(el, rest) : el;
  });
}

/**
 * Reads an input's text as data, never throwing: JSON (a text that does not parse is kept as its
 * trimmed text, so it still has a fingerprint), JSONL (one value per non-empty line; a bad line
 * kept as text), CSV with a header (rows as objects; Papa Parse), text (non-empty lines, trimmed,
 * with runs of whitespace made one space). A missing or empty input reads as null.
 */
export function readInputData(text: string | undefined, format: InputFormat): unknown {
  if (text === undefined) return null;
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return null;
  const tryJson = (s: string): unknown => {
    try {
      return JSON.parse(s);
    } catch {
      return s.trim();
    }
  };
  switch (format) {
    case 'json':
      return tryJson(body);
    case 'jsonl':
      return body.split(/\r?\n/).filter((l) => l.trim() !== '').map(tryJson);
    case 'csv': {
      const r = Papa.parse<Record<string, string>>(body.trim(), { header: true, skipEmptyLines: true });
      return r.data;
    }
    case 'text':
      return body.split(/\r?\n/).map((l) => l.trim().replace(/\s+/g, ' ')).filter((l) => l !== '');
  }
}

/** Canonical JSON that never throws (a non-finite number cannot come from JSON.parse; anything else odd becomes its string). */
function canon(v: unknown): string {
  try {
    return canonicalJson(v);
  } catch {
    return JSON.stringify(String(v));
  }
}

export interface InputSpecLike {
  name: string;
  format: InputFormat;
  /** What a page calls it, per language (labs/<lab>/meta.ts); messages fall back to `name`. */
  label?: Record<Lang, string>;
}

export interface OpenLike {
  input: string;
  paths?: string[];
  append?: boolean;
}

/** The kept-fixed data of one input: its parsed value with the open parts masked, or 'open' when the whole input is open. */
export function fixedPart(text: string | undefined, spec: InputSpecLike, open: readonly OpenLike[]): unknown {
  const mine = open.filter((o) => o.input === spec.name);
  if (mine.some((o) => (!o.paths || o.paths.length === 0) && !o.append)) return OPEN;
  let data = readInputData(text, spec.format);
  for (const o of mine) for (const p of o.paths ?? []) {
    const steps = parseSelector(p);
    if (steps) data = mask(data, steps);
  }
  return data;
}

/**
 * The fingerprints of what is kept fixed, input by input: name -> SHA-256 (hex) of the canonical
 * kept-fixed data. Inputs opened whole are left out.
 */
export async function fingerprints(texts: Record<string, string>, inputs: readonly InputSpecLike[], open: readonly OpenLike[], start: Record<string, string>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const spec of inputs) {
    let part = fixedPart(texts[spec.name], spec, open);
    if (part === OPEN) continue;
    if (appendOnly(spec, open)) part = keptElements(fixedPart(start[spec.name], spec, open), part);
    out[spec.name] = await sha256Hex(canon(part));
  }
  return out;
}

function appendOnly(spec: InputSpecLike, open: readonly OpenLike[]): boolean {
  return open.some((o) => o.input === spec.name && o.append === true);
}

/**
 * For an input open to additions: the elements of `now` whose id the start list has, as id ->
 * element sorted by id (so neither new elements nor the order count); `now` unchanged when either
 * is not a list of records with ids.
 */
function keptElements(start: unknown, now: unknown): unknown {
  if (!Array.isArray(start) || !Array.isArray(now)) return now;
  const ks = elementKeys(start);
  const kn = elementKeys(now);
  if (!ks || !kn) return now;
  const wanted = new Set(ks);
  return kn.map((k, i) => [k, now[i]] as const).filter(([k]) => wanted.has(k)).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** One input that differs from the start: which elements changed, were removed or added (by id, at most a few of each), or which keys. */
export interface FixedChange {
  input: string;
  changed: string[];
  removed: string[];
  added: string[];
  /** True when the change cannot be named element by element (the input as a whole differs). */
  whole: boolean;
}

const KEY_FIELDS = [...ID_FIELDS, 'item_id', 'query_id', 'version', 'run', 'split', 'step_id'] as const;

/** A name for each element of a list of records: its id field, or the id-like fields it has joined with '/'; null when none is unique. */
function elementKeys(list: unknown[]): string[] | null {
  if (!list.every(isRecord)) return null;
  const recs = list as Record<string, unknown>[];
  const keyOf = (r: Record<string, unknown>) => KEY_FIELDS.filter((f) => typeof r[f] === 'string' || typeof r[f] === 'number').map((f) => String(r[f])).join('/');
  const keys = recs.map(keyOf);
  return keys.every((k) => k !== '') && new Set(keys).size === keys.length ? keys : null;
}

/** At most this many names of each kind in a change. */
const NAMED = 4;

function diff(input: string, a: unknown, b: unknown): FixedChange | null {
  if (canon(a) === canon(b)) return null;
  const change: FixedChange = { input, changed: [], removed: [], added: [], whole: false };
  let as: Map<string, string> | null = null;
  let bs: Map<string, string> | null = null;
  if (Array.isArray(a) && Array.isArray(b)) {
    const ka = elementKeys(a);
    const kb = elementKeys(b);
    if (ka && kb) {
      as = new Map(ka.map((k, i) => [k, canon(a[i])]));
      bs = new Map(kb.map((k, i) => [k, canon(b[i])]));
    }
  } else if (isRecord(a) && isRecord(b)) {
    as = new Map(Object.keys(a).map((k) => [k, canon(a[k])]));
    bs = new Map(Object.keys(b).map((k) => [k, canon(b[k])]));
  }
  if (!as || !bs) {
    change.whole = true;
    return change;
  }
  for (const [k, v] of as) {
    if (!bs.has(k)) change.removed.push(k);
    else if (bs.get(k) !== v) change.changed.push(k);
  }
  for (const k of bs.keys()) if (!as.has(k)) change.added.push(k);
  // Same elements, same contents, another order: the list as a whole changed.
  if (change.changed.length + change.removed.length + change.added.length === 0) change.whole = true;
  change.changed = change.changed.slice(0, NAMED);
  change.removed = change.removed.slice(0, NAMED);
  change.added = change.added.slice(0, NAMED);
  return change;
}

/**
 * What the learner changed that the exercise keeps fixed: one entry per input whose kept-fixed
 * data differs between `start` and `now` (empty when nothing kept fixed changed). Never throws.
 */
export function fixedChanges(start: Record<string, string>, now: Record<string, string>, inputs: readonly InputSpecLike[], open: readonly OpenLike[]): FixedChange[] {
  const out: FixedChange[] = [];
  for (const spec of inputs) {
    const a = fixedPart(start[spec.name], spec, open);
    if (a === OPEN) continue;
    const b = fixedPart(now[spec.name], spec, open);
    if (appendOnly(spec, open) && Array.isArray(a) && Array.isArray(b) && elementKeys(a) && elementKeys(b)) {
      // New elements are welcome; only those of the start are kept fixed (in any order).
      const d = diff(spec.name, a, b);
      if (d && d.changed.length + d.removed.length > 0) out.push({ ...d, added: [], whole: false });
      continue;
    }
    const d = diff(spec.name, a, b);
    if (d) out.push(d);
  }
  return out;
}

/** Whether every selector of `open` is well formed (for the exercise schema's users: content tests, the builder). */
export function openIsWellFormed(open: readonly OpenLike[]): boolean {
  return open.every((o) => (o.paths ?? []).every((p) => parseSelector(p) !== null));
}
