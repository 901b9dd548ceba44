/**
 * Numbers in decision.md (core/contract/report.ts fmtDecimal, used by every lab's report) and the
 * trace budgets' ranges (issue 23: a budget of 1e-300 ms put "Infinity" and
 * -3.8499999999999996e+302 into decision.md). Expected strings are written by hand.
 */
import { describe, expect, it } from 'vitest';
import { fmtDecimal } from '../../labs/core/contract/report.ts';
import { labMeta } from '../../labs/manifest.ts';
import { presetTexts } from '../helpers/presets.ts';

describe('fmtDecimal', () => {
  it('rounds to 4 decimals by default, prints −0 as 0', () => {
    expect(fmtDecimal(1 / 3)).toBe('0.3333');
    expect(fmtDecimal(-2 / 3)).toBe('-0.6667');
    expect(fmtDecimal(-0.00001)).toBe('0');
    expect(fmtDecimal(0.125, 2)).toBe('0.13');
    expect(fmtDecimal(1)).toBe('1');
  });
  it('prints numbers from 10^15 on as they are: no overflow to Infinity, no rounding artefact', () => {
    expect(fmtDecimal(-3.85e298)).toBe('-3.85e+298');
    expect(fmtDecimal(1.7976931348623157e308)).toBe('1.7976931348623157e+308');
    expect(fmtDecimal(2.5e15)).toBe('2500000000000000');
  });
  it('never throws on a non-finite number', () => {
    expect(fmtDecimal(Infinity)).toBe('undefined');
    expect(fmtDecimal(Number.NaN)).toBe('undefined');
  });
});

describe('trace budgets', () => {
  const policyWith = (budgets: Record<string, number>) => {
    const t = presetTexts('trace', 'en');
    const p = JSON.parse(t.policy) as { budgets: Record<string, number> };
    Object.assign(p.budgets, budgets);
    return { ...t, policy: JSON.stringify(p, null, 2) };
  };
  it('a budget outside its range is refused, saying what the field is and what it takes', async () => {
    const { parse } = (await labMeta('trace')!.load()).lab;
    const tiny = parse(policyWith({ max_latency_ms: 1e-300 }), 'es');
    expect(tiny.ok).toBe(false);
    if (!tiny.ok) expect(tiny.issues).toEqual([expect.objectContaining({ input: 'policy', field: 'budgets.max_latency_ms', message: expect.stringContaining('milisegundos') })]);
    const huge = parse(policyWith({ max_cost_eur: 1e7 }), 'en');
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.issues).toEqual([expect.objectContaining({ field: 'budgets.max_cost_eur', message: expect.stringContaining('in euros') })]);
    expect(parse(policyWith({ max_latency_ms: 1e-3, max_cost_eur: 1e-6 }), 'en').ok).toBe(true);
  });
  it('at the smallest budgets decision.md holds only finite, plain numbers', async () => {
    const { createRunner } = await import('../../labs/runner.ts');
    const runner = createRunner();
    const out = await runner.runAny('trace', policyWith({ max_latency_ms: 1e-3, max_cost_eur: 1e-6 }), 'en');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.report).toContain('#');
    expect(out.report).not.toMatch(/Infinity|NaN|\d{16}|e\+/);
  });
});
