/**
 * UI strings of the evaluator audit lab island (chapter 04), in both languages. Spanish is the source
 * type; English must have every key (type-checked, and compared in tests/unit/i18n.test.ts).
 */
import type { Widen } from '../../../labs/core/contract/i18n/index.ts';

const es = {
  heading: 'auditoría de evaluadores',
};

const en: Widen<typeof es> = {
  heading: 'evaluator audit',
};

export const evaluatorsUi = { es, en };
