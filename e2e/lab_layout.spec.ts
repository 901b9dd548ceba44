/**
 * The lab as an instrument (issue 18): every lab keeps its result summary ([data-lab-summary]:
 * verdict, headline numbers, one chart) in view while the learner edits, and offers a case table
 * whose buttons edit the texts in place. One page visit per lab (Spanish and English alternate):
 * - 1280×800: the summary is sticky beside the focused editor; a click in the case table changes
 *   the editor's text (the one value it flips) and the summary, with the edited row and the summary
 *   on screen together, without scrolling;
 * - the same page at 360×740, scrolled to the top: the verdict and the start of the inputs are on the
 *   first screen, the compact bar expands and stays on screen while the learner scrolls.
 */
import { expect, test, type Page } from '@playwright/test';
import { editorText } from './helpers.ts';

type Lang = 'es' | 'en';
const url = (lang: Lang, id: string) => (lang === 'es' ? `/laboratorios/${id}/` : `/en/labs/${id}/`);

/** Per lab: the page's language, the row to flip, the editor it edits, and what the edited text must then contain. */
const labs: { id: string; lang: Lang; toggle: string; editor: string; after: RegExp }[] = [
  { id: 'gate', lang: 'es', toggle: 'case-toggle-must_abstain-matricula_001', editor: 'editor-cases', after: /"case_id":"matricula_001"[^\n]*"must_abstain":true/ },
  { id: 'threshold', lang: 'en', toggle: 'case-toggle-label-ticket_001', editor: 'editor-cases', after: /"case_id":"ticket_001","score":0\.93,"label":0/ },
  { id: 'rag', lang: 'es', toggle: 'case-toggle-grade-rag_001 @1', editor: 'editor-cases', after: /"gold_chunks": \{\s*"normativa-2026#plazos-ampliacion": 0\s*\}/ },
  { id: 'evaluators', lang: 'en', toggle: 'case-toggle-human-evaluator_001', editor: 'editor-cases', after: /"case_id": "evaluator_001"(?:(?!"case_id")[\s\S])*"pass": 0/ },
  { id: 'trace', lang: 'es', toggle: '', editor: 'editor-trace', after: /./ },
  { id: 'calibration', lang: 'en', toggle: 'case-toggle-label-c001', editor: 'editor-cases', after: /\nc001,calibration,[^,\n]*,1,/ },
  { id: 'rubric', lang: 'es', toggle: 'case-toggle-verdict-pl-01', editor: 'editor-items', after: /"item": "pl-01"[^\n]*\\"answer\\": \\"\\"/ },
];

/** The summary's verdict and numbers as text (what a learner reads there). */
const summaryText = (page: Page) => page.locator('[data-lab-summary]').evaluate((el) => {
  const v = el.querySelector('[data-testid="verdict"] h3')?.textContent ?? '';
  return `${v} | ${Array.from(el.querySelectorAll('.headline-value')).map((n) => n.textContent).join(' | ')}`;
});

for (const lab of labs) {
  test(`${lab.lang} ${lab.id}: the case table edits the text and the summary beside it (1280×800), the verdict on a phone's first screen (360×740)`, async ({ page }) => {
    // one visit does the wide and the narrow checks (two visits before): twice the default time
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url(lab.lang, lab.id));
    await expect(page.getByTestId('verdict')).toBeVisible({ timeout: 30_000 });
    const summary = page.locator('[data-lab-summary]');
    await expect(summary).toHaveCount(1);
    await expect(summary.getByTestId('verdict')).toHaveCount(1);
    await expect(page.getByTestId('verdict')).toHaveCount(1);

    // the summary is stuck beside the focused editor
    const editor = page.locator('.lab-inputs [data-testid^="editor-"]').first();
    await editor.evaluate((el) => el.closest('.lab-input')?.scrollIntoView({ block: 'start' }));
    await editor.focus();
    await expect(editor).toBeInViewport();
    await expect(summary.getByTestId('headline')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expect(summary.getByTestId('summary-toggle')).toBeHidden();

    // the case table: its buttons are one tab stop
    const table = page.getByTestId('lab-case-table');
    await expect(table).toHaveCount(1);
    const buttons = table.locator('button.case-toggle');
    expect(await buttons.count()).toBeGreaterThan(0);
    expect(await table.locator('button.case-toggle[tabindex="0"]').count()).toBe(1);
    const button = lab.toggle ? page.getByTestId(lab.toggle) : buttons.first();
    await button.scrollIntoViewIfNeeded();
    await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const before = await editorText(page, lab.editor);
    const shown = await summaryText(page);
    await button.click();
    // the editor's text changed where the button points, and only a little
    await expect.poll(() => editorText(page, lab.editor)).not.toBe(before);
    const after = await editorText(page, lab.editor);
    expect(after).toMatch(lab.after);
    expect(Math.abs(after.length - before.length)).toBeLessThan(400);
    // the summary changed, and it is on screen with the edited row, without scrolling (the browser's
    // scroll anchoring keeps the row in place when content above it changes height)
    await expect.poll(() => summaryText(page), { timeout: 15_000 }).not.toBe(shown);
    await expect(summary).toBeInViewport();
    await expect(summary.getByTestId('headline')).toBeInViewport();
    await expect(button).toBeInViewport();
    if (lab.id === 'gate') {
      // what changed: old → new (delta) in the page's notation, gone after a few seconds
      const change = summary.locator('[data-testid^="change-"]').first();
      await expect(change).toBeVisible();
      await expect(change).toHaveText(/\d,\d+ → \d,\d+ \([+−]\d/);
      await expect(change).toBeHidden({ timeout: 8_000 });
    }
    if (lab.id === 'threshold') {
      // keyboard: the arrows move inside the table, Space flips; the scan's pair buttons are one tab stop too
      const first = table.locator('button.case-toggle').first();
      await first.focus();
      await page.keyboard.press('ArrowDown');
      const second = table.locator('button.case-toggle').nth(1);
      await expect(second).toBeFocused();
      await expect(second).toHaveAttribute('tabindex', '0');
      const pressed = await second.getAttribute('aria-pressed');
      await page.keyboard.press('Space');
      await expect(second).not.toHaveAttribute('aria-pressed', pressed ?? '', { timeout: 15_000 });
      const scan = page.getByTestId('scan-table');
      expect(await scan.locator('button[tabindex="0"]').count()).toBe(1);
      expect(await scan.locator('button').count()).toBeGreaterThan(1);
    }

    // the same page on a phone, at the top: the verdict and the start of the inputs on the first screen
    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const verdict = page.getByTestId('verdict');
    const vb = await verdict.boundingBox();
    expect(vb!.y + vb!.height).toBeLessThanOrEqual(740);
    const firstInput = await page.locator('.lab-main > .lab-controls, .lab-main > .lab-inputs').first().boundingBox();
    expect(firstInput!.y).toBeLessThan(700);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const toggle = page.getByTestId('summary-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(verdict.locator('p').first()).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.evaluate(() => window.scrollBy(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(summary).toBeInViewport();
  });
}
