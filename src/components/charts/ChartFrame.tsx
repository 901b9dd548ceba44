/**
 * The frame every chart of the site shares: a <figure> holding an SVG with role="img" whose <title>
 * and <desc> (ids from useId) label it for screen readers, a <figcaption> repeating the title and
 * description (plus any legend), and the same numbers as an HTML table behind a <details>, inside a
 * focusable, labelled ScrollBox so keyboard users can reach and scroll them.
 *
 * The chart passes what it draws as `children`; a function child receives the frame's id, for SVG
 * definitions that must be unique on the page (e.g. a hatch pattern: `url(#${id}-hatch)`).
 *
 * Charts lay out for the width they really have (useChartBox): the figure is measured, the chart
 * draws its SVG with a viewBox exactly that wide and the frame shows it at that many CSS pixels, so
 * one SVG unit is one pixel and the text keeps its CSS size (never under 11 px) on a phone as on a
 * desktop. The chart itself chooses fewer ticks, wrapped labels or a taller layout when narrow.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import ScrollBox from '../common/ScrollBox.tsx';

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Width (CSS pixels) to lay out for before the box is measured, for charts that a phone may show
 * unhydrated: the chapter widgets hydrate only when scrolled into view (client:visible), so their
 * server-rendered drawing is what a phone shows first. It is narrower than a widget's box on a
 * 360 px screen (about 305 px), so that drawing is shown at scale 1 there, its text at its CSS size;
 * a wider box shows it at this width until the widget hydrates and lays out for the box.
 */
export const PHONE_FALLBACK = 280;

/** The measured box of a chart (see useChartBox). */
export interface ChartBox {
  /** Put on the element whose width the chart fills (ChartFrame does it when given `box`). */
  ref: (el: HTMLElement | null) => void;
  /** Width to lay out for, in CSS pixels (= SVG units): the box's, clamped to [min, max]. */
  width: number;
  /** False until the box has been measured (server rendering, the very first client render). */
  measured: boolean;
}

/**
 * The width a chart has on screen, followed with a ResizeObserver (measured before paint, so the
 * first frame the learner sees is already laid out for it).
 * @param fallback width used until measured (what a server-rendered chart is drawn for)
 * @param max widest layout: a wider box gets this width and the chart stays at its natural size
 * @param min narrowest layout: a narrower box (under ~180 px, not a real screen) scales it down
 */
export function useChartBox(fallback: number, max = 960, min = 180): ChartBox {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const last = useRef<number | null>(null);
  const ref = useCallback((node: HTMLElement | null) => setEl(node), []);
  useIsoLayoutEffect(() => {
    if (!el) return;
    const apply = (w: number) => {
      if (!(w > 0)) return;
      const next = Math.max(min, Math.min(max, Math.floor(w)));
      if (next !== last.current) {
        last.current = next;
        setWidth(next);
      }
    };
    apply(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) apply(e.contentRect.width);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [el, min, max]);
  return { ref, width: width ?? Math.min(max, fallback), measured: width !== null };
}

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
  /** Size of the SVG drawing, in SVG units (its viewBox). */
  width: number;
  height: number;
  /**
   * The chart's measured box (useChartBox): the SVG is then shown at `width` CSS pixels, one unit
   * per pixel. Without it the SVG scales to its box (max-width from the site's CSS).
   */
  box?: ChartBox;
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

export default function ChartFrame({ title, description, className, testId, width, height, box, svgStyle, children, caption, table }: Props) {
  const id = useId();
  // Measured: exactly `width` pixels (max-width only guards a box narrower than the layout's minimum).
  // Not yet measured: scale to the box, never above the drawing's own size.
  const sized: CSSProperties | undefined = box
    ? box.measured ? { width: `${width}px`, maxWidth: '100%', height: 'auto' } : { width: '100%', maxWidth: `${width}px`, height: 'auto' }
    : undefined;
  return (
    <figure className={className ? `chart ${className}` : 'chart'} data-testid={testId} ref={box?.ref} data-chart-width={box?.measured ? width : undefined}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} style={sized ? { ...svgStyle, ...sized } : svgStyle}>
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
