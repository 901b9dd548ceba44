/**
 * A line chart in SVG for curves such as ROC and precision-recall: d3 computes the scales and the
 * path, React draws. Every chart has a title and a description (read by screen readers) and a
 * data-table alternative behind a <details>, so the numbers are reachable from the keyboard.
 */
import { useId } from 'react';
import ScrollBox from '../common/ScrollBox.tsx';
import { scaleLinear } from 'd3-scale';
import { line, curveLinear, curveStepAfter } from 'd3-shape';

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

const W = 360, H = 300, M = { top: 14, right: 14, bottom: 46, left: 52 };

export default function LineChart({ title, description, xLabel, yLabel, series, markers = [], tableSummary, extra, format = (v) => v.toFixed(3), testId }: Props) {
  const id = useId();
  const x = scaleLinear().domain([0, 1]).range([M.left, W - M.right]);
  const y = scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const ticks = x.ticks(5);
  const main = series[0];
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
          const pts = s.x.map((xv, i) => [xv, s.y[i]] as [number, number]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
          const d = line<[number, number]>().curve(s.curve === 'step' ? curveStepAfter : curveLinear).x((p) => x(p[0])).y((p) => y(p[1]))(pts) ?? '';
          return <path key={s.name} d={d} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={s.dashed ? '5 4' : undefined} />;
        })}
        {markers.map((m) => (
          <g key={m.label}>
            <circle cx={x(m.x)} cy={y(m.y)} r={6} fill={m.color} stroke="#fff" strokeWidth={2} />
          </g>
        ))}
      </svg>
      <figcaption>
        <strong>{title}.</strong> {description}
        {markers.length > 0 && (
          <ul className="legend">
            {markers.map((m) => (
              <li key={m.label}><span className="swatch" style={{ background: m.color }} aria-hidden="true" /> {m.label}: ({format(m.x)}, {format(m.y)})</li>
            ))}
          </ul>
        )}
      </figcaption>
      {main && (
        <details className="chart-data">
          <summary>{tableSummary}</summary>
          <ScrollBox label={title}>
            <table>
              <thead><tr>{extra && <th scope="col">{extra.label}</th>}<th scope="col">{xLabel}</th><th scope="col">{yLabel}</th></tr></thead>
              <tbody>
                {main.x.map((xv, i) => (
                  <tr key={i}>
                    {extra && <td>{extra.values[i] === null || !Number.isFinite(extra.values[i] as number) ? '∞' : format(extra.values[i] as number)}</td>}
                    <td>{format(xv)}</td><td>{format(main.y[i])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </details>
      )}
    </figure>
  );
}
