/**
 * The regular expressions a rubric carries. Rubrics arrive through share links and exercise links,
 * so their patterns are untrusted: on a backtracking engine (JavaScript's RegExp) a pattern such
 * as `^(a+)+$` or `^(a|aa)+$` takes exponential time on a text like "aaaa...ab" and would freeze
 * the CLI or the worker. Every user-written pattern therefore runs on re2js, a pure-JS port of
 * RE2, whose matching time is linear in the text: automatic_failures[i].pattern, and the JSON
 * Schema keywords `pattern` and `patternProperties` (Ajv's `code.regExp` is set to re2Engine, see
 * jsonschema.ts). RE2 has no lookaround and no backreferences: a pattern using them does not
 * compile and is reported as invalid, with that explained.
 *
 * Flags (automatic failures): i (case-insensitive), m (multiline), s (dot matches newline), u
 * (accepted; RE2 always matches by code point).
 */
import { RE2JS } from 're2js';

/** Longest pattern accepted, in UTF-16 code units. */
export const MAX_PATTERN_LENGTH = 200;
/** Automatic failures test only the first MAX_REGEX_INPUT UTF-16 code units of their text. */
export const MAX_REGEX_INPUT = 10_000;

/** Why a pattern is refused: longer than MAX_PATTERN_LENGTH, or not a pattern RE2 accepts. */
export type RegexProblem = 'bad_regex' | 'regex_too_long';

/** A compiled user pattern: `test(text)` in time linear in the text. */
export interface UserRegex {
  test(text: string): boolean;
  /** "/pattern/flags", as RegExp's. */
  toString(): string;
}

function re2Flags(flags: string): number {
  let f = 0;
  if (flags.includes('i')) f |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) f |= RE2JS.MULTILINE;
  if (flags.includes('s')) f |= RE2JS.DOTALL;
  return f;
}

/**
 * Compiles a user pattern with RE2 (re2js). `flags` is a subset of "imsu" (others are ignored).
 * @throws RE2JSSyntaxException (an Error) when RE2 cannot read the pattern.
 */
export function compileUserRegex(pattern: string, flags = ''): UserRegex {
  const key = `${flags}/${pattern}`;
  const hit = compiled.get(key);
  if (hit) return hit;
  const re = RE2JS.compile(pattern, re2Flags(flags));
  // toString like a RegExp literal: Ajv keys its compiled patterns by it (two patterns must differ).
  const out = { test: (text: string) => re.matcher(text).find(), toString: () => `/${pattern}/${flags}` };
  if (compiled.size >= 256) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, out);
  return out;
}

/** The most recently compiled patterns (a rubric's few are compiled once, not once per item). */
const compiled = new Map<string, UserRegex>();

/**
 * Checks one user pattern. Returns null when it is at most MAX_PATTERN_LENGTH long and RE2
 * compiles it; else 'regex_too_long' or 'bad_regex' (in that order). Never throws.
 */
export function regexProblem(pattern: string, flags = ''): RegexProblem | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return 'regex_too_long';
  try {
    compileUserRegex(pattern, flags);
  } catch {
    return 'bad_regex';
  }
  return null;
}

/**
 * Ajv's `code.regExp` option: every `pattern` and `patternProperties` of a JSON Schema compiled
 * with RE2 instead of RegExp (the `u` flag Ajv passes is accepted: RE2 is Unicode-aware). Throws
 * like RegExp when the pattern is invalid, so Ajv reports a compile error.
 */
export const re2Engine = Object.assign((pattern: string, flags: string): UserRegex => compileUserRegex(pattern, flags), { code: 're2js' });

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
export function schemaPatterns(schema: unknown, path: (string | number)[] = [], out: SchemaPattern[] = []): SchemaPattern[] {
  if (Array.isArray(schema)) {
    schema.forEach((v, i) => schemaPatterns(v, [...path, i], out));
    return out;
  }
  if (typeof schema !== 'object' || schema === null) return out;
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (DATA_KEYWORDS.has(k)) continue;
    if (k === 'pattern' && typeof v === 'string') out.push({ path: [...path, k], pattern: v });
    if (k === 'patternProperties' && typeof v === 'object' && v !== null && !Array.isArray(v))
      for (const key of Object.keys(v)) out.push({ path: [...path, k, key], pattern: key });
    schemaPatterns(v, [...path, k], out);
  }
  return out;
}
