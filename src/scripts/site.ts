/**
 * The few behaviours every page has (bundled by Astro, so the Content-Security-Policy can hash or
 * allow it as 'self'): the language switch keeps the '#' part of the URL (an exercise link carries
 * its exercise there), and a browser that prefers the other language is offered it, never redirected.
 */
const sw = document.querySelector<HTMLAnchorElement>('[data-testid="lang-switch"]');
sw?.addEventListener('click', () => {
  if (location.hash) sw.setAttribute('href', (sw.getAttribute('href') ?? '').split('#')[0] + location.hash);
});

const box = document.querySelector<HTMLElement>('.lang-offer');
if (box) {
  const want = box.getAttribute('data-offer-lang');
  const key = 'evals-lab:lang-offer-dismissed';
  let dismissed = false;
  try {
    dismissed = !!localStorage.getItem(key);
  } catch {
    /* storage blocked: offer every time */
  }
  const first = String((navigator.languages || [navigator.language || ''])[0] || '').toLowerCase().slice(0, 2);
  if (!dismissed && first === want) {
    box.hidden = false;
    box.querySelector('button')?.addEventListener('click', () => {
      box.hidden = true;
      try {
        localStorage.setItem(key, '1');
      } catch {
        /* not kept */
      }
    });
  }
}

/**
 * Boxes that scroll sideways (wide tables, display formulas, figure tables in widgets: the reading
 * column is narrow) get a tab stop when they hold nothing focusable, so they can be scrolled from the
 * keyboard (WCAG 2.1.1; axe's scrollable-region-focusable). Checked on load, when the fonts arrive,
 * on resize, and when islands or live formulas change the page (debounced); a box that stops
 * overflowing loses the tab stop this script gave it.
 */
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([data-scroll-stop])';
// The site's boxes that scroll sideways (the overflow-x: auto rules of global.css and reading.css,
// and the boxes this script gave a stop). Every element is checked on load, when the fonts arrive
// and on resize; after a change of the page only these are. Reading scrollWidth of every element
// of a lab page after each result was the main thread's heaviest work in the profile of a lab
// edit (issue 18): a lab page has thousands of elements, most of them in charts.
const CANDIDATES = 'table, pre, .katex-display, .glossary-formula, .table-scroll, [data-scroll-stop]';
// Reads first, writes after: a write between two reads (a tab stop given or taken) would force a
// new layout for the next element read.
function scrollStops(all = true) {
  const root = document.querySelector('main') ?? document.body;
  const give: HTMLElement[] = [];
  const take: HTMLElement[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(all ? '*' : CANDIDATES)) {
    const given = el.hasAttribute('data-scroll-stop');
    if (el.scrollWidth <= el.clientWidth + 1) {
      if (given) take.push(el);
      continue;
    }
    if (given || el.hasAttribute('tabindex')) continue;
    const ox = getComputedStyle(el).overflowX;
    if ((ox === 'auto' || ox === 'scroll') && !el.querySelector(FOCUSABLE)) give.push(el);
  }
  for (const el of take) {
    el.removeAttribute('tabindex');
    delete el.dataset.scrollStop;
  }
  for (const el of give) {
    el.tabIndex = 0;
    el.dataset.scrollStop = '';
  }
}
let scrollTimer: ReturnType<typeof setTimeout> | undefined;
// After the page has been quiet for 200 ms, when the browser is idle (not between a keystroke and
// the frame that answers it).
let scanAll = false;
const later = (all: boolean) => () => {
  scanAll ||= all; // a resize waiting behind a change still checks every element
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    const every = scanAll;
    scanAll = false;
    if ('requestIdleCallback' in window) requestIdleCallback(() => scrollStops(every), { timeout: 1000 });
    else scrollStops(every);
  }, 200);
};
scrollStops();
// The KaTeX fonts change the formulas' widths once they arrive.
void document.fonts?.ready.then(() => scrollStops());
addEventListener('resize', later(true));
new MutationObserver(later(false)).observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
