/**
 * A stacked bar chart in SVG (d3 scales and stack, React drawing): one bar per item, one segment
 * per series (e.g. the weighted axes of a rubric), with an optional marker per bar for a value that
 * differs from the stack's top (e.g. an item score set to 0 by an override). Title, description,
 * legend, and a data-table alternative with every number.
 *
 * Laid out for its on-screen width (useChartBox): vertical bars with turned labels while each bar
 * gets at least 22 px; otherwise (a phone) one horizontal bar per row, the item's label on its left,
 * the chart as tall as the rows need.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { FONT, plotArea, textWidth, tickCount, XAxis, XLabel, YAxis, YLabel } from './Axes.tsx';
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

const MIN_BAND = 22;
const ROW = 22;

export default function StackedBarChart({ title, description, yLabel, series, rows, yMax, markerLabel, tableSummary, rowHeader, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 2));
  const natural = Math.max(560, 58 + rows.length * 44);
  const box = useChartBox(natural, Math.round(natural * 1.5));
  const W = box.width;
  const keys = series.map((s) => s.key);
  const layers = stack<StackRow, string>().keys(keys).value((r, k) => Math.max(0, r.values[k] ?? 0))(rows);
  const top = Math.max(1e-9, ...rows.map((r) => keys.reduce((s, k) => s + Math.max(0, r.values[k] ?? 0), 0)));
  const domainMax = yMax ?? top;
  const color = Object.fromEntries(series.map((s) => [s.key, s.color]));
  const longest = Math.max(16, ...rows.map((r) => textWidth(r.label, FONT.small)));
  const VM = { top: 12, right: 10, bottom: Math.round(longest * 0.82) + 20, left: 48 };
  const vertical = (W - VM.left - VM.right) / Math.max(1, rows.length) >= MIN_BAND;
  const caption = (
    <ul className="legend legend-inline">
      {series.map((s) => (
        <li key={s.key}><span className="swatch square" style={{ background: s.color }} aria-hidden="true" /> {s.label}</li>
      ))}
      {markerLabel && <li><span className="swatch bar" aria-hidden="true" /> {markerLabel}</li>}
    </ul>
  );
  const table = {
    summary: tableSummary,
    columns: [rowHeader, ...series.map((s) => s.label), ...(markerLabel ? [markerLabel] : [])],
    rowHeaders: true,
    rows: rows.map((r) => ({
      key: r.key,
      cells: [r.label, ...series.map((s) => format(r.values[s.key] ?? 0)), ...(markerLabel ? [r.marker === undefined ? '' : format(r.marker)] : [])],
    })),
  };
  if (vertical) {
    const H = 210 + VM.top + VM.bottom;
    const area = plotArea(W, H, VM);
    const x = scaleBand().domain(rows.map((r) => r.key)).range([area.left, area.right]).padding(0.2);
    const y = scaleLinear().domain([0, domainMax]).nice().range([area.bottom, area.top]);
    return (
      <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} box={box} caption={caption} table={table}>
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
  // Horizontal: one row per item, segments from left to right, the value axis under the rows.
  const HM = { top: 8, right: 14, bottom: 40, left: Math.min(W * 0.4, longest + 12) };
  const H = HM.top + HM.bottom + ROW * Math.max(1, rows.length);
  const area = plotArea(W, H, HM);
  const x = scaleLinear().domain([0, domainMax]).nice().range([area.left, area.right]);
  const y = scaleBand().domain(rows.map((r) => r.key)).range([area.top, area.bottom]).padding(0.2);
  const tickW = Math.max(...x.ticks(5).map((t) => textWidth(format(t), FONT.tick)), 20);
  return (
    <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} box={box} caption={caption} table={table}>
      <XAxis area={area} scale={x} ticks={x.ticks(tickCount(area.right - area.left, tickW, 2, 5))} format={(t) => format(t)} grid offset={14} />
      <XLabel area={area} y={H - 6}>{yLabel}</XLabel>
      {layers.map((layer) => (
        <g key={layer.key} fill={color[layer.key]}>
          {layer.map((seg, i) => {
            const r = rows[i];
            const w = x(seg[1]) - x(seg[0]);
            if (w <= 0) return null;
            return <rect key={r.key} x={x(seg[0])} y={y(r.key)} width={w} height={y.bandwidth()} opacity={r.muted ? 0.55 : 1} stroke="#fff" strokeWidth={0.5} />;
          })}
        </g>
      ))}
      {rows.map((r) => {
        const ry = y(r.key) ?? 0;
        return (
          <g key={r.key}>
            {r.marker !== undefined && (
              <line className="stack-marker" x1={x(r.marker)} x2={x(r.marker)} y1={ry - 3} y2={ry + y.bandwidth() + 3} stroke="#1b1f24" strokeWidth={3} />
            )}
            <text x={area.left - 6} y={ry + y.bandwidth() / 2 + 4} textAnchor="end" className="bar-label">{r.label}</text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
