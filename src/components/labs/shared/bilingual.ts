/**
 * A component's own UI strings in both languages, kept beside it: Spanish is the source type and
 * English must have every key (a missing or extra key is a type error, as for src/i18n).
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { Widen } from '../../../../labs/core/contract/i18n/index.ts';

/** The strings by language; `en` is checked against the shape of `es`. */
export function bilingual<T>(es: T, en: Widen<NoInfer<T>>): Record<Lang, Widen<T>> {
  return { es: es as Widen<T>, en };
}
