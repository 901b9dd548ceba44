/**
 * Sentences for the rubric lab's reasons, shared by decision.md (report.ts) and the island: a JSON
 * Schema violation and an axis reason in Spanish or English. Kept apart from report.ts so that the
 * page does not load the Markdown serializer to describe a reason.
 */
import type { Lang } from '../core/contract/types.ts';
import { rubricMsg } from './i18n/index.ts';
import type { AxisReason } from './engine.ts';
import type { SchemaViolation } from './jsonschema.ts';

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
