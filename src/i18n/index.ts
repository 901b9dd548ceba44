/**
 * UI strings of the site. Spanish is the source type; English must have every key (the type
 * `UiStrings` makes `npm run check` fail otherwise, and tests/unit/i18n.test.ts compares the keys).
 * Lab-engine messages (reason codes, validation, reports) live beside each engine
 * (labs/<id>/i18n, and the shared ones in labs/core/contract/i18n); islands import their own lab's.
 */
import type { Lang } from '../../labs/core/contract/types.ts';
import type { Widen } from '../../labs/core/contract/i18n/index.ts';
import { es } from './es.ts';
import { en } from './en.ts';

export type UiStrings = Widen<typeof es>;
export type { Lang };

export const LANGS: readonly Lang[] = ['es', 'en'];
const dictionaries: Record<Lang, UiStrings> = { es, en };

/** The UI dictionary of a language. */
export function ui(lang: Lang): UiStrings {
  return dictionaries[lang];
}

/** The other language. */
export function otherLang(lang: Lang): Lang {
  return lang === 'es' ? 'en' : 'es';
}

/** Localized URL paths. Spanish has no prefix; English lives under /en/. */
export const paths = {
  home: (lang: Lang) => (lang === 'es' ? '/' : '/en/'),
  chapter: (lang: Lang, slug: string) => (lang === 'es' ? `/capitulos/${slug}/` : `/en/chapters/${slug}/`),
  lab: (lang: Lang, id: string) => (lang === 'es' ? `/laboratorios/${id}/` : `/en/labs/${id}/`),
  exercises: (lang: Lang) => (lang === 'es' ? '/ejercicios/' : '/en/exercises/'),
  exercise: (lang: Lang, slug: string) => (lang === 'es' ? `/ejercicios/${slug}/` : `/en/exercises/${slug}/`),
  exerciseLink: (lang: Lang) => (lang === 'es' ? '/ejercicios/enlace/' : '/en/exercises/link/'),
  glossary: (lang: Lang) => (lang === 'es' ? '/glosario/' : '/en/glossary/'),
};
