/**
 * Histogram of scores split by true label, in SVG (d3 scales, React drawing): for each bin on
 * [0, 1], one bar per group side by side (e.g. label 0 and label 1), heights in counts. Title,
 * description, legend and a data table (bin range, count per group).
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { plotArea, XAxis, XLabel, YAxis, YLabel, tickCount } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface HistogramGroup { name: string; counts: number[]; color: string }

interface Props {
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  /** bins + 1 increasing edges. */
  edges: number[];
  groups: HistogramGroup[];
  tableSummary: string;
  rangeLabel: string;
  testId?: string;
}

const M = { top: 14, right: 14, bottom: 46, left: 52 };

export default function LabelHistogram({ title, description, xLabel, yLabel, edges, groups, tableSummary, rangeLabel, testId }: Props) {
  // Laid out for its on-screen width (at most 500 px), a little less tall than wide.
  const box = useChartBox(380, 500);
  const W = box.width;
  const H = Math.round(Math.max(220, Math.min(320, W * 0.82)));
  const area = plotArea(W, H, M);
  const x = scaleLinear().domain([edges[0], edges[edges.length - 1]]).range([area.left, area.right]);
  const max = Math.max(1, ...groups.flatMap((g) => g.counts));
  const y = scaleLinear().domain([0, max]).nice().range([area.bottom, area.top]);
  const bins = edges.length - 1;
  const num = useFmt();
  const fmtEdge = (v: number) => num(v, 3);
  return (
    <ChartFrame title={title} description={description} testId={testId} width={W} height={H} box={box}
      caption={
        <ul className="legend">
          {groups.map((g) => (
            <li key={g.name}><span className="swatch square" style={{ background: g.color }} aria-hidden="true" /> {g.name}</li>
          ))}
        </ul>
      }
      table={{
        summary: tableSummary,
        columns: [rangeLabel, ...groups.map((g) => g.name)],
        rows: Array.from({ length: bins }, (_, b) => ({
          key: b,
          cells: [<>[{fmtEdge(edges[b])}, {fmtEdge(edges[b + 1])}{b === bins - 1 ? ']' : ')'}</>, ...groups.map((g) => g.counts[b])],
        })),
      }}
    >
      <YAxis area={area} scale={y} ticks={y.ticks(Math.min(5, tickCount(area.bottom - area.top, 4, 2, 5))).filter((t) => Number.isInteger(t))} grid />
      <XAxis area={area} scale={x} ticks={x.ticks(tickCount(area.right - area.left, 24, 2, 5))} tickClass="tick" />
      <XLabel area={area} y={H - 8}>{xLabel}</XLabel>
      <YLabel area={area}>{yLabel}</YLabel>
      {Array.from({ length: bins }, (_, b) => {
        const x0 = x(edges[b]);
        const w = (x(edges[b + 1]) - x0) / Math.max(1, groups.length);
        return (
          <g key={b}>
            {groups.map((g, gi) => (
              <rect key={g.name} x={x0 + gi * w + 0.5} y={y(g.counts[b])} width={Math.max(0, w - 1)} height={Math.max(0, y(0) - y(g.counts[b]))} fill={g.color} />
            ))}
          </g>
        );
      })}
      <line x1={area.left} x2={area.right} y1={y(0)} y2={y(0)} stroke="#6b7380" />
    </ChartFrame>
  );
}
