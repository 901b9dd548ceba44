/**
 * Chapters as explainers (issue 14), chapters 01 and 02: each widget in the prose works from the
 * keyboard and recomputes through the lab's engine, and has a data-table alternative; a live formula
 * is redrawn with the learner's numbers after an edit in the chapter's lab; the chapters' new
 * exercises, end to end (start unmet, intended fix met, a cheat rejected).
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { replaceEditorText } from './helpers.ts';

const THRESHOLD_POLICY = readFileSync('labs/threshold/presets/threshold_policy.json', 'utf8');

/** Scrolls a widget into view and waits until its island has hydrated. */
async function openWidget(page: Page, name: string) {
  const fig = page.locator(`figure[data-widget="${name}"]`);
  await fig.scrollIntoViewIfNeeded();
  await expect(fig.locator('astro-island')).not.toHaveAttribute('ssr', { timeout: 15_000 });
  return fig;
}

/** The widget's data-table alternative opens and lists rows. */
async function expectDataTable(fig: ReturnType<Page['locator']>, chartTestId: string) {
  const chart = fig.getByTestId(chartTestId);
  await expect(chart.locator('svg[role="img"]')).toHaveCount(1);
  const details = chart.locator('details.chart-data');
  await details.locator('summary').click();
  await expect(details.locator('tbody tr').first()).toBeVisible();
}

/** Opens a chapter and waits for its lab (hydrated when scrolled into view; slow on a busy machine). */
async function openChapterLab(page: Page, url: string) {
  await page.goto(url);
  await page.locator('.lab-slot').first().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('verdict')).toBeVisible({ timeout: 45_000 });
}

test.describe('chapter 01 widgets', () => {
  test('gate-bootstrap: the rounds slider from the keyboard grows the histogram; the interval settles; data table', async ({ page }) => {
    await page.goto('/capitulos/01-eval-gate/');
    const fig = await openWidget(page, 'gate-bootstrap');
    await expect(fig.getByTestId('gb-b')).toHaveText('50');
    const slider = fig.getByTestId('gb-rounds');
    await slider.focus();
    await page.keyboard.press('End');
    await expect(fig.getByTestId('gb-rounds-value')).toHaveText('10000');
    await expect(fig.getByTestId('gb-b')).toHaveText('10000');
    // With 10,000 rounds the interval is the kit's (seed 13): it does not narrow.
    await expect(fig.getByTestId('gb-ci')).toContainText('0,7778');
    await fig.getByTestId('gb-seed').focus();
    await page.keyboard.press('ArrowDown');
    await expect(fig.getByTestId('gb-seed')).toHaveValue('1');
    await expectDataTable(fig, 'gb-chart');
  });

  test('gate-paired: the English kit\'s case ids; moving a case with the keyboard changes b, c and McNemar; data table', async ({ page }) => {
    await page.goto('/en/chapters/01-eval-gate/');
    const fig = await openWidget(page, 'gate-paired');
    await expect(fig.getByTestId('gp-bc')).toHaveText('2, 1');
    // The English page's widget lists the English lab's ids (labs/gate/presets/eval_cases.en.jsonl), never the Spanish kit's.
    const cases = fig.locator('fieldset.wg-cases');
    for (const id of ['enrollment_001', 'grant_001', 'no_evidence_001', 'hours_001', 'support_001']) await expect(cases).toContainText(id);
    await expect(fig).not.toContainText(/matricula_001|beca_001|sin_evidencia_001|horario_001|soporte_001/);
    const sel = fig.getByTestId('gp-case-no_evidence_001');
    await expect(sel).toHaveValue('base');
    await sel.focus();
    await page.keyboard.press('ArrowUp'); // «only the baseline» -> «both»
    await expect(sel).toHaveValue('both');
    await expect(fig.getByTestId('gp-bc')).toHaveText('2, 0');
    await expect(fig.getByTestId('gp-exact')).toHaveText('0.5');
    await expect(fig.getByTestId('gp-count-both')).toHaveText('3');
    await expectDataTable(fig, 'gp-chart');
  });
});

test.describe('chapter 02 widgets', () => {
  test('threshold-confusion: the threshold slider from the keyboard moves tickets between cells; data table', async ({ page }) => {
    await page.goto('/capitulos/02-thresholds/');
    const fig = await openWidget(page, 'threshold-confusion');
    await expect(fig.getByTestId('tc-fn')).toHaveText('FN 1');
    const slider = fig.getByTestId('tc-t');
    await slider.focus();
    await page.keyboard.press('Home'); // t = 0: everything is flagged
    await expect(fig.getByTestId('tc-t-value')).toHaveText('0');
    await expect(fig.getByTestId('tc-fp')).toHaveText('FP 7');
    await expect(fig.getByTestId('tc-fn')).toHaveText('FN 0');
    for (let i = 0; i < 35; i++) await page.keyboard.press('ArrowRight'); // t = 0.35
    await expect(fig.getByTestId('tc-t-value')).toHaveText('0,35');
    await expect(fig.getByTestId('tc-fp')).toHaveText('FP 4');
    await expect(fig.getByTestId('tc-cost')).toContainText('= 8');
    await expectDataTable(fig, 'tc-strip');
  });

  test('threshold-cost: the cost sliders from the keyboard move the Bayes cut; data table', async ({ page }) => {
    await page.goto('/en/chapters/02-thresholds/');
    const fig = await openWidget(page, 'threshold-cost');
    await expect(fig.getByTestId('tk-tstar')).toContainText('2/(2 + 12) = 0.143');
    await expect(fig.getByTestId('tk-best')).toContainText('8');
    await fig.getByTestId('tk-cfn').focus();
    await page.keyboard.press('End'); // c_FN = 40
    await expect(fig.getByTestId('tk-cfn-value')).toHaveText('40');
    await expect(fig.getByTestId('tk-tstar')).toContainText('2/(2 + 40) = 0.048');
    // At t* = 0.048 everything is flagged: 7 false alarms at 2.
    await expect(fig.getByTestId('tk-cost-tstar')).toContainText('= 14');
    await expectDataTable(fig, 'tk-chart');
  });
});

test.describe('live formulas', () => {
  test('chapter 02 (es): the operational-cost formula follows an edit of the policy in the lab', async ({ page }) => {
    await openChapterLab(page, '/capitulos/02-thresholds/');
    const formula = page.locator('[data-formula*="selected_policy.metrics.cost"]').first();
    await expect(formula).toContainText('8,5');
    await replaceEditorText(page, 'editor-policy', THRESHOLD_POLICY.replace('"cost_review": 1.5', '"cost_review": 3'));
    await expect(page.getByTestId('verdict')).toBeVisible();
    await expect(formula).toHaveAttribute('data-live', 'true');
    // cost_review 3: the recommended pair becomes 0.3/0.4, cost 2·4 + 12·0 + 3·1 = 11.
    await expect(formula).toContainText('11');
    await expect(formula).not.toContainText('8,5');
  });

  test('chapter 01 (en): the weighted-quality formula follows an edit of the answers in the lab', async ({ page }) => {
    await openChapterLab(page, '/en/chapters/01-eval-gate/');
    const formula = page.locator('[data-formula*="candidate.weighted_quality"]').first();
    await expect(formula).toContainText('0.875');
    // The English page's lab runs the translated kit: the candidate abstains where it had made the claim up.
    await replaceEditorText(page, 'editor-outputs', readFileSync('labs/gate/presets/outputs_candidate_abstains.en.jsonl', 'utf8'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(formula).toHaveAttribute('data-live', 'true');
    await expect(formula).not.toContainText('0.875');
  });
});
