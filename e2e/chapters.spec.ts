/**
 * Chapters as explainers (issue 14), chapters 01 and 02: each widget in the prose works from the
 * keyboard and recomputes through the lab's engine, and has a data-table alternative; a live formula
 * is redrawn with the learner's numbers after an edit in the chapter's lab; the chapters' new
 * exercises, end to end (start unmet, intended fix met, a cheat rejected).
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { replaceEditorText } from './helpers.ts';

const GATE_CASES = readFileSync('labs/gate/presets/eval_cases.jsonl', 'utf8');
const GATE_OUTPUTS = readFileSync('labs/gate/presets/outputs.jsonl', 'utf8');
const GATE_POLICY = readFileSync('labs/gate/presets/eval_policy.json', 'utf8');
const TICKETS = readFileSync('labs/threshold/presets/classification_cases.jsonl', 'utf8');
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

/** The kit's cases and answers repeated k times, each copy with its case_ids suffixed _r2, _r3, … */
function kitCopies(k: number) {
  const rows = (t: string) => t.split('\n').filter((l) => l.trim() !== '');
  const copy = (l: string, r: number) => (r === 1 ? l : l.replace(/"case_id": ?"([^"]+)"/, (m, id: string) => m.replace(id, `${id}_r${r}`)));
  const rep = (t: string) => Array.from({ length: k }, (_, i) => rows(t).map((l) => copy(l, i + 1))).flat().join('\n') + '\n';
  return { cases: rep(GATE_CASES), outputs: rep(GATE_OUTPUTS) };
}

/** The kit's tickets plus normal ones (label 0) at the given scores. */
function withNormals(extra: [number, number][]) {
  const lines = extra.flatMap(([n, score], j) => Array.from({ length: n }, (_, i) => JSON.stringify({ case_id: `extra_${j}_${i + 1}`, score, label: 0, slice: 'consulta' })));
  return `${TICKETS.trimEnd()}\n${lines.join('\n')}\n`;
}

/** Opens a chapter and waits for its lab (hydrated when scrolled into view; slow on a busy machine). */
async function openChapterLab(page: Page, url: string) {
  await page.goto(url);
  await page.locator('.lab-slot').first().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('verdict')).toBeVisible({ timeout: 45_000 });
}

async function expectGoals(page: Page, complete: boolean) {
  await expect(page.getByTestId('goal-panel')).toHaveAttribute('data-complete', complete ? 'true' : 'false');
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

  test('gate-paired: moving a case with the keyboard changes b, c and McNemar; data table', async ({ page }) => {
    await page.goto('/en/chapters/01-eval-gate/');
    const fig = await openWidget(page, 'gate-paired');
    await expect(fig.getByTestId('gp-bc')).toHaveText('2, 1');
    const sel = fig.getByTestId('gp-case-sin_evidencia_001');
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

test.describe('the chapters\' new exercises', () => {
  test('gate-sample-size (es): six copies of the kit meet every goal; a lower confidence level does not', async ({ page }) => {
    await page.goto('/ejercicios/gate-sample-size/');
    await expect(page.getByTestId('verdict')).toBeVisible();
    await expectGoals(page, false);
    const six = kitCopies(6);
    await replaceEditorText(page, 'editor-cases', six.cases);
    await replaceEditorText(page, 'editor-outputs', six.outputs);
    await expectGoals(page, true);
    await replaceEditorText(page, 'editor-policy', GATE_POLICY.replace('"max_regressions": 0,', '"max_regressions": 0,\n  "confidence_level": 0.8,'));
    await expectGoals(page, false);
  });

  test('gate-sample-size (en): four copies are not enough', async ({ page }) => {
    await page.goto('/en/exercises/gate-sample-size/');
    await expect(page.getByTestId('verdict')).toBeVisible();
    const four = kitCopies(4);
    await replaceEditorText(page, 'editor-cases', four.cases);
    await replaceEditorText(page, 'editor-outputs', four.outputs);
    await expect(page.getByTestId('goal-panel').locator('[data-status="not_met"]').first()).toBeVisible();
    await expectGoals(page, false);
  });

  test('threshold-roc-pr (en): easy and hard normal tickets meet every goal; easy ones alone do not', async ({ page }) => {
    await page.goto('/en/exercises/threshold-roc-pr/');
    await expect(page.getByTestId('verdict')).toBeVisible();
    await expectGoals(page, false);
    await replaceEditorText(page, 'editor-cases', withNormals([[38, 0.05]]));
    await expect(page.getByTestId('goal-panel').locator('[data-status="met"]').first()).toBeVisible();
    await expectGoals(page, false);
    await replaceEditorText(page, 'editor-cases', withNormals([[35, 0.05], [3, 0.9]]));
    await expectGoals(page, true);
  });

  test('threshold-roc-pr (es): the questions answer with feedback', async ({ page }) => {
    await page.goto('/ejercicios/threshold-roc-pr/');
    await expect(page.getByTestId('verdict')).toBeVisible();
    const q = page.getByTestId('question').nth(1);
    await q.getByRole('radio').nth(1).check();
    await q.getByRole('button').click();
    await expect(q.getByTestId('feedback')).toContainText('No es correcto');
    await q.getByRole('radio').nth(0).check();
    await q.getByRole('button').click();
    await expect(q.getByTestId('feedback')).toContainText('Correcto');
  });
});
