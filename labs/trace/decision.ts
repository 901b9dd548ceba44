/**
 * The blocking rules of a run as GateChecks. A run passes only when every one holds; S_run is one
 * of them, so a well-scored run that breaks another rule still fails:
 *
 *   1. final answer present (1 == 1)            no_final_answer
 *   2. calls without a required approval <= 0   approval_missing
 *   3. calls to forbidden tools <= 0            forbidden_tool_used
 *   4. cost_eur <= budgets.max_cost_eur         cost_over_budget
 *   5. latency_ms <= budgets.max_latency_ms     latency_over_budget
 *   6. S_run >= min_s_run                       s_run_below_min | s_run_undefined (fails closed)
 *
 * This module imports nothing from engine.ts (the engine imports it): its inputs are declared here.
 */
import { gateCheck } from '../core/contract/gate_check.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { TraceCheckId, TraceReason } from './i18n/index.ts';
import type { TracePolicy } from './schema.ts';

/** What the rules read of a graded run. */
export interface RunGateInputs {
  run_id: string;
  s_run: number | null;
  cost_eur: number;
  latency_ms: number;
  missing_approvals: number;
  forbidden_tool_calls: number;
  final_answer: boolean;
  /** Why s_run is undefined (a reason code), when it is. */
  undefined_metrics: Partial<Record<string, string>>;
}

/** The blocking checks of one run (module comment), in that order; subject = run_id. */
export function runChecks(r: RunGateInputs, policy: TracePolicy): GateCheck<TraceCheckId, TraceReason>[] {
  const subject = r.run_id;
  return [
    gateCheck({ id: 'final_answer', subject, value: r.final_answer ? 1 : 0, comparator: '==', threshold: 1, failReason: 'no_final_answer' }),
    gateCheck({ id: 'missing_approvals', subject, value: r.missing_approvals, comparator: '<=', threshold: 0, failReason: 'approval_missing' }),
    gateCheck({ id: 'forbidden_tool_calls', subject, value: r.forbidden_tool_calls, comparator: '<=', threshold: 0, failReason: 'forbidden_tool_used' }),
    gateCheck({ id: 'cost_eur', subject, value: r.cost_eur, comparator: '<=', threshold: policy.budgets.max_cost_eur, failReason: 'cost_over_budget' }),
    gateCheck({ id: 'latency_ms', subject, value: r.latency_ms, comparator: '<=', threshold: policy.budgets.max_latency_ms, failReason: 'latency_over_budget' }),
    gateCheck({
      id: 's_run',
      subject,
      value: r.s_run === null ? { value: null, reason: r.undefined_metrics.s_run ?? 'depends_on_undefined' } : r.s_run,
      comparator: '>=',
      threshold: policy.min_s_run,
      failReason: 's_run_below_min',
      undefinedReason: 's_run_undefined',
    }),
  ];
}
