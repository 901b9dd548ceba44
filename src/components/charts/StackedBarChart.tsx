/**
 * A stacked bar chart in SVG (d3 scales and stack, React drawing): one bar per item, one segment
 * per series (e.g. the weighted axes of a rubric), with an optional marker per bar for a value that
 * differs from the stack's top (e.g. an item score set to 0 by an override). Title, description,
 * legend, and a data-table alternative with every number.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import ChartFrame from './ChartFrame.tsx';
import { plotArea, YAxis, YLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface StackSeries { key: string; label: string; color: string }
export interface StackRow {
  key: string;
  label: string;
  /** Segment values by series key. */
  values: Record<string, number>;
  /** A value to mark on the bar (drawn as a black tick), e.g. the final score. */
  marker?: number;
  /** Dims the bar (e.g. a regression item). */
  muted?: boolean;
}

interface Props {
  title: string;
  description: string;
  yLabel: string;
  series: StackSeries[];
  rows: StackRow[];
  /** Fixed y maximum (e.g. 1 for scores); defaults to the largest stack. */
  yMax?: number;
  markerLabel?: string;
  tableSummary: string;
  rowHeader: string;
  format?: (v: number) => string;
  testId?: string;
}

const H = 280, M = { top: 12, right: 10, bottom: 64, left: 48 };

export default function StackedBarChart({ title, description, yLabel, series, rows, yMax, markerLabel, tableSummary, rowHeader, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 2));
  const W = Math.max(560, M.left + M.right + rows.length * 44);
  const area = plotArea(W, H, M);
  const keys = series.map((s) => s.key);
  const layers = stack<StackRow, string>().keys(keys).value((r, k) => Math.max(0, r.values[k] ?? 0))(rows);
  const top = Math.max(1e-9, ...rows.map((r) => keys.reduce((s, k) => s + Math.max(0, r.values[k] ?? 0), 0)));
  const x = scaleBand().domain(rows.map((r) => r.key)).range([area.left, area.right]).padding(0.2);
  const y = scaleLinear().domain([0, yMax ?? top]).nice().range([area.bottom, area.top]);
  const color = Object.fromEntries(series.map((s) => [s.key, s.color]));
  return (
    <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} svgStyle={{ maxWidth: `${Math.round(W * 1.5)}px` }}
      caption={
        <ul className="legend legend-inline">
          {series.map((s) => (
            <li key={s.key}><span className="swatch square" style={{ background: s.color }} aria-hidden="true" /> {s.label}</li>
          ))}
          {markerLabel && <li><span className="swatch bar" aria-hidden="true" /> {markerLabel}</li>}
        </ul>
      }
      table={{
        summary: tableSummary,
        columns: [rowHeader, ...series.map((s) => s.label), ...(markerLabel ? [markerLabel] : [])],
        rowHeaders: true,
        rows: rows.map((r) => ({
          key: r.key,
          cells: [r.label, ...series.map((s) => format(r.values[s.key] ?? 0)), ...(markerLabel ? [r.marker === undefined ? '' : format(r.marker)] : [])],
        })),
      }}
    >
      <YAxis area={area} scale={y} ticks={y.ticks(5)} grid gap={6} />
      <YLabel area={area} x={12}>{yLabel}</YLabel>
      {layers.map((layer) => (
        <g key={layer.key} fill={color[layer.key]}>
          {layer.map((seg, i) => {
            const r = rows[i];
            const h = y(seg[0]) - y(seg[1]);
            if (h <= 0) return null;
            return <rect key={r.key} x={x(r.key)} y={y(seg[1])} width={x.bandwidth()} height={h} opacity={r.muted ? 0.55 : 1} stroke="#fff" strokeWidth={0.5} />;
          })}
        </g>
      ))}
      {rows.map((r) => {
        const cx = (x(r.key) ?? 0) + x.bandwidth() / 2;
        return (
          <g key={r.key}>
            {r.marker !== undefined && (
              <line className="stack-marker" x1={(x(r.key) ?? 0) - 3} x2={(x(r.key) ?? 0) + x.bandwidth() + 3} y1={y(r.marker)} y2={y(r.marker)} stroke="#1b1f24" strokeWidth={3} />
            )}
            <text x={cx} y={area.bottom + 10} transform={`rotate(55 ${cx} ${area.bottom + 10})`} className="bar-label">{r.label}</text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
