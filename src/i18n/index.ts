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
import { withBase } from '../lib/url.ts';

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

/**
 * Localized URL paths, under the site's base (src/lib/url.ts: BASE_PATH at build time). Spanish has
 * no prefix; English lives under /en/. Every internal link of the site is built here.
 */
export const paths = {
  home: (lang: Lang) => withBase(lang === 'es' ? '/' : '/en/'),
  chapter: (lang: Lang, slug: string) => withBase(lang === 'es' ? `/capitulos/${slug}/` : `/en/chapters/${slug}/`),
  lab: (lang: Lang, id: string) => withBase(lang === 'es' ? `/laboratorios/${id}/` : `/en/labs/${id}/`),
  exercises: (lang: Lang) => withBase(lang === 'es' ? '/ejercicios/' : '/en/exercises/'),
  exercise: (lang: Lang, slug: string) => withBase(lang === 'es' ? `/ejercicios/${slug}/` : `/en/exercises/${slug}/`),
  exerciseLink: (lang: Lang) => withBase(lang === 'es' ? '/ejercicios/enlace/' : '/en/exercises/link/'),
  glossary: (lang: Lang) => withBase(lang === 'es' ? '/glosario/' : '/en/glossary/'),
  syllabus: (lang: Lang) => withBase(lang === 'es' ? '/programa/' : '/en/syllabus/'),
  search: (lang: Lang) => withBase(lang === 'es' ? '/buscar/' : '/en/search/'),
  /** A file served from public/ or the build (e.g. '/favicon.svg', '/pagefind/pagefind.js'). */
  asset: (path: string) => withBase(path),
};
