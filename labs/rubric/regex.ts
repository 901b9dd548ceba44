/**
 * Guards for the regular expressions a rubric carries. Rubrics arrive through share links and
 * exercise links, so their patterns are untrusted: a pattern with nested quantifiers such as
 * `^(a+)+$` backtracks for an exponential time on a text like "aaaa...ab" and would freeze the
 * CLI or the worker. Every place where rubric text becomes a RegExp is checked at validation time
 * (schema.ts): automatic_failures[i].pattern, and the JSON Schema keywords `pattern` and
 * `patternProperties` (Ajv compiles them with `new RegExp(p, 'u')`).
 *
 * The check is safe-regex2's star-height test (fastify; a repetition inside a repetition, or more
 * than 25 repetitions, is rejected; a pattern its parser cannot read, e.g. one with lookbehind, is
 * rejected too). It is a heuristic: it does not see every super-linear pattern (an overlapping
 * alternation such as `(a|aa)+` passes), so the engine also caps the text an automatic failure is
 * tested on (MAX_REGEX_INPUT).
 */
import safeRegex from 'safe-regex2';

/** Longest pattern accepted, in UTF-16 code units. */
export const MAX_PATTERN_LENGTH = 200;
/** Automatic failures test only the first MAX_REGEX_INPUT UTF-16 code units of their text. */
export const MAX_REGEX_INPUT = 10_000;

/** Why a pattern is refused: not a valid RegExp, longer than MAX_PATTERN_LENGTH, or possibly exponential. */
export type RegexProblem = 'bad_regex' | 'regex_too_long' | 'unsafe_regex';

/**
 * Checks one user pattern. Returns null when it compiles with `flags`, is at most
 * MAX_PATTERN_LENGTH long and safe-regex2 accepts it; else the first problem found, in the order
 * regex_too_long, bad_regex, unsafe_regex. Never throws.
 */
export function regexProblem(pattern: string, flags = ''): RegexProblem | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return 'regex_too_long';
  try {
    new RegExp(pattern, flags);
  } catch {
    return 'bad_regex';
  }
  return safeRegex(pattern) ? null : 'unsafe_regex';
}

/** One regular expression found inside a JSON Schema: its path (keys from the schema's root) and its text. */
export interface SchemaPattern {
  path: (string | number)[];
  pattern: string;
}

/** Keywords whose values are data, not subschemas: never searched for patterns. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/**
 * Every regular expression a JSON Schema holds: string values of the keyword `pattern` and the
 * keys of `patternProperties`, at any depth (subschemas in objects and arrays), skipping the data
 * keywords const, enum, default and examples. The path ends at the `pattern` keyword, or at the
 * `patternProperties` key. Depth-first, in key order. Never throws (cycles cannot occur in JSON).
 */
export function schemaPatterns(schema: unknown, path: (string | number)[] = []): SchemaPattern[] {
  const out: SchemaPattern[] = [];
  if (Array.isArray(schema)) {
    schema.forEach((v, i) => out.push(...schemaPatterns(v, [...path, i])));
    return out;
  }
  if (typeof schema !== 'object' || schema === null) return out;
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (DATA_KEYWORDS.has(k)) continue;
    if (k === 'pattern' && typeof v === 'string') out.push({ path: [...path, k], pattern: v });
    if (k === 'patternProperties' && typeof v === 'object' && v !== null && !Array.isArray(v))
      for (const key of Object.keys(v)) out.push({ path: [...path, k, key], pattern: key });
    out.push(...schemaPatterns(v, [...path, k]));
  }
  return out;
}
