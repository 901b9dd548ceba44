/**
 * Input schemas of the RAG lab (chapter 03), in the kit's file formats (ops/ai/rag_eval.py and
 * ops/ai/rag_experiment_matrix.py), plus TREC qrels and runs (labs/rag/trec.ts):
 *
 *   cases     JSON array (evals/rag_eval_cases.json): {case_id, slice, question, answerable,
 *             gold_chunks {chunk_id: grade}, retrieved [{chunk_id, score, tokens}] in rank order,
 *             answer {abstained, citations [chunk_id], claims [{text, supporting_chunks}], output_tokens}}
 *             This lab adds an optional `retrieved_from` ('run' | 'run_b'): the case's ranked list is
             that TREC run's list for its case_id (empty when the run has no line for it; the
             run's chunks carry no tokens, so the case's context tokens are undefined), in place
             of `retrieved` (giving both is an error); cases derived from qrels alone use it.
             And an optional `context_chunks` [chunk_id]: what was actually sent to the
 *             generator (ids of the retrieved list, in the order sent). Without it the context is the
 *             top k of the retrieved list, as the kit assumes. `answer` may be omitted (a case judged
 *             for retrieval only); `slice` defaults to 'all', `gold_chunks` to {}, `retrieved` to [],
 *             `tokens` to 0 (the kit's `.get(..., 0)`).
 *   policy    JSON (ops/ai/rag_eval_policy.json): the kit's k (required) and seven thresholds (each
 *             optional: only those present are checked; with none the verdict fails with
 *             'no_contract', the CLI's default policy for TREC files alone), and
 *             this lab's optional settings: extra thresholds (min_precision_at_k, min_hit_at_k,
 *             min_mrr_at_k, min_context_precision, min_citation_precision), gate_population ('kit',
 *             default: the kit's populations; 'scoped': each metric over its own population),
 *             bootstrap_seed (13), bootstrap_rounds (2000), confidence_level (0.95), eval_name, and
 *             variant_gate: the comparator's thresholds (see variants below). Unknown keys are errors
 *             (a misspelled threshold must not be silently ignored).
 *   variants  JSON, optional (evals/rag_experiments.json): the kit's array of variant rows, or an
 *             object {gate?, baseline?, variants: [...]} whose `gate` holds the comparator's
 *             thresholds (the kit hard-codes them in its script; see labs/rag/variants.ts for the
 *             precedence and the fallback).
 *
 * Grades are numbers in [-100, 100] (the kit uses 0-3; TREC web tracks use -2 for junk); a grade
 * <= 0 is not relevant. Chunk ids are kept as [id, grade] entries, never as object keys.
 * Cross-file checks (a repeated case_id, a context chunk that is not in the retrieved list, a
 * repeated variant_id) name the line and field of the offending value.
 */
import { z } from 'zod';
import { confidenceLevelField } from '../core/contract/fields.ts';
import type { Lang, ParseOutcome } from '../core/contract/types.ts';
import { IssueCollector, MAX_ISSUES, jsonPathLines, mergeFailures, parseJsonText, perLanguage } from '../core/contract/parse.ts';
import { ragMsg } from './i18n/index.ts';
import { MAX_GRADE, MIN_GRADE, parseQrels, parseRun } from './trec.ts';
import type { Qrels, TrecRun } from './trec.ts';

export { MAX_GRADE, MIN_GRADE };

/** The kit's eval name (rag_scorecard.json). */
export const KIT_EVAL_NAME = 'rag_retrieval_groundedness_abstention';

const unit = z.number().min(0).max(1);

/** gold_chunks: an object chunk_id -> grade, read into [id, grade] entries (ids never become keys). */
function goldSchema(lang: Lang) {
  const t = ragMsg(lang).validation;
  return z
    .unknown()
    .superRefine((val, ctx) => {
      if (val === undefined) return;
      if (val === null || typeof val !== 'object' || Array.isArray(val)) {
        ctx.addIssue({ code: 'custom', message: t.gold_not_object });
        return;
      }
      for (const [id, g] of Object.entries(val)) {
        if (id.trim() === '') ctx.addIssue({ code: 'custom', message: t.empty_chunk_id, path: [id] });
        else if (typeof g !== 'number' || !Number.isFinite(g) || g < MIN_GRADE || g > MAX_GRADE) {
          ctx.addIssue({ code: 'custom', message: t.bad_grade(MIN_GRADE, MAX_GRADE), path: [id] });
        }
      }
    })
    .transform((val): [string, number][] => (val === undefined ? [] : Object.entries(val as Record<string, number>)));
}

const chunkId = z.string().min(1);

/** One retrieved chunk: id, retriever score (optional; needed only for CombSUM/CombMNZ), tokens. */
export const retrievedSchema = z.object({
  chunk_id: chunkId,
  score: z.number().optional(),
  tokens: z.number().int().min(0).default(0),
});

export const claimSchema = z.object({
  text: z.string().default(''),
  supporting_chunks: z.array(chunkId).default([]),
});

export const answerSchema = z.object({
  abstained: z.boolean(),
  citations: z.array(chunkId).default([]),
  claims: z.array(claimSchema).default([]),
  output_tokens: z.number().int().min(0).optional(),
});

/**
 * One case of the cases file (module comment for the fields and defaults); `lang` is the language
 * of this lab's own messages (gold_chunks), zod's come from the error map at parse time.
 */
export function caseSchema(lang: Lang) {
  return z.object({
    case_id: z.string().min(1),
    slice: z.string().min(1).default('all'),
    question: z.string().optional(),
    answerable: z.boolean(),
    gold_chunks: goldSchema(lang).default([]),
    retrieved: z.array(retrievedSchema).default([]),
    retrieved_from: z.enum(['run', 'run_b']).optional(),
    context_chunks: z.array(chunkId).optional(),
    answer: answerSchema.optional(),
  });
}
export type RawCase = z.output<ReturnType<typeof caseSchema>>;

/** The cases file: a JSON array of at least one case. */
export const casesSchema = perLanguage(buildCasesSchema); // built once per language (core's perLanguage)

function buildCasesSchema(lang: Lang) {
  return z.array(caseSchema(lang)).min(1);
}

/** A validated case. */
export interface RagCase {
  case_id: string;
  slice: string;
  question: string | null;
  answerable: boolean;
  /** gold_chunks as [chunk_id, grade] entries, in file order. */
  gold: [string, number][];
  /**
   * The ranked list: the case's own `retrieved`, or, with `retrieved_from`, that run's list for the
   * case id (empty when the run has no line for it), with the run's scores; tokens are then
   * unknown (0 here, and `retrieved_from` tells the engine not to count them).
   */
  retrieved: { chunk_id: string; score: number | null; tokens: number }[];
  /** The TREC run the list comes from ('run', 'run_b'), or null: the case's own `retrieved`. */
  retrieved_from: 'run' | 'run_b' | null;
  /** context_chunks, or null when absent (then the context is the top k). */
  context_chunks: string[] | null;
  answer: {
    abstained: boolean;
    citations: string[];
    claims: { text: string; supporting_chunks: string[] }[];
    output_tokens: number | null;
  } | null;
}

/** The kit's seven thresholds, each optional: the policy's gate and the comparator's share them. */
const kitThresholds = {
  min_recall_at_k: unit.optional(),
  min_ndcg_at_k: unit.optional(),
  min_groundedness: unit.optional(),
  min_citation_recall: unit.optional(),
  min_no_answer_accuracy: unit.optional(),
  max_critical_failures: z.number().int().min(0).optional(),
  max_avg_context_tokens: z.number().min(0).optional(),
};

/** The comparator's thresholds (the kit's keys in rag_experiment_matrix.py), each optional. */
export const variantGateSchema = z.strictObject({
  ...kitThresholds,
  max_p95_latency_ms: z.number().min(0).optional(),
  max_cost_per_accepted_answer: z.number().min(0).optional(),
});
export type VariantGate = z.output<typeof variantGateSchema>;

export const policySchema = z.strictObject({
  k: z.number().int().min(1).max(1000),
  ...kitThresholds,
  min_precision_at_k: unit.optional(),
  min_hit_at_k: unit.optional(),
  min_mrr_at_k: unit.optional(),
  min_context_precision: unit.optional(),
  min_citation_precision: unit.optional(),
  gate_population: z.enum(['kit', 'scoped']).default('kit'),
  bootstrap_seed: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).default(13),
  bootstrap_rounds: z.number().int().min(1).max(100000).default(2000),
  confidence_level: confidenceLevelField(),
  eval_name: z.string().min(1).default(KIT_EVAL_NAME),
  variant_gate: variantGateSchema.optional(),
  decision_owner: z.string().optional(),
  version: z.string().optional(),
});
export type RagPolicy = z.output<typeof policySchema>;

/** One row of the experiment matrix (the kit's keys; other keys are dropped). */
export const variantRowSchema = z.object({
  variant_id: z.string().min(1),
  change: z.string().default(''),
  recall_at_k: unit,
  ndcg_at_k: unit,
  groundedness: unit,
  citation_recall: unit,
  no_answer_accuracy: unit,
  critical_failures: z.number().int().min(0),
  avg_context_tokens: z.number().min(0),
  p95_latency_ms: z.number().min(0),
  cost_per_accepted_answer: z.number().min(0),
});
export type VariantRow = z.output<typeof variantRowSchema>;

const variantsArraySchema = z.array(variantRowSchema).min(1);
const variantsObjectSchema = z.strictObject({
  gate: variantGateSchema.optional(),
  baseline: z.string().min(1).optional(),
  variants: variantsArraySchema,
});

export interface VariantsFile {
  variants: VariantRow[];
  /** The file's own gate, or null (the kit's array form has none). */
  gate: VariantGate | null;
  /** The baseline variant id when the file names it, else null (then the first row, as the kit). */
  baseline: string | null;
}

/** The validated input of the lab. */
export interface RagInput {
  cases: RagCase[];
  policy: RagPolicy;
  variants: VariantsFile | null;
  qrels: Qrels | null;
  run: TrecRun | null;
  run_b: TrecRun | null;
}

function normalizeCase(c: RawCase): RagCase {
  return {
    case_id: c.case_id,
    slice: c.slice,
    question: c.question ?? null,
    answerable: c.answerable,
    gold: c.gold_chunks,
    retrieved: c.retrieved.map((r) => ({ chunk_id: r.chunk_id, score: r.score ?? null, tokens: r.tokens })),
    retrieved_from: c.retrieved_from ?? null,
    context_chunks: c.context_chunks ?? null,
    answer: c.answer
      ? {
          abstained: c.answer.abstained,
          citations: c.answer.citations,
          claims: c.answer.claims.map((cl) => ({ text: cl.text, supporting_chunks: cl.supporting_chunks })),
          output_tokens: c.answer.output_tokens ?? null,
        }
      : null,
  };
}

/** The TREC runs a case's `retrieved_from` may name: the parsed run, null when not given, 'unreadable' when its text has problems of its own. */
export type RunsForCases = Partial<Record<'run' | 'run_b', TrecRun | null | 'unreadable'>>;

/**
 * Checks across cases, and the lists of cases with `retrieved_from`: case_id unique (the repeat is
 * reported on its own line); `retrieved_from` names a run that is given (a run whose own text has
 * problems is reported there, not here) and comes without a `retrieved` list of the case's own
 * (which of the two would count is a guess); the case's list is then that run's list for its id
 * (empty when the run has no line for it), written into `cases` in place; every context_chunks
 * id present in the case's (resolved) list. Linear in the cases and in the problems: each problem
 * is counted, and only the first `maxIssues` are located (one parse of the text for all of them);
 * total_issues counts them all.
 */
export function crossCheckCases(cases: RagCase[], text: string, lang: Lang, maxIssues = MAX_ISSUES, runs: RunsForCases = {}): IssueCollector {
  const t = ragMsg(lang).validation;
  const found = new IssueCollector(maxIssues);
  const lineAt = jsonPathLines(text);
  const seen = new Set<string>();
  cases.forEach((c, i) => {
    if (seen.has(c.case_id)) found.add(() => ({ input: 'cases', line: lineAt([i, 'case_id']), field: `${i}.case_id`, message: t.duplicate_case(c.case_id) }));
    seen.add(c.case_id);
    if (c.retrieved_from !== null) {
      const from = c.retrieved_from;
      const run = runs[from] ?? null;
      if (c.retrieved.length) found.add(() => ({ input: 'cases', line: lineAt([i, 'retrieved_from']), field: `${i}.retrieved_from`, message: t.retrieved_and_from(from) }));
      else if (run === null) found.add(() => ({ input: 'cases', line: lineAt([i, 'retrieved_from']), field: `${i}.retrieved_from`, message: t.retrieved_from_missing(from) }));
      else if (run !== 'unreadable') {
        const list = run.queries.get(c.case_id);
        if (list) c.retrieved = list.ids.map((id, j) => ({ chunk_id: id, score: list.scores[j], tokens: 0 }));
      }
    }
    if (c.context_chunks && !(c.retrieved_from !== null && runs[c.retrieved_from] === 'unreadable')) {
      const ids = new Set(c.retrieved.map((r) => r.chunk_id));
      c.context_chunks.forEach((id, j) => {
        if (!ids.has(id)) found.add(() => ({ input: 'cases', line: lineAt([i, 'context_chunks', j]), field: `${i}.context_chunks.${j}`, message: t.context_not_retrieved(id) }));
      });
    }
  });
  return found;
}

/**
 * Reads the cases text (a JSON array of cases), fills the lists of cases with `retrieved_from`
 * from `runs`, and runs the cross-case checks (crossCheckCases).
 */
export function parseCases(text: string, lang: Lang, runs: RunsForCases = {}): ParseOutcome<RagCase[]> {
  const r = parseJsonText(text, casesSchema(lang), 'cases', lang);
  if (!r.ok) return r;
  const cases = r.value.map(normalizeCase);
  return crossCheckCases(cases, text, lang, MAX_ISSUES, runs).failure() ?? { ok: true, value: cases };
}

/** Reads the variants text: the kit's array of rows, or {gate?, baseline?, variants}. variant_id must be unique. */
export function parseVariants(text: string, lang: Lang): ParseOutcome<VariantsFile> {
  const t = ragMsg(lang).validation;
  const isArray = text.trimStart().startsWith('[');
  const r = isArray ? parseJsonText(text, variantsArraySchema, 'variants', lang) : parseJsonText(text, variantsObjectSchema, 'variants', lang);
  if (!r.ok) return r;
  const file: VariantsFile = Array.isArray(r.value)
    ? { variants: r.value, gate: null, baseline: null }
    : { variants: r.value.variants, gate: r.value.gate ?? null, baseline: r.value.baseline ?? null };
  const found = new IssueCollector();
  const lineAt = jsonPathLines(text);
  const seen = new Set<string>();
  file.variants.forEach((v, i) => {
    const path = isArray ? [i, 'variant_id'] : ['variants', i, 'variant_id'];
    if (seen.has(v.variant_id)) found.add(() => ({ input: 'variants', line: lineAt(path), field: path.join('.'), message: t.duplicate_variant(v.variant_id) }));
    seen.add(v.variant_id);
  });
  if (file.baseline !== null && !seen.has(file.baseline)) {
    const baseline = file.baseline;
    found.add(() => ({ input: 'variants', line: lineAt(['baseline']), field: 'baseline', message: t.unknown_baseline(baseline) }));
  }
  return found.failure() ?? { ok: true, value: file };
}

const blank = (s: string | undefined): boolean => s === undefined || s.trim() === '';

/**
 * Reads the lab's texts into a RagInput: `cases` and `policy` are required; `variants`, `qrels`,
 * `run` and `run_b` are optional (missing or blank means absent). A case with `retrieved_from`
 * takes its list from that run (crossCheckCases). Never throws. Problems of every input are
 * collected together, each naming its input, 1-based line and field, in `lang`.
 */
export function parseRagInput(texts: Record<string, string>, lang: Lang): ParseOutcome<RagInput> {
  const run: ParseOutcome<TrecRun | null> = blank(texts.run) ? { ok: true, value: null } : parseRun(texts.run!, 'run', lang);
  const runB: ParseOutcome<TrecRun | null> = blank(texts.run_b) ? { ok: true, value: null } : parseRun(texts.run_b!, 'run_b', lang);
  const cases = parseCases(texts.cases ?? '', lang, { run: run.ok ? run.value : 'unreadable', run_b: runB.ok ? runB.value : 'unreadable' });
  const policy = parseJsonText(texts.policy ?? '', policySchema, 'policy', lang);
  const variants: ParseOutcome<VariantsFile | null> = blank(texts.variants) ? { ok: true, value: null } : parseVariants(texts.variants!, lang);
  const qrels: ParseOutcome<Qrels | null> = blank(texts.qrels) ? { ok: true, value: null } : parseQrels(texts.qrels!, 'qrels', lang);
  if (!cases.ok || !policy.ok || !variants.ok || !qrels.ok || !run.ok || !runB.ok) return mergeFailures([cases, policy, variants, qrels, run, runB])!;
  return { ok: true, value: { cases: cases.value, policy: policy.value, variants: variants.value, qrels: qrels.value, run: run.value, run_b: runB.value } };
}
