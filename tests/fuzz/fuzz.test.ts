/**
 * Fuzzing every lab's input path (harness.ts). FUZZ_CASES sets the cases per lab (default 2,000:
 * the CI run), each through the lab's parse; FUZZ_FULL (default 40) of them, plus the 8 heavy
 * ones, go through the whole runner (run, select, report) as in the worker. FUZZ_SEED sets the
 * seed (default 13). FUZZ_SECONDS is a time budget per lab (`npm run fuzz` sets none and tries every
 * case; with a budget, the cases tried are the first ones of the sequence). This file runs only
 * with FUZZ set (`npm run fuzz`); the unit suite runs a fixed seeded sample of the same harness
 * (tests/unit/fuzz_sample.test.ts). The table of cases tried per lab, path and outcome is printed.
 * No case may throw, hang over 10 s, give an engine error, a NaN, an unexplained null, or an issue
 * without its input, line and translated message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LAB_IDS } from '../../labs/manifest.ts';
import { presetTexts } from '../helpers/presets.ts';
import { FAILURES, HEAVY_CASES, OUTCOMES, fuzzLab, type Outcome } from './harness.ts';

const N = Number(process.env.FUZZ_CASES ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 13);
const FULL = Number(process.env.FUZZ_FULL ?? 40);
const BUDGET_MS = process.env.FUZZ_SECONDS === '0' ? Infinity : Number(process.env.FUZZ_SECONDS ?? 4) * 1000;
const table: { lab: string; path: string; counts: Record<Outcome, number>; maxMs: number; s: number }[] = [];

describe('fuzzing every lab input path', () => {
  it.each(LAB_IDS)('%s', async (lab) => {
    const t0 = performance.now();
    const { counts, full, failures, maxMs } = await fuzzLab(lab, presetTexts(lab), N, FULL, SEED + lab.length, BUDGET_MS);
    const s = (performance.now() - t0) / 1000;
    table.push({ lab, path: 'parse', counts, maxMs, s }, { lab, path: 'runner', counts: full, maxMs, s });
    const bad = failures.map((f) => `${f.outcome}: ${f.detail}`);
    expect(bad, `${lab}: ${JSON.stringify(failures[0]?.texts ?? {}).slice(0, 600)}`).toEqual([]);
    for (const o of FAILURES) expect(counts[o] + full[o], o).toBe(0);
    const tried = OUTCOMES.reduce((n, o) => n + counts[o] + full[o], 0);
    if (BUDGET_MS === Infinity) expect(tried, 'cases tried').toBe(N);
    else expect(tried, 'cases tried within the budget').toBeGreaterThan(HEAVY_CASES);
  }, 3_600_000);

  afterAll(() => {
    const head = ['lab', 'path', 'cases', ...OUTCOMES, 'slowest ms', 'seconds'];
    const rows = table.map((r) => [r.lab, r.path, String(OUTCOMES.reduce((s, o) => s + r.counts[o], 0)), ...OUTCOMES.map((o) => String(r.counts[o])), String(Math.round(r.maxMs)), r.s.toFixed(1)]);
    const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(w[i])).join(' | ')} |`;
    console.log(['', `fuzz (seed ${SEED}, ${N} cases per lab; ${FULL} + 8 heavy of them through the whole runner)`, line(head), `|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`, ...rows.map(line)].join('\n'));
  });
});
