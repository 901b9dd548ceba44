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
 * axe's WCAG violations on the page (or only on the parts `include` selects), as "rule: target |
 * target | target" lines (up to three targets a rule); `rules` runs only those rules instead of the
 * WCAG tags. KaTeX's HTML copy of each formula is aria-hidden (screen readers get its MathML) and
 * styled like the text around it, so it is left out; only violations are collected (resultTypes),
 * which spares axe from serializing every passing node.
 * Legacy mode runs axe.run in the page itself: the default mode finishes each run in a second, blank
 * page (for cross-origin frames, which this site has none of), and that new page and the results'
 * trip to it took half of the time of an audit (glossary at 360 px, under load: 5.4 s against
 * 9.5-12.9 s, e2e probe of 2026-12-07).
 */
export async function axeViolations(page: Page, { include, rules }: { include?: string[]; rules?: string[] } = {}): Promise<string[]> {
  let axe = new AxeBuilder({ page }).setLegacyMode(true).exclude('.katex-html').options({ resultTypes: ['violations'] });
  for (const sel of include ?? []) axe = axe.include(sel);
  const results = await (rules ? axe.withRules(rules) : axe.withTags(WCAG)).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** No WCAG violation on the page (or on the part `include` selects); a failure lists each rule with up to three targets. */
export async function expectNoWcagViolations(page: Page, include?: string) {
  expect(await axeViolations(page, { include: include ? [include] : undefined })).toEqual([]);
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
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByTestId('share').click();
  // the copy is asynchronous: wait for the link in the clipboard or in the fallback field
  const link = () => page.getByTestId('share-url').count().then((n) => (n ? page.getByTestId('share-url').inputValue() : page.evaluate(() => navigator.clipboard.readText())));
  await expect.poll(link).not.toBe('');
  return link();
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

/**
 * Replaces the whole text of a CodeMirror editor as a learner pasting would: select all from the
 * keyboard, then a paste event carrying the text, which CodeMirror's own paste handler applies as one
 * transaction. (Playwright's keyboard.insertText makes Chromium insert the text natively into the
 * contenteditable first, which grows with the square of the text: 2 s for 39 KB, 125 s for 390 KB,
 * where a paste of 390 KB takes 0.12 s; probe of 2026-12-07.)
 */
export async function replaceEditorText(page: Page, testId: string, text: string) {
  const editor = page.getByTestId(testId);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await editor.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * The whole text of a CodeMirror editor. CodeMirror draws only the lines near the viewport, so the
 * document is read from the view (what EditorView.findFromDOM does: the content element's tile
 * leads to the view); the drawn lines are the fallback.
 */
export async function editorText(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => {
    // the test id sits on the content element itself (codemirror.ts contentAttributes)
    const content = (el.classList.contains('cm-content') ? el : el.querySelector('.cm-content')) as (Element & { cmTile?: { root?: { view?: { state: { doc: { toString(): string } } } } } }) | null;
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

// ---- filled pages (e2e/pages.spec.ts) ----

/**
 * Opens a page and, when it shows labs, brings each into view and waits for its first result; then
 * fills every panel a learner can fill: each optional input that offers the chapter's example loads
 * it, a "pin as baseline" control is used when there is one, and a phone's compact result summary is
 * expanded. Every <details> is opened, and every
 * other island (a chapter's widgets) is scrolled to until it has hydrated.
 */
export async function openFilled(page: Page, url: string, labs: string[]) {
  await page.goto(url);
  if (labs.length) {
    const slots = page.locator('.lab-slot');
    for (let i = 0; i < (await slots.count()); i++) await slots.nth(i).scrollIntoViewIfNeeded();
    const verdicts = page.getByTestId('verdict');
    await expect(verdicts.first()).toBeVisible();
    if ((await slots.count()) > 1) await expect(verdicts).toHaveCount(await slots.count());
    const tabs = page.locator('[data-testid="secondary-inputs"] [role="tab"]');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      const name = (await tabs.nth(i).getAttribute('data-testid'))!.replace(/^tab-/, '');
      const example = page.getByTestId(`example-${name}`);
      if ((await example.count()) === 1 && (await tabs.nth(i).getAttribute('data-used')) === 'false') await example.click();
    }
    const pin = page.getByTestId('pin-baseline');
    if ((await pin.count()) === 1) await pin.click();
    // on a phone the result summary is a compact bar: open it, so that its numbers and chart are checked too
    // (a DOM click: on a chapter with two labs, the first lab's sticky bar may cover the second's toggle;
    // the toggle itself is tested in e2e/lab_layout.spec.ts)
    const closed = page.locator('[data-testid="summary-toggle"][aria-expanded="false"]');
    for (let n = await closed.count(); n > 0; n--) await closed.first().dispatchEvent('click');
    const outputs = page.getByTestId('lab-output');
    for (let i = 0; i < (await outputs.count()); i++) await expect(outputs.nth(i)).toHaveAttribute('data-stale', 'false');
  }
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  // every other island (the chapter's widgets, hydrated when they scroll into view) hydrates too
  for (const uid of await page.locator('astro-island[ssr]').evaluateAll((els) => els.map((el) => el.getAttribute('uid')))) {
    const island = page.locator(`astro-island[uid="${uid}"]`);
    // an island is display: contents (no box of its own to scroll to): scroll to its parent
    await island.evaluate((el) => (el.parentElement ?? el).scrollIntoView({ block: 'center' }));
    await expect(island).not.toHaveAttribute('ssr');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // let charts measure their boxes (ResizeObserver) and re-render
  await domSettled(page);
}

/**
 * Resolves once the page's DOM has not changed for five animation frames in a row (a chart that
 * measured its box with a ResizeObserver re-renders within a frame or two), or after `maxMs`.
 * Replaces a fixed pause: most pages settle within 100 ms, a few after several re-renders.
 */
export async function domSettled(page: Page, maxMs = 3000) {
  await page.evaluate(
    (maxMs) =>
      new Promise<void>((resolve) => {
        let changed = false;
        let quiet = 0;
        const mo = new MutationObserver(() => (changed = true));
        mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
        const deadline = performance.now() + maxMs;
        const tick = () => {
          quiet = changed ? 0 : quiet + 1;
          changed = false;
          if (quiet >= 5 || performance.now() > deadline) {
            mo.disconnect();
            resolve();
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    maxMs,
  );
}

/** The saved state of a lab in this browser (localStorage; `scope` for an exercise's own work), or null. */
export async function savedTexts(page: Page, lab: string, scopePrefix?: string): Promise<Record<string, string> | null> {
  return page.evaluate(({ lab, scopePrefix }) => {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      const m = /^evals-lab:([^@:]+)(?:@([^:]+))?(?::(?:es|en))?:v1$/.exec(k);
      if (!m || m[1] !== lab) continue;
      if (scopePrefix === undefined ? m[2] !== undefined : !(m[2] ?? '').startsWith(scopePrefix)) continue;
      return (JSON.parse(localStorage.getItem(k)!) as { texts: Record<string, string> }).texts;
    }
    return null;
  }, { lab, scopePrefix });
}

/** A figure as a lab prints it in the page's language: a decimal comma on Spanish pages. */
export function num(page: Page, x: string): string {
  return new URL(page.url()).pathname.startsWith('/en/') ? x : x.replace(/\./g, ',');
}
