import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, expectIssues, expectStale, replaceEditorText, editorText, copyShareLink, openInFreshContext, stateHash, num } from './helpers.ts';

const PRESET_ITEMS = readFileSync('labs/rubric/presets/capstone_items.jsonl', 'utf8');
const PRESET_RUBRIC = readFileSync('labs/rubric/presets/capstone_rubric.json', 'utf8');

test.describe('rubric lab', () => {
  test('the preset reproduces the chapter: exam 0.94 passes the 0.92 gate, pl-10 is the outlier', async ({ page }) => {
    await openLab(page, '/laboratorios/rubric/');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    await expect(page.locator('[data-reason="hard_gate_met"]')).toBeVisible();
    await expect(page.locator('[data-check="hard_min_score"]')).toHaveAttribute('data-status', 'pass');
    // p50 latency 190 ms within 250, regression score 1, no schema failures.
    await expect(page.locator('[data-metric="latency_p50_ms"] td')).toHaveText('190');
    await expect(page.locator('[data-check="p50_latency"]')).toHaveAttribute('data-status', 'pass');
    // pl-10: "mrs." is expected with its period, the output's period is stripped: 1 - 0.60 = 0.4.
    const row = page.locator('[data-item="pl-10"]');
    await expect(row.locator('[data-col="score"]')).toContainText(num(page, '0.4'));
    await expect(row.locator('[data-axis="correctness"][data-reason="missing_substring"]')).toContainText('falta: "mrs."');
    await expect(page.locator('[data-item="pl-01"] [data-axis="correctness"]')).toContainText('case_fold:casefold');
    await expect(page.getByTestId('patterns').locator('[data-pattern="outlier"]')).toContainText('pl-10');
    await expect(page.getByTestId('axis-columns').locator('[data-axis="correctness"] [data-col="failures"]')).toHaveText('1');
    await expect(page.getByTestId('rubric-hash')).toHaveText(/^sha256:[0-9a-f]{64}$/);
    await expect(page.getByTestId('dashboard-chart').locator('svg rect')).not.toHaveCount(0);
  });

  test('the case-fold break: switching the step off drops the exam to 0.71 and fails; on again passes at 0.94', async ({ page }) => {
    await openLab(page, '/laboratorios/rubric/');
    const hash = await page.getByTestId('rubric-hash').textContent();
    await page.getByTestId('step-case_fold').uncheck();
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.71'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.locator('[data-reason="hard_gate_missed"]')).toBeVisible();
    // The switch edited the rubric text, which is the single source of truth.
    expect(await editorText(page, 'editor-rubric')).toContain('"enabled": false');
    await expect(page.getByTestId('rubric-hash')).not.toHaveText(hash!);
    await expect(page.locator('[data-item="pl-01"] [data-axis="correctness"]')).toHaveAttribute('data-reason', 'missing_substring');
    await expect(page.getByTestId('axis-columns').locator('[data-axis="correctness"] [data-col="failures"]')).toHaveText('4');
    await page.getByTestId('step-case_fold').check();
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('rubric-hash')).toHaveText(hash!);
    // Back to the exact preset text.
    expect((await editorText(page, 'editor-rubric')).trim()).toBe(PRESET_RUBRIC.trim());
  });

  test('the case-fold mode select and the disabled note on invalid rubric text', async ({ page }) => {
    await openLab(page, '/en/labs/rubric/');
    await page.getByTestId('case-fold-mode').selectOption('lower');
    expect(await editorText(page, 'editor-rubric')).toContain('"mode": "lower"');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await replaceEditorText(page, 'editor-rubric', '{"rubric_id": ');
    await expect(page.getByTestId('pipeline-disabled')).toContainText('not valid JSON');
    await expect(page.getByTestId('step-case_fold')).toBeDisabled();
    await expect(page.getByTestId('case-fold-mode')).toBeDisabled();
    await expect(page.getByTestId('issues')).toContainText('line 1');
    await expect(page.getByTestId('lab-output')).toHaveAttribute('data-stale', 'true');
  });

  test('bad JSONL shows the line in Spanish, keeps the text and the stale result', async ({ page }) => {
    await openLab(page, '/laboratorios/rubric/');
    const broken = PRESET_ITEMS.replace('"latency_ms": 205', '"latency_ms": "rápido"').replace('{"item": "pl-05"', '{"item": "pl-05",,');
    expect(broken).not.toBe(PRESET_ITEMS);
    await replaceEditorText(page, 'editor-items', broken);
    await expectIssues(page, ['línea 2', 'latency_ms', 'línea 5']);
    await expectStale(page);
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    expect(await editorText(page, 'editor-items')).toContain('"rápido"');
  });

  test('the English page explains a bad item in English', async ({ page }) => {
    await openLab(page, '/en/labs/rubric/');
    await replaceEditorText(page, 'editor-items', PRESET_ITEMS.replace('"latency_ms": 205', '"latency_ms": -5'));
    await expectIssues(page, ['line 2', 'latency_ms'], ['línea']);
  });

  test('optional inputs: the seed breakdown is flagged (0.95 stated, 0.75 weighted), ratings give 4/6 and 6/6, rubric B lists the false negatives', async ({ page }) => {
    await openLab(page, '/en/labs/rubric/');
    await page.getByTestId('tab-breakdown').click();
    await page.getByTestId('example-breakdown').click();
    const bd = page.getByTestId('breakdown-check');
    await expect(bd.getByTestId('breakdown-verdict')).toContainText('states 0.95');
    await expect(bd.getByTestId('breakdown-verdict')).toContainText('is 0.75');
    await expect(bd.locator('[data-consistent="false"]')).toHaveCount(1);
    // A finding that does not change the verdict: a warning, not a reason.
    await expect(page.getByTestId('decision-warnings').locator('[data-warning="breakdown_inconsistent"]')).toBeVisible();
    await expect(page.getByTestId('verdict').locator('[data-reason="breakdown_inconsistent"]')).toHaveCount(0);

    await page.getByTestId('tab-ratings').click();
    await page.getByTestId('example-ratings').click();
    const ag = page.getByTestId('agreement');
    await expect(ag.locator('[data-metric="exact_agreement"] td')).toHaveText('0.6667 (4/6)');
    await expect(ag.locator('[data-metric="within_one_agreement"] td')).toHaveText('1 (6/6)');
    await expect(ag.locator('[data-metric="cohen_kappa"] td')).toHaveText('0.5385');
    await expect(ag.locator('[data-metric="quadratic_weighted_kappa"] td')).toHaveText('0.8537');
    await expect(ag.getByTestId('agreement-verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(ag.getByTestId('agreement-heatmap').locator('[data-cell="4-5"] text')).toHaveText('1');

    await page.getByTestId('tab-rubric_b').click();
    await page.getByTestId('example-rubric_b').click();
    const cmp = page.getByTestId('comparison');
    await expect(cmp.getByTestId('comparison-delta')).toContainText('-0.23');
    await expect(cmp.getByTestId('comparison-hashes')).toHaveAttribute('data-same', 'false');
    await expect(cmp.getByTestId('flips-table').locator('tbody tr[data-kind="false_negative"]')).toHaveCount(5);
    await expect(page.getByTestId('tab-rubric_b')).toHaveAttribute('data-used', 'true');
    // The main verdict still follows rubric A.
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
  });

  test('rubric lock: pinning a baseline, then changing the rubric, warns of drift', async ({ page }) => {
    await openLab(page, '/en/labs/rubric/');
    await page.getByTestId('pin-baseline').click();
    await expect(page.getByTestId('drift')).toHaveAttribute('data-drifted', 'false');
    await page.getByTestId('step-strip_trailing_period').uncheck();
    await expect(page.getByTestId('drift')).toHaveAttribute('data-drifted', 'true');
    await expect(page.getByTestId('drift')).toContainText('Rubric drift');
    await expect(page.getByTestId('decision-warnings').locator('[data-warning="rubric_drift"]')).toBeVisible();
    // Without the period step, pl-10 matches "mrs." again: 10/10.
    await expect(page.getByTestId('exam-score')).toHaveText('1');
  });

  test('a share link reproduces the state (rubric switch and optional inputs) in a fresh page', async ({ page, browser }) => {
    await openLab(page, '/en/labs/rubric/');
    await page.getByTestId('step-case_fold').uncheck();
    await page.getByTestId('tab-breakdown').click();
    await page.getByTestId('example-breakdown').click();
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.71'));
    await expect(page.getByTestId('breakdown-verdict')).toBeVisible();
    const url = await copyShareLink(page);
    expect(url).toMatch(/#state=/);
    const { ctx, fresh } = await openInFreshContext(browser, url);
    await expect(fresh.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(fresh.getByTestId('exam-score')).toHaveText(num(fresh, '0.71'));
    await expect(fresh.getByTestId('step-case_fold')).not.toBeChecked();
    await expect(fresh.getByTestId('breakdown-check').locator('[data-consistent="false"]')).toHaveCount(1);
    await ctx.close();
  });

  test('the language switch on the lab page keeps the lab and changes its language', async ({ page }) => {
    await openLab(page, '/laboratorios/rubric/');
    await expect(page.getByTestId('verdict')).toContainText('Veredicto');
    await page.getByTestId('lang-switch').click();
    await expect(page).toHaveURL(/\/en\/labs\/rubric\/$/);
    await expect(page.getByTestId('verdict')).toContainText('Verdict');
    await expect(page.getByTestId('pipeline')).toContainText('Case folding');
    await page.getByTestId('lang-switch').click();
    await expect(page).toHaveURL(/\/laboratorios\/rubric\/$/);
    await expect(page.getByTestId('pipeline')).toContainText('Plegado de mayúsculas');
  });

  test('every control works from the keyboard', async ({ page }) => {
    await openLab(page, '/en/labs/rubric/');
    await page.getByTestId('step-case_fold').focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.71'));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    // Tabs: arrow keys move between the optional inputs; Enter loads the example.
    await page.getByTestId('tab-rubric_b').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('tab-breakdown')).toBeFocused();
    await expect(page.getByTestId('tab-breakdown')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByTestId('tab-baseline')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('tab-ratings')).toBeFocused();
    await page.getByTestId('example-ratings').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('agreement-verdict')).toBeVisible();
    await page.getByTestId('clear-ratings').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('agreement-verdict')).toHaveCount(0);
    await page.getByTestId('case-fold-mode').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('case-fold-mode')).toHaveValue('lower');
    const download = page.waitForEvent('download');
    await page.getByTestId('download-scorecard').focus();
    await page.keyboard.press('Enter');
    const json = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
    expect(json.aggregate.exam_score).toBeCloseTo(0.94, 12);
    expect(json.rubric_hash).toMatch(/^sha256:/);
    page.once('dialog', (d) => d.accept());
    await page.getByTestId('reset').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('case-fold-mode')).toHaveValue('casefold');
  });

  test('user text from a link is shown as text, never as HTML', async ({ page }) => {
    const evil = '<img src=x onerror="window.__xss=1">';
    const items = PRESET_ITEMS.replace('"item": "pl-01"', `"item": ${JSON.stringify(evil)}`);
    const state = { v: 1, lab: 'rubric', texts: { items, rubric: PRESET_RUBRIC, rubric_b: '', breakdown: '', ratings: '', baseline: '' } };
    await openLab(page, `/en/labs/rubric/${stateHash(state)}`);
    await expect(page.getByTestId('items-table')).toContainText(evil);
    expect(await page.locator('.lab-output img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('chapter 06 embeds the lab, with a link to its own page', async ({ page }) => {
    await openLab(page, '/en/chapters/06-rubrics/');
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    await expect(page.locator('.lab-slot a[href="/en/labs/rubric/"]')).toBeVisible();
  });

});
