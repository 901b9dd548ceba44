/** The threshold lab (chapter 02): what the site and the CLI know of it without loading the engine. */
import * as z from 'zod/mini';
import { defineLab } from '../core/contract/lab.ts';

const unit = z.number().check(z.gte(0), z.lte(1));

/** The pair shown as selected_policy: both thresholds or neither (then the recommended pair). */
export const thresholdView = z
  .object({ low: z.optional(unit), high: z.optional(unit) })
  .check(
    z.refine((v) => (v.low === undefined) === (v.high === undefined), { error: 'view.pair_incomplete', path: ['high'] }),
    z.refine((v) => v.low === undefined || v.high === undefined || v.low <= v.high, { error: 'view.low_above_high', path: ['low'] }),
  );

export const thresholdMeta = defineLab({
  id: 'threshold',
  chapter: '02-thresholds',
  names: { es: 'umbral y coste del error', en: 'threshold and cost of error' },
  inputs: [
    { name: 'cases', label: { es: 'casos', en: 'cases' }, format: 'jsonl', flag: '--cases', accept: '.jsonl,.json,.txt,application/json' },
    { name: 'policy', label: { es: 'política', en: 'policy' }, format: 'json', flag: '--policy', accept: '.json,application/json' },
  ],
  presets: [
    {
      id: 'kit',
      label: { es: 'los 12 tickets del libro', en: "the textbook's 12 tickets" },
      // Spanish: the kit's files. English: the same tickets with their texts, slices, labels and
      // owner translated (scores and labels unchanged, so every figure is the kit's).
      files: {
        es: { cases: 'classification_cases.jsonl', policy: 'threshold_policy.json' },
        en: { cases: 'classification_cases.en.jsonl', policy: 'threshold_policy.en.json' },
      },
    },
    {
      id: 'kit_es',
      label: { es: 'los datos originales del libro, en español', en: "the textbook's original Spanish data" },
      files: {
        es: { cases: 'classification_cases.jsonl', policy: 'threshold_policy.json' },
        en: { cases: 'classification_cases.jsonl', policy: 'threshold_policy.json' },
      },
      langs: ['en'],
    },
  ],
  view: thresholdView,
  defaultView: {},
  load: () => import('./lab.ts'),
});
