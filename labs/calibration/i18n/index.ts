/** The calibration lab's messages: Spanish is the source; English must have every key (checked by the type). */
import type { Lang } from '../../core/contract/types.ts';
import { byLang, type Widen } from '../../core/contract/i18n/index.ts';
import { calibrationEs } from './es.ts';
import { calibrationEn } from './en.ts';

export type CalibrationMessages = Widen<typeof calibrationEs>;
/** Reason codes of the lab's decision and of the constraints a pair fails: the keys of `reasons`. */
export type CalibrationReason = keyof typeof calibrationEs.reasons;
/** Findings that do not change the verdict: the keys of `warnings`. */
export type CalibrationWarning = keyof typeof calibrationEs.warnings;
/** Recalibration triggers: the keys of `triggers`. */
export type CalibrationTrigger = keyof typeof calibrationEs.triggers;

/** The lab's catalog in a language. */
export const calibrationMsg: (lang: Lang) => CalibrationMessages = byLang<CalibrationMessages>(calibrationEs, calibrationEn);
