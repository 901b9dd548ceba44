/**
 * Input schemas of the eval-gate lab (chapter 01), in the kit's file formats
 * (ops/ai/eval_runner.py and its files):
 *   cases       JSONL  {case_id, input, expected_contains[], must_abstain, weight, max_cost_eur, slice}
 *   outputs     JSONL  {version, case_id, run?, output, cost_eur}: every case answered by each version,
 *                      once (the kit) or several times (one row per run, `run` telling them apart)
 *   policy      JSON   the kit's gate thresholds plus this lab's explicit settings (all with defaults
 *                      that reproduce the kit): abstention markers, text normalization, bootstrap
 *                      seed/rounds/confidence, version names, eval name
 *   hypothesis  JSON   optional; echoed, and minimum_interpretable_delta is compared with the CI
 *   taxonomy    JSON   optional; {version, categories: {code: {meaning, action}}}
 *   manifest    JSON   optional; echoed with the SHA-256 of the input texts (see index.ts)
 * Extra keys are kept in hypothesis/taxonomy/manifest (they are echoed) and dropped elsewhere.
 * Cross-file checks (an answer for an unknown case or version, a repeated answer, a case without
 * an answer from a version, equal version names) are reported with the line of the offending row.
 */
import { z } from 'zod';
import { confidenceLevelField } from '../core/contract/fields.ts';
import type { InputIssue, Lang, ParseOutcome } from '../core/contract/types.ts';
import { cappedFailure, mergeFailures, nonBlankLines, parseJsonText, parseJsonlText, perLanguage } from '../core/contract/parse.ts';
import { gateMsg } from './i18n/index.ts';

/** The kit's abstention markers (eval_runner.py, `abstains`), matched after text normalization. */
export const KIT_ABSTENTION_MARKERS: readonly string[] = [
  'no tengo evidencia',
  'no puedo confirmarlo',
  'no aparece en la documentación',
  'necesito una fuente',
];

/**
 * One eval case. `expected_contains`: every term must appear in the answer (after normalization);
 * `must_abstain`: the answer passes only if it contains an abstention marker (and failing it is a
 * critical failure); `weight` >= 0 (default 1) weighs the case in the weighted quality;
 * `max_cost_eur` is the per-case budget (cost_ok = cost_eur <= max_cost_eur, inclusive); absent
 * (cases derived from an imported file, see labs/gate/import/), the case has no budget of its own.
 */
export const caseRowSchema = z.object({
  case_id: z.string().min(1),
  input: z.string().default(''),
  expected_contains: z.array(z.string()).default([]),
  must_abstain: z.boolean().default(false),
  weight: z.number().min(0).default(1),
  max_cost_eur: z.number().min(0).optional(),
  slice: z.string().min(1).default('all'),
});
export type CaseRow = z.output<typeof caseRowSchema>;

/**
 * One answer of one version to one case, with its cost in euros (>= 0). `run` (an integer >= 0 or a
 * non-empty string) tells apart repeated runs of the same version on the same case; absent means
 * run 1, so a file without it holds one run per case, as the kit's.
 *
 * Pre-graded rows (results from another tool: promptfoo, Inspect, a CSV; see labs/gate/import/):
 * `passed` (the grader's verdict) and/or `score` (in [0, 1]) replace the grading by
 * expected_contains / abstention markers; the gate uses them as they are. With `score` alone,
 * passed = (score === 1); with `passed` alone, score = 1 or 0. Such a row may omit `output`
 * (then '') and `cost_eur` (then unknown: the cost per accepted case is undefined and the budget
 * check fails closed). A row with neither `passed` nor `score` must carry `output` and `cost_eur`.
 * `latency_ms` and `assertions` (the grader's per-assertion results) are kept in the run's result.
 */
export const outputRowSchema = z
  .object({
    version: z.string().min(1),
    case_id: z.string().min(1),
    run: z.union([z.number().int().min(0), z.string().min(1)]).optional(),
    output: z.string().optional(),
    cost_eur: z.number().min(0).optional(),
    passed: z.boolean().optional(),
    score: z.number().min(0).max(1).optional(),
    latency_ms: z.number().min(0).optional(),
    assertions: z.array(z.object({ pass: z.boolean(), score: z.number().nullable(), reason: z.string(), type: z.string().nullable() })).optional(),
  })
  .superRefine((row, ctx) => {
    if (row.passed !== undefined || row.score !== undefined) return;
    if (row.output === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'string', input: undefined, path: ['output'] });
    if (row.cost_eur === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'number', input: undefined, path: ['cost_eur'] });
  });

/** True when the row carries the grader's verdict (`passed` or `score`): the gate does not grade it. */
export function isPreGraded(row: { passed?: boolean; score?: number }): boolean {
  return row.passed !== undefined || row.score !== undefined;
}

/** The run id of an answer as a string: `run` as written, '1' when absent. */
export function runId(row: { run?: number | string }): string {
  return row.run === undefined ? '1' : String(row.run);
}
export type OutputRow = z.output<typeof outputRowSchema>;

/**
 * The gate policy. The first seven keys are the kit's (ops/ai/eval_policy.json); the rest are this
 * lab's settings, visible and editable, whose defaults reproduce the kit:
 * - abstention_markers: substrings that count as abstaining (default: the kit's four);
 * - text_normalization: 'casefold' (Python's str.casefold, full Unicode; the kit's), 'lower'
 *   (JavaScript toLowerCase: "ß" stays "ß") or 'none' (case-sensitive);
 * - unicode_normalization: 'none' (the kit's), 'NFC' or 'NFKC', applied before case folding, so
 *   "á" typed as a + combining accent matches "á";
 * - bootstrap_seed (13), bootstrap_rounds (2000), confidence_level (0.95);
 * - baseline_version / candidate_version: the `version` values in the outputs file;
 * - eval_name: defaults to `<manifest.task>_release_gate`, else 'release_gate';
 * - require_minimum_delta_evidence: when true, a CI that does not clear the hypothesis's
 *   minimum_interpretable_delta blocks the release (default false: it is only a warning);
 * - case_score: what a case contributes to the weighted quality when it has several runs: 'mean'
 *   (the share of its runs that pass; 0 or 1 with one run, as the kit) or 'pass_pow_k' (the
 *   unbiased estimate of "k runs in a row all pass", C(c, k)/C(n, k) from n runs with c passes);
 * - pass_k: the k of pass^k and pass@k (default 3).
 */
export const policySchema = perLanguage(buildPolicySchema); // built once per language (core's perLanguage)

function buildPolicySchema(lang: Lang) {
  const t = gateMsg(lang).validation;
  return z
    .object({
      min_weighted_quality: z.number().min(0).max(1),
      max_critical_failures: z.number().int().min(0),
      max_cost_per_accepted_eur: z.number().min(0),
      max_regressions: z.number().int().min(0),
      critical_slices: z.array(z.string().min(1)).default([]),
      decision_owner: z.string().default(''),
      rollback: z.string().default(''),
      abstention_markers: z.array(z.string().min(1)).min(1).default([...KIT_ABSTENTION_MARKERS]),
      text_normalization: z.enum(['casefold', 'lower', 'none']).default('casefold'),
      unicode_normalization: z.enum(['none', 'NFC', 'NFKC']).default('none'),
      bootstrap_seed: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).default(13),
      bootstrap_rounds: z.number().int().min(1).max(100000).default(2000),
      confidence_level: confidenceLevelField(),
      baseline_version: z.string().min(1).default('baseline'),
      candidate_version: z.string().min(1).default('candidate'),
      eval_name: z.string().min(1).optional(),
      require_minimum_delta_evidence: z.boolean().default(false),
      case_score: z.enum(['mean', 'pass_pow_k']).default('mean'),
      pass_k: z.number().int().min(1).max(1000).default(3),
    })
    .refine((p) => p.baseline_version !== p.candidate_version, { message: t.same_versions, path: ['candidate_version'] });
}
export type GatePolicy = z.output<ReturnType<typeof policySchema>>;

/** The evaluable hypothesis; only minimum_interpretable_delta (a delta of weighted quality) is used. */
export const hypothesisSchema = z.looseObject({
  change_id: z.string().optional(),
  minimum_interpretable_delta: z.number().min(0).optional(),
});
export type Hypothesis = z.output<typeof hypothesisSchema>;

/** Error taxonomy: error codes with their meaning and the action they call for. */
export const taxonomySchema = z.looseObject({
  version: z.string().optional(),
  categories: z.record(z.string(), z.looseObject({ meaning: z.string().optional(), action: z.string().optional() })).default({}),
});
export type Taxonomy = z.output<typeof taxonomySchema>;

/** The run manifest: any JSON object, echoed in the scorecard. */
export const manifestSchema = z.looseObject({});
export type Manifest = z.output<typeof manifestSchema>;

/** The validated input of the lab. Rows keep their 1-based line in the source text. */
export interface GateInput {
  cases: CaseRow[];
  /** 1-based line of each case in the cases text (same order as `cases`). */
  case_lines: number[];
  outputs: OutputRow[];
  output_lines: number[];
  policy: GatePolicy;
  hypothesis: Hypothesis | null;
  taxonomy: Taxonomy | null;
  manifest: Manifest | null;
}

function optionalJson<S extends z.ZodType>(text: string | undefined, schema: S, input: string, lang: Lang): ParseOutcome<z.output<S> | null> {
  if (text === undefined || text.trim() === '') return { ok: true, value: null };
  return parseJsonText(text, schema, input, lang);
}

/**
 * Cross-file checks, once every file is valid on its own. Issues, in this order:
 * outputs rows with a version that is neither baseline_version nor candidate_version, with a
 * case_id not in the cases, or repeating a (version, case_id, run) already answered (each on its
 * line; a row without `run` is run 1);
 * then each case that lacks an answer from a version (on the case's line, field case_id). All of
 * them: the caller lists the first MAX_ISSUES and counts the rest.
 */
export function crossCheck(input: GateInput, lang: Lang): InputIssue[] {
  const t = gateMsg(lang).validation;
  const issues: InputIssue[] = [];
  const { baseline_version: base, candidate_version: cand } = input.policy;
  const caseIds = new Set(input.cases.map((c) => c.case_id));
  const answered = new Map<string, Set<string>>([
    [base, new Set()],
    [cand, new Set()],
  ]);
  const seenRuns = new Set<string>();
  input.outputs.forEach((row, i) => {
    const line = input.output_lines[i];
    if (row.version !== base && row.version !== cand) {
      issues.push({ input: 'outputs', line, field: 'version', message: t.unknown_version(row.version, base, cand) });
      return;
    }
    if (!caseIds.has(row.case_id)) {
      issues.push({ input: 'outputs', line, field: 'case_id', message: t.unknown_case(row.case_id) });
      return;
    }
    const run = runId(row);
    const key = JSON.stringify([row.version, row.case_id, run]);
    if (seenRuns.has(key)) issues.push({ input: 'outputs', line, field: row.run === undefined ? 'case_id' : 'run', message: t.duplicate_answer(row.version, row.case_id, run) });
    seenRuns.add(key);
    answered.get(row.version)!.add(row.case_id);
  });
  input.cases.forEach((c, i) => {
    for (const v of [base, cand]) {
      if (!answered.get(v)!.has(c.case_id)) issues.push({ input: 'cases', line: input.case_lines[i], field: 'case_id', message: t.missing_answer(c.case_id, v) });
    }
  });
  return issues;
}

/**
 * Reads the lab's texts (`cases`, `outputs`, `policy` required; `hypothesis`, `taxonomy`,
 * `manifest` optional: missing or blank means absent) into a GateInput. Never throws. Problems of
 * every input are collected together, each naming its input, 1-based line and field, in `lang`;
 * case_id must be unique in the cases. Cross-file checks (crossCheck) run only when the cases,
 * outputs and policy are valid on their own.
 */
export function parseGateInput(texts: Record<string, string>, lang: Lang): ParseOutcome<GateInput> {
  const casesText = texts.cases ?? '';
  const outputsText = texts.outputs ?? '';
  const cases = parseJsonlText(casesText, caseRowSchema, 'cases', lang, { unique: 'case_id' });
  const outputs = parseJsonlText(outputsText, outputRowSchema, 'outputs', lang);
  const policy = parseJsonText(texts.policy ?? '', policySchema(lang), 'policy', lang);
  const hypothesis = optionalJson(texts.hypothesis, hypothesisSchema, 'hypothesis', lang);
  const taxonomy = optionalJson(texts.taxonomy, taxonomySchema, 'taxonomy', lang);
  const manifest = optionalJson(texts.manifest, manifestSchema, 'manifest', lang);
  const all = [cases, outputs, policy, hypothesis, taxonomy, manifest];
  if (!cases.ok || !outputs.ok || !policy.ok || !hypothesis.ok || !taxonomy.ok || !manifest.ok) return mergeFailures(all)!;
  const value: GateInput = {
    cases: cases.value,
    case_lines: nonBlankLines(casesText),
    outputs: outputs.value,
    output_lines: nonBlankLines(outputsText),
    policy: policy.value,
    hypothesis: hypothesis.value,
    taxonomy: taxonomy.value,
    manifest: manifest.value,
  };
  const cross = crossCheck(value, lang);
  if (cross.length) return cappedFailure(cross);
  return { ok: true, value };
}
