/**
 * A labelled scatter plot in SVG (d3 scales, React drawing) with an optional front: points joined
 * in order of x, e.g. the Pareto front of quality (y, higher is better) against cost or latency
 * (x, lower is better). It lays out for the width it is given (useChartBox measures its figure):
 * fewer ticks on a narrow box, point labels moved aside when they would overlap, text never below
 * 11 px. Points on the front are filled, the others hollow; a highlighted point gets a ring, and
 * every mark also has its words in the label or the data table (colour is never the only cue).
 * Title, description and a data-table alternative, like every chart of the site.
 */
import { scaleLinear } from 'd3-scale';
import type { ReactNode } from 'react';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { plotArea, XAxis, XLabel, YAxis, YLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface ScatterPoint {
  key: string;
  label: string;
  x: number;
  y: number;
  /** On the front (drawn filled and joined by the front line). */
  front?: boolean;
  /** Ringed (e.g. the recommended variant). */
  highlight?: boolean;
  /** Drawn as a cross (e.g. fails the gate); say so in `note` too. */
  flagged?: boolean;
  /** Extra cell in the data table (e.g. "fails the gate"). */
  note?: string;
}

interface Props {
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  points: ScatterPoint[];
  /** Widest layout in CSS pixels: the chart lays out for its on-screen width (useChartBox), up to this. */
  width?: number;
  tableSummary: string;
  /** Column headers of the data table: point, x, y, on the front, note. */
  columns: [string, string, string, string, string];
  yes: string;
  no: string;
  formatX?: (v: number) => string;
  formatY?: (v: number) => string;
  /** Legend under the chart. */
  caption?: ReactNode;
  testId?: string;
}

const CHAR = 6.4; // average advance of an 11-12 px label, in px

function pad([lo, hi]: [number, number], f = 0.08): [number, number] {
  const span = hi - lo || Math.abs(hi) || 1;
  return [lo - span * f, hi + span * f];
}

export default function ScatterChart({ title, description, xLabel, yLabel, points, width = 620, tableSummary, columns, yes, no, formatX: givenX, formatY: givenY, caption, testId }: Props) {
  const num = useFmt();
  const formatX = givenX ?? ((v: number) => num(v));
  const formatY = givenY ?? ((v: number) => num(v));
  const box = useChartBox(width, width, 240);
  const W = box.width;
  const H = Math.round(Math.min(340, Math.max(240, W * 0.62)));
  // right: half of a four-digit tick label at 12 px ("2000" ran 1 px past the SVG's edge at 14)
  const M = { top: 16, right: 20, bottom: 46, left: 52 };
  const area = plotArea(W, H, M);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = scaleLinear().domain(pad([Math.min(...xs, Infinity), Math.max(...xs, -Infinity)].map((v) => (Number.isFinite(v) ? v : 0)) as [number, number])).nice(4).range([area.left, area.right]);
  const y = scaleLinear().domain(pad([Math.min(...ys, Infinity), Math.max(...ys, -Infinity)].map((v) => (Number.isFinite(v) ? v : 0)) as [number, number])).nice(4).range([area.bottom, area.top]);
  const xTicks = x.ticks(Math.max(2, Math.floor((area.right - area.left) / 80)));
  const yTicks = y.ticks(Math.max(2, Math.floor((area.bottom - area.top) / 45)));
  const front = points.filter((p) => p.front).sort((a, b) => a.x - b.x || b.y - a.y);

  // Labels: to the right of the point, else to the left, else above or below, avoiding the boxes
  // already placed and the plot's edges.
  type Box = { x0: number; x1: number; y0: number; y1: number };
  // a mark's half-size: the point (r 6 and its stroke), or its highlight ring (r 11, stroke 3)
  const reach = (p: ScatterPoint) => (p.highlight ? 13 : 7);
  const placed: Box[] = points.map((p) => ({ x0: x(p.x) - reach(p), x1: x(p.x) + reach(p), y0: y(p.y) - reach(p), y1: y(p.y) + reach(p) }));
  const overlaps = (b: Box) => placed.some((o) => b.x0 < o.x1 && b.x1 > o.x0 && b.y0 < o.y1 && b.y1 > o.y0);
  const labels = points.map((p) => {
    const cx = x(p.x);
    const cy = y(p.y);
    const w = p.label.length * CHAR;
    const r = reach(p);
    const tries: { tx: number; ty: number; anchor: 'start' | 'end' | 'middle' }[] = [
      { tx: cx + r + 3, ty: cy + 4, anchor: 'start' },
      { tx: cx - r - 3, ty: cy + 4, anchor: 'end' },
      { tx: cx, ty: cy - r - 5, anchor: 'middle' },
      { tx: cx, ty: cy + r + 13, anchor: 'middle' },
      { tx: cx + r + 3, ty: cy - r - 3, anchor: 'start' },
      { tx: cx - r - 3, ty: cy + r + 11, anchor: 'end' },
    ];
    const box = (t: (typeof tries)[number]): Box => {
      const x0 = t.anchor === 'start' ? t.tx : t.anchor === 'end' ? t.tx - w : t.tx - w / 2;
      return { x0, x1: x0 + w, y0: t.ty - 11, y1: t.ty + 3 };
    };
    const inside = (b: Box) => b.x0 >= 2 && b.x1 <= W - 2 && b.y0 >= 0 && b.y1 <= area.bottom;
    const pick = tries.find((t) => inside(box(t)) && !overlaps(box(t))) ?? tries.find((t) => inside(box(t))) ?? tries[0];
    placed.push(box(pick));
    return { key: p.key, ...pick };
  });

  return (
    <ChartFrame title={title} description={description} className="chart-wide chart-scatter" testId={testId} width={W} height={H} box={box}
      caption={caption}
      table={{
        summary: tableSummary,
        columns,
        rowHeaders: true,
        rows: points.map((p) => ({ key: p.key, cells: [p.label, formatX(p.x), formatY(p.y), p.front ? yes : no, p.note ?? ''] })),
      }}
    >
      <XAxis area={area} scale={x} ticks={xTicks} format={formatX} grid offset={16} />
      <YAxis area={area} scale={y} ticks={yTicks} format={formatY} grid />
      <XLabel area={area} y={H - 8}>{xLabel}</XLabel>
      <YLabel area={area} x={13}>{yLabel}</YLabel>
      {front.length > 1 && (
        <polyline className="front-line" points={front.map((p) => `${x(p.x)},${y(p.y)}`).join(' ')} fill="none" stroke="#1f6b3a" strokeWidth={2} strokeDasharray="6 4" />
      )}
      {points.map((p) => {
        const cx = x(p.x);
        const cy = y(p.y);
        return (
          <g key={p.key} data-point={p.key} data-front={p.front ? 'true' : 'false'}>
            {p.highlight && <circle cx={cx} cy={cy} r={11} fill="none" stroke="#f0a500" strokeWidth={3} data-ring="true" />}
            {p.flagged ? (
              <g stroke="#a3211b" strokeWidth={2.5}>
                <line x1={cx - 6} y1={cy - 6} x2={cx + 6} y2={cy + 6} />
                <line x1={cx - 6} y1={cy + 6} x2={cx + 6} y2={cy - 6} />
              </g>
            ) : null}
            <circle cx={cx} cy={cy} r={p.flagged ? 3 : 6} fill={p.front ? '#1f6b3a' : '#fff'} stroke={p.front ? '#1f6b3a' : '#1d4e89'} strokeWidth={2} />
          </g>
        );
      })}
      {labels.map((l) => {
        const p = points.find((q) => q.key === l.key)!;
        return <text key={l.key} x={l.tx} y={l.ty} textAnchor={l.anchor} className="point-label" data-label-for={p.key}>{p.label}</text>;
      })}
    </ChartFrame>
  );
}
