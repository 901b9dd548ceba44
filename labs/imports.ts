/**
 * Imports for any lab (labs/core/contract/imports.ts): the page's worker (`importFiles`) and the CLI
 * call these, so a file gives the same texts and summary in both. What a lab imports is its own: its
 * meta declares an importer (LabMeta.importer, labs/<id>/meta.ts) and its folder holds the importer
 * (labs/<id>/import/index.ts, exported as `importer`), loaded here on demand; nothing in this file
 * knows a lab.
 *
 * The importer is found by that path, not by a loader in the meta: the metas are in every lab
 * page's first bundle, and a dynamic import there would add the importers' chunk lists to it (and
 * split the import messages off the import control's chunk), although only the worker and the CLI
 * ever load an importer.
 */
import type { Lang } from './core/contract/types.ts';
import type { ImportFile, ImportOutcome, LabImportOptions, LabImporter } from './core/contract/imports.ts';
import { importMsg } from './core/contract/import_i18n.ts';
import { labMeta } from './manifest.ts';

/**
 * The importer of the lab `labId` (labs/<id>/import/index.ts), loaded on first use, or null when
 * the id is not a lab whose meta declares an importer (the id may come from a URL or the command
 * line: only a known lab's folder is ever imported).
 */
export async function loadImporter(labId: string): Promise<LabImporter | null> {
  const meta = labMeta(labId);
  if (!meta?.importer) return null;
  const module = (await import(`./${meta.id}/import/index.ts`)) as { importer: LabImporter };
  return module.importer;
}

/**
 * Imports `files` for `labId` with its importer. The outcome's texts replace the lab's inputs they
 * name; the rest of the lab's texts stay. A lab without an importer (or an unknown id) gets an
 * 'unknown format' issue. Bad files give issues, never an exception; only an importer module that
 * fails to load rejects (as any dynamic import).
 */
export async function importFor(labId: string, files: readonly ImportFile[], options: LabImportOptions, lang: Lang): Promise<ImportOutcome> {
  const importer = await loadImporter(labId);
  if (!importer) return { ok: false, issues: [{ input: labId, message: importMsg(lang).problems.unknown_format }] };
  return importer.importFiles(files, options, lang);
}
