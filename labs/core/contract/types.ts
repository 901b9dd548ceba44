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

/** Verdict of a lab's gate. `fail` is also what a gate returns when a metric it needs is undefined. */
export type Verdict = 'pass' | 'fail';

/**
 * The one shape of a lab's decision, made from its GateChecks by verdictOf
 * (labs/core/contract/gate_check.ts); a lab may add what the decision is about (an evaluator id).
 */
export interface Decision<R extends string = string, W extends string = R> {
  verdict: Verdict;
  /** Reason codes, in a fixed order; each has a translation in the lab's i18n catalog (`reasons`). */
  reasons: R[];
  /** Codes of findings that do not change the verdict (non-blocking checks), when the lab has any. */
  warnings?: W[];
}
