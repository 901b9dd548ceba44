/** The gate lab's messages: Spanish is the source; English must have every key (checked by the type). */
import type { Lang } from '../../core/contract/types.ts';
import { byLang, type Widen } from '../../core/contract/i18n/index.ts';
import { gateEs } from './es.ts';
import { gateEn } from './en.ts';

export type GateMessages = Widen<typeof gateEs>;
/** Reason codes of the gate's decision: the keys of the `reasons` catalog. */
export type GateReason = keyof typeof gateEs.reasons;
/** Non-blocking findings: the keys of the `warnings` catalog. */
export type GateWarning = keyof typeof gateEs.warnings;
/** Why a metric of the gate is undefined: the keys of the lab's `undefined_reason` catalog. */
export type GateUndefinedReason = keyof typeof gateEs.undefined_reason;

/** The lab's catalog in a language. */
export const gateMsg: (lang: Lang) => GateMessages = byLang<GateMessages>(gateEs, gateEn);
