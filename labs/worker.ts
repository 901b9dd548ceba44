/**
 * The one Web Worker of the site. The page sends raw texts; the worker validates them with the
 * lab's zod schema, runs the engine and returns the result, so the main thread never parses or
 * computes (labs/runner.ts does the work, as in the CLI). Each lab's engine is a dynamic import
 * (labs/manifest.ts, `load()`): the worker fetches only the lab in use.
 * `onProgress`, when given, is a Comlink.proxy callback that receives (stage, fraction).
 * `options.report === false` leaves decision.md out of the answer (the page asks for it with
 * `report()` when the learner downloads it: the runner's memo makes that a select + write).
 * Cancelling is done by the page: it terminates this worker and starts a new one.
 */
import * as Comlink from 'comlink';
import type { Lang } from './core/contract/types.ts';
import { createRunner, type RunOptions, type RunResponse } from './runner.ts';
import { importFor } from './imports.ts';
import type { ImportOutcome, LabImportOptions } from './core/contract/imports.ts';

const runner = createRunner();

const api = {
  run(labId: string, texts: Record<string, string>, lang: Lang, view?: unknown, onProgress?: (stage: string, fraction: number) => void, options?: RunOptions): Promise<RunResponse> {
    let last = '';
    const progress = onProgress
      ? (stage: string, fraction: number) => {
          const key = `${stage}:${Math.floor(fraction * 100)}`;
          if (key !== last) {
            last = key;
            void onProgress(stage, fraction);
          }
        }
      : undefined;
    return runner.runAny(labId, texts, lang, view, { progress }, options);
  },
  /** Loads a lab's engine before its first run (false: unknown lab or not loadable; see Runner.preload). */
  warm(labId: string): Promise<boolean> {
    return runner.preload(labId);
  },
  /**
   * decision.md for these inputs and view, in `lang` (the same text `run` returns with the default
   * options), or null when they do not produce a result (their issues are `run`'s to report).
   */
  async report(labId: string, texts: Record<string, string>, lang: Lang, view?: unknown): Promise<string | null> {
    const res = await runner.runAny(labId, texts, lang, view);
    return res.ok ? res.report : null;
  },
  /**
   * Files dropped on a lab (their bytes: a .eval archive is unzipped here, never on the page's
   * thread) turned into the lab's input texts with a summary (labs/imports.ts).
   */
  importFiles(labId: string, files: { name: string; bytes: Uint8Array }[], options: LabImportOptions, lang: Lang): Promise<ImportOutcome> {
    return importFor(labId, files, options, lang);
  },
};

export type WorkerApi = typeof api;
Comlink.expose(api);
