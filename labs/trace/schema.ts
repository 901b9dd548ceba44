/**
 * Inputs of the agent-trace lab (chapter 04):
 *
 *   trace   JSON  one or several agent runs, in any of three shapes: {task?, runs: [run, ...]}, an
 *                 array of runs, or a single run. A run is {run_id, description?, steps: [step, ...]};
 *                 a step is
 *                   {step_id?, type: model_call | tool_call | handoff | approval | final_answer,
 *                    tool?        (tool_call, approval: the tool it authorizes),
 *                    arguments?   (tool_call: an object {name: value}),
 *                    observation? (what came back: text or any JSON),
 *                    status?      ok (default) | error,
 *                    approval?    (approval steps: granted | denied),
 *                    retry?       true when the step repeats a failed one (default false),
 *                    latency_ms, cost_eur,
 *                    model?       (model_call), to? (handoff), text? and score? in [0, 1] (final_answer:
 *                                 the answer and its quality from the output grader, S_y)}
 *                 Steps without step_id get "s1", "s2"... by position.
 *   policy  JSON  {policy_id?, description?, required_tools, required_order, allowed_tools? (absent:
 *                 any tool is allowed), forbidden_tools, required_approvals (tools that need a granted
 *                 permission before each call), required_arguments [{tool, arguments}],
 *                 allowed_handoffs?, allowed_models?, budgets {max_cost_eur > 0, max_latency_ms > 0,
 *                 max_steps?, max_retries?}, weights {w_y, w_t, w_p, w_o} >= 0, lambda >= 0, mu >= 0,
 *                 min_s_run}.
 * Tool names, argument names and ids stay in arrays and Sets; "__proto__" is refused anywhere.
 * Nothing here throws on bad input.
 */
import { z } from 'zod';
import type { Lang, ParseOutcome } from '../core/contract/types.ts';
import { mergeFailures, parseJsonText } from '../core/contract/parse.ts';
import { guardProtoKeys } from '../core/contract/json_keys.ts';
import { traceMsg } from './i18n/index.ts';

export const STEP_TYPES = ['model_call', 'tool_call', 'handoff', 'approval', 'final_answer'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export interface TraceStep {
  step_id: string;
  type: StepType;
  tool: string | null;
  /** Argument names and values, in the order given. */
  arguments: { name: string; value: unknown }[] | null;
  observation: unknown;
  status: 'ok' | 'error';
  approval: 'granted' | 'denied' | null;
  retry: boolean;
  latency_ms: number;
  cost_eur: number;
  model: string | null;
  to: string | null;
  text: string | null;
  score: number | null;
}

export interface TraceRun {
  run_id: string;
  description: string | null;
  steps: TraceStep[];
}

export interface TracePolicy {
  policy_id: string | null;
  description: string | null;
  required_tools: string[];
  required_order: string[];
  allowed_tools: string[] | null;
  forbidden_tools: string[];
  required_approvals: string[];
  required_arguments: { tool: string; arguments: string[] }[];
  allowed_handoffs: string[] | null;
  allowed_models: string[] | null;
  budgets: { max_cost_eur: number; max_latency_ms: number; max_steps: number | null; max_retries: number | null };
  weights: { w_y: number; w_t: number; w_p: number; w_o: number };
  lambda: number;
  mu: number;
  min_s_run: number;
}

export interface TraceInput {
  task: string | null;
  runs: TraceRun[];
  policy: TracePolicy;
}

const name = z.string().min(1).max(200);

function stepSchema(lang: Lang) {
  const t = traceMsg(lang).validation;
  return z
    .object({
      step_id: name.optional(),
      type: z.enum(STEP_TYPES),
      tool: name.optional(),
      arguments: z.unknown().optional(),
      observation: z.unknown().optional(),
      status: z.enum(['ok', 'error']).default('ok'),
      approval: z.enum(['granted', 'denied']).optional(),
      retry: z.boolean().default(false),
      latency_ms: z.number().min(0),
      cost_eur: z.number().min(0),
      model: z.string().optional(),
      to: z.string().optional(),
      text: z.string().optional(),
      score: z.number().min(0).max(1).optional(),
    })
    .superRefine((s, ctx) => {
      if ((s.type === 'tool_call' || s.type === 'approval') && s.tool === undefined) ctx.addIssue({ code: 'custom', path: ['tool'], message: t.tool_needed(s.type) });
      if (s.type === 'approval' && s.approval === undefined) ctx.addIssue({ code: 'custom', path: ['approval'], message: t.approval_needed });
      if (s.score !== undefined && s.type !== 'final_answer') ctx.addIssue({ code: 'custom', path: ['score'], message: t.score_only_final });
      if (s.arguments !== undefined && (s.arguments === null || typeof s.arguments !== 'object' || Array.isArray(s.arguments))) ctx.addIssue({ code: 'custom', path: ['arguments'], message: t.arguments_object });
    });
}

function runSchema(lang: Lang) {
  const t = traceMsg(lang).validation;
  return z
    .object({ run_id: name, description: z.string().optional(), steps: z.array(stepSchema(lang)).min(1).max(10000) })
    .superRefine((r, ctx) => {
      const seen = new Set<string>();
      r.steps.forEach((s, i) => {
        const id = s.step_id ?? `s${i + 1}`;
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'step_id'], message: t.duplicate_step(id) });
        seen.add(id);
      });
    });
}

function runsSchema(lang: Lang) {
  const t = traceMsg(lang).validation;
  return z
    .array(runSchema(lang))
    .min(1)
    .max(1000)
    .superRefine((runs, ctx) => {
      const seen = new Set<string>();
      runs.forEach((r, i) => {
        if (seen.has(r.run_id)) ctx.addIssue({ code: 'custom', path: [i, 'run_id'], message: t.duplicate_run(r.run_id) });
        seen.add(r.run_id);
      });
    });
}

function policySchema(lang: Lang) {
  const t = traceMsg(lang).validation;
  const names = z.array(name).default([]);
  const w = z.number().min(0).max(1e6);
  return z
    .object({
      policy_id: z.string().optional(),
      description: z.string().optional(),
      required_tools: names,
      required_order: names,
      allowed_tools: z.array(name).optional(),
      forbidden_tools: names,
      required_approvals: names,
      required_arguments: z.array(z.object({ tool: name, arguments: z.array(name).min(1) })).default([]),
      allowed_handoffs: z.array(name).optional(),
      allowed_models: z.array(name).optional(),
      // budgets within meaningful ranges: a run's cost and latency are divided by them, and a budget
      // of 1e-300 gave ratios that overflow to Infinity (issue 23)
      budgets: z.object({
        max_cost_eur: z.number().refine((x) => x >= 1e-6 && x <= 1e6, { message: t.budget_cost }),
        max_latency_ms: z.number().refine((x) => x >= 1e-3 && x <= 1e9, { message: t.budget_latency }),
        max_steps: z.number().int().min(1).optional(),
        max_retries: z.number().int().min(0).optional(),
      }),
      weights: z.object({ w_y: w, w_t: w, w_p: w, w_o: w }),
      lambda: w,
      mu: w,
      min_s_run: z.number().min(-1e6).max(1e6),
    })
    .superRefine((p, ctx) => {
      const forbidden = new Set(p.forbidden_tools);
      p.required_tools.forEach((tool, i) => {
        if (forbidden.has(tool)) ctx.addIssue({ code: 'custom', path: ['required_tools', i], message: t.required_and_forbidden(tool) });
        if (p.allowed_tools && !p.allowed_tools.includes(tool)) ctx.addIssue({ code: 'custom', path: ['required_tools', i], message: t.required_not_allowed(tool) });
      });
      const ruled = new Set<string>();
      p.required_arguments.forEach((r, i) => {
        if (ruled.has(r.tool)) ctx.addIssue({ code: 'custom', path: ['required_arguments', i, 'tool'], message: t.duplicate_rule(r.tool) });
        ruled.add(r.tool);
      });
    });
}

type RawStep = z.output<ReturnType<typeof stepSchema>>;

function toStep(s: RawStep, i: number): TraceStep {
  const args = s.arguments as Record<string, unknown> | undefined;
  return {
    step_id: s.step_id ?? `s${i + 1}`,
    type: s.type,
    tool: s.tool ?? null,
    arguments: args === undefined ? null : Object.keys(args).map((k) => ({ name: k, value: args[k] })),
    observation: s.observation ?? null,
    status: s.status,
    approval: s.approval ?? null,
    retry: s.retry,
    latency_ms: s.latency_ms,
    cost_eur: s.cost_eur,
    model: s.model ?? null,
    to: s.to ?? null,
    text: s.text ?? null,
    score: s.score ?? null,
  };
}

/** The shape of a trace text: a file with runs, an array of runs, or one run (by its top-level keys). */
function traceShape(text: string): 'file' | 'array' | 'run' {
  try {
    const v: unknown = JSON.parse(text);
    if (Array.isArray(v)) return 'array';
    if (v !== null && typeof v === 'object' && !Object.prototype.hasOwnProperty.call(v, 'runs') && Object.prototype.hasOwnProperty.call(v, 'steps')) return 'run';
  } catch {
    // parseJsonText reports the syntax error
  }
  return 'file';
}

function parseTrace(text: string, lang: Lang): ParseOutcome<{ task: string | null; runs: TraceRun[] }> {
  const guard = traceMsg(lang).validation.reserved_key;
  const pack = (runs: z.output<ReturnType<typeof runSchema>>[]): TraceRun[] => runs.map((r) => ({ run_id: r.run_id, description: r.description ?? null, steps: r.steps.map(toStep) }));
  const shape = traceShape(text);
  if (shape === 'array') {
    const r = parseJsonText(text, guardProtoKeys(runsSchema(lang), guard), 'trace', lang);
    return r.ok ? { ok: true, value: { task: null, runs: pack(r.value) } } : r;
  }
  if (shape === 'run') {
    const r = parseJsonText(text, guardProtoKeys(runSchema(lang), guard), 'trace', lang);
    return r.ok ? { ok: true, value: { task: null, runs: pack([r.value]) } } : r;
  }
  const r = parseJsonText(text, guardProtoKeys(z.object({ task: z.string().optional(), runs: runsSchema(lang) }), guard), 'trace', lang);
  return r.ok ? { ok: true, value: { task: r.value.task ?? null, runs: pack(r.value.runs) } } : r;
}

/**
 * Reads the two texts into a TraceInput (module comment). Problems of both inputs are collected
 * together, each with its input, line and field, in `lang`. Never throws.
 */
export function parseTraceInput(texts: Record<string, string>, lang: Lang): ParseOutcome<TraceInput> {
  const trace = parseTrace(texts.trace ?? '', lang);
  const policy = parseJsonText(texts.policy ?? '', guardProtoKeys(policySchema(lang), traceMsg(lang).validation.reserved_key), 'policy', lang);
  if (!trace.ok || !policy.ok) return mergeFailures([trace, policy])!;
  const p = policy.value;
  return {
    ok: true,
    value: {
      task: trace.value.task,
      runs: trace.value.runs,
      policy: {
        policy_id: p.policy_id ?? null,
        description: p.description ?? null,
        required_tools: p.required_tools,
        required_order: p.required_order,
        allowed_tools: p.allowed_tools ?? null,
        forbidden_tools: p.forbidden_tools,
        required_approvals: p.required_approvals,
        required_arguments: p.required_arguments,
        allowed_handoffs: p.allowed_handoffs ?? null,
        allowed_models: p.allowed_models ?? null,
        budgets: { max_cost_eur: p.budgets.max_cost_eur, max_latency_ms: p.budgets.max_latency_ms, max_steps: p.budgets.max_steps ?? null, max_retries: p.budgets.max_retries ?? null },
        weights: p.weights,
        lambda: p.lambda,
        mu: p.mu,
        min_s_run: p.min_s_run,
      },
    },
  };
}
