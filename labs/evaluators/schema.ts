/**
 * Inputs of the evaluator-audit lab (chapter 04), in the c04 kit's formats (ops/ai/evaluator_audit.py)
 * plus this lab's optional inputs:
 *
 *   rubric      JSON  the kit's evals/evaluator_rubric.json: rubric_id, criteria {name: description}
 *                     (key order = criteria order), blocking_criteria, pass_threshold, min_kappa,
 *                     max_false_passes, max_parse_errors, max_cost_per_valid_evaluation; plus lab
 *                     settings with defaults: max_critical_false_passes (0), max_order_flip_rate
 *                     (none: no check), bootstrap_seed (13), bootstrap_rounds (1000; 0 = off),
 *                     confidence_level (0.95).
 *   cases       the human labels, in one of three layouts (detected from the first character):
 *                 JSON   the kit's evals/evaluator_calibration_cases.json: an array of
 *                        {case_id, task?, input?, answer_tokens?, trace?, human: {criterion: 0|1, ..., pass: 0|1}};
 *                 JSONL  the same objects, one per line (first character "{");
 *                 CSV    a header row and one row per case. Columns: case_id (required), one column
 *                        per rubric criterion named exactly as in the rubric, pass (required), and
 *                        optionally task and input; no other column. Cells are 0 or 1. Delimiter
 *                        ",", ";" or tab (guessed). Example:
 *                          case_id,task,input,answer_quality,evidence,trace,policy,pass
 *                          evaluator_001,validar_cita_apa,Comprueba...,1,1,1,1,1
 *   outputs     JSON  the kit's evals/evaluator_outputs.json: [{evaluator_id, input_price_per_1k,
 *                     output_price_per_1k, runs: [{case_id, parse_ok, input_tokens, output_tokens,
 *                     scores: {criterion: 0|1, ..., pass: 0|1}}]}] (up to 20 evaluators). A run with
 *                     parse_ok false may omit scores or give null; a readable run must give all.
 *   ordinal     JSON  optional: {scale: [categories, strictly increasing], items: [{item_id, split:
 *                     calibration|heldout, human, judge}]} (both scores on the declared scale).
 *   construct   JSON  optional: {criterion?, judge_construct?, scale ([0, 1] by default), constructs:
 *                     [{construct_id, definition?}] (>= 2), items: [{item_id, answer?, judge,
 *                     human: {construct_id: label}}]}.
 *   production  JSON  optional: {evaluator_id, runs (1..100000), judged_passes}: the judged pass count on
 *                     unlabelled production runs, corrected with that evaluator's TPR/TNR.
 *   pairwise    JSON  optional: {evaluator_id, pairs: [{pair_id, a_first, b_first}]}: the winning
 *                     answer (A, B or tie, by identity) when A is shown first and when B is.
 *   budget      JSON  optional: {cases, repetitions, human_review_cases?, human_cost_per_case?,
 *                     tokens_in?, tokens_out?}: the plan C_eval is computed for.
 *
 * Every name that comes from data (criteria, case and evaluator ids, constructs) ends up in arrays,
 * Maps or typed arrays, never as a plain object key; "__proto__" is refused wherever it appears.
 * Cross-file problems (a label missing, a run for an unknown case, a missing run) name the input,
 * the line and the field. Nothing here throws on bad input.
 */
import Papa from 'papaparse';
import { CASES_CSV_OPTIONS } from './csv_options.ts';
import { z } from 'zod';
import { confidenceLevelField } from '../core/contract/fields.ts';
import type { InputIssue, Lang, ParseOutcome } from '../core/contract/types.ts';
import { IssueCollector, csvRowLines, jsonPathLines, mergeFailures, nonBlankLines, parseJsonText, parseJsonlText, perLanguage } from '../core/contract/parse.ts';
import { guardProtoKeys } from '../core/contract/json_keys.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { evaluatorsMsg } from './i18n/index.ts';

/** Largest number of calibration cases accepted. */
export const MAX_CASES = 1_000_000;
/** Largest number of evaluators in one audit (the paired bootstrap groups cases by their state under every evaluator). */
export const MAX_EVALUATORS = 20;
/** Largest production run count (the bootstrap redraws every run in every round). */
export const MAX_PRODUCTION_RUNS = 100_000;
/** The label that holds each case's overall decision, after the criteria. */
export const PASS = 'pass';

const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const maxSafe = Number.MAX_SAFE_INTEGER;
const label01 = z.union([z.literal(0), z.literal(1)]);

/** A validated rubric; `criteria` in the file's key order. */
export interface Rubric {
  rubric_id: string;
  criteria: { criterion: string; description: string }[];
  blocking_criteria: string[];
  pass_threshold: number;
  min_kappa: number;
  max_false_passes: number;
  max_parse_errors: number;
  max_cost_per_valid_evaluation: number;
  max_critical_false_passes: number;
  max_order_flip_rate: number | null;
  bootstrap_seed: number;
  bootstrap_rounds: number;
  confidence_level: number;
}

export interface LabelledCase {
  case_id: string;
  task: string | null;
  input: string | null;
}

/** One evaluator's runs, aligned with the cases (index i = case i). */
export interface EvaluatorRuns {
  evaluator_id: string;
  input_price_per_1k: number;
  output_price_per_1k: number;
  parse_ok: Uint8Array;
  input_tokens: Float64Array;
  output_tokens: Float64Array;
  /** scores[i * L + l]: label l (the criteria in rubric order, then pass) of case i; -1 when absent. */
  scores: Int8Array;
}

export interface OrdinalInput {
  criterion: string | null;
  description: string | null;
  evaluator_id: string | null;
  scale: number[];
  items: { item_id: string; split: 'calibration' | 'heldout'; human: number; judge: number }[];
}

export interface ConstructInput {
  criterion: string | null;
  description: string | null;
  context: string | null;
  judge_construct: string | null;
  scale: number[];
  constructs: { construct_id: string; definition: string | null }[];
  /** labels[k]: the human label of the item under constructs[k]. */
  items: { item_id: string; answer: string | null; judge: number; labels: number[] }[];
}

export interface ProductionInput {
  description: string | null;
  evaluator_id: string;
  runs: number;
  judged_passes: number;
}

export type PairChoice = 'A' | 'B' | 'tie';
export interface PairwiseInput {
  description: string | null;
  evaluator_id: string;
  pairs: { pair_id: string; a_first: PairChoice; b_first: PairChoice }[];
}

export interface BudgetInput {
  description: string | null;
  cases: number;
  repetitions: number;
  human_review_cases: number;
  human_cost_per_case: number;
  tokens_in: number | null;
  tokens_out: number | null;
}

/** The validated input of the lab. */
export interface EvaluatorsInput {
  rubric: Rubric;
  cases: LabelledCase[];
  cases_format: 'json' | 'jsonl' | 'csv';
  /** human[i * L + l] (L = criteria + 1, pass last): the human label, 0 or 1. */
  human: Uint8Array;
  evaluators: EvaluatorRuns[];
  ordinal: OrdinalInput | null;
  construct: ConstructInput | null;
  production: ProductionInput | null;
  pairwise: PairwiseInput | null;
  budget: BudgetInput | null;
}

// ---------------------------------------------------------------------------------------------
// zod schemas (messages in the page's language)

function rubricSchema(lang: Lang) {
  const t = evaluatorsMsg(lang).validation;
  return z
    .object({
      rubric_id: z.string().min(1),
      criteria: z.record(z.string(), z.string()),
      blocking_criteria: z.array(z.string()).default([]),
      pass_threshold: z.number().min(0).max(1),
      min_kappa: z.number().min(-1).max(1),
      max_false_passes: z.number().int().min(0),
      max_parse_errors: z.number().int().min(0),
      max_cost_per_valid_evaluation: z.number().min(0),
      max_critical_false_passes: z.number().int().min(0).default(0),
      max_order_flip_rate: z.number().min(0).max(1).optional(),
      bootstrap_seed: z.number().int().min(-maxSafe).max(maxSafe).default(13),
      bootstrap_rounds: z.number().int().min(0).max(10000).default(1000),
      confidence_level: confidenceLevelField(),
    })
    .superRefine((r, ctx) => {
      const names = Object.keys(r.criteria);
      if (names.length === 0) ctx.addIssue({ code: 'custom', path: ['criteria'], message: t.no_criteria });
      for (const n of names) {
        if (n === PASS) ctx.addIssue({ code: 'custom', path: ['criteria', n], message: t.pass_reserved });
        else if (!NAME.test(n)) ctx.addIssue({ code: 'custom', path: ['criteria', n], message: t.bad_name(n) });
      }
      const seen = new Set<string>();
      r.blocking_criteria.forEach((b, i) => {
        if (!Object.prototype.hasOwnProperty.call(r.criteria, b)) ctx.addIssue({ code: 'custom', path: ['blocking_criteria', i], message: t.unknown_blocking(b) });
        if (seen.has(b)) ctx.addIssue({ code: 'custom', path: ['blocking_criteria', i], message: t.repeated_blocking(b) });
        seen.add(b);
      });
    });
}

const caseSchema = z.object({
  case_id: z.string().min(1).max(300),
  task: z.string().optional(),
  input: z.string().optional(),
  answer_tokens: z.number().optional(),
  trace: z.array(z.string()).optional(),
  human: z.record(z.string(), label01),
});
type CaseRow = z.output<typeof caseSchema>;

const runSchema = z.object({
  case_id: z.string().min(1).max(300),
  parse_ok: z.boolean(),
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  scores: z.record(z.string(), z.union([z.literal(0), z.literal(1), z.null()])).nullable().optional(),
});

const outputsSchema = z
  .array(
    z.object({
      evaluator_id: z.string().min(1).max(300),
      input_price_per_1k: z.number().min(0),
      output_price_per_1k: z.number().min(0),
      runs: z.array(runSchema),
    }),
  )
  .min(1)
  .max(MAX_EVALUATORS);
type OutputsRow = z.output<typeof outputsSchema>[number];

function scaleSchema(lang: Lang) {
  return z
    .array(z.number())
    .min(2)
    .max(101)
    .refine((s) => s.every((v, i) => i === 0 || v > s[i - 1]), { message: evaluatorsMsg(lang).validation.scale_order });
}

function ordinalSchema(lang: Lang) {
  const t = evaluatorsMsg(lang).validation;
  return z
    .object({
      criterion: z.string().optional(),
      description: z.string().optional(),
      evaluator_id: z.string().optional(),
      scale: scaleSchema(lang),
      items: z
        .array(z.object({ item_id: z.string().min(1).max(300), split: z.enum(['calibration', 'heldout']), human: z.number(), judge: z.number() }))
        .min(1)
        .max(MAX_CASES),
    })
    .superRefine((o, ctx) => {
      const on = new Set(o.scale);
      const ids = new Set<string>();
      o.items.forEach((it, i) => {
        if (ids.has(it.item_id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'item_id'], message: t.duplicate_item(it.item_id) });
        ids.add(it.item_id);
        for (const f of ['human', 'judge'] as const) {
          if (!on.has(it[f])) ctx.addIssue({ code: 'custom', path: ['items', i, f], message: t.off_scale(it[f], o.scale.join(', ')) });
        }
      });
    });
}

function constructSchema(lang: Lang) {
  const t = evaluatorsMsg(lang).validation;
  return z
    .object({
      criterion: z.string().optional(),
      description: z.string().optional(),
      context: z.string().optional(),
      judge_construct: z.string().optional(),
      scale: scaleSchema(lang).default([0, 1]),
      constructs: z.array(z.object({ construct_id: z.string(), definition: z.string().optional() })).min(2).max(10),
      items: z
        .array(z.object({ item_id: z.string().min(1).max(300), answer: z.string().optional(), judge: z.number(), human: z.record(z.string(), z.number()) }))
        .min(1)
        .max(MAX_CASES),
    })
    .superRefine((c, ctx) => {
      const names = new Set<string>();
      c.constructs.forEach((d, i) => {
        if (!NAME.test(d.construct_id)) ctx.addIssue({ code: 'custom', path: ['constructs', i, 'construct_id'], message: t.bad_name(d.construct_id) });
        if (names.has(d.construct_id)) ctx.addIssue({ code: 'custom', path: ['constructs', i, 'construct_id'], message: t.duplicate_construct(d.construct_id) });
        names.add(d.construct_id);
      });
      if (c.judge_construct !== undefined && !names.has(c.judge_construct)) ctx.addIssue({ code: 'custom', path: ['judge_construct'], message: t.unknown_judge_construct(c.judge_construct) });
      const on = new Set(c.scale);
      const ids = new Set<string>();
      c.items.forEach((it, i) => {
        if (ids.has(it.item_id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'item_id'], message: t.duplicate_item(it.item_id) });
        ids.add(it.item_id);
        if (!on.has(it.judge)) ctx.addIssue({ code: 'custom', path: ['items', i, 'judge'], message: t.off_scale(it.judge, c.scale.join(', ')) });
        for (const d of c.constructs) {
          if (!Object.prototype.hasOwnProperty.call(it.human, d.construct_id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'human'], message: t.missing_construct_label(it.item_id, d.construct_id) });
        }
        for (const [k, v] of Object.entries(it.human)) {
          if (!names.has(k)) ctx.addIssue({ code: 'custom', path: ['items', i, 'human', k], message: t.unknown_construct_label(it.item_id, k) });
          else if (!on.has(v)) ctx.addIssue({ code: 'custom', path: ['items', i, 'human', k], message: t.off_scale(v, c.scale.join(', ')) });
        }
      });
    });
}

function productionSchema(lang: Lang) {
  const t = evaluatorsMsg(lang).validation;
  return z
    .object({
      description: z.string().optional(),
      evaluator_id: z.string().min(1),
      runs: z.number().int().min(1).max(MAX_PRODUCTION_RUNS),
      judged_passes: z.number().int().min(0),
    })
    .refine((p) => p.judged_passes <= p.runs, { message: t.passes_above_runs, path: ['judged_passes'] });
}

function pairwiseSchema(lang: Lang) {
  const t = evaluatorsMsg(lang).validation;
  const choice = z.enum(['A', 'B', 'tie']);
  return z
    .object({
      description: z.string().optional(),
      evaluator_id: z.string().min(1),
      pairs: z.array(z.object({ pair_id: z.string().min(1).max(300), a_first: choice, b_first: choice })).min(1).max(MAX_CASES),
    })
    .superRefine((p, ctx) => {
      const ids = new Set<string>();
      p.pairs.forEach((x, i) => {
        if (ids.has(x.pair_id)) ctx.addIssue({ code: 'custom', path: ['pairs', i, 'pair_id'], message: t.duplicate_pair(x.pair_id) });
        ids.add(x.pair_id);
      });
    });
}

const budgetSchema = z.object({
  description: z.string().optional(),
  cases: z.number().int().min(1).max(1e12),
  repetitions: z.number().int().min(1).max(1000),
  human_review_cases: z.number().int().min(0).default(0),
  human_cost_per_case: z.number().min(0).default(0),
  tokens_in: z.number().min(0).optional(),
  tokens_out: z.number().min(0).optional(),
});

// ---------------------------------------------------------------------------------------------
// cases in three layouts

/** A case as read, before its labels are checked against the rubric. */
interface RawCase {
  case_id: string;
  task: string | null;
  input: string | null;
  /** [name, value] in the order read; values already 0/1 for JSON, text for CSV. */
  labels: [string, number | string][];
  /** The line a cross-file problem about this case is reported on (computed only when asked). */
  line: () => number | undefined;
}

/** Which layout a cases text is in: '[' JSON, '{' JSON Lines, anything else CSV. */
export function casesLayout(text: string): 'json' | 'jsonl' | 'csv' {
  const m = /\S/.exec(text);
  if (m === null) return 'json';
  return text[m.index] === '[' ? 'json' : text[m.index] === '{' ? 'jsonl' : 'csv';
}

function fromCaseRow(row: CaseRow, line: () => number | undefined): RawCase {
  return { case_id: row.case_id, task: row.task ?? null, input: row.input ?? null, labels: Object.entries(row.human), line };
}

const CSV_FIXED = ['case_id', 'task', 'input'] as const;

/**
 * Reads the CSV layout (module comment). The columns are checked against the rubric's criteria when
 * `criteria` is given (null: the rubric is invalid, only the syntax is checked).
 */
function readCasesCsv(text: string, criteria: string[] | null, lang: Lang): { cases: RawCase[]; issues: InputIssue[] } {
  const t = evaluatorsMsg(lang).validation;
  const issues: InputIssue[] = [];
  const parsed = Papa.parse<string[]>(text, CASES_CSV_OPTIONS);
  const lines = csvRowLines(parsed.data);
  for (const e of parsed.errors) {
    if (e.code === 'UndetectableDelimiter' || e.code === 'TooFewFields' || e.code === 'TooManyFields') continue;
    issues.push({ input: 'cases', line: e.row !== undefined && e.row !== null && e.row < lines.length ? lines[e.row] : undefined, message: t.csv_syntax(e.code) });
  }
  if (issues.length) return { cases: [], issues };
  const rows = parsed.data.map((cells, i) => ({ cells, line: lines[i] })).filter((r) => !(r.cells.length === 1 && r.cells[0].trim() === ''));
  if (rows.length === 0) return { cases: [], issues: [{ input: 'cases', message: t.csv_header }] };
  const header = rows[0].cells.map((c) => c.trim());
  const headerLine = rows[0].line;
  const col = new Map<string, number>();
  header.forEach((h, i) => {
    if (col.has(h)) issues.push({ input: 'cases', line: headerLine, field: h, message: t.csv_repeated_column(h) });
    else col.set(h, i);
  });
  if (!col.has('case_id')) issues.push({ input: 'cases', line: headerLine, message: t.csv_missing_column('case_id') });
  if (criteria) {
    const expected = new Set<string>([...CSV_FIXED, ...criteria, PASS]);
    const list = [...CSV_FIXED, ...criteria, PASS].join(', ');
    for (const h of header) if (!expected.has(h)) issues.push({ input: 'cases', line: headerLine, field: h, message: t.csv_unknown_column(h, list) });
    for (const c of [...criteria, PASS]) if (!col.has(c)) issues.push({ input: 'cases', line: headerLine, message: t.csv_missing_column(c) });
  }
  if (issues.length) return { cases: [], issues };
  if (rows.length === 1) return { cases: [], issues: [{ input: 'cases', message: t.csv_empty }] };
  const cases: RawCase[] = [];
  const idCol = col.get('case_id')!;
  const taskCol = col.get('task');
  const inputCol = col.get('input');
  for (const r of rows.slice(1)) {
    if (r.cells.length !== header.length) {
      issues.push({ input: 'cases', line: r.line, message: t.csv_field_count(r.cells.length, header.length) });
      continue;
    }
    const id = r.cells[idCol].trim();
    if (id === '') {
      issues.push({ input: 'cases', line: r.line, field: 'case_id', message: t.csv_missing_column('case_id') });
      continue;
    }
    const labels: [string, number | string][] = [];
    header.forEach((h, i) => {
      if (h === 'case_id' || h === 'task' || h === 'input') return;
      const v = r.cells[i].trim();
      labels.push([h, v === '0' ? 0 : v === '1' ? 1 : v]);
    });
    const at = r.line;
    cases.push({ case_id: id, task: taskCol !== undefined ? r.cells[taskCol] : null, input: inputCol !== undefined ? r.cells[inputCol] : null, labels, line: () => at });
  }
  return { cases, issues };
}

function readCases(text: string, criteria: string[] | null, lang: Lang): { cases: RawCase[]; issues: InputIssue[]; total_issues?: number; format: 'json' | 'jsonl' | 'csv' } {
  const format = casesLayout(text);
  if (format === 'csv') return { ...readCasesCsv(text, criteria, lang), format };
  if (format === 'jsonl') {
    const r = parseJsonlText(text, caseRowInput(lang), 'cases', lang);
    if (!r.ok) return { cases: [], issues: r.issues, total_issues: r.total_issues, format };
    const lines = nonBlankLines(text);
    return { cases: r.value.map((row, i) => fromCaseRow(row, () => lines[i])), issues: [], format };
  }
  const r = parseJsonText(text, casesInput(lang), 'cases', lang);
  if (!r.ok) return { cases: [], issues: r.issues, total_issues: r.total_issues, format };
  const lineOf = jsonPathLines(text);
  return { cases: r.value.map((row, i) => fromCaseRow(row, () => lineOf([i, 'human']))), issues: [], format };
}

function caseLine(c: RawCase): number | undefined {
  return c.line();
}

function optionalJson<S extends z.ZodType>(text: string | undefined, schema: (lang: Lang) => S, input: string, lang: Lang): ParseOutcome<z.output<S> | null> {
  if (text === undefined || text.trim() === '') return { ok: true, value: null };
  return parseJsonText(text, schema(lang), input, lang);
}

/**
 * An input's schema with the reserved-key guard, built once per language by core's perLanguage
 * (zod 4 prepares a schema on its first parse: built on every parse, it paid that on every edit).
 */
function guarded<S extends z.ZodType>(schema: (lang: Lang) => S) {
  return perLanguage((lang: Lang) => guardProtoKeys(schema(lang), evaluatorsMsg(lang).validation.reserved_key));
}
const caseRowInput = guarded(() => caseSchema);
const casesInput = guarded(() => z.array(caseSchema).min(1).max(MAX_CASES));
const rubricInput = guarded(rubricSchema);
const outputsInput = guarded(() => outputsSchema);
const ordinalInput = guarded(ordinalSchema);
const constructInput = guarded(constructSchema);
const productionInput = guarded(productionSchema);
const pairwiseInput = guarded(pairwiseSchema);
const budgetInput = guarded(() => budgetSchema);

// ---------------------------------------------------------------------------------------------
// cross-file checks and packing

function toRubric(r: z.output<ReturnType<typeof rubricSchema>>): Rubric {
  return {
    rubric_id: r.rubric_id,
    criteria: Object.entries(r.criteria).map(([criterion, description]) => ({ criterion, description })),
    blocking_criteria: [...r.blocking_criteria],
    pass_threshold: r.pass_threshold,
    min_kappa: r.min_kappa,
    max_false_passes: r.max_false_passes,
    max_parse_errors: r.max_parse_errors,
    max_cost_per_valid_evaluation: r.max_cost_per_valid_evaluation,
    max_critical_false_passes: r.max_critical_false_passes,
    max_order_flip_rate: r.max_order_flip_rate ?? null,
    bootstrap_seed: r.bootstrap_seed,
    bootstrap_rounds: r.bootstrap_rounds,
    confidence_level: r.confidence_level,
  };
}

/** Labels of every case against the rubric: every criterion and pass present, 0/1, nothing else. Problems go to `found` (the one cap, counted). */
function packHuman(rubric: Rubric, raw: RawCase[], lang: Lang, found: IssueCollector): { cases: LabelledCase[]; human: Uint8Array } {
  const t = evaluatorsMsg(lang).validation;
  const names = [...rubric.criteria.map((c) => c.criterion), PASS];
  const index = new Map<string, number>();
  names.forEach((n, i) => index.set(n, i));
  const L = names.length;
  const human = new Uint8Array(raw.length * L);
  const seenIds = new Set<string>();
  const got = new Uint8Array(L);
  const cases: LabelledCase[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    cases[i] = { case_id: c.case_id, task: c.task, input: c.input };
    if (seenIds.has(c.case_id)) found.add(() => ({ input: 'cases', line: caseLine(c), field: 'case_id', message: t.duplicate_case(c.case_id) }));
    seenIds.add(c.case_id);
    got.fill(0);
    for (const [name, v] of c.labels) {
      const l = index.get(name);
      if (l === undefined) {
        found.add(() => ({ input: 'cases', line: caseLine(c), field: name, message: t.unknown_label(c.case_id, name) }));
        continue;
      }
      if (v !== 0 && v !== 1) {
        found.add(() => ({ input: 'cases', line: caseLine(c), field: name, message: t.bad_label(String(v)) }));
        continue;
      }
      got[l] = 1;
      human[i * L + l] = v;
    }
    for (let l = 0; l < L; l++) if (!got[l]) found.add(() => ({ input: 'cases', line: caseLine(c), field: names[l], message: t.missing_label(c.case_id, names[l]) }));
  }
  return { cases, human };
}

/** Aligns every evaluator's runs with the cases; reports unknown, repeated and missing runs and scores. */
function packEvaluators(rubric: Rubric, cases: LabelledCase[], rows: OutputsRow[], outputsText: string, lang: Lang, found: IssueCollector): EvaluatorRuns[] {
  const t = evaluatorsMsg(lang).validation;
  const lineOf = jsonPathLines(outputsText);
  const names = [...rubric.criteria.map((c) => c.criterion), PASS];
  const index = new Map<string, number>();
  names.forEach((n, i) => index.set(n, i));
  const L = names.length;
  const n = cases.length;
  const caseIndex = new Map<string, number>();
  cases.forEach((c, i) => caseIndex.set(c.case_id, i));
  const seenEvaluators = new Set<string>();
  const out: EvaluatorRuns[] = [];
  rows.forEach((ev, e) => {
    if (seenEvaluators.has(ev.evaluator_id)) found.add(() => ({ input: 'outputs', line: lineOf([e, 'evaluator_id']), field: `${e}.evaluator_id`, message: t.duplicate_evaluator(ev.evaluator_id) }));
    seenEvaluators.add(ev.evaluator_id);
    const runs: EvaluatorRuns = {
      evaluator_id: ev.evaluator_id,
      input_price_per_1k: ev.input_price_per_1k,
      output_price_per_1k: ev.output_price_per_1k,
      parse_ok: new Uint8Array(n),
      input_tokens: new Float64Array(n),
      output_tokens: new Float64Array(n),
      scores: new Int8Array(n * L).fill(-1),
    };
    const seen = new Uint8Array(n);
    ev.runs.forEach((run, r) => {
      const i = caseIndex.get(run.case_id);
      const field = `${e}.runs.${r}.case_id`;
      if (i === undefined) {
        found.add(() => ({ input: 'outputs', line: lineOf([e, 'runs', r, 'case_id']), field, message: t.unknown_case(ev.evaluator_id, run.case_id) }));
        return;
      }
      if (seen[i]) {
        found.add(() => ({ input: 'outputs', line: lineOf([e, 'runs', r, 'case_id']), field, message: t.duplicate_run(ev.evaluator_id, run.case_id) }));
        return;
      }
      seen[i] = 1;
      runs.parse_ok[i] = run.parse_ok ? 1 : 0;
      runs.input_tokens[i] = run.input_tokens;
      runs.output_tokens[i] = run.output_tokens;
      const scores = run.scores ?? {};
      for (const [name, v] of Object.entries(scores)) {
        const l = index.get(name);
        if (l === undefined) {
          found.add(() => ({ input: 'outputs', line: lineOf([e, 'runs', r, 'scores', name]), field: `${e}.runs.${r}.scores.${name}`, message: t.unknown_score(ev.evaluator_id, run.case_id, name) }));
          continue;
        }
        if (v !== null) runs.scores[i * L + l] = v;
      }
      if (run.parse_ok) {
        for (let l = 0; l < L; l++) {
          if (runs.scores[i * L + l] < 0) found.add(() => ({ input: 'outputs', line: lineOf([e, 'runs', r]), field: `${e}.runs.${r}.scores`, message: t.missing_score(ev.evaluator_id, run.case_id, names[l]) }));
        }
      }
    });
    for (let i = 0; i < n; i++) {
      if (!seen[i]) found.add(() => ({ input: 'outputs', line: lineOf([e, 'runs']), field: `${e}.runs`, message: t.missing_run(ev.evaluator_id, cases[i].case_id) }));
    }
    out.push(runs);
  });
  return out;
}

/**
 * Reads every text of the lab into an EvaluatorsInput (module comment). `rubric`, `cases` and
 * `outputs` are required; the other five are optional (missing or blank = absent). Problems of all
 * inputs are collected together (at most 50 cross-file ones); cross-file checks run once the rubric,
 * the cases and the outputs are valid on their own. Never throws.
 */
export function parseEvaluatorsInput(texts: Record<string, string>, lang: Lang): ParseOutcome<EvaluatorsInput> {
  const t = evaluatorsMsg(lang).validation;
  const rubricR = parseJsonText(texts.rubric ?? '', rubricInput(lang), 'rubric', lang);
  const rubric = rubricR.ok ? toRubric(rubricR.value) : null;
  const casesText = texts.cases ?? '';
  const casesR =
    casesText.trim() === ''
      ? { cases: [], issues: [{ input: 'cases', message: coreMsg(lang).validation.empty_input }], format: 'json' as const }
      : readCases(casesText, rubric ? rubric.criteria.map((c) => c.criterion) : null, lang);
  const outputsR = parseJsonText(texts.outputs ?? '', outputsInput(lang), 'outputs', lang);
  const ordinalR = optionalJson(texts.ordinal, ordinalInput, 'ordinal', lang);
  const constructR = optionalJson(texts.construct, constructInput, 'construct', lang);
  const productionR = optionalJson(texts.production, productionInput, 'production', lang);
  const pairwiseR = optionalJson(texts.pairwise, pairwiseInput, 'pairwise', lang);
  const budgetR = optionalJson(texts.budget, budgetInput, 'budget', lang);
  const casesOutcome: ParseOutcome<null> = casesR.issues.length ? { ok: false, issues: casesR.issues, total_issues: casesR.total_issues } : { ok: true, value: null };
  const invalid = mergeFailures([rubricR, casesOutcome, outputsR, ordinalR, constructR, productionR, pairwiseR, budgetR]);
  if (invalid || !rubric || !outputsR.ok || !ordinalR.ok || !constructR.ok || !productionR.ok || !pairwiseR.ok || !budgetR.ok) return invalid!;
  if (casesR.cases.length > MAX_CASES) return { ok: false, issues: [{ input: 'cases', message: t.too_many_cases(casesR.cases.length, MAX_CASES) }] };

  const cross = new IssueCollector();
  const { cases, human } = packHuman(rubric, casesR.cases, lang, cross);
  if (cross.total) return cross.failure()!;
  const evaluators = packEvaluators(rubric, cases, outputsR.value, texts.outputs ?? '', lang, cross);
  const production = productionR.value;
  if (production && !evaluators.some((e) => e.evaluator_id === production.evaluator_id)) {
    cross.add(() => ({ input: 'production', line: jsonPathLines(texts.production ?? '')(['evaluator_id']), field: 'evaluator_id', message: t.unknown_evaluator(production.evaluator_id) }));
  }
  if (cross.total) return cross.failure()!;

  const o = ordinalR.value;
  const c = constructR.value;
  const p = pairwiseR.value;
  const b = budgetR.value;
  return {
    ok: true,
    value: {
      rubric,
      cases,
      cases_format: casesR.format,
      human,
      evaluators,
      ordinal: o ? { criterion: o.criterion ?? null, description: o.description ?? null, evaluator_id: o.evaluator_id ?? null, scale: [...o.scale], items: o.items } : null,
      construct: c
        ? {
            criterion: c.criterion ?? null,
            description: c.description ?? null,
            context: c.context ?? null,
            judge_construct: c.judge_construct ?? null,
            scale: [...c.scale],
            constructs: c.constructs.map((d) => ({ construct_id: d.construct_id, definition: d.definition ?? null })),
            items: c.items.map((it) => ({
              item_id: it.item_id,
              answer: it.answer ?? null,
              judge: it.judge,
              labels: c.constructs.map((d) => (it.human as Record<string, number>)[d.construct_id]),
            })),
          }
        : null,
      production: production ? { description: production.description ?? null, evaluator_id: production.evaluator_id, runs: production.runs, judged_passes: production.judged_passes } : null,
      pairwise: p ? { description: p.description ?? null, evaluator_id: p.evaluator_id, pairs: p.pairs } : null,
      budget: b
        ? {
            description: b.description ?? null,
            cases: b.cases,
            repetitions: b.repetitions,
            human_review_cases: b.human_review_cases,
            human_cost_per_case: b.human_cost_per_case,
            tokens_in: b.tokens_in ?? null,
            tokens_out: b.tokens_out ?? null,
          }
        : null,
    },
  };
}
