/**
 * A vertical bar chart in SVG (d3 scales, React drawing) with a title, a description and a
 * data-table alternative. Bars can be marked (e.g. infeasible = hatched) and one highlighted.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import ChartFrame, { Hatch } from './ChartFrame.tsx';
import { plotArea, YAxis, YLabel } from './Axes.tsx';
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

const W = 720, H = 260, M = { top: 12, right: 10, bottom: 70, left: 52 };

export default function BarChart({ title, description, yLabel, bars, tableSummary, columns, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 2));
  const area = plotArea(W, H, M);
  const max = Math.max(1e-9, ...bars.map((b) => b.value));
  const x = scaleBand().domain(bars.map((b) => b.key)).range([area.left, area.right]).padding(0.15);
  const y = scaleLinear().domain([0, max]).nice().range([area.bottom, area.top]);
  return (
    <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H}
      table={{ summary: tableSummary, columns, rows: bars.map((b) => ({ key: b.key, cells: [b.label, format(b.value)] })) }}
    >
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
