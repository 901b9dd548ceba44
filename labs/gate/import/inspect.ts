/**
 * Inspect AI eval logs into the gate: one log per version, in either of Inspect's formats
 * (inspect_ai/log, EvalLog):
 *   JSON    {version, status, eval: {task, model, ...}, results?: {scores: [{name}]}, samples: [...]}
 *   .eval   a zip archive (read with fflate): header.json (the EvalLog without samples; older
 *           archives: _journal/start.json or start.json with {eval}), samples/<id>_epoch_<n>.json
 *           (one EvalSample each), and summaries (summaries.json, summaries/<n>.json or
 *           summary.json: [{id, epoch, input, target, scores}]) used when there are no sample files.
 * Each sample: {id, epoch, input (text or chat messages), output: {completion}, scores: {scorer:
 * {value, answer, explanation}}}. Mapping:
 *   version  eval.model (eval.model and eval.task when two logs share a model; else the file name)
 *   case_id  the sample id; run: the epoch (epochs are repeated runs)
 *   score    the chosen scorer's value as Inspect's value_to_float reads it: numbers and booleans
 *            as they are, "C" (correct) 1, "P" (partial) 0.5, "I" (incorrect) and "N" (no answer) 0,
 *            numeric strings, "yes"/"true" 1, "no"/"false" 0; any other value is left out (Inspect
 *            would count it 0 with a warning); passed = (score === 1) (the gate's rule)
 *   input    the sample's input (the last message's text for a chat); output: output.completion
 * Inspect logs carry token usage, not cost: cost is left unknown (the budget check fails closed).
 * The scorer: options.scorer, else the first of results.scores (else the first seen in the samples).
 */
import { unzipSync } from 'fflate';
import { z } from 'zod';
import type { InputIssue, Lang } from '../../core/contract/types.ts';
import type { ImportFile, ImportOptions, ImportOutcome } from '../../core/contract/imports.ts';
import { fileText, isZip, leaveOut, newSummary } from '../../core/contract/imports.ts';
import { importMsg } from '../../core/contract/import_i18n.ts';
import { zodErrorMap } from '../../core/contract/parse.ts';
import { assembleGate, type GradedRow } from './assemble.ts';

const scoreSchema = z.looseObject({ value: z.unknown(), answer: z.string().nullable().optional(), explanation: z.string().nullable().optional() });
const messageSchema = z.looseObject({ role: z.string().optional(), content: z.unknown() });
/** One EvalSample (or SampleSummary): only the fields read. */
export const inspectSampleSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  epoch: z.number().int().min(0).default(1),
  input: z.union([z.string(), z.array(messageSchema)]).optional(),
  output: z.looseObject({ completion: z.string().optional() }).nullable().optional(),
  scores: z.record(z.string(), scoreSchema).nullable().optional(),
});
/** The eval spec of a log: task and model are required to tell logs apart. */
export const inspectSpecSchema = z.looseObject({ task: z.string(), model: z.string() });
const headerSchema = z.looseObject({
  eval: inspectSpecSchema,
  results: z.looseObject({ scores: z.array(z.looseObject({ name: z.string() })).optional() }).nullable().optional(),
});

type Sample = z.output<typeof inspectSampleSchema>;
interface Log {
  file: string;
  task: string;
  model: string;
  scorers: string[];
  samples: { sample: Sample; path: string }[];
}

/** True when `data` looks like an Inspect JSON log: {eval: {task, model}, ...}. */
export function isInspectJson(data: unknown): boolean {
  const e = (data as { eval?: { task?: unknown; model?: unknown } } | null)?.eval;
  return typeof e?.task === 'string' && typeof e.model === 'string';
}

/**
 * Inspect's value_to_float (module comment), or null for a value it cannot read as a number.
 */
export function inspectValueToFloat(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return null;
  if (value === 'C') return 1;
  if (value === 'P') return 0.5;
  if (value === 'I' || value === 'N') return 0;
  if (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) return Number(value);
  const low = value.toLowerCase();
  if (low === 'yes' || low === 'true') return 1;
  if (low === 'no' || low === 'false') return 0;
  return null;
}

function inputText(input: Sample['input']): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  const last = input[input.length - 1];
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (Array.isArray(last.content)) return last.content.map((c) => (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text : '')).join('');
  return '';
}

function readSamples(list: unknown[], file: string, prefix: string, lang: Lang, issues: InputIssue[]): { sample: Sample; path: string }[] {
  const t = importMsg(lang).problems;
  const out: { sample: Sample; path: string }[] = [];
  list.forEach((raw, i) => {
    const r = inspectSampleSchema.safeParse(raw, { error: zodErrorMap(lang) });
    const path = `${prefix}${prefix.endsWith('/') ? '' : `.${i}`}`;
    if (!r.success) {
      const iss = r.error.issues[0];
      const field = [path, ...iss.path].join('.');
      if (issues.length < 50) issues.push({ input: file, field, message: t.bad_value(field, iss.message) });
      return;
    }
    out.push({ sample: r.data, path });
  });
  return out;
}

/**
 * The compression method of a zip's first entry (the 16-bit little-endian field at byte 8 of the
 * local file header, APPNOTE 4.3.7: 0 stored, 8 deflate, 93 Zstandard), or null when the bytes do
 * not start with a local file header.
 */
export function zipMethod(bytes: Uint8Array): number | null {
  if (bytes.length < 10 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 3 || bytes[3] !== 4) return null;
  return bytes[8] | (bytes[9] << 8);
}

/** One log file (JSON or .eval) read into a Log, or its issues. */
function readLog(f: ImportFile, lang: Lang): { ok: true; log: Log } | { ok: false; issues: InputIssue[] } {
  const t = importMsg(lang).problems;
  const issues: InputIssue[] = [];
  if (isZip(f)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(f.bytes!, { filter: (e) => e.name.endsWith('.json') });
    } catch (err) {
      // Inspect writes deflate unless INSPECT_USE_ZSTD is set: Zstandard (zip method 93) is named.
      if (zipMethod(f.bytes!) === 93) return { ok: false, issues: [{ input: f.name, message: t.inspect_zstd }] };
      return { ok: false, issues: [{ input: f.name, message: t.inspect_bad_zip(err instanceof Error ? err.message : String(err)) }] };
    }
    const names = Object.keys(entries);
    const json = (name: string): unknown => {
      try {
        return JSON.parse(new TextDecoder().decode(entries[name]));
      } catch {
        return undefined;
      }
    };
    const headerName = ['header.json', '_journal/start.json', 'start.json'].find((n) => Object.hasOwn(entries, n));
    const header = headerName ? headerSchema.safeParse(json(headerName)) : null;
    if (!header || !header.success) return { ok: false, issues: [{ input: f.name, field: headerName, message: t.inspect_not_log }] };
    let samples: { sample: Sample; path: string }[] = [];
    const sampleNames = names.filter((n) => n.startsWith('samples/')).sort();
    if (sampleNames.length) {
      for (const n of sampleNames) samples.push(...readSamples([json(n)], f.name, n, lang, issues));
    } else {
      const summaryNames = names.filter((n) => n === 'summaries.json' || n === 'summary.json' || /^summaries\/\d+\.json$/.test(n)).sort();
      for (const n of summaryNames) {
        const list = json(n);
        if (Array.isArray(list)) samples = samples.concat(readSamples(list, f.name, n, lang, issues));
      }
    }
    if (issues.length) return { ok: false, issues };
    const h = header.data;
    return { ok: true, log: { file: f.name, task: h.eval.task, model: h.eval.model, scorers: h.results?.scores?.map((s) => s.name) ?? [], samples } };
  }
  let data: unknown;
  try {
    data = JSON.parse(fileText(f));
  } catch (err) {
    return { ok: false, issues: [{ input: f.name, message: t.not_json(err instanceof Error ? err.message : String(err)) }] };
  }
  const header = headerSchema.safeParse(data);
  if (!header.success) return { ok: false, issues: [{ input: f.name, field: 'eval', message: t.inspect_not_log }] };
  const list = (data as { samples?: unknown }).samples;
  const samples = Array.isArray(list) ? readSamples(list, f.name, 'samples', lang, issues) : [];
  if (issues.length) return { ok: false, issues };
  const h = header.data;
  return { ok: true, log: { file: f.name, task: h.eval.task, model: h.eval.model, scorers: h.results?.scores?.map((s) => s.name) ?? [], samples } };
}

/**
 * Reads Inspect logs (module comment), one per version; at least two are needed. Never throws.
 */
export function importInspect(files: readonly ImportFile[], options: ImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  const summary = newSummary('inspect', files.map((f) => f.name));
  const logs: Log[] = [];
  const issues: InputIssue[] = [];
  for (const f of files) {
    const r = readLog(f, lang);
    if (r.ok) logs.push(r.log);
    else issues.push(...r.issues);
  }
  if (issues.length) return { ok: false, issues: issues.slice(0, 50), total_issues: issues.length };
  if (logs.length < 2) return { ok: false, issues: [{ input: summary.files.join(', '), message: t.inspect_one_log }] };
  // Every scorer seen, in order: the logs' results first, then the samples'.
  const scorers: string[] = [];
  const add = (s: string) => {
    if (!scorers.includes(s)) scorers.push(s);
  };
  for (const l of logs) l.scorers.forEach(add);
  for (const l of logs) for (const { sample } of l.samples) if (sample.scores) Object.keys(sample.scores).forEach(add);
  summary.scorers = scorers;
  if (scorers.length === 0) return { ok: false, issues: [{ input: summary.files.join(', '), field: 'samples.scores', message: t.inspect_no_scores }] };
  let scorer = options.scorer;
  if (scorer === undefined) {
    scorer = scorers[0];
    if (scorers.length > 1) summary.notes.push('scorer_defaulted');
  }
  const chosen = scorer;
  const missing = logs.filter((l) => !l.samples.some(({ sample }) => sample.scores && Object.hasOwn(sample.scores, chosen)));
  if (missing.length) return { ok: false, issues: missing.map((l) => ({ input: l.file, field: `scores.${chosen}`, message: t.inspect_scorer_missing(chosen, scorers.join(', ')) })) };
  summary.scorer = chosen;
  // Version names: the model, unless two logs share it.
  const names = logs.map((l) => l.model);
  const dup = (xs: string[]) => xs.map((x) => xs.indexOf(x) !== xs.lastIndexOf(x));
  let d = dup(names);
  logs.forEach((l, i) => {
    if (d[i]) names[i] = `${l.model} (${l.task})`;
  });
  d = dup(names);
  logs.forEach((l, i) => {
    if (d[i]) names[i] = l.file;
  });
  const rows: GradedRow[] = [];
  logs.forEach((l, i) => {
    for (const { sample, path } of l.samples) {
      summary.rows++;
      const id = String(sample.id);
      const sc = sample.scores && Object.hasOwn(sample.scores, chosen) ? sample.scores[chosen] : undefined;
      if (!sc) {
        leaveOut(summary, 'no_score', `${names[i]} / ${id}`);
        continue;
      }
      const v = inspectValueToFloat(sc.value);
      if (v === null) {
        leaveOut(summary, 'value_not_numeric', `${id}: ${JSON.stringify(sc.value)}`);
        continue;
      }
      if (!(v >= 0 && v <= 1)) {
        leaveOut(summary, 'score_out_of_range', `${id}: ${v}`);
        continue;
      }
      rows.push({
        version: names[i],
        case_id: id,
        input: inputText(sample.input),
        run: sample.epoch,
        passed: null,
        score: v,
        cost: null,
        latency_ms: null,
        output: sample.output?.completion ?? null,
        slice: null,
        assertions: null,
        file: l.file,
        path,
      });
    }
  });
  summary.mapped = [
    { from: 'eval.model', to: 'version' },
    { from: 'samples[].id', to: 'case_id' },
    { from: 'samples[].epoch', to: 'run' },
    { from: `scores.${chosen}.value`, to: 'score (C=1, P=0.5, I=0, N=0)' },
    { from: 'input', to: 'input' },
    { from: 'output.completion', to: 'output' },
  ];
  return assembleGate(rows, summary, options, lang, () => t.inspect_one_log);
}
