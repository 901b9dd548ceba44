/**
 * A horizontal bar chart in SVG (d3 scale, React drawing) for a few labelled values, such as cost
 * per accepted by version or quality by slice: labels on the left, the value printed at the end of
 * each bar, an optional reference line (a budget, a floor) with its own label, and rows whose value
 * is undefined drawn as text ("undefined (reason)"), never as a zero-length bar. Title, description
 * and a data-table alternative, like every chart of the site.
 */
import { scaleLinear } from 'd3-scale';
import ChartFrame, { Hatch } from './ChartFrame.tsx';
import { plotArea, XAxis, XLabel } from './Axes.tsx';
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
  /** Width of the drawing in SVG units (it scales to its box); default 640. */
  width?: number;
  testId?: string;
}

const ROW = 30;

export default function HBarChart({ title, description, xLabel, bars, tableSummary, columns, reference, max, format: given, width = 640, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number) => num(v));
  const W = width;
  // Room on the left for the longest label (about 8 units per character at 12 px: capitals, digits
  // and "@" are wider than the 6.8 of lower-case text, and "nDCG@3" was clipped).
  const longest = Math.max(4, ...bars.map((b) => b.label.length));
  const M = { top: 22, right: bars.some((b) => b.note) ? 96 : 70, bottom: 40, left: Math.min(W * 0.55, 16 + longest * 8) };
  const H = M.top + M.bottom + ROW * Math.max(1, bars.length);
  const area = plotArea(W, H, M);
  const top = max ?? Math.max(1e-9, reference?.value ?? 0, ...bars.map((b) => b.value ?? 0));
  const x = scaleLinear().domain([0, top]).nice().range([area.left, area.right]);
  return (
    <ChartFrame title={title} description={description} className="chart-hbar" testId={testId} width={W} height={H}
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
          <XAxis area={area} scale={x} ticks={x.ticks(Math.max(2, Math.min(5, Math.floor((area.right - area.left) / 40))))} format={format} grid offset={14} />
          <XLabel area={area} y={H - 6}>{xLabel}</XLabel>
          {bars.map((b, i) => {
            const y = M.top + i * ROW;
            return (
              <g key={b.key}>
                <text x={M.left - 8} y={y + ROW / 2 + 4} textAnchor="end" className="bar-label-h">{b.label}</text>
                {b.value === null ? (
                  <text x={M.left + 6} y={y + ROW / 2 + 4} className="undefined-label">{b.undefinedText ?? '–'}{b.note ? ` · ${b.note}` : ''}</text>
                ) : (
                  <>
                    <rect
                      x={M.left}
                      y={y + 5}
                      width={Math.max(0, x(b.value) - M.left)}
                      height={ROW - 10}
                      fill={b.flagged ? `url(#${id}-hatch)` : b.color ?? '#1d4e89'}
                      stroke={b.flagged ? '#a3211b' : 'none'}
                    />
                    <text x={x(b.value) + 6} y={y + ROW / 2 + 4} className="bar-value">{format(b.value)}{b.note ? ` · ${b.note}` : ''}</text>
                  </>
                )}
              </g>
            );
          })}
          {reference && (
            <g className="reference">
              <line x1={x(reference.value)} x2={x(reference.value)} y1={M.top - 6} y2={H - M.bottom} stroke="#a3211b" strokeWidth={2} strokeDasharray="6 3" />
              <text x={x(reference.value)} y={M.top - 9} textAnchor="middle" className="ref-label">{reference.label} {format(reference.value)}</text>
            </g>
          )}
        </>
      )}
    </ChartFrame>
  );
}
