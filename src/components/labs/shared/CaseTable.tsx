/**
 * The case table every lab offers for direct manipulation (issue 18): one row per case, the lab's
 * columns, and toggle buttons that flip what the learner thinks in (a label, a pass/fail, a
 * relevance grade, a human label, an approval, an answer's verdict). A button calls the lab's edit
 * function, which rewrites only the characters it changes in the learner's text (jsonc-parser's
 * `modify` for JSON, the one line for JSONL, the one cell for CSV); the worker then recomputes, and
 * the summary beside the inputs shows what the flip changed.
 *
 * Keyboard: all the buttons together are ONE tab stop (roving tabindex, as in the WAI-ARIA grid
 * pattern): the arrow keys move between rows (up, down) and between a row's buttons (left, right),
 * Home and End go to the first and last row shown, Space or Enter flips. A two-state button
 * carries aria-pressed; a button that steps through more values (a grade, a class) does not, and its
 * name says the value it holds and the one it goes to.
 *
 * Big inputs: only the first `limit` rows that match the filter are drawn (a filter by case id
 * reaches any other), never 10^4 rows. Rows are identified by their id (a string from data); they
 * live in arrays and Maps only.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from './bilingual.ts';
import { LabPanel, DataTable } from './Panel.tsx';
import '../../../styles/case-table.css';

/** A column that only shows a value of the row. */
export interface CaseColumn<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
}

/** A column of buttons that edit the learner's text. */
export interface CaseToggle<R> {
  key: string;
  header: string;
  /** Two-state buttons: whether the row's value is "on" (aria-pressed). undefined: a button that steps through values. */
  pressed?: (row: R) => boolean;
  /** The button's visible text (the value it holds). */
  text: (row: R) => string;
  /**
   * What the button is about (for a two-state button: what "pressed" means on this row); its
   * accessible name is this, then its visible text (WCAG 2.5.3: the name contains what is shown).
   */
  label: (row: R) => string;
  /** Rows whose value cannot be flipped here (the button stays focusable, marked aria-disabled). */
  disabled?: (row: R) => boolean;
  /** No good/bad colours on the two states (when neither state is a failure, e.g. a rule). */
  plain?: boolean;
  onToggle: (row: R) => void;
}

const TEXT = bilingual({
    filter: 'Filtrar por id de caso',
    shown: (shown: number, total: number) => `Se muestran ${shown} de ${total} filas; filtra por id para llegar a las demás.`,
    all: (n: number) => (n === 1 ? '1 fila.' : `${n} filas.`),
    none: 'Ninguna fila coincide con el filtro.',
    keys: 'Los botones de la tabla son una sola parada de tabulación: las flechas se mueven entre casos y entre botones, Espacio o Intro cambia el valor. El editor se actualiza en su sitio y el resumen muestra el efecto.',
    case_id: 'Caso',
}, {
    filter: 'Filter by case id',
    shown: (shown: number, total: number) => `Showing ${shown} of ${total} rows; filter by id to reach the others.`,
    all: (n: number) => (n === 1 ? '1 row.' : `${n} rows.`),
    none: 'No row matches the filter.',
    keys: "The table's buttons are a single tab stop: the arrow keys move between cases and between buttons, Space or Enter changes the value. The editor is updated in place and the summary shows the effect.",
    case_id: 'Case',
});

interface Props<R> {
  /** Id of the panel's heading (unique on the page). */
  id: string;
  lang: Lang;
  title: string;
  /** One line under the title: what a flip edits. */
  help?: ReactNode;
  rows: readonly R[];
  rowId: (row: R) => string;
  /** The row header's content (default: the id). */
  rowHeader?: (row: R) => ReactNode;
  /** The row header's column name (default "Case"). */
  idHeader?: string;
  columns: CaseColumn<R>[];
  toggles: CaseToggle<R>[];
  /** A class for a row (e.g. its outcome). */
  rowClass?: (row: R) => string | undefined;
  /** Rows drawn at most (default 25). */
  limit?: number;
  /** A message after an edit (e.g. the text could not be edited), announced politely. */
  status?: string;
  testId?: string;
  /** Shown instead of the table when the text cannot be read (the editors' issues say why). */
  disabledNote?: ReactNode;
}

/**
 * The status line of a case table and the one way its buttons write an edit: `apply(input, next,
 * failed, done)` puts `next` (the input's text after the edit) in input `input` and says `done` in
 * the status; `next` null (the lab's edit function could not make the edit) leaves the text alone
 * and says `failed`. `apply` returns whether the text was replaced.
 */
export function useCaseEdits(state: { setText: (name: string, text: string) => void }) {
  const [status, setStatus] = useState('');
  const apply = (input: string, next: string | null, failed: string, done: string): boolean => {
    if (next === null) {
      setStatus(failed);
      return false;
    }
    state.setText(input, next);
    setStatus(done);
    return true;
  };
  return { status, apply };
}

/**
 * The rows a big case table draws: those whose id contains the filter (case-insensitive), at most
 * `limit` of them, and how many match in all. Linear in the rows; recomputed only when the rows,
 * the filter or the limit change. Shared by CaseTable and the labs whose own tables list cases.
 */
export function useCaseFilter<R>(rows: readonly R[], rowId: (r: R) => string, limit: number) {
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const out: R[] = [];
    let matched = 0;
    for (const r of rows) {
      if (f && !rowId(r).toLowerCase().includes(f)) continue;
      matched++;
      if (out.length < limit) out.push(r);
    }
    return { rows: out, matched };
  }, [rows, rowId, filter, limit]);
  return { filter, setFilter, shown };
}

/** The filter box (only when there are more rows than `limit`) and the "n of m cases shown" line of a case table. */
export function CaseFilter({ lang, total, limit, filter, setFilter, shown, testId }: { lang: Lang; total: number; limit: number; filter: string; setFilter: (f: string) => void; shown: { rows: readonly unknown[]; matched: number }; testId: string }) {
  const t = TEXT[lang];
  return (
    <>
      {total > limit && (
        <p className="case-table-filter">
          <label>
            {t.filter}{' '}
            <input type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} data-testid={`${testId}-filter`} autoComplete="off" spellCheck={false} />
          </label>
        </p>
      )}
      <p className="help" data-testid={`${testId}-count`}>{shown.matched === 0 ? t.none : shown.matched > shown.rows.length ? t.shown(shown.rows.length, shown.matched) : t.all(shown.matched)}</p>
    </>
  );
}

export function CaseTable<R>({ id, lang, title, help, rows, rowId, rowHeader, idHeader, columns, toggles, rowClass, limit = 25, status, testId = 'lab-case-table', disabledNote }: Props<R>) {
  const t = TEXT[lang];
  const helpId = useId();
  const { filter, setFilter, shown } = useCaseFilter(rows, rowId, limit);
  const [active, setActive] = useState<{ row: string; col: number } | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const ids = shown.rows.map(rowId);
  // The one tab stop: the active button when its row is still shown, else the first row's first button.
  const cur = active && ids.includes(active.row) && active.col < toggles.length ? active : ids.length && toggles.length ? { row: ids[0], col: 0 } : null;

  const focus = (row: string, col: number) => {
    setActive({ row, col });
    const el = body.current?.querySelector<HTMLButtonElement>(`button[data-row="${CSS.escape(row)}"][data-col="${col}"]`);
    el?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, row: string, col: number) => {
    const i = ids.indexOf(row);
    let r = i;
    let c = col;
    if (e.key === 'ArrowDown') r = Math.min(ids.length - 1, i + 1);
    else if (e.key === 'ArrowUp') r = Math.max(0, i - 1);
    else if (e.key === 'ArrowRight') c = Math.min(toggles.length - 1, col + 1);
    else if (e.key === 'ArrowLeft') c = Math.max(0, col - 1);
    else if (e.key === 'Home') r = 0;
    else if (e.key === 'End') r = ids.length - 1;
    else return;
    e.preventDefault();
    focus(ids[r], c);
  };

  return (
    <LabPanel id={id} title={title} testId={testId}>
      {help && <p className="help">{help}</p>}
      {disabledNote ? (
        <p className="notice" data-testid={`${testId}-disabled`}>{disabledNote}</p>
      ) : (
        <>
          <p className="help case-table-keys" id={helpId}>{t.keys}</p>
          <CaseFilter lang={lang} total={rows.length} limit={limit} filter={filter} setFilter={setFilter} shown={shown} testId={testId} />
          {shown.rows.length > 0 && (
            <div ref={body} className="case-table">
              <DataTable label={title} cards className="case-table-grid" testId={`${testId}-rows`}
                columns={[idHeader ?? t.case_id, ...columns.map((c) => c.header), ...toggles.map((g) => g.header)]}>
                {shown.rows.map((r) => {
                  const rid = rowId(r);
                  return (
                    <tr key={rid} data-case-row={rid} className={rowClass?.(r)}>
                      <th scope="row">{rowHeader ? rowHeader(r) : rid}</th>
                      {columns.map((c) => <td key={c.key} data-col-key={c.key}>{c.cell(r)}</td>)}
                      {toggles.map((g, k) => {
                        const off = g.disabled?.(r) ?? false;
                        const pressed = g.pressed?.(r);
                        return (
                          <td key={g.key} data-col-key={g.key}>
                            <button
                              type="button"
                              className={`case-toggle${g.plain ? ' plain' : pressed === true ? ' on' : pressed === false ? ' off' : ''}`}
                              tabIndex={cur && cur.row === rid && cur.col === k ? 0 : -1}
                              aria-pressed={pressed}
                              aria-label={`${g.label(r)}: ${g.text(r)}`}
                              aria-disabled={off || undefined}
                              data-row={rid}
                              data-col={k}
                              data-testid={`case-toggle-${g.key}-${rid}`}
                              onFocus={() => setActive({ row: rid, col: k })}
                              onKeyDown={(e) => onKey(e, rid, k)}
                              onClick={() => {
                                setActive({ row: rid, col: k });
                                if (!off) g.onToggle(r);
                              }}
                            >
                              {g.text(r)}
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </DataTable>
            </div>
          )}
        </>
      )}
      <p className="help" role="status" data-testid={`${testId}-status`}>{status ?? ''}</p>
    </LabPanel>
  );
}
