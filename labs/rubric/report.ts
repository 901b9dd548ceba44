/**
 * decision.md of the rubric lab, in Spanish or English. Numbers are rounded to 4 decimals here
 * only (the scorecard stays unrounded); undefined metrics print as "no definida (razón)" /
 * "undefined (reason)".
 */
import type { Lang } from '../core/contract/types.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { rubricMsg } from './i18n/index.ts';
import { lookupText } from '../core/contract/i18n/index.ts';
import type { RubricDecision } from './decision.ts';
import type { AxisReason, RubricScorecard } from './engine.ts';
import type { SchemaViolation } from './jsonschema.ts';

/** A number rounded to 4 decimals for display ("0.75", "0.9167", "1"). */
export function fmt4(x: number): string {
  return String(Number(x.toFixed(4)));
}

/**
 * One JSON Schema violation as a sentence in `lang` (our translation of Ajv's keywords: required,
 * type, additionalProperties, enum, const, min/maxLength, min/maxItems, minimum/maximum and their
 * exclusive forms, pattern, format, multipleOf, uniqueItems, min/maxProperties, anyOf, oneOf, not,
 * the false schema, dependencies/dependentRequired; any other keyword gets a generic translated
 * sentence naming the keyword and the path: Ajv's English message is never used). `v.path` is
 * shown as it is (a JSON Pointer; "" is the root).
 */
export function describeViolation(v: SchemaViolation, lang: Lang): string {
  const t = rubricMsg(lang).schema_errors;
  const at = v.path === '' ? t.root : v.path;
  const p = v.params;
  switch (v.keyword) {
    case 'required':
      return t.required(at, String(p.missingProperty));
    case 'type':
      return t.type(at, String(p.type));
    case 'additionalProperties':
      return t.additionalProperties(at, String(p.additionalProperty));
    case 'enum':
      return t.enum(at, JSON.stringify(p.allowedValues));
    case 'const':
      return t.const(at, JSON.stringify(p.allowedValue));
    case 'minLength':
      return t.minLength(at, Number(p.limit));
    case 'maxLength':
      return t.maxLength(at, Number(p.limit));
    case 'minItems':
      return t.minItems(at, Number(p.limit));
    case 'maxItems':
      return t.maxItems(at, Number(p.limit));
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return t.minimum(at, String(p.comparison), Number(p.limit));
    case 'pattern':
      return t.pattern(at, String(p.pattern));
    case 'format':
      return t.format(at, String(p.format));
    case 'multipleOf':
      return t.multipleOf(at, Number(p.multipleOf));
    case 'uniqueItems':
      return t.uniqueItems(at, Number(p.i), Number(p.j));
    case 'minProperties':
      return t.minProperties(at, Number(p.limit));
    case 'maxProperties':
      return t.maxProperties(at, Number(p.limit));
    case 'anyOf':
      return t.anyOf(at);
    case 'oneOf':
      return t.oneOf(at);
    case 'not':
      return t.not(at);
    case 'false schema':
      return t.false_schema(at);
    case 'dependencies':
    case 'dependentRequired':
      return t.dependencies(at, String(p.property), String(p.deps));
    default:
      return t.other(at, v.keyword);
  }
}

/** An axis reason as a short sentence in `lang` (missing substrings, the step that made or broke the match, words, schema errors). */
export function describeAxisReason(r: AxisReason, lang: Lang): string {
  const t = rubricMsg(lang).axis_reasons;
  const list = (xs: string[] | undefined) => (xs ?? []).map((x) => JSON.stringify(x)).join(', ');
  let s: string;
  switch (r.code) {
    case 'missing_substring':
      s = t.missing_substring(list(r.missing));
      break;
    case 'no_entry_found':
      s = t.no_entry_found(list(r.missing));
      break;
    case 'not_equal':
      s = t.not_equal(list(r.missing));
      break;
    case 'within_budget':
    case 'over_budget':
      s = t[r.code](r.words ?? 0, r.max_words ?? 0);
      break;
    case 'rating':
    case 'rating_off_scale':
      s = t[r.code](r.value ?? NaN);
      break;
    case 'schema_invalid':
      s = `${t.schema_invalid}: ${(r.violations ?? []).map((v) => describeViolation(v, lang)).join('; ')}`;
      break;
    default:
      s = t[r.code];
  }
  if (r.made_match_by) s += ` (${t.made_match_by(r.made_match_by)})`;
  if (r.broke_match_by) s += ` (${t.broke_match_by(r.broke_match_by)})`;
  return s;
}

/**
 * Renders decision.md in `lang`: verdict and reasons, the rubric and its lock, the pipeline, the
 * exam score with its interval, gates, axes, patterns, the items below 1 with each failing axis'
 * reason, and (when present) the comparison, breakdown check, agreement and drift sections.
 * Pure; never throws on a scorecard produced by runRubric.
 */
export function renderRubricReport(sc: RubricScorecard & { decision: RubricDecision }, lang: Lang): string {
  const m = coreMsg(lang);
  const R = rubricMsg(lang);
  const t = R.report;
  const und = (code: string | undefined) => t.undefined(code ? (lookupText(code, R.undefined_reason, m.undefined_reason) ?? code) : '?');
  const num = (x: number | null, code?: string) => (x === null ? und(code) : fmt4(x));
  const L: string[] = [`# ${t.title}`, ''];
  L.push(`**${t.verdict}:** ${sc.decision.verdict === 'pass' ? R.verdict.pass : R.verdict.fail}`, '');
  L.push(`**${t.reasons}:**`, '');
  for (const r of sc.decision.reasons) L.push(`- ${R.reasons[r]}`);
  if (sc.decision.reasons.length === 0) L.push(`- ${t.hard_gate_met}`);
  const warnings = sc.decision.warnings ?? [];
  if (warnings.length) {
    L.push('', `**${t.warnings}:**`, '');
    for (const w of warnings) L.push(`- ${R.reasons[w]}`);
  }
  L.push('', `- ${t.rubric(sc.rubric_id, sc.rubric_version)}`, `- ${t.lock(sc.rubric_hash)}`);
  L.push(`- ${t.pipeline(sc.normalization.steps.join(' → '), sc.normalization.disabled_steps.join(', '), sc.normalization.normalize_expected)}`, '');
  const a = sc.aggregate;
  const u = sc.undefined_metrics;
  L.push(t.exam(num(a.exam_score, u.exam_score), num(a.interval.low, u.exam_score_ci_low), num(a.interval.high, u.exam_score_ci_high), `${fmt4(a.interval.confidence * 100)}%`, a.n_exam));
  L.push('', t.regression(num(a.regression_score, u.regression_score), a.n_regression), '');
  L.push(`## ${t.gates_heading}`, '');
  for (const g of [sc.gates.hard, ...sc.gates.soft]) {
    L.push(t.gate_row(t.gate_names[g.id], g.value === null ? und(g.value_reason ?? undefined) : fmt4(g.value), fmt4(g.threshold), g.status === 'fail' && g.blocking === false ? t.status.warn : t.status[g.status]));
  }
  L.push('', `## ${t.axes_heading}`, '');
  for (const [axis, mean] of Object.entries(a.axis_means)) {
    L.push(t.axis_row(axis, fmt4(axisWeight(sc, axis)), num(mean, 'no_exam_items'), a.axis_failures[axis]));
  }
  L.push('', `## ${t.patterns_heading}`, '');
  if (sc.patterns.length === 0) L.push(t.no_patterns);
  for (const p of sc.patterns) {
    const P = R.patterns;
    let s = '';
    switch (p.code) {
      case 'missing_column':
        s = P.missing_column(p.axis!, p.count!);
        break;
      case 'frequent_axis_failure':
        s = P.frequent_axis_failure(p.axis!, p.count!);
        break;
      case 'zero_row':
        s = P.zero_row(p.item!);
        break;
      case 'outlier':
        s = P.outlier(p.item!, fmt4(p.score!));
        break;
      case 'empty_expected':
        s = P.empty_expected(p.item!, p.axis!);
        break;
      case 'unparsed_output':
        s = P.unparsed_output(p.item!);
        break;
      case 'step_broke_match':
        s = P.step_broke_match(p.step!, (p.items ?? []).join(', '));
        break;
      case 'step_made_match':
        s = P.step_made_match(p.step!, (p.items ?? []).join(', '));
        break;
    }
    L.push(`- ${s}`);
  }
  const below = sc.items.filter((i) => i.score < 1);
  if (below.length) {
    L.push('', `## ${t.items_heading}`, '');
    for (const i of below) {
      const parts = Object.entries(i.breakdown)
        .filter(([, v]) => v < 1)
        .map(([axis]) => `${axis}: ${describeAxisReason(i.reasons[axis], lang)}`);
      if (i.overrides.length) parts.push(t.overrides(i.overrides.join(', ')));
      L.push(t.item_row(i.item, fmt4(i.score), parts.join('; ')));
    }
  }
  if (sc.comparison) {
    const c = sc.comparison;
    L.push('', `## ${t.comparison_heading}`, '');
    if (c.same_rubric) L.push(t.same_rubric, '');
    L.push(t.comparison(num(c.exam_score_a, 'no_exam_items'), num(c.exam_score_b, 'no_exam_items'), num(c.delta, 'no_exam_items')), '');
    L.push(t.flips(c.false_negatives, c.false_positives), '');
    for (const f of c.flips) L.push(t.flip_row(f.item, f.axis, t.flip_kind[f.kind]));
  }
  if (sc.breakdown_check) {
    L.push('', `## ${t.breakdown_heading}`, '');
    sc.breakdown_check.forEach((b, k) => {
      const name = b.item ?? `#${k + 1}`;
      if (b.consistent) L.push(t.breakdown_ok(name, fmt4(b.stated_score)));
      else L.push(t.breakdown_bad(name, fmt4(b.stated_score), fmt4(b.computed_score), b.lost.map((x) => `${x.axis} ${fmt4(x.lost)}`).join(', ')));
    });
  }
  if (sc.agreement) {
    const g = sc.agreement;
    L.push('', `## ${t.agreement_heading}`, '');
    L.push(t.agreement(g.n, `${g.exact_count}/${g.n}`, `${g.within_one_count}/${g.n}`), '');
    L.push(t.kappas(num(g.cohen_kappa.value, g.cohen_kappa.reason ?? undefined), num(g.linear_weighted_kappa.value, g.linear_weighted_kappa.reason ?? undefined), num(g.quadratic_weighted_kappa.value, g.quadratic_weighted_kappa.reason ?? undefined)), '');
    L.push(t.agreement_verdict(g.statistic, fmt4(g.min_kappa), g.check.status === 'pass'));
  }
  if (sc.drift) {
    L.push('', `## ${t.drift_heading}`, '', t.drift(sc.drift.baseline_hash ?? '?', sc.drift.current_hash, sc.drift.drifted));
  }
  L.push('');
  return L.join('\n');
}

function axisWeight(sc: RubricScorecard, axis: string): number {
  const parsed = JSON.parse(sc.rubric_canonical) as { axes: { name: string; weight: number }[] };
  return parsed.axes.find((x) => x.name === axis)?.weight ?? NaN;
}
