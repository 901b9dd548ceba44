/**
 * Messages of the lab contract shared by every lab (validation, undefined-metric reasons common to
 * several labs, the CLI). Each lab's own messages live in labs/<id>/i18n/. Spanish is the source:
 * `en` must have exactly the same keys and function signatures (checked by the type at `npm run check`).
 */
import type { Lang } from '../types.ts';
import { coreEs } from './es.ts';
import { coreEn } from './en.ts';

import type { Widen } from './widen.ts';

export type { Widen } from './widen.ts';
export type CoreMessages = Widen<typeof coreEs>;

/**
 * The lookup of a catalog pair: `byLang(es, en)(lang)` is the catalog of `lang`. Spanish is the
 * source; `en` must have the same keys and function signatures (type it as Widen<typeof es>).
 */
export function byLang<T>(es: T, en: T): (lang: Lang) => T {
  const catalogs: Record<Lang, T> = { es, en };
  return (lang) => catalogs[lang];
}

/** The shared message catalog of a language. */
export const coreMsg: (lang: Lang) => CoreMessages = byLang<CoreMessages>(coreEs, coreEn);

/**
 * The text of a code that arrives as a plain string (an undefined-metric reason stored in a
 * scorecard map), looked up in the given catalogs in order (own properties only); null when none
 * has it. Codes typed as a catalog's keys should index the catalog directly instead, so that a
 * missing translation fails to compile.
 */
export function lookupText(code: string, ...catalogs: readonly object[]): string | null {
  for (const c of catalogs) {
    if (Object.prototype.hasOwnProperty.call(c, code)) {
      const v = (c as Record<string, unknown>)[code];
      if (typeof v === 'string') return v;
    }
  }
  return null;
}

/**
 * The text of an undefined-value reason code, looked up in `catalogs` in order (lookupText): no code
 * (null, undefined, '') reads as 'depends_on_undefined'; a code no catalog has is shown as it is.
 */
export function undefinedReasonText(reason: string | null | undefined, ...catalogs: readonly object[]): string {
  const code = reason || 'depends_on_undefined';
  return lookupText(code, ...catalogs) ?? code;
}
