/** The threshold lab's messages: Spanish is the source; English must have every key (checked by the type). */
import type { Lang } from '../../core/contract/types.ts';
import { byLang, type Widen } from '../../core/contract/i18n/index.ts';
import { thresholdEs } from './es.ts';
import { thresholdEn } from './en.ts';

export type ThresholdMessages = Widen<typeof thresholdEs>;
/** Reason codes of the lab's decision and constraints: the keys of the `reasons` catalog. */
export type ThresholdReason = keyof typeof thresholdEs.reasons;

/** The lab's catalog in a language. */
export const thresholdMsg: (lang: Lang) => ThresholdMessages = byLang<ThresholdMessages>(thresholdEs, thresholdEn);
