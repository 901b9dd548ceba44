/**
 * A horizontal bar chart in SVG (d3 scale, React drawing) for a few labelled values, such as cost
 * per accepted by version or quality by slice: labels on the left, the value printed at the end of
 * each bar, an optional reference line (a budget, a floor) with its own label, and rows whose value
 * is undefined drawn as text ("undefined (reason)"), never as a zero-length bar. Title, description
 * and a data-table alternative, like every chart of the site.
 *
 * Laid out for its on-screen width (useChartBox): where the labels would leave the bars less than
 * about half the drawing (a phone), each label goes on its own line above its bar, wrapped if
 * needed, and the rows grow taller; the tick count follows the plot's width.
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { Hatch, useChartBox } from './ChartFrame.tsx';
import { FONT, keepInside, plotArea, TextLines, textWidth, tickCount, wrapLabel, XAxis, XLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface HBar {
  key: string;
  label: string;
  /** null: undefined, shown as `undefinedText`. */
  value: number | null;
  undefinedText?: string;
  /** Drawn hatched (e.g. over budget, below the floor), besides any text the label carries. */
  flagged?: boolean;
  color?: string;
  /** Extra text in the data table and after the value (e.g. "n = 3"). */
  note?: string;
}

interface Props {
  title: string;
  description: string;
  xLabel: string;
  bars: HBar[];
  tableSummary: string;
  columns: [string, string];
  /** A vertical reference line (budget, floor). */
  reference?: { value: number; label: string };
  /** Fixed domain maximum (e.g. 1 for a quality); otherwise the largest value or reference. */
  max?: number;
  format?: (v: number) => string;
  /** Widest layout in CSS pixels (the chart never grows past it); default 704. */
  width?: number;
  /** Width laid out for until the figure is measured (the server render); default `width`. A chart that a phone may show unhydrated (a chapter widget) passes PHONE_FALLBACK. */
  fallback?: number;
  testId?: string;
}

const BAR = 20;
const LINE = 15;

export default function HBarChart({ title, description, xLabel, bars, tableSummary, columns, reference, max, format: given, width = 704, fallback = width, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v));
  const box = useChartBox(fallback, width);
  const W = box.width;
  const fs = FONT.tick;
  const valueText = (b: HBar) => (b.value === null ? '' : `${format(b.value)}${b.note ? ` · ${b.note}` : ''}`);
  // Room on the right for the longest value text, on the left for the longest label.
  const right = Math.max(24, ...bars.map((b) => textWidth(valueText(b), fs) + 10));
  const longest = Math.max(24, ...bars.map((b) => textWidth(b.label, fs)));
  // Side labels while they leave the bars at least half of the drawing; else labels above the bars.
  const side = 12 + longest + right + W * 0.5 <= W || longest <= W * 0.28;
  const left = side ? Math.min(W * 0.45, 12 + longest) : 8;
  const labelLines = bars.map((b) => (side ? [b.label] : wrapLabel(b.label, W - 16, fs, 3)));
  const rowH = (i: number) => (side ? BAR + 10 : labelLines[i].length * LINE + BAR + 10);
  const rowTop: number[] = [];
  const refLabel = reference ? `${reference.label} ${format(reference.value)}` : '';
  const top = reference ? 24 : 8;
  let yy = top;
  bars.forEach((_, i) => {
    rowTop.push(yy);
    yy += rowH(i);
  });
  const bottom = 40;
  const H = yy + bottom;
  const area = plotArea(W, H, { top, right, bottom, left });
  const dmax = max ?? Math.max(1e-9, reference?.value ?? 0, ...bars.map((b) => b.value ?? 0));
  const x = scaleLinear().domain([0, dmax]).nice().range([area.left, area.right]);
  const tickW = Math.max(...x.ticks(5).map((t) => textWidth(format(t), fs)), 20);
  const ref = reference ? keepInside(x(reference.value), textWidth(refLabel, FONT.small), 2, W - 2) : null;
  return (
    <ChartFrame title={title} description={description} className="chart-hbar" testId={testId} width={W} height={H} box={box}
      table={{
        summary: tableSummary,
        columns,
        rows: [
          ...bars.map((b) => ({ key: b.key, cells: [b.label, <>{b.value === null ? b.undefinedText ?? '–' : format(b.value)}{b.note ? ` (${b.note})` : ''}</>] })),
          ...(reference ? [{ key: 'reference', cells: [reference.label, format(reference.value)] }] : []),
        ],
      }}
    >
      {(id) => (
        <>
          <Hatch id={`${id}-hatch`} />
          <XAxis area={area} scale={x} ticks={x.ticks(tickCount(area.right - area.left, tickW, 2, 6))} format={format} grid gridTop={top - 4} offset={14} />
          <XLabel area={area} y={H - 6}>{xLabel}</XLabel>
          {bars.map((b, i) => {
            const t = rowTop[i];
            const lines = labelLines[i];
            const barY = side ? t + 5 : t + lines.length * LINE + 2;
            const mid = barY + BAR / 2 + 4;
            return (
              <g key={b.key}>
                {side ? (
                  <text x={left - 8} y={mid} textAnchor="end" className="bar-label-h">{b.label}</text>
                ) : (
                  <TextLines lines={lines} x={left} y={t + LINE - 3} lineHeight={LINE} className="bar-label-h" />
                )}
                {b.value === null ? (
                  <TextLines lines={wrapLabel(`${b.undefinedText ?? '–'}${b.note ? ` · ${b.note}` : ''}`, W - left - 12, fs, 2)} x={left + 6} y={mid} lineHeight={LINE} className="undefined-label" />
                ) : (
                  <>
                    <rect
                      x={left}
                      y={barY}
                      width={Math.max(0, x(b.value) - left)}
                      height={BAR}
                      fill={b.flagged ? `url(#${id}-hatch)` : b.color ?? '#1d4e89'}
                      stroke={b.flagged ? '#a3211b' : 'none'}
                    />
                  </>
                )}
              </g>
            );
          })}
          {/* the reference line over the bars, the values over the line */}
          {reference && (
            <line x1={x(reference.value)} x2={x(reference.value)} y1={top - 6} y2={H - bottom} stroke="#a3211b" strokeWidth={2} strokeDasharray="6 3" className="reference" />
          )}
          {bars.map((b, i) => (b.value === null ? null : (
            <text key={b.key} x={x(b.value) + 6} y={(side ? rowTop[i] + 5 : rowTop[i] + labelLines[i].length * LINE + 2) + BAR / 2 + 4} className="bar-value">{valueText(b)}</text>
          )))}
          {reference && ref && <text x={ref.x} y={top - 9} textAnchor={ref.anchor} className="ref-label">{refLabel}</text>}
        </>
      )}
    </ChartFrame>
  );
}
