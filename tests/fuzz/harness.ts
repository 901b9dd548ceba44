/**
 * The fuzzing harness of every lab's input path (issue 13): random and mutated JSON, JSONL, CSV and
 * TREC texts built from each lab's preset, run through the same runner as the worker and the CLI.
 * Each case is classified:
 *
 *   ok               a scorecard with no NaN and no unexplained null
 *   issues           input problems, each naming a known input, with a line inside the text when
 *                    it has one, and a translated message (no raw code) in the chosen language
 *   engine_error     the runner caught an exception from the engine (a bug: never expected)
 *   exception        something threw out of the runner (never expected)
 *   slow             a case took more than TIME_LIMIT_MS (never expected)
 *   nan              a NaN or an infinite number in a scorecard
 *   unexplained_null a null metric without its reason (undefined_metrics or the field's own reason)
 *   bad_issue        an issue without its input or with an untranslated or wrong-language message
 *
 * Everything is seeded: the same seed gives the same cases.
 */
import { createRunner, type Runner } from '../../labs/runner.ts';
import { labMeta } from '../../labs/manifest.ts';
import type { Lang } from '../../labs/core/contract/types.ts';

export const TIME_LIMIT_MS = 10_000;
/** The fixed heavy cases at the start of every lab's sequence (labCases). */
export const HEAVY_CASES = 8;
export type Outcome = 'ok' | 'issues' | 'engine_error' | 'exception' | 'slow' | 'nan' | 'unexplained_null' | 'bad_issue';
export const OUTCOMES: Outcome[] = ['ok', 'issues', 'engine_error', 'exception', 'slow', 'nan', 'unexplained_null', 'bad_issue'];
export const FAILURES: Outcome[] = ['engine_error', 'exception', 'slow', 'nan', 'unexplained_null', 'bad_issue'];

/** A small seeded PRNG (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}
export type Rng = ReturnType<typeof rng>;

/** Tokens that break parsers and engines: numbers at the edges, names that are Object's, unicode. */
export const TOKENS = [
  'NaN', 'Infinity', '-Infinity', '-0', '1e308', '1e309', '1e-320', '5e-324', '123456789012345678901234567890', '-1', '0', '1', '0.5', '2', '1.0000000000000002',
  'null', 'true', 'false', '""', '[]', '{}', '[[[[[[', ']]]]', '{"__proto__": {"x": 1}}', '"__proto__"', '"constructor"', '"toString"', '"hasOwnProperty"',
  '"\u202Eabc\u202C"', '"e\u0301\u0301\u0301"', '"😀👩‍👩‍👧"', '"İıß"', '"\u0000"', '"\uD800"', '"\uFFFD"', '\uFEFF', '\r\n', '\n', '\t', ',', ':', '"', '\\', '\u0000',
  '"x|y\\n# h `c` <script>alert(1)</script>"', '"' + 'ab'.repeat(500) + '"',
];
const WEIRD_VALUES: unknown[] = [null, true, false, 0, -0, -1, 1, 0.5, 2, 1e308, 5e-324, 1e15, 1e16, 123456789012345680000, '', 'x', '__proto__', 'constructor', 'toString', 'İıß', 'e\u0301', '\u202Eabc', '😀', '\u0000', '\uD800', [], {}, [1, 2], { __proto__: null, constructor: 1 }, 'x|y\n# `c` <b>'];

/** A random mutation of `text`: a few character-level edits drawn from TOKENS and the text itself. */
export function mutateText(text: string, r: Rng): string {
  let s = text;
  const edits = 1 + r.int(4);
  for (let e = 0; e < edits; e++) {
    const at = r.int(s.length + 1);
    switch (r.int(7)) {
      case 0: s = s.slice(0, at) + r.pick(TOKENS) + s.slice(at); break; // insert a token
      case 1: s = s.slice(0, at) + s.slice(at + 1 + r.int(20)); break; // delete a run
      case 2: { const m = /-?\d+(\.\d+)?(e-?\d+)?/g; const nums = [...s.matchAll(m)]; if (nums.length) { const n = r.pick(nums); s = s.slice(0, n.index) + r.pick(['NaN', '-0', '1e308', '1e-320', '1e999', '-1', '99999999999999999999', '0', '1', '"1"']) + s.slice(n.index! + n[0].length); } break; }
      case 3: { const lines = s.split('\n'); const i = r.int(lines.length); lines.splice(i, 0, lines[r.int(lines.length)]); s = lines.join('\n'); break; } // duplicate a line (duplicate ids)
      case 4: s = s.slice(0, at); break; // truncate
      case 5: s = s.replace(/\n/g, '\r\n'); break;
      default: { const strs = [...s.matchAll(/"([^"\\\n]{1,40})"/g)]; if (strs.length) { const m = r.pick(strs); s = s.slice(0, m.index) + JSON.stringify(r.pick(['__proto__', 'constructor', 'toString', '', ' ', 'İ', 'ß', '😀', '\u202E', 'x|y\n#'])) + s.slice(m.index! + m[0].length); } }
    }
  }
  return s;
}

/** A structural mutation of a JSON value: one node replaced by a value of a random, often wrong, type. */
export function mutateJson(value: unknown, r: Rng): unknown {
  const copy = structuredClone(value);
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => { nodes.push({ parent: v, key: i }); walk(x); });
    else if (v && typeof v === 'object') for (const k of Object.keys(v)) { nodes.push({ parent: v as Record<string, unknown>, key: k }); walk((v as Record<string, unknown>)[k]); }
  };
  walk(copy);
  if (nodes.length === 0) return r.pick(WEIRD_VALUES);
  const n = r.pick(nodes);
  const op = r.int(4);
  if (op === 0 && !Array.isArray(n.parent)) delete (n.parent as Record<string, unknown>)[n.key as string];
  else if (op === 1 && !Array.isArray(n.parent)) Object.defineProperty(n.parent, r.pick(['__proto__', 'constructor', 'toString', 'extra']), { value: r.pick(WEIRD_VALUES), enumerable: true, configurable: true, writable: true });
  else (n.parent as Record<string | number, unknown>)[n.key] = r.pick(WEIRD_VALUES);
  return copy;
}

/** Serializes a mutated JSON value back (JSON.stringify cannot write NaN: a random such token is spliced in instead). */
export function jsonText(v: unknown, r: Rng): string {
  const s = JSON.stringify(v, null, r.int(2) ? 2 : 0) ?? 'null';
  return r.int(8) === 0 ? s.replace(/(:\s*)(-?\d[\d.e+-]*)/, `$1${r.pick(['NaN', 'Infinity', '-0', '1e999', '00'])}`) : s;
}

/** Mutates one input text of a lab according to its format. */
export function mutateInput(text: string, r: Rng): string {
  const t = text.trimStart();
  if ((t.startsWith('{') || t.startsWith('[')) && r.int(2)) {
    try {
      return jsonText(mutateJson(JSON.parse(text), r), r);
    } catch {
      // JSONL: mutate one row structurally
      const lines = text.split('\n');
      const i = r.int(lines.length);
      try {
        lines[i] = jsonText(mutateJson(JSON.parse(lines[i]), r), r).replace(/\n\s*/g, ' ');
      } catch {
        lines[i] = mutateText(lines[i], r);
      }
      return lines.join('\n');
    }
  }
  return mutateText(text, r);
}

function messageProblem(message: string, lang: Lang): string | null {
  if (typeof message !== 'string' || message.trim() === '') return 'empty message';
  if (/^[a-z]+(\.[a-z_]+)+(\|.*)?$/s.test(message)) return `untranslated code ${message}`;
  if (lang === 'es' && /\b(Invalid input|Expected|expected|received|Required|Too big|Too small|must be|Unrecognized key)\b/.test(message.replace(/«[^»]*»/g, ''))) return `English in a Spanish message: ${message.slice(0, 120)}`;
  if (lang === 'en' && /\b(Entrada inválida|Se esperaba|recibido|Demasiado|debe ser)\b/.test(message.replace(/“[^”]*”/g, ''))) return `Spanish in an English message: ${message.slice(0, 120)}`;
  return null;
}

/** The first NaN/Infinity or unexplained null in a scorecard, as a path; null when there is none. */
export function scorecardProblem(value: unknown): { kind: 'nan' | 'unexplained_null'; path: string } | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { kind: 'nan', path };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push({ v: x, path: `${path}.${i}` }));
      continue;
    }
    const o = v as Record<string, unknown>;
    const own = (k: string) => Object.prototype.hasOwnProperty.call(o, k);
    // A Maybe ({ value, reason }): a null value needs its reason.
    if (own('value') && own('reason') && o.value === null && (typeof o.reason !== 'string' || o.reason === '')) return { kind: 'unexplained_null', path: `${path}.value` };
    // A gate check: an undefined value needs value_reason.
    if (own('comparator') && own('status') && o.value === null && (typeof o.value_reason !== 'string' || o.value_reason === '')) return { kind: 'unexplained_null', path: `${path}.value_reason` };
    // metrics + undefined_metrics: every null metric is listed with its reason.
    const um = o.undefined_metrics as Record<string, unknown> | undefined;
    if (um && typeof um === 'object') {
      for (const mk of ['metrics', 'aggregate']) {
        const m = o[mk] as Record<string, unknown> | undefined;
        if (!m || typeof m !== 'object' || Array.isArray(m)) continue;
        for (const [k, x] of Object.entries(m)) if (x === null && !(Object.prototype.hasOwnProperty.call(um, k) && typeof um[k] === 'string')) return { kind: 'unexplained_null', path: `${path}.${mk}.${k}` };
      }
    }
    for (const [k, x] of Object.entries(o)) stack.push({ v: x, path: `${path}.${k}` });
  }
  return null;
}

export interface CaseReport {
  outcome: Outcome;
  detail?: string;
  ms: number;
}

/** Runs one case and classifies it. */
export async function runCase(runner: Runner, labId: string, texts: Record<string, string>, lang: Lang): Promise<CaseReport> {
  const meta = labMeta(labId)!;
  const inputs = new Set([...meta.inputs.map((i) => i.name), 'view']);
  const t0 = performance.now();
  let res;
  try {
    res = await runner.runAny(labId, texts, lang);
  } catch (err) {
    return { outcome: 'exception', detail: String(err).slice(0, 200), ms: performance.now() - t0 };
  }
  const ms = performance.now() - t0;
  if (ms > TIME_LIMIT_MS) return { outcome: 'slow', detail: `${Math.round(ms)} ms`, ms };
  if (!res.ok) return { ...issuesOutcome(res.issues, texts, inputs, lang), ms };
  const p = scorecardProblem(res.result);
  if (p) return { outcome: p.kind, detail: p.path, ms };
  if (typeof res.report !== 'string' || res.report.length === 0) return { outcome: 'bad_issue', detail: 'empty report', ms };
  return { outcome: 'ok', ms };
}

/**
 * `n` cases for a lab from its preset texts: mostly one mutated input, sometimes several, and a
 * few fixed heavy ones (a 10 MB string, nesting 100,000 deep, a BOM, NUL bytes, invalid UTF-8
 * decoded as the CLI and the browser decode it).
 */
export function* labCases(labId: string, preset: Record<string, string>, n: number, seed: number): Generator<{ texts: Record<string, string>; lang: Lang }> {
  const r = rng(seed);
  const names = Object.keys(preset);
  const first = names[0];
  const heavy: Record<string, string>[] = [
    { ...preset, [first]: preset[first].replace(/"([^"\\]{1,20})"/, `"${'x'.repeat(10 * 1024 * 1024)}"`) },
    { ...preset, [first]: '['.repeat(100_000) + ']'.repeat(100_000) },
    { ...preset, [first]: `{"a":${'['.repeat(100_000)}1${']'.repeat(100_000)}}\n` },
    { ...preset, [first]: `\uFEFF${preset[first]}` },
    { ...preset, [first]: preset[first].replace(/\n/g, '\r\n') },
    { ...preset, [first]: preset[first].replace(/,/, ',\u0000') },
    { ...preset, [first]: Buffer.from(Buffer.concat([Buffer.from(preset[first].slice(0, 40)), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(preset[first].slice(40))])).toString('utf8') },
    Object.fromEntries(names.map((k) => [k, ''])),
  ];
  for (const texts of heavy) yield { texts, lang: r.int(2) ? 'es' : 'en' };
  // (HEAVY_CASES of them, always run through the whole runner)
  for (let i = heavy.length; i < n; i++) {
    const texts = { ...preset };
    const k = r.int(5) === 0 ? 1 + r.int(names.length) : 1;
    for (let j = 0; j < k; j++) {
      const name = r.pick(names);
      texts[name] = mutateInput(texts[name], r);
    }
    yield { texts, lang: r.int(2) ? 'es' : 'en' };
  }
}

/** Classifies input issues (shared by the parse-only and the full path). */
function issuesOutcome(issues: { input: string; line?: number; field?: string; message: string }[], texts: Record<string, string>, inputs: Set<string>, lang: Lang): { outcome: Outcome; detail?: string } {
  for (const iss of issues) {
    if (iss.input === 'engine') return { outcome: 'engine_error', detail: iss.message.slice(0, 300) };
    if (!inputs.has(iss.input)) return { outcome: 'bad_issue', detail: `unknown input ${iss.input}` };
    if (iss.line !== undefined) {
      const lines = (texts[iss.input] ?? '').split(/\r\n|\r|\n/).length; // as an editor counts them
      if (!(Number.isInteger(iss.line) && iss.line >= 1 && iss.line <= lines)) return { outcome: 'bad_issue', detail: `line ${iss.line} outside ${iss.input} (${lines} lines)` };
    }
    const p = messageProblem(iss.message, lang);
    if (p) return { outcome: 'bad_issue', detail: `${iss.input}${iss.field ? `.${iss.field}` : ''}: ${p}` };
  }
  if (issues.length === 0) return { outcome: 'bad_issue', detail: 'a failure without issues' };
  return { outcome: 'issues' };
}

/** Runs the lab's parse only (the input path proper): cheap, so thousands of cases fit in seconds. */
export async function parseCase(labId: string, texts: Record<string, string>, lang: Lang): Promise<CaseReport> {
  const meta = labMeta(labId)!;
  const mod = (await meta.load()).lab;
  const inputs = new Set([...meta.inputs.map((i) => i.name), 'view']);
  const t0 = performance.now();
  let out;
  try {
    out = mod.parse(texts, lang);
  } catch (err) {
    return { outcome: 'exception', detail: String(err).slice(0, 200), ms: performance.now() - t0 };
  }
  const ms = performance.now() - t0;
  if (ms > TIME_LIMIT_MS) return { outcome: 'slow', detail: `${Math.round(ms)} ms`, ms };
  if (out.ok) return { outcome: 'ok', ms };
  return { ...issuesOutcome(out.issues, texts, inputs, lang), ms };
}

/**
 * Runs `nParse` cases through the lab's parse and, of those, every (nParse / nFull)-th plus the
 * heavy ones through the whole runner (parse, run, select, report: the worker's path); counts
 * per outcome and keeps the first few failures. `budgetMs` stops early once spent (after the
 * heavy cases): the cases tried are then the first ones of the same seeded sequence.
 */
export async function fuzzLab(labId: string, preset: Record<string, string>, nParse: number, nFull: number, seed: number, budgetMs = Infinity) {
  const start = performance.now();
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const full = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const failures: { outcome: Outcome; detail?: string; texts: Record<string, string> }[] = [];
  let maxMs = 0;
  const runner = createRunner();
  const every = Math.max(1, Math.floor(nParse / Math.max(1, nFull)));
  let i = 0;
  for (const c of labCases(labId, preset, nParse, seed)) {
    // A time budget stops the sequence early (the cases tried are always its first ones).
    if (i >= HEAVY_CASES && performance.now() - start > budgetMs) break;
    const throughRunner = i < HEAVY_CASES || i % every === 0;
    i++;
    const rep = throughRunner ? await runCase(runner, labId, c.texts, c.lang) : await parseCase(labId, c.texts, c.lang);
    (throughRunner ? full : counts)[rep.outcome]++;
    maxMs = Math.max(maxMs, rep.ms);
    if (FAILURES.includes(rep.outcome) && failures.length < 5) failures.push({ outcome: rep.outcome, detail: rep.detail, texts: c.texts });
  }
  return { counts, full, failures, maxMs };
}
