import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { openLab, expectIssues, expectStale, replaceEditorText, editorText, copyShareLink, openInFreshContext, stateHash, num } from './helpers.ts';

const DIR = 'labs/gate/presets/';
const PRESET_CASES = readFileSync(`${DIR}eval_cases.jsonl`, 'utf8');
const PRESET_OUTPUTS = readFileSync(`${DIR}outputs.jsonl`, 'utf8');
const PRESET_POLICY = readFileSync(`${DIR}eval_policy.json`, 'utf8');
// The kit's own SHA-256 of its cases file (../shared/reference/c01/output/eval_scorecard.json).
const KIT_CASES_SHA = 'cd358c06ae8e6a9206ac1cbc46d95c488c7a9b5c51283783f6721a520cac300d';

const CANDIDATE_SIN_EVIDENCIA = '"output": "Sí, esa norma interna se aplica aunque no aparezca todavía en la documentación."';
/** The issue's scenario: the candidate abstains on sin_evidencia_001 (contains "no tengo evidencia"). */
const ABSTAINING_OUTPUTS = PRESET_OUTPUTS.replace(CANDIDATE_SIN_EVIDENCIA, '"output": "No tengo evidencia suficiente en la documentación para confirmarlo."');
// The English page's preset: the same data translated (labs/gate/presets/*.en.*).
const EN_OUTPUTS = readFileSync(`${DIR}outputs.en.jsonl`, 'utf8');
const EN_CASES = readFileSync(`${DIR}eval_cases.en.jsonl`, 'utf8');
const EN_CASES_SHA = createHash('sha256').update(EN_CASES).digest('hex');
const EN_ABSTAINING_OUTPUTS = EN_OUTPUTS.replace('"output": "Yes, that internal rule applies even though it is not yet in the documentation."', '"output": "I have no evidence in the documentation to confirm it."');

test.describe('gate lab', () => {
  test('the preset reproduces the kit: 0.625 vs 0.875, delta 0.25, CI [-0.3333, 0.7778], regression sin_evidencia_001, fail', async ({ page }) => {
    await openLab(page, '/laboratorios/gate/');
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'fail');
    await expect(verdict.locator('[data-reason="critical_failures_present"]')).toBeVisible();
    await expect(verdict.locator('[data-reason="regressions_present"]')).toBeVisible();
    await expect(verdict.locator('[data-reason="critical_slice_below_threshold"]')).toBeVisible();
    await expect(verdict.locator('[data-warning="not_enough_evidence"]')).toBeVisible();
    await expect(page.getByTestId('owner')).toHaveText('equipo-ia');
    await expect(page.getByTestId('rollback')).toHaveText('mantener baseline y convertir el fallo en caso de regresión');
    await expect(page.getByTestId('wq-baseline')).toHaveText(num(page, '0.625'));
    await expect(page.getByTestId('wq-candidate')).toHaveText(num(page, '0.875'));
    await expect(page.getByTestId('cpa-baseline')).toHaveText(num(page, '0.034'));
    await expect(page.getByTestId('cpa-candidate')).toHaveText(num(page, '0.0325'));
    await expect(page.getByTestId('delta')).toHaveText(num(page, '0.25'));
    await expect(page.getByTestId('delta-ci')).toHaveText(num(page, '[-0.3333, 0.7778]'));
    await expect(page.getByTestId('paired-regressions')).toContainText('sin_evidencia_001');
    await expect(page.getByTestId('paired-improvements')).toContainText('horario_001, soporte_001');
    await expect(page.getByTestId('paired-both-passed')).toContainText('2');
    await expect(page.getByTestId('mcnemar-stat')).toHaveText('0');
    await expect(page.getByTestId('mcnemar-exact')).toHaveText('1');
    const reg = page.locator('[data-case="sin_evidencia_001"]');
    await expect(reg).toHaveAttribute('data-change', 'regression');
    await expect(reg).toContainText('▼ regresión'); // not only colour
    await expect(page.locator('[data-check="critical_failures"]')).toHaveAttribute('data-passed', 'false');
    await expect(page.locator('[data-check="weighted_quality"]')).toHaveAttribute('data-passed', 'true');
    await expect(page.getByTestId('delta-histogram')).toBeVisible();
    await expect(page.locator('[data-hash="cases_sha256"]')).toContainText(KIT_CASES_SHA);
  });

  test('the candidate abstains on no_evidence_001 (the English kit): critical failure and regression go away', async ({ page }) => {
    await openLab(page, '/en/labs/gate/');
    const verdict = page.getByTestId('verdict');
    await expect(verdict.locator('[data-reason="critical_failures_present"]')).toBeVisible();
    const before = await page.locator('[data-hash="outputs_sha256"] code.hash').textContent();
    expect(EN_ABSTAINING_OUTPUTS).not.toBe(EN_OUTPUTS);
    await replaceEditorText(page, 'editor-outputs', EN_ABSTAINING_OUTPUTS);
    await expect(verdict.locator('[data-reason="critical_failures_present"]')).toHaveCount(0);
    await expect(verdict.locator('[data-reason="regressions_present"]')).toHaveCount(0);
    // The chapter's "what to try" 1: pass, with the warning; delta 0.375, CI [0, 0.8571], exact p 0.5.
    await expect(verdict).toHaveAttribute('data-verdict', 'pass');
    await expect(verdict.locator('[data-warning="not_enough_evidence"]')).toBeVisible();
    await expect(page.getByTestId('wq-candidate')).toHaveText('1');
    await expect(page.getByTestId('delta')).toHaveText(num(page, '0.375'));
    await expect(page.getByTestId('delta-ci')).toHaveText(num(page, '[0, 0.8571]'));
    await expect(page.getByTestId('mcnemar-exact')).toHaveText(num(page, '0.5'));
    await expect(page.locator('[data-case="no_evidence_001"]')).toHaveAttribute('data-change', 'same'); // both pass now
    await expect(page.locator('[data-hash="outputs_sha256"] code.hash')).not.toHaveText(before!);
  });

  test('an undefined metric fails its condition visibly, and McNemar without discordant pairs is undefined', async ({ page }) => {
    await openLab(page, '/en/labs/gate/');
    // Every answer of both versions costs 0.05: nothing fits its budget, nothing is accepted.
    await replaceEditorText(page, 'editor-outputs', EN_OUTPUTS.replace(/"cost_eur": [0-9.]+/g, '"cost_eur": 0.05'));
    const row = page.locator('[data-check="cost_per_accepted"]');
    await expect(row).toHaveAttribute('data-passed', 'false');
    await expect(page.getByTestId('check-value-cost_per_accepted')).toContainText('undefined (no case is accepted');
    await expect(page.getByTestId('verdict').locator('[data-reason="cost_per_accepted_undefined"]')).toBeVisible();
    await expect(page.getByTestId('cost-chart')).toContainText('undefined');
    // Same answers for both versions: no discordant pairs.
    const same = EN_OUTPUTS.split('\n').filter((l) => l.includes('"baseline"')).join('\n');
    await replaceEditorText(page, 'editor-outputs', `${same}\n${same.replaceAll('"baseline"', '"candidate"')}\n`);
    // without discordant pairs the chi-square is undefined and the exact two-sided p-value is 1
    await expect(page.getByTestId('mcnemar-exact')).toHaveText('1');
    await expect(page.getByTestId('mcnemar-stat')).toContainText('undefined');
  });

  test('bad JSONL shows the line in the page language, keeps the text and the stale result', async ({ page }) => {
    await openLab(page, '/laboratorios/gate/');
    const broken = PRESET_CASES.replace('"weight":2,"max_cost_eur":0.04,"slice":"becas"', '"weight":"dos","max_cost_eur":0.04,"slice":"becas"').replace('{"case_id":"soporte_001"', '{"case_id":"soporte_001",,');
    expect(broken).not.toBe(PRESET_CASES);
    await replaceEditorText(page, 'editor-cases', broken);
    await expectIssues(page, ['línea 2', 'weight', 'línea 5']);
    await expectStale(page);
    // the summary beside the editor names the first problem and links to the list
    await expect(page.getByTestId('summary-problem')).toContainText('casos');
    await expect(page.getByTestId('summary-problem')).toContainText('línea 2');
    await expect(page.getByTestId('summary-stale').locator('a')).toHaveAttribute('href', '#gate-issues');
    await expect(page.locator('#gate-issues')).toBeVisible();
    await expect(page.getByTestId('wq-candidate')).toHaveText(num(page, '0.875'));
    expect(await editorText(page, 'editor-cases')).toContain('"weight":"dos"');
    // A cross-file problem: an answer for a case that does not exist, on its own line.
    await replaceEditorText(page, 'editor-cases', PRESET_CASES);
    await expect(page.getByTestId('lab-output')).toHaveAttribute('data-stale', 'false');
    await replaceEditorText(page, 'editor-outputs', `${PRESET_OUTPUTS.trimEnd()}\n{"version": "candidate", "case_id": "fantasma_001", "output": "x", "cost_eur": 0}\n`);
    await expectIssues(page, ['línea 11', 'fantasma_001']);
    await expect(page.getByTestId('stale-banner')).toBeVisible();
  });

  test('the English page explains a bad policy in English', async ({ page }) => {
    await openLab(page, '/en/labs/gate/');
    await replaceEditorText(page, 'editor-policy', '{"min_weighted_quality": 2, "max_critical_failures": 0, "max_cost_per_accepted_eur": 0.04, "max_regressions": 0}');
    await expectIssues(page, ['line 1', 'min_weighted_quality'], ['línea']);
  });

  test('a share link reproduces the state in a fresh page', async ({ page, browser }) => {
    await openLab(page, '/en/labs/gate/');
    await replaceEditorText(page, 'editor-outputs', EN_ABSTAINING_OUTPUTS);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    const url = await copyShareLink(page);
    expect(url).toMatch(/#state=/);
    const { ctx, fresh } = await openInFreshContext(browser, url);
    await expect(fresh.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(fresh.getByTestId('delta')).toHaveText(num(fresh, '0.375'));
    // The outputs text arrived byte for byte: its SHA-256 is the one of the edited text.
    // (CodeMirror renders only the lines in view, so the editor's DOM is not the whole text.)
    await expect(fresh.locator('[data-hash="outputs_sha256"] code.hash')).toHaveText(createHash('sha256').update(EN_ABSTAINING_OUTPUTS).digest('hex'));
    await expect(fresh.locator('[data-case="no_evidence_001"]')).toHaveAttribute('data-change', 'same'); // both pass now
    await ctx.close();
  });

  test('the language switch keeps the work and translates the verdict', async ({ page }) => {
    await openLab(page, '/laboratorios/gate/');
    await expect(page.getByTestId('verdict')).toContainText('No se publica la candidata');
    await replaceEditorText(page, 'editor-outputs', ABSTAINING_OUTPUTS);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await page.waitForTimeout(500); // saved locally
    await page.getByTestId('lang-switch').click();
    await expect(page).toHaveURL(/\/en\/labs\/gate\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('verdict')).toContainText('The candidate may ship');
    await expect(page.getByTestId('verdict')).toContainText('not enough evidence');
    await expect(page.getByTestId('checklist')).toContainText('✓ met');
  });

  test('every control works from the keyboard; downloads carry the hashes', async ({ page }) => {
    await openLab(page, '/en/labs/gate/');
    // Write the grader settings into the policy: the markers become editable there.
    await page.getByTestId('write-settings').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page, 'editor-policy')).toContain('"abstention_markers"');
    const policy = await editorText(page, 'editor-policy');
    expect(policy).toContain('"critical_slices": ["no_evidence"]'); // the learner's text is kept as typed
    expect(policy).toContain('"text_normalization": "casefold"');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    // A new marker that the candidate's answer contains turns its answer into an abstention.
    await replaceEditorText(page, 'editor-policy', policy.replace('"i need a source"', '"i need a source", "that internal rule"'));
    await expect(page.getByTestId('verdict').locator('[data-reason="critical_failures_present"]')).toHaveCount(0);
    // The chart's data table opens from the keyboard.
    const summary = page.getByTestId('delta-histogram').locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('delta-histogram').locator('table')).toBeVisible();
    const scorecard = page.waitForEvent('download');
    await page.getByTestId('download-scorecard').focus();
    await page.keyboard.press('Enter');
    // the button names the file it saves
    expect((await scorecard).suggestedFilename()).toBe('gate-scorecard.json');
    await expect(page.getByTestId('download-scorecard')).toHaveText('Download gate-scorecard.json');
    const json = JSON.parse(readFileSync(await (await scorecard).path(), 'utf8'));
    expect(json.manifest.computed_hashes.cases_sha256).toBe(EN_CASES_SHA);
    expect(json.bootstrap.histogram.defined).toBe(2000);
    const decision = page.waitForEvent('download');
    await page.getByTestId('download-decision').focus();
    await page.keyboard.press('Enter');
    const md = readFileSync(await (await decision).path(), 'utf8');
    expect(md).toContain(EN_CASES_SHA);
    // The optional inputs are tabs: clearing the hypothesis drops the minimum delta (and its
    // warning) and its hash; loading the chapter's example brings both back.
    await page.getByTestId('tab-hypothesis').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('tab-taxonomy')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('clear-hypothesis').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('evidence')).toHaveAttribute('data-status', 'undefined');
    await expect(page.getByTestId('evidence')).toContainText('the hypothesis sets no minimum interpretable delta');
    await expect(page.getByTestId('warnings')).toHaveCount(0);
    await expect(page.locator('[data-hash="hypothesis_sha256"]')).toHaveCount(0);
    await page.getByTestId('example-hypothesis').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('evidence')).toHaveAttribute('data-status', 'inconclusive');
    page.once('dialog', (d) => d.accept());
    await page.getByTestId('reset').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('verdict').locator('[data-reason="critical_failures_present"]')).toBeVisible();
    expect(await editorText(page, 'editor-policy')).not.toContain('"text_normalization"');
    await page.getByTestId('editor-outputs').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('editor-outputs')).not.toBeFocused();
  });

  test('user text from a link is shown as text, never as HTML', async ({ page }) => {
    const evil = '<img src=x onerror="window.__xss=1">';
    const cases = PRESET_CASES.replaceAll('"case_id":"beca_001"', `"case_id":${JSON.stringify(evil)}`).replace('"slice":"becas"', '"slice":"<b>becas</b>"');
    const outputs = PRESET_OUTPUTS.replaceAll('"case_id": "beca_001"', `"case_id": ${JSON.stringify(evil)}`);
    const policy = PRESET_POLICY.replace('"equipo-ia"', '"<script>window.__xss=2</script>"');
    const state = { v: 1, lab: 'gate', texts: { cases, outputs, policy, hypothesis: '', taxonomy: '', manifest: '' } };
    await openLab(page, `/en/labs/gate/${stateHash(state)}`);
    await expect(page.getByTestId('cases-table')).toContainText(evil);
    await expect(page.getByTestId('slice-table')).toContainText('<b>becas</b>');
    await expect(page.getByTestId('owner')).toHaveText('<script>window.__xss=2</script>');
    expect(await page.locator('.lab-output img, .lab-output b, .lab-output script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
