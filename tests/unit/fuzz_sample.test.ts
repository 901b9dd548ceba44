/**
 * A small seeded sample of the fuzzing harness (tests/fuzz/harness.ts) in the unit suite: for every
 * lab, the first SAMPLE cases of the seed-13 sequence (the 8 heavy ones included) through the parse,
 * and every tenth plus the heavy ones through the whole runner. No time budget: the sample is the
 * same on every machine, and the test asserts that all of it was tried. The long run is
 * `npm run fuzz` (tests/fuzz/fuzz.test.ts, thousands of cases per lab).
 */
import { describe, expect, it } from 'vitest';
import { LAB_IDS } from '../../labs/manifest.ts';
import { presetTexts } from '../helpers/presets.ts';
import { FAILURES, HEAVY_CASES, OUTCOMES, fuzzLab } from '../fuzz/harness.ts';

const SAMPLE = 120;
const FULL = 12;

describe('fuzzing sample: every lab input path', () => {
  it.each(LAB_IDS)('%s', async (lab) => {
    const { counts, full, failures } = await fuzzLab(lab, presetTexts(lab), SAMPLE, FULL, 13 + lab.length);
    const tried = OUTCOMES.reduce((s, o) => s + counts[o] + full[o], 0);
    expect(tried, 'cases tried').toBe(SAMPLE);
    expect(OUTCOMES.reduce((s, o) => s + full[o], 0), 'cases through the whole runner').toBeGreaterThanOrEqual(HEAVY_CASES + FULL - 1);
    expect(failures.map((f) => `${f.outcome}: ${f.detail}`)).toEqual([]);
    for (const o of FAILURES) expect(counts[o] + full[o], o).toBe(0);
  }, 120_000);
});
