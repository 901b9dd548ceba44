import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, expectIssues, expectStale, replaceEditorText, editorText, expectNoWcagViolations } from './helpers.ts';
import { expectFitsPhone } from './phone.ts';

const DIGITS = readFileSync('labs/calibration/presets/digits_gnb.csv', 'utf8');
const DIGITS_POLICY = readFileSync('labs/calibration/presets/digits_gnb_policy.json', 'utf8');
const ES = '/laboratorios/calibration/';
const EN = '/en/labs/calibration/';

/** At 360 px the K-class results and the opened result summary (the reliability diagram) fit the phone. */
async function expectPhoneFit(page: Page) {
  await expect(page.getByTestId('selective-chart')).toBeVisible();
  await expectFitsPhone(page, '[data-testid="mc-results"]');
  // the reliability diagram is in the result summary, a compact bar on a phone: open it
  if ((await page.getByTestId('summary-toggle').getAttribute('aria-expanded')) !== 'true') await page.getByTestId('summary-toggle').click();
  await expectFitsPhone(page, '[data-lab-summary]');
}

async function loadDigits(page: Page, url: string) {
  await openLab(page, url);
  await page.getByTestId('preset-select').selectOption('digits');
  await expect(page.getByTestId('mc-results')).toBeVisible();
}

test.describe('calibration lab, K classes and selective prediction', () => {
  test('the digits preset renders the K-class results in Spanish; axe-clean at 1280 px, fits 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loadDigits(page, ES);
    await expect(page.getByTestId('mc-kind')).toContainText('10 clases');
    await expect(page.getByTestId('provenance')).toContainText('CC BY 4.0');
    await expect(page.getByTestId('mc-metrics').locator('tr[data-series]')).toHaveCount(3);
    await expect(page.getByTestId('mc-metrics').locator('tr[data-series="temperature"]')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('mc-reliability-chart').locator('.rel-point').first()).toBeVisible();
    await expect(page.getByTestId('mc-sizes').locator('tr[data-size]')).toHaveCount(11);
    await expect(page.getByTestId('mc-per-class').locator('tbody tr')).toHaveCount(10);
    await expect(page.getByTestId('mc-q')).toHaveAttribute('data-infinite', 'false');
    await expect(page.getByTestId('selective-chart').locator('path[data-points]')).toBeVisible();
    await expect(page.getByTestId('sel-e-aurc')).not.toHaveText('');
    await expect(page.getByTestId('mc-checks').locator('tr[data-check]')).toHaveCount(5);
    await expectNoWcagViolations(page, '[data-testid="mc-results"]');
    // the same results on a phone (the layout reflows, no reload)
    await page.setViewportSize({ width: 360, height: 800 });
    await expectPhoneFit(page);
  });

  test('the English K-class results fit 360 px; a view change and a policy edit update them', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await loadDigits(page, EN);
    await expect(page.getByTestId('mc-kind')).toContainText('10 classes');
    await expectPhoneFit(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const apsSize = await page.getByTestId('mc-mean-size').innerText();
    await page.getByTestId('mc-method-lac').check();
    await expect(page.getByTestId('mc-conformal')).toContainText('(LAC)');
    await expect(page.getByTestId('mc-mean-size')).not.toHaveText(apsSize);
    await page.getByTestId('mc-use-isotonic').click();
    await expect(page.getByTestId('mc-metrics').locator('tr[data-series="isotonic"]')).toHaveAttribute('aria-current', 'true');
    // alpha 0.001 with 629 calibration cases: the rank exceeds n, every set is full
    await replaceEditorText(page, 'editor-policy', DIGITS_POLICY.replace('"alpha": 0.1', '"alpha": 0.001'));
    await expect(page.getByTestId('mc-q')).toHaveAttribute('data-infinite', 'true');
    await expect(page.getByTestId('mc-empty-full')).toHaveAttribute('data-full', '629');
    await expect(page.getByTestId('preset-select')).toHaveValue('custom');
  });

  test('a bad probability names its line and column in both languages, keeps the text and the stale result', async ({ page }) => {
    await loadDigits(page, ES);
    // a short file (the editor shows every line): line 7, column p_2
    const small = DIGITS.split('\n').slice(0, 8);
    const cells = small[6].split(',');
    cells[5] = 'mucho';
    small[6] = cells.join(',');
    await replaceEditorText(page, 'editor-cases', small.join('\n'));
    await expectIssues(page, ['línea 7', 'p_2']);
    await expectStale(page);
    await expect(page.getByTestId('mc-results')).toBeVisible();
    expect(await editorText(page, 'editor-cases')).toContain('mucho');
    // the same text on the English page: the same problem, in English (each language keeps its own
    // saved work; the Spanish page's is offered there, declined here)
    await page.goto(EN);
    await page.getByTestId('pending-discard').click();
    await expect(page.getByTestId('verdict')).toBeVisible();
    await page.getByTestId('preset-select').selectOption('digits');
    await expect(page.getByTestId('mc-results')).toBeVisible();
    await replaceEditorText(page, 'editor-cases', small.join('\n'));
    await expectIssues(page, ['line 7', 'p_2'], ['línea']);
  });

  test('the binary path shows selective prediction too', async ({ page }) => {
    await openLab(page, EN);
    await expect(page.getByTestId('selective-panel')).toBeVisible();
    await expect(page.getByTestId('sel-aurc')).not.toHaveText('');
    await expect(page.getByTestId('selective-chart').locator('path[data-points]')).toBeVisible();
  });
});
