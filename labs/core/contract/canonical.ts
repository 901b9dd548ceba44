/**
 * Canonical JSON and SHA-256, for locking a configuration (a rubric) so that two runs can prove
 * they used the same one (the "rubric lock" of RULERS-style evaluation: serialize, hash, reuse).
 *
 * Canonical form (modelled on RFC 8785, the JSON Canonicalization Scheme, JCS):
 * - no whitespace at all between tokens;
 * - object members sorted by key, comparing keys as sequences of UTF-16 code units (JCS §3.2.3;
 *   this is JavaScript's default string order, not a locale order);
 * - strings escaped as ECMAScript JSON.stringify does (JCS §3.2.2.2: \" \\ \b \f \n \r \t, other
 *   controls as \u00XX lowercase hex, everything else literal, including non-ASCII);
 * - numbers written as ECMAScript Number.prototype.toString (JCS §3.2.2.3): 1.0 -> "1", 1e21 ->
 *   "1e+21", 1e-7 -> "1e-7", -0 -> "0"; NaN and ±Infinity are not JSON and throw;
 * - arrays keep their order; members whose value is `undefined` are left out (as JSON.stringify
 *   does); `undefined` inside an array, functions, symbols and bigints throw.
 * Difference from JCS: no Unicode normalization or duplicate-key check (JavaScript objects cannot
 * hold duplicate keys anyway). The text is hashed as its UTF-8 bytes.
 */
import { sha256Hex } from './hash.ts';

/**
 * Canonical JSON text of a JSON-compatible value (rules in the module comment).
 * @throws TypeError for non-finite numbers, bigint, functions, symbols, `undefined` in arrays or at
 *   the top level, and for objects with a custom prototype other than Object/null (Dates, Maps...).
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value
          .map((v, i) => {
            if (v === undefined) throw new TypeError(`canonicalJson: undefined at array index ${i}`);
            return canonicalJson(v);
          })
          .join(',')}]`;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw new TypeError('canonicalJson: only plain objects and arrays are allowed');
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} is not JSON`);
  }
}

/**
 * The lock of a JSON value: its canonical text and the SHA-256 of that text ("sha256:" + hex is
 * how scorecards write it), through WebCrypto (hash.ts). Rejects like canonicalJson throws.
 */
export async function lockOf(value: unknown): Promise<{ canonical: string; sha256: string }> {
  const canonical = canonicalJson(value);
  return { canonical, sha256: await sha256Hex(canonical) };
}
