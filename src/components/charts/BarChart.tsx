/**
 * A bar chart in SVG (d3 scales, React drawing) with a title, a description and a data-table
 * alternative. Bars can be marked (e.g. infeasible = hatched) and one highlighted.
 *
 * Laid out for its on-screen width (useChartBox): vertical bars with their labels turned under
 * them while every bar has room for its label (about 16 px); otherwise (many bars on a phone) one
 * horizontal row per bar, label on the left and value at the end, as tall as it needs to be.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import ChartFrame, { Hatch, useChartBox } from './ChartFrame.tsx';
import { FONT, plotArea, textWidth, tickCount, XAxis, XLabel, YAxis, YLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface Bar { key: string; label: string; value: number; muted?: boolean; highlight?: boolean }

interface Props {
  title: string;
  description: string;
  yLabel: string;
  bars: Bar[];
  tableSummary: string;
  columns: [string, string];
  format?: (v: number) => string;
  testId?: string;
}

/** Room a turned label needs along the axis (its line height), in px. */
const MIN_BAND = 16;
const ROW = 18;

export default function BarChart({ title, description, yLabel, bars, tableSummary, columns, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 2));
  const box = useChartBox(720, 960);
  const W = box.width;
  const max = Math.max(1e-9, ...bars.map((b) => b.value));
  const longest = Math.max(20, ...bars.map((b) => textWidth(b.label, FONT.small)));
  // A label turned 60° reaches 0.87 of its length down and 0.5 to the right of its bar.
  const M = { top: 12, right: Math.max(10, Math.round(longest * 0.5)), bottom: Math.round(longest * 0.87) + 22, left: 56 };
  const vertical = (W - M.left - M.right) / Math.max(1, bars.length) >= MIN_BAND;
  const table = { summary: tableSummary, columns, rows: bars.map((b) => ({ key: b.key, cells: [b.label, format(b.value)] })) };
  if (vertical) {
    const H = 190 + M.top + M.bottom;
    const area = plotArea(W, H, M);
    const x = scaleBand().domain(bars.map((b) => b.key)).range([area.left, area.right]).padding(0.15);
    const y = scaleLinear().domain([0, max]).nice().range([area.bottom, area.top]);
    return (
      <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} box={box} table={table}>
        {(id) => (
          <>
            <Hatch id={`${id}-hatch`} />
            <YAxis area={area} scale={y} ticks={y.ticks(5)} grid />
            <YLabel area={area}>{yLabel}</YLabel>
            {bars.map((b) => {
              const cx = (x(b.key) ?? 0) + x.bandwidth() / 2;
              return (
                <g key={b.key}>
                  <rect
                    x={x(b.key)}
                    y={y(b.value)}
                    width={x.bandwidth()}
                    height={Math.max(0, y(0) - y(b.value))}
                    fill={b.muted ? `url(#${id}-hatch)` : '#1d4e89'}
                    stroke={b.highlight ? '#f0a500' : 'none'}
                    strokeWidth={b.highlight ? 3 : 0}
                  />
                  <text x={cx} y={area.bottom + 10} transform={`rotate(60 ${cx} ${area.bottom + 10})`} className="bar-label">{b.label}</text>
                </g>
              );
            })}
          </>
        )}
      </ChartFrame>
    );
  }
  // Horizontal rows: label | bar, value at its end; the value axis under the rows.
  const valueW = Math.max(...bars.map((b) => textWidth(format(b.value), FONT.small)), 20);
  const HM = { top: 8, right: valueW + 10, bottom: 40, left: Math.min(W * 0.45, longest + 12) };
  const H = HM.top + HM.bottom + ROW * Math.max(1, bars.length);
  const area = plotArea(W, H, HM);
  const x = scaleLinear().domain([0, max]).nice().range([area.left, area.right]);
  const tickW = Math.max(...x.ticks(5).map((t) => textWidth(String(t), FONT.tick)), 20);
  return (
    <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} box={box} table={table}>
      {(id) => (
        <>
          <Hatch id={`${id}-hatch`} />
          <XAxis area={area} scale={x} ticks={x.ticks(tickCount(area.right - area.left, tickW, 2, 6))} grid offset={14} />
          <XLabel area={area} y={H - 6}>{yLabel}</XLabel>
          {bars.map((b, i) => {
            const top = HM.top + i * ROW;
            return (
              <g key={b.key}>
                <text x={area.left - 6} y={top + ROW / 2 + 4} textAnchor="end" className="bar-label">{b.label}</text>
                <rect
                  x={area.left}
                  y={top + 2}
                  width={Math.max(0, x(b.value) - area.left)}
                  height={ROW - 4}
                  fill={b.muted ? `url(#${id}-hatch)` : '#1d4e89'}
                  stroke={b.highlight ? '#f0a500' : 'none'}
                  strokeWidth={b.highlight ? 3 : 0}
                />
                <text x={x(b.value) + 4} y={top + ROW / 2 + 4} className="bar-label">{format(b.value)}</text>
              </g>
            );
          })}
        </>
      )}
    </ChartFrame>
  );
}
