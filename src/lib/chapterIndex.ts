/**
 * Which chapter text each language's chapter page shows. Pure (no astro:content), so it is unit
 * tested: a chapter written in one language only is still listed in the other, marked as a
 * fallback (the page then shows a notice and marks the article with the text's real language).
 */
import type { Lang } from '../../labs/core/contract/types.ts';

export interface IndexedChapter<E> { slug: string; entry: E; isFallback: boolean }

/** Splits an entry id "es/02-thresholds" into its language and slug; throws for other folders. */
export function splitId(id: string): { lang: Lang; slug: string } {
  const [lang, ...rest] = id.split('/');
  if ((lang !== 'es' && lang !== 'en') || rest.length === 0) throw new Error(`chapter outside content/chapters/{es,en}/: ${id}`);
  return { lang, slug: rest.join('/') };
}

/**
 * The chapters of `lang`, own text first and the other language's text where this one is missing,
 * sorted by chapter number (then slug).
 */
export function indexChapters<E extends { id: string; data: { chapter: number } }>(entries: readonly E[], lang: Lang): IndexedChapter<E>[] {
  return indexByLang(entries, lang, (e) => e.data.chapter);
}

/** Same as indexChapters for any collection split in es/ and en/ folders, sorted by `order`. */
export function indexByLang<E extends { id: string }>(entries: readonly E[], lang: Lang, order: (e: E) => number): IndexedChapter<E>[] {
  const bySlug = new Map<string, IndexedChapter<E>>();
  for (const entry of entries) {
    const { lang: l, slug } = splitId(entry.id);
    if (l === lang) bySlug.set(slug, { slug, entry, isFallback: false });
    else if (!bySlug.has(slug)) bySlug.set(slug, { slug, entry, isFallback: true });
  }
  return [...bySlug.values()].sort((a, b) => order(a.entry) - order(b.entry) || a.slug.localeCompare(b.slug));
}
