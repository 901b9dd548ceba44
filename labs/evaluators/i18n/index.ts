/**
 * The evaluator lab's catalogues and the types derived from them: a reason code is a key of
 * `reasons`, an undefined-value reason a key of `undefined_reason`, so an engine that emits an
 * untranslated code does not compile.
 */
import type { Lang } from '../../core/contract/types.ts';
import { byLang, type Widen } from '../../core/contract/i18n/index.ts';
import { evaluatorsEs } from './es.ts';
import { evaluatorsEn } from './en.ts';

export type EvaluatorsMessages = Widen<typeof evaluatorsEs>;
export type EvaluatorsReason = keyof typeof evaluatorsEs.reasons;
export type EvaluatorsUndefinedReason = keyof typeof evaluatorsEs.undefined_reason;
export type EvaluatorsCheckId = keyof typeof evaluatorsEs.checks;

/** The lab's message catalogue in `lang`. */
export const evaluatorsMsg: (lang: Lang) => EvaluatorsMessages = byLang<EvaluatorsMessages>(evaluatorsEs, evaluatorsEn);
