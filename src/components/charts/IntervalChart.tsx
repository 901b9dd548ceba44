/**
 * Values on a common horizontal scale, each with its interval as whiskers when it has one, and an
 * optional vertical threshold line (d3 scale, React drawing): e.g. each evaluator's Cohen's kappa
 * with its bootstrap CI beside the kappa floor, QWK before and after a mapping, or a judged pass
 * rate beside its corrected estimate.
 *
 * Unlike ScoreScaleChart (a fixed 560-unit drawing), it lays out for its on-screen width (useChartBox,
 * up to `width`) and draws at scale 1: labels go left of the
 * scale when they fit, above their row otherwise; ticks thin out. An undefined value is written as
 * text ("undefined (reason)"), never drawn at zero; an undefined interval likewise, beside a
 * defined value. The domain includes negative values when there are any (a kappa can be below 0).
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { centredX, plotArea, textWidth, wrapLabel, XAxis } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface IntervalRow {
  key: string;
  label: string;
  value: number | null;
  low?: number | null;
  high?: number | null;
  /** Written instead of the point when `value` is null. */
  undefinedText?: string;
  /** Written after the point when the interval is undefined (low/high null). */
  intervalNote?: string;
  color?: string;
  /** Drawn as a hollow point with a red ring (e.g. fails its threshold), besides the text. */
  flagged?: boolean;
}

interface Props {
  title: string;
  description: string;
  xLabel: string;
  rows: IntervalRow[];
  threshold?: { value: number; label: string };
  /** Scale; by default [min(0, lowest), max(1, highest)], on nice ticks. */
  domain?: [number, number];
  tableSummary: string;
  columns: { row: string; value: string; low: string; high: string };
  format?: (v: number) => string;
  /** Widest layout in CSS pixels: the chart lays out for its on-screen width (useChartBox), up to this. */
  width?: number;
  testId?: string;
}

const FONT = 12;
const LINE = 15;

export default function IntervalChart({ title, description, xLabel, rows, threshold, domain, tableSummary, columns, format: given, width = 760, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v, 3));
  const box = useChartBox(width, width, 200);
  const W = box.width;
  const longest = Math.max(...rows.map((r) => textWidth(r.label, FONT)), 0);
  const side = W >= 420 && longest + 16 <= W * 0.38;
  const M = { top: threshold ? 26 : 12, right: 16, bottom: 40, left: side ? Math.ceil(longest) + 16 : 14 };
  const labelLines = rows.map((r) => (side ? [r.label] : wrapLabel(r.label, W - 28, FONT, 2)));
  const rowH = labelLines.map((l) => (side ? 34 : l.length * LINE + 30));
  const H = M.top + rowH.reduce((a, b) => a + b, 0) + M.bottom;
  const area = plotArea(W, H, M);
  const seen = [...rows.flatMap((r) => [r.value, r.low, r.high]), threshold?.value].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const dom: [number, number] = domain ?? [Math.min(0, ...seen), Math.max(1, ...seen)];
  const x = scaleLinear().domain(dom).nice().range([area.left, area.right]);
  const ticks = x.ticks(Math.max(2, Math.min(10, Math.floor((area.right - area.left) / 56))));
  let acc = M.top;
  const tops = rowH.map((h) => {
    const t = acc;
    acc += h;
    return t;
  });
  const cell = (v: number | null | undefined) => (v == null ? '–' : format(v));
  const hasInterval = rows.some((r) => r.low !== undefined || r.high !== undefined);
  const thLabelW = threshold ? textWidth(threshold.label, 11) : 0;
  return (
    <ChartFrame title={title} description={description} className="chart-interval" testId={testId} width={W} height={H} box={box}
      table={{
        summary: tableSummary,
        columns: [columns.row, columns.value, ...(hasInterval ? [columns.low, columns.high] : [])],
        rowHeaders: true,
        rows: [
          ...rows.map((r) => ({
            key: r.key,
            cells: [r.label, r.value === null ? r.undefinedText ?? '–' : format(r.value), ...(hasInterval ? (r.low == null && r.high == null && r.intervalNote ? [r.intervalNote, ''] : [cell(r.low), cell(r.high)]) : [])],
          })),
          ...(threshold ? [{ key: '__threshold', cells: [threshold.label, format(threshold.value), ...(hasInterval ? ['', ''] : [])] }] : []),
        ],
      }}
    >
      <XAxis area={area} scale={x} ticks={ticks} format={(t) => format(t)} grid gridTop={M.top - 4} offset={14} />
      <text className="axis-label" x={centredX((area.left + area.right) / 2, xLabel, 12, W)} y={H - 6} textAnchor="middle">{xLabel}</text>
      {threshold && (
        <g className="cut-line">
          <line x1={x(threshold.value)} x2={x(threshold.value)} y1={M.top - 8} y2={area.bottom} stroke="#a3211b" strokeWidth={2} strokeDasharray="5 3" />
          <text x={x(threshold.value)} y={M.top - 12} textAnchor={x(threshold.value) + thLabelW / 2 > W ? 'end' : x(threshold.value) - thLabelW / 2 < 0 ? 'start' : 'middle'} className="ref-label" style={{ fill: '#a3211b' }}>{threshold.label}</text>
        </g>
      )}
      {rows.map((r, i) => {
        const top = tops[i];
        const cy = side ? top + 18 : top + labelLines[i].length * LINE + 14;
        const color = r.color ?? '#1d4e89';
        const hasIv = r.low != null && r.high != null;
        const pointText = r.value === null ? '' : format(r.value);
        const px = r.value === null ? 0 : x(r.value);
        const after = hasIv ? Math.max(px, x(r.high!)) : px;
        const note = !hasIv && r.intervalNote ? r.intervalNote : '';
        return (
          <g key={r.key} data-row={r.key}>
            {labelLines[i].map((l, k) => (
              <text key={k} x={side ? M.left - 10 : area.left} y={side ? cy + 4 : top + (k + 1) * LINE - 2} textAnchor={side ? 'end' : 'start'} className="row-label">{l}</text>
            ))}
            {r.value === null ? (
              <text x={area.left + 2} y={cy + 4} className="undefined-label">{r.undefinedText ?? '–'}</text>
            ) : (
              <>
                {hasIv && (
                  <g stroke={color} strokeWidth={2}>
                    <line x1={x(r.low!)} x2={x(r.high!)} y1={cy} y2={cy} />
                    <line x1={x(r.low!)} x2={x(r.low!)} y1={cy - 6} y2={cy + 6} />
                    <line x1={x(r.high!)} x2={x(r.high!)} y1={cy - 6} y2={cy + 6} />
                  </g>
                )}
                <circle cx={px} cy={cy} r={6} fill={r.flagged ? '#fff' : color} stroke={r.flagged ? '#a3211b' : '#fff'} strokeWidth={r.flagged ? 3 : 2} />
                {(() => {
                  const text = note ? `${pointText} · ${note}` : pointText;
                  const w = textWidth(text, 11) + 8;
                  const anchor = after + w <= area.right ? 'start' : Math.min(px, hasIv ? x(r.low!) : px) - w >= 0 ? 'end' : 'middle';
                  const tx = anchor === 'start' ? after + 9 : anchor === 'end' ? Math.min(px, hasIv ? x(r.low!) : px) - 9 : px;
                  const ty = anchor === 'middle' ? cy - 10 : cy + 4;
                  return <text x={tx} y={ty} textAnchor={anchor} className="point-label">{text}</text>;
                })()}
              </>
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
}
