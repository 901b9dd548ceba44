/** Exercise starting texts: preset files by name, JSON merge patches, unknown names refused. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolveStartTexts, presetNames } from '../../src/lib/presets.ts';

describe('resolveStartTexts', () => {
  it('loads a preset file as it is', async () => {
    const r = await resolveStartTexts('threshold', { cases: { preset: 'classification_cases.jsonl' } });
    expect(r.cases).toBe(readFileSync('labs/threshold/presets/classification_cases.jsonl', 'utf8'));
  });
  it('applies a JSON merge patch (RFC 7386) to a JSON preset', async () => {
    const r = await resolveStartTexts('threshold', { policy: { preset: 'threshold_policy.json', patch: { max_review_rate: 0.05, if_no_policy_passes: null } } });
    const p = JSON.parse(r.policy);
    expect(p.max_review_rate).toBe(0.05);
    expect(p.cost_false_negative).toBe(12);
    expect('if_no_policy_passes' in p).toBe(false);
  });
  it('keeps inline text and refuses unknown presets', async () => {
    expect(await resolveStartTexts('threshold', { cases: { text: 'x' } })).toEqual({ cases: 'x' });
    await expect(resolveStartTexts('threshold', { cases: { preset: 'nope.jsonl' } })).rejects.toThrow('nope.jsonl');
    await expect(resolveStartTexts('gate', { cases: { preset: 'classification_cases.jsonl' } })).rejects.toThrow();
  });
  it('lists a lab\'s presets', () => {
    // the kit's two files, their English translations, and chapter 02's edited states (labs/threshold/presets/README.md)
    expect(presetNames('threshold').sort()).toEqual(['classification_cases.en.jsonl', 'classification_cases.jsonl', 'classification_cases_plus_10_easy.en.jsonl', 'classification_cases_plus_10_easy.jsonl', 'classification_cases_ticket_009_029.en.jsonl', 'classification_cases_ticket_009_029.jsonl', 'threshold_policy.en.json', 'threshold_policy.json']);
  });
});
