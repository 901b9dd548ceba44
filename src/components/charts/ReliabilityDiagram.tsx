/**
 * A reliability diagram in SVG (d3 scales, React drawing): for each bin, mean predicted probability
 * (x) against observed positive rate (y), one colour per series (e.g. raw and calibrated, overlaid),
 * with the 95% Wilson interval as a vertical bar and the point's area proportional to the bin's
 * count. Under the plot, one count strip per series shows n per bin over the bin's range, so the
 * sample size of every point is visible. The diagonal is perfect calibration. Title, description
 * and a data-table alternative (every bin of every series) as in the other charts.
 * Empty bins (count 0, null confidence) are not drawn; they stay in the table.
 */
import { scaleLinear, scaleSqrt } from 'd3-scale';
import type { ReliabilityBin } from '../../../labs/core/stats/calibration_metrics.ts';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { FONT, SquareGrid, TextLines, tickCount, wrapLabel, XLabel, YLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';
import { binInterval } from './binInterval.ts';

/** A bin of the engine's reliability table with the 95% Wilson interval of its positive rate (null when empty). */
export interface ReliabilityPoint extends ReliabilityBin {
  wilson_low: number | null;
  wilson_high: number | null;
}

export interface ReliabilitySeries { name: string; color: string; shape: 'circle' | 'square'; rows: ReliabilityPoint[] }

interface Labels {
  x: string;
  y: string;
  perfect: string;
  strip: (name: string) => string;
  table: string;
  bin: string;
  range: string;
  count: string;
  positives: string;
  confidence: string;
  observed: string;
  gap: string;
  wilson: string;
}

interface Props {
  title: string;
  description: string;
  series: ReliabilitySeries[];
  labels: Labels;
  format?: (v: number | null) => string;
  testId?: string;
  /** How the bins were cut: decides which end of each interval is open (binInterval). */
  binning?: 'uniform' | 'quantile';
}

const STRIP = 22, M = { top: 14, right: 14, left: 52 };

export default function ReliabilityDiagram({ title, description, series, labels, format: given, testId, binning = 'uniform' }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number | null) => num(v, 3));
  // Laid out for its on-screen width (at most 520 px): the plot about as tall as it is wide, one
  // count strip per series under it, each with its (wrapped) label.
  const box = useChartBox(420, 520);
  const W = box.width;
  const PLOT = Math.round(Math.max(200, Math.min(300, (W - M.left - M.right) * 0.95)));
  const plotBottom = M.top + PLOT;
  const stripLabels = series.map((s) => wrapLabel(labels.strip(s.name), W - M.left - 4, FONT.small, 2));
  const stripBlock = (si: number) => STRIP + 6 + stripLabels[si].length * 14;
  const stripTops: number[] = [];
  let yy = plotBottom + 44;
  series.forEach((_, si) => {
    stripTops.push(yy + stripLabels[si].length * 14);
    yy += stripBlock(si);
  });
  const H = yy + 6;
  const area = { left: M.left, right: W - M.right, top: M.top, bottom: plotBottom };
  const x = scaleLinear().domain([0, 1]).range([area.left, area.right]);
  const y = scaleLinear().domain([0, 1]).range([area.bottom, area.top]);
  const maxCount = Math.max(1, ...series.flatMap((s) => s.rows.map((r) => r.count)));
  const radius = scaleSqrt().domain([0, maxCount]).range([0, 11]);
  return (
    <ChartFrame title={title} description={description} testId={testId} width={W} height={H} box={box}
      caption={
        <ul className="legend">
          {series.map((s) => (
            <li key={s.name}>
              <span className={`swatch${s.shape === 'square' ? ' square' : ''}`} style={{ background: s.color }} aria-hidden="true" /> {s.name}
            </li>
          ))}
          <li><span className="swatch dashed" aria-hidden="true" /> {labels.perfect}</li>
        </ul>
      }
      table={{
        summary: labels.table,
        columns: [labels.bin, labels.range, labels.count, labels.positives, labels.confidence, labels.observed, labels.gap, labels.wilson],
        groups: series.map((s) => ({
          key: s.name,
          label: s.name,
          rows: s.rows.map((r) => ({
            key: r.bin,
            cells: [
              r.bin + 1,
              binInterval(format(r.range[0]), format(r.range[1]), r.bin, s.rows.length, binning),
              r.count,
              r.positives,
              format(r.confidence),
              format(r.accuracy),
              format(r.gap),
              r.wilson_low === null ? '–' : `[${format(r.wilson_low)}, ${format(r.wilson_high)}]`,
            ],
          })),
        })),
      }}
    >
      <SquareGrid area={area} x={x} y={y} ticks={x.ticks(tickCount(area.right - area.left, 24, 2, 5))} />
      <XLabel area={area} y={plotBottom + 32}>{labels.x}</XLabel>
      <YLabel area={area}>{labels.y}</YLabel>
      <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke="#6b7380" strokeWidth={1.5} strokeDasharray="5 4" />
      {series.map((s, si) => (
        <g key={s.name} data-series={s.name}>
          {s.rows.map((r) => {
            if (r.count === 0 || r.confidence === null || r.accuracy === null) return null;
            const cx = x(r.confidence) + (si - (series.length - 1) / 2) * 3;
            const cy = y(r.accuracy);
            const rad = Math.max(2.5, radius(r.count));
            return (
              <g key={r.bin} className="rel-point" data-bin={r.bin} data-count={r.count}>
                {r.wilson_low !== null && r.wilson_high !== null && (
                  <>
                    <line x1={cx} x2={cx} y1={y(r.wilson_low)} y2={y(r.wilson_high)} stroke={s.color} strokeWidth={1.5} />
                    <line x1={cx - 4} x2={cx + 4} y1={y(r.wilson_low)} y2={y(r.wilson_low)} stroke={s.color} strokeWidth={1.5} />
                    <line x1={cx - 4} x2={cx + 4} y1={y(r.wilson_high)} y2={y(r.wilson_high)} stroke={s.color} strokeWidth={1.5} />
                  </>
                )}
                {s.shape === 'circle' ? (
                  <circle cx={cx} cy={cy} r={rad} fill={s.color} fillOpacity={0.55} stroke={s.color} strokeWidth={1.5} />
                ) : (
                  <rect x={cx - rad} y={cy - rad} width={2 * rad} height={2 * rad} fill={s.color} fillOpacity={0.55} stroke={s.color} strokeWidth={1.5} />
                )}
              </g>
            );
          })}
        </g>
      ))}
      {series.map((s, si) => {
        const top = stripTops[si];
        const lines = stripLabels[si];
        return (
          <g key={`strip-${s.name}`} className="count-strip">
            <TextLines lines={lines} x={M.left} y={top - 4 - (lines.length - 1) * 14} lineHeight={14} className="strip-label" />
            <rect x={x(0)} y={top} width={x(1) - x(0)} height={STRIP} fill="#f4f5f7" stroke="#d4d8de" />
            {s.rows.map((r) => {
              const x0 = x(r.range[0]);
              const w = Math.max(0, x(r.range[1]) - x0);
              return (
                <g key={r.bin}>
                  <rect x={x0} y={top} width={w} height={STRIP} fill={s.color} fillOpacity={r.count === 0 ? 0 : 0.12 + (0.5 * r.count) / maxCount} stroke="#fff" />
                  {w >= 20 && <text x={x0 + w / 2} y={top + STRIP / 2 + 4} textAnchor="middle" className="strip-count">{r.count}</text>}
                </g>
              );
            })}
          </g>
        );
      })}
    </ChartFrame>
  );
}
