/** Exercise routing shared by the Spanish and English exercise pages (fallback as for chapters). */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { Lang } from '../i18n/index.ts';
import { indexByLang } from './chapterIndex.ts';

export type ExerciseEntry = CollectionEntry<'exercises'>;

export async function exercisesFor(lang: Lang) {
  return indexByLang(await getCollection('exercises'), lang, (e) => e.data.order);
}

/** Slugs taken by the page that opens exercise links. */
const RESERVED = new Set(['enlace', 'link']);

export async function exercisePaths(lang: Lang) {
  const list = await exercisesFor(lang);
  for (const { slug } of list) if (RESERVED.has(slug)) throw new Error(`content/exercises: the slug "${slug}" is reserved`);
  return list.map(({ slug, entry, isFallback }) => ({ params: { slug }, props: { entry, isFallback, slug } }));
}
