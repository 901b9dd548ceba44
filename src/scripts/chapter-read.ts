/**
 * Marks the chapter as read in this browser when the reader reaches the end of its text (the
 * #chapter-end marker scrolls into view). Only the light progress store is loaded here.
 */
import { markChapterRead } from '../lib/progress/store.ts';

const end = document.querySelector<HTMLElement>('[data-chapter-end]');
const slug = end?.dataset.chapterEnd;
if (end && slug && 'IntersectionObserver' in window) {
  const io = new IntersectionObserver((seen) => {
    if (seen.some((e) => e.isIntersecting)) {
      markChapterRead(slug);
      io.disconnect();
    }
  });
  io.observe(end);
}
