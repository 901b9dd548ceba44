/**
 * The one shape of a gate condition. Every lab's decision is a list of GateChecks, rendered by one
 * checklist component on the page and one table in decision.md:
 *
 *   { id, subject?, value, threshold, comparator, status, reason, value_reason? }
 *
 * `status` is 'pass' when `value comparator threshold` holds, 'fail' when it does not, and
 * 'undefined' when the value itself is undefined (null): an undefined value never passes (the gate
 * fails closed, visibly). `reason` is the lab's reason code for a check that does not pass (null
 * when it passes); `value_reason` says why the value is undefined. A check with `blocking: false`
 * (a soft gate) never changes the verdict: when it does not pass, its reason is a warning.
 */
import type { Maybe } from '../stats/maybe.ts';
import { atLeast, atMost, sameProbability } from '../stats/tolerance.ts';
import type { Decision } from './types.ts';

export type Comparator = '>=' | '<=' | '>' | '<' | '==';
export type CheckStatus = 'pass' | 'fail' | 'undefined';

export interface GateCheck<Id extends string = string, Reason extends string = string> {
  /** What is checked (a code: 'recall_at_k', 'weighted_quality'...). */
  id: Id;
  /** What the check is about when the same id repeats (a slice, an evaluator id): data, shown as text. */
  subject?: string;
  value: number | null;
  threshold: number;
  comparator: Comparator;
  status: CheckStatus;
  /** Reason code when status is not 'pass', else null. */
  reason: Reason | null;
  /** Why `value` is undefined (a reason code), when it is. */
  value_reason?: string | null;
  /** false for a soft gate: it warns and never blocks (default: blocking). */
  blocking?: false;
}

/**
 * Whether `value comparator threshold` holds. `>=`, `<=` and `==` count a value within core's one
 * tolerance of the threshold (PROBABILITY_TOLERANCE, labs/core/stats/tolerance.ts, scaled for
 * |x| > 1) as equal to it; `>` and `<` are strict.
 */
export function compare(value: number, comparator: Comparator, threshold: number): boolean {
  switch (comparator) {
    case '>=': return atLeast(value, threshold);
    case '<=': return atMost(value, threshold);
    case '>': return value > threshold;
    case '<': return value < threshold;
    case '==': return value === threshold || sameProbability(value, threshold);
  }
}

/**
 * Builds a check. `value` is a number, null, or a Maybe (its reason becomes `value_reason`).
 * `failReason` is used when the comparison fails; `undefinedReason` (default: failReason) when the
 * value is undefined.
 */
export function gateCheck<Id extends string, Reason extends string>(args: {
  id: Id;
  subject?: string;
  value: number | null | Maybe;
  comparator: Comparator;
  threshold: number;
  failReason: Reason;
  undefinedReason?: Reason;
  /** false for a soft gate (see GateCheck.blocking). */
  blocking?: boolean;
}): GateCheck<Id, Reason> {
  const m = args.value;
  const value = m === null || typeof m === 'number' ? m : m.value;
  const valueReason = m !== null && typeof m === 'object' ? m.reason : null;
  const status: CheckStatus = value === null ? 'undefined' : compare(value, args.comparator, args.threshold) ? 'pass' : 'fail';
  return {
    id: args.id,
    ...(args.subject !== undefined ? { subject: args.subject } : {}),
    value,
    threshold: args.threshold,
    comparator: args.comparator,
    status,
    reason: status === 'pass' ? null : status === 'undefined' ? (args.undefinedReason ?? args.failReason) : args.failReason,
    ...(value === null ? { value_reason: valueReason } : {}),
    ...(args.blocking === false ? { blocking: false as const } : {}),
  };
}

/**
 * The decision of a list of checks (core's one Decision shape): verdict 'pass' iff every blocking
 * check passes (an undefined value never passes, so the gate fails closed). `reasons` are the
 * blocking checks' reason codes, `warnings` the non-blocking ones' (each deduplicated, in order).
 * An empty list passes with no reasons.
 */
export function verdictOf<Reason extends string>(checks: readonly GateCheck<string, Reason>[]): Decision<Reason> & { warnings: Reason[] } {
  const reasons: Reason[] = [];
  const warnings: Reason[] = [];
  for (const c of checks) {
    if (c.reason === null) continue;
    const into = c.blocking === false ? warnings : reasons;
    if (!into.includes(c.reason)) into.push(c.reason);
  }
  return { verdict: checks.every((c) => c.blocking === false || c.status === 'pass') ? 'pass' : 'fail', reasons, warnings };
}
