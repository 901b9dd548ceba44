/**
 * Exercise goals: declarative checks on a lab's scorecard (its `run` result), e.g.
 *   { "path": "aggregate.exam_score", "op": ">=", "value": 0.92 }
 * The page evaluates them live on every new result; the same function runs in tests and could run
 * in the CLI. Goals are untrusted input (they travel in exercise links), so they are zod-checked
 * and evaluated without `eval`: a path is the path syntax of ./paths.ts (object keys, array indices,
 * and elements addressed by id, e.g. `per_case[case_id=rag_003].recall_at_k`), so a goal on a case
 * the learner deleted is missing (unmet) instead of silently reading another case.
 */
import { z } from 'zod';
import { isPath, lookupPath } from './paths.ts';

/** Comparison operators. `undefined` / `defined` test for null (an undefined metric) or absence. */
export const GOAL_OPS = ['>=', '<=', '>', '<', '==', '!=', 'includes', 'excludes', 'undefined', 'defined'] as const;
export type GoalOp = (typeof GOAL_OPS)[number];

const pathSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(isPath, 'path: keys separated by dots, elements by id, e.g. decision.verdict or per_case[case_id=rag_003].recall_at_k');

export const goalSchema = z.object({
  /** Where in the scorecard: keys (and array elements by id) separated by dots. */
  path: pathSchema,
  op: z.enum(GOAL_OPS),
  /** Compared value; not used by `undefined` / `defined`. */
  value: z.union([z.number(), z.string().max(200), z.boolean(), z.null()]).optional(),
  /** What the learner reads, in the exercise's language. */
  label: z.string().min(1).max(300),
  /** Absolute tolerance for `==` / `!=` on numbers (default 1e-9). */
  tolerance: z.number().min(0).max(1).optional(),
});
export type Goal = z.infer<typeof goalSchema>;

export type GoalStatus = 'met' | 'not_met' | 'missing';

export interface GoalResult {
  met: boolean;
  status: GoalStatus;
  /** The value found at `path` (undefined when the path does not exist). */
  actual: unknown;
}

/**
 * Reads `path` ("a.b.3.c", "per_case[case_id=rag_003].recall_at_k") from a plain object (./paths.ts).
 * Returns undefined when a step or an id is missing (never throws); own properties only, so
 * "__proto__" or "constructor" never reach the prototype.
 */
export function readPath(obj: unknown, path: string): unknown {
  const r = lookupPath(obj, path);
  return r.found ? r.value : undefined;
}

/**
 * Evaluates one goal against a scorecard.
 * Conventions: a missing path is `missing` (not met); an undefined metric (null) never satisfies a
 * numeric comparison (undefined is not zero), only `undefined`; `includes` / `excludes` test array
 * membership (strict equality) or substring for strings; numbers compare with `tolerance` for
 * `==` / `!=`.
 */
export function evaluateGoal(goal: Goal, scorecard: unknown): GoalResult {
  const actual = readPath(scorecard, goal.path);
  const done = (met: boolean): GoalResult => ({ met, status: met ? 'met' : 'not_met', actual });
  if (goal.op === 'defined') return actual === undefined ? { met: false, status: 'missing', actual } : done(actual !== null);
  if (actual === undefined) return { met: false, status: 'missing', actual };
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

/** Evaluates every goal; `allMet` is false for an empty list (an exercise needs at least one goal). */
export function evaluateGoals(goals: readonly Goal[], scorecard: unknown): { results: GoalResult[]; allMet: boolean } {
  const results = goals.map((g) => evaluateGoal(g, scorecard));
  return { results, allMet: results.length > 0 && results.every((r) => r.met) };
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
      v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i), depth + 1));
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
