/**
 * Several curves over one shared x grid on [0, 1] x [0, 1] (e.g. calibrator maps from raw score to
 * probability), drawn in SVG with d3 scales and paths; one series can be emphasised. Title,
 * description, a legend, and a data table with one column per series (rows thinned to `tableStep`
 * to stay readable).
 */
import { useId } from 'react';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import ScrollBox from '../common/ScrollBox.tsx';

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

const W = 380, H = 300, M = { top: 14, right: 14, bottom: 46, left: 52 };

export default function MultiLineChart({ title, description, xLabel, yLabel, x: xs, series, tableSummary, tableStep = 10, format = (v) => v.toFixed(3), testId }: Props) {
  const id = useId();
  const x = scaleLinear().domain([0, 1]).range([M.left, W - M.right]);
  const y = scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const ticks = x.ticks(5);
  const rows = xs.map((_, i) => i).filter((i) => i % tableStep === 0 || i === xs.length - 1);
  return (
    <figure className="chart" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {ticks.map((t) => (
          <g key={`g${t}`} className="grid">
            <line x1={x(t)} x2={x(t)} y1={M.top} y2={H - M.bottom} />
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />
            <text x={x(t)} y={H - M.bottom + 16} textAnchor="middle">{t}</text>
            <text x={M.left - 8} y={y(t) + 4} textAnchor="end">{t}</text>
          </g>
        ))}
        <text className="axis-label" x={(M.left + W - M.right) / 2} y={H - 8} textAnchor="middle">{xLabel}</text>
        <text className="axis-label" transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">{yLabel}</text>
        {series.map((s) => {
          const pts = xs.map((xv, i) => [xv, s.y[i]] as [number, number]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
          const d = line<[number, number]>().x((p) => x(p[0])).y((p) => y(p[1]))(pts) ?? '';
          return (
            <path key={s.name} d={d} fill="none" stroke={s.color} strokeWidth={s.emphasis ? 3.5 : 1.8} strokeDasharray={s.dashed ? '5 4' : undefined} data-series={s.name} />
          );
        })}
      </svg>
      <figcaption>
        <strong>{title}.</strong> {description}
        <ul className="legend">
          {series.map((s) => (
            <li key={s.name} className={s.emphasis ? 'emphasis' : undefined}>
              <span className={`swatch line${s.dashed ? ' dashed' : ''}`} style={{ background: s.dashed ? undefined : s.color, borderColor: s.color }} aria-hidden="true" /> {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="chart-data">
        <summary>{tableSummary}</summary>
        <ScrollBox label={title}>
          <table>
            <thead>
              <tr><th scope="col">{xLabel}</th>{series.map((s) => <th scope="col" key={s.name}>{s.name}</th>)}</tr>
            </thead>
            <tbody>
              {rows.map((i) => (
                <tr key={i}><td>{format(xs[i])}</td>{series.map((s) => <td key={s.name}>{format(s.y[i])}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
