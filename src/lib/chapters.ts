/** Chapter routing shared by the Spanish and English chapter pages (see chapterIndex.ts). */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { Lang } from '../i18n/index.ts';
import { indexChapters } from './chapterIndex.ts';
import { labMeta } from '../../labs/manifest.ts';

export type ChapterEntry = CollectionEntry<'chapters'>;
export { splitId } from './chapterIndex.ts';

/** All chapters for a language (with fallbacks), sorted by chapter number. */
export async function chaptersFor(lang: Lang) {
  return indexChapters(await getCollection('chapters'), lang);
}

/** getStaticPaths() for a language's chapter route. */
export async function chapterPaths(lang: Lang) {
  return (await chaptersFor(lang)).map(({ slug, entry, isFallback }) => ({
    params: { slug },
    props: { entry, isFallback, slug },
  }));
}

/** The chapter that teaches lab `labId` (its meta's chapter slug), in a language (with fallback), if any. */
export async function chapterForLab(lang: Lang, labId: string) {
  const slug = labMeta(labId)?.chapter;
  return (await chaptersFor(lang)).find((c) => c.slug === slug);
}
