import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readPipeline, setCaseFoldMode, setNormalizeExpected, setStepEnabled } from '../../src/components/labs/rubric/pipeline.ts';

const read = (f: string) => readFileSync(new URL(`../../labs/rubric/presets/${f}`, import.meta.url), 'utf8');
const PRESET = read('capstone_rubric.json');

describe('rubric pipeline controls (they edit the rubric text)', () => {
  it('reads the preset pipeline in its order', () => {
    const p = readPipeline(PRESET);
    if (!p.ok) throw new Error('preset should parse');
    expect(p.steps.map((s) => [s.step, s.index, s.enabled])).toEqual([
      ['strip', 0, true], ['nfc', 1, true], ['case_fold', 2, true], ['strip_trailing_period', 3, true], ['collapse_whitespace', 4, true],
    ]);
    expect(p.steps[2].mode).toBe('casefold');
    expect(p.normalizeExpected).toBe(false);
  });

  it('switching case folding off gives exactly the chapter\'s casefold-off rubric, and on again gives the preset back', () => {
    const off = setStepEnabled(PRESET, 'case_fold', false);
    expect(off).toBe(read('capstone_rubric_casefold_off.json'));
    expect(setStepEnabled(off, 'case_fold', true)).toBe(PRESET);
  });

  it('the case-fold mode and normalize_expected change only their field', () => {
    const lower = setCaseFoldMode(PRESET, 'lower');
    const j = JSON.parse(lower);
    expect(j.normalization.steps[2]).toEqual({ step: 'case_fold', enabled: true, mode: 'lower' });
    expect({ ...j, normalization: null }).toEqual({ ...JSON.parse(PRESET), normalization: null });
    expect(JSON.parse(setNormalizeExpected(PRESET, true)).normalization.normalize_expected).toBe(true);
  });

  it('a step the rubric does not list shows as off and is appended when switched on', () => {
    const text = JSON.stringify({ rubric_id: 'r', normalization: { steps: [{ step: 'strip' }] }, axes: [] });
    const p = readPipeline(text);
    if (!p.ok) throw new Error('should parse');
    expect(p.steps[0]).toEqual({ step: 'strip', index: 0, enabled: true }); // enabled defaults to true
    expect(p.steps.find((s) => s.step === 'nfc')).toEqual({ step: 'nfc', index: -1, enabled: false });
    const on = JSON.parse(setStepEnabled(text, 'case_fold', true));
    expect(on.normalization.steps).toEqual([{ step: 'strip' }, { step: 'case_fold', enabled: true, mode: 'casefold' }]);
    expect(setStepEnabled(text, 'nfc', false)).toBe(text);
    expect(setCaseFoldMode(text, 'lower')).toBe(text);
    // No normalization at all: the object is created.
    const bare = JSON.stringify({ rubric_id: 'r', axes: [] });
    expect(JSON.parse(setStepEnabled(bare, 'strip', true)).normalization).toEqual({ steps: [{ step: 'strip', enabled: true }] });
  });

  it('text that is not a rubric object leaves the controls disabled and the text untouched', () => {
    expect(readPipeline('{"rubric_id": ')).toEqual({ ok: false, reason: 'invalid_json' });
    expect(readPipeline('[1, 2]')).toEqual({ ok: false, reason: 'bad_shape' });
    expect(readPipeline('{"normalization": {"steps": "strip"}}')).toEqual({ ok: false, reason: 'bad_shape' });
    expect(setStepEnabled('{"rubric_id": ', 'strip', false)).toBe('{"rubric_id": ');
  });
});
