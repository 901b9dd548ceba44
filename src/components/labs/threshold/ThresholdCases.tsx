/**
 * The threshold lab's case table: each case's score, slice and action at the chosen pair, and its
 * true label as a button that flips it in the cases text (edits.ts). The summary beside it shows
 * what the flip did to the cost, the recall and the verdict.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { PolicyEvaluation } from '../../../../labs/threshold/lab.ts';
import type { LabStateApi } from '../shared/useLabState.ts';
import { CaseTable, useCaseEdits } from '../shared/CaseTable.tsx';
import { fmt } from '../shared/format.tsx';
import { flipCaseLabel } from './edits.ts';

type Decision = PolicyEvaluation['decisions'][number];

const TEXT = bilingual({
    title: 'Casos: cambia una etiqueta con un clic',
    help: 'El botón de la etiqueta real cambia 0 ↔ 1 en la línea del caso, en el editor de casos.',
    score: 'Puntuación',
    slice: 'Segmento',
    action: 'Acción en el par elegido',
    review: 'revisión',
    label: 'Etiqueta real',
    label_name: (id: string) => `${id}: etiqueta positiva (1)`,
    failed: 'No se pudo editar: el caso ya no está en el texto de casos.',
    done: (id: string, v: number) => `Etiqueta de ${id} cambiada a ${v}.`,
}, {
    title: 'Cases: flip a label with one click',
    help: "The true label's button flips 0 ↔ 1 on the case's line, in the cases editor.",
    score: 'Score',
    slice: 'Slice',
    action: 'Action at the chosen pair',
    review: 'review',
    label: 'True label',
    label_name: (id: string) => `${id}: positive label (1)`,
    failed: 'Could not edit: the case is no longer in the cases text.',
    done: (id: string, v: number) => `Label of ${id} changed to ${v}.`,
});

const rowId = (d: Decision) => d.case_id;

export function ThresholdCases({ sel, lang, state }: { sel: PolicyEvaluation; lang: Lang; state: LabStateApi }) {
  const t = TEXT[lang];
  const { status, apply } = useCaseEdits(state);
  return (
    <CaseTable
      id="thr-case-table"
      lang={lang}
      title={t.title}
      help={t.help}
      rows={sel.decisions}
      rowId={rowId}
      rowClass={(d) => `action-${d.action === 'review' ? 'review' : 'auto'}`}
      columns={[
        { key: 'score', header: t.score, cell: (d) => fmt(d.score, lang, 2) },
        { key: 'slice', header: t.slice, cell: (d) => d.slice },
        { key: 'action', header: t.action, cell: (d) => (d.action === 'review' ? t.review : d.action) },
      ]}
      toggles={[{
        key: 'label',
        plain: true,
        header: t.label,
        pressed: (d) => d.label === 1,
        text: (d) => String(d.label),
        label: (d) => t.label_name(d.case_id),
        onToggle: (d) => apply('cases', flipCaseLabel(state.texts.cases ?? '', d.case_id), t.failed, t.done(d.case_id, d.label === 1 ? 0 : 1)),
      }]}
      status={status}
    />
  );
}
