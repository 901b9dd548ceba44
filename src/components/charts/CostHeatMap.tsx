/**
 * A heat map of the cost of every (low, high) threshold pair, in SVG (d3 scales, React drawing):
 * low on the x axis, high on the y axis, darker = more expensive; pairs that fail the policy are
 * hatched; the recommended pair carries a star, and pairs tied with it at the best cost a ring.
 * Title, description, legend and a data table with every pair (the numbers behind each cell).
 */
import { useId } from 'react';
import { scaleBand, scaleLinear } from 'd3-scale';
import ScrollBox from '../common/ScrollBox.tsx';

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

const W = 460, H = 420, M = { top: 12, right: 12, bottom: 46, left: 56 };
const LIGHT = '#eef4fb', DARK = '#0b2e59';

export default function CostHeatMap({ title, description, cells, recommended, tied, labels, format = (v) => (v === null ? '–' : String(Number(v.toFixed(4)))), testId }: Props) {
  const id = useId();
  const lows = [...new Set(cells.map((c) => c.low))].sort((a, b) => a - b);
  const highs = [...new Set(cells.map((c) => c.high))].sort((a, b) => a - b);
  const key = (v: number) => v.toFixed(4);
  const x = scaleBand<string>().domain(lows.map(key)).range([M.left, W - M.right]).padding(0.04);
  const y = scaleBand<string>().domain(highs.map(key).reverse()).range([M.top, H - M.bottom]).padding(0.04);
  const costs = cells.map((c) => c.cost);
  const min = Math.min(...costs), max = Math.max(...costs);
  const color = scaleLinear<string>().domain([min, max > min ? max : min + 1]).range([LIGHT, DARK]);
  const isRec = (c: HeatCell) => !!recommended && Math.abs(c.low - recommended.low) < 1e-9 && Math.abs(c.high - recommended.high) < 1e-9;
  const every = Math.max(1, Math.ceil(lows.length / 10));
  return (
    <figure className="chart" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
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
        {lows.map((l, i) => (i % every === 0 ? (
          <text key={`x${l}`} x={(x(key(l)) ?? 0) + x.bandwidth() / 2} y={H - M.bottom + 14} textAnchor="middle">{format(l, 2)}</text>
        ) : null))}
        {highs.map((h, i) => (i % every === 0 ? (
          <text key={`y${h}`} x={M.left - 6} y={(y(key(h)) ?? 0) + y.bandwidth() / 2 + 4} textAnchor="end">{format(h, 2)}</text>
        ) : null))}
        <text className="axis-label" x={(M.left + W - M.right) / 2} y={H - M.bottom + 32} textAnchor="middle">{labels.low}</text>
        <text className="axis-label" transform={`translate(14 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">{labels.high}</text>
      </svg>
      <figcaption>
        <strong>{title}.</strong> {description}
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
      </figcaption>
      <details className="chart-data">
        <summary>{labels.table}</summary>
        <ScrollBox label={title} tall>
          <table>
            <thead>
              <tr>
                <th scope="col">{labels.low}</th><th scope="col">{labels.high}</th><th scope="col">{labels.cost}</th>
                <th scope="col">{labels.review_rate}</th><th scope="col">{labels.auto_coverage}</th><th scope="col">{labels.auto_error_rate}</th>
                <th scope="col">{labels.feasible}</th>
              </tr>
            </thead>
            <tbody>
              {cells.map((c) => (
                <tr key={`${c.low}-${c.high}`} className={isRec(c) ? 'recommended' : undefined}>
                  <td>{format(c.low, 2)}</td><td>{format(c.high, 2)}</td><td>{format(c.cost, 4)}{isRec(c) ? ' ★' : ''}</td>
                  <td>{format(c.review_rate, 4)}</td><td>{format(c.auto_coverage, 4)}</td><td>{format(c.auto_error_rate, 4)}</td>
                  <td>{c.passes ? labels.yes : labels.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
