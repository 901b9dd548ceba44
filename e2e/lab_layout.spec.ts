/**
 * The lab as an instrument (issue 18, layout): every lab keeps its result summary
 * ([data-lab-summary]: verdict, headline numbers, one chart) in view while the learner edits.
 * At 1280×800 the summary is in the viewport while the first editor is focused and scrolled to the
 * top of the screen (the summary is sticky beside the inputs); at 360×740 the verdict is on the
 * first screen without scrolling, in a compact bar that a button expands. An edit shows what
 * changed (old → new, delta) beside the numbers it moved.
 */
import { expect, test, type Page } from '@playwright/test';
import { LAB_IDS } from '../labs/manifest.ts';
import { editorText, replaceEditorText } from './helpers.ts';

const url = (lang: 'es' | 'en', id: string) => (lang === 'es' ? `/laboratorios/${id}/` : `/en/labs/${id}/`);

/** Opens a lab page without scrolling and waits for the first result. */
async function openAtTop(page: Page, lang: 'es' | 'en', id: string) {
  await page.goto(url(lang, id));
  await expect(page.getByTestId('verdict')).toBeVisible({ timeout: 30_000 });
}

const cases: { id: string; lang: 'es' | 'en' }[] = [...LAB_IDS.map((id) => ({ id, lang: 'es' as const })), { id: 'gate', lang: 'en' }];

for (const { id, lang } of cases) {
  test(`1280×800 ${lang} ${id}: the summary stays in view beside the focused editor`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAtTop(page, lang, id);
    const summary = page.locator('[data-lab-summary]');
    await expect(summary).toHaveCount(1);
    await expect(summary.getByTestId('verdict')).toHaveCount(1);
    await expect(page.getByTestId('verdict')).toHaveCount(1);
    const editor = page.locator('.lab-inputs [data-testid^="editor-"]').first();
    // the editor at the top of the screen, focused: the summary is stuck beside it
    await editor.evaluate((el) => el.closest('.lab-input')?.scrollIntoView({ block: 'start' }));
    await editor.focus();
    await expect(editor).toBeFocused();
    await expect(editor).toBeInViewport();
    await expect(summary).toBeInViewport();
    // the headline numbers are on screen, not only the box's edge
    await expect(summary.getByTestId('headline')).toBeInViewport();
    // no page scroll sideways, no toggle on a wide screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expect(summary.getByTestId('summary-toggle')).toBeHidden();
  });

  test(`360×740 ${lang} ${id}: the verdict is on the first screen, and the bar expands`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAtTop(page, lang, id);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const verdict = page.getByTestId('verdict');
    const vb = await verdict.boundingBox();
    expect(vb!.y + vb!.height).toBeLessThanOrEqual(740);
    // the start of the inputs (the controls above the editors, or the first editor's heading) is on the first screen too
    const firstInput = await page.locator('.lab-main > .lab-controls, .lab-main > .lab-inputs').first().boundingBox();
    expect(firstInput!.y).toBeLessThan(700);
    // the compact bar expands to the whole summary and back
    const toggle = page.getByTestId('summary-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(verdict.locator('p').first()).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // the bar stays on screen while the learner scrolls down the editors
    await page.evaluate(() => window.scrollBy(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(page.locator('[data-lab-summary]')).toBeInViewport();
  });
}

test('1280×800 es gate: an edit shows old → new and the delta beside the numbers it moved', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAtTop(page, 'es', 'gate');
  const before = await editorText(page, 'editor-cases');
  const after = before.replace(/"weight"\s*:\s*2/, '"weight":6');
  expect(after).not.toBe(before);
  await replaceEditorText(page, 'editor-cases', after);
  const summary = page.locator('[data-lab-summary]');
  const change = summary.locator('[data-testid^="change-"]').first();
  await expect(change).toBeVisible();
  await expect(change).toContainText('→');
  // Spanish notation: a decimal comma, a signed delta in brackets
  await expect(change).toHaveText(/\d,\d+ → \d,\d+ \([+−]\d/);
  await expect(summary).toBeInViewport();
  // the mark goes after a few seconds
  await expect(change).toBeHidden({ timeout: 8_000 });
});
