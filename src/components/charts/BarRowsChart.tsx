/**
 * Horizontal bars for a few labelled non-negative values (d3 scale, React drawing) that lay out for
 * the `width` they are given and draw at scale 1, so their text keeps its CSS size on a phone: the
 * labels go left of the bars when they fit, above each bar otherwise; ticks thin out; the value is
 * written at the end of its bar, with an optional note (e.g. "kit 0.8333", the kit's figure beside
 * the lab's). An optional reference line (a budget, a floor) has its own label. An undefined value
 * is written as text ("undefined (reason)"), never drawn as a zero-length bar; a flagged bar is
 * hatched and its label says why, so colour is never the only cue. HBarChart draws the same kind of
 * figure at a fixed width; this one is for panels that must work at 360 px.
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { Hatch, useChartBox } from './ChartFrame.tsx';
import { centredX, plotArea, textWidth, wrapLabel, XAxis } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface BarRow {
  key: string;
  label: string;
  /** null: undefined, written as `undefinedText`. */
  value: number | null;
  undefinedText?: string;
  /** Written after the value (and in the data table), e.g. the kit's figure or a sample size. */
  note?: string;
  color?: string;
  flagged?: boolean;
}

interface Props {
  title: string;
  description: string;
  xLabel: string;
  rows: BarRow[];
  reference?: { value: number; label: string };
  /** Fixed domain maximum (e.g. 1 for an accuracy); otherwise the largest value or reference. */
  max?: number;
  tableSummary: string;
  /** Column headers of the data table: label, value, and (when any row has one) the note. */
  columns: [string, string] | [string, string, string];
  format?: (v: number) => string;
  /** Widest layout in CSS pixels: the chart lays out for its on-screen width (useChartBox), up to this. */
  width?: number;
  testId?: string;
}

const FONT = 12;
const LINE = 15;
const BAR = 16;

export default function BarRowsChart({ title, description, xLabel, rows, reference, max, tableSummary, columns, format: given, width = 760, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v));
  const box = useChartBox(width, width, 200);
  const W = box.width;
  const withNote = (r: BarRow) => (r.value === null ? '' : r.note ? `${format(r.value)} · ${r.note}` : format(r.value));
  // The note goes beside the bar only where it fits in the right margin (at most 45 % of the width,
  // with 10 % slack on the estimated text width); on a phone it stays in the data table's own column.
  const notesFit = Math.max(0, ...rows.map((r) => textWidth(withNote(r), FONT))) * 1.1 + 14 <= W * 0.45;
  const valueText = (r: BarRow) => (notesFit ? withNote(r) : r.value === null ? '' : format(r.value));
  const longestLabel = Math.max(0, ...rows.map((r) => textWidth(r.label, FONT)));
  const longestValue = Math.max(0, ...rows.map((r) => textWidth(valueText(r), FONT))) * 1.1;
  const side = W >= 440 && longestLabel + 14 <= W * 0.36;
  const M = { top: reference ? 24 : 10, right: Math.min(W * 0.45, longestValue + 14), bottom: 40, left: side ? Math.ceil(longestLabel) + 14 : 12 };
  const lines = rows.map((r) => (side ? [] : wrapLabel(r.label, W - 24, FONT, 2)));
  const rowH = lines.map((l) => (side ? 30 : l.length * LINE + BAR + 12));
  const H = M.top + rowH.reduce((a, b) => a + b, 0) + M.bottom;
  const area = plotArea(W, H, M);
  const top = max ?? Math.max(1e-9, reference?.value ?? 0, ...rows.map((r) => r.value ?? 0));
  const x = scaleLinear().domain([0, top]).nice().range([area.left, area.right]);
  const ticks = x.ticks(Math.max(2, Math.min(8, Math.floor((area.right - area.left) / 56))));
  let acc = M.top;
  const tops = rowH.map((h) => {
    const t = acc;
    acc += h;
    return t;
  });
  const hasNote = columns.length === 3;
  const refW = reference ? textWidth(`${reference.label} ${format(reference.value)}`, 11) : 0;
  return (
    <ChartFrame title={title} description={description} className="chart-bars" testId={testId} width={W} height={H} box={box}
      table={{
        summary: tableSummary,
        columns,
        rowHeaders: true,
        rows: [
          ...rows.map((r) => ({ key: r.key, cells: [r.label, r.value === null ? r.undefinedText ?? '–' : format(r.value), ...(hasNote ? [r.note ?? ''] : [])] })),
          ...(reference ? [{ key: '__reference', cells: [reference.label, format(reference.value), ...(hasNote ? [''] : [])] }] : []),
        ],
      }}
    >
      {(id) => (
        <>
          <Hatch id={`${id}-hatch`} />
          <XAxis area={area} scale={x} ticks={ticks} format={(t) => format(t)} grid gridTop={M.top - 4} offset={14} />
          <text className="axis-label" x={centredX((area.left + area.right) / 2, xLabel, 12, W)} y={H - 6} textAnchor="middle">{xLabel}</text>
          {rows.map((r, i) => {
            const t = tops[i];
            const barY = side ? t + 7 : t + lines[i].length * LINE + 3;
            return (
              <g key={r.key} data-row={r.key}>
                {side ? (
                  <text x={M.left - 8} y={barY + BAR - 4} textAnchor="end" className="bar-label-h">{r.label}</text>
                ) : (
                  lines[i].map((l, k) => <text key={k} x={area.left} y={t + (k + 1) * LINE - 2} className="bar-label-h">{l}</text>)
                )}
                {r.value === null ? (
                  <text x={area.left + 2} y={barY + BAR - 4} className="undefined-label">{r.undefinedText ?? '–'}</text>
                ) : (
                  <>
                    <rect x={area.left} y={barY} width={Math.max(1, x(r.value) - area.left)} height={BAR}
                      fill={r.flagged ? `url(#${id}-hatch)` : r.color ?? '#1d4e89'} stroke={r.flagged ? '#a3211b' : 'none'} />
                    <text x={x(r.value) + 5} y={barY + BAR - 4} className="bar-value">{valueText(r)}</text>
                  </>
                )}
              </g>
            );
          })}
          {reference && (
            <g className="reference">
              <line x1={x(reference.value)} x2={x(reference.value)} y1={M.top - 6} y2={area.bottom} stroke="#a3211b" strokeWidth={2} strokeDasharray="6 3" />
              <text x={x(reference.value)} y={M.top - 9} textAnchor={x(reference.value) + refW / 2 > W ? 'end' : x(reference.value) - refW / 2 < 0 ? 'start' : 'middle'} className="ref-label">
                {reference.label} {format(reference.value)}
              </text>
            </g>
          )}
        </>
      )}
    </ChartFrame>
  );
}
