/**
 * Grading an agent's trajectory, not only its last sentence (chapter 04). Each run gets per-step and
 * per-run checks against the policy, grouped into three scores, and the composite
 *
 *   S_run = w_y S_y + w_t S_t + w_p S_p + w_o S_o - lambda C_n - mu L_n
 *
 * with every term shown (scorecard `terms`, each already multiplied by its weight, so the terms add
 * up to S_run):
 *   answer   w_y S_y   S_y: the final answer's score (from the output grader), in [0, 1]; undefined
 *                      without a final answer or without a score
 *   tools    w_t S_t   S_t: share of passed trajectory checks: each required tool called successfully
 *                      (required_tool_called), the required order of their first successful calls
 *                      (required_order), each call's tool among allowed_tools (tool_allowed, when the
 *                      policy lists them), each call's required arguments present and not empty
 *                      (arguments_complete, for tools with a rule), each successful call returning an
 *                      observation (observation_present)
 *   process  w_p S_p   S_p: share of passed policy checks: each call of a tool in required_approvals
 *                      preceded by a granted approval step for it, not yet used by an earlier successful
 *                      call (approval_present); each call's tool not forbidden (tool_not_forbidden, when
 *                      the policy forbids any); handoffs and models among the allowed ones, when listed
 *   outcome  w_o S_o   S_o: share of passed operation checks: the run ends with a final answer
 *                      (ends_with_final_answer), steps and retries within budget (when set), each retry
 *                      following a failure of the same step kind and tool (retry_justified), each
 *                      failure followed by a successful retry (error_recovered)
 *   cost     -lambda C_n   C_n = total cost / budgets.max_cost_eur
 *   latency  -mu L_n       L_n = total latency (sum of the steps) / budgets.max_latency_ms
 * A score with no checks is undefined ('no_checks'). A term with weight 0 contributes 0 whatever
 * its score; a weighted term whose score is undefined makes S_run undefined, and the S_run floor then
 * fails closed. The run's verdict comes from blocking rules (decision.ts), not from S_run alone: a
 * run that answers well but skips a required approval fails.
 */
import type { Maybe } from '../core/stats/maybe.ts';
import { defined, flattenMaybe, ratio, undef } from '../core/stats/maybe.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import { compare, verdictOf } from '../core/contract/gate_check.ts';
import type { Decision } from '../core/contract/types.ts';
import type { TraceCheckId, TraceReason, TraceStepCheckId, TraceTerm, TraceUndefinedReason } from './i18n/index.ts';
import type { StepType, TraceInput, TracePolicy, TraceRun, TraceStep } from './schema.ts';
import { runChecks } from './decision.ts';

type UR = TraceUndefinedReason;
type M = Maybe<UR>;

/** The view: the run shown in the timeline (null: the first run). */
export interface TraceView {
  run: string | null;
}

/** One check of a step or of the run; `term` is the score it counts in. */
export interface StepCheck {
  id: TraceStepCheckId;
  term: 'tools' | 'process' | 'outcome';
  passed: boolean;
  /** The tool or target the check is about, when the id repeats (e.g. each required tool). */
  subject?: string;
}

export interface StepResult {
  index: number;
  step_id: string;
  type: StepType;
  tool: string | null;
  status: 'ok' | 'error';
  retry: boolean;
  approval: 'granted' | 'denied' | null;
  latency_ms: number;
  cost_eur: number;
  arguments: { name: string; value: unknown }[] | null;
  /** The observation as text (JSON for anything but a string). */
  observation: string | null;
  model: string | null;
  to: string | null;
  text: string | null;
  score: number | null;
  checks: StepCheck[];
  /** 'fail' when any check of the step fails, 'pass' when all pass, 'none' without checks. */
  verdict: 'pass' | 'fail' | 'none';
}

export interface TermDetail {
  term: TraceTerm;
  symbol: 'S_y' | 'S_t' | 'S_p' | 'S_o' | 'C_n' | 'L_n';
  /** w_y..w_o, lambda or mu. */
  weight: number;
  /** The score or the normalized quantity (null when undefined). */
  score: number | null;
  passed_checks: number | null;
  total_checks: number | null;
  /** weight · score (negative for cost and latency); null when S_run cannot use it. */
  contribution: number | null;
}

export interface RunResult {
  run_id: string;
  description: string | null;
  s_run: number | null;
  /** The run's decision: verdictOf(checks). */
  decision: Decision<TraceReason>;
  /** Each term already weighted: S_run = answer + tools + process + outcome + cost + latency. */
  terms: Record<TraceTerm, number | null>;
  term_details: TermDetail[];
  scores: { S_y: number | null; S_t: number | null; S_p: number | null; S_o: number | null; C_n: number; L_n: number };
  cost_eur: number;
  latency_ms: number;
  steps_count: number;
  tool_calls: number;
  retries: number;
  missing_approvals: number;
  forbidden_tool_calls: number;
  final_answer: boolean;
  steps: StepResult[];
  /** Checks of the run as a whole (required tools, order, clean finish, budgets). */
  run_checks: StepCheck[];
  checks: GateCheck<TraceCheckId, TraceReason>[];
  undefined_metrics: Partial<Record<string, UR>>;
}

export interface TraceHeavy {
  policy_id: string | null;
  task: string | null;
  weights: TracePolicy['weights'] & { lambda: number; mu: number };
  budgets: TracePolicy['budgets'];
  min_s_run: number;
  runs: RunResult[];
  summary: { runs: number; passed: number; failed: number; failed_despite_s_run: string[] };
}

export interface TraceResult extends TraceHeavy {
  focus: { run_id: string; requested_run: string | null; requested_found: boolean };
  checks: GateCheck<TraceCheckId, TraceReason>[];
  decision: Decision<TraceReason>;
}

function observationText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function nonEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

const sameKind = (a: TraceStep, b: TraceStep) => a.type === b.type && a.tool === b.tool;

/** Grades one run (module comment). */
export function gradeRun(run: TraceRun, policy: TracePolicy): RunResult {
  const steps = run.steps;
  const allowed = policy.allowed_tools ? new Set(policy.allowed_tools) : null;
  const forbidden = new Set(policy.forbidden_tools);
  const needsApproval = new Set(policy.required_approvals);
  const argRules = new Map(policy.required_arguments.map((r) => [r.tool, r.arguments]));
  const allowedHandoffs = policy.allowed_handoffs ? new Set(policy.allowed_handoffs) : null;
  const allowedModels = policy.allowed_models ? new Set(policy.allowed_models) : null;
  const grants = new Map<string, number>();
  const firstOk = new Map<string, number>();
  const results: StepResult[] = [];
  let cost = 0;
  let latency = 0;
  let toolCalls = 0;
  let retries = 0;
  let missingApprovals = 0;
  let forbiddenCalls = 0;
  steps.forEach((s, i) => {
    cost += s.cost_eur;
    latency += s.latency_ms;
    const checks: StepCheck[] = [];
    if (s.retry) retries++;
    if (s.type === 'approval' && s.tool !== null && s.approval === 'granted') grants.set(s.tool, (grants.get(s.tool) ?? 0) + 1);
    if (s.type === 'tool_call' && s.tool !== null) {
      toolCalls++;
      const tool = s.tool;
      if (allowed) checks.push({ id: 'tool_allowed', term: 'tools', passed: allowed.has(tool) });
      const rule = argRules.get(tool);
      if (rule) {
        const given = new Map((s.arguments ?? []).map((a) => [a.name, a.value]));
        checks.push({ id: 'arguments_complete', term: 'tools', passed: rule.every((a) => given.has(a) && nonEmpty(given.get(a))) });
      }
      if (s.status === 'ok') checks.push({ id: 'observation_present', term: 'tools', passed: nonEmpty(s.observation) });
      if (needsApproval.has(tool)) {
        const g = grants.get(tool) ?? 0;
        checks.push({ id: 'approval_present', term: 'process', passed: g > 0 });
        if (g === 0) missingApprovals++;
        else if (s.status === 'ok') grants.set(tool, g - 1);
      }
      if (forbidden.size) {
        const bad = forbidden.has(tool);
        checks.push({ id: 'tool_not_forbidden', term: 'process', passed: !bad });
        if (bad) forbiddenCalls++;
      }
      if (s.status === 'ok' && !firstOk.has(tool)) firstOk.set(tool, i);
    }
    if (s.type === 'handoff' && allowedHandoffs) checks.push({ id: 'handoff_allowed', term: 'process', passed: s.to !== null && allowedHandoffs.has(s.to) });
    if (s.type === 'model_call' && allowedModels) checks.push({ id: 'model_allowed', term: 'process', passed: s.model !== null && allowedModels.has(s.model) });
    if (s.retry) {
      let prev = -1;
      for (let k = i - 1; k >= 0; k--) if (sameKind(steps[k], s)) { prev = k; break; }
      checks.push({ id: 'retry_justified', term: 'outcome', passed: prev >= 0 && steps[prev].status === 'error' });
    }
    if (s.status === 'error') {
      let recovered = false;
      for (let k = i + 1; k < steps.length; k++) if (sameKind(steps[k], s) && steps[k].retry && steps[k].status === 'ok') { recovered = true; break; }
      checks.push({ id: 'error_recovered', term: 'outcome', passed: recovered });
    }
    results.push({
      index: i,
      step_id: s.step_id,
      type: s.type,
      tool: s.tool,
      status: s.status,
      retry: s.retry,
      approval: s.approval,
      latency_ms: s.latency_ms,
      cost_eur: s.cost_eur,
      arguments: s.arguments,
      observation: observationText(s.observation),
      model: s.model,
      to: s.to,
      text: s.text,
      score: s.score,
      checks,
      verdict: checks.length === 0 ? 'none' : checks.every((c) => c.passed) ? 'pass' : 'fail',
    });
  });

  const runLevel: StepCheck[] = [];
  for (const tool of policy.required_tools) runLevel.push({ id: 'required_tool_called', term: 'tools', passed: firstOk.has(tool), subject: tool });
  if (policy.required_order.length) {
    let ok = true;
    let last = -1;
    for (const tool of policy.required_order) {
      const at = firstOk.get(tool);
      if (at === undefined || at < last) { ok = false; break; }
      last = at;
    }
    runLevel.push({ id: 'required_order', term: 'tools', passed: ok });
  }
  const last = steps[steps.length - 1];
  runLevel.push({ id: 'ends_with_final_answer', term: 'outcome', passed: last.type === 'final_answer' });
  if (policy.budgets.max_steps !== null) runLevel.push({ id: 'steps_within_budget', term: 'outcome', passed: steps.length <= policy.budgets.max_steps });
  if (policy.budgets.max_retries !== null) runLevel.push({ id: 'retries_within_budget', term: 'outcome', passed: retries <= policy.budgets.max_retries });

  const all = [...runLevel, ...results.flatMap((r) => r.checks)];
  const share = (term: StepCheck['term']): { m: M; passed: number; total: number } => {
    const cs = all.filter((c) => c.term === term);
    const passed = cs.filter((c) => c.passed).length;
    return { m: ratio<UR>(passed, cs.length, 'no_checks'), passed, total: cs.length };
  };
  let finalIdx = -1;
  for (let k = steps.length - 1; k >= 0; k--) if (steps[k].type === 'final_answer') { finalIdx = k; break; }
  const sy: M = finalIdx < 0 ? undef('no_final_answer') : steps[finalIdx].score === null ? undef('final_answer_not_scored') : defined(steps[finalIdx].score!);
  const st = share('tools');
  const sp = share('process');
  const so = share('outcome');
  const cn = cost / policy.budgets.max_cost_eur;
  const ln = latency / policy.budgets.max_latency_ms;
  const w = policy.weights;
  const weighted = (weight: number, m: M): number | null => (weight === 0 ? 0 : m.value === null ? null : weight * m.value);
  const terms: Record<TraceTerm, number | null> = {
    answer: weighted(w.w_y, sy),
    tools: weighted(w.w_t, st.m),
    process: weighted(w.w_p, sp.m),
    outcome: weighted(w.w_o, so.m),
    cost: -policy.lambda * cn,
    latency: -policy.mu * ln,
  };
  const parts = Object.values(terms);
  const sRun: M = parts.some((v) => v === null) ? undef('depends_on_undefined') : defined((parts as number[]).reduce((a, b) => a + b, 0));
  const details: TermDetail[] = [
    { term: 'answer', symbol: 'S_y', weight: w.w_y, score: sy.value, passed_checks: null, total_checks: null, contribution: terms.answer },
    { term: 'tools', symbol: 'S_t', weight: w.w_t, score: st.m.value, passed_checks: st.passed, total_checks: st.total, contribution: terms.tools },
    { term: 'process', symbol: 'S_p', weight: w.w_p, score: sp.m.value, passed_checks: sp.passed, total_checks: sp.total, contribution: terms.process },
    { term: 'outcome', symbol: 'S_o', weight: w.w_o, score: so.m.value, passed_checks: so.passed, total_checks: so.total, contribution: terms.outcome },
    { term: 'cost', symbol: 'C_n', weight: policy.lambda, score: cn, passed_checks: null, total_checks: null, contribution: terms.cost },
    { term: 'latency', symbol: 'L_n', weight: policy.mu, score: ln, passed_checks: null, total_checks: null, contribution: terms.latency },
  ];
  const flat = flattenMaybe({ S_y: sy, S_t: st.m, S_p: sp.m, S_o: so.m, s_run: sRun });
  const partial = {
    run_id: run.run_id,
    s_run: sRun.value,
    cost_eur: cost,
    latency_ms: latency,
    missing_approvals: missingApprovals,
    forbidden_tool_calls: forbiddenCalls,
    final_answer: finalIdx >= 0,
    undefined_metrics: flat.reasons,
  };
  const checks = runChecks(partial, policy);
  return {
    run_id: run.run_id,
    description: run.description,
    s_run: sRun.value,
    decision: verdictOf(checks),
    terms,
    term_details: details,
    scores: { S_y: sy.value, S_t: st.m.value, S_p: sp.m.value, S_o: so.m.value, C_n: cn, L_n: ln },
    cost_eur: cost,
    latency_ms: latency,
    steps_count: steps.length,
    tool_calls: toolCalls,
    retries,
    missing_approvals: missingApprovals,
    forbidden_tool_calls: forbiddenCalls,
    final_answer: finalIdx >= 0,
    steps: results,
    run_checks: runLevel,
    checks,
    undefined_metrics: flat.reasons,
  };
}

/** Grades every run of the trace (the heavy part; it does not depend on the view). */
export function runTrace(input: TraceInput): TraceHeavy {
  const p = input.policy;
  const runs = input.runs.map((r) => gradeRun(r, p));
  const failedDespite = runs.filter((r) => r.decision.verdict === 'fail' && r.s_run !== null && compare(r.s_run, '>=', p.min_s_run)).map((r) => r.run_id);
  return {
    policy_id: p.policy_id,
    task: input.task,
    weights: { ...p.weights, lambda: p.lambda, mu: p.mu },
    budgets: { ...p.budgets },
    min_s_run: p.min_s_run,
    runs,
    summary: { runs: runs.length, passed: runs.filter((r) => r.decision.verdict === 'pass').length, failed: runs.filter((r) => r.decision.verdict === 'fail').length, failed_despite_s_run: failedDespite },
  };
}

/**
 * The cheap part (`select`): the run shown (the view's, if it exists, else the first); the top-level
 * checks are every run's blocking checks (subject = run_id) and the decision passes only when every
 * run passes.
 */
export function selectTrace(heavy: TraceHeavy, view: TraceView): TraceResult {
  const found = view.run !== null && heavy.runs.some((r) => r.run_id === view.run);
  const checks = heavy.runs.flatMap((r) => r.checks);
  return {
    ...heavy,
    focus: { run_id: found ? view.run! : heavy.runs[0].run_id, requested_run: view.run, requested_found: found },
    checks,
    decision: verdictOf(checks),
  };
}
