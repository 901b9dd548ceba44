/**
 * The rubric lab (chapter 06): exam items + a rubric in; per-item breakdowns, the exam score with
 * its interval, gates, patterns, and the optional comparison / breakdown / agreement / drift checks
 * out. Inputs: items (JSONL), rubric (JSON), and optionally rubric_b, breakdown, ratings, baseline
 * (JSON). See schema.ts for the formats and engine.ts for the semantics.
 */
import type { LabModule } from '../core/contract/lab.ts';
import type { RubricView } from './meta.ts';
import type { InputIssue, Lang, ParseOutcome } from '../core/contract/types.ts';
import { MAX_ISSUES, parseJsonText, parseJsonlText } from '../core/contract/parse.ts';
import { rubricMsg } from './i18n/index.ts';
import { z } from 'zod';
import { BreakdownInputSchema, ItemSchema, RatingsSchema, RubricSchema } from './schema.ts';
import type { Rubric, RubricLabInput } from './schema.ts';
import { runRubric } from './engine.ts';
import type { RubricScorecard } from './engine.ts';
import { decideRubric } from './decision.ts';
import type { RubricDecision } from './decision.ts';
import { renderRubricReport } from './report.ts';
import { schemaCompileProblem } from './jsonschema.ts';
import { describeViolation } from './describe.ts';

export type { RubricLabInput, Rubric, Item, Ratings, BreakdownEntry } from './schema.ts';
export type { RubricScorecard, ItemResult, AxisResult, AxisReason, AxisColumn, Comparison, BreakdownCheck, AgreementResult, Pattern, RubricGateCheck, RubricGateId } from './engine.ts';
export type { RubricReason } from './i18n/index.ts';

export type { RubricDecision } from './decision.ts';

/** What run() returns: the scorecard plus its decision (verdict, reasons and warnings). */
export type RubricResult = RubricScorecard & { decision: RubricDecision };

/**
 * Translates our custom zod messages ('rubric.<code>' or 'rubric.<code>|<param>', see schema.ts)
 * into `lang`; other messages (zod's own, already localized) pass through.
 */
export function translateIssues(issues: InputIssue[], lang: Lang): InputIssue[] {
  const v = rubricMsg(lang).validation as unknown as Record<string, string | ((p: string) => string)>;
  return issues.map((i) => {
    const m = /^rubric\.([a-z_]+)(?:\|(.*))?$/s.exec(i.message);
    if (!m) return i;
    const entry = Object.prototype.hasOwnProperty.call(v, m[1]) ? v[m[1]] : undefined;
    if (entry === undefined) return i;
    return { ...i, message: typeof entry === 'function' ? entry(m[2] ?? '') : entry };
  });
}

/** "/properties/a~1b/type" -> ["properties", "a/b", "type"] (RFC 6901 unescaping). */
function pointerKeys(ptr: string): string[] {
  return ptr === '' ? [] : ptr.slice(1).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Reports a rubric JSON Schema that Ajv cannot compile as issues on `json_schema` (one per
 * meta-schema violation, on the offending key: "json_schema.properties.answer.type"), every one
 * in `lang` through the rubric catalog: never Ajv's English text. An anyOf/oneOf error is left
 * out when a more precise error names the same place.
 */
function checkRubricSchema(r: ParseOutcome<Rubric>, input: string, lang: Lang): ParseOutcome<Rubric> {
  if (!r.ok || !r.value.json_schema) return r;
  const problem = schemaCompileProblem(r.value.json_schema);
  if (problem === null) return r;
  const v = rubricMsg(lang).validation;
  if (problem.kind === 'missing_ref') return { ok: false, issues: [{ input, field: 'json_schema', message: v.schema_missing_ref(problem.ref) }] };
  if (problem.kind === 'other') return { ok: false, issues: [{ input, field: 'json_schema', message: v.schema_compile_other }] };
  const vs = problem.violations.filter(
    (x) => !((x.keyword === 'anyOf' || x.keyword === 'oneOf') && problem.violations.some((y) => y !== x && y.path === x.path && y.keyword !== 'anyOf' && y.keyword !== 'oneOf')),
  );
  return {
    ok: false,
    issues: vs.map((x) => ({ input, field: ['json_schema', ...pointerKeys(x.path)].join('.'), message: v.schema_compile(describeViolation(x, lang)) })),
  };
}

const BaselineSchema = z.looseObject({
  rubric_hash: z.string().optional(),
  aggregate: z.looseObject({ exam_score: z.number().nullable().optional() }).optional(),
});

/**
 * Reads the lab's texts: items (JSONL, unique `item`), rubric (JSON), and when non-blank rubric_b,
 * breakdown (one entry or a list), ratings, baseline (a previous scorecard.json). Every problem is
 * reported with its input, line and field, in `lang`. A JSON Schema that Ajv cannot compile is an
 * issue on rubric.json_schema. Never throws.
 */
export function parseRubricInput(texts: Record<string, string>, lang: Lang): ParseOutcome<RubricLabInput> {
  const issues: InputIssue[] = [];
  let hidden = 0; // problems counted by an input beyond the ones it lists
  const collect = (o: { issues: InputIssue[]; total_issues?: number }) => {
    issues.push(...o.issues);
    hidden += Math.max(0, (o.total_issues ?? o.issues.length) - o.issues.length);
  };
  const items = parseJsonlText(texts.items ?? '', ItemSchema, 'items', lang, { unique: 'item' });
  const rubric = checkRubricSchema(parseJsonText(texts.rubric ?? '', RubricSchema, 'rubric', lang), 'rubric', lang);
  if (!items.ok) collect(items);
  if (!rubric.ok) collect(rubric);
  const present = (k: string) => (texts[k] ?? '').trim() !== '';
  let rubricB: Rubric | undefined;
  if (present('rubric_b')) {
    const r = checkRubricSchema(parseJsonText(texts.rubric_b, RubricSchema, 'rubric_b', lang), 'rubric_b', lang);
    if (r.ok) rubricB = r.value;
    else collect(r);
  }
  let breakdown: RubricLabInput['breakdown'];
  if (present('breakdown')) {
    const r = parseJsonText(texts.breakdown, BreakdownInputSchema, 'breakdown', lang);
    if (r.ok) breakdown = Array.isArray(r.value) ? r.value : [r.value];
    else collect(r);
  }
  let ratings: RubricLabInput['ratings'];
  if (present('ratings')) {
    const r = parseJsonText(texts.ratings, RatingsSchema, 'ratings', lang);
    if (r.ok) ratings = r.value;
    else collect(r);
  }
  let baseline: RubricLabInput['baseline'];
  if (present('baseline')) {
    const r = parseJsonText(texts.baseline, BaselineSchema, 'baseline', lang);
    if (r.ok) baseline = { rubric_hash: r.value.rubric_hash, aggregate: r.value.aggregate ? { exam_score: r.value.aggregate.exam_score } : undefined };
    else collect(r);
  }
  if (issues.length || !items.ok || !rubric.ok) {
    const shown = translateIssues(issues.slice(0, MAX_ISSUES), lang);
    return { ok: false, issues: shown, total_issues: issues.length + hidden };
  }
  return { ok: true, value: { items: items.value, rubric: rubric.value, rubric_b: rubricB, breakdown, ratings, baseline } };
}

/** runRubric + decideRubric: the full result the worker, the CLI and the tests use. */
export async function runRubricLab(input: RubricLabInput): Promise<RubricResult> {
  const sc = await runRubric(input);
  return { ...sc, decision: decideRubric(sc) };
}

/**
 * parse: parseRubricInput; run: runRubricLab (async: the rubric lock hashes with WebCrypto);
 * select: the scorecard as it is (the lab's controls edit the rubric text, not a view);
 * report: decision.md.
 */
export const lab: LabModule<RubricLabInput, RubricResult, RubricResult, RubricView> = {
  parse: parseRubricInput,
  run: (input) => runRubricLab(input),
  select: (result) => result,
  report: renderRubricReport,
};
