/**
 * A histogram in SVG (d3 scales, React drawing) of a distribution the engine has already binned:
 * either one thin bar per exact value (a discrete distribution, e.g. a bootstrap on a handful of
 * cases) or equal-width bins. Vertical marker lines (zero, the ends of a confidence interval, a
 * minimum interpretable delta) are told apart by dash pattern and by a text label on the chart, not
 * by colour alone. Title, description, and a data-table alternative with every bar's count.
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { FONT, keepInside, plotArea, textWidth, tickCount, XAxis, XLabel, YAxis, YLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface HistBin { x0: number; x1: number; count: number }
export interface HistMarker {
  key: string;
  x: number;
  label: string;
  color: string;
  /** SVG dash pattern: markers differ by dash and label, not only by colour. */
  dash?: string;
}

interface Props {
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  kind: 'values' | 'bins';
  bins: HistBin[];
  markers?: HistMarker[];
  /** Shade the interval [lo, hi] (e.g. the CI). */
  band?: [number, number] | null;
  tableSummary: string;
  /** Column headers of the data table: the value (or interval) and the count. */
  columns: [string, string];
  format?: (v: number) => string;
  testId?: string;
}

const PLOT_H = 200, M = { right: 16, bottom: 46, left: 56 };
const ROW_H = 15;

export default function HistogramChart({ title, description, xLabel, yLabel, kind, bins, markers = [], band, tableSummary, columns, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v));
  // Laid out for the width it has: fewer ticks and more rows of marker labels when narrow.
  const box = useChartBox(720, 1200);
  const W = box.width;
  const xs = [...bins.flatMap((b) => [b.x0, b.x1]), ...markers.map((m) => m.x)];
  let lo = Math.min(...xs);
  let hi = Math.max(...xs);
  if (!(hi > lo)) { lo -= 0.5; hi += 0.5; }
  const pad = (hi - lo) * 0.04;
  const x = scaleLinear().domain([lo - pad, hi + pad]).range([M.left, W - M.right]);
  // Marker labels in staggered rows above the plot, so close markers do not overprint; each label
  // is kept inside the drawing.
  const sorted = [...markers].sort((a, b) => a.x - b.x);
  const place = new Map<string, { row: number; x: number; anchor: 'start' | 'middle' | 'end' }>();
  const rowEnds: number[] = [];
  for (const m of sorted) {
    const w = textWidth(m.label, FONT.small);
    const k = keepInside(x(m.x), w, 2, W - 2);
    const left = k.anchor === 'start' ? k.x : k.anchor === 'end' ? k.x - w : k.x - w / 2;
    let row = 0;
    while (rowEnds[row] !== undefined && left < rowEnds[row] + 8) row++;
    rowEnds[row] = left + w;
    place.set(m.key, { row, ...k });
  }
  const rows = Math.max(1, rowEnds.length);
  const top = 12 + rows * ROW_H;
  const H = top + PLOT_H + M.bottom;
  const area = plotArea(W, H, { ...M, top });
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  const y = scaleLinear().domain([0, maxCount]).nice().range([area.bottom, area.top]);
  // Thin bars for exact values: at most 14 px, and never wider than 70% of the closest gap.
  let barW = 14;
  if (kind === 'values') {
    for (let i = 1; i < bins.length; i++) barW = Math.min(barW, (x(bins[i].x0) - x(bins[i - 1].x0)) * 0.7);
    barW = Math.max(2, barW);
  }
  const tickLabel = Math.max(...x.ticks(8).map((t) => textWidth(format(t), FONT.tick)), 24);
  return (
    <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} box={box}
      caption={markers.length > 0 && (
        <ul className="legend legend-inline">
          {markers.map((m) => (
            <li key={m.key}>
              <svg width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5" stroke={m.color} strokeWidth={2} strokeDasharray={m.dash} /></svg>{' '}
              {m.label}: {format(m.x)}
            </li>
          ))}
        </ul>
      )}
      table={{
        summary: tableSummary,
        columns,
        rows: bins.map((b, i) => ({
          key: i,
          cells: [kind === 'values' ? format(b.x0) : `[${format(b.x0)}, ${format(b.x1)}${i === bins.length - 1 ? ']' : ')'}`, b.count],
        })),
      }}
    >
      {band && <rect x={x(band[0])} y={area.top} width={Math.max(1, x(band[1]) - x(band[0]))} height={area.bottom - area.top} fill="#e8eef7" />}
      <YAxis area={area} scale={y} ticks={y.ticks(5)} grid />
      <XAxis area={area} scale={x} ticks={x.ticks(tickCount(area.right - area.left, tickLabel, 2, 8))} format={format} />
      <line x1={area.left} x2={area.right} y1={area.bottom} y2={area.bottom} stroke="#3b4450" />
      <XLabel area={area} y={H - 8}>{xLabel}</XLabel>
      <YLabel area={area}>{yLabel}</YLabel>
      {bins.map((b, i) => {
        const left = kind === 'values' ? x(b.x0) - barW / 2 : x(b.x0) + 0.5;
        const width = kind === 'values' ? barW : Math.max(1, x(b.x1) - x(b.x0) - 1);
        return <rect key={i} x={left} y={y(b.count)} width={width} height={Math.max(0, y(0) - y(b.count))} fill="#1d4e89" />;
      })}
      {markers.map((m) => {
        const p = place.get(m.key)!;
        const ty = top - 6 - p.row * ROW_H;
        return (
          <g key={m.key}>
            <line x1={x(m.x)} x2={x(m.x)} y1={ty + 3} y2={area.bottom} stroke={m.color} strokeWidth={2} strokeDasharray={m.dash} />
            <text x={p.x} y={ty} textAnchor={p.anchor} className="marker-label" fill={m.color}>{m.label}</text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
