/** The rubric lab's messages: Spanish is the source; English must have every key (checked by the type). */
import type { Lang } from '../../core/contract/types.ts';
import { byLang, type Widen } from '../../core/contract/i18n/index.ts';
import { rubricEs } from './es.ts';
import { rubricEn } from './en.ts';

export type RubricMessages = Widen<typeof rubricEs>;
/** Reason and warning codes of the rubric's decision and gates: the keys of the `reasons` catalog. */
export type RubricReason = keyof typeof rubricEs.reasons;

/** The lab's catalog in a language. */
export const rubricMsg: (lang: Lang) => RubricMessages = byLang<RubricMessages>(rubricEs, rubricEn);
