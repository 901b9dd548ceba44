/**
 * Exercise goals: declarative checks on a lab's scorecard (its `run` result), e.g.
 *   { "path": "aggregate.exam_score", "op": ">=", "value": 0.92 }
 * The page evaluates them live on every new result; the same function runs in tests and could run
 * in the CLI. Goals are untrusted input (they travel in exercise links), so they are zod-checked
 * and evaluated without `eval`: a path (paths.ts) is a dotted list of keys, array indices for tuples,
 * and `list[field=id]` steps that pick a case or an item by its id, never by its position.
 */
import { z } from 'zod';
import { isPath, lookupPath } from './paths.ts';

/** Comparison operators. `undefined` / `defined` test for null (an undefined metric) or absence. */
export const GOAL_OPS = ['>=', '<=', '>', '<', '==', '!=', 'includes', 'excludes', 'undefined', 'defined'] as const;
export type GoalOp = (typeof GOAL_OPS)[number];

const pathSchema = z
  .string()
  .min(1)
  .max(300)
  .refine(isPath, 'path: keys separated by dots, with list[field=id] to pick an element by id, e.g. decision.verdict or items[item=pl-01].score');

export const goalSchema = z.object({
  /** Where in the scorecard (paths.ts): keys separated by dots, `list[field=id]` for a case by id. */
  path: pathSchema,
  op: z.enum(GOAL_OPS),
  /** Compared value; not used by `undefined` / `defined`. */
  value: z.union([z.number(), z.string().max(200), z.boolean(), z.null()]).optional(),
  /** What the learner reads, in the exercise's language. */
  label: z.string().min(1).max(300),
  /** Absolute tolerance for `==` / `!=` on numbers (default 1e-9). */
  tolerance: z.number().min(0).max(1).optional(),
  /**
   * A check that has to look at the fix itself (the setting, the value or the case that solves the
   * exercise). It runs like any other goal, but the page shows it only after completion, beside the
   * solution: a visible goal states an outcome, never the fix.
   */
  hidden: z.boolean().optional(),
});
export type Goal = z.infer<typeof goalSchema>;

export type GoalStatus = 'met' | 'not_met' | 'missing';

export interface GoalResult {
  met: boolean;
  status: GoalStatus;
  /** The value found at `path` (undefined when the path does not exist). */
  actual: unknown;
  /** When status is 'missing' because the path names an id that no element has: that field and id. */
  missing_id?: { field: string; value: string };
}

/** The value at `path` in a scorecard (paths.ts), or undefined when it is not there. */
export { readPath } from './paths.ts';

/**
 * Evaluates one goal against a scorecard.
 * Conventions: a missing path is `missing` (not met; `missing_id` says which id no element has, e.g.
 * the learner deleted that case); an undefined metric (null) never satisfies a
 * numeric comparison (undefined is not zero), only `undefined`; `includes` / `excludes` test array
 * membership (strict equality) or substring for strings; numbers compare with `tolerance` for
 * `==` / `!=`.
 */
export function evaluateGoal(goal: Goal, scorecard: unknown): GoalResult {
  const found = lookupPath(scorecard, goal.path);
  const actual = found.found ? found.value : undefined;
  const missing: GoalResult = { met: false, status: 'missing', actual: undefined, ...(found.found === false && found.reason === 'missing_id' ? { missing_id: { field: found.field, value: found.value } } : {}) };
  const done = (met: boolean): GoalResult => ({ met, status: met ? 'met' : 'not_met', actual });
  if (goal.op === 'defined') return actual === undefined ? missing : done(actual !== null);
  if (actual === undefined) return missing;
  if (goal.op === 'undefined') return done(actual === null);
  const v = goal.value;
  switch (goal.op) {
    case '>=': case '<=': case '>': case '<': {
      if (typeof actual !== 'number' || typeof v !== 'number' || Number.isNaN(actual)) return done(false);
      if (goal.op === '>=') return done(actual >= v);
      if (goal.op === '<=') return done(actual <= v);
      if (goal.op === '>') return done(actual > v);
      return done(actual < v);
    }
    case '==': case '!=': {
      const tol = goal.tolerance ?? 1e-9;
      const eq = typeof actual === 'number' && typeof v === 'number' ? Math.abs(actual - v) <= tol : actual === v;
      return done(goal.op === '==' ? eq : !eq);
    }
    case 'includes': case 'excludes': {
      let has: boolean;
      if (Array.isArray(actual)) has = actual.some((x) => x === v);
      else if (typeof actual === 'string' && typeof v === 'string') has = actual.includes(v);
      else return done(false);
      return done(goal.op === 'includes' ? has : !has);
    }
  }
}

/**
 * Whether the page shows a goal's current value next to its met / not-yet state. Not for a goal
 * whose path is missing (the state says so), nor for a goal on a yes/no field compared with `==`
 * or `!=` against `true` / `false`: there the value follows from the state, and the raw value of a
 * goal that asks for `false` reads as the opposite of its sentence ("hybrid_rerank … fails the
 * gate. (not yet; current value: yes)", where "yes" is the field `passes_gate`). Every other
 * goal (numbers, strings, lists, `defined` / `undefined`) shows it.
 * @param goal the goal as the exercise defines it.
 * @param result its evaluation (evaluateGoal).
 */
export function showsCurrentValue(goal: Goal, result: GoalResult): boolean {
  if (result.status === 'missing') return false;
  if ((goal.op === '==' || goal.op === '!=') && typeof goal.value === 'boolean' && typeof result.actual === 'boolean') return false;
  return true;
}

/** Evaluates every goal; `allMet` is false for an empty list (an exercise needs at least one goal). */
export function evaluateGoals(goals: readonly Goal[], scorecard: unknown): { results: GoalResult[]; allMet: boolean } {
  const results = goals.map((g) => evaluateGoal(g, scorecard));
  return { results, allMet: results.length > 0 && results.every((r) => r.met) };
}

/** Fields that identify an element of a scorecard list, in order of preference. */
export const ID_FIELDS = ['case_id', 'item', 'variant_id', 'evaluator_id', 'run_id', 'criterion', 'slice', 'id'] as const;

/**
 * The field that identifies the elements of a list: the first of ID_FIELDS that every element has,
 * as a string or number without ']' and with no two elements alike; null when there is none.
 */
export function idField(list: readonly unknown[]): string | null {
  if (list.length === 0 || !list.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) return null;
  for (const f of ID_FIELDS) {
    const vals = list.map((x) => (x as Record<string, unknown>)[f]);
    if (vals.every((v) => (typeof v === 'string' || typeof v === 'number') && !String(v).includes(']')) && new Set(vals.map(String)).size === vals.length) return f;
  }
  return null;
}

/**
 * The scorecard's leaves that can become goals (numbers, booleans, strings and nulls), as
 * [path, value] pairs, for the instructor's "create an exercise from this state" panel. Arrays
 * longer than `maxArray` items are cut (a per-case list is not a goal); depth is limited.
 */
export function goalCandidates(scorecard: unknown, maxArray = 12, maxDepth = 6, limit = 400): [string, number | string | boolean | null][] {
  const out: [string, number | string | boolean | null][] = [];
  const walk = (v: unknown, path: string, depth: number) => {
    if (out.length >= limit) return;
    if (v === null || typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 120)) {
      if (path) out.push([path, v as number | string | boolean | null]);
      return;
    }
    if (depth >= maxDepth || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      if (v.length > maxArray) return;
      const field = idField(v);
      v.forEach((x, i) => {
        // An element with an id is addressed by it (a position silently moves when the list is edited).
        const step = field ? `[${field}=${String((x as Record<string, unknown>)[field])}]` : `.${i}`;
        walk(x, path ? `${path}${step}` : field ? '' : String(i), depth + 1);
      });
      return;
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (!/^[A-Za-z0-9_-]+$/.test(k)) continue;
      walk(x, path ? `${path}.${k}` : k, depth + 1);
    }
  };
  walk(scorecard, '', 0);
  return out;
}
