/**
 * Every page of the site (e2e/pages.ts), visited once, at 360 px (a phone), with every panel a
 * learner can fill filled and every <details> open (helpers.openFilled). In that one visit:
 * - the page fits the phone: no sideways scroll, nothing sticking out, no SVG text, lab tag or badge under 11 px or
 *   cut off at its SVG's edge, and on chapters no display formula wider than the text column, with
 *   every prediction's answer shown (phone.ts);
 * - zero WCAG 2.2 AA violations (axe), and for the pages of DARK_THEME the colour contrast again in
 *   the dark theme;
 * - under the Content-Security-Policy it ships with: no request to any host but the site's, no CSP
 *   violation, no page error.
 *
 * The visits of one worker share one browser tab (the `tab` fixture): each visit starts from an
 * empty localStorage (the only storage the site uses) and the light theme, so it checks the page as
 * a first-time reader gets it, while the browser keeps its caches and renderer between visits. A
 * fresh context per visit spent about a third more CPU loading the same eight lab and exercise pages
 * (user + system seconds 16, 22, 18 against 12, 14, 10; probe of 2026-12-07), and the e2e run is
 * CPU-bound on a 2-core machine.
 */
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page, type Request } from '@playwright/test';
import { axeViolations, openFilled } from './helpers.ts';
import { sitePages, type SitePage } from './pages.ts';
import { PHONE, layoutProblems, wideFormulas } from './phone.ts';

/** Pages whose colour contrast is also checked in the dark theme: one of each page type. */
const DARK_THEME = (p: SitePage) =>
  ['home', 'syllabus', 'glossary', 'search'].includes(p.kind) || /\/(02-thresholds|threshold|threshold-review-capacity)\/$/.test(p.url);

/** What a visit heard from its page. */
interface Heard {
  external: string[];
  errors: string[];
}

const test = base.extend<{ tab: { page: Page; heard: Heard } }, { tabContext: BrowserContext }>({
  // one context a worker, at the phone's size, with the CSP listener in every document it loads
  tabContext: [
    async ({ browser }, provide, workerInfo) => {
      const ctx = await browser.newContext({ viewport: PHONE, baseURL: workerInfo.project.use.baseURL });
      await ctx.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          ((window as unknown as { __csp: string[] }).__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await provide(ctx);
      await ctx.close();
    },
    { scope: 'worker' },
  ],
  // its one tab (a new one if a visit closed or crashed it), left on about:blank between visits
  // (the page saves work when it is hidden: that happens before the site's storage is emptied),
  // with what the visit heard: requests to other hosts, page errors and CSP refusals on the console
  tab: async ({ tabContext }, provide, testInfo) => {
    const page = tabContext.pages().find((t) => !t.isClosed()) ?? (await tabContext.newPage());
    await page.goto('about:blank');
    const origin = new URL(testInfo.project.use.baseURL!);
    const cdp = await tabContext.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: origin.origin, storageTypes: 'local_storage' });
    await cdp.detach();
    await page.emulateMedia({ colorScheme: 'light' });
    const heard: Heard = { external: [], errors: [] };
    const onRequest = (r: Request) => {
      const u = new URL(r.url());
      if (['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol) && u.host !== origin.host) heard.external.push(r.url());
    };
    const onPageError = (e: Error) => heard.errors.push(`pageerror: ${e.message}`);
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) heard.errors.push(`csp: ${m.text()}`);
    };
    page.on('request', onRequest);
    page.on('pageerror', onPageError);
    page.on('console', onConsole);
    await provide({ page, heard });
    page.off('request', onRequest);
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
  },
});

for (const p of sitePages()) {
  test(`page: ${p.url}`, async ({ tab: { page, heard } }) => {
    // A hang guard, not a target: a chapter with its labs and widgets hydrated and every <details>
    // open is axe's largest page (over 60 s on a loaded 2-core machine); the slowest tests are printed.
    test.setTimeout(180_000);
    await openFilled(page, p.url, p.labs);
    if (p.kind === 'search') await expect(page.getByTestId('search-status')).not.toBeEmpty();
    if (p.kind === 'not-found') expect((await page.request.get(p.url)).status()).toBe(404);

    if (p.kind === 'chapter') {
      // every prediction's answer shown too: its formulas must fit the phone's text column like the others
      await page.evaluate(() => document.querySelectorAll<HTMLElement>('.predict-answer[hidden]').forEach((a) => (a.hidden = false)));
      expect.soft(await wideFormulas(page), 'display formulas wider than the 360 px text column').toEqual([]);
    }
    const fit = await layoutProblems(page);
    expect.soft(fit.sticking, 'elements sticking out of the 360 px viewport').toEqual([]);
    expect.soft(fit.width, 'document scrollWidth').toBeLessThanOrEqual(PHONE.width);
    expect.soft(fit.small, `SVG text, tags and badges under 11 px (${fit.smallCount} in all)`).toEqual([]);
    expect.soft(fit.clipped, 'SVG text cut off at its SVG edge').toEqual([]);

    expect.soft(await axeViolations(page), 'axe, light theme').toEqual([]);
    if (DARK_THEME(p)) {
      await page.emulateMedia({ colorScheme: 'dark' });
      expect.soft(await axeViolations(page, { rules: ['color-contrast'] }), 'axe colour contrast, dark theme').toEqual([]);
    }

    const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect({ ...heard, csp }).toEqual({ external: [], errors: [], csp: [] });
  });
}

test('at 1280 px a lab page fits too, with no chart text under 11 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFilled(page, '/en/labs/gate/', ['gate']);
  const fit = await layoutProblems(page);
  expect(fit.sticking).toEqual([]);
  expect(fit.width).toBeLessThanOrEqual(1280);
  expect(fit.small).toEqual([]);
});
