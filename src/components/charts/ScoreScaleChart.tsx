/**
 * Scores on a common horizontal scale (d3 scale, React drawing): one row per score, with its
 * interval as whiskers when there is one, and a vertical line for a threshold (e.g. a hard gate).
 * Used for an exam score with its bootstrap interval, and for two configurations side by side so a
 * move across the gate is visible. Title, description, and a data-table alternative.
 */
import { useId } from 'react';
import ScrollBox from '../common/ScrollBox.tsx';
import { scaleLinear } from 'd3-scale';

export interface ScoreRow { key: string; label: string; value: number | null; low?: number | null; high?: number | null; color: string }

interface Props {
  title: string;
  description: string;
  xLabel: string;
  rows: ScoreRow[];
  threshold?: { value: number; label: string };
  /** Scale of the x axis; by default from a tenth below the lowest value, interval bound or threshold (floored to a tenth, at least 0) up to 1, stated on the axis. */
  domain?: [number, number];
  tableSummary: string;
  columns: { row: string; value: string; low: string; high: string };
  format?: (v: number) => string;
  testId?: string;
}

const W = 560, ROW = 40, M = { top: 26, right: 24, bottom: 40, left: 150 };

export default function ScoreScaleChart({ title, description, xLabel, rows, threshold, domain, tableSummary, columns, format = (v) => v.toFixed(3), testId }: Props) {
  const id = useId();
  const seen = [...rows.flatMap((r) => [r.value, r.low, r.high]), threshold?.value].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const lowest = seen.length ? Math.min(...seen) : 0;
  const dom: [number, number] = domain ?? [Math.max(0, Math.floor(lowest * 10) / 10 - 0.1), 1];
  const H = M.top + rows.length * ROW + M.bottom;
  const x = scaleLinear().domain(dom).range([M.left, W - M.right]);
  const yOf = (i: number) => M.top + i * ROW + ROW / 2;
  const hasInterval = rows.some((r) => r.low !== undefined);
  return (
    <figure className="chart chart-wide" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} style={{ maxWidth: `${W}px` }}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {x.ticks(Math.min(10, Math.round((dom[1] - dom[0]) * 20))).map((t) => (
          <g key={t} className="grid">
            <line x1={x(t)} x2={x(t)} y1={M.top - 6} y2={H - M.bottom} />
            <text x={x(t)} y={H - M.bottom + 14} textAnchor="middle">{t}</text>
          </g>
        ))}
        <text className="axis-label" x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">{xLabel}</text>
        {threshold && (
          <g className="threshold">
            <line x1={x(threshold.value)} x2={x(threshold.value)} y1={M.top - 10} y2={H - M.bottom} stroke="#a3211b" strokeWidth={2} strokeDasharray="5 3" />
            <text x={x(threshold.value) - 4} y={M.top - 12} textAnchor="end" style={{ fill: '#a3211b' }}>{threshold.label}</text>
          </g>
        )}
        {rows.map((r, i) => (
          <g key={r.key}>
            <text x={M.left - 8} y={yOf(i) + 4} textAnchor="end" className="row-label">{r.label}</text>
            {r.low != null && r.high != null && (
              <g stroke={r.color} strokeWidth={2}>
                <line x1={x(r.low)} x2={x(r.high)} y1={yOf(i)} y2={yOf(i)} />
                <line x1={x(r.low)} x2={x(r.low)} y1={yOf(i) - 7} y2={yOf(i) + 7} />
                <line x1={x(r.high)} x2={x(r.high)} y1={yOf(i) - 7} y2={yOf(i) + 7} />
              </g>
            )}
            {r.value !== null && <circle cx={x(r.value)} cy={yOf(i)} r={7} fill={r.color} stroke="#fff" strokeWidth={2} />}
            {r.value !== null && <text x={x(r.value)} y={yOf(i) - 11} textAnchor="middle" className="point-label">{format(r.value)}</text>}
          </g>
        ))}
      </svg>
      <figcaption><strong>{title}.</strong> {description}</figcaption>
      <details className="chart-data">
        <summary>{tableSummary}</summary>
        <ScrollBox label={title}>
          <table>
            <thead><tr><th scope="col">{columns.row}</th><th scope="col">{columns.value}</th>{hasInterval && <><th scope="col">{columns.low}</th><th scope="col">{columns.high}</th></>}</tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td>{r.value === null ? '–' : format(r.value)}</td>
                  {hasInterval && <><td>{r.low == null ? '–' : format(r.low)}</td><td>{r.high == null ? '–' : format(r.high)}</td></>}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
