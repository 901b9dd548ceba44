/**
 * The contract every lab meets (see ../shared/design.md, "the lab contract"). A lab is two things:
 *
 *   labs/<id>/meta.ts   LabMeta: what the site and the CLI need without loading the engine: id, chapter,
 *                       names in both languages, inputs, presets, the view schema, and `load()`, a
 *                       lazy import of the engine module; and `importer` (LabImporterSpec) when it
 *                       imports other tools' results. labs/manifest.ts lists every LabMeta once.
 *   labs/<id>/lab.ts    exports `lab`, a LabModule: parse -> run (heavy, memoized) -> select (cheap) -> report.
 *
 *   parse(texts, lang, hooks?)  untrusted text in, validated value or localized issues out; never throws
 *   run(input, view, hooks?)    the expensive part, pure and deterministic; the runner memoizes it on the
 *                               parsed input and on `heavyKey(view)` (the part of the view it depends on)
 *   select(heavy, view)         the cheap part: what a view control changes (an operating point, the
 *                               calibrator shown, a slice). Returns the scorecard.
 *   report(result, lang)        decision.md in the requested language
 *
 * The worker (labs/worker.ts), the CLI (labs/cli.ts) and the tests call these same functions through
 * labs/runner.ts. Results must be structured-cloneable (plain objects, arrays, numbers, strings, null).
 */
import type * as z from 'zod/mini';
import type { Decision, Lang, ParseOutcome } from './types.ts';

export interface LabInputSpec {
  /** Key in the texts record, the CLI's and the file formats' name for it ("cases", "policy"). */
  name: string;
  /**
   * What a page calls it in each language ("política", "policy"): short, lower case, without the
   * file format. Exercise goal panels, the builder and the receipt verifier name inputs with it.
   */
  label: Record<Lang, string>;
  format: 'json' | 'jsonl' | 'csv' | 'text';
  /** CLI flag that passes this input as a file: `--cases FILE`. */
  flag: string;
  /** Whether the lab can run without it. */
  optional?: boolean;
  /** File types the page's import button and drop zone accept (an `accept` attribute). */
  accept: string;
  /** Whether the CLI takes the flag more than once (the gate's `--outputs`: one Inspect log per version). */
  repeatable?: boolean;
}

/**
 * A command-line option of a lab that is not one of its input files: an import and its choices
 * (`--input-format csv`, `--baseline NAME`, `--k 1,3,5,10`, `--labels FILE`). Each takes one value;
 * `npm run lab -- --help` lists them from here, and the CLI accepts only the lab's own.
 */
export interface LabOption {
  flag: string;
  /** The value's placeholder in the help ('NAME', 'K[,K...]', 'exp|linear'); 'FILE': a file the CLI reads. */
  value: string;
  /** One line of help per language. */
  help: Record<Lang, string>;
}

/**
 * What the site and the CLI know of a lab's importer without loading it (LabMeta.importer): the
 * page shows an import control (shared/ImportPanel.tsx; its label is among the island's strings)
 * and the CLI takes the import's flags only for a lab that has one. The importer itself (a
 * LabImporter, core/contract/imports.ts) is labs/<id>/import/index.ts, exported as `importer`;
 * labs/imports.ts loads it on demand by that path, in the worker when files are dropped and in the
 * CLI when a command uses it, so it stays out of the page's bundles and the CLI's start.
 */
export interface LabImporterSpec {
  /**
   * The lab's texts the page sends with the files, for the importer to read (the gate's policy,
   * which gets the chosen versions; the evaluators' rubric, whose thresholds stay); may be empty.
   */
  reads: readonly string[];
  /** Its command-line options besides the input files (the import's choices); `--help` lists them. */
  flags: readonly LabOption[];
  /**
   * The input files that may mean an import on the command line: the CLI loads the importer when
   * one of them or one of `flags` is given, and never otherwise.
   */
  from: readonly string[];
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

/** The engine module of a lab (labs/<id>/lab.ts exports it as `lab`). */
export interface LabModule<Input, Heavy, Result extends LabResultBase, View> {
  parse(texts: Record<string, string>, lang: Lang, hooks?: RunHooks): ParseOutcome<Input>;
  /** May return a Promise when it needs an async platform API (e.g. WebCrypto for SHA-256). */
  run(input: Input, view: View, hooks?: RunHooks): Heavy | Promise<Heavy>;
  /**
   * The part of the view that `run` depends on, as a string key (default: none, so `run` runs once
   * per input and every view change is a `select`).
   */
  heavyKey?(view: View): string;
  select(heavy: Heavy, view: View): Result;
  report(result: Result, lang: Lang): string;
}

/** One preset: a named set of input files (names in labs/<id>/presets/) per language. */
export interface LabPreset {
  id: string;
  label: Record<Lang, string>;
  /** input name -> file name under labs/<id>/presets/, per language. */
  files: Record<Lang, Record<string, string>>;
  /**
   * The page languages that offer this preset in their preset picker (default: both). E.g. the
   * textbook's original Spanish data, offered on the English page beside its translation.
   */
  langs?: readonly Lang[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLabModule = LabModule<any, any, LabResultBase, any>;

/** What the site and the CLI know of a lab without loading its engine. */
export interface LabMeta<Id extends string = string, View = unknown, M extends AnyLabModule = AnyLabModule> {
  id: Id;
  /** Slug of the chapter that teaches it ('03-rag'). */
  chapter: string;
  names: Record<Lang, string>;
  inputs: readonly LabInputSpec[];
  /**
   * Its import of other tools' results, when it has one: the page shows an import control and the
   * CLI accepts the import's flags only then (a lab without it refuses them as unknown options).
   */
  importer?: LabImporterSpec;
  /** The first preset is the lab's default. */
  presets: readonly LabPreset[];
  /** Ready examples for optional inputs (a button loads each): input name -> file, per language. */
  examples?: Record<Lang, Record<string, string>>;
  /** Validates the view (the learner's controls); its messages come in the page's language. */
  view: z.ZodMiniType<View>;
  /** The view a fresh lab starts with. */
  defaultView: View;
  load: () => Promise<{ lab: M }>;
}

/** Identity with type inference, for labs/<id>/meta.ts. */
export function defineLab<Id extends string, View, M extends AnyLabModule>(meta: LabMeta<Id, View, M>): LabMeta<Id, View, M> {
  return meta;
}

/**
 * Legacy contract of the first four labs, kept while they move to LabModule.
 * @deprecated use LabModule.
 */
export interface LabDefinition<Input, Result extends LabResultBase, View = undefined> {
  id: string;
  inputs: readonly Omit<LabInputSpec, 'accept' | 'label'>[];
  parse(texts: Record<string, string>, lang: Lang, hooks?: RunHooks): ParseOutcome<Input>;
  run(input: Input, view?: View, hooks?: RunHooks): Result | Promise<Result>;
  report(result: Result, lang: Lang): string;
}

/** View problems a lab's `select` may report; each has an es/en message in core/contract/i18n (`view`). */
export type ViewErrorCode = 'unknown_calibrator' | 'unknown_slice_column' | 'unknown_case' | 'unknown_variant';

/**
 * Thrown by `select` when the view names something the input does not have (a slice column the
 * data lacks, a case id that was deleted). The runner turns it into an issue on the input 'view',
 * in the page's language; it is never shown as an English engine error.
 */
export class ViewError extends Error {
  readonly code: ViewErrorCode;
  readonly detail: string;
  constructor(code: ViewErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}
