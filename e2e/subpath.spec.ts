/**
 * The site under a sub-path of a static host: the build with BASE_PATH=/evals-lab/ that
 * e2e/build.mjs makes beside the root one, served by `astro preview` (playwright.config.ts), and
 * clicked through: home → chapter → next chapter → glossary → search (Pagefind under the base) → a
 * lab (its island and worker load from under the base). Every internal link, script, style, font and
 * request of the visited pages stays under the base.
 */
import { test, expect, type Page } from '@playwright/test';

const BASE = '/evals-lab/';
const PORT = Number(process.env.E2E_SUB_PORT || Number(process.env.E2E_PORT || 4399) - 2);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** Internal URLs the page refers to (links, scripts, styles, images) that escape the base. */
async function outsideBase(page: Page): Promise<string[]> {
  return page.evaluate((base) => {
    const urls = [
      ...[...document.querySelectorAll('a[href], link[href]')].map((e) => (e as HTMLAnchorElement).href),
      ...[...document.querySelectorAll('script[src], img[src]')].map((e) => (e as HTMLScriptElement).src),
    ];
    return urls.map((u) => new URL(u)).filter((u) => u.host === location.host && !u.pathname.startsWith(base)).map((u) => u.pathname);
  }, BASE);
}

test('the site works under a sub-path: clicked through from the home page to search and a lab', async ({ page }) => {
  const escaped: string[] = [];
  const failed: string[] = [];
  page.on('request', (r) => { const u = new URL(r.url()); if (u.host === new URL(ORIGIN).host && !u.pathname.startsWith(BASE)) escaped.push(u.pathname); });
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  await page.goto(`${ORIGIN}${BASE}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await outsideBase(page)).toEqual([]);
  await page.getByTestId('start-link').click();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}capitulos/01-eval-gate/`);
  expect(await outsideBase(page)).toEqual([]);
  await page.getByTestId('pager-next').click();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}capitulos/02-thresholds/`);
  await page.waitForLoadState('networkidle');
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}en/chapters/02-thresholds/`);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Glossary' }).click();
  await expect(page).toHaveURL(`${ORIGIN}${BASE}en/glossary/`);
  expect(await outsideBase(page)).toEqual([]);
  await page.locator('#site-search-q').fill('calibration');
  await page.locator('#site-search-q').press('Enter');
  await expect(page.getByTestId('search-results').locator('li').first()).toBeVisible();
  const first = await page.getByTestId('search-results').locator('h2 a').first().getAttribute('href');
  expect(first?.startsWith(`${BASE}en/`)).toBe(true);
  await page.goto(`${ORIGIN}${BASE}en/labs/threshold/`);
  await expect(page.getByTestId('verdict')).toBeVisible({ timeout: 30_000 });
  expect(await outsideBase(page)).toEqual([]);
  expect(escaped).toEqual([]);
  expect(failed).toEqual([]);
});

test('the sub-path build has a sitemap and per-language meta under the base', async ({ page, request }) => {
  const sitemap = await (await request.get(`${ORIGIN}${BASE}sitemap-0.xml`)).text();
  expect(sitemap).toContain(`${BASE}capitulos/01-eval-gate/`);
  expect(sitemap).toContain(`${BASE}en/chapters/01-eval-gate/`);
  await page.goto(`${ORIGIN}${BASE}en/chapters/01-eval-gate/`);
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', new RegExp(`${BASE}capitulos/01-eval-gate/$`));
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_US');
});
