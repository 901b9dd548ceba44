/**
 * The RAG lab's importer (labs/core/contract/imports.ts): TREC files alone. One qrels file
 * (`qid iter docid rel`) and one or two run files (`qid Q0 docid rank score tag`), told apart by
 * their column count, become the lab's texts: `qrels`, `run`, `run_b` as they are, plus `cases`
 * derived from the qrels (one answerable case per query, in file order, judged by the qrels, its
 * ranked list taken from the first run: `"retrieved_from": "run"`, so the headline metrics are the
 * run's) and, when `policyText` is not given, a default policy with k alone and no threshold (the
 * verdict then fails with 'no_contract'). When the cases are derived, `variants` is the kept
 * `variantsText` or blank (a variant matrix belongs to the data it came with). Queries of a run
 * that the qrels do not list are counted in the summary and left out (the engine scores only the
 * cases and warns about them); queries of the qrels missing from a run are scored as empty lists
 * (every metric 0 for them, as `trec_eval -c` counts them). `importer` is the lab's LabImporter
 * (loaded on demand through labs/rag/meta.ts): the same import, and the command line's side of it.
 */
import type { InputIssue, Lang } from '../../core/contract/types.ts';
import type { ImportFile, ImportOutcome, LabImporter } from '../../core/contract/imports.ts';
import { fileText, importRecognized, leaveOut, newSummary } from '../../core/contract/imports.ts';
import { importMsg } from '../../core/contract/import_i18n.ts';
import { parseQrels, parseRun } from '../trec.ts';

/** Columns of the first data line (blank and # lines skipped), or 0. */
function columns(text: string): number {
  for (const line of text.split('\n')) {
    const s = line.trim();
    if (s === '' || s.startsWith('#')) continue;
    return s.split(/[ \t]+/).length;
  }
  return 0;
}

/** Options of the RAG import: k for the default policy (10 when absent), the existing texts kept. */
export interface RagImportOptions {
  k?: number;
  /** The policy text to keep; absent or blank: the default policy. */
  policyText?: string;
  /** A cases text to keep; absent or blank: cases derived from the qrels. */
  casesText?: string;
  /** A variants text to keep beside derived cases; absent: none. */
  variantsText?: string;
}

/**
 * Imports TREC files (module comment). Files that are neither qrels nor a run (a policy dropped
 * beside them, say) are not read and named in the summary's skipped_files, when another file is a
 * TREC file; when none is, each is an issue. Never throws.
 */
export function importRag(allFiles: readonly ImportFile[], options: RagImportOptions, lang: Lang): ImportOutcome {
  const cols = allFiles.map((f) => columns(fileText(f)));
  return importRecognized(allFiles, cols.map((c) => c === 4 || c === 6), importMsg(lang).problems.trec_unknown_format, (files) => importTrec(files, options, lang));
}

/** importRag on files that are each a qrels file (4 columns) or a run (6). */
function importTrec(files: readonly ImportFile[], options: RagImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  const qrelsFiles = files.filter((f) => columns(fileText(f)) === 4);
  const runFiles = files.filter((f) => columns(fileText(f)) === 6);
  const summary = newSummary('trec', files.map((f) => f.name));
  if (qrelsFiles.length !== 1 || runFiles.length < 1 || runFiles.length > 2) return { ok: false, issues: [{ input: summary.files.join(', '), message: t.trec_need_run }] };
  const qrelsText = fileText(qrelsFiles[0]);
  const qrels = parseQrels(qrelsText, qrelsFiles[0].name, lang);
  const runs = runFiles.map((f) => ({ f, text: fileText(f) })).map(({ f, text }) => ({ f, text, parsed: parseRun(text, f.name, lang) }));
  const issues: InputIssue[] = [];
  if (!qrels.ok) issues.push(...qrels.issues);
  for (const r of runs) if (!r.parsed.ok) issues.push(...r.parsed.issues);
  if (!qrels.ok || runs.some((r) => !r.parsed.ok)) return { ok: false, issues: issues.slice(0, 50), total_issues: issues.length };
  const q = qrels.ok ? qrels.value : null;
  const qids = [...q!.queries.keys()];
  const known = new Set(qids);
  summary.cases = qids.length;
  summary.rows = q!.judgments;
  for (const r of runs) {
    if (!r.parsed.ok) continue;
    summary.versions.push(r.parsed.value.tag);
    summary.rows += r.parsed.value.lines;
    for (const qid of r.parsed.value.queries.keys()) if (!known.has(qid)) leaveOut(summary, 'run_qid_not_in_qrels', `${r.parsed.value.tag}: ${qid}`);
  }
  summary.runs = 1;
  summary.mapped = [
    { from: 'qrels qid', to: 'case_id' },
    { from: 'qrels docid rel', to: 'gold (qrels)' },
    { from: 'run (score desc)', to: 'run' },
  ];
  const texts: Record<string, string> = { qrels: qrelsText, run: runs[0].text, run_b: runs[1]?.text ?? '' };
  const keepCases = options.casesText !== undefined && options.casesText.trim() !== '';
  if (!keepCases) {
    texts.cases = `${JSON.stringify(qids.map((id) => ({ case_id: id, answerable: true, retrieved_from: 'run' })), null, 2)}\n`;
    texts.variants = options.variantsText ?? '';
    summary.mapped[2] = { from: 'run (score desc)', to: 'retrieved (retrieved_from: run)' };
  }
  if (options.policyText === undefined || options.policyText.trim() === '') {
    texts.policy = `${JSON.stringify({ k: options.k ?? 10 }, null, 2)}\n`;
    summary.notes.push('default_policy');
  }
  return { ok: true, texts, summary, warnings: [] };
}

/** The cut-offs of `--k` ('1,3,5,10'), or null when they are not up to 20 integers from 1 to 1000. */
function cutoffsOf(arg: string): number[] | null {
  const ks = arg.split(',').map((x) => Number(x.trim()));
  return ks.some((k) => !Number.isInteger(k) || k < 1 || k > 1000) || ks.length > 20 ? null : ks;
}

const K_EXPECTED = { es: 'hasta 20 enteros entre 1 y 1000 separados por comas (1,3,5,10)', en: 'up to 20 integers from 1 to 1000, comma-separated (1,3,5,10)' };

/**
 * The RAG lab's importer (labs/core/contract/imports.ts, LabImporter). importFiles: importRag with
 * `options.k` (a number) and the kept texts of `options.texts` (policy, cases, variants: the CLI
 * passes the ones given; the page none). On the command line: `--k K[,K...]` and `--gain
 * exp|linear` set the view (the scorecard at the first k, every list at each: `cutoffs`), with or
 * without an import; --qrels and --run are imported when --cases or --policy is missing (and one
 * without the other is refused, naming the missing one); with both, the TREC files are the lab's
 * inputs as they are.
 */
export const importer: LabImporter = {
  importFiles(files, options, lang) {
    const texts = options.texts ?? {};
    return importRag(files, { k: typeof options.k === 'number' ? options.k : undefined, policyText: texts.policy, casesText: texts.cases, variantsText: texts.variants }, lang);
  },
  cli: {
    view(flags, defaultView, lang) {
      const t = importMsg(lang).problems;
      const kArg = flags.get('--k');
      const ks = kArg === undefined ? [] : cutoffsOf(kArg);
      if (ks === null) return { ok: false, message: t.bad_field('--k', K_EXPECTED[lang]) };
      const gain = flags.get('--gain');
      if (gain !== undefined && gain !== 'exp' && gain !== 'linear') return { ok: false, message: t.bad_field('--gain', 'exp | linear') };
      if (!ks.length && gain === undefined) return { ok: true, view: undefined };
      // --k 1,3,5,10: the scorecard at the first, and every list at each k (by_k, decision.md)
      const base = defaultView as Record<string, unknown>;
      return { ok: true, view: { ...base, k: ks.length ? ks[0] : null, gain: gain === 'linear' ? 'linear' : 'exponential', ...(ks.length ? { cutoffs: [...new Set(ks)] } : {}) } };
    },
    plan({ files, flags, texts, file }, lang) {
      const qrels = files.qrels?.[0];
      const run = files.run?.[0];
      if (files.cases !== undefined && files.policy !== undefined) return null;
      // Qrels without a run (or a run without qrels): say what is missing, not --cases and --policy.
      if ((qrels !== undefined) !== (run !== undefined)) return { ok: false, issues: [{ input: qrels !== undefined ? '--run' : '--qrels', message: importMsg(lang).problems.trec_need_run }] };
      if (qrels === undefined || run === undefined) return null;
      const runB = files.run_b?.[0];
      const k = flags.has('--k') ? cutoffsOf(flags.get('--k')!)?.[0] : undefined;
      return { files: [file(qrels), file(run), ...(runB !== undefined ? [file(runB)] : [])], options: { k, texts } };
    },
  },
};
