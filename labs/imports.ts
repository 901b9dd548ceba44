/**
 * Imports for any lab (labs/core/contract/imports.ts): the page's worker (`importFiles`) and the CLI
 * call this one entry, so a file gives the same texts and summary in both. What a lab imports is
 * its own: its meta declares an importer (LabMeta.importer, labs/<id>/meta.ts) whose module, under
 * labs/<id>/import/, loads on demand here; nothing in this file knows a lab.
 */
import type { Lang } from './core/contract/types.ts';
import type { ImportFile, ImportOutcome, LabImportOptions } from './core/contract/imports.ts';
import { importMsg } from './core/contract/import_i18n.ts';
import { labMeta } from './manifest.ts';

/**
 * Imports `files` for `labId` with its importer (its meta's `importer.load`). The outcome's texts
 * replace the lab's inputs they name; the rest of the lab's texts stay. A lab without an importer
 * (or an unknown id) gets an 'unknown format' issue. Bad files give issues, never an exception;
 * only an importer module that fails to load rejects (as any dynamic import).
 */
export async function importFor(labId: string, files: readonly ImportFile[], options: LabImportOptions, lang: Lang): Promise<ImportOutcome> {
  const spec = labMeta(labId)?.importer;
  if (!spec) return { ok: false, issues: [{ input: labId, message: importMsg(lang).problems.unknown_format }] };
  const { importer } = await spec.load();
  return importer.importFiles(files, options, lang);
}
