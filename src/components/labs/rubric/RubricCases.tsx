/**
 * The rubric lab's case table: each exam item with its expected terms, the tutor's answer and the
 * item's score, and the answer's verdict (the rubric's first "contains" axis, e.g. correctness) as a
 * button. Pressing it swaps the answer inside the item's output (edits.ts): a right answer becomes
 * an empty one (wrong), a wrong one becomes the expected terms (right); pressing again puts back the
 * answer it replaced, so two presses leave the learner's text as it was. The summary beside it
 * shows what one item's verdict does to the exam score, its interval and the gate.
 */
import { useMemo, useRef } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { ItemResult, RubricResult } from '../../../../labs/rubric/lab.ts';
import type { LabStateApi } from '../shared/useLabState.ts';
import { CaseTable, useCaseEdits } from '../shared/CaseTable.tsx';
import { fmt } from '../shared/format.tsx';
import { answerAxis, readAnswer, setAnswer } from './edits.ts';

const TEXT = bilingual({
    title: 'Ítems: cambia el veredicto de una respuesta con un clic',
    help: (axis: string, field: string) => `El botón cambia la respuesta («${field}») dentro de la salida del ítem, en el editor de ítems: una respuesta aceptada por el eje ${axis} pasa a vacía y una rechazada pasa a los términos esperados; otro clic devuelve la respuesta anterior.`,
    item: 'Ítem',
    expected: 'Esperado',
    got: 'Respuesta',
    score: 'Puntuación',
    verdict: (axis: string) => `Veredicto (${axis})`,
    ok: '✓ aceptada',
    bad: '✗ rechazada',
    name: (id: string, axis: string) => `${id}: respuesta aceptada (${axis})`,
    no_axis: 'La rúbrica no tiene un eje «contains» que lea la respuesta: no hay veredicto que cambiar.',
    failed: 'No se pudo editar: el ítem ya no está o su salida no tiene un objeto JSON.',
    done: (id: string, v: string) => `${id}: respuesta cambiada a «${v}».`,
}, {
    title: "Items: flip an answer's verdict with one click",
    help: (axis: string, field: string) => `The button changes the answer (“${field}”) inside the item's output, in the items editor: an answer the ${axis} axis accepts becomes empty, a rejected one becomes the expected terms; another press puts the previous answer back.`,
    item: 'Item',
    expected: 'Expected',
    got: 'Answer',
    score: 'Score',
    verdict: (axis: string) => `Verdict (${axis})`,
    ok: '✓ accepted',
    bad: '✗ rejected',
    name: (id: string, axis: string) => `${id}: answer accepted (${axis})`,
    no_axis: 'The rubric has no "contains" axis reading the answer: there is no verdict to flip.',
    failed: 'Could not edit: the item is gone or its output holds no JSON object.',
    done: (id: string, v: string) => `${id}: answer changed to “${v}”.`,
});

const rowId = (it: ItemResult) => it.item;

export function RubricCases({ result, lang, state }: { result: RubricResult; lang: Lang; state: LabStateApi }) {
  const t = TEXT[lang];
  const { status, apply } = useCaseEdits(state);
  const rubricText = state.texts.rubric ?? '';
  const axis = useMemo(() => answerAxis(rubricText), [rubricText]);
  // The answer each press replaced, per item (this visit only): the next press puts it back.
  const replaced = useRef(new Map<string, string>());
  const accepted = (it: ItemResult) => !!axis && it.breakdown[axis.name] === 1;
  return (
    <CaseTable
      id="rub-case-table"
      lang={lang}
      title={t.title}
      help={axis ? t.help(axis.name, axis.field) : undefined}
      rows={result.items}
      rowId={rowId}
      idHeader={t.item}
      disabledNote={axis ? undefined : t.no_axis}
      columns={[
        { key: 'expected', header: t.expected, cell: (it) => it.expected.join(', ') },
        { key: 'got', header: t.got, cell: (it) => <code>{it.got}</code> },
        { key: 'score', header: t.score, cell: (it) => fmt(it.score, lang, 4) },
      ]}
      toggles={axis ? [{
        key: 'verdict',
        header: t.verdict(axis.name),
        pressed: accepted,
        text: (it) => (accepted(it) ? t.ok : t.bad),
        label: (it) => t.name(it.item, axis.name),
        onToggle: (it) => {
          const text = state.texts.items ?? '';
          const now = readAnswer(text, it.item, axis.field);
          const back = replaced.current.get(it.item);
          const to = back !== undefined && back !== now ? back : accepted(it) ? '' : it.expected.join(', ');
          // a replaced answer is kept, so that the next press gives it back
          if (apply('items', setAnswer(text, it.item, axis.field, to), t.failed, t.done(it.item, to)) && now !== null) replaced.current.set(it.item, now);
        },
      }] : []}
      status={status}
    />
  );
}
