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
import { syntheticGateTexts } from '../gate.bench.ts';
import { syntheticRagTexts } from '../rag.bench.ts';
import { syntheticEvaluatorTexts } from '../evaluators.bench.ts';
import { syntheticCases } from '../threshold.bench.ts';

const LAB = process.env.PROFILE_LAB ?? '';
const SIZE = Number(process.env.PROFILE_SIZE ?? 0);
const EDITS = Number(process.env.PROFILE_EDITS ?? 6);
const CONTROL = process.env.PROFILE_CONTROL ?? ''; // 'slider' (threshold) or 'select' (calibration calibrator)

const EDITOR: Record<string, string> = { evaluators: 'editor-rubric', rubric: 'editor-rubric' };

function calibrationCsv(n: number): string {
  const lines = ['case_id,split,raw_score,label,slice'];
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const p = next();
    lines.push(`r${i},${i % 2 ? 'evaluation' : 'calibration'},${p.toFixed(6)},${next() < p ? 1 : 0},s${i % 4}`);
  }
  return lines.join('\n');
}

function large(lab: string, n: number): Record<string, string> {
  if (lab === 'gate') return syntheticGateTexts(n);
  if (lab === 'rag') return syntheticRagTexts(n);
  if (lab === 'threshold') return { cases: syntheticCases(n).map((c) => JSON.stringify(c)).join('\n') };
  if (lab === 'calibration') return { cases: calibrationCsv(n) };
  if (lab === 'evaluators') {
    const t = syntheticEvaluatorTexts(n);
    return { rubric: t.rubric, cases: t.cases, outputs: t.outputs };
  }
  throw new Error(`no synthetic data for ${lab}`);
}

test('profile', async ({ page, browser }) => {
  test.skip(!LAB, 'set PROFILE_LAB');
  const url = `/laboratorios/${LAB}/`;
  await openLab(page, url);
  if (SIZE) {
    await page.evaluate(() => {
      (window as unknown as { __r: number }).__r = 0;
      window.addEventListener('evals-lab:result', () => (window as unknown as { __r: number }).__r++);
    });
    for (const [name, text] of Object.entries(large(LAB, SIZE))) {
      const input = page.locator(`.lab-input:has(#${LAB}-${name}-h) input[type="file"]`);
      if (await input.count()) await input.first().setInputFiles({ name: `${name}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text) });
    }
    if (await page.getByTestId('pending-keep').count()) await page.getByTestId('pending-keep').click();
    await page.waitForFunction(() => (window as unknown as { __r: number }).__r > 0, null, { timeout: 180_000 });
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
