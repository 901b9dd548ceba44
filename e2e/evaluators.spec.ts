import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, expectIssues, expectStale, replaceEditorText, editorText, copyShareLink, openInFreshContext } from './helpers.ts';
import { LARGE, loadTexts } from '../bench/browser/synthetic.ts';

const DIR = 'labs/evaluators/presets/';
const PRESET_RUBRIC = readFileSync(`${DIR}evaluator_rubric.json`, 'utf8');
const V1 = 'evaluator_v1_generic';
const V2 = 'evaluator_v2_rubric';

const recommended = (page: Page) => page.getByTestId('recommended');

test.describe('evaluator audit lab', () => {
  test('40 cases: the case table draws 25 and a filter by case id finds the others', async ({ page }) => {
    await openLab(page, '/en/labs/evaluators/');
    await loadTexts(page, 'evaluators', LARGE.evaluators(40));
    const rows = page.getByTestId('cases-overview').locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await expect(page.getByTestId('cases-overview-count')).toHaveText('Showing 25 of 40 rows; filter by id to reach the others.');
    // the detail's picker offers the same 25 cases, not all 40
    const options = page.getByTestId('case-detail-select').locator('option');
    await expect(options).toHaveCount(25);
    await page.getByTestId('cases-overview-filter').fill('case_39');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-case', 'case_39');
    // filtered: the case on screen and the one the filter found
    await expect(options).toHaveCount(2);
    await page.getByTestId('case-detail-select').selectOption('case_39');
    await expect(page.getByTestId('case-detail').locator('[data-testid^="toggle-parse-"]').first()).toHaveAttribute('data-testid', /case_39$/);
  });

  test("the preset reproduces the kit's figures: v1 kappa 0.1818 with three false passes, all critical; v2's kappa of 1 has no interval, so the lab recommends nobody (the kit recommends v2)", async ({ page }) => {
    await openLab(page, '/laboratorios/evaluators/');
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    await expect(page.getByTestId('recommended-kit')).toHaveText(V2);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('verdict').locator('[data-reason="kappa_ci_undefined"]')).toBeVisible();
    await expect(page.locator(`[data-check="pass_kappa:${V2}"]`)).toHaveAttribute('data-status', 'undefined');
    await expect(page.getByTestId(`gate-${V2}`)).toHaveAttribute('data-passed', 'false');
    await expect(page.getByTestId('focus')).toHaveText(V2);
    await expect(page.getByTestId(`kappa-${V1}`)).toHaveText('0,1818');
    await expect(page.getByTestId(`kappa-${V2}`)).toHaveText('1');
    // the summary's kappa is the point estimate the chart shows, marked: its interval is undefined
    await expect(page.getByTestId('headline').locator('.headline-value').first()).toHaveText('1 (IC no definido)');
    await expect(page.getByTestId(`false-passes-${V1}`)).toHaveText('3');
    await expect(page.getByTestId(`gate-${V1}`)).toHaveAttribute('data-passed', 'false');
    const fp = page.getByTestId(`false-passes-list-${V1}`);
    await expect(fp).toHaveAttribute('data-count', '3');
    // each false pass is listed with its case text
    await expect(fp.locator('[data-case="evaluator_004"]')).toContainText('La respuesta es fluida pero omite una excepción relevante.');
    await expect(page.getByTestId(`critical-list-${V1}`)).toHaveAttribute('data-count', '3');
    // the kit trusts v1's own pass on 004, which its evidence score of 0 contradicts
    await expect(page.getByTestId(`rule-disagreements-${V1}`)).toContainText('evaluator_004');
    // accuracy over readable runs beside the kit's inclusive figure, in the chart's data table
    await expect(page.getByTestId(`criteria-chart-${V1}`)).toContainText('0,8333 · kit 0,8333');
    // the optional sections of the preset are all filled
    await expect(page.getByTestId('qwk-after')).toHaveText('0,7857');
    await expect(page.getByTestId(`construct-kappa-contradiction_only`)).toHaveText('0,8');
    await expect(page.getByTestId('construct-kappa-support')).toHaveText('0,2857');
    await expect(page.getByTestId('corrected-value')).toHaveText('0,2');
    await expect(page.getByTestId('corrected-interval')).toContainText('no definido');
    await expect(page.getByTestId('flip-rate')).toContainText('0,4');
    await expect(page.getByTestId(`c-eval-${V2}`)).toHaveText('449,7');
  });

  test('flipping a human label changes the decision; relabelling towards v1 makes the kit recommend v1 (the lab does not)', async ({ page }) => {
    await openLab(page, '/laboratorios/evaluators/');
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    // People now reject evaluator_001: v2 passes it, a false pass; no evaluator may gate.
    await page.getByTestId('flip-human-evaluator_001-pass').click();
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('verdict').locator('[data-reason="false_passes_above_max"]')).toBeVisible();
    await expect(page.getByTestId(`false-passes-${V2}`)).toHaveText('1');
    // The control edited the cases text (the source of truth).
    expect(await editorText(page, 'editor-cases')).toMatch(/"case_id": "evaluator_001"[\s\S]*?"pass": 0/);
    await page.getByTestId('flip-human-evaluator_001-pass').click();
    await expect(page.getByTestId(`false-passes-${V2}`)).toHaveText('0');
    // The manipulation of the chapter: move the human pass labels of v1's false passes towards v1.
    for (const id of ['evaluator_002', 'evaluator_004', 'evaluator_005']) {
      const before = await page.getByTestId(`kappa-${V1}`).textContent();
      await page.getByTestId(`flip-human-${id}-pass`).click();
      await expect(page.getByTestId(`kappa-${V1}`)).not.toHaveText(before!);
    }
    await expect(page.getByTestId('recommended-kit')).toHaveText(V1);
    await expect(page.getByTestId(`kappa-${V1}`)).toHaveText('1');
    // the lab still refuses v1: its critical false passes stay (evidence and policy labels are 0)
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    await expect(page.getByTestId(`critical-list-${V1}`)).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('human-rule')).toContainText('evaluator_002');
  });

  test("flipping a judge score and a run's parse_ok; the decision about another evaluator", async ({ page }) => {
    await openLab(page, '/en/labs/evaluators/');
    await page.getByTestId(`flip-judge-${V1}-evaluator_005-pass`).click();
    await expect(page.getByTestId(`kappa-${V1}`)).toHaveText('0.4');
    await page.getByTestId('focus-evaluator').selectOption(V1);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('verdict').locator('[data-reason="kappa_below_min"]')).toBeVisible();
    await expect(page.getByTestId('verdict').locator('[data-reason="critical_false_passes_present"]')).toBeVisible();
    await expect(page.locator(`[data-check="pass_kappa:${V1}"]`)).toHaveAttribute('data-passed', 'false');
    // v2 cannot read its output on evaluator_006: over the parse-error limit, no recommendation
    await page.getByTestId('case-detail-select').selectOption('evaluator_006');
    await page.getByTestId(`toggle-parse-${V2}-evaluator_006`).click();
    await expect(page.getByTestId(`gate-${V2}`)).toHaveAttribute('data-passed', 'false');
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    // shown both in the case table (the flip) and in the case detail below
    await expect(page.locator(`[data-case-row="evaluator_006"] [data-outcome="parse_error"]`)).toHaveCount(1);
    await expect(page.locator(`[data-case="evaluator_006"] [data-outcome="parse_error"]`)).toHaveCount(1);
  });

  test('kappa is undefined, visibly, when chance agreement is total, and the kappa floor fails closed', async ({ page }) => {
    await openLab(page, '/laboratorios/evaluators/');
    // people reject every case and v2 blocks every case: both sides use one category, p_e = 1
    for (const id of ['evaluator_001', 'evaluator_003']) {
      await page.getByTestId(`flip-human-${id}-pass`).click();
      await expect(page.getByTestId(`flip-human-${id}-pass`)).toHaveAttribute('data-value', '0');
      await page.getByTestId(`flip-judge-${V2}-${id}-pass`).click();
      await expect(page.getByTestId(`flip-judge-${V2}-${id}-pass`)).toHaveAttribute('data-value', '0');
    }
    await expect(page.getByTestId(`kappa-${V2}`)).toContainText('no definido');
    await page.getByTestId('focus-evaluator').selectOption(V2);
    const row = page.locator(`[data-check="pass_kappa:${V2}"]`);
    await expect(row).toHaveAttribute('data-status', 'undefined');
    await expect(row).toContainText('el acuerdo esperado por azar es total');
    await expect(page.getByTestId('verdict').locator('[data-reason="kappa_undefined"]')).toBeVisible();
    await expect(page.getByTestId('kappa-chart')).toContainText('no definido');
    // accuracy is still 1: agreement is perfect, and meaningless
    await expect(page.getByTestId(`accuracy-${V2}`)).toHaveText('1');
  });

  test('a third evaluator, and the same labels imported as CSV', async ({ page }) => {
    await openLab(page, '/en/labs/evaluators/');
    await page.getByTestId('add-evaluator-from').selectOption(V2);
    await page.getByTestId('add-evaluator-button').click();
    await expect(page.getByTestId('summary').locator('tbody tr')).toHaveCount(3);
    await expect(page.getByTestId(`detail-${V2}_copy`)).toBeVisible();
    // the copy has v2's verdicts: the same kappa of 1 without an interval, so it is not recommended either
    await expect(page.getByTestId(`gate-${V2}_copy`)).toHaveAttribute('data-passed', 'false');
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    await page.getByTestId(`flip-judge-${V2}_copy-evaluator_003-pass`).click();
    await expect(page.getByTestId(`gate-${V2}_copy`)).toHaveAttribute('data-passed', 'false');
    await page.locator('.lab-input').filter({ has: page.getByTestId('editor-cases') }).locator('input[type=file]').setInputFiles(`${DIR}evaluator_labels.en.csv`);
    // the lab had saved work (the edits above): the file opens as a pending state
    await page.getByTestId('pending-keep').click();
    await expect(page.getByTestId('cases-format')).toContainText('CSV');
    await expect(page.getByTestId(`kappa-${V1}`)).toHaveText('0.1818');
    await expect(page.getByTestId(`false-passes-${V1}`)).toHaveText('3');
    await expect(page.getByTestId('flip-human-evaluator_001-pass')).toHaveAttribute('data-value', '1');
    await page.getByTestId('flip-human-evaluator_001-pass').click();
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    expect(await editorText(page, 'editor-cases')).toMatch(/^evaluator_001,validar_cita_apa,Check whether this source supports the claim and produce an APA reference\.,1,1,1,1,0$/m);
  });

  test('bad JSON: the message names the line and the field, the text is kept and the result goes stale', async ({ page }) => {
    await openLab(page, '/laboratorios/evaluators/');
    const broken = PRESET_RUBRIC.replace('"min_kappa": 0.60', '"min_kappa": "alto"');
    expect(broken).not.toBe(PRESET_RUBRIC);
    await replaceEditorText(page, 'editor-rubric', broken);
    await expectIssues(page, ['línea 11', 'min_kappa']);
    await expectStale(page);
    await expect(page.getByTestId(`kappa-${V1}`)).toHaveText('0,1818');
    expect(await editorText(page, 'editor-rubric')).toContain('"min_kappa": "alto"');
    await replaceEditorText(page, 'editor-rubric', PRESET_RUBRIC.replace('"max_false_passes": 0,', '"max_false_passes": 0,,'));
    await expectIssues(page, ['línea 12']);
    await expectStale(page);
    // the case controls say why they are off while the cases text cannot be read
    await replaceEditorText(page, 'editor-rubric', PRESET_RUBRIC);
    await expect(page.getByTestId('lab-output')).toHaveAttribute('data-stale', 'false');
    await replaceEditorText(page, 'editor-cases', '[{"case_id": ');
    await expect(page.getByTestId('case-controls-disabled')).toBeVisible();
    await expectIssues(page, ['línea 1']);
  });

  test('a share link reproduces the state in a fresh page', async ({ page, browser }) => {
    await openLab(page, '/en/labs/evaluators/');
    await page.getByTestId('flip-human-evaluator_001-pass').click();
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    await page.getByTestId('focus-evaluator').selectOption(V1);
    await expect(page.getByTestId('focus')).toHaveText(V1);
    const url = await copyShareLink(page);
    expect(url).toMatch(/#state=/);
    const { ctx, fresh } = await openInFreshContext(browser, url);
    // nothing is saved there: the link's state is on screen, offered to keep, and nothing is stored yet
    const pending = fresh.getByTestId('pending');
    await expect(pending).toHaveAttribute('data-source', 'link');
    await expect(pending).toContainText('Nothing is saved until you choose.');
    await expect(fresh.getByTestId('recommended')).toHaveAttribute('data-value', '');
    await expect(fresh.getByTestId('focus')).toHaveText(V1);
    await expect(fresh.getByTestId('flip-human-evaluator_001-pass')).toHaveAttribute('data-value', '0');
    await fresh.getByTestId('pending-keep').click();
    await expect(pending).toHaveCount(0);
    await expect(fresh.getByTestId('flip-human-evaluator_001-pass')).toHaveAttribute('data-value', '0');
    await ctx.close();
  });

  test('both languages: English data and messages, and the switch keeps the work', async ({ page }) => {
    await openLab(page, '/en/labs/evaluators/');
    await expect(page.getByTestId(`false-passes-list-${V1}`)).toContainText('The answer reads well but leaves out a relevant exception.');
    await page.getByTestId('focus-evaluator').selectOption(V1);
    await expect(page.getByTestId('verdict')).toContainText('may not act as a gate');
    await expect(page.getByTestId('checklist')).toContainText('not met');
    await page.getByTestId('flip-human-evaluator_001-pass').click();
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    await page.waitForTimeout(500); // saved locally (debounced)
    await page.getByTestId('lang-switch').click();
    await expect(page).toHaveURL(/\/laboratorios\/evaluators\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(recommended(page)).toHaveAttribute('data-value', '');
    await expect(page.getByTestId('verdict')).toContainText('no puede hacer de gate');
  });

  test('keyboard: the controls work without a mouse', async ({ page }) => {
    await openLab(page, '/en/labs/evaluators/');
    await page.getByTestId(`flip-judge-${V1}-evaluator_005-pass`).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(`kappa-${V1}`)).toHaveText('0.4');
    await expect(page.getByTestId(`flip-judge-${V1}-evaluator_005-pass`)).toBeFocused();
    const summary = page.getByTestId('kappa-chart').locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('kappa-chart').locator('table')).toBeVisible();
    await page.getByTestId('tab-construct').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('tab-production')).toBeFocused();
  });
});

test.describe('chapter 04 judge widgets', () => {
  test('judge-agreement: a flipped token recomputes kappa in the worker, from the keyboard; data table', async ({ page }) => {
    await page.goto('/capitulos/04-evaluators/');
    const w = page.getByTestId('widget-judge-agreement');
    await w.scrollIntoViewIfNeeded();
    await expect(page.locator('figure[data-widget="judge-agreement"] astro-island')).not.toHaveAttribute('ssr');
    await expect(page.getByTestId('wj-kappa')).toHaveText('0,182'); // server-rendered from the engine
    await page.getByTestId('wj-flip-evaluator_005').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('wj-kappa')).toHaveText('0,4');
    await expect(page.getByTestId('wj-false-passes')).toHaveText('2');
    await expect(page.getByTestId('wj-flip-evaluator_005')).toBeFocused();
    await page.getByTestId('wj-flip-evaluator_001').click();
    await expect(page.getByTestId('wj-kappa')).toHaveText('0');
    await expect(w.locator('[data-token="evaluator_001"]')).toHaveAttribute('data-outcome', 'false_block');
    await w.locator('summary').click();
    await expect(w.locator('details table tbody tr')).toHaveCount(6);
    await page.getByTestId('wj-reset').click();
    await expect(page.getByTestId('wj-kappa')).toHaveText('0,182');
  });

  test('pass-rate-correction: the sliders move the corrected rate; TPR + TNR <= 1 is undefined', async ({ page }) => {
    await page.goto('/en/chapters/04-evaluators/');
    const w = page.getByTestId('widget-pass-rate-correction');
    await w.scrollIntoViewIfNeeded();
    await expect(page.locator('figure[data-widget="pass-rate-correction"] astro-island')).not.toHaveAttribute('ssr');
    await expect(page.getByTestId('wrg-value')).toHaveText('0.714');
    await page.getByTestId('wrg-tnr').focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft'); // TNR 0.8 -> 0.4
    await expect(page.getByTestId('wrg-value')).toHaveText('0.333');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft'); // TNR 0.1: TPR + TNR = 1
    await expect(page.getByTestId('wrg-value')).toContainText('undefined');
    await expect(page.getByTestId('wrg-undefined')).toBeVisible();
    await expect(w.locator('details summary')).toHaveCount(1);
  });

  test('pass-rate-correction: the corrected rate is clipped to [0, 1] on both sides, and the widget says which', async ({ page }) => {
    await page.goto('/en/chapters/04-evaluators/');
    const w = page.getByTestId('widget-pass-rate-correction');
    await w.scrollIntoViewIfNeeded();
    await expect(page.locator('figure[data-widget="pass-rate-correction"] astro-island')).not.toHaveAttribute('ssr');
    await expect(page.getByTestId('wrg-clipped')).toHaveCount(0);
    await page.getByTestId('wrg-q').focus();
    await page.keyboard.press('Home'); // q = 0 < 1 - TNR = 0.2: (0 + 0.8 - 1) / 0.7 = -0.286 -> 0
    await expect(page.getByTestId('wrg-value')).toHaveText('0');
    await expect(page.getByTestId('wrg-clipped')).toContainText('-0.286');
    await expect(page.getByTestId('wrg-clipped')).toContainText('clipped to 0');
    await page.keyboard.press('End'); // q = 1 > TPR = 0.9: (1 + 0.8 - 1) / 0.7 = 1.143 -> 1
    await expect(page.getByTestId('wrg-value')).toHaveText('1');
    await expect(page.getByTestId('wrg-clipped')).toContainText('1.143');
    await expect(page.getByTestId('wrg-clipped')).toContainText('clipped to 1');
  });
});
