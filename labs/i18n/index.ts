/**
 * Messages that the lab engines produce (validation, undefined-metric reasons, reason codes, the
 * decision.md reports). They live beside the engines, not in src/, because the CLI prints them too.
 * Spanish is the source: `en` must have exactly the same keys and function signatures (checked by
 * the type `Messages` at `npm run check` and by tests/i18n.test.ts at `npm run test:unit`).
 */
import type { Lang } from '../core/contract/types.ts';
import { es } from './es.ts';
import { en } from './en.ts';


export type { Widen } from '../core/contract/i18n/index.ts';
import type { Widen } from '../core/contract/i18n/index.ts';

export type Messages = Widen<typeof es>;

const catalogs: Record<Lang, Messages> = { es, en };

/** The message catalog of a language. */
export function msg(lang: Lang): Messages {
  return catalogs[lang];
}
