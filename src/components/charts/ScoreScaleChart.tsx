/**
 * Scores on a common horizontal scale (d3 scale, React drawing): one row per score, with its
 * interval as whiskers when there is one, and a vertical line for a threshold (e.g. a hard gate).
 * Used for an exam score with its bootstrap interval, and for two configurations side by side so a
 * move across the gate is visible. Title, description, and a data-table alternative.
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame from './ChartFrame.tsx';
import { plotArea, XAxis, XLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

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

export default function ScoreScaleChart({ title, description, xLabel, rows, threshold, domain, tableSummary, columns, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 3));
  const seen = [...rows.flatMap((r) => [r.value, r.low, r.high]), threshold?.value].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const lowest = seen.length ? Math.min(...seen) : 0;
  const dom: [number, number] = domain ?? [Math.max(0, Math.floor(lowest * 10) / 10 - 0.1), 1];
  const H = M.top + rows.length * ROW + M.bottom;
  const area = plotArea(W, H, M);
  const x = scaleLinear().domain(dom).range([area.left, area.right]);
  const yOf = (i: number) => M.top + i * ROW + ROW / 2;
  const hasInterval = rows.some((r) => r.low !== undefined);
  const cell = (v: number | null | undefined) => (v == null ? '–' : format(v));
  return (
    <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} svgStyle={{ maxWidth: `${W}px` }}
      table={{
        summary: tableSummary,
        columns: [columns.row, columns.value, ...(hasInterval ? [columns.low, columns.high] : [])],
        rowHeaders: true,
        rows: rows.map((r) => ({ key: r.key, cells: [r.label, cell(r.value), ...(hasInterval ? [cell(r.low), cell(r.high)] : [])] })),
      }}
    >
      <XAxis area={area} scale={x} ticks={x.ticks(Math.min(10, Math.round((dom[1] - dom[0]) * 20)))} grid gridTop={M.top - 6} offset={14} />
      <XLabel area={area} y={H - 6}>{xLabel}</XLabel>
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
    </ChartFrame>
  );
}
