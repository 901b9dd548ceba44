/**
 * The evaluator lab's case table: each case's human "pass" label as a button (flipped in the cases
 * text, in whichever layout it is written: JSON, JSONL or CSV; edit.ts), and what every evaluator's
 * judge said about it (a correct pass or block, a false pass, a false block, an unreadable output).
 * The summary beside it shows what the flip did to kappa, the false passes and the verdict. The
 * per-label flips and parse_ok stay in the detailed table below the results.
 */
import { useDeferredValue, useMemo } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { EvaluatorsResult } from '../../../../labs/evaluators/engine.ts';
import { evaluatorsMsg } from '../../../../labs/evaluators/i18n/index.ts';
import type { LabStateApi } from '../shared/useLabState.ts';
import { CaseTable, useCaseEdits, type CaseColumn } from '../shared/CaseTable.tsx';
import { isLargeText } from '../shared/labState.ts';
import { flipHumanLabel, readCases, readOutputs, type HumanCase } from './edit.ts';

const PASS = 'pass';

const TEXT = bilingual({
    title: 'Casos: cambia la etiqueta humana con un clic',
    help: 'El botón cambia la etiqueta humana «pass» (0 ↔ 1) del caso en el editor de casos, en su formato (JSON, JSONL o CSV). Cada columna de juez dice si acierta con esa etiqueta.',
    human: 'Humano: pass',
    judge: (id: string) => `Juez ${id}`,
    human_name: (id: string) => `${id}: las personas aprueban (pass = 1)`,
    unreadable: 'La tabla de casos vuelve cuando los textos de casos y de salidas se puedan leer (mira los problemas del editor).',
    failed: 'No se pudo editar: el caso ya no está en el texto de casos.',
    done: (id: string, v: number) => `Etiqueta humana «pass» de ${id} cambiada a ${v}.`,
}, {
    title: 'Cases: flip the human label with one click',
    help: 'The button flips the human “pass” label (0 ↔ 1) of the case in the cases editor, in its own layout (JSON, JSONL or CSV). Each judge column says whether it agrees with that label.',
    human: 'Human: pass',
    judge: (id: string) => `Judge ${id}`,
    human_name: (id: string) => `${id}: people pass it (pass = 1)`,
    unreadable: 'The case table comes back when the cases and outputs texts can be read (see the editor’s problems).',
    failed: 'Could not edit: the case is no longer in the cases text.',
    done: (id: string, v: number) => `Human “pass” label of ${id} changed to ${v}.`,
});

const rowId = (c: HumanCase) => c.case_id;

export function EvaluatorsCases({ result, lang, state }: { result: EvaluatorsResult; lang: Lang; state: LabStateApi }) {
  const t = TEXT[lang];
  const lm = evaluatorsMsg(lang);
  const { status, apply } = useCaseEdits(state);
  // read at low priority: typing in the editor never waits for the table
  const casesText = useDeferredValue(state.texts.cases ?? '');
  // read at low priority: typing in the editor never waits for the table
  const outsText = useDeferredValue(state.texts.outputs ?? '');
  const cases = useMemo(() => (isLargeText(casesText) ? null : readCases(casesText)), [casesText]);
  const outs = useMemo(() => (isLargeText(outsText) ? null : readOutputs(outsText)), [outsText]);
  const reports = useMemo(() => new Map(result.reports.map((r) => [r.evaluator_id, { fp: new Set(r.false_passes), fb: new Set(r.false_blocks) }])), [result]);
  const columns: CaseColumn<HumanCase>[] = (outs ?? []).map((o) => ({
    key: `judge-${o.evaluator_id}`,
    header: t.judge(o.evaluator_id),
    cell: (c: HumanCase) => {
      const run = o.runs.get(c.case_id);
      const r = reports.get(o.evaluator_id);
      if (!run) return '–';
      const j = run.scores.get(PASS) ?? null;
      const key = run.parse_ok === false ? 'parse_error' : r?.fp.has(c.case_id) ? 'false_pass' : r?.fb.has(c.case_id) ? 'false_block' : j === 1 ? 'true_pass' : 'true_block';
      const good = key === 'true_pass' || key === 'true_block';
      return <span className={good ? 'cell-ok' : 'cell-bad'} data-outcome={key}>{good ? '✓' : '✗'} {j ?? '–'} · {lm.outcomes[key]}</span>;
    },
  }));
  return (
    <CaseTable
      id="ev-case-table"
      lang={lang}
      title={t.title}
      help={t.help}
      rows={cases?.cases ?? []}
      rowId={rowId}
      disabledNote={cases && outs ? undefined : t.unreadable}
      columns={columns}
      toggles={[{
        key: 'human',
        plain: true,
        header: t.human,
        pressed: (c) => c.labels.get(PASS) === 1,
        text: (c) => String(c.labels.get(PASS) ?? '–'),
        label: (c) => t.human_name(c.case_id),
        onToggle: (c) => apply('cases', flipHumanLabel(state.texts.cases ?? '', c.case_id, PASS), t.failed, t.done(c.case_id, c.labels.get(PASS) === 1 ? 0 : 1)),
      }]}
      status={status}
    />
  );
}
