/**
 * The contract every lab engine meets (see ../shared/design.md, "the lab contract").
 * A lab turns raw texts (what the learner typed, a dropped file, a CLI file) into a result:
 *   parse(texts, lang, hooks?) -> ParseOutcome<Input>   untrusted text in, validated value or issues out
 *   run(input, view, hooks?)   -> Result                pure and deterministic; numbers unrounded
 *   report(result, lang) -> string                 decision.md in the requested language
 * The worker (labs/worker.ts), the CLI (labs/cli.ts) and the tests call these same functions.
 * `Result` must be structured-cloneable (plain objects, arrays, numbers, strings, null).
 */
import type { Decision, Lang, ParseOutcome } from './types.ts';

export interface LabInputSpec {
  /** Key in the texts record, also the name used in messages ("cases", "policy"). */
  name: string;
  format: 'json' | 'jsonl' | 'csv';
  /** CLI flag that passes this input as a file: `--cases FILE`. */
  flag: string;
  /** Whether the lab can run without it. */
  optional?: boolean;
}

export interface LabResultBase {
  decision: Decision;
}

/**
 * Optional callbacks a long computation may use. `progress(stage, fraction)` reports a stage name
 * ('parse', 'fit', 'bootstrap'…) and how much of it is done, in [0, 1]; call it a few hundred times
 * at most (the page shows it as a progress bar with a cancel button).
 */
export interface RunHooks {
  progress?: (stage: string, fraction: number) => void;
}

export interface LabDefinition<Input, Result extends LabResultBase, View = undefined> {
  id: string;
  inputs: readonly LabInputSpec[];
  parse(texts: Record<string, string>, lang: Lang, hooks?: RunHooks): ParseOutcome<Input>;
  /** May return a Promise when it needs an async platform API (e.g. WebCrypto for SHA-256). */
  run(input: Input, view?: View, hooks?: RunHooks): Result | Promise<Result>;
  report(result: Result, lang: Lang): string;
}
