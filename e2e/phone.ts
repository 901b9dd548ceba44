import { expect, type Page } from '@playwright/test';

/** A phone's viewport: the width the layout must fit without scrolling sideways (issue 9). */
export const PHONE = { width: 360, height: 800 };

/**
 * What breaks a phone layout, measured in the page: the document's width beyond the viewport, the
 * outermost elements that stick out of it (outside scroll boxes, editors, display maths and code,
 * which scroll on their own), and every visible SVG text drawn under `minPx` on screen. A text's
 * on-screen size is its computed font size times the scale of its transform to the screen
 * (getScreenCTM: the SVG's viewBox scaling and any rotation; sqrt(a² + b²) is the length a unit of
 * x takes on screen whatever the rotation, where a rotated label's bounding box would overstate it).
 * Tags and badges in a lab (`.tag`, `.badge`) are held to the same size by their computed font size.
 * `clipped` lists the SVG texts that run past their SVG's left or right edge (cut off on screen).
 * `within` limits the checks to part of the page (e.g. one widget): then the width is that part's
 * right edge instead of the document's.
 */
export async function layoutProblems(page: Page, within?: string, minPx = 11) {
  return page.evaluate(({ within, minPx }) => {
    const vw = document.documentElement.clientWidth;
    const roots = [...document.querySelectorAll(within ?? 'body')];
    const width = within ? Math.max(0, ...roots.map((r) => r.getBoundingClientRect().right)) : document.documentElement.scrollWidth;
    // inside a box that scrolls or clips on its own (a table's scroll box, an editor, display maths, code)
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const sticking: string[] = [];
    const small: string[] = [];
    const clipped: string[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll('*')) {
        const b = el.getBoundingClientRect();
        if (b.width === 0 || b.right <= vw + 0.5) continue;
        if (scrolls(el)) continue;
        const parent = el.parentElement!.getBoundingClientRect();
        if (parent.right > vw + 0.5) continue; // report the outermost only
        sticking.push(`${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ').join('.')}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} right ${Math.round(b.right)}`);
      }
      // a lab's tags and badges (★ crítico, ≠ differs from the kit) are the smallest HTML text: 11 px at least
      for (const t of root.querySelectorAll('.lab .tag, .lab .badge')) {
        if (!t.textContent?.trim() || t.getBoundingClientRect().width === 0) continue;
        const px = parseFloat(getComputedStyle(t).fontSize);
        if (px < minPx - 0.05) small.push(`${t.closest('[data-testid]')?.getAttribute('data-testid') ?? 'tag'}: "${t.textContent.trim().slice(0, 30)}" at ${px.toFixed(1)} px`);
      }
      for (const t of root.querySelectorAll('svg text')) {
        if (!t.textContent?.trim() || t.getBoundingClientRect().width === 0) continue;
        const m = (t as SVGTextElement).getScreenCTM();
        if (!m) continue;
        const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
        if (px < minPx - 0.05) small.push(`${t.closest('[data-testid]')?.getAttribute('data-testid') ?? 'svg'}: "${t.textContent.trim().slice(0, 30)}" at ${px.toFixed(1)} px`);
        const svg = t.closest('svg')!.getBoundingClientRect();
        const r = t.getBoundingClientRect();
        if (r.right > svg.right + 1 || r.left < svg.left - 1) clipped.push(`${t.closest('[data-testid]')?.getAttribute('data-testid') ?? 'svg'}: "${t.textContent.trim().slice(0, 30)}"`);
      }
    }
    return { width, viewport: vw, sticking: sticking.slice(0, 10), small: small.slice(0, 10), smallCount: small.length, clipped: clipped.slice(0, 10) };
  }, { within, minPx });
}

/**
 * What a 360 px phone needs of a page (or of the part `within` selects): no wider than the
 * viewport, nothing sticking out of it, and no SVG text under 11 px on screen (see layoutProblems).
 */
export async function expectFitsPhone(page: Page, within?: string) {
  const r = await layoutProblems(page, within);
  expect(r.sticking, 'elements sticking out of the viewport').toEqual([]);
  expect(r.width, within ? `right edge of ${within}` : 'document scrollWidth').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(r.small, `SVG text, tags and badges under 11 px (${r.smallCount} in all)`).toEqual([]);
  expect(r.clipped, 'SVG text cut off at its SVG edge').toEqual([]);
}

/**
 * Display formulas wider than a phone's text column (issue 19): the chapter's `.katex-display`
 * boxes outside its labs (a lab's own formulas are its UI) whose width exceeds `main`'s content
 * width, as "width px > column px: TeX source" lines (KaTeX's <annotation encoding="application/x-tex">).
 * A wide formula scrolls inside its own box (src/styles/reading.css), so the page does not widen;
 * this says that none needs to. Call it with the page's <details> and predictions' answers open:
 * their formulas count too.
 */
export async function wideFormulas(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const cs = getComputedStyle(main);
    const column = main.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return [...document.querySelectorAll<HTMLElement>('article .katex-display')]
      .filter((el) => !el.closest('.lab-slot'))
      .map((el) => ({ width: Math.ceil(el.scrollWidth), tex: (el.querySelector('annotation[encoding="application/x-tex"]')?.textContent ?? '').trim() }))
      .filter((f) => f.width > column + 0.5)
      .map((f) => `${f.width} px > ${Math.floor(column)} px: ${f.tex}`);
  });
}
