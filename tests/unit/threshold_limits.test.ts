/** Inputs that would make the threshold lab unusable are refused with a message, not computed. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseThresholdInput, MAX_GRID } from '../../labs/threshold/schema.ts';

const cases = readFileSync('labs/threshold/presets/classification_cases.jsonl', 'utf8');
const policy = JSON.parse(readFileSync('labs/threshold/presets/threshold_policy.json', 'utf8'));
const parse = (patch: Record<string, unknown>, lang: 'es' | 'en' = 'en') => parseThresholdInput({ cases, policy: JSON.stringify({ ...policy, ...patch }) }, lang);

describe('threshold lab input limits', () => {
  it('accepts a grid of 101 values (0 to 1 by 0.01) and refuses 102', () => {
    const grid = Array.from({ length: 101 }, (_, i) => i / 100);
    expect(MAX_GRID).toBe(101);
    expect(parse({ threshold_grid: grid }).ok).toBe(true);
    const r = parse({ threshold_grid: [...grid, 0.005] }, 'es');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0]).toMatchObject({ input: 'policy', field: 'threshold_grid' });
    expect(!r.ok && r.issues[0].message).toContain('101');
  });
  it('refuses costs above 1e9 and non-finite costs', () => {
    expect(parse({ cost_false_positive: 1e9 }).ok).toBe(true);
    const big = parse({ cost_false_positive: 1e308 });
    expect(!big.ok && big.issues[0].field).toBe('cost_false_positive');
    const inf = parseThresholdInput({ cases, policy: JSON.stringify({ ...policy }).replace('"cost_review":1.5', '"cost_review":1e999') }, 'en');
    expect(!inf.ok && inf.issues[0].message).toBe('The number is too large: values up to 10^15 in absolute value are accepted.');
  });
});

describe('operating points of a pair (hand-calculated on the kit preset, pair 0.3 / 0.5)', () => {
  it('high = automated positives, low = everything not automatically negative', async () => {
    const { runThreshold } = await import('../../labs/threshold/engine.ts');
    const r = parseThresholdInput({ cases, policy: JSON.stringify(policy) }, 'en');
    if (!r.ok) throw new Error('preset must parse');
    const op = runThreshold(r.value, { low: 0.3, high: 0.5 }).selected_policy.operating_points;
    // tp 4, fp 2, review_positive 1, review_negative 2; 5 positives, 7 negatives.
    expect(op.high).toEqual({ threshold: 0.5, tpr: 4 / 5, fpr: 2 / 7, precision: 4 / 6 });
    expect(op.low).toEqual({ threshold: 0.3, tpr: 5 / 5, fpr: 4 / 7, precision: 5 / 9 });
  });
});
