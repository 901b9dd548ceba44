/**
 * The schema axis: validates a parsed output object against the rubric's JSON Schema with Ajv 8
 * (draft-07 default dialect, allErrors, strict mode off so that a learner's schema with unknown
 * keywords still compiles). Ajv's messages are English only; this module turns each error into a
 * code plus parameters that labs/rubric/i18n translates to Spanish and English (our own catalog,
 * not ajv-i18n, which has not been maintained since 2022).
 */
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { canonicalJson } from '../core/canonical.ts';

/** One JSON Schema violation, language-neutral. `path` is a JSON Pointer into the output ("" = root). */
export interface SchemaViolation {
  keyword: string;
  path: string;
  params: Record<string, unknown>;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const cache = new Map<string, ValidateFunction>();

/**
 * Compiles a JSON Schema (cached by its canonical JSON). Deterministic.
 * @throws Error (Ajv's) when the schema itself is invalid.
 */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const key = canonicalJson(schema);
  let v = cache.get(key);
  if (!v) {
    v = ajv.compile(schema);
    cache.set(key, v);
  }
  return v;
}

/**
 * Returns null when the schema compiles, else Ajv's (English) explanation. Used by parse() to
 * report a broken schema on the rubric's json_schema field.
 */
export function schemaCompileError(schema: Record<string, unknown>): string | null {
  try {
    compileSchema(schema);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Validates `value` against `schema`. Returns the violations (empty = valid), in Ajv's order.
 * @throws Error when the schema does not compile (parse() rejects such rubrics first).
 */
export function validateAgainstSchema(schema: Record<string, unknown>, value: unknown): SchemaViolation[] {
  const v = compileSchema(schema);
  if (v(value)) return [];
  return (v.errors ?? []).map((e: ErrorObject) => ({ keyword: e.keyword, path: e.instancePath, params: { ...e.params } }));
}
