/**
 * UI strings of the RAG lab island (chapter 03), in both languages. Spanish is the source
 * type; English must have every key (type-checked, and compared in tests/unit/i18n.test.ts).
 */
import type { Widen } from '../../../labs/core/contract/i18n/index.ts';

const es = {
  heading: 'laboratorio RAG',
};

const en: Widen<typeof es> = {
  heading: 'RAG lab',
};

export const ragUi = { es, en };
