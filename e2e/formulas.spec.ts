/**
 * Display formulas at 360 px (issue 19): no display formula may be wider than the text column of a
 * phone (360 px minus the page's side padding), where it would need sideways scrolling. One test per
 * chapter page, in both languages; each failure lists the offending formulas by their TeX source
 * (KaTeX's <annotation encoding="application/x-tex">) and width. Collapsed <details> and predictions'
 * explanations are opened first: their formulas count too. Whatever the widths, the page itself
 * never scrolls sideways (src/styles/reading.css: a wide formula scrolls inside its own box).
 */
import { test, expect } from '@playwright/test';
import { sitePages } from './pages.ts';

test.use({ viewport: { width: 360, height: 780 } });

for (const p of sitePages().filter((s) => s.kind === 'chapter')) {
  test(`display formulas fit 360 px: ${p.url}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(p.url);
    const report = await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
      for (const a of document.querySelectorAll<HTMLElement>('.predict-answer[hidden]')) a.hidden = false;
      const main = document.querySelector('main')!;
      const cs = getComputedStyle(main);
      const column = main.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const wide = [...document.querySelectorAll<HTMLElement>('article .katex-display')]
        // Outside the labs: a lab's own formulas are its UI, not the chapter's text.
        .filter((el) => !el.closest('.lab-slot'))
        .map((el) => ({
          width: Math.ceil(el.scrollWidth),
          tex: (el.querySelector('annotation[encoding="application/x-tex"]')?.textContent ?? '').trim(),
        }))
        .filter((f) => f.width > column + 0.5);
      return { column: Math.floor(column), wide, docWidth: document.documentElement.scrollWidth };
    });
    // The rule holds whatever the formulas: the page does not widen.
    expect(report.docWidth, 'the page scrolls sideways').toBeLessThanOrEqual(360);
    const list = report.wide.map((f) => `${f.width} px > ${report.column} px: ${f.tex}`).join('\n');
    expect(report.wide, `${report.wide.length} display formula(s) wider than the ${report.column} px column of ${p.url}:\n${list}`).toEqual([]);
  });
}
