/**
 * The RAG lab's message catalogs. Spanish (es.ts) is the source; English (en.ts) is typed
 * `Widen<typeof ragEs>`, so a missing key or a different function signature fails `npm run check`.
 * Reason codes are the keys of `reasons`: RagReason is that union, and the decision's reasons are
 * typed with it, so the engine cannot emit a code without a translation.
 */
import type { Lang } from '../../core/contract/types.ts';
import { byLang, type Widen } from '../../core/contract/i18n/index.ts';
import { ragEs } from './es.ts';
import { ragEn } from './en.ts';

export type RagMessages = Widen<typeof ragEs>;
export type RagReason = keyof typeof ragEs.reasons;
export type RagUndefinedReason = keyof typeof ragEs.undefined_reason;

/** The RAG lab's messages in a language. */
export const ragMsg: (lang: Lang) => RagMessages = byLang<RagMessages>(ragEs, ragEn);
