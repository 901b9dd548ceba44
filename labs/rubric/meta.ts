/** The rubric lab (chapter 06): what the site and the CLI know of it without loading the engine. */
import * as z from 'zod/mini';
import { defineLab } from '../core/contract/lab.ts';

/** The rubric lab has no view controls: its switches rewrite the rubric text itself. */
export const rubricView = z.object({});
export type RubricView = z.infer<typeof rubricView>;

const JSONL = '.jsonl,.json,.txt,application/json';
const JSON_FILE = '.json,application/json';

export const rubricMeta = defineLab({
  id: 'rubric',
  chapter: '06-rubrics',
  names: { es: 'puntuación con rúbricas', en: 'rubric scoring' },
  inputs: [
    { name: 'items', label: { es: 'ítems del examen', en: 'exam items' }, format: 'jsonl', flag: '--items', accept: JSONL },
    { name: 'rubric', label: { es: 'rúbrica', en: 'rubric' }, format: 'json', flag: '--rubric', accept: JSON_FILE },
    { name: 'rubric_b', label: { es: 'rúbrica B', en: 'rubric B' }, format: 'json', flag: '--rubric-b', optional: true, accept: JSON_FILE },
    { name: 'breakdown', label: { es: 'desglose pegado', en: 'pasted breakdown' }, format: 'json', flag: '--breakdown', optional: true, accept: JSON_FILE },
    { name: 'ratings', label: { es: 'valoraciones de dos anotadores', en: 'two annotators’ ratings' }, format: 'json', flag: '--ratings', optional: true, accept: JSON_FILE },
    { name: 'baseline', label: { es: 'ejecución de referencia', en: 'baseline run' }, format: 'json', flag: '--baseline', optional: true, accept: JSON_FILE },
  ],
  presets: [
    {
      id: 'capstone',
      label: { es: 'el examen del tutor (capítulo 06)', en: "the tutor's exam (chapter 06)" },
      // Spanish: the tutor's prompts and explanations in Spanish; English: the same items in
      // English (<stem>.en.<ext>). Answers, glosses, expected terms and scores are the same.
      files: {
        es: { items: 'capstone_items.jsonl', rubric: 'capstone_rubric.json' },
        en: { items: 'capstone_items.en.jsonl', rubric: 'capstone_rubric.en.json' },
      },
    },
  ],
  examples: {
    es: { rubric_b: 'capstone_rubric_casefold_off.json', breakdown: 'seed_breakdown.json', ratings: 'seed004_ratings.json' },
    en: { rubric_b: 'capstone_rubric_casefold_off.en.json', breakdown: 'seed_breakdown.json', ratings: 'seed004_ratings.json' },
  },
  view: rubricView,
  defaultView: {},
  load: () => import('./lab.ts'),
});
