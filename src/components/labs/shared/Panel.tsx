/**
 * Building blocks of the lab islands' result views: a titled panel (a <section> labelled by its
 * heading) and a data table with column headers in a focusable, labelled scroll box.
 */
import { useId, type ReactNode } from 'react';
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
}

/**
 * A table with one header row, inside a ScrollBox so keyboard users can scroll it. The caption sits
 * above the scroll box (a <caption> would scroll with the table and be cut on a narrow screen),
 * wraps to the panel's width, and labels the table (aria-labelledby).
 */
export function DataTable({ label, tall, className, testId, caption, columns, children }: DataTableProps) {
  const id = useId();
  return (
    <>
    {caption !== undefined && <p className="table-caption" id={`${id}-cap`} data-testid={testId ? `${testId}-caption` : undefined}>{caption}</p>}
    <ScrollBox label={label} tall={tall}>
      <table className={className} data-testid={testId} aria-labelledby={caption !== undefined ? `${id}-cap` : undefined}>
        <thead>
          <tr>{columns.map((c, i) => <th scope="col" key={i}>{c}</th>)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollBox>
    </>
  );
}
