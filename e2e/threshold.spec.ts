import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, expectIssues, expectStale, replaceEditorText, editorText, copyShareLink, openInFreshContext, stateHash, num, savedTexts } from './helpers.ts';

const PRESET_CASES = readFileSync('labs/threshold/presets/classification_cases.jsonl', 'utf8');

test.describe('threshold lab', () => {
  test('the preset reproduces the kit: low 0.3, high 0.5, cost 8.5, pass', async ({ page }) => {
    await openLab(page, '/laboratorios/threshold/');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('slider-low-value')).toHaveText(num(page, '0.30'));
    await expect(page.getByTestId('slider-high-value')).toHaveText(num(page, '0.50'));
    await expect(page.getByTestId('cm-tp')).toHaveText('TP 4');
    await expect(page.getByTestId('cm-fp')).toHaveText('FP 2');
    await expect(page.getByTestId('cm-fn')).toHaveText('FN 0');
    await expect(page.getByTestId('cm-tn')).toHaveText('TN 3');
    await expect(page.locator('[data-metric="cost"] td')).toHaveText(num(page, '8.5'));
    await expect(page.getByTestId('scan-table').locator('tbody tr')).toHaveCount(28);
  });

  test('editing a score changes the confusion matrix and the verdict', async ({ page }) => {
    await openLab(page, '/en/labs/threshold/');
    // ticket_001 is an urgent ticket scored 0.93; score it 0.05 and no pair can keep operational recall >= 0.9.
    const edited = PRESET_CASES.replace('"score":0.93', '"score":0.05');
    expect(edited).not.toBe(PRESET_CASES);
    await replaceEditorText(page, 'editor-cases', edited);
    await expect(page.getByTestId('cm-tp')).toHaveText('TP 3');
    await expect(page.getByTestId('cm-fn')).toHaveText('FN 1');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('verdict')).toContainText('Do not automate yet');
    await expect(page.getByTestId('verdict')).toContainText('Least-bad pair');

    // A large state (3,000 cases, over 200 KB) is not written 300 ms after the edit, as a small one
    // is, but after a longer pause or when the page is left: a reload right away still finds it.
    const many = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ case_id: `bulk_${i}`, score: ((i * 37) % 100) / 100, label: i % 3 === 0 ? 1 : 0, slice: 'payments', text: 'a ticket written for the size of the file, nothing more' })).join('\n');
    expect(many.length).toBeGreaterThan(200_000);
    await replaceEditorText(page, 'editor-cases', many);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', /pass|fail/);
    await page.waitForTimeout(1000);
    expect((await savedTexts(page, 'threshold'))?.cases ?? '').not.toContain('bulk_2999');
    await page.reload();
    await expect.poll(async () => (await savedTexts(page, 'threshold'))?.cases ?? '').toContain('bulk_2999');
  });

  test('invalid JSONL shows the line, keeps the text and the last valid result, marked stale', async ({ page }) => {
    await openLab(page, '/laboratorios/threshold/');
    const broken = PRESET_CASES.replace('"score":0.86', '"score":"alta"').replace('{"case_id":"ticket_005"', '{"case_id":"ticket_005",');
    await replaceEditorText(page, 'editor-cases', broken);
    await expectIssues(page, ['línea 2', 'score', 'línea 5']);
    await expectStale(page);
    await expect(page.getByTestId('cm-tp')).toHaveText('TP 4');
    expect(await editorText(page, 'editor-cases')).toContain('"score":"alta"');
    // The broken text survives a reload (saved locally), and so does the message.
    await page.waitForTimeout(500);
    await page.reload();
    await expect(page.getByTestId('issues')).toContainText('línea 2');
    expect(await editorText(page, 'editor-cases')).toContain('"score":"alta"');
    // ...and the last valid result comes back with it, marked stale.
    await expect(page.getByTestId('stale-banner')).toBeVisible();
    await expect(page.getByTestId('cm-tp')).toHaveText('TP 4');
  });

  test('the English page explains the problem in English', async ({ page }) => {
    await openLab(page, '/en/labs/threshold/');
    await replaceEditorText(page, 'editor-policy', '{"cost_false_positive": -1}');
    await expectIssues(page, ['line 1', 'cost_false_positive'], ['línea']);
  });

  test('a share link reproduces the state in a fresh page, and a tampered one is rejected', async ({ page, browser }) => {
    await openLab(page, '/en/labs/threshold/');
    await replaceEditorText(page, 'editor-cases', PRESET_CASES.replace('"score":0.93', '"score":0.05'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await page.getByTestId('slider-low').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('slider-low-value')).not.toHaveText(num(page, '0.30'));
    const low = await page.getByTestId('slider-low-value').textContent();
    const url = await copyShareLink(page);
    expect(url).toMatch(/#state=/);

    const { ctx, fresh } = await openInFreshContext(browser, url);
    await expect(fresh.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(fresh.getByTestId('slider-low-value')).toHaveText(low!);
    expect(await editorText(fresh, 'editor-cases')).toContain('"score":0.05');

    const tampered = url.replace(/#state=.{8}/, '#state=AAAAAAAA');
    const other = await ctx.newPage();
    await other.goto(tampered.replace('/en/labs/threshold/', '/laboratorios/threshold/'));
    await expect(other.getByTestId('state-notice')).toContainText('no es válido');
    await ctx.close();
  });

  test('every control works from the keyboard', async ({ page }) => {
    await openLab(page, '/en/labs/threshold/');
    await page.getByTestId('slider-high').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('slider-high-value')).toHaveText(num(page, '0.51'));
    const pick = page.getByRole('button', { name: 'Choose low 0.2, high 0.3' });
    await pick.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('slider-low-value')).toHaveText(num(page, '0.20'));
    await expect(page.getByTestId('slider-high-value')).toHaveText(num(page, '0.30'));
    await page.getByRole('button', { name: 'Back to the recommended pair' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('slider-high-value')).toHaveText(num(page, '0.50'));
    const download = page.waitForEvent('download');
    await page.getByTestId('download-decision').focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('threshold-decision.md');
    const scorecard = page.waitForEvent('download');
    await page.getByTestId('download-scorecard').focus();
    await page.keyboard.press('Enter');
    const json = JSON.parse(readFileSync(await (await scorecard).path(), 'utf8'));
    expect(json.recommended_policy.threshold_low).toBe(0.3);
    expect(json.recommended_policy.metrics.cost).toBe(8.5);
    page.once('dialog', (d) => d.accept());
    await page.getByTestId('reset').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('slider-low-value')).toHaveText(num(page, '0.30'));
    // The editors take focus from the keyboard and Tab leaves them (no trap).
    await page.getByTestId('editor-cases').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('editor-cases')).not.toBeFocused();
  });

  test('user text from a link is shown as text, never as HTML', async ({ page }) => {
    const evil = '<img src=x onerror="window.__xss=1">';
    const cases = PRESET_CASES.replace('"case_id":"ticket_001"', `"case_id":${JSON.stringify(evil)}`).replace('"slice":"pagos"', '"slice":"<b>pagos</b>"');
    const policy = readFileSync('labs/threshold/presets/threshold_policy.json', 'utf8');
    const state = { v: 1, lab: 'threshold', texts: { cases, policy } };
    await openLab(page, `/en/labs/threshold/${stateHash(state)}`);
    await expect(page.getByTestId('cases-table')).toContainText(evil);
    await expect(page.getByTestId('slice-table')).toContainText('<b>pagos</b>');
    expect(await page.locator('.lab-output img, .lab-output b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
