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
 */
import { test, expect } from '@playwright/test';
import { axeViolations, openFilled } from './helpers.ts';
import { sitePages, type SitePage } from './pages.ts';
import { PHONE, layoutProblems, wideFormulas } from './phone.ts';

/** Pages whose colour contrast is also checked in the dark theme: one of each page type. */
const DARK_THEME = (p: SitePage) =>
  ['home', 'syllabus', 'glossary', 'search'].includes(p.kind) || /\/(02-thresholds|threshold|threshold-review-capacity)\/$/.test(p.url);

test.use({ viewport: PHONE });

for (const p of sitePages()) {
  test(`page: ${p.url}`, async ({ page }) => {
    // A hang guard, not a target: a chapter with its labs and widgets hydrated and every <details>
    // open is axe's largest page (over 60 s on a loaded 2-core machine); the slowest tests are printed.
    test.setTimeout(180_000);
    const external: string[] = [];
    const errors: string[] = [];
    const self = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').host;
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol) && u.host !== self) external.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(`csp: ${m.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        ((window as unknown as { __csp: string[] }).__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });

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
    expect({ external, errors, csp }).toEqual({ external: [], errors: [], csp: [] });
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
