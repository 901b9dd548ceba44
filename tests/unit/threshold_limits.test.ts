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
