/**
 * Every page at 360 px wide (a phone), in both languages: the static pages, chapters, lab pages
 * with every panel filled, exercises (the list comes from src/pages and the content collections,
 * see sitePages), and the 404 pages. The document never scrolls sideways (scrollWidth <= the
 * viewport), nothing sticks out of it, and no SVG text is rendered under 11 px (its font size times
 * the SVG's on-screen scale), as e2e/phone.ts measures it.
 */
import { test } from '@playwright/test';
import { hasIsland, openFilled, sitePages } from './helpers.ts';
import { PHONE, expectFitsPhone } from './phone.ts';

test.use({ viewport: PHONE });

const pages = [...sitePages(), { url: '/labs/gate/', lang: 'es' as const, labs: [] }, { url: '/en/labs/nope/', lang: 'en' as const, labs: [] }];

for (const p of pages) {
  test(`360 px: ${p.url}`, async ({ page }) => {
    const missing = p.labs.filter((l) => !hasIsland(l));
    test.skip(missing.length > 0, `no island yet for ${missing.join(', ')}`);
    test.setTimeout(90_000);
    await openFilled(page, p.url, p.labs);
    await expectFitsPhone(page);
  });
}

test('at 1280 px a lab page fits too, with no chart text under 11 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFilled(page, '/en/labs/gate/', ['gate']);
  await expectFitsPhone(page); // the same measures, against this viewport's width
});
