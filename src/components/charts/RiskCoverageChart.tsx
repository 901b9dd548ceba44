/**
 * The selective-prediction risk-coverage curve in SVG (d3 scales and path, React drawing): coverage
 * on x (0 to 1), risk, the error rate among the accepted cases, on y (0 to a rounded maximum of the
 * curve), drawn as a step line through the points the engine sent, with the risk at full coverage
 * as a dashed reference. It lays out for its on-screen width (useChartBox measures its figure, up to
 * `width`): fewer ticks on a narrow box, text at its CSS size (11 px and up). Title, description and a
 * data-table alternative (coverage, risk, minimum confidence), like every chart of the site.
 */
import { scaleLinear } from 'd3-scale';
import { line, curveStepAfter } from 'd3-shape';
import ChartFrame, { useChartBox } from './ChartFrame.tsx';
import { plotArea, XAxis, XLabel, YAxis, YLabel } from './Axes.tsx';

export interface RiskCoverageDatum {
  coverage: number;
  risk: number;
  threshold: number;
}

interface Props {
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  points: RiskCoverageDatum[];
  /** Label of the dashed line at the risk of full coverage (shown in the legend). */
  fullRiskLabel: string;
  /** Widest layout in CSS pixels (default 720). */
  width?: number;
  tableSummary: string;
  /** Column headers of the data table: minimum confidence, coverage, risk. */
  columns: [string, string, string];
  format?: (v: number) => string;
  testId?: string;
}

export default function RiskCoverageChart({ title, description, xLabel, yLabel, points, fullRiskLabel, width = 720, tableSummary, columns, format = (v) => v.toFixed(3), testId }: Props) {
  const box = useChartBox(360, width, 240);
  const W = box.width;
  const H = Math.round(Math.min(320, Math.max(230, W * 0.6)));
  const M = { top: 14, right: 14, bottom: 46, left: 52 };
  const area = plotArea(W, H, M);
  const maxRisk = Math.max(0.05, ...points.map((p) => p.risk));
  const x = scaleLinear().domain([0, 1]).range([area.left, area.right]);
  const y = scaleLinear().domain([0, maxRisk]).nice(4).range([area.bottom, area.top]);
  const xTicks = x.ticks(Math.max(2, Math.min(5, Math.floor((area.right - area.left) / 70))));
  const yTicks = y.ticks(Math.max(2, Math.floor((area.bottom - area.top) / 45)));
  const full = points.length ? points[points.length - 1].risk : null;
  // From coverage 0 the curve starts at its first point's risk (the most confident group).
  const pts: [number, number][] = points.length ? [[0, points[0].risk], ...points.map((p) => [p.coverage, p.risk] as [number, number])] : [];
  const d = line<[number, number]>().curve(curveStepAfter).x((p) => x(p[0])).y((p) => y(p[1]))(pts) ?? '';
  const tick = (v: number) => String(Number(v.toFixed(3)));
  return (
    <ChartFrame title={title} description={description} className="chart-wide chart-risk" testId={testId} width={W} height={H} box={box}
      caption={full !== null && (
        <ul className="legend">
          <li><span className="swatch" style={{ background: '#1d4e89' }} aria-hidden="true" /> {yLabel}</li>
          <li><span className="swatch dashed" aria-hidden="true" /> {fullRiskLabel}: {format(full)}</li>
        </ul>
      )}
      table={{
        summary: tableSummary,
        columns,
        rows: points.map((p, i) => ({ key: i, cells: [format(p.threshold), format(p.coverage), format(p.risk)] })),
      }}
    >
      <XAxis area={area} scale={x} ticks={xTicks} format={tick} grid offset={16} />
      <YAxis area={area} scale={y} ticks={yTicks} format={tick} grid />
      <XLabel area={area} y={H - 8}>{xLabel}</XLabel>
      <YLabel area={area} x={13}>{yLabel}</YLabel>
      {full !== null && <line x1={area.left} x2={area.right} y1={y(full)} y2={y(full)} stroke="#6b7380" strokeWidth={1.5} strokeDasharray="5 4" />}
      <path d={d} fill="none" stroke="#1d4e89" strokeWidth={2} data-points={points.length} />
    </ChartFrame>
  );
}
