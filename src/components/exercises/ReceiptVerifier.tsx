/**
 * The syllabus page's receipt verifier: an instructor drops (or picks) receipt files and sees, per
 * receipt, whether it is valid and why not, plus the same CSV summary the command line prints
 * (`npm run --silent lab -- exercise verify ...`). The same code verifies (labs/core/contract/receipt.ts)
 * with the same engine (labs/runner.ts, here on the main thread, loaded on the first drop); the
 * course's exercises come from the static definitions file (src/pages/ejercicios/definitions.json.ts).
 * Every dropped file is untrusted: read as text and parsed as the CLI does (verifyReceiptText: JSON,
 * then the receipt's zod schema, a problem named by line and field in the page's language).
 */
import '../../lib/zod-csp.ts';
import { useState } from 'react';
import type { Lang } from '../../../labs/core/contract/types.ts';
import type { Verification, VerifyHost } from '../../../labs/core/contract/receipt.ts';
import type { ExerciseSpec } from '../../../labs/core/contract/exercise.ts';
import { exerciseMsg, inputLabel } from '../../../labs/core/contract/exercise_messages.ts';
import { ui } from '../../i18n/index.ts';
import { downloadText } from '../labs/shared/labState.ts';

/** Receipts larger than this are refused unread (a receipt with the biggest preset is a few hundred KB). */
const MAX_RECEIPT_BYTES = 20 * 1024 * 1024;

async function browserHost(lang: Lang): Promise<VerifyHost> {
  const [{ createRunner }, { labMeta }, { resolveStartTexts, loadPresetTexts }, { formatIssue }] = await Promise.all([
    import('../../../labs/runner.ts'),
    import('../../../labs/manifest.ts'),
    import('../../lib/presets.ts'),
    import('../../../labs/core/contract/issues.ts'),
  ]);
  const res = await fetch(`${import.meta.env.BASE_URL.replace(/\/?$/, '/')}${lang === 'es' ? 'ejercicios' : 'en/exercises'}/definitions.json`);
  const defs = (await res.json()) as Record<string, Record<string, ExerciseSpec>>;
  const runner = createRunner();
  return {
    exercise: async (id, lang) => (Object.prototype.hasOwnProperty.call(defs[lang] ?? {}, id) ? defs[lang][id] : undefined),
    labInputs: (lab) => labMeta(lab)?.inputs,
    startTexts: async (spec, lang) => {
      const blank = Object.fromEntries((labMeta(spec.lab)?.inputs ?? []).map((i) => [i.name, '']));
      return { ...blank, ...(await loadPresetTexts(spec.lab, lang)), ...(await resolveStartTexts(spec.lab, spec.start.texts)) };
    },
    run: async (lab, texts, lang, view) => {
      const out = await runner.runAny(lab, texts, lang, view);
      return out.ok ? { ok: true, result: out.result } : { ok: false, message: out.issues.slice(0, 3).map((i) => formatIssue({ ...i, input: inputLabel(labMeta(lab)?.inputs, i.input, lang) }, lang)).join('; ') };
    },
  };
}

export default function ReceiptVerifier({ lang }: { lang: Lang }) {
  const t = ui(lang).course.syllabus;
  const m = exerciseMsg(lang).receipt;
  const [rows, setRows] = useState<{ file: string; v: Verification }[]>([]);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

  const verify = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    try {
      const [{ verifyReceiptText }, host] = await Promise.all([import('../../../labs/core/contract/receipt.ts'), browserHost(lang)]);
      const out: { file: string; v: Verification }[] = [];
      for (const f of files) {
        const fail = (reason: string): Verification => ({ valid: false, id: '', version: null, lang: null, completed_at: null, tries: null, reasons: [reason] });
        if (f.size > MAX_RECEIPT_BYTES) { out.push({ file: f.name, v: fail(m.read_error(`${f.size} B`)) }); continue; }
        out.push({ file: f.name, v: await verifyReceiptText(await f.text(), host, lang) });
      }
      setRows(out);
    } catch (e) {
      setRows([{ file: '', v: { valid: false, id: '', version: null, lang: null, completed_at: null, tries: null, reasons: [m.replay(e instanceof Error ? e.message : String(e))] } }]);
    } finally {
      setBusy(false);
    }
  };

  const csv = async () => {
    const { verificationCsv } = await import('../../../labs/core/contract/receipt.ts');
    downloadText('receipts.csv', verificationCsv(rows, lang), 'text/csv');
  };

  return (
    <div data-testid="receipt-verifier">
      <div className={over ? 'receipt-drop over' : 'receipt-drop'}
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => { e.preventDefault(); setOver(false); void verify([...e.dataTransfer.files]); }}>
        <label>{t.receipts_pick} <input type="file" accept=".json,application/json" multiple onChange={(e) => void verify([...(e.currentTarget.files ?? [])])} data-testid="receipt-input" /></label>
        <p className="help">{t.receipts_drop}</p>
      </div>
      {busy && <p role="status">{t.receipts_busy}</p>}
      {rows.length > 0 && (
        <>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t.receipts_h}>
            <table data-testid="receipt-table">
              <thead><tr><th scope="col">{t.receipts_file}</th><th scope="col">{t.col_exercise}</th><th scope="col">{t.receipts_status}</th><th scope="col">{t.receipts_completed}</th><th scope="col">{t.receipts_tries}</th><th scope="col">{t.receipts_reason}</th></tr></thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} data-valid={r.v.valid ? 'true' : 'false'}>
                    <td>{r.file}</td>
                    <td>{r.v.id ? `${r.v.id} v${r.v.version ?? '?'} (${r.v.lang ?? '?'})` : '—'}</td>
                    <td>{r.v.valid ? m.valid : m.invalid}</td>
                    <td>{r.v.completed_at ? new Date(r.v.completed_at).toLocaleString(lang) : '—'}</td>
                    <td>{r.v.tries ?? '—'}</td>
                    <td>{r.v.reasons.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" onClick={() => void csv()} data-testid="receipt-csv">{t.receipts_csv}</button>
        </>
      )}
    </div>
  );
}
