/**
 * Curves over a numeric x axis that need not be [0, 1] (the number of runs k, the number of cases
 * n), with y on [0, 1]: the gate lab's pass@k / pass^k curves and the planner's power curve. Each
 * series is a list of points; a null y breaks the line there (an undefined value is never drawn at
 * zero). Optional horizontal reference (e.g. the target power) and vertical marks (e.g. the
 * current n and the n for the target power), each labelled in its own row above the plot; the
 * reference's label sits at the left end of its line (curves such as a power curve start low there).
 *
 * Like IntervalChart it lays out for its on-screen width (useChartBox, up to `width`) and draws at
 * scale 1, so its 11 px text stays 11 px on a 360 px screen:
 * fewer ticks on a narrow plot, mark labels kept inside the drawing, the legend as HTML below.
 * Title, description and a data table with one column per series, as every chart of the site.
 */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { centredX, plotArea, textWidth, XAxis, YAxis } from './Axes.tsx';

export interface CurvePoint { x: number; y: number | null }
export interface CurveSeries {
  key: string;
  name: string;
  points: CurvePoint[];
  color: string;
  dashed?: boolean;
  /** Draw a dot at each point (for few, discrete points such as k = 1..N). */
  dots?: boolean;
}
export interface CurveMark { key: string; x: number; label: string; color: string; dash?: string }

interface Props {
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  series: CurveSeries[];
  /** x range; by default from the smallest to the largest x of the points. */
  xDomain?: [number, number];
  /** Ticks on whole numbers only (k, n). */
  integerX?: boolean;
  reference?: { y: number; label: string; color?: string };
  marks?: CurveMark[];
  tableSummary: string;
  /** Header of the table's x column (the x label by default). */
  xColumn?: string;
  /** Rows of the data table: every point of the first series by default; `tableX` picks some x. */
  tableX?: number[];
  format?: (v: number) => string;
  formatX?: (v: number) => string;
  /** Text of a null y in the table. */
  undefinedText?: string;
  /** Widest layout in CSS pixels: the chart lays out for its on-screen width (useChartBox), up to this. */
  width?: number;
  testId?: string;
}

const FONT = 11;
const ROW = 15;

export default function CurvesChart({ title, description, xLabel, yLabel, series, xDomain, integerX = false, reference, marks = [], tableSummary, xColumn, tableX, format = (v) => v.toFixed(3), formatX = (v) => String(v), undefinedText = '–', width = 760, testId }: Props) {
  const box = useChartBox(Math.min(width, 340), width, 240);
  const W = box.width;
  const narrow = W < 420;
  const H0 = narrow ? 230 : 270;
  const M = { top: 12 + marks.length * ROW + (reference ? 4 : 0), right: 14, bottom: 40, left: 50 };
  const H = H0 + marks.length * ROW;
  const area = plotArea(W, H, M);
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const dom: [number, number] = xDomain ?? [Math.min(...xs, 0), Math.max(...xs, 1)];
  if (dom[0] === dom[1]) dom[1] = dom[0] + 1;
  const x = scaleLinear().domain(dom).range([area.left, area.right]);
  const y = scaleLinear().domain([0, 1]).range([area.bottom, area.top]);
  const room = Math.max(2, Math.min(10, Math.floor((area.right - area.left) / (narrow ? 52 : 64))));
  let xt = x.ticks(room);
  if (integerX) {
    xt = xt.filter((t) => Number.isInteger(t));
    if (dom[1] - dom[0] <= room) xt = Array.from({ length: Math.floor(dom[1]) - Math.ceil(dom[0]) + 1 }, (_, i) => Math.ceil(dom[0]) + i);
  }
  const yt = narrow ? [0, 0.25, 0.5, 0.75, 1] : [0, 0.2, 0.4, 0.6, 0.8, 1];
  const first = series[0];
  const rowsX = tableX ?? (first ? first.points.map((p) => p.x) : []);
  const yAt = (s: CurveSeries, xv: number) => s.points.find((p) => p.x === xv)?.y;
  const cell = (v: number | null | undefined) => (v === undefined ? '–' : v === null ? undefinedText : format(v));
  return (
    <ChartFrame title={title} description={description} className="chart-curves" testId={testId} width={W} height={H} box={box}
      caption={
        <ul className="legend legend-inline">
          {series.map((s) => (
            <li key={s.key} data-series={s.key}>
              <svg viewBox="0 0 28 10" aria-hidden="true"><line x1={1} x2={27} y1={5} y2={5} stroke={s.color} strokeWidth={2.5} strokeDasharray={s.dashed ? '5 3' : undefined} />{s.dots && <circle cx={14} cy={5} r={3} fill={s.color} />}</svg> {s.name}
            </li>
          ))}
        </ul>
      }
      table={{
        summary: tableSummary,
        columns: [xColumn ?? xLabel, ...series.map((s) => s.name)],
        rowHeaders: true,
        tall: rowsX.length > 15,
        rows: rowsX.map((xv) => ({ key: xv, cells: [formatX(xv), ...series.map((s) => cell(yAt(s, xv)))] })),
      }}
    >
      <XAxis area={area} scale={x} ticks={xt} format={formatX} grid />
      <YAxis area={area} scale={y} ticks={yt} grid />
      <text className="axis-label" x={centredX((area.left + area.right) / 2, xLabel, 12, W)} y={H - 6} textAnchor="middle">{xLabel}</text>
      <text className="axis-label" transform={`translate(12 ${(area.top + area.bottom) / 2}) rotate(-90)`} textAnchor="middle">{yLabel}</text>
      {reference && (
        <g className="reference" data-reference="">
          <line x1={area.left} x2={area.right} y1={y(reference.y)} y2={y(reference.y)} stroke={reference.color ?? '#a3211b'} strokeWidth={1.5} strokeDasharray="6 3" />
          <text x={area.left + 8} y={y(reference.y) - 4} textAnchor="start" style={{ fill: reference.color ?? '#a3211b' }}>{reference.label}</text>
        </g>
      )}
      {marks.map((m, i) => {
        const mx = x(m.x);
        const ty = 12 + i * ROW + 9;
        const w = textWidth(m.label, FONT);
        const anchor = mx + w / 2 > W - 2 ? 'end' : mx - w / 2 < 2 ? 'start' : 'middle';
        return (
          <g key={m.key} data-mark={m.key}>
            <line x1={mx} x2={mx} y1={ty + 3} y2={area.bottom} stroke={m.color} strokeWidth={1.8} strokeDasharray={m.dash} />
            <text x={anchor === 'end' ? Math.min(mx, W - 2) : anchor === 'start' ? Math.max(mx, 2) : mx} y={ty} textAnchor={anchor} style={{ fill: m.color }}>{m.label}</text>
          </g>
        );
      })}
      {series.map((s) => {
        const d = line<CurvePoint>()
          .defined((p) => p.y !== null && Number.isFinite(p.y))
          .x((p) => x(p.x))
          .y((p) => y(p.y ?? 0))(s.points) ?? '';
        return (
          <g key={s.key} data-series={s.key}>
            <path d={d} fill="none" stroke={s.color} strokeWidth={2.2} strokeDasharray={s.dashed ? '6 4' : undefined} />
            {s.dots && s.points.map((p) => (p.y === null ? null : <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={3.5} fill={s.color} stroke="#fff" strokeWidth={1} />))}
          </g>
        );
      })}
    </ChartFrame>
  );
}
