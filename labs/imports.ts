/**
 * Which lab imports what (labs/core/contract/imports.ts): the page's worker (`importFiles`) and the
 * CLI call this one entry, so a file gives the same texts and summary in both. Each lab's importer
 * loads on demand.
 *
 *   gate        a promptfoo export, Inspect logs (JSON or .eval; one per version), a results CSV
 *               or the kit's outputs JSONL -> cases + outputs, and the chosen versions put into the
 *               given policy text
 *   rag         a TREC qrels file and one or two runs -> qrels, run, run_b, cases derived from the
 *               qrels (their lists from the first run), and a default policy when none is given
 *   evaluators  a CSV of judge and human labels -> cases, outputs and the rubric's criteria
 */
import type { Lang } from './core/contract/types.ts';
import type { ImportFile, ImportOptions, ImportOutcome } from './core/contract/imports.ts';
import { importMsg } from './core/contract/import_i18n.ts';

/** Options of importFor: the importer's own, k (RAG), and the lab's current texts (policy, rubric, cases kept). */
export interface LabImportOptions extends ImportOptions {
  k?: number;
  texts?: Record<string, string>;
  /** RAG: a cases text to keep instead of deriving cases from the qrels (the CLI's --cases). */
  casesText?: string;
}

/** Labs that import files. */
export const IMPORT_LABS = ['gate', 'rag', 'evaluators'] as const;

/**
 * Imports `files` for `labId` (module comment). The outcome's texts replace the lab's inputs they
 * name; the rest of the lab's texts stay. Never throws.
 */
export async function importFor(labId: string, files: readonly ImportFile[], options: LabImportOptions, lang: Lang): Promise<ImportOutcome> {
  const texts = options.texts ?? {};
  if (labId === 'gate') {
    const m = await import('./gate/import/index.ts');
    const r = m.importGate(files, options, lang);
    if (r.ok && r.summary.baseline !== null && r.summary.candidate !== null && texts.policy !== undefined) {
      r.texts.policy = m.withVersions(texts.policy, r.summary.baseline, r.summary.candidate);
    }
    return r;
  }
  if (labId === 'rag') {
    const m = await import('./rag/import/index.ts');
    return m.importRag(files, { k: options.k, policyText: texts.policy, casesText: options.casesText, variantsText: texts.variants }, lang);
  }
  if (labId === 'evaluators') {
    const m = await import('./evaluators/import/index.ts');
    if (files.length !== 1) return { ok: false, issues: [{ input: files.map((f) => f.name).join(', '), message: importMsg(lang).problems.mixed_formats }] };
    return m.importEvaluatorLabels(files[0], { rubricText: texts.rubric }, lang);
  }
  return { ok: false, issues: [{ input: labId, message: importMsg(lang).problems.unknown_format }] };
}
