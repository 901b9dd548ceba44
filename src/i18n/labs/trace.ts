/**
 * UI strings of the trace grading lab island (chapter 04), in both languages. Spanish is the source
 * type; English must have every key (type-checked, and compared in tests/unit/i18n.test.ts).
 */
import type { Widen } from '../../../labs/core/contract/i18n/index.ts';

const es = {
  heading: 'evaluación de trazas',
};

const en: Widen<typeof es> = {
  heading: 'trace grading',
};

export const traceUi = { es, en };
