/**
 * For labs whose JSON inputs carry names from data as object keys (criteria, constructs, tool
 * arguments): guardProtoKeys(schema, message) is a zod schema that first rejects any "__proto__"
 * key anywhere in the value (JSON.parse keeps it as an own key, but zod's records and objects drop
 * it silently, so a criterion called "__proto__" would vanish without a word), then runs `schema`.
 * (The line of a value found after validation: jsonPathLines in ./parse.ts.)
 */
import { z } from 'zod';

/**
 * Paths (key lists) of every own "__proto__" key in a parsed JSON value. One walk with a single
 * mutable path (copied only for a hit), so a large input costs one visit per value.
 */
export function protoKeyPaths(value: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const path: (string | number)[] = [];
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (x !== null && typeof x === 'object') {
          path.push(i);
          walk(x);
          path.pop();
        }
      }
      return;
    }
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      if (k === '__proto__') {
        out.push([...path, k]);
        continue;
      }
      const x = (v as Record<string, unknown>)[k];
      if (x !== null && typeof x === 'object') {
        path.push(k);
        walk(x);
        path.pop();
      }
    }
  };
  walk(value);
  return out;
}

/**
 * `schema`, preceded by a check that the raw value has no "__proto__" key (each one is an issue at
 * its path, with `message`). When there is one, `schema` does not run.
 */
export function guardProtoKeys<S extends z.ZodType>(schema: S, message: string) {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      for (const path of protoKeyPaths(v)) ctx.addIssue({ code: 'custom', path, message });
    })
    .pipe(schema);
}
