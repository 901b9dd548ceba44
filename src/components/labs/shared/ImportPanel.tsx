/**
 * Import of results the learner already has (labs/imports.ts): a button and a drop zone for one or
 * more files (a promptfoo export, Inspect logs, a results CSV, TREC files, a labels CSV). The files'
 * bytes go to a worker (an Inspect .eval archive is unzipped there, never on this thread), which
 * returns the lab's input texts and a summary; the texts replace the lab's inputs (as a pending
 * state when they would replace the learner's work) and the summary is shown in the page's
 * language. With more than two versions (gate), the learner picks the baseline and the candidate;
 * with several Inspect scorers, the scorer; each choice imports the same files again.
 */
import { useRef, useState, type DragEvent } from 'react';
import * as Comlink from 'comlink';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { LabImporterSpec } from '../../../../labs/core/contract/lab.ts';
import type { WorkerApi } from '../../../../labs/worker.ts';
import type { ImportOutcome } from '../../../../labs/core/contract/imports.ts';
import { describeImport } from '../../../../labs/core/contract/imports.ts';
import { importMsg } from '../../../../labs/core/contract/import_i18n.ts';
import { formatIssue } from '../../../../labs/core/contract/issues.ts';
import type { LabStateApi } from './useLabState.ts';

interface Props {
  /** The lab's meta (labs/<id>/meta.ts): its id, and its importer when it has one. */
  meta: { id: string; importer?: LabImporterSpec };
  /** The control's label in the page's language (the island's strings): what this lab imports. */
  label: string;
  lang: Lang;
  state: LabStateApi;
}

type Picked = { name: string; bytes: Uint8Array }[];
interface Choice { baseline?: string; candidate?: string; scorer?: string }

async function runImport(labId: string, reads: readonly string[], files: Picked, choice: Choice, texts: Record<string, string>, lang: Lang): Promise<ImportOutcome> {
  const worker = new Worker(new URL('../../../../labs/worker.ts', import.meta.url), { type: 'module' });
  try {
    const api = Comlink.wrap<WorkerApi>(worker);
    // Only the texts the lab's importer reads (its meta's `importer.reads`: the gate's policy, the
    // evaluators' rubric; none for a lab whose import starts afresh).
    const keep: Record<string, string> = {};
    for (const k of reads) if (texts[k] !== undefined) keep[k] = texts[k];
    return await api.importFiles(labId, files.map((f) => ({ name: f.name, bytes: f.bytes })), { ...choice, texts: keep }, lang);
  } finally {
    worker.terminate();
  }
}

/**
 * The import control of a lab whose meta declares an importer (LabMeta.importer, which names the
 * texts sent with the files). A lab without one gets nothing (no control).
 */
export function ImportPanel(props: Props) {
  const importer = props.meta.importer;
  return importer ? <ImportControl {...props} importer={importer} /> : null;
}

function ImportControl({ meta, importer, label, lang, state }: Props & { importer: LabImporterSpec }) {
  const t = importMsg(lang).page;
  const [files, setFiles] = useState<Picked | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const seq = useRef(0);

  const go = async (picked: Picked, choice: Choice) => {
    const id = ++seq.current;
    setBusy(true);
    try {
      const r = await runImport(meta.id, importer.reads, picked, choice, state.texts, lang);
      if (id !== seq.current) return;
      setOutcome(r);
      if (r.ok) state.importTexts(r.texts, picked.map((f) => f.name).join(', '));
    } catch (err) {
      if (id === seq.current) setOutcome({ ok: false, issues: [{ input: picked.map((f) => f.name).join(', '), message: err instanceof Error ? err.message : String(err) }] });
    } finally {
      if (id === seq.current) setBusy(false);
    }
  };
  const take = async (list: FileList | File[]) => {
    const arr = [...list];
    if (!arr.length) return;
    const picked = await Promise.all(arr.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
    setFiles(picked);
    await go(picked, {});
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) void take(e.dataTransfer.files);
  };
  const s = outcome?.ok ? outcome.summary : null;
  const choose = (patch: Choice) => {
    if (!files || !s) return;
    void go(files, { baseline: s.baseline ?? undefined, candidate: s.candidate ?? undefined, scorer: s.scorer ?? undefined, ...patch });
  };
  return (
    <section
      className={`lab-import${over ? ' drag-over' : ''}`}
      aria-label={label}
      data-testid="import-panel"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label className="file-button">
        {label}
        <input
          type="file"
          multiple
          data-testid="import-input"
          onChange={(e) => {
            const fl = e.currentTarget.files;
            if (fl) void take([...fl]);
            e.currentTarget.value = '';
          }}
        />
      </label>{' '}
      <span className="help">{busy ? t.reading : t.hint}</span>
      {s && (
        <div className="import-summary" role="status" data-testid="import-summary" data-format={s.format}>
          <h3>{t.summary_heading}</h3>
          <ul>{describeImport(s, lang).map((line, i) => <li key={i}>{line}</li>)}</ul>
          {s.versions.length > 2 && s.baseline !== null && (
            <p className="import-choices">
              <label>
                {t.baseline}{' '}
                <select value={s.baseline} onChange={(e) => choose({ baseline: e.currentTarget.value })} data-testid="import-baseline">
                  {s.versions.map((v) => <option key={v} value={v}>{v}</option>)}
                </select>
              </label>{' '}
              <label>
                {t.candidate}{' '}
                <select value={s.candidate ?? ''} onChange={(e) => choose({ candidate: e.currentTarget.value })} data-testid="import-candidate">
                  {s.versions.map((v) => <option key={v} value={v}>{v}</option>)}
                </select>
              </label>
            </p>
          )}
          {s.scorers.length > 1 && s.scorer !== null && (
            <p className="import-choices">
              <label>
                {t.scorer}{' '}
                <select value={s.scorer} onChange={(e) => choose({ scorer: e.currentTarget.value })} data-testid="import-scorer">
                  {s.scorers.map((v) => <option key={v} value={v}>{v}</option>)}
                </select>
              </label>
            </p>
          )}
        </div>
      )}
      {outcome && !outcome.ok && (
        <div className="issues" role="alert" data-testid="import-issues">
          <h3>{t.problems_heading}</h3>
          <ul>{outcome.issues.map((iss, i) => <li key={i}>{formatIssue(iss, lang)}</li>)}</ul>
        </div>
      )}
    </section>
  );
}

export default ImportPanel;
