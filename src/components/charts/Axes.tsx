/**
 * Grid lines, tick labels and axis titles shared by the charts. Everything is placed relative to the
 * plot area (SVG units) and drawn with the classes the site's CSS styles: `grid` for lines and
 * tick labels, `axis-label` for axis titles.
 */
import type React from 'react';
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
  const num = useFmt();
  return (
    <>
      {ticks.map((t) => (
        <g key={t} className="grid">
          <line x1={x(t)} x2={x(t)} y1={area.top} y2={area.bottom} />
          <line x1={area.left} x2={area.right} y1={y(t)} y2={y(t)} />
          <text x={x(t)} y={area.bottom + 16} textAnchor="middle">{num(t)}</text>
          <text x={area.left - 8} y={y(t) + 4} textAnchor="end">{num(t)}</text>
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

// ---- layout helpers for charts drawn at their on-screen width (one SVG unit = one CSS pixel) ----

/** Font sizes of the chart text, in px (= SVG units); the site's CSS sets the same. Never below 11. */
export const FONT = { tick: 12, label: 13, small: 11 } as const;

/**
 * Estimated width of `text` at `fontSize`, in SVG units: 0.6 em per character (a little above the
 * average lower-case letter and digit of the site's sans-serif fonts), 0.75 em per capital, 0.9 em
 * for m, w, M, W and %, and 1 em for @, so layouts based on it err on the roomy side (a label such
 * as "nDCG@3" was clipped when every character counted 0.6 em).
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += ch === '@' ? 1 : /[mwMW%]/.test(ch) ? 0.9 : /\p{Lu}/u.test(ch) ? 0.75 : 0.6;
  return em * fontSize;
}

/**
 * How many ticks fit along `length` SVG units when each label is about `labelWidth` wide plus a
 * gap: between `min` and `max` (d3's ticks(n) then picks round values near that count).
 */
export function tickCount(length: number, labelWidth = 40, min = 2, max = 10): number {
  return Math.max(min, Math.min(max, Math.floor(length / (labelWidth + 16))));
}

/**
 * Splits `text` into lines of at most `maxWidth` SVG units at `fontSize` (estimated as textWidth),
 * breaking at spaces and after "_", "-", "·" or "/" when a word alone is too long; at most
 * `maxLines` lines, the last one cut with "…" when the text does not fit.
 */
export function wrapLabel(text: string, maxWidth: number, fontSize: number, maxLines = 3): string[] {
  const perLine = Math.max(3, Math.floor(maxWidth / (fontSize * 0.6)));
  if (text.length <= perLine) return [text];
  // pieces: words, and long words split after their own separators
  // (each piece knows whether it starts a word: only then does it take a space after the line so far)
  const pieces: { text: string; wordStart: boolean }[] = [];
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if (w.length <= perLine) pieces.push({ text: w, wordStart: true });
    else {
      w.split(/(?<=[_\-·/])/).forEach((part, k) => {
        for (let i = 0; i < part.length; i += perLine) pieces.push({ text: part.slice(i, i + perLine), wordStart: k === 0 && i === 0 });
      });
    }
  }
  const lines: string[] = [];
  let cur = '';
  for (const { text: p, wordStart } of pieces) {
    const sep = cur && wordStart ? ' ' : '';
    if (!cur) cur = p;
    else if (cur.length + sep.length + p.length <= perLine) cur = `${cur}${sep}${p}`;
    else {
      lines.push(cur);
      cur = p;
    }
  }
  if (cur) lines.push(cur);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const lastLine = kept[maxLines - 1];
  kept[maxLines - 1] = `${lastLine.slice(0, Math.max(1, perLine - 1))}…`;
  return kept;
}

/**
 * A multi-line SVG text: one <tspan> per line, `lineHeight` apart, the first on `y` (or, with
 * `middle`, the block centred on `y`).
 */
export function TextLines({ lines, x, y, lineHeight, middle = false, ...rest }: { lines: string[]; x: number; y: number; lineHeight: number; middle?: boolean } & Omit<React.SVGProps<SVGTextElement>, 'x' | 'y'>) {
  const y0 = middle ? y - ((lines.length - 1) * lineHeight) / 2 : y;
  return (
    <text x={x} y={y0} {...rest}>
      {lines.map((l, i) => <tspan key={i} x={x} dy={i === 0 ? 0 : lineHeight}>{l}</tspan>)}
    </text>
  );
}

/**
 * The x at which a label centred on `x` and `width` wide stays inside [lo, hi], with its text
 * anchor: centred when it fits, else pinned to the nearer edge.
 */
export function keepInside(x: number, width: number, lo: number, hi: number): { x: number; anchor: 'start' | 'middle' | 'end' } {
  if (x - width / 2 < lo) return { x: lo, anchor: 'start' };
  if (x + width / 2 > hi) return { x: hi, anchor: 'end' };
  return { x, anchor: 'middle' };
}

/**
 * The x at which a centred text of `text` at `fontSize` stays inside [0, width]: the preferred
 * centre `x`, moved in just enough when the text would run past an edge (the anchor stays middle;
 * keepInside changes the anchor instead).
 */
export function centredX(x: number, text: string, fontSize: number, width: number): number {
  const half = textWidth(text, fontSize) / 2 + 2;
  return Math.max(half, Math.min(width - half, x));
}
