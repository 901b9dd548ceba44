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

/** A lab's own UI dictionaries (src/components/labs/<id>/i18n/*.ts): a Spanish source and its English. */
type LabDicts = { es: object; en: object };

/**
 * The site's UI dictionary of a language plus a lab's own strings under the given keys: what a lab's
 * island (and its chapter's widgets) read as `ui(lang)`, so that only the page that shows a lab loads
 * its strings (src/components/labs/<id>/i18n/ui.ts exports the one for its lab). The merged dictionary is
 * built once per language. A key that is also a site key would shadow it: the type forbids it.
 */
export function withLabStrings<M extends Record<string, LabDicts>>(
  dicts: M & { [K in keyof M]: K extends keyof UiStrings ? never : LabDicts },
): (lang: Lang) => UiStrings & { [K in keyof M]: M[K]['en'] } {
  type Merged = UiStrings & { [K in keyof M]: M[K]['en'] };
  const cache = new Map<Lang, Merged>();
  return (lang) => {
    let d = cache.get(lang);
    if (!d) {
      const own = Object.fromEntries(Object.entries(dicts).map(([k, v]) => [k, v[lang]]));
      d = { ...dictionaries[lang], ...own } as Merged;
      cache.set(lang, d);
    }
    return d;
  };
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
  labs: (lang: Lang) => withBase(lang === 'es' ? '/laboratorios/' : '/en/labs/'),
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
