/** Exercise goals are checked on the scorecard; values here are written by hand. */
import { describe, expect, it } from 'vitest';
import { isLabId } from '../../labs/manifest.ts';
import { evaluateGoal, evaluateGoals, goalCandidates, goalSchema, readPath, type Goal } from '../../labs/core/contract/goals.ts';
import { exerciseLinkSchema } from '../../labs/core/contract/exercise.ts';

const card = {
  aggregate: { exam_score: 0.94, interval: [0.82, 1] },
  decision: { verdict: 'pass', reasons: ['hard_gate_met'] },
  metrics: { precision: null, cost: 8.5 },
  scan: [{ cost: 11.5 }, { cost: 12.5 }],
  per_case: [{ case_id: 'rag_001', recall_at_k: 1 }, { case_id: 'rag_003', recall_at_k: 0 }],
};
const g = (path: string, op: Goal['op'], value?: Goal['value']): Goal => ({ path, op, value, label: 'x' });

describe('readPath', () => {
  it('follows keys and array indices', () => {
    expect(readPath(card, 'aggregate.exam_score')).toBe(0.94);
    expect(readPath(card, 'scan.1.cost')).toBe(12.5);
    expect(readPath(card, 'scan.7.cost')).toBeUndefined();
    expect(readPath(card, 'nope.deeper')).toBeUndefined();
  });
  it('addresses array elements by id (paths.ts syntax)', () => {
    expect(readPath(card, 'per_case[case_id=rag_003].recall_at_k')).toBe(0);
    expect(readPath(card, 'per_case[case_id=rag_009].recall_at_k')).toBeUndefined();
  });
  it('never reaches the prototype', () => {
    expect(readPath(card, '__proto__')).toBeUndefined();
    expect(readPath(card, 'aggregate.constructor')).toBeUndefined();
  });
});

describe('evaluateGoal', () => {
  it('compares numbers', () => {
    expect(evaluateGoal(g('aggregate.exam_score', '>=', 0.92), card).met).toBe(true);
    expect(evaluateGoal(g('aggregate.exam_score', '>=', 0.95), card).met).toBe(false);
    expect(evaluateGoal(g('metrics.cost', '<', 8.5), card).met).toBe(false);
    expect(evaluateGoal(g('metrics.cost', '==', 8.5 + 1e-12), card).met).toBe(true);
    expect(evaluateGoal({ ...g('metrics.cost', '==', 8.4), tolerance: 0.2 }, card).met).toBe(true);
  });
  it('treats an undefined metric as undefined, not as zero', () => {
    expect(evaluateGoal(g('metrics.precision', '<=', 1), card).met).toBe(false);
    expect(evaluateGoal(g('metrics.precision', '>=', 0), card).met).toBe(false);
    expect(evaluateGoal(g('metrics.precision', 'undefined'), card).met).toBe(true);
    expect(evaluateGoal(g('metrics.precision', 'defined'), card).met).toBe(false);
    expect(evaluateGoal(g('metrics.cost', 'defined'), card).met).toBe(true);
  });
  it('reports a missing path as missing', () => {
    expect(evaluateGoal(g('aggregate.nothing', '>=', 0), card)).toEqual({ met: false, status: 'missing', actual: undefined });
  });
  it('reports a goal on a case id that no longer exists as missing, never as another case', () => {
    expect(evaluateGoal(g('per_case[case_id=rag_001].recall_at_k', '==', 1), card).met).toBe(true);
    expect(evaluateGoal(g('per_case[case_id=rag_002].recall_at_k', '==', 1), card)).toEqual({ met: false, status: 'missing', actual: undefined, missing_id: { field: 'case_id', value: 'rag_002' } });
  });
  it('tests strings and membership', () => {
    expect(evaluateGoal(g('decision.verdict', '==', 'pass'), card).met).toBe(true);
    expect(evaluateGoal(g('decision.verdict', '!=', 'pass'), card).met).toBe(false);
    expect(evaluateGoal(g('decision.reasons', 'includes', 'hard_gate_met'), card).met).toBe(true);
    expect(evaluateGoal(g('decision.reasons', 'excludes', 'critical_failures_present'), card).met).toBe(true);
    expect(evaluateGoal(g('decision.verdict', 'includes', 'as'), card).met).toBe(true);
  });
  it('needs at least one goal for an exercise to be complete', () => {
    expect(evaluateGoals([], card).allMet).toBe(false);
    expect(evaluateGoals([g('decision.verdict', '==', 'pass'), g('metrics.cost', '<=', 9)], card).allMet).toBe(true);
  });
});

describe('schemas', () => {
  it('reject paths that are not plain keys', () => {
    expect(goalSchema.safeParse({ path: 'a[0]', op: '>=', value: 1, label: 'x' }).success).toBe(false);
    expect(goalSchema.safeParse({ path: 'a..b', op: '>=', value: 1, label: 'x' }).success).toBe(false);
    expect(goalSchema.safeParse({ path: 'a.0.b', op: 'eval', value: 1, label: 'x' }).success).toBe(false);
    expect(goalSchema.safeParse({ path: 'per_case[case_id=rag_003].recall_at_k', op: '>=', value: 1, label: 'x' }).success).toBe(true);
    expect(goalSchema.safeParse({ path: 'per_case[case_id].recall_at_k', op: '>=', value: 1, label: 'x' }).success).toBe(false);
  });
  it('accept a well-formed exercise link and reject a tampered one', () => {
    const link = { v: 1, lang: 'en', lab: 'rubric', title: 't', summary: 's', start: { texts: { rubric: { preset: 'capstone_rubric.json' } } }, goals: [g('aggregate.exam_score', '>=', 0.92)], solution: 'x' };
    expect(exerciseLinkSchema.safeParse(link).success).toBe(true);
    // The schema takes any lab-id-shaped string; whether the lab exists is checked against the manifest
    // where links are read (src/components/exercises/link.ts) and where exercises are built (content.config).
    expect(exerciseLinkSchema.safeParse({ ...link, lab: '../rubric' }).success).toBe(false);
    expect(isLabId('unknown')).toBe(false);
    expect(isLabId('rubric')).toBe(true);
    expect(exerciseLinkSchema.safeParse({ ...link, goals: [] }).success).toBe(false);
    expect(exerciseLinkSchema.safeParse({ ...link, start: { texts: { rubric: { preset: '../../etc/passwd' } } } }).success).toBe(false);
  });
});

describe('goalCandidates', () => {
  it('lists leaves with their values and skips long arrays', () => {
    const c = goalCandidates({ ...card, decisions: Array.from({ length: 50 }, (_, i) => ({ i })) });
    expect(c).toContainEqual(['aggregate.exam_score', 0.94]);
    expect(c).toContainEqual(['metrics.precision', null]);
    expect(c).toContainEqual(['scan.1.cost', 12.5]);
    expect(c.some(([p]) => p.startsWith('decisions'))).toBe(false);
  });
});
