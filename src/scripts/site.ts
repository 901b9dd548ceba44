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
// Boxes that may scroll sideways whatever the style sheets say: those this script gave a stop, an
// inline overflow style, and the site's usual scrollers.
const CANDIDATES = 'table, pre, .katex-display, .glossary-formula, .table-scroll, [data-scroll-stop], [style*="overflow"]';

/**
 * Every selector of the page's style sheets whose rule makes a box scroll sideways (overflow-x, or
 * the overflow shorthand, auto or scroll), inside @media and other grouping rules too, plus
 * CANDIDATES: what the check looks at (the sheets are read again each time: islands and the editor
 * add theirs). Reading scrollWidth of every element ('*') was the
 * heaviest main-thread work of a lab page's load in a CPU profile (620 of about 3,000 ms on the gate
 * lab at 360 px, issue 22); the boxes that can scroll are the ones a rule says so. A sheet that
 * cannot be read (another origin) or a selector the DOM API rejects is skipped.
 */
function scrollingSelectors(): string {
  const found = new Set<string>([CANDIDATES]);
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        const ox = rule.style.overflowX;
        if ((ox === 'auto' || ox === 'scroll') && rule.selectorText) found.add(rule.selectorText);
      }
      const inner = (rule as CSSGroupingRule).cssRules;
      if (inner) visit(inner);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      visit(sheet.cssRules);
    } catch {
      /* a sheet of another origin: not ours */
    }
  }
  return [...found].filter((sel) => {
    try {
      document.querySelector(sel);
      return true;
    } catch {
      return false;
    }
  }).join(', ');
}
// Reads first, writes after: a write between two reads (a tab stop given or taken) would force a
// new layout for the next element read.
function scrollStops() {
  const root = document.querySelector('main') ?? document.body;
  const give: HTMLElement[] = [];
  const take: HTMLElement[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(scrollingSelectors())) {
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
const later = () => {
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(scrollStops, { timeout: 1000 });
    else scrollStops();
  }, 200);
};
scrollStops();
// The KaTeX fonts change the formulas' widths once they arrive.
void document.fonts?.ready.then(scrollStops);
addEventListener('resize', later);
new MutationObserver(later).observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
