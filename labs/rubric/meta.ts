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
    { name: 'items', format: 'jsonl', flag: '--items', accept: JSONL },
    { name: 'rubric', format: 'json', flag: '--rubric', accept: JSON_FILE },
    { name: 'rubric_b', format: 'json', flag: '--rubric-b', optional: true, accept: JSON_FILE },
    { name: 'breakdown', format: 'json', flag: '--breakdown', optional: true, accept: JSON_FILE },
    { name: 'ratings', format: 'json', flag: '--ratings', optional: true, accept: JSON_FILE },
    { name: 'baseline', format: 'json', flag: '--baseline', optional: true, accept: JSON_FILE },
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
