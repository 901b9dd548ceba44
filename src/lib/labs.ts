/**
 * The labs as the site sees them, derived from labs/manifest.ts: a lab listed there gets a
 * standalone page (/laboratorios/<id>/, /en/labs/<id>/), can be embedded in a chapter with
 * <Lab id="<id>" />, and is named in the page's language.
 */
import { LAB_METAS, labMeta, type LabId } from '../../labs/manifest.ts';
import type { Lang } from '../i18n/index.ts';

/** The lab's name in a language, or null for an unknown id. */
export function labName(id: string, lang: Lang): string | null {
  return labMeta(id)?.names[lang] ?? null;
}

/** The labs a chapter teaches (by its slug, e.g. '04-evaluators'), in manifest order. */
export function labsOfChapter(slug: string): LabId[] {
  return LAB_METAS.filter((m) => m.chapter === slug).map((m) => m.id);
}

/** getStaticPaths() of the lab pages (the same ids in both languages). */
export function labPaths() {
  return LAB_METAS.map((m) => ({ params: { lab: m.id }, props: { id: m.id } }));
}
