import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, expectIssues, expectStale, replaceEditorText, editorText, expectNoWcagViolations, copyShareLink, openInFreshContext } from './helpers.ts';
import { expectFitsPhone } from './phone.ts';

const DIR = 'labs/trace/presets/';
const PRESET_POLICY = readFileSync(`${DIR}citation_agent_policy.json`, 'utf8');
const PRESET_TRACE = readFileSync(`${DIR}citation_agent_trace.json`, 'utf8');
/** The result of a run in the runs table (data-verdict: pass | fail). */
const runRow = (page: import('@playwright/test').Page, id: string) => page.getByTestId('runs-table').locator(`tr[data-run="${id}"]`);

test.describe('trace lab', () => {
  test('the preset: run_ok passes; run_no_approval answers as well, scores above the minimum and fails on the missing permission', async ({ page }) => {
    await openLab(page, '/laboratorios/trace/');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('verdict').locator('[data-run="run_no_approval"] [data-reason="approval_missing"]')).toBeVisible();
    await expect(page.getByTestId('failed-despite')).toContainText('run_no_approval');
    await expect(runRow(page, 'run_ok')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('s-run-run_no_approval')).toHaveText('0,8904');
    await expect(page.getByTestId('verdict-run_no_approval')).toContainText('no pasa');
    await expect(page.getByTestId('s-run-run_shortcut')).toHaveText('0,6204');
    // the timeline of the run picked: the insertion without permission is the failing step
    await page.getByTestId('pick-run_no_approval').check();
    await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-run', 'run_no_approval');
    await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('run-despite')).toBeVisible();
    const step = page.getByTestId('timeline').locator('[data-step="s6"]');
    await expect(step).toHaveAttribute('data-verdict', 'fail');
    await expect(step.locator('[data-check="approval_present"]')).toHaveAttribute('data-passed', 'false');
    await expect(page.locator('[data-check="missing_approvals:run_no_approval"]')).toHaveAttribute('data-passed', 'false');
    await expect(page.locator('[data-check="s_run:run_no_approval"]')).toHaveAttribute('data-passed', 'true');
    // S_run as a waterfall of its terms: the process term is flagged, the total drawn
    const chart = page.getByTestId('waterfall');
    await expect(chart.locator('[data-step="process"] rect')).toHaveAttribute('stroke', '#a3211b');
    await expect(chart.locator('[data-step="total"]')).toContainText('0,89');
    await expect(page.getByTestId('term-process')).toHaveText('0,1667');
  });

  test('removing the approval from run_ok makes it fail; adding it back before the insertion makes it pass', async ({ page }) => {
    await openLab(page, '/laboratorios/trace/');
    await expect(runRow(page, 'run_ok')).toHaveAttribute('data-verdict', 'pass');
    await page.getByTestId('remove-run_ok-s6').click();
    await expect(runRow(page, 'run_ok')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('verdict-run_ok')).toContainText('no pasa');
    await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('run-reasons').locator('[data-reason="approval_missing"]')).toBeVisible();
    // same answer, S_run still above the minimum: the rule, not the score, fails it
    await expect(page.getByTestId('run-despite')).toBeVisible();
    expect(await editorText(page, 'editor-trace')).not.toContain('"step_id": "s6", "type": "approval"');
    await page.getByTestId('add-approval-run_ok-s7').click();
    await expect(runRow(page, 'run_ok')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('timeline').locator('[data-step="s7_approval"]')).toHaveAttribute('data-type', 'approval');
    // and for run_no_approval, the permission it never asked for
    await page.getByTestId('pick-run_no_approval').check();
    await page.getByTestId('add-approval-run_no_approval-s6').click();
    await expect(runRow(page, 'run_no_approval')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('failed-despite')).toHaveCount(0);
  });

  test('bad JSON: line and field named, text kept, result stale', async ({ page }) => {
    await openLab(page, '/laboratorios/trace/');
    const badPolicy = PRESET_POLICY.replace('"min_s_run": 0.75', '"min_s_run": "alto"');
    expect(badPolicy).not.toBe(PRESET_POLICY);
    await replaceEditorText(page, 'editor-policy', badPolicy);
    await expectIssues(page, ['min_s_run', 'línea 77']);
    await expectStale(page);
    await expect(page.getByTestId('s-run-run_ok')).toHaveText('0,9083');
    expect(await editorText(page, 'editor-policy')).toContain('"min_s_run": "alto"');
    await replaceEditorText(page, 'editor-policy', PRESET_POLICY);
    await expect(page.getByTestId('lab-output')).toHaveAttribute('data-stale', 'false');
    await replaceEditorText(page, 'editor-trace', PRESET_TRACE.replace('"run_id": "run_ok",', '"run_id": "run_ok",,'));
    await expectIssues(page, ['línea 5']);
    await expectStale(page);
  });

  test('the English page grades the English preset and explains a bad step in English', async ({ page }) => {
    await openLab(page, '/en/labs/trace/');
    await expect(page.getByTestId('verdict')).toContainText('breaks a blocking rule');
    await expect(page.getByTestId('verdict-run_no_approval')).toContainText('fails');
    await replaceEditorText(page, 'editor-trace', '{"run_id": "r", "steps": [{"type": "approval", "latency_ms": 0, "cost_eur": 0}]}');
    await expectIssues(page, ['line 1', 'tool', 'approval'], ['línea']);
  });

  test('a share link reproduces the state in a fresh page', async ({ page, browser }) => {
    await openLab(page, '/en/labs/trace/');
    await page.getByTestId('remove-run_ok-s6').click();
    await expect(runRow(page, 'run_ok')).toHaveAttribute('data-verdict', 'fail');
    await page.getByTestId('pick-run_shortcut').check();
    const url = await copyShareLink(page);
    const { ctx, fresh } = await openInFreshContext(browser, url);
    await expect(runRow(fresh, 'run_ok')).toHaveAttribute('data-verdict', 'fail');
    await expect(fresh.getByTestId('run-verdict')).toHaveAttribute('data-run', 'run_shortcut');
    await ctx.close();
  });

  test('keyboard: the run picker and the approval controls', async ({ page }) => {
    await openLab(page, '/en/labs/trace/');
    await page.getByTestId('pick-run_ok').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-run', 'run_no_approval');
    await page.getByTestId('add-approval-run_no_approval-s6').focus();
    await page.keyboard.press('Enter');
    await expect(runRow(page, 'run_no_approval')).toHaveAttribute('data-verdict', 'pass');
    await page.getByTestId('waterfall').locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('waterfall').locator('table')).toBeVisible();
  });

  for (const url of ['/laboratorios/trace/', '/en/labs/trace/']) {
    // the preset's view is checked by e2e/pages.spec.ts; this is the other run's view
    test(`another run picked: fits a 360 px phone, no WCAG violations (${url})`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await openLab(page, url);
      await page.getByTestId('pick-run_shortcut').check();
      await expect(page.getByTestId('timeline').locator('[data-step="s9"]')).toBeVisible();
      await page.waitForTimeout(300);
      await expectFitsPhone(page);
      await expectNoWcagViolations(page);
    });
  }
});

test.describe('chapter 04 trace widget', () => {
  test('trace-waterfall: pick the run, move a weight from the keyboard, the worker recomputes', async ({ page }) => {
    await page.goto('/capitulos/04-evaluators/');
    const w = page.getByTestId('widget-trace-waterfall');
    await w.scrollIntoViewIfNeeded();
    await expect(page.locator('figure[data-widget="trace-waterfall"] astro-island')).not.toHaveAttribute('ssr');
    await expect(w).toHaveAttribute('data-run', 'run_ok');
    await page.getByTestId('wtw-run').selectOption('run_no_approval');
    await expect(page.getByTestId('wtw-verdict')).toHaveAttribute('data-verdict', 'fail');
    const before = Number(await w.getAttribute('data-s-run'));
    await page.getByTestId('wtw-w_p').focus();
    await page.keyboard.press('ArrowRight'); // w_p 0.2 -> 0.25
    await expect.poll(async () => Number(await w.getAttribute('data-s-run'))).toBeGreaterThan(before);
    // a higher weight is no permission: it still fails
    await expect(page.getByTestId('wtw-verdict')).toHaveAttribute('data-verdict', 'fail');
    await w.locator('summary').click();
    await expect(w.locator('details table tbody tr')).toHaveCount(8); // six terms, S_run, the minimum
  });
});
