/**
 * Types shared by every lab. The engine is pure TypeScript (no DOM): the same code runs in the
 * Web Worker, in the CLI (Node >= 22, native type stripping: erasable syntax only, `.ts` imports)
 * and in the tests.
 */

/** The two languages of the site. Spanish is the source language. */
export type Lang = 'es' | 'en';

/**
 * One problem found while reading a learner's input.
 * `input` names the editor/file (e.g. 'cases', 'policy'); `line` is 1-based (JSONL line, or the
 * line of the JSON text where the offending field starts, when known); `field` is a dotted path
 * ("threshold_grid.3"). `message` is already written in the requested language.
 */
export interface InputIssue {
  input: string;
  line?: number;
  /** 1-based column (in UTF-16 code units) where the problem is, when the parser knows it (JSON syntax). */
  column?: number;
  field?: string;
  message: string;
}

/**
 * Result of reading raw text into a validated value: never throws on bad input. A failure lists
 * at most a few dozen issues; `total_issues`, when set, is how many problems there were in all.
 */
export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; issues: InputIssue[]; total_issues?: number };

/**
 * A metric that may be undefined. Undefined is not zero: `value` is null and `reason` says why
 * (a reason code translated by core/contract/i18n or the lab catalog). Scorecards flatten these into `metrics` (number | null)
 * plus `undefined_metrics` (metric name -> reason code).
 */
export type MaybeNumber = number | null;

/** Verdict of a lab's gate. `fail` is also what a gate returns when a metric it needs is undefined. */
export type Verdict = 'pass' | 'fail';

export interface Decision<R extends string = string> {
  verdict: Verdict;
  /** Reason codes, in a fixed order; each has a translation in the lab's i18n catalog (`reasons`). */
  reasons: R[];
}
