/**
 * Exercise receipts: a small JSON file the page offers on completion, and the verifier an
 * instructor runs on it (`npm run --silent lab -- exercise verify r.json ...`, or the syllabus page:
 * the same function, with the same engine).
 *
 * A receipt holds the exercise id and version (a link exercise carries its whole definition and its
 * SHA-256), the final inputs (texts and view) with their SHA-256, the fingerprints of what the
 * exercise keeps fixed, every goal's recorded value, the answers with their tries, and the
 * attempt's events with their times.
 *
 * What verification proves: the verifier runs the final inputs again through the lab's engine,
 * re-checks every goal (hidden ones too) and every answer against the exercise's definition, and
 * compares what the receipt records with what it recomputes; a hand-edited goal value, answer or
 * input fails. What it does not prove: who produced the state, or that it was not copied from a
 * classmate or from the solution. The hashes are not signatures (there is no server and no secret):
 * someone who edits the inputs into a valid solution and recomputes the hashes has, in effect,
 * solved the exercise.
 */
import { z } from 'zod';
import { canonicalJson } from './canonical.ts';
import { sha256Hex } from './hash.ts';
import { evaluateGoals } from './goals.ts';
import { exerciseFields, type ExerciseSpec } from './exercise.ts';
import { fingerprints, fixedChanges, type InputSpecLike } from './fingerprint.ts';
import type { Attempt } from './attempt.ts';
import { exerciseMsg, inputLabel } from './exercise_messages.ts';
import type { InputIssue, Lang } from './types.ts';
import { coreMsg } from './i18n/index.ts';

export const RECEIPT_KIND = 'evals-lab-exercise-receipt' as const;
export const RECEIPT_VERSION = 1 as const;

// Their messages come from core i18n `fields` (parse.ts's error map), in the verifier's language.
const hex64 = z.string().refine((s) => /^[0-9a-f]{64}$/.test(s), { params: { field_message: 'sha256' } });
const isoTime = z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), { params: { field_message: 'iso_time' } });

export const receiptSchema = z.object({
  kind: z.literal(RECEIPT_KIND),
  v: z.literal(RECEIPT_VERSION),
  exercise: z.object({
    id: z.string().min(1).max(80),
    version: z.number().int().min(1),
    lang: z.enum(['es', 'en']),
    source: z.enum(['course', 'link']),
    /** SHA-256 of the canonical definition; for a link exercise, `spec` is that definition. */
    spec_sha256: hex64,
    spec: z.unknown().optional(),
  }).strict(),
  lab: z.string().min(1).max(40),
  inputs: z.object({ texts: z.record(z.string().max(40), z.string().max(5_000_000)), view: z.unknown().optional() }).strict(),
  inputs_sha256: hex64,
  fingerprints: z.record(z.string().max(40), hex64),
  goals: z.array(z.object({ label: z.string().max(300), met: z.boolean(), value: z.unknown() }).strict()).max(30),
  answers: z.array(z.object({ question: z.number().int().min(0), choice: z.number().int().min(0), text: z.string().max(500), tries: z.number().int().min(1).max(1000) }).strict()).max(10),
  events: z.array(z.object({ type: z.enum(['started', 'completed', 'withdrawn']), at: isoTime, reason: z.string().max(2000).optional() }).strict()).min(1).max(1000),
  issued_at: isoTime,
}).strict();
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * The definition part of an exercise: only the fields of exercise.ts `exerciseFields` (a link's
 * `v`, `lang`, `instructions`, `minutes` and `level`, or a frontmatter's page data, are left out).
 * What a receipt carries for a link exercise and what its `spec_sha256` hashes: the verifier reads
 * the carried definition with the same fields, so both sides hash the same object.
 */
export function definitionOf(spec: ExerciseSpec): ExerciseSpec {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(exerciseFields)) if ((spec as Record<string, unknown>)[k] !== undefined) out[k] = (spec as Record<string, unknown>)[k];
  return out as ExerciseSpec;
}

/** The definition a receipt's `spec_sha256` hashes: the exercise's fields (definitionOf), canonical JSON. */
export async function specHash(spec: ExerciseSpec): Promise<string> {
  return sha256Hex(canonicalJson(definitionOf(spec)));
}

/**
 * The id of a link exercise: `link-` and the first 12 hex digits of its definition's SHA-256
 * (specHash). The page stores a link exercise's work and progress under it, the builder shows it
 * to the instructor, and the verifier recomputes it from the definition a receipt carries: a
 * receipt whose definition was edited (a goal loosened, say) and rehashed carries another id than
 * the one the instructor handed out, which the verifier's table shows.
 */
export async function linkExerciseId(spec: ExerciseSpec): Promise<string> {
  return `link-${(await specHash(spec)).slice(0, 12)}`;
}

/** SHA-256 of the canonical final inputs ({ texts, view }). */
export async function inputsHash(inputs: { texts: Record<string, string>; view?: unknown }): Promise<string> {
  return sha256Hex(canonicalJson(inputs.view === undefined ? { texts: inputs.texts } : inputs));
}

/** A goal's value as JSON (undefined, for a missing path, is written as null). */
function jsonValue(v: unknown): unknown {
  return v === undefined ? null : v;
}

export interface ReceiptParts {
  id: string;
  lang: Lang;
  source: 'course' | 'link';
  spec: ExerciseSpec;
  inputs: { texts: Record<string, string>; view?: unknown };
  /** The lab's inputs (labs/<id>/meta.ts), for the fingerprints. */
  inputSpecs: readonly InputSpecLike[];
  /** The texts the exercise started from (for inputs open to additions). */
  start: Record<string, string>;
  result: unknown;
  attempt: Attempt;
  now: string;
}

/** Builds a receipt (the page calls it when the learner downloads one). Throws only on a value JSON cannot hold. */
export async function buildReceipt(p: ReceiptParts): Promise<Receipt> {
  const evaluation = evaluateGoals(p.spec.goals, p.result);
  return {
    kind: RECEIPT_KIND,
    v: RECEIPT_VERSION,
    exercise: { id: p.id, version: p.spec.version, lang: p.lang, source: p.source, spec_sha256: await specHash(p.spec), ...(p.source === 'link' ? { spec: definitionOf(p.spec) } : {}) },
    lab: p.spec.lab,
    inputs: p.inputs,
    inputs_sha256: await inputsHash(p.inputs),
    fingerprints: await fingerprints(p.inputs.texts, p.inputSpecs, p.spec.open, p.start),
    goals: p.spec.goals.map((g, i) => ({ label: g.label, met: evaluation.results[i].met, value: jsonValue(evaluation.results[i].actual) })),
    answers: p.attempt.answers.filter((a) => a.choice !== null).map((a) => ({ question: a.question, choice: a.choice as number, text: p.spec.questions[a.question]?.options[a.choice as number]?.text ?? '', tries: a.tries })),
    events: p.attempt.events,
    issued_at: p.now,
  };
}

/** What the verifier needs from its surroundings: the course's exercises, preset files and the engine. */
export interface VerifyHost {
  /** A course exercise by id in a language, or undefined. */
  exercise(id: string, lang: Lang): Promise<ExerciseSpec | undefined>;
  /** The lab's input specs, or undefined for an unknown lab. */
  labInputs(lab: string): readonly InputSpecLike[] | undefined;
  /** The texts the exercise starts from in `lang` (every input: empty, then the lab's preset, then the exercise's start). */
  startTexts(spec: ExerciseSpec, lang: Lang): Promise<Record<string, string>>;
  /**
   * Runs the lab's engine; when the inputs do not run, `message` names the first problems in `lang`
   * (each input by its label in `lang`, labs/<lab>/meta.ts).
   */
  run(lab: string, texts: Record<string, string>, lang: Lang, view: unknown): Promise<{ ok: true; result: unknown } | { ok: false; message: string }>;
}

export interface Verification {
  valid: boolean;
  /** Empty when the file is not a receipt. */
  id: string;
  version: number | null;
  lang: Lang | null;
  completed_at: string | null;
  /** Sum of the tries over the answers. */
  tries: number | null;
  /** Why it is not valid (empty when valid), in the verifier's language. */
  reasons: string[];
}

const specSchema = z.object(exerciseFields);

/**
 * Verifies a receipt (already parsed from JSON; anything is accepted and checked with the schema).
 * Never throws: every problem is a reason, in `lang`. Checks, in order: the shape; the definition
 * (course: id, language and version; link: the carried definition against its hash); the lab; the
 * inputs' hash; a replay through the engine; every goal met and equal to what is recorded; what the
 * exercise keeps fixed, against its start; every question answered with a correct option whose
 * text is the recorded one; the last event 'completed' and the times in order.
 */
export async function verifyReceipt(raw: unknown, host: VerifyHost, lang: Lang): Promise<Verification> {
  const t = exerciseMsg(lang).receipt;
  const out: Verification = { valid: false, id: '', version: null, lang: null, completed_at: null, tries: null, reasons: [] };
  // parse.ts (zod's messages in the project's plain words) loads only where receipts are verified.
  const { zodErrorMap } = await import('./parse.ts');
  const parsed = receiptSchema.safeParse(raw, { error: zodErrorMap(lang) });
  if (!parsed.success) {
    const iss = parsed.error.issues[0];
    out.reasons.push(t.not_receipt(where({ field: iss.path.length ? iss.path.map(String).join('.') : undefined }, lang), iss.message));
    return out;
  }
  const r = parsed.data;
  out.id = r.exercise.id;
  out.version = r.exercise.version;
  out.lang = r.exercise.lang;
  out.tries = r.answers.reduce((s, a) => s + a.tries, 0);
  for (let i = r.events.length - 1; i >= 0; i--) if (r.events[i].type === 'completed') { out.completed_at = r.events[i].at; break; }
  const reasons = out.reasons;
  try {
    let spec: ExerciseSpec | undefined;
    if (r.exercise.source === 'course') {
      spec = await host.exercise(r.exercise.id, r.exercise.lang);
      if (!spec) return { ...out, reasons: [t.unknown_exercise(r.exercise.id, r.exercise.lang)] };
      if (spec.version !== r.exercise.version) return { ...out, reasons: [t.version(r.exercise.version, spec.version)] };
    } else {
      const s = specSchema.safeParse(r.exercise.spec);
      if (!s.success) return { ...out, reasons: [t.spec_invalid] };
      spec = s.data as ExerciseSpec;
      if ((await specHash(spec)) !== r.exercise.spec_sha256) return { ...out, reasons: [t.spec_hash] };
      const own = await linkExerciseId(spec);
      if (r.exercise.id !== own) return { ...out, reasons: [t.link_id(r.exercise.id, own)] };
      if (spec.version !== r.exercise.version) return { ...out, reasons: [t.version(r.exercise.version, spec.version)] };
    }
    if (spec.lab !== r.lab) return { ...out, reasons: [t.lab(r.lab, spec.lab)] };
    const inputSpecs = host.labInputs(spec.lab);
    if (!inputSpecs) return { ...out, reasons: [t.lab(r.lab, spec.lab)] };
    if ((await inputsHash(r.inputs)) !== r.inputs_sha256) reasons.push(t.inputs_hash);

    const replay = await host.run(spec.lab, r.inputs.texts, r.exercise.lang, r.inputs.view);
    if (!replay.ok) {
      // The replay runs in the receipt's language; its problems are told in the verifier's.
      const told = lang === r.exercise.lang ? replay : await host.run(spec.lab, r.inputs.texts, lang, r.inputs.view);
      reasons.push(t.replay(told.ok ? replay.message : told.message));
    }
    else {
      const ev = evaluateGoals(spec.goals, replay.result);
      spec.goals.forEach((g, i) => { if (!ev.results[i].met) reasons.push(t.goal_unmet(g.label)); });
      if (r.goals.length !== spec.goals.length) reasons.push(t.goals_count(r.goals.length, spec.goals.length));
      else r.goals.forEach((g, i) => {
        const now = ev.results[i];
        if (g.met !== now.met || canonicalJson(g.value ?? null) !== canonicalJson(jsonValue(now.actual))) reasons.push(t.goal_recorded(spec.goals[i].label));
      });
    }

    const start = await host.startTexts(spec, r.exercise.lang);
    const label = (input: string) => inputLabel(inputSpecs, input, lang);
    for (const c of fixedChanges(start, r.inputs.texts, inputSpecs, spec.open)) reasons.push(t.fixed(exerciseMsg(lang).fixed_change(c, label(c.input))));
    const prints = await fingerprints(r.inputs.texts, inputSpecs, spec.open, start);
    for (const [input, h] of Object.entries(r.fingerprints)) if (prints[input] !== h) reasons.push(t.fingerprint(label(input)));
    for (const input of Object.keys(prints)) if (!(input in r.fingerprints)) reasons.push(t.fingerprint(label(input)));

    spec.questions.forEach((q, i) => {
      const mine = r.answers.filter((a) => a.question === i);
      if (mine.length !== 1) return reasons.push(t.answer_missing(i + 1));
      const opt = q.options[mine[0].choice];
      if (!opt || opt.text !== mine[0].text) return reasons.push(t.answer_edited(i + 1));
      if (!opt.correct) reasons.push(t.answer_wrong(i + 1));
    });
    if (r.answers.some((a) => a.question >= spec.questions.length)) reasons.push(t.answer_edited(r.answers.find((a) => a.question >= spec.questions.length)!.question + 1));

    const last = [...r.events].reverse().find((e) => e.type !== 'started');
    if (!last || last.type !== 'completed') reasons.push(t.not_completed);
    const times = [...r.events.map((e) => Date.parse(e.at)), Date.parse(r.issued_at)];
    if (times.some((x, i) => i > 0 && x < times[i - 1])) reasons.push(t.times);
  } catch (err) {
    reasons.push(t.replay(err instanceof Error ? err.message : String(err)));
  }
  return { ...out, valid: reasons.length === 0, reasons };
}

/** Where a problem is, in words ("línea 3, campo v"), or null when the issue names no line and no field. */
function where(iss: Pick<InputIssue, 'line' | 'column' | 'field'>, lang: Lang): string | null {
  const v = coreMsg(lang).validation;
  const parts: string[] = [];
  if (iss.line !== undefined) parts.push(iss.column !== undefined ? v.line_column(iss.line, iss.column) : v.line(iss.line));
  if (iss.field) parts.push(v.field(iss.field));
  return parts.length ? parts.join(', ') : null;
}

/**
 * Verifies a receipt file's text (the CLI's and the syllabus page's entry point): text that is not
 * JSON, or JSON that is not a receipt, is invalid with the first problem's line, field and message
 * in `lang` (the project's plain messages, labs/core/contract/parse.ts); a receipt is then checked
 * by verifyReceipt. A byte-order mark is ignored. Never throws.
 */
export async function verifyReceiptText(text: string, host: VerifyHost, lang: Lang): Promise<Verification> {
  const t = exerciseMsg(lang).receipt;
  const { parseJsonText, stripBom } = await import('./parse.ts');
  let syntaxOk = true;
  try {
    JSON.parse(stripBom(text));
  } catch {
    syntaxOk = false;
  }
  const parsed = parseJsonText(text, receiptSchema, t.input_name, lang);
  if (parsed.ok) return verifyReceipt(parsed.value, host, lang);
  const iss = parsed.issues[0];
  const reason = syntaxOk ? t.not_receipt(where(iss, lang), iss.message) : t.not_json(where(iss, lang), iss.message);
  return { valid: false, id: '', version: null, lang: null, completed_at: null, tries: null, reasons: [reason] };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The CSV summary of verifications (header in `lang`, one row per file; the reason column holds the first reason). */
export function verificationCsv(rows: readonly { file: string; v: Verification }[], lang: Lang): string {
  const t = exerciseMsg(lang).receipt;
  const lines = [t.summary_header];
  for (const { file, v } of rows) {
    lines.push([file, v.id, v.version === null ? '' : String(v.version), v.lang ?? '', v.valid ? 'true' : 'false', v.completed_at ?? '', v.tries === null ? '' : String(v.tries), v.reasons.join(' | ')].map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The one-line summary of a verification, as the CLI prints it. */
export function verificationLine(file: string, v: Verification, lang: Lang): string {
  const t = exerciseMsg(lang).receipt;
  const what = v.id ? ` ${v.id} v${v.version ?? '?'} (${v.lang ?? '?'})` : '';
  if (v.valid) return `${t.valid}: ${file}${what}, ${v.completed_at ?? ''}, ${t.tries(v.tries ?? 0)}`;
  return `${t.invalid}: ${file}${what}: ${v.reasons.join('; ')}`;
}
