/**
 * The schema axis: validates a parsed output object against the rubric's JSON Schema with Ajv 8
 * (draft-07 default dialect, allErrors, strict mode off so that a learner's schema with unknown
 * keywords still compiles). Ajv's messages are English only; this module turns each error (of
 * validation and of compilation) into a code plus parameters that labs/rubric/i18n translates to
 * Spanish and English (our own catalog, not ajv-i18n, which has not been maintained since 2022).
 * Ajv's own message text is never shown.
 */
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { canonicalJson } from '../core/contract/canonical.ts';
import { re2Engine } from './regex.ts';

/** One JSON Schema violation, language-neutral. `path` is a JSON Pointer into the output ("" = root). */
export interface SchemaViolation {
  keyword: string;
  path: string;
  params: Record<string, unknown>;
}

// Every `pattern` / `patternProperties` runs on RE2 (linear time): user schemas are untrusted.
const ajv = new Ajv({ allErrors: true, strict: false, code: { regExp: re2Engine } });
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
 * Why a JSON Schema does not compile, language-neutral (translated by index.ts, never Ajv's
 * English text): 'invalid' (the schema breaks the draft-07 meta-schema; `violations` are Ajv's
 * errors with `path` a JSON Pointer into the SCHEMA), 'missing_ref' (a $ref that cannot be
 * resolved; `ref` is it), 'other' (any other compile error, e.g. an $id already used by another
 * schema in this session).
 */
export type SchemaCompileProblem = { kind: 'invalid'; violations: SchemaViolation[] } | { kind: 'missing_ref'; ref: string } | { kind: 'other' };

/**
 * Returns null when the schema compiles, else why not (SchemaCompileProblem). Used by parse() to
 * report a broken schema on the rubric's json_schema field. Never throws.
 */
export function schemaCompileProblem(schema: Record<string, unknown>): SchemaCompileProblem | null {
  try {
    compileSchema(schema);
    return null;
  } catch (e) {
    const ref = (e as { missingRef?: unknown }).missingRef;
    if (typeof ref === 'string') return { kind: 'missing_ref', ref };
    // Ajv keeps the meta-schema errors of the last failed schema check on the instance.
    const errs = ajv.errors;
    if (errs && errs.length && e instanceof Error && e.message.startsWith('schema is invalid')) {
      return { kind: 'invalid', violations: errs.map((x: ErrorObject) => ({ keyword: x.keyword, path: x.instancePath, params: { ...x.params } })) };
    }
    return { kind: 'other' };
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
