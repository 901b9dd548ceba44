/** The eval-gate lab (chapter 01): what the site and the CLI know of it without loading the engine. */
import * as z from 'zod/mini';
import { defineLab } from '../core/contract/lab.ts';

const unit = z.number().check(z.gte(0), z.lte(1));
const open01 = z.number().check(z.gt(0), z.lt(1));

/**
 * The sample-size planner's inputs (labs/gate/planner.ts), each optional: left out, it defaults
 * from the data. Only ranges are checked here; a combination no pair of versions can produce
 * (δ above the discordant share, more improvements than baseline failures...) is not a view
 * error but an undefined design with its reason, so moving a slider never marks the lab stale.
 */
export const plannerView = z.object({
  /** Pass rate of the baseline, in [0, 1]. */
  baseline_rate: z.optional(unit),
  /** Smallest improvement in pass rate worth shipping (δ), in [-1, 1]; δ <= 0 is an undefined design. */
  delta: z.optional(z.number().check(z.gte(-1), z.lte(1))),
  /** Expected share of discordant pairs (d), in [0, 1]. */
  discordant: z.optional(unit),
  /** Significance level of the two-sided test, in (0, 1). */
  alpha: z.optional(open01),
  /** Power to reach, in (0, 1) (default 0.8). */
  target_power: z.optional(open01),
});

/**
 * What the learner changes without editing the inputs: the planner's design. Every other change
 * goes through the inputs. Changing the view reruns only `select` (the planner), never the bootstrap.
 */
export const gateView = z.object({ planner: z.optional(plannerView) });
export type GateView = z.infer<typeof gateView>;

const JSONL = '.jsonl,.json,.txt,application/json';
const JSON_FILE = '.json,application/json';

const KIT_ES = { cases: 'eval_cases.jsonl', outputs: 'outputs.jsonl', policy: 'eval_policy.json', hypothesis: 'eval_hypothesis.json', taxonomy: 'error_taxonomy.json', manifest: 'eval_run_manifest.json' };
const KIT_EN = { cases: 'eval_cases.en.jsonl', outputs: 'outputs.en.jsonl', policy: 'eval_policy.en.json', hypothesis: 'eval_hypothesis.en.json', taxonomy: 'error_taxonomy.en.json', manifest: 'eval_run_manifest.en.json' };

export const gateMeta = defineLab({
  id: 'gate',
  chapter: '01-eval-gate',
  names: { es: 'gate de evaluación (baseline frente a candidata)', en: 'eval gate (baseline vs candidate)' },
  inputs: [
    { name: 'cases', label: { es: 'casos', en: 'cases' }, format: 'jsonl', flag: '--cases', accept: JSONL },
    { name: 'outputs', label: { es: 'respuestas de ambas versiones', en: "both versions' answers" }, format: 'jsonl', flag: '--outputs', accept: JSONL, repeatable: true },
    { name: 'policy', label: { es: 'política del gate', en: 'gate policy' }, format: 'json', flag: '--policy', accept: JSON_FILE },
    { name: 'hypothesis', label: { es: 'hipótesis', en: 'hypothesis' }, format: 'json', flag: '--hypothesis', optional: true, accept: JSON_FILE },
    { name: 'taxonomy', label: { es: 'taxonomía de errores', en: 'error taxonomy' }, format: 'json', flag: '--taxonomy', optional: true, accept: JSON_FILE },
    { name: 'manifest', label: { es: 'manifiesto de la ejecución', en: 'run manifest' }, format: 'json', flag: '--manifest', optional: true, accept: JSON_FILE },
  ],
  importer: {
    // The learner's policy gets the chosen baseline_version and candidate_version.
    reads: ['policy'],
    from: ['outputs'],
    flags: [
      {
        flag: '--input-format',
        value: 'promptfoo|inspect|csv|kit',
        help: {
          es: 'formato de --outputs (si no, se detecta por el contenido): export de promptfoo, log de Inspect AI (JSON o .eval, un --outputs por versión), CSV case_id,version,run,passed,score,cost,slice o JSONL del kit; con resultados ya calificados, --cases es opcional',
          en: 'the format of --outputs (detected from the content otherwise): a promptfoo export, an Inspect AI log (JSON or .eval, one --outputs per version), a case_id,version,run,passed,score,cost,slice CSV or the kit\'s JSONL; with pre-graded outcomes --cases is optional',
        },
      },
      { flag: '--baseline', value: 'NAME', help: { es: 'la versión que hace de baseline (proveedor, prompt o log)', en: 'the version taken as the baseline (provider, prompt or log)' } },
      { flag: '--candidate', value: 'NAME', help: { es: 'la versión candidata', en: 'the candidate version' } },
      { flag: '--scorer', value: 'NAME', help: { es: 'el scorer de Inspect que da el resultado (si el log trae varios)', en: 'the Inspect scorer that gives the outcome (when the log has several)' } },
    ],
  },
  presets: [
    {
      id: 'kit',
      label: { es: 'el kit del capítulo 01', en: "chapter 01's kit" },
      // Spanish: byte-identical to ../shared/reference/c01, so their SHA-256 equal the kit's
      // computed_hashes. English: the same cases, answers, slices, case ids, policy and abstention
      // markers translated together, so every figure is the kit's (only the hashes differ).
      files: { es: KIT_ES, en: KIT_EN },
    },
    {
      id: 'kit_es',
      label: { es: 'los datos originales del libro, en español', en: "the textbook's original Spanish data" },
      files: { es: KIT_ES, en: KIT_ES },
      langs: ['en'],
    },
    {
      id: 'repeated_runs',
      label: { es: 'el kit con cinco ejecuciones por caso (candidata inestable)', en: "the kit with five runs per case (a flaky candidate)" },
      // Written by scripts/presets/gate_repeated_runs.py (see presets/README.md): the kit's cases,
      // five runs of each version; the candidate passes every case in its first run but not
      // three runs in a row on horario_001 and soporte_001 (hours_001 and support_001 in English).
      files: {
        es: { cases: 'eval_cases.jsonl', outputs: 'repeated_outputs.jsonl', policy: 'repeated_policy.json', hypothesis: 'eval_hypothesis.json', taxonomy: 'error_taxonomy.json', manifest: 'repeated_run_manifest.json' },
        en: { cases: 'repeated_cases.en.jsonl', outputs: 'repeated_outputs.en.jsonl', policy: 'repeated_policy.en.json', hypothesis: 'repeated_hypothesis.en.json', taxonomy: 'repeated_taxonomy.en.json', manifest: 'repeated_run_manifest.en.json' },
      },
    },
  ],
  view: gateView,
  defaultView: {},
  load: () => import('./lab.ts'),
});
