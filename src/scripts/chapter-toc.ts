/**
 * The chapter's table of contents is a <details> (src/components/pages/ChapterPage.astro): collapsed
 * on phones and narrow windows, open where the page has a margin column for it (the same width as
 * the @media rule in src/styles/reading.css). Without JavaScript it stays collapsed and works.
 */
const toc = document.querySelector<HTMLDetailsElement>('details[data-toc-details]');
if (toc && 'matchMedia' in window) {
  const wide = window.matchMedia('(min-width: 70rem)');
  const sync = () => { toc.open = wide.matches; };
  sync();
  wide.addEventListener('change', sync);
}
