/**
 * A matrix heat map in SVG (d3 colour scale, React drawing), e.g. the agreement matrix of two
 * annotators: rows are one rater's categories, columns the other's, each cell shows its count and
 * its shade grows with it; the diagonal (agreement) is outlined. Title, description and the same
 * matrix as an HTML table for screen readers and keyboard users.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { FONT, textWidth } from './Axes.tsx';

interface Props {
  title: string;
  description: string;
  rowLabel: string;
  colLabel: string;
  categories: (string | number)[];
  /** matrix[i][j]: count for row category i and column category j. */
  matrix: number[][];
  tableSummary: string;
  testId?: string;
}

const M = { top: 40, right: 10, bottom: 10 };

export default function HeatmapChart({ title, description, rowLabel, colLabel, categories, matrix, tableSummary, testId }: Props) {
  const n = categories.length;
  const keys = categories.map(String);
  // Laid out for its on-screen width: cells of up to 46 px, smaller when the box is narrow (never
  // under 24 px: a wider matrix then scrolls with the page's content, which is rare).
  const left = 32 + Math.max(12, ...keys.map((k) => textWidth(k, FONT.tick)));
  const natural = left + n * 46 + M.right;
  const box = useChartBox(natural, natural);
  const CELL = Math.max(24, Math.min(46, Math.floor((box.width - left - M.right) / Math.max(1, n))));
  const W = left + n * CELL + M.right, H = M.top + n * CELL + M.bottom;
  const ML = { ...M, left };
  const xb = scaleBand().domain(keys).range([ML.left, ML.left + n * CELL]).padding(0.04);
  const yb = scaleBand().domain(keys).range([M.top, M.top + n * CELL]).padding(0.04);
  const max = Math.max(1, ...matrix.flat());
  const shade = scaleLinear<string>().domain([0, max]).range(['#f4f6f9', '#1d4e89']);
  return (
    <ChartFrame title={title} description={description} testId={testId} width={W} height={H} box={box}
      table={{
        summary: tableSummary,
        columns: [<>{rowLabel} \ {colLabel}</>, ...keys],
        rowHeaders: true,
        rows: matrix.map((row, i) => ({ key: keys[i], cells: [keys[i], ...row] })),
      }}
    >
      <text className="axis-label" x={ML.left + (n * CELL) / 2} y={12} textAnchor="middle">{colLabel}</text>
      <text className="axis-label" transform={`translate(12 ${M.top + (n * CELL) / 2}) rotate(-90)`} textAnchor="middle">{rowLabel}</text>
      {keys.map((k) => (
        <g key={`h${k}`}>
          <text x={(xb(k) ?? 0) + xb.bandwidth() / 2} y={M.top - 6} textAnchor="middle">{k}</text>
          <text x={ML.left - 6} y={(yb(k) ?? 0) + yb.bandwidth() / 2 + 4} textAnchor="end">{k}</text>
        </g>
      ))}
      {matrix.map((row, i) =>
        row.map((v, j) => (
          <g key={`${i}-${j}`} data-cell={`${keys[i]}-${keys[j]}`}>
            <rect x={xb(keys[j])} y={yb(keys[i])} width={xb.bandwidth()} height={yb.bandwidth()} fill={shade(v)} stroke={i === j ? '#f0a500' : 'none'} strokeWidth={i === j ? 2.5 : 0} />
            <text x={(xb(keys[j]) ?? 0) + xb.bandwidth() / 2} y={(yb(keys[i]) ?? 0) + yb.bandwidth() / 2 + 5} textAnchor="middle" className="cell-count" fill={v / max > 0.5 ? '#fff' : '#1b1f24'} style={{ fill: v / max > 0.5 ? '#fff' : '#1b1f24' }}>
              {v}
            </text>
          </g>
        )),
      )}
    </ChartFrame>
  );
}
