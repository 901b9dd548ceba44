/**
 * The gate lab's case table: each case's slice and weight, whether the baseline and the candidate
 * pass it, and its rule as a button: "must abstain" yes / no (edits.ts flips it in the cases text).
 * Flipping the rule flips the versions' pass/fail on that case; the summary beside it shows what
 * that does to the quality delta, the critical failures and the verdict.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { GateResult, CaseResult } from '../../../../labs/gate/lab.ts';
import type { LabStateApi } from '../shared/useLabState.ts';
import { CaseTable, useCaseEdits } from '../shared/CaseTable.tsx';
import { fmt } from '../shared/format.tsx';
import { flipMustAbstain } from './edits.ts';

const TEXT = bilingual({
    title: 'Casos: cambia la regla de un caso con un clic',
    help: 'Cada caso aprueba si la respuesta contiene los términos esperados o, si debe abstenerse, si se abstiene. El botón cambia must_abstain en la línea del caso, en el editor de casos.',
    slice: 'Segmento · peso',
    baseline: (name: string) => (name === 'baseline' ? 'baseline' : `${name} (baseline)`),
    candidate: (name: string) => (name === 'candidate' ? 'candidate (candidata)' : `${name} (candidata)`),
    pass: '✓ aprueba',
    fail: '✗ falla',
    critical: 'crítico',
    runs: (p: number, n: number) => `${p} de ${n} ejecuciones`,
    failed_assertions: 'Aserciones que fallan',
    abstain: 'Debe abstenerse',
    yes: 'sí',
    no: 'no',
    abstain_name: (id: string) => `${id}: debe abstenerse`,
    failed: 'No se pudo editar: el caso ya no está en el texto de casos.',
    done: (id: string, v: boolean) => `${id}: must_abstain pasa a ${v}.`,
}, {
    title: "Cases: flip a case's rule with one click",
    help: "A case passes when the answer contains the expected terms or, when it must abstain, when it abstains. The button flips must_abstain on the case's line, in the cases editor.",
    slice: 'Slice · weight',
    baseline: (name: string) => (name === 'baseline' ? 'baseline' : `${name} (baseline)`),
    candidate: (name: string) => (name === 'candidate' ? 'candidate' : `${name} (candidate)`),
    pass: '✓ passes',
    fail: '✗ fails',
    critical: 'critical',
    runs: (p: number, n: number) => `${p} of ${n} runs`,
    failed_assertions: 'Failing assertions',
    abstain: 'Must abstain',
    yes: 'yes',
    no: 'no',
    abstain_name: (id: string) => `${id}: must abstain`,
    failed: 'Could not edit: the case is no longer in the cases text.',
    done: (id: string, v: boolean) => `${id}: must_abstain is now ${v}.`,
});

interface Row { c: CaseResult; b: CaseResult | undefined }
const rowId = (r: Row) => r.c.case_id;
const mustAbstain = (r: CaseResult) => r.reason === 'abstained' || r.reason === 'answered_instead_of_abstaining';

/**
 * The failing per-assertion results an imported row kept (promptfoo's componentResults), over the
 * case's runs, each "type: reason" once, in run order; at most 3 (the rest counted). Text from the
 * file, rendered as text.
 */
function failedAssertions(r: CaseResult): { shown: string[]; more: number } {
  const seen: string[] = [];
  for (const run of r.runs) for (const a of run.assertions ?? []) {
    if (a.pass) continue;
    const text = a.type ? `${a.type}: ${a.reason}` : a.reason;
    if (text !== '' && !seen.includes(text)) seen.push(text);
  }
  return { shown: seen.slice(0, 3), more: Math.max(0, seen.length - 3) };
}

function Outcome({ r, lang }: { r: CaseResult | undefined; lang: Lang }) {
  const t = TEXT[lang];
  if (!r) return <>–</>;
  const failed = failedAssertions(r);
  return (
    <span className={r.passed ? 'cell-ok' : 'cell-bad'} data-passed={r.passed ? 'true' : 'false'}>
      {r.passed ? t.pass : t.fail}{r.critical_failure && <> · <strong>{t.critical}</strong></>}
      {r.runs_total > 1 && <span className="case-note">{t.runs(r.runs_passed, r.runs_total)}</span>}
      {failed.shown.length > 0 && (
        <span className="case-note" data-testid="failed-assertions">
          {t.failed_assertions}: {failed.shown.join('; ')}{failed.more > 0 && ` (+${failed.more})`}
        </span>
      )}
    </span>
  );
}

export function GateCases({ result, lang, state }: { result: GateResult; lang: Lang; state: LabStateApi }) {
  const t = TEXT[lang];
  const { status, apply } = useCaseEdits(state);
  const base = new Map(result.baseline.results.map((r) => [r.case_id, r]));
  const rows: Row[] = result.candidate.results.map((c) => ({ c, b: base.get(c.case_id) }));
  return (
    <CaseTable
      id="gate-case-table"
      lang={lang}
      title={t.title}
      help={t.help}
      rows={rows}
      rowId={rowId}
      columns={[
        { key: 'slice', header: t.slice, cell: (r) => <>{r.c.slice} · {fmt(r.c.weight, lang, 4)}</> },
        { key: 'baseline', header: t.baseline(result.baseline.name), cell: (r) => <Outcome r={r.b} lang={lang} /> },
        { key: 'candidate', header: t.candidate(result.candidate.name), cell: (r) => <Outcome r={r.c} lang={lang} /> },
      ]}
      toggles={[{
        key: 'must_abstain',
        plain: true,
        header: t.abstain,
        pressed: (r) => mustAbstain(r.c),
        text: (r) => (mustAbstain(r.c) ? t.yes : t.no),
        label: (r) => t.abstain_name(r.c.case_id),
        onToggle: (r) => apply('cases', flipMustAbstain(state.texts.cases ?? '', r.c.case_id), t.failed, t.done(r.c.case_id, !mustAbstain(r.c))),
      }]}
      status={status}
    />
  );
}
