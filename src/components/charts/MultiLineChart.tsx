/**
 * Several curves over one shared x grid on [0, 1] x [0, 1] (e.g. calibrator maps from raw score to
 * probability), drawn in SVG with d3 scales and paths; one series can be emphasised. Title,
 * description, a legend, and a data table with one column per series (rows thinned to `tableStep`
 * to stay readable).
 */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { plotArea, SquareGrid, XLabel, YLabel, tickCount } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface SharedXSeries { name: string; y: number[]; color: string; dashed?: boolean; emphasis?: boolean }

interface Props {
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  x: number[];
  series: SharedXSeries[];
  tableSummary: string;
  /** Show every `tableStep`-th row in the data table (default 10). */
  tableStep?: number;
  format?: (v: number) => string;
  testId?: string;
}

const M = { top: 14, right: 14, bottom: 46, left: 52 };

export default function MultiLineChart({ title, description, xLabel, yLabel, x: xs, series, tableSummary, tableStep = 10, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 3));
  // Laid out for its on-screen width (at most 500 px), a little less tall than wide.
  const box = useChartBox(380, 500);
  const W = box.width;
  const H = Math.round(Math.max(220, Math.min(320, W * 0.82)));
  const area = plotArea(W, H, M);
  const x = scaleLinear().domain([0, 1]).range([area.left, area.right]);
  const y = scaleLinear().domain([0, 1]).range([area.bottom, area.top]);
  const rows = xs.map((_, i) => i).filter((i) => i % tableStep === 0 || i === xs.length - 1);
  return (
    <ChartFrame title={title} description={description} testId={testId} width={W} height={H} box={box}
      caption={
        <ul className="legend">
          {series.map((s) => (
            <li key={s.name} className={s.emphasis ? 'emphasis' : undefined}>
              <span className={`swatch line${s.dashed ? ' dashed' : ''}`} style={{ background: s.dashed ? undefined : s.color, borderColor: s.color }} aria-hidden="true" /> {s.name}
            </li>
          ))}
        </ul>
      }
      table={{
        summary: tableSummary,
        columns: [xLabel, ...series.map((s) => s.name)],
        rows: rows.map((i) => ({ key: i, cells: [format(xs[i]), ...series.map((s) => format(s.y[i]))] })),
      }}
    >
      <SquareGrid area={area} x={x} y={y} ticks={x.ticks(tickCount(area.right - area.left, 24, 2, 5))} />
      <XLabel area={area} y={H - 8}>{xLabel}</XLabel>
      <YLabel area={area}>{yLabel}</YLabel>
      {series.map((s) => {
        const pts = xs.map((xv, i) => [xv, s.y[i]] as [number, number]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
        const d = line<[number, number]>().x((p) => x(p[0])).y((p) => y(p[1]))(pts) ?? '';
        return (
          <path key={s.name} d={d} fill="none" stroke={s.color} strokeWidth={s.emphasis ? 3.5 : 1.8} strokeDasharray={s.dashed ? '5 4' : undefined} data-series={s.name} />
        );
      })}
    </ChartFrame>
  );
}
