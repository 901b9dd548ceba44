/**
 * The browser benches' synthetic data and its loading (bench/browser/latency.bench.ts and
 * profile.bench.ts): each lab's inputs at n cases, from the generators of bench/*.bench.ts, loaded
 * through the inputs' file buttons as a learner would.
 */
import { expect, type Page } from '@playwright/test';
import { syntheticGateTexts } from '../gate.bench.ts';
import { syntheticRagTexts } from '../rag.bench.ts';
import { syntheticEvaluatorTexts } from '../evaluators.bench.ts';
import { syntheticCases } from '../threshold.bench.ts';

type R = { __results: number };

/** Deterministic calibration CSV of n rows (half calibration, half evaluation, four slices). */
export function calibrationCsv(n: number): string {
  const lines = ['case_id,split,raw_score,label,slice'];
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const p = next();
    lines.push(`r${i},${i % 2 ? 'evaluation' : 'calibration'},${p.toFixed(6)},${next() < p ? 1 : 0},s${i % 4}`);
  }
  return lines.join('\n');
}

/** The lab's inputs at n cases (only the ones that carry the cases; the preset's others stay). */
export const LARGE: Record<string, (n: number) => Record<string, string>> = {
  gate: (n) => syntheticGateTexts(n),
  threshold: (n) => ({ cases: syntheticCases(n).map((c) => JSON.stringify(c)).join('\n') }),
  rag: (n) => syntheticRagTexts(n),
  evaluators: (n) => {
    // production too: the preset's production sample names the preset's evaluators, which the
    // synthetic outputs do not have
    const t = syntheticEvaluatorTexts(n);
    return { rubric: t.rubric, cases: t.cases, outputs: t.outputs, production: t.production };
  },
  calibration: (n) => ({ cases: calibrationCsv(n) }),
};

/** Counts the lab's fresh results (the bench waits for one after loading data). */
export async function countResults(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as R;
    w.__results = 0;
    window.addEventListener('evals-lab:result', () => w.__results++);
  });
}

/**
 * Loads `texts` into the lab through each input's file button (the first file replaces the
 * starting state; the next ones are offered as pending and kept), then waits for the fresh result.
 */
export async function loadTexts(page: Page, labId: string, texts: Record<string, string>) {
  await countResults(page);
  for (const [name, text] of Object.entries(texts)) {
    // an optional input lives in a tab: open it, so that its file button is on the page
    const tab = page.getByTestId(`tab-${name}`);
    if (await tab.count()) await tab.click();
    const input = page.locator(`.lab-input:has(#${labId}-${name}-h) input[type="file"]`);
    if (!(await input.count())) continue;
    await input.first().setInputFiles({ name: `${name}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text) });
  }
  const keep = page.getByTestId('pending-keep');
  if (await keep.count()) await keep.click();
  await page.waitForFunction(() => (window as unknown as R).__results > 0, null, { timeout: 180_000 });
  await expect(page.getByTestId('issues')).toHaveCount(0);
  await page.waitForTimeout(1000);
}
