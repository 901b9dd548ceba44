import { test, expect } from '@playwright/test';
import { openLab, replaceEditorText, editorText, exerciseHash, copyShareLink } from './helpers.ts';

const POLICY = (rate: number) => JSON.stringify({
  positive_label: 'urgente', negative_label: 'normal', cost_false_positive: 2, cost_false_negative: 12, cost_review: 1.5,
  max_review_rate: rate, min_operational_recall: 0.9, threshold_grid: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9], decision_owner: 'equipo-ia',
}, null, 2);

test.describe('exercises', () => {
  test('the index lists exercises in both languages', async ({ page }) => {
    await page.goto('/ejercicios/');
    // Nothing is completed in a new browser.
    await expect(page.locator('.done-badge').first()).toBeHidden();
    expect(await page.locator('.done-badge:visible').count()).toBe(0);
    await expect(page.locator('[data-exercise="threshold-review-capacity"] a')).toHaveAttribute('href', '/ejercicios/threshold-review-capacity/');
    await page.getByTestId('lang-switch').click();
    await expect(page).toHaveURL(/\/en\/exercises\/$/);
    await expect(page.locator('[data-exercise="threshold-review-capacity"]')).toContainText('How much review');
  });

  test('the page checks the goal itself and remembers completion', async ({ page }) => {
    await page.goto('/en/exercises/threshold-review-capacity/');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    const panel = page.getByTestId('goal-panel');
    await expect(panel).toHaveAttribute('data-complete', 'false');
    await expect(panel.locator('[data-status="met"]')).toHaveCount(4);
    await expect(page.getByTestId('completed-on')).toHaveText('Not completed yet in this browser.');
    // A capacity that works but is not the smallest does not complete it.
    await replaceEditorText(page, 'editor-policy', POLICY(0.09));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(panel).toHaveAttribute('data-complete', 'false');
    await replaceEditorText(page, 'editor-policy', POLICY(0.084));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(panel).toHaveAttribute('data-complete', 'true');
    await expect(panel.getByText('All goals met')).toBeVisible();
    // Cheating on another goal is noticed.
    await replaceEditorText(page, 'editor-policy', POLICY(0.5));
    await expect(panel).toHaveAttribute('data-complete', 'false');
    await page.reload();
    await expect(page.getByTestId('verdict')).toBeVisible();
    await expect(page.getByTestId('completed-on')).toContainText('Completed on');
    expect(await editorText(page, 'editor-policy')).toContain('0.5');
    // The free lab keeps its own state: the exercise did not touch it.
    await page.goto('/en/labs/threshold/');
    expect(await editorText(page, 'editor-policy')).toContain('0.35');
    // The index marks it as completed.
    await page.goto('/en/exercises/');
    await expect(page.locator('[data-exercise="threshold-review-capacity"] .done-badge')).toBeVisible();
  });

  test('diagnosis questions, hints and the solution', async ({ page }) => {
    // An exercise page has no chapter lab slot: its lab is on screen from the start.
    await page.goto('/ejercicios/threshold-review-capacity/');
    await expect(page.getByTestId('verdict')).toBeVisible();
    const q = page.getByTestId('question').first();
    await q.getByRole('radio').nth(1).check();
    await q.getByRole('button').click();
    await expect(q.getByTestId('feedback')).toContainText('No es correcto');
    await q.getByRole('radio').nth(0).check();
    await q.getByRole('button').click();
    await expect(q.getByTestId('feedback')).toContainText('Correcto');
    await page.getByTestId('show-hint').click();
    await expect(page.getByTestId('hint')).toHaveCount(1);
    await page.getByTestId('show-hint').click();
    await expect(page.getByTestId('hint')).toHaveCount(2);
    await page.getByTestId('show-solution').click();
    await expect(page.getByTestId('solution')).toContainText('0,3/0,4');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-progress').click();
    expect((await download).suggestedFilename()).toBe('evals-lab-progress.json');
  });

  test('an instructor builds an exercise link from a lab state; a tampered link is rejected', async ({ page, browser }) => {
    await openLab(page, '/en/labs/threshold/');
    await page.getByTestId('create-exercise').click();
    const builder = page.getByTestId('exercise-builder');
    await builder.getByTestId('builder-filter').fill('recommended_policy.metrics.cost');
    const row = builder.locator('tr[data-path="recommended_policy.metrics.cost"]');
    await row.getByRole('checkbox').check();
    await row.getByRole('combobox').selectOption('<=');
    await row.locator('input[type=text]').first().fill('8');
    await builder.getByTestId('builder-title').fill('Cheaper than 8');
    await builder.getByTestId('builder-summary').fill('Make the recommended pair cost at most 8.');
    await builder.getByTestId('builder-instructions').fill('Lower one of the costs.\n\nDo not touch the cases.');
    await builder.getByTestId('builder-solution').fill('Lower cost_review to 1.');
    await builder.getByTestId('builder-make').click();
    const url = await builder.getByTestId('builder-link').inputValue();
    expect(url).toContain('/en/exercises/link/#exercise=');

    const ctx = await browser.newContext();
    const learner = await ctx.newPage();
    await learner.goto(url);
    await expect(learner.getByRole('heading', { name: 'Instructions' })).toBeVisible();
    await expect(learner.getByTestId('exercise-title')).toHaveText('Cheaper than 8');
    await expect(learner).toHaveTitle(/Cheaper than 8/);
    await expect(learner.getByText('Do not touch the cases.')).toBeVisible();
    await expect(learner.getByTestId('goal')).toHaveCount(1);
    await expect(learner.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'false');
    await replaceEditorText(learner, 'editor-policy', POLICY(0.35).replace('"cost_review": 1.5', '"cost_review": 1'));
    await expect(learner.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'true');
    // Sharing the lab from inside the exercise keeps the exercise in the link.
    const shared = await copyShareLink(learner);
    expect(shared).toMatch(/#exercise=[^&]+&state=/);
    const other = await ctx.newPage();
    await other.goto(shared);
    await expect(other.getByTestId('exercise-title')).toHaveText('Cheaper than 8');
    await expect(other.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'true');
    await other.close();
    // The language switch keeps the exercise (it travels after '#').
    await learner.getByTestId('lang-switch').click();
    await expect(learner).toHaveURL(/\/ejercicios\/enlace\/#exercise=/);
    await expect(learner.getByTestId('exercise-title')).toHaveText('Cheaper than 8');
    await expect(learner.getByText('This exercise is written in English.')).toBeVisible();

    const bad = await ctx.newPage();
    await bad.goto(url.slice(0, -12) + 'AAAAAAAAAAAA');
    await expect(bad.getByTestId('exercise-invalid')).toBeVisible();
    // Editing characters in the middle of the payload (it may still decompress) breaks its check.
    const hashAt = url.indexOf('#exercise=') + '#exercise='.length;
    const mid = hashAt + Math.floor((url.lastIndexOf('.') - hashAt) / 2);
    const edited = url.slice(0, mid) + (url[mid] === 'A' ? 'B' : 'A') + url.slice(mid + 1);
    await bad.goto(edited);
    await expect(bad.getByTestId('exercise-invalid')).toBeVisible();
    const forged = { v: 1, lang: 'en', lab: 'threshold', title: 't', summary: 's', solution: 'x', start: { texts: { cases: { preset: '../../../package.json' } } }, goals: [{ path: 'decision.verdict', op: '==', value: 'pass', label: 'x' }] };
    await bad.goto(`/en/exercises/link/${exerciseHash(forged)}`);
    await expect(bad.getByTestId('exercise-invalid')).toBeVisible();
    await ctx.close();
  });
});
