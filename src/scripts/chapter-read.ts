/**
 * Marks the chapter as read in this browser when the reader reaches the end of its text (the
 * #chapter-end marker scrolls into view). The progress store is loaded only then, so a chapter page
 * pays for an IntersectionObserver at load and nothing more (bundle budget: 5 KB gzip).
 */
const end = document.querySelector<HTMLElement>('[data-chapter-end]');
const slug = end?.dataset.chapterEnd;
if (end && slug && 'IntersectionObserver' in window) {
  const io = new IntersectionObserver((seen) => {
    if (seen.some((e) => e.isIntersecting)) {
      io.disconnect();
      void import('../lib/progress/store.ts').then((m) => m.markChapterRead(slug));
    }
  });
  io.observe(end);
}
