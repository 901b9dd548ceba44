/**
 * The course as one structure, derived from the content collections and labs/manifest.ts (never a
 * hand-written list of chapters or labs): chapters in order with their labs and exercises, the
 * previous/next chapter, the syllabus's sessions, and the glossary. Used by the home, syllabus,
 * glossary and chapter pages.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { Lang } from '../i18n/index.ts';
import { chaptersFor } from './chapters.ts';
import { exercisesFor } from './exercises.ts';
import { labsOfChapter } from './labs.ts';
import { LAB_METAS } from '../../labs/manifest.ts';
import { labMeta } from '../../labs/manifest.ts';
import { sectionOfFirstUse } from './course-pure.ts';

export { groupSessions, neighbours } from './course-pure.ts';

/**
 * The suggested teaching order, by chapter number: each inner list is one session. Chapters that
 * exist but are not listed here are appended as sessions of their own (groupSessions).
 */
export const SEQUENCE: readonly (readonly number[])[] = [[1], [2, 5], [6, 4], [3]];

export type ChapterItem = Awaited<ReturnType<typeof chaptersFor>>[number];
export type ExerciseItem = Awaited<ReturnType<typeof exercisesFor>>[number];

export interface CourseChapter {
  slug: string;
  number: number;
  chapter: ChapterItem;
  labs: string[];
  exercises: ExerciseItem[];
}

/** The chapters of `lang` (with fallbacks) with their labs (manifest) and exercises (by lab). */
export async function courseMap(lang: Lang): Promise<CourseChapter[]> {
  const [chapters, exercises] = await Promise.all([chaptersFor(lang), exercisesFor(lang)]);
  return chapters.map((c) => {
    const labs = labsOfChapter(c.slug);
    return { slug: c.slug, number: c.entry.data.chapter, chapter: c, labs, exercises: exercises.filter((e) => labs.includes(e.entry.data.lab as never)) };
  });
}

/** The chapter an exercise belongs to (its lab's chapter slug), if that lab has one. */
export function chapterOfExercise(lab: string): string | undefined {
  return labMeta(lab)?.chapter;
}

/** Every lab id in manifest order (for progress totals). */
export const ALL_LAB_IDS: string[] = LAB_METAS.map((m) => m.id);

export type GlossaryEntry = CollectionEntry<'glossary'>;

export interface TaughtIn { slug: string; title: string; href: string; section?: { id: string; title: string } }

/**
 * The glossary in `lang`'s alphabetical order, each term with the chapters that teach it; a chapter
 * whose text links the term (<Term id>) gets the section of its first use as an anchor.
 */
export async function glossaryFor(lang: Lang, chapterHref: (slug: string) => string) {
  const [entries, chapters] = await Promise.all([getCollection('glossary'), chaptersFor(lang)]);
  const bySlug = new Map(chapters.map((c) => [c.slug, c]));
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  return entries
    .map((e) => {
      const taught: TaughtIn[] = [];
      for (const slug of e.data.taught_in) {
        const c = bySlug.get(slug);
        if (!c) continue;
        const section = sectionOfFirstUse(c.entry.body ?? '', e.id);
        taught.push({ slug, title: c.entry.data.title, href: chapterHref(slug) + (section ? `#${section.id}` : ''), section });
      }
      return { id: e.id, data: e.data, own: e.data[lang], other: e.data[lang === 'es' ? 'en' : 'es'], taught };
    })
    .sort((a, b) => collator.compare(a.own.term, b.own.term));
}
