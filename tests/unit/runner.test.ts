/**
 * labs/runner.ts: the heavy part runs once per input and heavy view key, a view change is a cheap
 * select, the view is validated with the lab's schema in the page's language, engine and view
 * errors come back as issues, and a new lab needs only its folder and one entry in the list of labs.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRunner } from '../../labs/runner.ts';
import { LAB_METAS } from '../../labs/manifest.ts';
import type { LabMeta } from '../../labs/core/contract/lab.ts';
import { echoMeta } from '../fixtures/labs/echo/meta.ts';

const thr = (f: string) => readFileSync(`labs/threshold/presets/${f}`, 'utf8');
const thresholdTexts = { cases: thr('classification_cases.jsonl'), policy: thr('threshold_policy.json') };

describe('runner: heavy once, select per view', () => {
  it('moving the threshold sliders re-runs no scan: one run, one select per view', async () => {
    const runner = createRunner();
    const first = await runner.run('threshold', thresholdTexts, 'es', {});
    expect(first.ok).toBe(true);
    for (const [low, high] of [[0.2, 0.6], [0.25, 0.6], [0.3, 0.55], [0.3, 0.5]]) {
      const r = await runner.run('threshold', thresholdTexts, 'es', { low, high });
      expect(r.ok && r.result.selected_policy.threshold_low).toBe(low);
    }
    expect(runner.stats).toEqual({ parses: 1, runs: 1, selects: 5 });
  });

  it('changing the language re-parses (messages) but does not re-run the heavy part', async () => {
    const runner = createRunner();
    await runner.run('threshold', thresholdTexts, 'es', {});
    await runner.run('threshold', thresholdTexts, 'en', {});
    expect(runner.stats.runs).toBe(1);
    expect(runner.stats.parses).toBe(2);
  });

  it('editing the input runs the heavy part again', async () => {
    const runner = createRunner();
    await runner.run('threshold', thresholdTexts, 'es', {});
    await runner.run('threshold', { ...thresholdTexts, policy: thresholdTexts.policy.replace('2.0', '3.0') }, 'es', {});
    expect(runner.stats.runs).toBe(2);
  });

  it('calibration: the calibrator shown and the slice are selects; bins refit (a heavy key)', async () => {
    const cal = (f: string) => readFileSync(`labs/calibration/presets/${f}`, 'utf8');
    const texts = { cases: cal('calibration_cases.csv'), policy: cal('calibration_policy.json') };
    const runner = createRunner();
    await runner.run('calibration', texts, 'es', {});
    const platt = await runner.run('calibration', texts, 'es', { calibrator: 'platt' });
    await runner.run('calibration', texts, 'es', { calibrator: 'isotonic', slice_by: 'slice' });
    expect(platt.ok && platt.result.calibrator.type).toBe('platt');
    expect(runner.stats.runs).toBe(1);
    await runner.run('calibration', texts, 'es', { bins: 10 });
    expect(runner.stats.runs).toBe(2);
  });
});

describe('runner: problems come back as issues in the page language', () => {
  it('a view outside the schema is an issue on "view", with the field, in es and en', async () => {
    const runner = createRunner();
    const es = await runner.run('threshold', thresholdTexts, 'es', { low: 0.9, high: 0.1 });
    const en = await runner.run('threshold', thresholdTexts, 'en', { low: 0.9, high: 0.1 });
    expect(es).toEqual({ ok: false, issues: [{ input: 'view', field: 'low', message: 'El umbral bajo no puede ser mayor que el alto.' }] });
    expect(en.ok ? null : en.issues[0].message).toBe('The low threshold cannot be above the high one.');
    const bins = await runner.runAny('calibration', { cases: readFileSync('labs/calibration/presets/calibration_cases.csv', 'utf8'), policy: readFileSync('labs/calibration/presets/calibration_policy.json', 'utf8') }, 'en', { bins: 0 });
    expect(bins.ok ? null : bins.issues[0]).toMatchObject({ input: 'view', field: 'bins' });
  });

  it('a slice column the data lacks (a ViewError) is translated, not an English engine message', async () => {
    const cal = (f: string) => readFileSync(`labs/calibration/presets/${f}`, 'utf8');
    const r = await createRunner().run('calibration', { cases: cal('calibration_cases.csv'), policy: cal('calibration_policy.json') }, 'es', { slice_by: 'region' });
    expect(r.ok ? null : r.issues[0]).toEqual({ input: 'view', message: 'Los casos no tienen la columna «region» para separar por segmentos; se puede elegir «slice» o una columna del CSV.' });
  });

  it('an unknown lab is an issue in the page language', async () => {
    const r = await createRunner().runAny('nope', {}, 'en');
    expect(r).toEqual({ ok: false, issues: [{ input: 'lab', message: 'There is no lab “nope”.' }] });
  });
});

describe('a new lab is its folder and one line in the list', () => {
  const metas: LabMeta[] = [...(LAB_METAS as readonly LabMeta[]), echoMeta as LabMeta];

  it('runs through the runner with its preset, view and report', async () => {
    const runner = createRunner(metas);
    const texts = { numbers: readFileSync('tests/fixtures/labs/echo/presets/numbers.json', 'utf8') };
    const r = await runner.runAny('echo', texts, 'en', { scale: 2 });
    expect(r).toEqual({ ok: true, result: { sum: 6, scaled: 12, decision: { verdict: 'pass', reasons: [] } }, report: '# echo\n\n12\n' });
    const bad = await runner.runAny('echo', texts, 'es', { scale: 11 });
    expect(bad.ok).toBe(false);
    const syntax = await runner.runAny('echo', { numbers: '[1,' }, 'en');
    expect(syntax.ok ? null : syntax.issues[0]).toMatchObject({ input: 'numbers', line: 1 });
  });
});
