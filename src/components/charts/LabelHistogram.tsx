/**
 * Histogram of scores split by true label, in SVG (d3 scales, React drawing): for each bin on
 * [0, 1], one bar per group side by side (e.g. label 0 and label 1), heights in counts. Title,
 * description, legend and a data table (bin range, count per group).
 */
import { useId } from 'react';
import { scaleLinear } from 'd3-scale';
import ScrollBox from '../common/ScrollBox.tsx';

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

const W = 380, H = 300, M = { top: 14, right: 14, bottom: 46, left: 52 };

export default function LabelHistogram({ title, description, xLabel, yLabel, edges, groups, tableSummary, rangeLabel, testId }: Props) {
  const id = useId();
  const x = scaleLinear().domain([edges[0], edges[edges.length - 1]]).range([M.left, W - M.right]);
  const max = Math.max(1, ...groups.flatMap((g) => g.counts));
  const y = scaleLinear().domain([0, max]).nice().range([H - M.bottom, M.top]);
  const yTicks = y.ticks(5).filter((t) => Number.isInteger(t));
  const bins = edges.length - 1;
  const fmtEdge = (v: number) => String(Number(v.toFixed(3)));
  return (
    <figure className="chart" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {yTicks.map((t) => (
          <g key={`y${t}`} className="grid">
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />
            <text x={M.left - 8} y={y(t) + 4} textAnchor="end">{t}</text>
          </g>
        ))}
        {x.ticks(5).map((t) => (
          <text key={`x${t}`} x={x(t)} y={H - M.bottom + 16} textAnchor="middle" className="tick">{t}</text>
        ))}
        <text className="axis-label" x={(M.left + W - M.right) / 2} y={H - 8} textAnchor="middle">{xLabel}</text>
        <text className="axis-label" transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">{yLabel}</text>
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
        <line x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} stroke="#6b7380" />
      </svg>
      <figcaption>
        <strong>{title}.</strong> {description}
        <ul className="legend">
          {groups.map((g) => (
            <li key={g.name}><span className="swatch square" style={{ background: g.color }} aria-hidden="true" /> {g.name}</li>
          ))}
        </ul>
      </figcaption>
      <details className="chart-data">
        <summary>{tableSummary}</summary>
        <ScrollBox label={title}>
          <table>
            <thead><tr><th scope="col">{rangeLabel}</th>{groups.map((g) => <th scope="col" key={g.name}>{g.name}</th>)}</tr></thead>
            <tbody>
              {Array.from({ length: bins }, (_, b) => (
                <tr key={b}>
                  <td>[{fmtEdge(edges[b])}, {fmtEdge(edges[b + 1])}{b === bins - 1 ? ']' : ')'}</td>
                  {groups.map((g) => <td key={g.name}>{g.counts[b]}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
