/**
 * Core's one tolerance (labs/core/stats/tolerance.ts) and the gate comparisons built on it
 * (labs/core/contract/gate_check.ts), on hand-made values whose exact arithmetic is known.
 */
import { describe, expect, it } from 'vitest';
import { atLeast, atMost, PROBABILITY_TOLERANCE } from '../../labs/core/stats/tolerance.ts';
import { compare, gateCheck, verdictOf } from '../../labs/core/contract/gate_check.ts';

describe('one tolerance for every comparison', () => {
  it('0.1 + 0.2 is 0.3 in exact arithmetic: it reaches a floor of 0.3 and stays under a ceiling of 0.3', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(atMost(0.1 + 0.2, 0.3)).toBe(true);
    expect(compare(0.1 + 0.2, '<=', 0.3)).toBe(true);
    expect(compare(0.3, '>=', 0.1 + 0.2)).toBe(true);
    expect(compare(0.1 + 0.2, '==', 0.3)).toBe(true);
  });
  it('a real difference is not absorbed: 0.3 - 1e-9 misses a floor of 0.3; strict comparators stay strict', () => {
    expect(atLeast(0.3 - 1e-9, 0.3)).toBe(false);
    expect(compare(0.3 - 1e-9, '>=', 0.3)).toBe(false);
    expect(compare(0.3, '>', 0.3)).toBe(false);
    expect(compare(0.1 + 0.2, '<', 0.3)).toBe(false);
  });
  it('the tolerance scales with the size of the values (a budget of 20000 ms)', () => {
    // 20000 · 1e-12 = 2e-8: a latency 1e-8 over the budget is the budget; 1e-6 over is not
    expect(PROBABILITY_TOLERANCE).toBe(1e-12);
    expect(compare(20000 + 1e-8, '<=', 20000)).toBe(true);
    expect(compare(20000 + 1e-6, '<=', 20000)).toBe(false);
  });
  it('a check on an undefined value fails closed, visibly, and the decision fails', () => {
    const c = gateCheck({ id: 'x', value: { value: null, reason: 'no_cases' }, comparator: '>=', threshold: 0.5, failReason: 'x_low', undefinedReason: 'x_undefined' });
    expect(c).toMatchObject({ status: 'undefined', reason: 'x_undefined', value_reason: 'no_cases' });
    expect(verdictOf([c])).toEqual({ verdict: 'fail', reasons: ['x_undefined'], warnings: [] });
  });
});
