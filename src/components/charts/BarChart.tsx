/**
 * A vertical bar chart in SVG (d3 scales, React drawing) with a title, a description and a
 * data-table alternative. Bars can be marked (e.g. infeasible = hatched) and one highlighted.
 */
import { useId } from 'react';
import ScrollBox from '../common/ScrollBox.tsx';
import { scaleBand, scaleLinear } from 'd3-scale';

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

export default function BarChart({ title, description, yLabel, bars, tableSummary, columns, format = (v) => v.toFixed(2), testId }: Props) {
  const id = useId();
  const max = Math.max(1e-9, ...bars.map((b) => b.value));
  const x = scaleBand().domain(bars.map((b) => b.key)).range([M.left, W - M.right]).padding(0.15);
  const y = scaleLinear().domain([0, max]).nice().range([H - M.bottom, M.top]);
  return (
    <figure className="chart chart-wide" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        <defs>
          <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#f3d6d3" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#a3211b" strokeWidth="2" />
          </pattern>
        </defs>
        {y.ticks(5).map((t) => (
          <g key={t} className="grid">
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />
            <text x={M.left - 8} y={y(t) + 4} textAnchor="end">{t}</text>
          </g>
        ))}
        <text className="axis-label" transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">{yLabel}</text>
        {bars.map((b) => (
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
            <text x={(x(b.key) ?? 0) + x.bandwidth() / 2} y={H - M.bottom + 10} transform={`rotate(60 ${(x(b.key) ?? 0) + x.bandwidth() / 2} ${H - M.bottom + 10})`} className="bar-label">{b.label}</text>
          </g>
        ))}
      </svg>
      <figcaption><strong>{title}.</strong> {description}</figcaption>
      <details className="chart-data">
        <summary>{tableSummary}</summary>
        <ScrollBox label={title}>
          <table>
            <thead><tr><th scope="col">{columns[0]}</th><th scope="col">{columns[1]}</th></tr></thead>
            <tbody>{bars.map((b) => <tr key={b.key}><td>{b.label}</td><td>{format(b.value)}</td></tr>)}</tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
