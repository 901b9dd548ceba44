/**
 * Paths into a scorecard, shared by exercise goals, the instructor's builder and the chapters'
 * <Value>/<Formula> figures. A path is a list of steps separated by dots:
 *
 *   decision.verdict                       object keys
 *   ci.0                                   an array index (for tuples such as an interval)
 *   per_case[case_id=rag_003].ndcg_at_k    the element of an array whose `case_id` is "rag_003"
 *
 * Cases, items and variants are addressed by their id, never by position: a position silently
 * points at another case when the list is edited. Paths are untrusted (they travel in exercise
 * links): only own properties are read, so "__proto__" or "constructor" never reach a prototype.
 */

export type PathStep = { key: string } | { key: string; match: { field: string; value: string } };

const NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Splits a path into steps; null when it is malformed. A step is `name` or `name[field=value]`,
 * where `value` is any text without `]` (it may contain dots).
 */
export function parsePath(path: string): PathStep[] | null {
  const steps: PathStep[] = [];
  let i = 0;
  while (i <= path.length) {
    let j = i;
    while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
    const key = path.slice(i, j);
    if (!NAME.test(key)) return null;
    if (path[j] === '[') {
      const close = path.indexOf(']', j);
      if (close < 0) return null;
      const inner = path.slice(j + 1, close);
      const eq = inner.indexOf('=');
      if (eq <= 0 || eq === inner.length - 1) return null;
      const field = inner.slice(0, eq);
      if (!NAME.test(field)) return null;
      steps.push({ key, match: { field, value: inner.slice(eq + 1) } });
      j = close + 1;
    } else steps.push({ key });
    if (j === path.length) return steps;
    if (path[j] !== '.') return null;
    i = j + 1;
  }
  return null;
}

/** Whether `path` is well formed (see parsePath). */
export function isPath(path: string): boolean {
  return parsePath(path) !== null;
}

export type PathLookup =
  | { found: true; value: unknown }
  | { found: false; reason: 'malformed' }
  | { found: false; reason: 'missing_key'; key: string }
  | { found: false; reason: 'missing_id'; field: string; value: string };

function own(obj: unknown, key: string): obj is Record<string, unknown> {
  return obj !== null && typeof obj === 'object' && Object.prototype.hasOwnProperty.call(obj, key);
}

/**
 * Follows `path` in `obj`. Never throws. `missing_id` says that no element of the array had that id
 * (e.g. the learner deleted the case), `missing_key` that a key was absent.
 */
export function lookupPath(obj: unknown, path: string): PathLookup {
  const steps = parsePath(path);
  if (!steps) return { found: false, reason: 'malformed' };
  let cur: unknown = obj;
  for (const step of steps) {
    if (!own(cur, step.key)) return { found: false, reason: 'missing_key', key: step.key };
    cur = cur[step.key];
    if ('match' in step) {
      const { field, value } = step.match;
      if (!Array.isArray(cur)) return { found: false, reason: 'missing_key', key: step.key };
      const hit = cur.find((el) => own(el, field) && String(el[field]) === value);
      if (hit === undefined) return { found: false, reason: 'missing_id', field, value };
      cur = hit;
    }
  }
  return { found: true, value: cur };
}

/** The value at `path`, or undefined when it is not there (see lookupPath). */
export function readPath(obj: unknown, path: string): unknown {
  const r = lookupPath(obj, path);
  return r.found ? r.value : undefined;
}
