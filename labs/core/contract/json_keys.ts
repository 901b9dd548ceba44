/**
 * Two helpers for labs whose JSON inputs carry names from data as object keys (criteria, constructs,
 * tool arguments) and whose cross-file checks must name a line:
 *
 *   guardProtoKeys(schema, message)   a zod schema that first rejects any "__proto__" key anywhere in
 *                                     the value (JSON.parse keeps it as an own key, but zod's records
 *                                     and objects drop it silently, so a criterion called
 *                                     "__proto__" would vanish without a word), then runs `schema`;
 *   jsonLineFinder(text)              the 1-based line where the value at a JSON path starts, for
 *                                     issues found after validation (the tree is built once, lazily,
 *                                     only when a line is asked for).
 */
import { z } from 'zod';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Node as JsonNode } from 'jsonc-parser';
import { lineIndex } from './parse.ts';

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

/**
 * A function giving the 1-based line where the value at `path` starts in the JSON `text` (the
 * nearest existing ancestor when the path is not there; undefined when the text does not parse).
 */
export function jsonLineFinder(text: string): (path: (string | number)[]) => number | undefined {
  let root: JsonNode | undefined;
  let built = false;
  const lineOf = lineIndex(text);
  return (path) => {
    if (!built) {
      root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
      built = true;
    }
    if (!root) return undefined;
    for (let cut = path.length; cut >= 0; cut--) {
      const node = findNodeAtLocation(root, path.slice(0, cut));
      if (node) return lineOf((node.parent?.type === 'property' ? node.parent : node).offset);
    }
    return undefined;
  };
}
