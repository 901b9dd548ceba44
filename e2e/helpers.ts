import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import LZString from 'lz-string';

/** The axe rule tags the site is held to: WCAG 2.2 level AA (and the A/AA rules of 2.0 and 2.1). */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Opens a page with a lab and waits until the worker has answered once. The lab hydrates when it
 * scrolls into view (client:visible), so a chapter's lab slot is scrolled to first (it is far down);
 * lab and exercise pages have no slot, their lab is at the top.
 */
export async function openLab(page: Page, url: string) {
  await page.goto(url);
  const slot = page.locator('.lab-slot').first();
  if (await slot.count()) await slot.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('verdict')).toBeVisible();
}

/**
 * Runs axe over the page (or only the part matching `include`) and expects no WCAG violation; a
 * failure lists each rule with up to three of its targets.
 */
export async function expectNoWcagViolations(page: Page, include?: string) {
  const axe = new AxeBuilder({ page }).withTags(WCAG);
  const results = await (include ? axe.include(include) : axe).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(summary).toEqual([]);
}

/** A lab's share-link hash for a state ({ v, lab, texts, view? }), as the Share button writes it. */
export function stateHash(state: unknown): string {
  return `#state=${LZString.compressToEncodedURIComponent(JSON.stringify(state))}`;
}

/**
 * Clicks the lab's Share button and returns the link: from the clipboard, or from the text field
 * the lab shows where the clipboard is not available.
 */
export async function copyShareLink(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('share').click();
  if (await page.getByTestId('share-url').count()) return page.getByTestId('share-url').inputValue();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Opens a URL in a new browser context (nothing saved locally, as on another machine). Close the context when done. */
export async function openInFreshContext(browser: Browser, url: string): Promise<{ ctx: BrowserContext; fresh: Page }> {
  const ctx = await browser.newContext();
  const fresh = await ctx.newPage();
  await fresh.goto(url);
  return { ctx, fresh };
}

/** The list of input problems shows every text in `shown` (e.g. "line 2", a field name) and none in `absent`. */
export async function expectIssues(page: Page, shown: string[], absent: string[] = []) {
  const issues = page.getByTestId('issues');
  for (const text of shown) await expect(issues).toContainText(text);
  for (const text of absent) await expect(issues).not.toContainText(text);
}

/** The result on screen is the last valid one, marked stale (attribute and banner). */
export async function expectStale(page: Page) {
  await expect(page.getByTestId('lab-output')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('stale-banner')).toBeVisible();
}

/** Replaces the whole text of a CodeMirror editor (as a learner pasting would). */
export async function replaceEditorText(page: Page, testId: string, text: string) {
  const editor = page.getByTestId(testId);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/**
 * The whole text of a CodeMirror editor. CodeMirror draws only the lines near the viewport, so the
 * document is read from the view (what EditorView.findFromDOM does: the content element's tile
 * leads to the view); the drawn lines are the fallback.
 */
export async function editorText(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => {
    const content = el.querySelector('.cm-content') as (Element & { cmTile?: { root?: { view?: { state: { doc: { toString(): string } } } } } }) | null;
    const view = content?.cmTile?.root?.view;
    if (view) return view.state.doc.toString();
    return Array.from(el.querySelectorAll('.cm-line')).map((l) => l.textContent).join('\n');
  });
}

/**
 * An exercise link's hash as the instructor's builder makes it (src/components/exercises/link.ts):
 * lz-string payload, '.', the first 16 hex digits of its SHA-256. Tests use it to build links whose
 * check is right, so that what rejects a forged exercise is the schema itself.
 */
export function exerciseHash(exercise: unknown): string {
  const payload = LZString.compressToEncodedURIComponent(JSON.stringify(exercise));
  return `#exercise=${payload}.${createHash('sha256').update(payload).digest('hex').slice(0, 16)}`;
}
