/**
 * What the site and the CLI know of the evaluator-audit lab (chapter 04) without loading its engine:
 * names, inputs (the kit's three files plus five optional ones), presets, the view schema and the
 * lazy loader. Presets: the c04 kit's files under their kit names (Spanish, byte-identical), their
 * English translations as <stem>.en.json with the same figures, and the lab's own datasets for the
 * ordinal, construct, production, pairwise and budget sections; a second preset reads the same
 * human labels from CSV.
 */
import * as z from 'zod/mini';
import { defineLab } from '../core/contract/lab.ts';
import type { EvaluatorsView } from './engine.ts';

const JSON_ACCEPT = '.json,application/json';

/** The view: evaluator and criterion in focus (null: the recommended evaluator / no criterion). */
export const evaluatorsViewSchema: z.ZodMiniType<EvaluatorsView> = z.object({
  evaluator: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(300))), null),
  criterion: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(64))), null),
});

const common = {
  ordinal: 'evaluator_ordinal',
  construct: 'evaluator_construct',
  production: 'evaluator_production',
  pairwise: 'evaluator_pairwise',
  budget: 'evaluator_budget',
} as const;
const filesFor = (lang: 'es' | 'en', cases: string): Record<string, string> => {
  const sfx = lang === 'en' ? '.en' : '';
  const out: Record<string, string> = {
    rubric: `evaluator_rubric${sfx}.json`,
    cases,
    outputs: 'evaluator_outputs.json',
  };
  for (const [input, stem] of Object.entries(common)) out[input] = `${stem}${sfx}.json`;
  return out;
};

export const evaluatorsMeta = defineLab({
  id: 'evaluators',
  chapter: '04-evaluators',
  names: { es: 'auditoría de evaluadores', en: 'evaluator audit' },
  inputs: [
    { name: 'rubric', label: { es: 'rúbrica del juez', en: 'judge rubric' }, format: 'json', flag: '--rubric', accept: JSON_ACCEPT },
    { name: 'cases', label: { es: 'etiquetas humanas', en: 'human labels' }, format: 'json', flag: '--cases', accept: '.json,.jsonl,.csv,application/json,application/x-ndjson,text/csv' },
    { name: 'outputs', label: { es: 'salidas de los evaluadores', en: 'evaluator outputs' }, format: 'json', flag: '--outputs', accept: JSON_ACCEPT },
    { name: 'ordinal', label: { es: 'escala ordinal', en: 'ordinal scale' }, format: 'json', flag: '--ordinal', optional: true, accept: JSON_ACCEPT },
    { name: 'construct', label: { es: 'constructo', en: 'construct' }, format: 'json', flag: '--construct', optional: true, accept: JSON_ACCEPT },
    { name: 'production', label: { es: 'producción', en: 'production' }, format: 'json', flag: '--production', optional: true, accept: JSON_ACCEPT },
    { name: 'pairwise', label: { es: 'comparación por pares', en: 'pairwise comparison' }, format: 'json', flag: '--pairwise', optional: true, accept: JSON_ACCEPT },
    { name: 'budget', label: { es: 'presupuesto', en: 'budget' }, format: 'json', flag: '--budget', optional: true, accept: JSON_ACCEPT },
  ],
  importer: {
    // The learner's rubric keeps its thresholds; the import fills in its criteria.
    reads: ['rubric'],
    from: [],
    flags: [
      {
        flag: '--labels',
        value: 'FILE',
        help: {
          es: 'CSV de etiquetas de juez y humanas (case_id,human,judge[,criterion][,cost]; jueces como columnas judge_<nombre> o como filas con judge_id): sustituye a --cases y --outputs',
          en: 'a CSV of judge and human labels (case_id,human,judge[,criterion][,cost]; judges as judge_<name> columns or as rows with judge_id): replaces --cases and --outputs',
        },
      },
    ],
  },
  presets: [
    {
      id: 'kit',
      label: { es: 'Kit del capítulo 04: 6 casos, 2 evaluadores', en: 'Chapter 04 kit: 6 cases, 2 evaluators' },
      files: { es: filesFor('es', 'evaluator_calibration_cases.json'), en: filesFor('en', 'evaluator_calibration_cases.en.json') },
    },
    {
      id: 'kit_csv',
      label: { es: 'Las mismas etiquetas humanas en CSV', en: 'The same human labels as CSV' },
      files: { es: filesFor('es', 'evaluator_labels.csv'), en: filesFor('en', 'evaluator_labels.en.csv') },
    },
  ],
  view: evaluatorsViewSchema,
  defaultView: { evaluator: null, criterion: null },
  load: () => import('./lab.ts'),
});

export default evaluatorsMeta;
