/**
 * The RAG lab's case table: one row per retrieved chunk of every case (case, rank, chunk), with the
 * case's nDCG@k, and the chunk's relevance grade as a button that steps 0 → 1 → 2 → 3 → 0 (the kit's
 * scale) in the case's gold_chunks (edits.ts, jsonc-parser's `modify`: the rest of the learner's
 * text stays as typed). The summary beside it shows what the grade did to the retrieval metrics and
 * the verdict. When the judgments come from a qrels file, the grades are edited there instead
 * (the trace panel below edits both).
 */
import { useDeferredValue, useMemo } from 'react';
import { parse, type ParseError } from 'jsonc-parser';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { RagResult } from '../../../../labs/rag/engine.ts';
import type { LabStateApi } from '../shared/useLabState.ts';
import { CaseTable, useCaseEdits } from '../shared/CaseTable.tsx';
import { fmt } from '../shared/format.tsx';
import { isLargeText } from '../shared/labState.ts';
import { setGoldGrade } from './edits.ts';

/** The kit's grade scale: 0 (not relevant) to 3. */
const MAX_GRADE = 3;

const TEXT = bilingual({
    title: 'Relevancia: cambia el grado de un fragmento con un clic',
    help: 'Una fila por fragmento recuperado de cada caso. El botón del grado pasa 0 → 1 → 2 → 3 → 0 en gold_chunks del caso, en el editor de casos (0: no relevante).',
    case_rank: 'Caso · rango',
    chunk: 'Fragmento',
    ndcg: 'nDCG@k del caso',
    grade: 'Grado',
    name: (id: string, rank: number, chunk: string) => `${id}, rango ${rank}, ${chunk}, grado actual y siguiente`,
    unreadable: 'La tabla vuelve cuando el texto de casos se pueda leer (mira los problemas del editor).',
    qrels: 'Los juicios de relevancia vienen del archivo qrels: cambia los grados allí o en la traza de un caso, más abajo.',
    failed: 'No se pudo editar: el caso ya no está en el texto de casos.',
    done: (id: string, chunk: string, g: number) => `${id}: grado de ${chunk} cambiado a ${g}.`,
}, {
    title: "Relevance: change a chunk's grade with one click",
    help: "One row per retrieved chunk of every case. The grade's button steps 0 → 1 → 2 → 3 → 0 in the case's gold_chunks, in the cases editor (0: not relevant).",
    case_rank: 'Case · rank',
    chunk: 'Chunk',
    ndcg: "Case's nDCG@k",
    grade: 'Grade',
    name: (id: string, rank: number, chunk: string) => `${id}, rank ${rank}, ${chunk}, grade now and next`,
    unreadable: 'The table comes back when the cases text can be read (see the editor’s problems).',
    qrels: 'The relevance judgments come from the qrels file: change the grades there, or in a case’s trace below.',
    failed: 'Could not edit: the case is no longer in the cases text.',
    done: (id: string, chunk: string, g: number) => `${id}: grade of ${chunk} changed to ${g}.`,
});

interface Row { id: string; case_id: string; rank: number; chunk: string; grade: number }
const rowId = (r: Row) => r.id;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const nextGrade = (g: number) => (g >= MAX_GRADE || g < 0 ? 0 : Math.floor(g) + 1);

/** The rows of a cases text (a JSON array of cases); null when it cannot be read. */
function readRows(text: string): Row[] | null {
  const errors: ParseError[] = [];
  const v: unknown = parse(text, errors);
  if (errors.length || !Array.isArray(v)) return null;
  const rows: Row[] = [];
  for (const c of v) {
    if (!isObj(c) || typeof c.case_id !== 'string' || !Array.isArray(c.retrieved)) continue;
    const gold = isObj(c.gold_chunks) ? c.gold_chunks : {};
    c.retrieved.forEach((r, i) => {
      const chunk = isObj(r) && typeof r.chunk_id === 'string' ? r.chunk_id : typeof r === 'string' ? r : null;
      if (chunk === null) return;
      const g = Object.prototype.hasOwnProperty.call(gold, chunk) ? gold[chunk] : 0;
      rows.push({ id: `${c.case_id as string} @${i + 1}`, case_id: c.case_id as string, rank: i + 1, chunk, grade: typeof g === 'number' ? g : 0 });
    });
  }
  return rows;
}

export function RagCases({ result, lang, state }: { result: RagResult; lang: Lang; state: LabStateApi }) {
  const t = TEXT[lang];
  const { status, apply } = useCaseEdits(state);
  // read at low priority: typing in the editor never waits for the table
  const text = useDeferredValue(state.texts.cases ?? '');
  const rows = useMemo(() => (isLargeText(text) ? null : readRows(text)), [text]);
  const ndcg = useMemo(() => new Map(result.per_case.map((r) => [r.case_id, r.ndcg_at_k])), [result]);
  const qrels = (state.texts.qrels ?? '').trim() !== '';
  return (
    <CaseTable
      id="rag-case-table"
      lang={lang}
      title={t.title}
      help={t.help}
      idHeader={t.case_rank}
      rows={rows ?? []}
      rowId={rowId}
      limit={30}
      disabledNote={qrels ? t.qrels : rows ? undefined : t.unreadable}
      columns={[
        { key: 'chunk', header: t.chunk, cell: (r) => <code>{r.chunk}</code> },
        { key: 'ndcg', header: t.ndcg, cell: (r) => fmt(ndcg.get(r.case_id) ?? null, lang, 4) },
      ]}
      toggles={[{
        key: 'grade',
        header: t.grade,
        text: (r) => `${r.grade} → ${nextGrade(r.grade)}`,
        label: (r) => t.name(r.case_id, r.rank, r.chunk),
        onToggle: (r) => {
          const g = nextGrade(r.grade);
          apply('cases', setGoldGrade(state.texts.cases ?? '', r.case_id, r.chunk, g), t.failed, t.done(r.case_id, r.chunk, g));
        },
      }]}
      status={status}
    />
  );
}
