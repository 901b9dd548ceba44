/**
 * Where the time of an edit goes, from a Chromium performance trace (not part of the figures):
 * `PROFILE_LAB=gate [PROFILE_SIZE=10000] npm run bench:browser -- profile` records a trace of a few
 * isolated whitespace edits in the lab's editor (as latency.bench.ts makes them) with the V8
 * sampling profiler on, writes it to bench/results/trace-<lab>-<size>.json (open it in Chrome's
 * Performance panel) and prints, per thread (the page's main thread, the lab's worker), the busy
 * time and the self time of the heaviest functions, by script file.
 */
import { test } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { openLab } from '../../e2e/helpers.ts';
import { summarize, type TraceEvent } from './trace-summary.ts';
import { LARGE, loadTexts } from './synthetic.ts';

const LAB = process.env.PROFILE_LAB ?? '';
const SIZE = Number(process.env.PROFILE_SIZE ?? 0);
const EDITS = Number(process.env.PROFILE_EDITS ?? 6);
const CONTROL = process.env.PROFILE_CONTROL ?? ''; // 'slider' (threshold) or 'select' (calibration calibrator)

const EDITOR: Record<string, string> = { evaluators: 'editor-rubric', rubric: 'editor-rubric' };

test('profile', async ({ page, browser }) => {
  test.skip(!LAB, 'set PROFILE_LAB');
  const url = `/laboratorios/${LAB}/`;
  await openLab(page, url);
  if (SIZE) {
    if (!LARGE[LAB]) throw new Error(`no synthetic data for ${LAB}`);
    await loadTexts(page, LAB, LARGE[LAB](SIZE));
  }
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    (window as unknown as { __r: number }).__r = 0;
    window.addEventListener('evals-lab:result', () => (window as unknown as { __r: number }).__r++);
  });
  mkdirSync('bench/results', { recursive: true });
  const path = `bench/results/trace-${LAB}-${CONTROL || SIZE || 'preset'}.json`;
  if (CONTROL === 'slider') await page.getByTestId('slider-low').focus();
  else if (!CONTROL) {
    await page.getByTestId(EDITOR[LAB] ?? 'editor-policy').click();
    await page.keyboard.press('ControlOrMeta+End');
  }
  await browser.startTracing(page, { path, screenshots: false, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink', 'toplevel', '__metadata'] });
  const options = ['platt', 'isotonic', 'temperature', 'histogram_laplace'];
  for (let i = 0; i < EDITS; i++) {
    const before = await page.evaluate(() => (window as unknown as { __r: number }).__r);
    if (CONTROL === 'slider') await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
    else if (CONTROL === 'select') await page.getByTestId('calibrator-select').selectOption(options[(i + 1) % 4]);
    else await page.keyboard.press(i % 2 === 0 ? 'Space' : 'Backspace');
    await page.waitForFunction((b) => (window as unknown as { __r: number }).__r > b, before, { timeout: 60_000 });
    await page.waitForTimeout(300);
  }
  await browser.stopTracing();
  const trace = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] };
  const text = `profile of ${EDITS} ${CONTROL || 'edits'} in ${LAB} (${SIZE || 'preset'})\n${summarize(trace.traceEvents)}`;
  writeFileSync(path.replace(/\.json$/, '.txt'), text);
  console.log(text);
});
