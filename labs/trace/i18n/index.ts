/**
 * The trace lab's catalogues and the types derived from them: a reason code is a key of `reasons`,
 * a step check a key of `step_checks`, an undefined-value reason a key of `undefined_reason`.
 */
import type { Lang } from '../../core/contract/types.ts';
import { byLang, type Widen } from '../../core/contract/i18n/index.ts';
import { traceEs } from './es.ts';
import { traceEn } from './en.ts';

export type TraceMessages = Widen<typeof traceEs>;
export type TraceReason = keyof typeof traceEs.reasons;
export type TraceCheckId = keyof typeof traceEs.checks;
export type TraceStepCheckId = keyof typeof traceEs.step_checks;
export type TraceUndefinedReason = keyof typeof traceEs.undefined_reason;
export type TraceTerm = keyof typeof traceEs.terms;

/** The lab's message catalogue in `lang`. */
export const traceMsg: (lang: Lang) => TraceMessages = byLang<TraceMessages>(traceEs, traceEn);
