/**
 * Building blocks of the lab islands' result views: a titled panel (a <section> labelled by its
 * heading) and a data table with column headers in a focusable, labelled scroll box.
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import ScrollBox from '../../common/ScrollBox.tsx';

/** A result panel: <section class="lab-panel"> labelled by its <h3 id={id}>. */
export function LabPanel({ id, title, testId, children }: { id: string; title: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <section className="lab-panel" aria-labelledby={id} data-testid={testId}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

interface DataTableProps {
  /** Accessible name of the scroll box (usually the panel's title). */
  label: string;
  /** A taller scroll box for long tables. */
  tall?: boolean;
  className?: string;
  testId?: string;
  caption?: ReactNode;
  /** Column headers (<th scope="col">), in order. */
  columns: ReactNode[];
  /** The body rows (<tr> elements). */
  children: ReactNode;
  /**
   * On a narrow screen (labs.css, max-width 40rem) each row is a card: its header cell on top, each
   * other cell with its column's name (data-label, copied from the header row), no sideways scroll.
   */
  cards?: boolean;
}

/**
 * A table with one header row, inside a ScrollBox so keyboard users can scroll it. The caption sits
 * above the scroll box (a <caption> would scroll with the table and be cut on a narrow screen),
 * wraps to the panel's width, and labels the table (aria-labelledby).
 */
export function DataTable({ label, tall, className, testId, caption, columns, children, cards = false }: DataTableProps) {
  const id = useId();
  const table = useRef<HTMLTableElement>(null);
  // Each body cell gets its column's name, shown beside the value when the row is a card.
  useLayoutEffect(() => {
    if (cards && table.current) labelCells(table.current);
  });
  return (
    <>
    {caption !== undefined && <p className="table-caption" id={`${id}-cap`} data-testid={testId ? `${testId}-caption` : undefined}>{caption}</p>}
    <ScrollBox label={label} tall={tall}>
      <table ref={table} className={[className, cards ? 'cards' : ''].filter(Boolean).join(' ') || undefined} data-testid={testId} aria-labelledby={caption !== undefined ? `${id}-cap` : undefined}>
        <thead>
          <tr>{columns.map((c, i) => <th scope="col" key={i}>{c}</th>)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollBox>
    </>
  );
}

/** Copies each column header's text to the body cells of that column (data-label), colspans counted. */
export function labelCells(table: HTMLTableElement) {
  const heads: string[] = [];
  const headRow = table.tHead?.rows[table.tHead.rows.length - 1];
  if (!headRow) return;
  for (const th of Array.from(headRow.cells)) for (let k = 0; k < th.colSpan; k++) heads.push((th.textContent ?? '').trim());
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let col = 0;
      for (const cell of Array.from(row.cells)) {
        const name = heads[col] ?? '';
        if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
        col += cell.colSpan;
      }
    }
  }
}
