/**
 * A heat map of the cost of every (low, high) threshold pair, in SVG (d3 scales, React drawing):
 * low on the x axis, high on the y axis, darker = more expensive; pairs that fail the policy are
 * hatched; the recommended pair carries a star, and pairs tied with it at the best cost a ring.
 * Title, description, legend and a data table with every pair (the numbers behind each cell).
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { FONT, plotArea, textWidth, XAxis, XLabel, YAxis, YLabel } from './Axes.tsx';
import { useFmt } from '../labs/shared/format.tsx';

export interface HeatCell {
  low: number;
  high: number;
  cost: number;
  passes: boolean;
  review_rate: number;
  auto_coverage: number;
  auto_error_rate: number | null;
}

interface Labels {
  low: string;
  high: string;
  cost: string;
  review_rate: string;
  auto_coverage: string;
  auto_error_rate: string;
  feasible: string;
  yes: string;
  no: string;
  table: string;
  cheap: string;
  expensive: string;
  infeasible: string;
  recommended: string;
  tied: string;
}

interface Props {
  title: string;
  description: string;
  cells: HeatCell[];
  recommended: { low: number; high: number } | null;
  /** Pairs tied with the recommended one at the best cost (feasible ones), drawn with a ring. */
  tied?: (c: HeatCell) => boolean;
  labels: Labels;
  format?: (v: number | null, digits?: number) => string;
  testId?: string;
}

const M = { top: 12, right: 12, bottom: 46, left: 56 };
const LIGHT = '#eef4fb', DARK = '#0b2e59';

export default function CostHeatMap({ title, description, cells, recommended, tied, labels, format: given, testId }: Props) {
  const num = useFmt();
  const format = given ?? ((v: number | null, digits = 4) => num(v, digits));
  // Laid out for its on-screen width (at most 480 px), with square-ish cells; tick labels thinned
  // so that they never touch.
  const box = useChartBox(460, 480);
  const W = box.width;
  const H = Math.round(W - M.left - M.right + M.top + M.bottom - 20);
  const area = plotArea(W, H, M);
  const lows = [...new Set(cells.map((c) => c.low))].sort((a, b) => a - b);
  const highs = [...new Set(cells.map((c) => c.high))].sort((a, b) => a - b);
  const key = (v: number) => v.toFixed(4);
  const x = scaleBand<string>().domain(lows.map(key)).range([area.left, area.right]).padding(0.04);
  const y = scaleBand<string>().domain(highs.map(key).reverse()).range([area.top, area.bottom]).padding(0.04);
  const costs = cells.map((c) => c.cost);
  const min = Math.min(...costs), max = Math.max(...costs);
  const color = scaleLinear<string>().domain([min, max > min ? max : min + 1]).range([LIGHT, DARK]);
  const isRec = (c: HeatCell) => !!recommended && Math.abs(c.low - recommended.low) < 1e-9 && Math.abs(c.high - recommended.high) < 1e-9;
  const tick = (v: number) => format(v, 2);
  const labelW = Math.max(...[...lows, ...highs].map((v) => textWidth(tick(v), FONT.small)), 16) + 8;
  const everyX = Math.max(1, Math.ceil(lows.length / Math.max(1, Math.floor((area.right - area.left) / labelW))));
  const everyY = Math.max(1, Math.ceil(highs.length / Math.max(1, Math.floor((area.bottom - area.top) / 18))));
  const thinned = (vs: number[], every: number) => vs.filter((_, i) => i % every === 0);
  return (
    <ChartFrame title={title} description={description} testId={testId} width={W} height={H} box={box}
      caption={
        <ul className="legend legend-inline">
          <li>
            {labels.cheap} {format(min, 2)}{' '}
            <span className="swatch gradient" style={{ background: `linear-gradient(90deg, ${LIGHT}, ${DARK})` }} aria-hidden="true" />{' '}
            {format(max, 2)} {labels.expensive}
          </li>
          <li><span className="swatch square hatched" aria-hidden="true" /> {labels.infeasible}</li>
          <li><span className="heat-star-html" aria-hidden="true">★</span> {labels.recommended}</li>
          {tied && <li><span className="swatch ring" aria-hidden="true" /> {labels.tied}</li>}
        </ul>
      }
      table={{
        summary: labels.table,
        tall: true,
        columns: [labels.low, labels.high, labels.cost, labels.review_rate, labels.auto_coverage, labels.auto_error_rate, labels.feasible],
        rows: cells.map((c) => ({
          key: `${c.low}-${c.high}`,
          className: isRec(c) ? 'recommended' : undefined,
          cells: [
            format(c.low, 2), format(c.high, 2), <>{format(c.cost, 4)}{isRec(c) ? ' ★' : ''}</>,
            format(c.review_rate, 4), format(c.auto_coverage, 4), format(c.auto_error_rate, 4),
            c.passes ? labels.yes : labels.no,
          ],
        })),
      }}
    >
      {(id) => (
        <>
          <defs>
            <pattern id={`${id}-hatch`} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <line x1="0" y1="0" x2="0" y2="5" stroke="#a3211b" strokeWidth="1.6" />
            </pattern>
          </defs>
          {cells.map((c) => {
            const cx = x(key(c.low)) ?? 0, cy = y(key(c.high)) ?? 0, bw = x.bandwidth(), bh = y.bandwidth();
            const rec = isRec(c);
            return (
              <g key={`${c.low}-${c.high}`} data-low={c.low} data-high={c.high} data-recommended={rec ? 'true' : undefined}>
                <rect x={cx} y={cy} width={bw} height={bh} fill={color(c.cost)} />
                {!c.passes && <rect x={cx} y={cy} width={bw} height={bh} fill={`url(#${id}-hatch)`} />}
                {!rec && tied?.(c) && <circle cx={cx + bw / 2} cy={cy + bh / 2} r={Math.min(bw, bh) / 3.2} fill="none" stroke="#f0a500" strokeWidth={1.6} />}
                {rec && (
                  <text x={cx + bw / 2} y={cy + bh / 2 + 6} textAnchor="middle" className="heat-star">★</text>
                )}
              </g>
            );
          })}
          <XAxis area={area} scale={(l) => (x(key(l)) ?? 0) + x.bandwidth() / 2} ticks={thinned(lows, everyX)} format={tick} offset={14} tickClass="heat-tick" />
          <YAxis area={area} scale={(h) => (y(key(h)) ?? 0) + y.bandwidth() / 2} ticks={thinned(highs, everyY)} format={tick} gap={6} />
          <XLabel area={area} y={H - M.bottom + 32}>{labels.low}</XLabel>
          <YLabel area={area}>{labels.high}</YLabel>
        </>
      )}
    </ChartFrame>
  );
}
