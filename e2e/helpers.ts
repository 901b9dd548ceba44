import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { LAB_IDS, LAB_METAS } from '../labs/manifest.ts';

/** The axe rule tags the site is held to: WCAG 2.2 level AA (and the A/AA rules of 2.0 and 2.1). */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Opens a page with a lab and waits until the worker has answered once. The lab hydrates when it
 * scrolls into view (client:visible), so the slot is scrolled to first (a chapter's lab is far down).
 */
export async function openLab(page: Page, url: string) {
  await page.goto(url);
  await page.locator('.lab-slot').first().scrollIntoViewIfNeeded();
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

export async function editorText(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => Array.from(el.querySelectorAll('.cm-line')).map((l) => l.textContent).join('\n'));
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

// ---- the phone layout, the page list, pending states (e2e/phone.spec.ts, e2e/pending.spec.ts) ----

/** A phone's viewport: the width the layout must fit without scrolling sideways. */
export const PHONE = { width: 360, height: 800 };

/** Whether a lab has its island yet (src/components/labs/<id>/<Name>Lab.tsx). */
export function hasIsland(lab: string): boolean {
  const dir = `src/components/labs/${lab}`;
  return existsSync(dir) && readdirSync(dir).some((f) => /Lab\.tsx$/.test(f));
}

/** The lab an authored exercise opens (its frontmatter's `lab:`). */
export function exerciseLab(lang: 'es' | 'en', slug: string): string {
  return /^lab:\s*(\S+)/m.exec(readFileSync(`content/exercises/${lang}/${slug}.mdx`, 'utf8'))?.[1] ?? '';
}

/**
 * Every page of the site in both languages, with the lab it shows (if any): home, chapter list
 * pages, chapters, lab pages, exercise index and exercises, from the content folders and the lab
 * manifest (so a new chapter, lab or exercise is covered without editing the tests).
 */
export function sitePages(): { url: string; lang: 'es' | 'en'; lab: string | null }[] {
  const out: { url: string; lang: 'es' | 'en'; lab: string | null }[] = [];
  for (const lang of ['es', 'en'] as const) {
    const p = lang === 'es' ? { home: '/', ch: '/capitulos/', lab: '/laboratorios/', ex: '/ejercicios/' } : { home: '/en/', ch: '/en/chapters/', lab: '/en/labs/', ex: '/en/exercises/' };
    out.push({ url: p.home, lang, lab: null }, { url: p.ex, lang, lab: null });
    for (const f of readdirSync(`content/chapters/${lang}`).filter((f) => f.endsWith('.mdx')).sort()) {
      const slug = f.replace(/\.mdx$/, '');
      const lab = LAB_METAS.find((m) => m.chapter === slug)?.id ?? null;
      out.push({ url: `${p.ch}${slug}/`, lang, lab });
    }
    for (const id of LAB_IDS) out.push({ url: `${p.lab}${id}/`, lang, lab: id });
    for (const f of readdirSync(`content/exercises/${lang}`).filter((f) => f.endsWith('.mdx')).sort()) {
      const slug = f.replace(/\.mdx$/, '');
      out.push({ url: `${p.ex}${slug}/`, lang, lab: exerciseLab(lang, slug) });
    }
  }
  return out;
}

/**
 * Opens a page and, when it shows a lab, scrolls to it and waits for its first result; then fills
 * every panel a learner can fill: each optional input that offers the chapter's example loads it,
 * and a "pin as baseline" control is used when there is one. Every <details> is opened.
 */
export async function openFilled(page: Page, url: string, lab: string | null) {
  await page.goto(url);
  if (lab) {
    const slot = page.locator('.lab-slot, [data-testid^="lab-"]').first();
    await slot.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('verdict').first()).toBeVisible();
    const tabs = page.locator('[data-testid="secondary-inputs"] [role="tab"]');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      const name = (await tabs.nth(i).getAttribute('data-testid'))!.replace(/^tab-/, '');
      const example = page.getByTestId(`example-${name}`);
      if ((await example.count()) && (await tabs.nth(i).getAttribute('data-used')) === 'false') await example.click();
    }
    const pin = page.getByTestId('pin-baseline');
    if (await pin.count()) await pin.click();
    await expect(page.getByTestId('lab-output')).toHaveAttribute('data-stale', 'false');
    await page.waitForTimeout(300);
  }
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  // let charts measure their boxes (ResizeObserver) and re-render
  await page.waitForTimeout(300);
}

/**
 * What breaks a phone layout, measured in the page: the document's width beyond the viewport, and
 * every visible SVG text whose rendered size (font size × the SVG's on-screen scale, read from the
 * text's screen CTM, so a rotated label counts at its own size, not at its bounding box's) is under
 * `minPx`. Also the elements that stick out of the viewport, to say where the overflow is.
 */
export async function layoutProblems(page: Page, minPx = 11) {
  return page.evaluate((minPx) => {
    const vw = document.documentElement.clientWidth;
    const sticking: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.right <= vw + 0.5) continue;
      if (el.closest('.table-scroll, .cm-scroller, .katex-display, pre')) continue;
      const parent = el.parentElement!.getBoundingClientRect();
      if (parent.right > vw + 0.5) continue; // report the outermost only
      sticking.push(`${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} right ${Math.round(b.right)}`);
    }
    const small: string[] = [];
    for (const t of document.querySelectorAll('svg text')) {
      const box = t.getBoundingClientRect();
      if (box.width === 0 || !t.textContent?.trim()) continue;
      const m = (t as SVGTextElement).getScreenCTM();
      if (!m) continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < minPx - 0.01) {
        const where = t.closest('[data-testid]')?.getAttribute('data-testid') ?? t.closest('figure, svg')?.getAttribute('class') ?? 'svg';
        small.push(`${where}: "${t.textContent.slice(0, 24)}" at ${px.toFixed(1)} px`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport: vw, sticking: sticking.slice(0, 10), small: small.slice(0, 10), smallCount: small.length };
  }, minPx);
}

/** The saved state of a lab in this browser (localStorage; `scope` for an exercise's own work), or null. */
export async function savedTexts(page: Page, lab: string, scopePrefix?: string): Promise<Record<string, string> | null> {
  return page.evaluate(({ lab, scopePrefix }) => {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      const m = /^evals-lab:([^@:]+)(?:@([^:]+))?:v1$/.exec(k);
      if (!m || m[1] !== lab) continue;
      if (scopePrefix === undefined ? m[2] !== undefined : !(m[2] ?? '').startsWith(scopePrefix)) continue;
      return (JSON.parse(localStorage.getItem(k)!) as { texts: Record<string, string> }).texts;
    }
    return null;
  }, { lab, scopePrefix });
}
