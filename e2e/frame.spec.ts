/**
 * The chapter's frame (issue 19): the lab note on a lab page, the table of contents that does not
 * push the text down, and the prediction card (keyboard, phone width, both themes, axe).
 */
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { LAB_IDS } from '../labs/manifest.ts';
import { paths } from '../src/i18n/index.ts';
import { axeViolations } from './helpers.ts';

const SUMMARY = { es: 'En qué se aparta este laboratorio de los scripts del libro', en: "How this lab differs from the textbook's scripts" };
const noteFile = (lang: 'es' | 'en', id: string) => `content/lab-notes/${lang}/${id}.md`;
/** A short run of plain words from the note's first paragraph, to find on the page. */
/** Typographic quotes and apostrophes as straight ones. */
const straight = (s: string) => s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

function firstWords(md: string): string {
  const para = md.trim().split(/\n\s*\n/)[0].replace(/[*_`#>[\]]/g, '').replace(/\(.*?\)/g, '').replace(/\s+/g, ' ').trim();
  return straight(para).split(' ').slice(0, 4).join(' ');
}

// The note is static HTML (a <details> opens without scripts): the pages load without JavaScript,
// so that seven labs a language are not started only to read the text under them.
test.describe('lab notes, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const lang of ['es', 'en'] as const) {
    test(`lab notes (${lang}): a lab page shows its note collapsed under the lab, and nothing without one`, async ({ page }) => {
      const withNote = LAB_IDS.filter((id) => existsSync(noteFile(lang, id)));
      const without = LAB_IDS.filter((id) => !withNote.includes(id));
      test.skip(withNote.length === 0, `no lab note in content/lab-notes/${lang}/ yet`);
      for (const id of withNote) {
        await page.goto(paths.lab(lang, id));
        const note = page.getByTestId('lab-note');
        await expect(note).toHaveCount(1);
        await expect(note).not.toHaveAttribute('open');
        await expect(note.locator('summary')).toHaveText(SUMMARY[lang]);
        // It comes after the lab.
        expect(await note.evaluate((n) => !!(document.querySelector('.lab-slot')!.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
        await note.locator('summary').click();
        // Markdown renders straight quotes as typographic ones (’ “ ”): compare with them straightened
        await expect.poll(async () => straight((await note.textContent()) ?? '')).toContain(firstWords(readFileSync(noteFile(lang, id), 'utf8')));
      }
      for (const id of without.slice(0, 2)) {
        await page.goto(paths.lab(lang, id));
        await expect(page.locator('.lab-slot')).toHaveCount(1);
        await expect(page.getByTestId('lab-note')).toHaveCount(0);
      }
    });
  }
});

for (const lang of ['es', 'en'] as const) {
  test(`table of contents (${lang}): beside the text at 1280 px, collapsed at 360 px; the first section follows the introduction`, async ({ page }) => {
    const url = paths.chapter(lang, '01-eval-gate');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url);
    const toc = page.getByTestId('toc');
    await expect(toc.locator('a').first()).toBeVisible();
    const gap = async () => page.evaluate(() => {
      const lede = document.querySelector('.lede')!.getBoundingClientRect().bottom;
      const next = document.querySelector('#outcomes-h')!.getBoundingClientRect().top;
      const aside = document.querySelector('.chapter-aside')!.getBoundingClientRect();
      const text = document.querySelector('.chapter-head')!.getBoundingClientRect();
      return { gap: next - lede, besideText: aside.left >= text.right };
    });
    const wide = await gap();
    expect(wide.besideText).toBe(true);
    expect(wide.gap).toBeLessThan(200);
    // Sticky: further down the chapter, the contents are still on screen.
    await page.locator('h2').nth(4).scrollIntoViewIfNeeded();
    await expect(toc.locator('a').first()).toBeInViewport();

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(url);
    await expect(page.locator('details[data-toc-details]')).not.toHaveAttribute('open');
    await expect(toc.locator('a').first()).toBeHidden();
    const narrow = await gap();
    expect(narrow.gap).toBeLessThan(320);
    await page.locator('details[data-toc-details] > summary').click();
    await expect(toc.locator('a').first()).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`prediction card (${lang}, ${scheme}, 360 px): keyboard only, revealed beside the prediction, axe clean`, async ({ page }) => {
      test.setTimeout(180_000); // axe on a long chapter page
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(paths.chapter(lang, '03-rag'));
      const card = page.getByTestId('predict').filter({ has: page.locator('input[type=radio]') }).first();
      await expect(card.locator('.predict-choices')).toBeVisible();
      await expect(card.locator('.predict-answer')).toBeHidden();
      // Keyboard: focus the first choice, move with the arrow keys, submit with Enter.
      await card.locator('input[type=radio]').first().focus();
      await page.keyboard.press('ArrowRight');
      await expect(card.locator('input[type=radio]').nth(1)).toBeChecked();
      const chosen = await card.locator('input[type=radio]').nth(1).getAttribute('value');
      await page.keyboard.press('Tab');
      await expect(card.locator('button[type=submit]')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(card.getByTestId('predict-yours')).toContainText(chosen!);
      await expect(card.locator('.predict-answer')).toHaveAttribute('open');
      await expect(card.locator('.predict-answer > div')).toBeVisible();
      // Nothing sticks out at 360 px.
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page, { include: ['[data-testid="predict"]', '[data-testid="check"]', '.chapter-aside'] })).toEqual([]);
    });
  }
}
