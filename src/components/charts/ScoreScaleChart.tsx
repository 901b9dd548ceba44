/**
 * Scores on a common horizontal scale (d3 scale, React drawing): one row per score, with its
 * interval as whiskers when there is one, and a vertical line for a threshold (e.g. a hard gate).
 * Used for an exam score with its bootstrap interval, and for two configurations side by side so a
 * move across the gate is visible. Title, description, and a data-table alternative.
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { FONT, keepInside, plotArea, TextLines, textWidth, tickCount, wrapLabel, XAxis, XLabel } from './Axes.tsx';
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

const ROW = 40, LINE = 15;

export default function ScoreScaleChart({ title, description, xLabel, rows, threshold, domain, tableSummary, columns, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 3));
  const seen = [...rows.flatMap((r) => [r.value, r.low, r.high]), threshold?.value].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const lowest = seen.length ? Math.min(...seen) : 0;
  const dom: [number, number] = domain ?? [Math.max(0, Math.floor(lowest * 10) / 10 - 0.1), 1];
  // Laid out for its on-screen width (at most 560 px): row labels on the left while they fit in a
  // third of it, else each (wrapped) label on its own line above its row.
  const box = useChartBox(560, 560);
  const W = box.width;
  const fs = FONT.label - 1;
  const longest = Math.max(40, ...rows.map((r) => textWidth(r.label, fs)));
  const side = longest + 16 <= W * 0.36;
  const M = { top: 30, right: 24, bottom: 40, left: side ? longest + 16 : 16 };
  const labelLines = rows.map((r) => (side ? [r.label] : wrapLabel(r.label, W - 24, fs, 2)));
  const rowTop: number[] = [];
  let yy = M.top;
  rows.forEach((_, i) => {
    rowTop.push(yy);
    yy += ROW + (side ? 0 : labelLines[i].length * LINE + 6);
  });
  const H = yy + M.bottom;
  const area = plotArea(W, H, M);
  const x = scaleLinear().domain(dom).range([area.left, area.right]);
  const yOf = (i: number) => rowTop[i] + (side ? 0 : labelLines[i].length * LINE + 6) + ROW / 2;
  const nTicks = Math.min(10, Math.round((dom[1] - dom[0]) * 20), tickCount(area.right - area.left, textWidth('0.00', FONT.tick), 2, 10));
  const thr = threshold ? keepInside(x(threshold.value) - 4 - textWidth(threshold.label, FONT.tick) / 2, textWidth(threshold.label, FONT.tick), 2, W - 2) : null;
  const hasInterval = rows.some((r) => r.low !== undefined);
  const cell = (v: number | null | undefined) => (v == null ? '–' : format(v));
  return (
    <ChartFrame title={title} description={description} className="chart-wide" testId={testId} width={W} height={H} box={box}
      table={{
        summary: tableSummary,
        columns: [columns.row, columns.value, ...(hasInterval ? [columns.low, columns.high] : [])],
        rowHeaders: true,
        rows: rows.map((r) => ({ key: r.key, cells: [r.label, cell(r.value), ...(hasInterval ? [cell(r.low), cell(r.high)] : [])] })),
      }}
    >
      <XAxis area={area} scale={x} ticks={x.ticks(nTicks)} grid gridTop={M.top - 6} offset={14} />
      <XLabel area={area} y={H - 6}>{xLabel}</XLabel>
      {threshold && (
        <g className="cut-line">
          <line x1={x(threshold.value)} x2={x(threshold.value)} y1={M.top - 10} y2={H - M.bottom} stroke="#a3211b" strokeWidth={2} strokeDasharray="5 3" />
          <text x={thr!.x} y={M.top - 12} textAnchor={thr!.anchor} style={{ fill: '#a3211b' }}>{threshold.label}</text>
        </g>
      )}
      {rows.map((r, i) => (
        <g key={r.key}>
          {side ? (
            <text x={M.left - 8} y={yOf(i) + 4} textAnchor="end" className="row-label">{r.label}</text>
          ) : (
            <TextLines lines={labelLines[i]} x={M.left} y={rowTop[i] + LINE - 2} lineHeight={LINE} className="row-label" />
          )}
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
