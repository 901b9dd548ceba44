/**
 * A horizontal waterfall in SVG (d3 scale, React drawing): a sum shown as its terms, each a bar that
 * starts where the previous one ended (added terms go right, subtracted ones go left), then the
 * total as a bar from zero, beside an optional threshold line. Built for S_run and its weighted
 * terms and penalties (chapter 04), usable for any sum of signed parts.
 *
 * It lays out for its on-screen width (useChartBox, up to `width`):
 * labels sit above their bars and wrap, ticks thin out, so text keeps its CSS size (11-12 px) at
 * 360 px. A term whose value is undefined is written as text ("undefined (reason)"), never drawn
 * as a zero bar, and the total is then undefined too. Values carry their sign in text, not only in
 * colour. Title, description and the terms as a data table, like every chart of the site.
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { centredX, plotArea, textWidth, wrapLabel, XAxis } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface WaterfallStep {
  key: string;
  label: string;
  /** Signed contribution; null when undefined (then `undefinedText` is written instead). */
  value: number | null;
  undefinedText?: string;
  /** Extra text for the data table (e.g. "0.4 × 0.9"). */
  detail?: string;
  /** Drawn with a red outline (e.g. the term of a failed rule). */
  flagged?: boolean;
}

interface Props {
  title: string;
  description: string;
  xLabel: string;
  steps: WaterfallStep[];
  total: { label: string; value: number | null; undefinedText?: string; passed?: boolean };
  threshold?: { value: number; label: string };
  tableSummary: string;
  /** Column headers: term, detail, contribution, running total. */
  columns: [string, string, string, string];
  format?: (v: number) => string;
  /** Widest layout in CSS pixels: the chart lays out for its on-screen width (useChartBox), up to this. */
  width?: number;
  /** Width laid out for until the figure is measured (the server render); default `width`. A chart that a phone may show unhydrated (a chapter widget) passes PHONE_FALLBACK. */
  fallback?: number;
  testId?: string;
}

const LABEL = 12;
const LINE = 15;
const BAR = 16;
const GAP = 10;

export default function WaterfallChart({ title, description, xLabel, steps, total, threshold, tableSummary, columns, format: given, width = 760, fallback = width, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 3));
  const box = useChartBox(fallback, width, 200);
  const W = box.width;
  const M = { top: threshold ? 24 : 10, right: 12, bottom: 40, left: 12 };
  const labelWidth = W - M.left - M.right;
  const signed = (v: number) => (v > 0 ? `+${format(v)}` : v < 0 ? `−${format(-v)}` : format(0));

  // Cumulative positions (layout only): each defined step runs from `from` to `to`. The value is
  // written at the right end of the label line, so it never collides with a bar or the threshold.
  let run = 0;
  const rows = steps.map((s) => {
    const from = run;
    if (s.value !== null) run += s.value;
    const vt = s.value === null ? '' : signed(s.value);
    return { ...s, from, to: run, vt, lines: wrapLabel(s.label, labelWidth - textWidth(vt, 12) - 10, LABEL, 2) };
  });
  const totalText = total.value === null ? '' : format(total.value);
  const totalLines = wrapLabel(total.label, labelWidth - textWidth(totalText, 12) - 10, LABEL, 2);
  const extent = [0, 1, ...rows.flatMap((r) => [r.from, r.to]), ...(total.value !== null ? [total.value] : []), ...(threshold ? [threshold.value] : [])];
  let y = M.top;
  const layout = rows.map((r) => {
    const top = y;
    y += r.lines.length * LINE + BAR + GAP;
    return { r, top };
  });
  const totalTop = y;
  y += totalLines.length * LINE + BAR + GAP;
  const H = y + M.bottom - GAP;
  const area = plotArea(W, H, M);
  const x = scaleLinear().domain([Math.min(...extent), Math.max(...extent)]).nice().range([area.left, area.right]);
  const ticks = x.ticks(Math.max(2, Math.min(10, Math.floor((area.right - area.left) / 64))));

  return (
    <ChartFrame title={title} description={description} className="chart-waterfall" testId={testId} width={W} height={H} box={box}
      table={{
        summary: tableSummary,
        columns,
        rowHeaders: true,
        rows: [
          ...rows.map((r) => ({
            key: r.key,
            cells: [r.label, r.detail ?? '', r.value === null ? r.undefinedText ?? '–' : signed(r.value), r.value === null ? '–' : `${format(r.from)} → ${format(r.to)}`],
          })),
          { key: '__total', cells: [total.label, '', total.value === null ? total.undefinedText ?? '–' : format(total.value), ''] },
          ...(threshold ? [{ key: '__threshold', cells: [threshold.label, '', format(threshold.value), ''] }] : []),
        ],
      }}
    >
      <XAxis area={area} scale={x} ticks={ticks} format={(t) => format(t)} grid offset={14} />
      <text className="axis-label" x={centredX((area.left + area.right) / 2, xLabel, 12, W)} y={H - 6} textAnchor="middle">{xLabel}</text>
      <line x1={x(0)} x2={x(0)} y1={M.top} y2={area.bottom} stroke="#3b4450" strokeWidth={1} />
      {layout.map(({ r, top }) => {
        const barY = top + r.lines.length * LINE + 2;
        const negative = (r.value ?? 0) < 0;
        return (
          <g key={r.key} data-step={r.key}>
            {r.lines.map((l, k) => (
              <text key={k} x={area.left} y={top + (k + 1) * LINE - 3} className="bar-label-h">{l}</text>
            ))}
            {r.value !== null && <text x={area.right} y={top + LINE - 3} textAnchor="end" className="bar-value">{r.vt}</text>}
            {r.value === null ? (
              <text x={area.left} y={barY + BAR - 3} className="undefined-label">{r.undefinedText ?? '–'}</text>
            ) : (
              <rect
                x={Math.min(x(r.from), x(r.to))}
                y={barY}
                width={Math.max(1, Math.abs(x(r.to) - x(r.from)))}
                height={BAR}
                fill={negative ? '#b35900' : '#1d4e89'}
                stroke={r.flagged ? '#a3211b' : 'none'}
                strokeWidth={r.flagged ? 2 : 0}
              />
            )}
          </g>
        );
      })}
      <g data-step="total">
        {totalLines.map((l, k) => (
          <text key={k} x={area.left} y={totalTop + (k + 1) * LINE - 3} className="bar-label-h" fontWeight={600}>{l}</text>
        ))}
        {total.value !== null && <text x={area.right} y={totalTop + LINE - 3} textAnchor="end" className="bar-value" fontWeight={600}>{totalText}</text>}
        {total.value === null ? (
          <text x={area.left} y={totalTop + totalLines.length * LINE + BAR - 1} className="undefined-label">{total.undefinedText ?? '–'}</text>
        ) : (
          <rect x={Math.min(x(0), x(total.value))} y={totalTop + totalLines.length * LINE + 2} width={Math.max(1, Math.abs(x(total.value) - x(0)))} height={BAR}
            fill={total.passed === false ? '#f3d6d3' : '#2e7d32'} stroke={total.passed === false ? '#a3211b' : 'none'} strokeWidth={total.passed === false ? 2 : 0} />
        )}
      </g>
      {threshold && (
        <g className="reference">
          <line x1={x(threshold.value)} x2={x(threshold.value)} y1={M.top - 6} y2={area.bottom} stroke="#a3211b" strokeWidth={2} strokeDasharray="6 3" />
          <text x={x(threshold.value)} y={M.top - 9} textAnchor={x(threshold.value) + textWidth(threshold.label, 11) / 2 > W ? 'end' : x(threshold.value) - textWidth(threshold.label, 11) / 2 < 0 ? 'start' : 'middle'} className="ref-label">{threshold.label}</text>
        </g>
      )}
    </ChartFrame>
  );
}
