import { expect, type Page } from '@playwright/test';

/**
 * What a 360 px phone needs of a page (issue 9): the document is no wider than the viewport, and
 * no SVG text is drawn smaller than 11 px on screen. A text's on-screen size is its computed font
 * size times the scale of its transform to the screen (getScreenCTM: the SVG's viewBox scaling and
 * any rotation; sqrt(a² + b²) is the length a unit of x takes on screen, whatever the rotation).
 * `within` limits the text check to part of the page (e.g. one widget), and then the width check
 * is that part's right edge instead of the document's.
 */
export async function expectFitsPhone(page: Page, within?: string) {
  const width = page.viewportSize()!.width;
  if (within) {
    const right = await page.locator(within).evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
    expect(right, `right edge of ${within}`).toBeLessThanOrEqual(width);
  } else {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'document scrollWidth').toBeLessThanOrEqual(width);
  }
  const small = await page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const t of root.querySelectorAll('svg text')) {
        const el = t as SVGTextElement;
        if (!el.textContent?.trim() || el.getBoundingClientRect().width === 0) continue;
        const m = el.getScreenCTM();
        if (!m) continue;
        const px = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
        if (px < 10.95) out.push(`${el.textContent.trim().slice(0, 30)}: ${px.toFixed(1)} px`);
      }
    }
    return out;
  }, within ?? 'body');
  expect(small, 'SVG text under 11 px').toEqual([]);
}

