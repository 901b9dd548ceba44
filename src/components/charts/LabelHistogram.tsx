/**
 * Histogram of scores split by true label, in SVG (d3 scales, React drawing): for each bin on
 * [0, 1], one bar per group side by side (e.g. label 0 and label 1), heights in counts. Title,
 * description, legend and a data table (bin range, count per group).
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { plotArea, XAxis, XLabel, YAxis, YLabel, tickCount } from './Axes.tsx';
import { useContext } from 'react';
import { NumberLang, useFmt } from '../labs/shared/format.tsx';
import { ui } from '../../i18n/index.ts';

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

const M = { top: 18, right: 14, bottom: 46, left: 52 };

/** Narrowest bar that carries its count above it. */
const LABEL_BAR = 14;

/**
 * How many adjacent bins one bar joins: 1, unless the histogram is sparse (fewer than 8 cases per
 * bin on average) and its bars would be too thin to read, when the smallest divisor of the number of
 * bins that makes the bars at least LABEL_BAR wide (keeping 4 bars or more). A handful of cases per
 * bin then reads as counts, not as a barcode.
 */
export function mergeFactor(bins: number, total: number, plotWidth: number, groups: number): number {
  if (bins <= 4 || total / bins >= 8) return 1;
  for (let f = 1; f <= bins; f++) {
    if (bins % f !== 0) continue;
    if (bins / f < 4) break;
    if (plotWidth / (bins / f) / Math.max(1, groups) >= LABEL_BAR) return f;
  }
  return 1;
}

export default function LabelHistogram({ title, description, xLabel, yLabel, edges: rawEdges, groups: rawGroups, tableSummary, rangeLabel, testId }: Props) {
  // Laid out for its on-screen width (at most 500 px), a little less tall than wide.
  const box = useChartBox(380, 500);
  const lang = useContext(NumberLang);
  const W = box.width;
  const H = Math.round(Math.max(220, Math.min(320, W * 0.82)));
  const area = plotArea(W, H, M);
  const rawBins = rawEdges.length - 1;
  const total = rawGroups.reduce((a, g) => a + g.counts.reduce((b, c) => b + c, 0), 0);
  const f = mergeFactor(rawBins, total, area.right - area.left, rawGroups.length);
  const edges = f === 1 ? rawEdges : rawEdges.filter((_, i) => i % f === 0);
  const groups = f === 1 ? rawGroups : rawGroups.map((g) => ({ ...g, counts: Array.from({ length: rawBins / f }, (_, b) => g.counts.slice(b * f, b * f + f).reduce((a, c) => a + c, 0)) }));
  const x = scaleLinear().domain([edges[0], edges[edges.length - 1]]).range([area.left, area.right]);
  const max = Math.max(1, ...groups.flatMap((g) => g.counts));
  const y = scaleLinear().domain([0, max]).nice().range([area.bottom, area.top]);
  const bins = edges.length - 1;
  const num = useFmt();
  const fmtEdge = (v: number) => num(v, 3);
  return (
    <ChartFrame title={title} description={description} testId={testId} width={W} height={H} box={box}
      caption={
        <>
          <ul className="legend">
            {groups.map((g) => (
              <li key={g.name}><span className="swatch square" style={{ background: g.color }} aria-hidden="true" /> {g.name}</li>
            ))}
          </ul>
          {f > 1 && <span className="hist-merged" data-testid={testId ? `${testId}-merged` : undefined}>{ui(lang).lab.hist_merged(f, total)}</span>}
        </>
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
            {w >= LABEL_BAR && groups.map((g, gi) => (g.counts[b] > 0 ? (
              <text key={`n-${g.name}`} className="bar-count" x={x0 + gi * w + w / 2} y={y(g.counts[b]) - 3} textAnchor="middle" aria-hidden="true">{g.counts[b]}</text>
            ) : null))}
          </g>
        );
      })}
      <line x1={area.left} x2={area.right} y1={y(0)} y2={y(0)} stroke="#6b7380" />
    </ChartFrame>
  );
}
