/**
 * A line chart in SVG for curves such as ROC and precision-recall: d3 computes the scales and the
 * path, React draws. Every chart has a title and a description (read by screen readers) and a
 * data-table alternative behind a <details>, so the numbers are reachable from the keyboard.
 */
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { plotArea, SquareGrid, XLabel, YLabel, tickCount } from './Axes.tsx';
import { scaleLinear } from 'd3-scale';
import { line, curveLinear, curveStepAfter } from 'd3-shape';
import { useFmt } from '../labs/shared/format.tsx';

export interface Series { name: string; x: number[]; y: number[]; color: string; dashed?: boolean; curve?: 'linear' | 'step' }
export interface Marker { label: string; x: number; y: number; color: string }

interface Props {
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  markers?: Marker[];
  tableSummary: string;
  /** Extra column shown in the data table (e.g. the threshold of each point). */
  extra?: { label: string; values: (number | null)[] };
  format?: (v: number) => string;
  testId?: string;
}

const M = { top: 14, right: 14, bottom: 46, left: 52 };

export default function LineChart({ title, description, xLabel, yLabel, series, markers = [], tableSummary, extra, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 3));
  // Laid out for its on-screen width (at most 480 px), a little less tall than wide.
  const box = useChartBox(360, 480);
  const W = box.width;
  const H = Math.round(Math.max(220, Math.min(320, W * 0.82)));
  const area = plotArea(W, H, M);
  const x = scaleLinear().domain([0, 1]).range([area.left, area.right]);
  const y = scaleLinear().domain([0, 1]).range([area.bottom, area.top]);
  const main = series[0];
  const cell = (v: number | null) => (v === null || !Number.isFinite(v) ? '∞' : format(v));
  return (
    <ChartFrame title={title} description={description} testId={testId} width={W} height={H} box={box}
      caption={markers.length > 0 && (
        <ul className="legend">
          {markers.map((m) => (
            <li key={m.label}><span className="swatch" style={{ background: m.color }} aria-hidden="true" /> {m.label}: ({format(m.x)}, {format(m.y)})</li>
          ))}
        </ul>
      )}
      table={main ? {
        summary: tableSummary,
        columns: [...(extra ? [extra.label] : []), xLabel, yLabel],
        rows: main.x.map((xv, i) => ({ key: i, cells: [...(extra ? [cell(extra.values[i])] : []), format(xv), format(main.y[i])] })),
      } : null}
    >
      <SquareGrid area={area} x={x} y={y} ticks={x.ticks(tickCount(area.right - area.left, 24, 2, 5))} />
      <XLabel area={area} y={H - 8}>{xLabel}</XLabel>
      <YLabel area={area}>{yLabel}</YLabel>
      {series.map((s) => {
        const pts = s.x.map((xv, i) => [xv, s.y[i]] as [number, number]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
        const d = line<[number, number]>().curve(s.curve === 'step' ? curveStepAfter : curveLinear).x((p) => x(p[0])).y((p) => y(p[1]))(pts) ?? '';
        return <path key={s.name} d={d} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={s.dashed ? '5 4' : undefined} />;
      })}
      {markers.map((m) => (
        <g key={m.label}>
          <circle cx={x(m.x)} cy={y(m.y)} r={6} fill={m.color} stroke="#fff" strokeWidth={2} />
        </g>
      ))}
    </ChartFrame>
  );
}
