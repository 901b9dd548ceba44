/**
 * The English pages show English data with the kit's figures, and keep the textbook's original
 * Spanish data one choice away; the Spanish pages show the kit's files and offer no such choice.
 * Also: the site's own 404 page in both languages, and the renamed-item cheat on the case-fold
 * exercise (goals address items by id), in the page.
 */
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { editorText, openLab, replaceEditorText } from './helpers.ts';

test.describe('English presets', () => {
  test('gate (en): English cases, slices, markers, owner and rollback; the kit\'s figures; the Spanish original selectable', async ({ page }) => {
    await openLab(page, '/en/labs/gate/');
    await expect(page.getByTestId('owner')).toHaveText('ai-team');
    await expect(page.getByTestId('rollback')).toHaveText('keep the baseline and turn the failure into a regression case');
    await expect(page.getByTestId('slice-table')).toContainText('no_evidence');
    await expect(page.getByTestId('slice-table')).not.toContainText('sin_evidencia');
    await expect(page.getByTestId('grader-settings')).toContainText('i have no evidence');
    // the kit's figures (../shared/reference/c01/output/eval_scorecard.json)
    await expect(page.getByTestId('wq-baseline')).toHaveText('0.625');
    await expect(page.getByTestId('wq-candidate')).toHaveText('0.875');
    await expect(page.getByTestId('delta')).toHaveText('0.25');
    await expect(page.getByTestId('delta-ci')).toHaveText('[-0.3333, 0.7778]');
    // the kit's cases under English ids (issue 23: the English preset showed sin_evidencia_001, matricula_001)
    await expect(page.getByTestId('paired-regressions')).toContainText('no_evidence_001');
    await expect(page.getByTestId('paired-improvements')).toContainText('hours_001, support_001');
    for (const es of ['sin_evidencia', 'matricula', 'beca', 'horario', 'soporte']) await expect(page.getByTestId('cases-table')).not.toContainText(es);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    // the textbook's original Spanish data, named as such: same figures, Spanish names
    const select = page.getByTestId('preset-select');
    await expect(select.locator('option[value="kit_es"]')).toHaveText("the textbook's original Spanish data");
    await select.selectOption('kit_es');
    await expect(page.getByTestId('owner')).toHaveText('equipo-ia');
    await expect(page.getByTestId('slice-table')).toContainText('sin_evidencia');
    await expect(page.getByTestId('wq-candidate')).toHaveText('0.875');
    await expect(page.getByTestId('delta-ci')).toHaveText('[-0.3333, 0.7778]');
    // the kit's own SHA-256 of its cases file, now that the bytes are the kit's
    await expect(page.locator('[data-hash="cases_sha256"]')).toContainText('cd358c06ae8e6a9206ac1cbc46d95c488c7a9b5c51283783f6721a520cac300d');
    await select.selectOption('kit');
    await expect(page.getByTestId('owner')).toHaveText('ai-team');
  });

  test('threshold (en): English slices and labels, the kit\'s pair and cost', async ({ page }) => {
    await openLab(page, '/en/labs/threshold/');
    await expect(page.getByTestId('slice-table')).toContainText('payments');
    await expect(page.getByTestId('slice-table')).not.toContainText('pagos');
    await expect(page.getByTestId('cases-table')).toContainText('urgent');
    await expect(page.getByTestId('cases-table')).not.toContainText('urgente');
    await expect(page.getByTestId('slider-low-value')).toHaveText('0.30');
    await expect(page.getByTestId('slider-high-value')).toHaveText('0.50');
    await expect(page.locator('[data-metric="cost"] td')).toHaveText('8.5');
    await expect(page.getByTestId('cm-tp')).toHaveText('TP 4');
    await page.getByTestId('preset-select').selectOption('kit_es');
    await expect(page.getByTestId('slice-table')).toContainText('pagos');
    await expect(page.locator('[data-metric="cost"] td')).toHaveText('8.5');
  });

  test('calibration (en): English slices, the kit\'s policy and figures', async ({ page }) => {
    await openLab(page, '/en/labs/calibration/');
    // the review policy: full conformal sets (10 quantile scores), the cheapest infeasible pair at 16
    await expect(page.getByTestId('rec-cost')).toHaveText('16');
    await expect(page.getByTestId('rec-review-rate')).toHaveText('1');
    await expect(page.getByTestId('raw-brier')).toHaveText('0.2023');
    await expect(page.getByTestId('cal-brier')).toHaveText('0.1889');
    const slices = page.locator('#cal-slices-h').locator('xpath=..');
    await expect(slices).toContainText('grants');
    await expect(slices).not.toContainText('becas');
    await expect(page.getByTestId('preset-select').locator('option[value="kit_es"]')).toHaveCount(1);
  });

  test('the Spanish pages use the kit\'s files and offer no Spanish-original choice', async ({ page }) => {
    await openLab(page, '/laboratorios/gate/');
    await expect(page.getByTestId('owner')).toHaveText('equipo-ia');
    // the Spanish gate page offers its other data sets (five runs per case), never the Spanish original
    await expect(page.getByTestId('preset-select').locator('option[value="kit_es"]')).toHaveCount(0);
    await expect(page.getByTestId('preset-select').locator('option[value="repeated_runs"]')).toHaveCount(1);
    await openLab(page, '/laboratorios/calibration/');
    await expect(page.getByTestId('preset-select').locator('option[value="kit_es"]')).toHaveCount(0);
  });

  test('chapter 01 (en) names the English data; an untouched Spanish lab does not follow the reader to the English page', async ({ page }) => {
    await openLab(page, '/laboratorios/gate/');
    await page.waitForTimeout(700);
    await openLab(page, '/en/chapters/01-eval-gate/');
    await expect(page.getByTestId('owner')).toHaveText('ai-team');
    await expect(page.locator('article, main').first()).toContainText('no_evidence');
  });
});

test.describe('404', () => {
  for (const [url, lang] of [['/labs/gate/', 'es'], ['/es/', 'es'], ['/en/labs/nope/', 'en'], ['/en/404.html', 'en']] as const) {
    test(`${url}: the site's own page in ${lang}, with the navigation and the chapter list`, async ({ page }) => {
      const res = await page.goto(url);
      if (url !== '/en/404.html') expect(res!.status()).toBe(404);
      const nf = page.getByTestId('not-found');
      await expect(nf).toHaveAttribute('data-lang', lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(nf.locator('h1')).toHaveText(lang === 'es' ? 'Página no encontrada' : 'Page not found');
      await expect(page.getByTestId('not-found-chapters')).toHaveAttribute('href', lang === 'es' ? '/' : '/en/');
      await expect(page.getByRole('navigation').first().getByRole('link', { name: lang === 'es' ? 'Ejercicios' : 'Exercises' })).toBeVisible();
      await page.getByTestId('not-found-chapters').click();
      await expect(page.getByTestId('course-map')).toBeVisible();
    });
  }
});

test.describe('saved work per language', () => {
  test('work saved on the Spanish threshold lab stays there: the English lab offers it (never takes it silently) and, declined, opens on its English cases', async ({ page }) => {
    await openLab(page, '/laboratorios/threshold/');
    const spanish = readFileSync('labs/threshold/presets/classification_cases.jsonl', 'utf8');
    const edited = spanish.replace(/\n$/, '') + '\n' + spanish.split('\n')[0].replace(/"ticket_001"/, '"ticket_es_extra"') + '\n';
    await replaceEditorText(page, 'editor-cases', edited);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('evals-lab:threshold:es:v1') ?? '')).toContain('ticket_es_extra');
    // the English page has no work of its own: the Spanish page's work is offered, not taken
    await openLab(page, '/en/labs/threshold/');
    await expect(page.getByTestId('pending')).toHaveAttribute('data-source', 'language');
    expect(await editorText(page, 'editor-cases')).toContain('ticket_es_extra');
    expect(await page.evaluate(() => localStorage.getItem('evals-lab:threshold:en:v1'))).toBeNull();
    await page.getByTestId('pending-discard').click();
    await expect(page.getByTestId('pending')).toHaveCount(0);
    expect(await editorText(page, 'editor-cases')).not.toContain('ticket_es_extra');
    await openLab(page, '/laboratorios/threshold/');
    expect(await editorText(page, 'editor-cases')).toContain('ticket_es_extra');
  });

  test('work saved by an earlier version (a key without a language) opens on the first page that reads it, moved to that language', async ({ page }) => {
    const spanish = readFileSync('labs/threshold/presets/classification_cases.jsonl', 'utf8');
    const policy = readFileSync('labs/threshold/presets/threshold_policy.json', 'utf8');
    const old = JSON.stringify({ v: 1, lab: 'threshold', texts: { cases: spanish.replace('"ticket_001"', '"ticket_legacy"'), policy } });
    await page.addInitScript((v) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('evals-lab:threshold:v1', v);
        sessionStorage.setItem('seeded', '1');
      }
    }, old);
    await openLab(page, '/laboratorios/threshold/');
    expect(await editorText(page, 'editor-cases')).toContain('ticket_legacy');
    expect(await page.evaluate(() => [localStorage.getItem('evals-lab:threshold:v1'), (localStorage.getItem('evals-lab:threshold:es:v1') ?? '').includes('ticket_legacy')])).toEqual([null, true]);
  });
});
