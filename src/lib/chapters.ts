/**
 * Chapter routing shared by the Spanish and English chapter pages. A chapter that exists in only
 * one language is still published in the other, showing the existing text with `isFallback` set
 * (the page then shows a notice and marks the article with the text's real language).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { Lang } from '../i18n/index.ts';

export type ChapterEntry = CollectionEntry<'chapters'>;

/** Splits an entry id "es/02-thresholds" into its language and slug. */
export function splitId(id: string): { lang: Lang; slug: string } {
  const [lang, ...rest] = id.split('/');
  if (lang !== 'es' && lang !== 'en') throw new Error(`chapter outside content/chapters/{es,en}: ${id}`);
  return { lang, slug: rest.join('/') };
}

/** All chapters for a language (with fallbacks), sorted by chapter number. */
export async function chaptersFor(lang: Lang) {
  const all = await getCollection('chapters');
  const bySlug = new Map<string, { entry: ChapterEntry; isFallback: boolean }>();
  for (const entry of all) {
    const { lang: l, slug } = splitId(entry.id);
    if (l === lang) bySlug.set(slug, { entry, isFallback: false });
    else if (!bySlug.has(slug)) bySlug.set(slug, { entry, isFallback: true });
  }
  return [...bySlug.entries()]
    .map(([slug, v]) => ({ slug, ...v }))
    .sort((a, b) => a.entry.data.chapter - b.entry.data.chapter);
}

/** getStaticPaths() for a language's chapter route. */
export async function chapterPaths(lang: Lang) {
  return (await chaptersFor(lang)).map(({ slug, entry, isFallback }) => ({
    params: { slug },
    props: { entry, isFallback, slug },
  }));
}

/** The chapter whose lab is `labId`, in a language (with fallback), if any. */
export async function chapterForLab(lang: Lang, labId: string) {
  return (await chaptersFor(lang)).find((c) => c.entry.data.lab === labId);
}
