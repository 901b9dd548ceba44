/**
 * The normalization controls of the rubric lab edit the rubric TEXT: they parse it, change one
 * field of `normalization`, and write it back with 2-space indentation. The editor stays the
 * single source of truth (what the learner sees is what the engine reads, and what a share link
 * or an exercise carries). These helpers are pure; they never compute a metric.
 */

export const KNOWN_STEPS = ['strip', 'nfc', 'case_fold', 'strip_trailing_period', 'collapse_whitespace'] as const;
export type StepName = (typeof KNOWN_STEPS)[number];
export type CaseFoldMode = 'casefold' | 'lower';

export interface PipelineStepView {
  step: StepName;
  /** Position in the rubric's list, or -1 when the rubric does not list the step. */
  index: number;
  enabled: boolean;
  mode?: CaseFoldMode;
}

export type PipelineView =
  | { ok: true; steps: PipelineStepView[]; normalizeExpected: boolean }
  | { ok: false; reason: 'invalid_json' | 'bad_shape' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses the rubric text far enough to edit its pipeline; the lab's schema does the real check. */
function readRubric(text: string): { ok: true; rubric: Obj; steps: Obj[] } | { ok: false; reason: 'invalid_json' | 'bad_shape' } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid_json' };
  }
  if (!isObj(v)) return { ok: false, reason: 'bad_shape' };
  const norm = v.normalization;
  if (norm !== undefined && !isObj(norm)) return { ok: false, reason: 'bad_shape' };
  const steps = norm?.steps ?? [];
  if (!Array.isArray(steps) || !steps.every(isObj)) return { ok: false, reason: 'bad_shape' };
  return { ok: true, rubric: v, steps: steps as Obj[] };
}

/**
 * What the controls show: the known steps in the rubric's order, then the known steps it does not
 * list (index -1, unchecked). A step without `enabled` is on (the schema's default); case_fold
 * without `mode` is full case folding. Unknown step names are left alone (the schema reports them).
 */
export function readPipeline(text: string): PipelineView {
  const r = readRubric(text);
  if (!r.ok) return r;
  const out: PipelineStepView[] = [];
  const seen = new Set<string>();
  r.steps.forEach((s, index) => {
    const name = s.step;
    if (typeof name !== 'string' || !(KNOWN_STEPS as readonly string[]).includes(name) || seen.has(name)) return;
    seen.add(name);
    const view: PipelineStepView = { step: name as StepName, index, enabled: s.enabled !== false };
    if (name === 'case_fold') view.mode = s.mode === 'lower' ? 'lower' : 'casefold';
    out.push(view);
  });
  for (const name of KNOWN_STEPS) if (!seen.has(name)) out.push({ step: name, index: -1, enabled: false });
  const norm = r.rubric.normalization as Obj | undefined;
  return { ok: true, steps: out, normalizeExpected: norm?.normalize_expected !== false };
}

function write(rubric: Obj, steps: Obj[], patch: Obj = {}): string {
  const norm = isObj(rubric.normalization) ? rubric.normalization : {};
  rubric.normalization = { ...norm, steps, ...patch };
  return JSON.stringify(rubric, null, 2) + '\n';
}

/**
 * Switches a step on or off in the rubric text. Every entry with that step name is changed; a step
 * the rubric does not list is appended at the end of the pipeline when switched on. Returns the
 * text unchanged when it cannot be parsed.
 */
export function setStepEnabled(text: string, step: StepName, enabled: boolean): string {
  const r = readRubric(text);
  if (!r.ok) return text;
  let found = false;
  const steps = r.steps.map((s) => {
    if (s.step !== step) return s;
    found = true;
    return { ...s, enabled };
  });
  if (!found) {
    if (!enabled) return text;
    steps.push(step === 'case_fold' ? { step, enabled: true, mode: 'casefold' } : { step, enabled: true });
  }
  return write(r.rubric, steps);
}

/** Sets case_fold's mode ('lower' or full Unicode 'casefold'); no-op when the rubric lists no case_fold step. */
export function setCaseFoldMode(text: string, mode: CaseFoldMode): string {
  const r = readRubric(text);
  if (!r.ok || !r.steps.some((s) => s.step === 'case_fold')) return text;
  return write(r.rubric, r.steps.map((s) => (s.step === 'case_fold' ? { ...s, mode } : s)));
}

/** Sets normalization.normalize_expected. */
export function setNormalizeExpected(text: string, on: boolean): string {
  const r = readRubric(text);
  if (!r.ok) return text;
  return write(r.rubric, r.steps, { normalize_expected: on });
}
