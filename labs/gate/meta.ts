/** The eval-gate lab (chapter 01): what the site and the CLI know of it without loading the engine. */
import * as z from 'zod/mini';
import { defineLab } from '../core/contract/lab.ts';

/** The gate has no view controls: every change goes through the inputs. */
export const gateView = z.object({});
export type GateView = z.infer<typeof gateView>;

const JSONL = '.jsonl,.json,.txt,application/json';
const JSON_FILE = '.json,application/json';

const KIT_ES = { cases: 'eval_cases.jsonl', outputs: 'outputs.jsonl', policy: 'eval_policy.json', hypothesis: 'eval_hypothesis.json', taxonomy: 'error_taxonomy.json', manifest: 'eval_run_manifest.json' };
const KIT_EN = { cases: 'eval_cases.en.jsonl', outputs: 'outputs.en.jsonl', policy: 'eval_policy.en.json', hypothesis: 'eval_hypothesis.en.json', taxonomy: 'error_taxonomy.en.json', manifest: 'eval_run_manifest.en.json' };

export const gateMeta = defineLab({
  id: 'gate',
  chapter: '01-eval-gate',
  names: { es: 'gate de evaluación: baseline frente a candidata', en: 'eval gate: baseline vs candidate' },
  inputs: [
    { name: 'cases', format: 'jsonl', flag: '--cases', accept: JSONL },
    { name: 'outputs', format: 'jsonl', flag: '--outputs', accept: JSONL },
    { name: 'policy', format: 'json', flag: '--policy', accept: JSON_FILE },
    { name: 'hypothesis', format: 'json', flag: '--hypothesis', optional: true, accept: JSON_FILE },
    { name: 'taxonomy', format: 'json', flag: '--taxonomy', optional: true, accept: JSON_FILE },
    { name: 'manifest', format: 'json', flag: '--manifest', optional: true, accept: JSON_FILE },
  ],
  presets: [
    {
      id: 'kit',
      label: { es: 'el kit del capítulo 01', en: "chapter 01's kit" },
      // Spanish: byte-identical to ../shared/reference/c01, so their SHA-256 equal the kit's
      // computed_hashes. English: the same cases, answers, slices, policy and abstention markers
      // translated together, so every figure is the kit's (only the hashes differ).
      files: { es: KIT_ES, en: KIT_EN },
    },
    {
      id: 'kit_es',
      label: { es: 'los datos originales del libro, en español', en: "the textbook's original Spanish data" },
      files: { es: KIT_ES, en: KIT_ES },
      langs: ['en'],
    },
  ],
  view: gateView,
  defaultView: {},
  load: () => import('./lab.ts'),
});
