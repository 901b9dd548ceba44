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
