/**
 * promptfoo's export (`promptfoo eval -o results.json`, `promptfoo export <evalId>`) into the gate.
 * The file is {evalId?, results: {results: EvaluateResult[], ...}, config?}; each EvaluateResult has
 * promptIdx, testIdx, testCase.vars (or vars), provider {id, label} (a string in old exports),
 * prompt {label, raw}, response.output, success, score, error, latencyMs, cost and
 * gradingResult {pass, score, reason, componentResults[]} (promptfoo's src/types). Mapping:
 *   version   provider label (else id); the prompt label when only prompts differ; both when both do
 *   case_id   test_<testIdx> of the case's first row; rows with the same description, vars and
 *             assertions (promptfoo's --repeat, which gives every repeat a new testIdx) are runs
 *             of one case, numbered in file order; two tests that differ only in their
 *             assertions stay two cases
 *   input     the vars, one `name: value` per line
 *   passed    success (an errored row is a failure); score: score when in [0, 1]
 *   cost_eur  cost, not converted (the provider's currency); latency_ms: latencyMs
 *   assertions gradingResult.componentResults (pass, score, reason, assertion.type), kept for the trace
 * A file with one version only is refused (the gate compares two).
 */
import { z } from 'zod';
import type { Lang } from '../../core/contract/types.ts';
import type { ImportFile, ImportOptions, ImportOutcome } from '../../core/contract/imports.ts';
import { fileText, leaveOut, newSummary } from '../../core/contract/imports.ts';
import { importMsg } from '../../core/contract/import_i18n.ts';
import { zodErrorMap } from '../../core/contract/parse.ts';
import { assembleGate, type AssertionResult, type GradedRow } from './assemble.ts';

const providerSchema = z.union([z.string(), z.looseObject({ id: z.string().optional(), label: z.string().optional() })]);
const componentSchema = z.looseObject({
  pass: z.boolean().optional(),
  score: z.number().optional(),
  reason: z.string().optional(),
  assertion: z.looseObject({ type: z.string().optional() }).nullable().optional(),
});
/** One EvaluateResult (only the fields read; the rest is kept out). */
export const promptfooResultSchema = z.looseObject({
  promptIdx: z.number().int().min(0).optional(),
  testIdx: z.number().int().min(0),
  testCase: z.looseObject({ vars: z.record(z.string(), z.unknown()).optional(), description: z.string().optional(), assert: z.unknown().optional() }).optional(),
  vars: z.record(z.string(), z.unknown()).optional(),
  provider: providerSchema.optional(),
  prompt: z.looseObject({ label: z.string().optional(), raw: z.string().optional() }).optional(),
  response: z.looseObject({ output: z.unknown().optional() }).nullable().optional(),
  success: z.boolean().optional(),
  score: z.number().optional(),
  error: z.string().nullable().optional(),
  failureReason: z.number().optional(),
  latencyMs: z.number().min(0).optional(),
  cost: z.number().min(0).optional(),
  gradingResult: z.looseObject({ pass: z.boolean().optional(), score: z.number().optional(), componentResults: z.array(componentSchema).optional() }).nullable().optional(),
});

/** True when `data` looks like a promptfoo export: {results: {results: [...]}} whose rows have testIdx. */
export function isPromptfoo(data: unknown): boolean {
  const rows = (data as { results?: { results?: unknown } } | null)?.results?.results;
  return Array.isArray(rows) && (rows.length === 0 || (typeof rows[0] === 'object' && rows[0] !== null && 'testIdx' in rows[0]));
}

function textOf(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
}

function varsText(vars: Record<string, unknown> | undefined): string {
  if (!vars) return '';
  return Object.entries(vars).map(([k, v]) => `${k}: ${textOf(v)}`).join('\n');
}

/**
 * Reads a promptfoo export (module comment). Each row goes through promptfooResultSchema; a row
 * that does not is an issue at its path (results.results.<i>.<field>). Never throws.
 */
export function importPromptfoo(file: ImportFile, options: ImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  const summary = newSummary('promptfoo', [file.name]);
  let data: unknown;
  try {
    data = JSON.parse(fileText(file));
  } catch (err) {
    return { ok: false, issues: [{ input: file.name, message: t.not_json(err instanceof Error ? err.message : String(err)) }] };
  }
  const list = (data as { results?: { results?: unknown } } | null)?.results?.results;
  if (!Array.isArray(list)) return { ok: false, issues: [{ input: file.name, field: 'results.results', message: t.promptfoo_no_results }] };
  const parsed: z.output<typeof promptfooResultSchema>[] = [];
  const issues = [];
  for (let i = 0; i < list.length; i++) {
    const r = promptfooResultSchema.safeParse(list[i], { error: zodErrorMap(lang) });
    if (!r.success) {
      const iss = r.error.issues[0];
      const field = ['results', 'results', i, ...iss.path].join('.');
      issues.push({ input: file.name, field, message: t.bad_value(field, iss.message) });
      if (issues.length >= 50) break;
      continue;
    }
    parsed.push(r.data);
  }
  if (issues.length) return { ok: false, issues };
  const providerName = (p: z.output<typeof providerSchema> | undefined) => (typeof p === 'string' ? p : p?.label || p?.id || '?');
  const promptName = (r: (typeof parsed)[number]) => r.prompt?.label || `prompt ${r.promptIdx ?? 0}`;
  const providers = new Set(parsed.map((r) => providerName(r.provider)));
  const prompts = new Set(parsed.map(promptName));
  const versionOf = (r: (typeof parsed)[number]) =>
    providers.size > 1 && prompts.size > 1 ? `${providerName(r.provider)} · ${promptName(r)}` : prompts.size > 1 ? promptName(r) : providerName(r.provider);
  const caseIds = new Map<string, string>();
  let errors = 0;
  const rows: GradedRow[] = parsed.map((r, i) => {
    const vars = r.testCase?.vars ?? r.vars;
    const key = JSON.stringify([r.testCase?.description ?? null, vars ? Object.entries(vars) : null, r.testCase?.assert ?? null]);
    let id = caseIds.get(key);
    if (id === undefined) caseIds.set(key, (id = `test_${r.testIdx}`));
    const errored = (typeof r.error === 'string' && r.error !== '') || r.failureReason === 2;
    if (errored) errors++;
    const passed = errored ? false : (r.success ?? r.gradingResult?.pass ?? null);
    let score = r.score ?? r.gradingResult?.score ?? null;
    if (score !== null && !(score >= 0 && score <= 1)) {
      leaveOut(summary, 'score_out_of_range', `${id}: ${score}`);
      score = null;
    }
    const assertions: AssertionResult[] | null = r.gradingResult?.componentResults
      ? r.gradingResult.componentResults.map((c) => ({ pass: c.pass ?? false, score: c.score ?? null, reason: c.reason ?? '', type: c.assertion?.type ?? null }))
      : null;
    return {
      version: versionOf(r),
      case_id: id,
      input: varsText(vars),
      run: null,
      passed,
      score,
      cost: r.cost ?? null,
      latency_ms: r.latencyMs ?? null,
      output: r.response ? textOf(r.response.output) : null,
      slice: null,
      assertions,
      file: file.name,
      path: `results.results.${i}`,
    };
  });
  summary.rows = parsed.length;
  summary.mapped = [
    { from: providers.size > 1 && prompts.size > 1 ? 'provider.label|id · prompt.label' : prompts.size > 1 ? 'prompt.label' : 'provider.label|id', to: 'version' },
    { from: 'testIdx (+ vars)', to: 'case_id' },
    { from: 'vars', to: 'input' },
    { from: 'success', to: 'passed' },
    { from: 'score', to: 'score' },
    { from: 'cost', to: 'cost_eur' },
    { from: 'latencyMs', to: 'latency_ms' },
    { from: 'gradingResult.componentResults', to: 'assertions' },
    { from: 'response.output', to: 'output' },
  ];
  if (parsed.some((r) => r.cost !== undefined)) summary.notes.push('cost_not_converted');
  if (errors) summary.notes.push('errors_as_failures');
  return assembleGate(rows, summary, options, lang, t.promptfoo_one_version);
}
