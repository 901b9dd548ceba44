/**
 * The calibration lab's case table: each case's split, score and true label, read from the cases
 * text (edits.ts); the label's button flips it (0 <-> 1) or, in the K-class format, moves it to the
 * next class. The summary beside it shows what the change did to the calibration error, the Brier
 * score and the verdict.
 */
import { useDeferredValue, useMemo } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { LabStateApi } from '../shared/useLabState.ts';
import { CaseTable, useCaseEdits } from '../shared/CaseTable.tsx';
import { fmt } from '../shared/format.tsx';
import { isLargeText } from '../shared/labState.ts';
import { nextLabel, readCalCases, setCalLabel, type CalCase } from './edits.ts';

const TEXT = bilingual({
    title: 'Casos: cambia una etiqueta con un clic',
    help_binary: 'El botón de la etiqueta real cambia 0 ↔ 1 en la fila del caso, en el editor de casos.',
    help_multi: 'El botón de la clase real la cambia a la siguiente clase del archivo, en la fila del caso del editor de casos.',
    split: 'Partición',
    score: 'raw_score',
    score_multi: 'Prob. de la clase real',
    label: 'Etiqueta real',
    label_multi: 'Clase real',
    label_name: (id: string) => `${id}: etiqueta positiva (1)`,
    class_name: (id: string) => `${id}, clase real actual y siguiente`,
    unreadable: 'La tabla de casos vuelve cuando el texto de casos se pueda leer (mira los problemas del editor).',
    failed: 'No se pudo editar: el caso ya no está en el texto de casos.',
    done: (id: string, v: string) => `Etiqueta de ${id} cambiada a ${v}.`,
}, {
    title: 'Cases: flip a label with one click',
    help_binary: "The true label's button flips 0 ↔ 1 on the case's row, in the cases editor.",
    help_multi: "The true class's button moves it to the file's next class, on the case's row in the cases editor.",
    split: 'Split',
    score: 'raw_score',
    score_multi: 'Prob. of the true class',
    label: 'True label',
    label_multi: 'True class',
    label_name: (id: string) => `${id}: positive label (1)`,
    class_name: (id: string) => `${id}, true class now and next`,
    unreadable: 'The case table comes back when the cases text can be read (see the editor’s problems).',
    failed: 'Could not edit: the case is no longer in the cases text.',
    done: (id: string, v: string) => `Label of ${id} changed to ${v}.`,
});

const rowId = (c: CalCase) => c.case_id;

export function CalibrationCases({ lang, state }: { lang: Lang; state: LabStateApi }) {
  const t = TEXT[lang];
  const { status, apply } = useCaseEdits(state);
  // read at low priority: typing in the editor never waits for the table
  const text = useDeferredValue(state.texts.cases ?? '');
  // A file too big for the editor is not read here either (LargeTextPreview shows it).
  const cases = useMemo(() => (isLargeText(text) ? null : readCalCases(text)), [text]);
  const classes = cases?.classes ?? null;
  const multi = classes !== null;
  return (
    <CaseTable
      id="cal-case-table"
      lang={lang}
      title={t.title}
      help={multi ? t.help_multi : t.help_binary}
      rows={cases?.rows ?? []}
      rowId={rowId}
      disabledNote={cases ? undefined : t.unreadable}
      columns={[
        { key: 'split', header: t.split, cell: (c) => c.split },
        { key: 'score', header: multi ? t.score_multi : t.score, cell: (c) => fmt(c.score, lang, 4) },
      ]}
      toggles={[{
        key: 'label',
        plain: true,
        header: multi ? t.label_multi : t.label,
        pressed: multi ? undefined : (c) => c.label === '1',
        text: (c) => (multi ? `${c.label} → ${nextLabel(c.label, classes)}` : c.label),
        label: (c) => (multi ? t.class_name(c.case_id) : t.label_name(c.case_id)),
        onToggle: (c) => {
          const to = nextLabel(c.label, classes);
          apply('cases', setCalLabel(state.texts.cases ?? '', c.case_id, to), t.failed, t.done(c.case_id, to));
        },
      }]}
      status={status}
    />
  );
}
