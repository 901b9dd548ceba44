/**
 * Reading untrusted text (editor content, a dropped file, a share link, a CLI argument) into values
 * checked by a zod schema. One mechanism for every lab and every entry point: errors come back as
 * InputIssue objects naming the input, the 1-based line and the field, with the message in the
 * requested language (zod's own es/en locales for schema problems, core/contract/i18n for syntax problems).
 * Nothing here throws on bad input.
 */
import type { z } from 'zod';
import { parseTree, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import zodEs from 'zod/v4/locales/es.js';
import zodEn from 'zod/v4/locales/en.js';
import type { InputIssue, Lang, ParseOutcome } from './types.ts';
import { coreMsg as msg, type CoreMessages } from './i18n/index.ts';

type FieldMessages = CoreMessages['fields'];

const zodLocales = { es: zodEs().localeError, en: zodEn().localeError };
type ZodIssueLike = Parameters<(typeof zodLocales)['es']>[0];

const errorMaps = {
  es: withOwnMessages('es'),
  en: withOwnMessages('en'),
};

/**
 * The largest magnitude accepted for any number in any input. Beyond it, sums over a million cases
 * (costs, weights) lose every digit that matters or overflow to Infinity; no evaluation quantity is
 * that large. Checked for every number of every JSON/JSONL input before the lab's own schema.
 */
export const MAX_ABS_NUMBER = 1e15;

/**
 * Paths (as key lists) of the numbers in a parsed JSON value whose magnitude exceeds MAX_ABS_NUMBER.
 * Iterative (an explicit stack, one visit per value), so a deeply nested value cannot overflow the
 * call stack; `limit` stops the walk once that many are found (the count of all of them is not
 * needed beyond it). Paths come out in document order.
 */
export function oversizedNumberPaths(value: unknown, limit = Infinity): (string | number)[][] {
  const out: (string | number)[][] = [];
  type Frame = { v: unknown; path: (string | number)[] | null; parent: Frame | null; key: string | number };
  // Paths are built only for hits, by walking the parent chain.
  const pathOf = (f: Frame): (string | number)[] => {
    const keys: (string | number)[] = [];
    for (let g: Frame | null = f; g && g.parent; g = g.parent) keys.push(g.key);
    return keys.reverse();
  };
  const stack: Frame[] = [{ v: value, path: null, parent: null, key: '' }];
  while (stack.length && out.length < limit) {
    const f = stack.pop()!;
    const v = f.v;
    if (typeof v === 'number') {
      if (!(Math.abs(v) <= MAX_ABS_NUMBER)) out.push(pathOf(f));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const x: unknown = v[i];
        if (x !== null && typeof x === 'object') stack.push({ v: x, path: null, parent: f, key: i });
        else if (typeof x === 'number' && !(Math.abs(x) <= MAX_ABS_NUMBER)) stack.push({ v: x, path: null, parent: f, key: i });
      }
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const x: unknown = (v as Record<string, unknown>)[keys[i]];
        if ((x !== null && typeof x === 'object') || (typeof x === 'number' && !(Math.abs(x) <= MAX_ABS_NUMBER))) stack.push({ v: x, path: null, parent: f, key: keys[i] });
      }
    }
  }
  return out;
}

/**
 * The deepest nesting of objects and arrays accepted in any JSON document or JSONL row. Parsers,
 * validators and the structured clone to and from the worker all recurse: a document nested
 * thousands of levels deep would overflow their stacks. No input of the course nests beyond a
 * dozen levels; 100 leaves room for JSON Schemas.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The first place where `text` (JSON) nests objects/arrays deeper than `max`: the character offset
 * of the bracket that goes one level too deep, or -1 when it never does. A linear scan that skips
 * strings (with their escapes); it does not check the syntax (the parser does that afterwards).
 */
export function depthExceededAt(text: string, max = MAX_JSON_DEPTH, from = 0, to = text.length): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return -1;
}

/** `text` without a leading byte-order mark (U+FEFF), which editors on Windows add to UTF-8 files. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The most problems listed for one input (the count of all of them goes in total_issues). */
export const MAX_ISSUES = 50;

/**
 * Several inputs' outcomes merged into one failure: their issues in order, at most `max` listed,
 * and total_issues the count of every problem (each outcome's own total_issues when it has one).
 * Returns null when every outcome is ok.
 */
export function mergeFailures(outcomes: readonly ParseOutcome<unknown>[], max = MAX_ISSUES): { ok: false; issues: InputIssue[]; total_issues: number } | null {
  const issues: InputIssue[] = [];
  let total = 0;
  for (const o of outcomes) {
    if (o.ok) continue;
    total += Math.max(o.total_issues ?? 0, o.issues.length);
    for (const iss of o.issues) if (issues.length < max) issues.push(iss);
  }
  return total > 0 || outcomes.some((o) => !o.ok) ? { ok: false, issues, total_issues: Math.max(total, issues.length) } : null;
}

/** A list of issues capped at `max`, with total_issues counting them all. */
export function cappedFailure(all: readonly InputIssue[], max = MAX_ISSUES): { ok: false; issues: InputIssue[]; total_issues: number } {
  return { ok: false, issues: all.slice(0, max), total_issues: all.length };
}

/**
 * zod's own es/en messages, except where they read badly for a learner: a number too large to be
 * finite (1e400 parses as Infinity, which zod reports as "expected number, received number").
 */
function withOwnMessages(lang: Lang) {
  return (issue: ZodIssueLike) => {
    const t = msg(lang).validation;
    if (issue.code === 'invalid_type' && typeof issue.input === 'number' && !Number.isFinite(issue.input)) {
      return t.too_large;
    }
    // a shared field's own message (labs/core/contract/fields.ts), in the page's language
    const key = issue.code === 'custom' ? (issue.params as { field_message?: keyof FieldMessages } | undefined)?.field_message : undefined;
    if (key && key in msg(lang).fields) return msg(lang).fields[key];
    const plain = plainTypeMessage(issue, lang);
    if (plain === undefined) return zodLocales[lang](issue);
    // a field described with a key of core i18n `fields` (schema.describe(key)) says what it means
    const described = (issue as { inst?: { description?: string } }).inst?.description;
    const meaning = described && described in msg(lang).fields ? msg(lang).fields[described as keyof FieldMessages] : undefined;
    return meaning ? `${plain} ${meaning}` : plain;
  };
}

/** How a found value reads in a message: its kind, and for a scalar the value itself (at most 30 characters). */
function describeFound(input: unknown, lang: Lang): string {
  const t = msg(lang).validation;
  const kind = input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
  const name = t.type_names[kind] ?? kind;
  if (input === null || typeof input === 'object' || input === undefined) return name;
  const shown = typeof input === 'string' ? input : (JSON.stringify(input) ?? String(input));
  return t.got_value(name, shown.length > 30 ? `${shown.slice(0, 29)}…` : shown);
}

/**
 * The common type slips in the learner's words ("expected a number; found a text ("0,5")", "this
 * required field is missing", "expected one of these values: 0, 1; found 2", "there is no field
 * "x" here" for a strict object, "expected a number greater than or equal to 0; found -1", "this
 * list cannot be empty"), or undefined where zod's own locale message is kept (formats, exact
 * lengths, ranges of dates and other kinds).
 */
function plainTypeMessage(issue: ZodIssueLike, lang: Lang): string | undefined {
  const t = msg(lang).validation;
  const typeName = (e: string) => t.type_names[e] ?? e;
  if (issue.code === 'invalid_type') {
    const expected = typeName(String(issue.expected));
    return issue.input === undefined ? t.missing_field(expected) : t.expected_type(expected, describeFound(issue.input, lang));
  }
  if (issue.code === 'invalid_value') {
    return t.expected_one_of(issue.values.map((v) => JSON.stringify(v) ?? String(v)).join(', '), describeFound(issue.input, lang));
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const small = issue.code === 'too_small';
    const bound = Number(small ? issue.minimum : issue.maximum);
    if (!Number.isFinite(bound)) return undefined;
    if (issue.origin === 'number' || issue.origin === 'int') {
      const rel = small ? (issue.inclusive ? 'gte' : 'gt') : issue.inclusive ? 'lte' : 'lt';
      return t.number_range(rel, new Intl.NumberFormat(lang, { maximumFractionDigits: 20, useGrouping: false }).format(bound), describeFound(issue.input, lang));
    }
    // an exact length (`.length(n)`) keeps zod's wording
    if ((issue as { exact?: boolean }).exact) return undefined;
    if (issue.origin === 'string') return small ? t.text_min(bound) : t.text_max(bound);
    if (issue.origin === 'array') return small ? t.list_min(bound) : t.list_max(bound);
    return undefined;
  }
  if (issue.code === 'unrecognized_keys') {
    return t.unknown_fields(issue.keys.map((k) => JSON.stringify(k)).join(', '), issue.keys.length);
  }
  if (issue.code === 'invalid_union') {
    // a union of literals or plain types (0 | 1, number | null): list what each branch takes
    const options: string[] = [];
    for (const branch of issue.errors) {
      if (branch.length !== 1 || branch[0].path.length) return undefined;
      const b = branch[0];
      if (b.code === 'invalid_value') options.push(...b.values.map((v) => JSON.stringify(v) ?? String(v)));
      else if (b.code === 'invalid_type') options.push(typeName(String(b.expected)));
      else return undefined;
    }
    if (!options.length) return undefined;
    return issue.input === undefined ? t.missing_field(options.join(', ')) : t.expected_one_of(options.join(', '), describeFound(issue.input, lang));
  }
  return undefined;
}

/** The zod error map for a language, to pass as `schema.safeParse(x, { error })`. */
export function zodErrorMap(lang: Lang) {
  return errorMaps[lang];
}

/** A JSON syntax error (jsonc-parser's code) in words. */
function jsonSyntaxMessage(code: string, lang: Lang): string {
  const t = msg(lang).validation;
  const known = (t.json_errors as Record<string, string>)[code];
  return known ?? t.json_syntax(code);
}

/** 1-based line and column (UTF-16 code units) of a character offset in `text`: a scan from the start, O(offset). */
export function lineColumnOfOffset(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

const CLOSER: Record<string, string> = { '{': '}', '[': ']' };
const OPENER: Record<string, string> = { '}': '{', ']': '[' };

/**
 * The real cause of the most common JSON slips, which a parser reports where it gets lost rather
 * than where the slip is (a deleted "{" reads as "a comma is missing" several lines later): one
 * linear scan of text[from, to) with a stack of open brackets, skipping strings, finds the first of
 * a closing bracket that closes nothing or the wrong kind, a comma right before "}" or "]" (a
 * trailing comma), and at the end a bracket never closed (the innermost). Returns its character
 * offset and its message, or null when the brackets balance and no trailing comma is found (the
 * parser's own error is then the best account).
 */
export function jsonSlip(text: string, lang: Lang, from = 0, to = text.length): { offset: number; message: string } | null {
  const t = msg(lang).validation;
  const stack: number[] = [];
  let inString = false;
  let lastComma = -1; // offset of a comma followed so far only by whitespace
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') continue;
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(i);
    else if (ch === '}' || ch === ']') {
      if (lastComma >= 0) return { offset: lastComma, message: t.trailing_comma(ch) };
      const open = stack.pop();
      if (open === undefined) return { offset: i, message: t.unmatched_close(ch, OPENER[ch]) };
      if (CLOSER[text[open]] !== ch) return { offset: i, message: t.mismatched_close(ch, text[open], lineOfOffset(text, open)) };
    }
    lastComma = ch === ',' ? i : -1;
  }
  if (!inString && stack.length) {
    const open = stack[stack.length - 1];
    return { offset: open, message: t.unclosed(text[open], CLOSER[text[open]]) };
  }
  return null;
}

/** A JSON syntax problem in text[from, to) located and explained: the slip's real cause when jsonSlip finds one, else jsonc-parser's first error. */
function syntaxIssue(text: string, lang: Lang, from = 0, to = text.length): { offset: number; message: string } {
  const slip = jsonSlip(text, lang, from, to);
  if (slip) return slip;
  const errors: ParseError[] = [];
  parseTree(text.slice(from, to), errors, { allowTrailingComma: false, disallowComments: true });
  const e = errors[0];
  return { offset: from + (e ? e.offset : 0), message: jsonSyntaxMessage(e ? printParseErrorCode(e.error) : 'InvalidSymbol', lang) };
}

/** 1-based line number of a character offset in `text` (a scan from the start: O(offset); for many offsets in one text use lineIndex). */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The one cap on listed problems, with their count (every lab's parsers use it): `add` counts a
 * problem and builds it, locating its line, only while fewer than `max` are listed, so that a text
 * with 10^5 problems costs 10^5 counts and `max` locations. `failure()` is the outcome to return:
 * the listed issues and total_issues counting them all (null when there was none).
 */
export class IssueCollector {
  readonly issues: InputIssue[] = [];
  total = 0;
  readonly max: number;
  constructor(max = MAX_ISSUES) {
    this.max = max;
  }
  /** Counts one problem; `make` runs only while the list has room. */
  add(make: () => InputIssue): void {
    this.total++;
    if (this.issues.length < this.max) this.issues.push(make());
  }
  /** Whether more problems would only be counted, not listed. */
  get full(): boolean {
    return this.issues.length >= this.max;
  }
  failure(): { ok: false; issues: InputIssue[]; total_issues: number } | null {
    return this.total > 0 ? { ok: false, issues: this.issues, total_issues: this.total } : null;
  }
}

function fieldPath(path: PropertyKey[]): string | undefined {
  return path.length ? path.map(String).join('.') : undefined;
}

/**
 * Where the value at a path sits in a JSON text, found without building the text's syntax tree
 * (jsonc-parser's tree of a 6 MB input costs more than all the rest of its parsing: issue 23).
 * `jsonPathOffset(text)` returns a function from a path (object keys and array indices, as zod and
 * the labs' cross-file checks give them) to the character offset where that value starts; for an
 * object member, where its key starts (the line a reader looks for). When the path leads nowhere
 * (a missing key, an index past the end, a key into a scalar), it gives the offset of the nearest
 * existing ancestor, down to the document's first value. A repeated key resolves to its last
 * occurrence, the one JSON.parse keeps. Undefined for a text with no value at all (blank).
 * Cost: each container on an asked path is scanned once and its members' offsets are kept, so
 * locating 50 problems in an array of 10^4 records costs one scan of the array and one of each
 * record concerned, with no allocation per value of the document. Meant for text JSON.parse
 * accepted; on other text it returns some offset inside it and never throws. A leading byte-order
 * mark counts as whitespace.
 */
export function jsonPathOffset(text: string): (path: readonly PropertyKey[]) => number | undefined {
  const n = text.length;
  const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff;
  const skipWs = (i: number) => {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    return i;
  };
  // i at an opening quote; the offset after the closing one
  const skipString = (i: number) => {
    for (i++; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 92) i++;
      else if (c === 34) return i + 1;
    }
    return n;
  };
  // i at the start of a value; the offset after its end
  const skipValue = (i: number) => {
    const c = text.charCodeAt(i);
    if (c === 34) return skipString(i);
    if (c === 123 || c === 91) {
      let depth = 0;
      for (; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 34) i = skipString(i) - 1;
        else if (d === 123 || d === 91) depth++;
        else if ((d === 125 || d === 93) && --depth === 0) return i + 1;
      }
      return n;
    }
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 44 || d === 125 || d === 93 || isWs(d)) break;
      i++;
    }
    return i;
  };
  interface Members {
    /** an object's keys -> member index (last occurrence); null for an array */
    keys: Map<string, number> | null;
    /** where each member is shown: its key (object) or its value (array) */
    shownAt: number[];
    valueAt: number[];
  }
  const cache = new Map<number, Members>();
  const members = (start: number): Members => {
    const isObject = text.charCodeAt(start) === 123;
    const m: Members = { keys: isObject ? new Map() : null, shownAt: [], valueAt: [] };
    let i = skipWs(start + 1);
    while (i < n) {
      let shown = i;
      if (m.keys) {
        if (text.charCodeAt(i) !== 34) break;
        const keyEnd = skipString(i);
        let key: unknown;
        try {
          key = JSON.parse(text.slice(i, keyEnd));
        } catch {
          break;
        }
        i = skipWs(keyEnd);
        if (text.charCodeAt(i) !== 58) break;
        m.keys.set(String(key), m.valueAt.length);
        i = skipWs(i + 1);
      } else {
        const c = text.charCodeAt(i);
        if (c === 93 || c === 125 || c === 44) break;
        shown = i;
      }
      m.shownAt.push(shown);
      m.valueAt.push(i);
      i = skipWs(skipValue(i));
      if (text.charCodeAt(i) !== 44) break;
      i = skipWs(i + 1);
    }
    return m;
  };
  return (path) => {
    let at = skipWs(0);
    if (at >= n) return undefined;
    let shown = at;
    for (const seg of path) {
      const c = text.charCodeAt(at);
      if (c !== 123 && c !== 91) break;
      let m = cache.get(at);
      if (!m) cache.set(at, (m = members(at)));
      const k = m.keys ? m.keys.get(String(seg)) : typeof seg === 'number' && Number.isInteger(seg) && seg >= 0 && seg < m.valueAt.length ? seg : undefined;
      if (k === undefined) break;
      at = m.valueAt[k];
      shown = m.shownAt[k];
    }
    return shown;
  };
}

/**
 * The 1-based line where the value at `path` starts in the JSON `text` (its key's line for an object
 * member; the nearest existing ancestor's when the path is not there; undefined for a blank text).
 * One jsonPathOffset and one lineIndex, built on the first call: for many paths in one text.
 */
export function jsonPathLines(text: string): (path: readonly PropertyKey[]) => number | undefined {
  let find: ((path: readonly PropertyKey[]) => number | undefined) | null = null;
  let lines: ((offset: number) => number) | null = null;
  return (path) => {
    find ??= jsonPathOffset(text);
    const offset = find(path);
    if (offset === undefined) return undefined;
    lines ??= lineIndex(text);
    return lines(offset);
  };
}

/**
 * Parse a JSON document and validate it with `schema`.
 * Syntax errors name the line where the parser stopped (JSON with comments or trailing commas is
 * rejected, like JSON.parse). Schema errors name the field's dotted path and the line where the
 * field (or its nearest existing parent) starts. Empty text is an error ("empty input").
 */
export function parseJsonText<S extends z.ZodType>(
  text: string,
  schema: S,
  input: string,
  lang: Lang,
): ParseOutcome<z.output<S>> {
  const t = msg(lang);
  text = stripBom(text);
  if (text.trim() === '') return { ok: false, issues: [{ input, message: t.validation.empty_input }] };
  const deep = depthExceededAt(text);
  if (deep >= 0) return { ok: false, issues: [{ input, line: lineOfOffset(text, deep), message: t.validation.too_deep(MAX_JSON_DEPTH) }] };
  // JSON.parse reads valid text fast; jsonc-parser's tree (offsets for line numbers) is built only
  // when a problem has to be located: a syntax error, a number too large, a schema issue.
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const { offset, message } = syntaxIssue(text, lang);
    return { ok: false, issues: [{ input, ...lineColumnOfOffset(text, offset), message }] };
  }
  const lineAt = jsonPathLines(text);
  const huge = oversizedNumberPaths(data);
  if (huge.length) {
    return {
      ok: false,
      issues: huge.slice(0, MAX_ISSUES).map((p) => ({ input, line: lineAt(p), field: fieldPath(p), message: t.validation.too_large })),
      total_issues: huge.length,
    };
  }
  const r = schema.safeParse(data, { error: zodErrorMap(lang) });
  if (r.success) return { ok: true, value: r.data };
  const all = r.error.issues;
  return {
    ok: false,
    issues: all.slice(0, MAX_ISSUES).map((iss) => ({ input, line: lineAt(iss.path), field: fieldPath(iss.path), message: iss.message })),
    total_issues: all.length,
  };
}

/**
 * A function from a character offset in `text` to its 1-based line, for locating many problems in
 * one text: the line starts are collected once (O(length)) and each lookup is a binary search
 * (O(log lines)). Offsets past the end give the last line; negative ones line 1.
 */
export function lineIndex(text: string): (offset: number) => number {
  const starts: number[] = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * Parse JSON Lines: one JSON object per non-blank line, each validated with `rowSchema`.
 * Blank lines are skipped (they keep their line numbers for the messages). Returns the first
 * `maxIssues` problems (default 50), each with its 1-based line, and `total_issues`, the count of
 * all of them (the whole text is read). Numbers beyond MAX_ABS_NUMBER are problems. No rows at all
 * is an error.
 * `unique` names a string field that must not repeat (e.g. 'case_id'): a repeat is reported on the
 * line of its second occurrence. `progress('parse', fraction)` is called every 5,000 lines.
 */
export function parseJsonlText<S extends z.ZodType>(
  text: string,
  rowSchema: S,
  input: string,
  lang: Lang,
  options: { unique?: string; maxIssues?: number; progress?: (stage: string, fraction: number) => void } = {},
): ParseOutcome<z.output<S>[]> {
  const maxIssues = options.maxIssues ?? MAX_ISSUES;
  text = stripBom(text);
  const seen = options.unique ? new Set<string>() : undefined;
  const t = msg(lang);
  const rows: z.output<S>[] = [];
  const issues: InputIssue[] = [];
  const errorMap = zodErrorMap(lang);
  let lineNo = 0;
  let start = 0;
  let total = 0;
  const report = (issue: InputIssue) => {
    total++;
    if (issues.length < maxIssues) issues.push(issue);
  };
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    if (options.progress && lineNo % 5000 === 0) options.progress('parse', start / text.length);
    const lineStart = start;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    if (depthExceededAt(line) >= 0) {
      report({ input, line: lineNo, message: t.validation.too_deep(MAX_JSON_DEPTH) });
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      // located and explained only while the list has room: the count stays linear
      if (issues.length >= maxIssues) total++;
      else {
        const { offset, message } = syntaxIssue(text, lang, lineStart, end);
        report({ input, line: lineNo, column: offset - lineStart + 1, message: `${t.validation.jsonl_syntax} ${message}` });
      }
      continue;
    }
    const huge = oversizedNumberPaths(data);
    if (huge.length) {
      for (const p of huge) report({ input, line: lineNo, field: fieldPath(p), message: t.validation.too_large });
      continue;
    }
    const r = rowSchema.safeParse(data, { error: errorMap });
    if (r.success) {
      if (seen && options.unique) {
        const key = String(Object.prototype.hasOwnProperty.call(r.data, options.unique) ? (r.data as Record<string, unknown>)[options.unique] : undefined);
        if (seen.has(key)) report({ input, line: lineNo, field: options.unique, message: t.validation.duplicate(key) });
        seen.add(key);
      }
      if (issues.length === 0) rows.push(r.data);
    } else for (const iss of r.error.issues) report({ input, line: lineNo, field: fieldPath(iss.path), message: iss.message });
  }
  if (issues.length) return { ok: false, issues, total_issues: total };
  if (rows.length === 0) return { ok: false, issues: [{ input, message: t.validation.no_rows }] };
  return { ok: true, value: rows };
}

/** 1-based line numbers of the non-blank lines of a JSONL text: the lines of parseJsonlText's rows, in order. */
export function nonBlankLines(text: string): number[] {
  const out: number[] = [];
  let start = 0;
  let n = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    n++;
    if (text.slice(start, end).trim() !== '') out.push(n);
    start = end + 1;
  }
  return out;
}

/** The line breaks inside a parsed CSV row's cells (a quoted cell may hold some): the row takes 1 + this many lines. */
export function csvRowBreaks(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) for (let i = 0; i < cell.length; i++) if (cell.charCodeAt(i) === 10) breaks++;
  return breaks;
}

/** The 1-based line on which each parsed CSV row starts (Papa Parse's rows, blank ones included, in order). */
export function csvRowLines(rows: readonly (readonly string[])[]): number[] {
  const out: number[] = [];
  let line = 1;
  for (const r of rows) {
    out.push(line);
    line += 1 + csvRowBreaks(r);
  }
  return out;
}

export { formatIssue } from './issues.ts';

/**
 * A schema builder memoized per language: each language's schema is built on first use and kept
 * (zod schemas are immutable, so sharing one is safe). zod 4 prepares a schema on its first parse,
 * so a schema built for every parse paid that again on every edit (issue 23: zod's schema
 * construction was among the heaviest functions of the evaluator preset's profile).
 * @param build the builder, called at most once per language.
 * @returns a function of the language giving the same schema object on every call.
 */
export function perLanguage<T>(build: (lang: Lang) => T): (lang: Lang) => T {
  const cache = new Map<Lang, T>();
  return (lang) => {
    let s = cache.get(lang);
    if (s === undefined) {
      s = build(lang);
      cache.set(lang, s);
    }
    return s;
  };
}
