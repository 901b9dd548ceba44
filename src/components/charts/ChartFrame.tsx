/**
 * The frame every chart of the site shares: a <figure> holding an SVG with role="img" whose <title>
 * and <desc> (ids from useId) label it for screen readers, a <figcaption> repeating the title and
 * description (plus any legend), and the same numbers as an HTML table behind a <details>, inside a
 * focusable, labelled ScrollBox so keyboard users can reach and scroll them.
 *
 * The chart passes what it draws as `children`; a function child receives the frame's id, for SVG
 * definitions that must be unique on the page (e.g. a hatch pattern: `url(#${id}-hatch)`).
 */
import { useId, type CSSProperties, type Key, type ReactNode } from 'react';
import ScrollBox from '../common/ScrollBox.tsx';

/** One row of the data table: its cells in column order. */
export interface TableRow {
  key: Key;
  cells: ReactNode[];
  className?: string;
}

/** The data-table alternative of a chart. */
export interface ChartTable {
  /** Text of the <summary> that opens the table. */
  summary: string;
  /** Column headers (<th scope="col">), in order. */
  columns: ReactNode[];
  /** Rows of a single <tbody>. */
  rows?: TableRow[];
  /** Instead of `rows`: one <tbody> per group, headed by a row spanning every column (scope="rowgroup"). */
  groups?: { key: Key; label: ReactNode; rows: TableRow[] }[];
  /** The first cell of every row is its header (<th scope="row">) rather than a <td>. */
  rowHeaders?: boolean;
  /** A taller scroll box, for long tables. */
  tall?: boolean;
}

interface Props {
  title: string;
  description: string;
  /** Extra classes of the figure besides "chart" (e.g. "chart-wide"). */
  className?: string;
  testId?: string;
  /** Size of the SVG drawing, in SVG units (its viewBox); it scales to its box. */
  width: number;
  height: number;
  svgStyle?: CSSProperties;
  /** What the SVG draws, after its title and description. */
  children: ReactNode | ((id: string) => ReactNode);
  /** What the caption shows after the title and description (e.g. a legend). */
  caption?: ReactNode;
  /** The data table; null leaves it out. */
  table: ChartTable | null;
}

function Rows({ rows, rowHeaders }: { rows: TableRow[]; rowHeaders?: boolean }) {
  return (
    <>
      {rows.map((r) => (
        <tr key={r.key} className={r.className}>
          {r.cells.map((c, i) => (rowHeaders && i === 0 ? <th scope="row" key={i}>{c}</th> : <td key={i}>{c}</td>))}
        </tr>
      ))}
    </>
  );
}

export default function ChartFrame({ title, description, className, testId, width, height, svgStyle, children, caption, table }: Props) {
  const id = useId();
  return (
    <figure className={className ? `chart ${className}` : 'chart'} data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} style={svgStyle}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {typeof children === 'function' ? children(id) : children}
      </svg>
      <figcaption>
        <strong>{title}.</strong> {description}
        {caption}
      </figcaption>
      {table && (
        <details className="chart-data">
          <summary>{table.summary}</summary>
          <ScrollBox label={title} tall={table.tall}>
            <table>
              <thead>
                <tr>{table.columns.map((c, i) => <th scope="col" key={i}>{c}</th>)}</tr>
              </thead>
              {table.groups ? (
                table.groups.map((g) => (
                  <tbody key={g.key}>
                    <tr><th scope="rowgroup" colSpan={table.columns.length}>{g.label}</th></tr>
                    <Rows rows={g.rows} rowHeaders={table.rowHeaders} />
                  </tbody>
                ))
              ) : (
                <tbody><Rows rows={table.rows ?? []} rowHeaders={table.rowHeaders} /></tbody>
              )}
            </table>
          </ScrollBox>
        </details>
      )}
    </figure>
  );
}

/** The red-on-pink diagonal hatch that marks a bar as flagged (infeasible, over budget). */
export function Hatch({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#f3d6d3" />
        <line x1="0" y1="0" x2="0" y2="6" stroke="#a3211b" strokeWidth="2" />
      </pattern>
    </defs>
  );
}
