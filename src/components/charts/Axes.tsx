/**
 * Grid lines, tick labels and axis titles shared by the charts. Everything is placed relative to the
 * plot area (SVG units) and drawn with the classes the site's CSS styles: `grid` for lines and
 * tick labels, `axis-label` for axis titles.
 */
import type { ReactNode } from 'react';
import { useFmt } from '../labs/shared/format.tsx';

/** The plot rectangle in SVG units: x runs from left to right, y from top (small) to bottom. */
export interface PlotArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The plot area of a W x H drawing with margins M. */
export function plotArea(W: number, H: number, M: { top: number; right: number; bottom: number; left: number }): PlotArea {
  return { left: M.left, right: W - M.right, top: M.top, bottom: H - M.bottom };
}

interface AxisProps {
  area: PlotArea;
  /** Position of a tick value in SVG units (a d3 scale, or a band's centre). */
  scale: (v: number) => number;
  ticks: number[];
  /** Tick label; the number itself by default. */
  format?: (t: number) => ReactNode;
  /** Draw a grid line across the plot at each tick (tick and line grouped as class "grid"). */
  grid?: boolean;
}

/**
 * Tick labels under the plot (`offset` below its bottom edge, default 16), optionally with
 * vertical grid lines from `gridTop` (default the plot's top) down to its bottom.
 */
export function XAxis({ area, scale, ticks, format: given, grid = false, gridTop = area.top, offset = 16, tickClass }: AxisProps & { gridTop?: number; offset?: number; tickClass?: string }) {
  const num = useFmt();
  const format = given ?? ((t: number) => num(t));
  const label = (t: number) => <text key={t} x={scale(t)} y={area.bottom + offset} textAnchor="middle" className={tickClass}>{format(t)}</text>;
  return (
    <>
      {ticks.map((t) => (grid ? (
        <g key={t} className="grid">
          <line x1={scale(t)} x2={scale(t)} y1={gridTop} y2={area.bottom} />
          {label(t)}
        </g>
      ) : label(t)))}
    </>
  );
}

/**
 * Tick labels left of the plot (`gap` from its left edge, default 8), optionally with horizontal
 * grid lines across it.
 */
export function YAxis({ area, scale, ticks, format: given, grid = false, gap = 8 }: AxisProps & { gap?: number }) {
  const num = useFmt();
  const format = given ?? ((t: number) => num(t));
  const label = (t: number) => <text key={t} x={area.left - gap} y={scale(t) + 4} textAnchor="end">{format(t)}</text>;
  return (
    <>
      {ticks.map((t) => (grid ? (
        <g key={t} className="grid">
          <line x1={area.left} x2={area.right} y1={scale(t)} y2={scale(t)} />
          {label(t)}
        </g>
      ) : label(t)))}
    </>
  );
}

/**
 * A square grid for plots whose two axes share their ticks (e.g. probabilities on [0, 1] x [0, 1]):
 * per tick, a vertical and a horizontal line and both labels, grouped as class "grid".
 */
export function SquareGrid({ area, x, y, ticks }: { area: PlotArea; x: (v: number) => number; y: (v: number) => number; ticks: number[] }) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t} className="grid">
          <line x1={x(t)} x2={x(t)} y1={area.top} y2={area.bottom} />
          <line x1={area.left} x2={area.right} y1={y(t)} y2={y(t)} />
          <text x={x(t)} y={area.bottom + 16} textAnchor="middle">{t}</text>
          <text x={area.left - 8} y={y(t) + 4} textAnchor="end">{t}</text>
        </g>
      ))}
    </>
  );
}

/** Title of the x axis, centred under the plot at height `y`. */
export function XLabel({ area, y, children }: { area: PlotArea; y: number; children: ReactNode }) {
  return <text className="axis-label" x={(area.left + area.right) / 2} y={y} textAnchor="middle">{children}</text>;
}

/** Title of the y axis, turned a quarter left and centred beside the plot at `x` (default 14). */
export function YLabel({ area, x = 14, children }: { area: PlotArea; x?: number; children: ReactNode }) {
  return <text className="axis-label" transform={`translate(${x} ${(area.top + area.bottom) / 2}) rotate(-90)`} textAnchor="middle">{children}</text>;
}
