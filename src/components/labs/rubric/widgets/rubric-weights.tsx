/**
 * Chapter 06 widget: the weight of each axis beside a stacked bar per exam item. The reader moves
 * four sliders; the rubric engine rescores the tutor's exam with those weights (the rubric text with
 * its `axes[].weight` replaced) and the widget draws each item's weighted segments (the engine's
 * `weighted`, already divided by the sum of the weights), then the exam mean beside the hard gate,
 * which applies to that mean and to no single item. Built with the engine's result on the preset.
 */
import { useState } from 'react';
import { scaleBand, scaleLinear } from 'd3-scale';
import type { RubricResult } from '../../../../../labs/rubric/lab.ts';
import ChartFrame from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { ui } from '../i18n/widgets.ts';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import { useEngine, usePresetTexts } from '../../../widgets/engine.ts';
import '../../../../styles/widgets-0506.css';

export const widget: WidgetSpec = { lab: 'rubric' };

const AXES = ['correctness', 'spanish_gloss', 'schema', 'conciseness'] as const;
type Axis = (typeof AXES)[number];
const START: Record<Axis, number> = { correctness: 0.6, spanish_gloss: 0.25, schema: 0.1, conciseness: 0.05 };
export const AXIS_COLORS: Record<Axis, string> = { correctness: '#1d4e89', spanish_gloss: '#1f7a5a', schema: '#b35900', conciseness: '#8e2a6e' };
const W = 300, H = 250, M = { top: 10, right: 4, bottom: 46, left: 34 };

export default function RubricWeights({ lang, initial }: WidgetProps) {
  const t = ui(lang).widgets_rubric.weights;
  const names = ui(lang).widgets_rubric.axes;
  const [weights, setWeights] = useState<Record<Axis, number>>(START);
  const preset = usePresetTexts('rubric', lang);
  const changed = AXES.some((a) => Math.abs(weights[a] - START[a]) > 1e-9);
  const texts = preset && changed ? { ...preset, rubric: withWeights(preset.rubric, weights) } : null;
  const engine = useEngine<RubricResult>('rubric', lang, texts);
  const start = initial as RubricResult;
  const result = changed && engine.error === null ? (engine.result ?? start) : start;
  const stale = changed && (engine.busy || engine.result === null);
  const f = (v: number, d = 3) => formatFigure(v, lang, d);
  const exam = result.items.filter((i) => i.split === 'exam');
  const mean = result.aggregate.exam_score;
  const gate = result.gates.hard;
  const sum = AXES.reduce((s, a) => s + weights[a], 0);

  const area = { left: M.left, right: W - M.right, top: M.top, bottom: H - M.bottom };
  const keys = [...exam.map((i) => i.item), '__mean'];
  const x = scaleBand().domain(keys).range([area.left, area.right]).paddingInner(0.22).paddingOuter(0.1);
  const y = scaleLinear().domain([0, 1]).range([area.bottom, area.top]);
  const bw = x.bandwidth();

  return (
    <div className="w0506" data-testid="widget-rubric-weights" data-exam={mean ?? ''} aria-busy={stale}>
      <div className="w-controls w-weights">
        {AXES.map((a) => (
          <label key={a} className="w-range">
            <span><span className="swatch square" style={{ background: AXIS_COLORS[a] }} aria-hidden="true" /> {names[a]} · {t.weight} <output data-testid={`w-weight-${a}-value`}>{formatFigure(weights[a], lang, 2)}</output></span>
            <input type="range" min={0} max={1} step={0.05} value={weights[a]} onChange={(e) => { const v = Math.round(Number(e.currentTarget.value) * 100) / 100; setWeights((w) => ({ ...w, [a]: v })); }} data-testid={`w-weight-${a}`} />
          </label>
        ))}
      </div>
      {changed && <p className="w-note"><button type="button" onClick={() => setWeights(START)} data-testid="w-weights-reset">{t.reset}</button></p>}
      {engine.error && changed && <p className="w-note w-fail" role="alert">{t.invalid} {engine.error}</p>}
      <dl className="w-readout" aria-live="polite">
        <div><dt>{t.sum}</dt><dd>{formatFigure(sum, lang, 2)}</dd></div>
        <div><dt>{t.exam}</dt><dd data-testid="w-exam">{mean === null ? '–' : f(mean)}</dd></div>
        <div><dt>{t.gate}</dt><dd className={gate.status === 'pass' ? 'w-pass' : 'w-fail'} data-testid="w-gate" data-status={gate.status}>{gate.status === 'pass' ? t.pass : t.fail}</dd></div>
        {stale && <div className="w-busy"><dd>{t.computing}</dd></div>}
      </dl>
      <ChartFrame
        title={t.title}
        description={t.description}
        className="w-chart"
        testId="w-weights-chart"
        width={W}
        height={H}
        caption={
          <ul className="legend legend-inline">
            {AXES.map((a) => (
              <li key={a}><span className="swatch square" style={{ background: AXIS_COLORS[a] }} aria-hidden="true" /> {names[a]}</li>
            ))}
          </ul>
        }
        table={{
          summary: t.table,
          columns: [t.col_item, ...AXES.map((a) => names[a]), t.col_score],
          rowHeaders: true,
          rows: [
            ...exam.map((i) => ({ key: i.item, cells: [i.item, ...AXES.map((a) => f(i.weighted[a] ?? 0)), f(i.score)] })),
            { key: '__mean', cells: [t.exam, ...AXES.map(() => ''), mean === null ? '–' : f(mean)] },
          ],
        }}
      >
        {[0, 0.25, 0.5, 0.75, 1].map((v) => (
          <g key={v} className="grid">
            <line x1={area.left} x2={area.right} y1={y(v)} y2={y(v)} />
            <text x={area.left - 5} y={y(v) + 4} textAnchor="end">{formatFigure(v, lang, 2)}</text>
          </g>
        ))}
        {exam.map((i) => {
          let acc = 0;
          const x0 = x(i.item) ?? 0;
          return (
            <g key={i.item} data-item={i.item} data-score={i.score}>
              {AXES.map((a) => {
                const v = Math.max(0, i.weighted[a] ?? 0);
                const top = acc + v;
                const rect = v > 0 ? <rect key={a} x={x0} y={y(top)} width={bw} height={y(acc) - y(top)} fill={AXIS_COLORS[a]} stroke="#fff" strokeWidth={0.6} /> : null;
                acc = top;
                return rect;
              })}
              <text x={x0 + bw / 2 + 4} y={area.bottom + 10} transform={`rotate(-60 ${x0 + bw / 2 + 4} ${area.bottom + 10})`} textAnchor="end" className="w-item">{i.item}</text>
            </g>
          );
        })}
        {mean !== null && (
          <g data-item="mean">
            <rect x={x('__mean') ?? 0} y={y(mean)} width={bw} height={y(0) - y(mean)} fill="#4a5563" />
            <line x1={(x('__mean') ?? 0) - 4} x2={(x('__mean') ?? 0) + bw + 4} y1={y(gate.threshold)} y2={y(gate.threshold)} stroke="#a3211b" strokeWidth={2} strokeDasharray="4 3" />
            <text x={(x('__mean') ?? 0) + bw / 2 + 4} y={area.bottom + 10} transform={`rotate(-60 ${(x('__mean') ?? 0) + bw / 2 + 4} ${area.bottom + 10})`} textAnchor="end" className="w-item w-mark">{t.mean_bar}</text>
          </g>
        )}
      </ChartFrame>
    </div>
  );
}

/** The rubric text with the weights of its axes replaced (axes not named keep theirs). */
function withWeights(rubric: string, weights: Record<Axis, number>): string {
  try {
    const r = JSON.parse(rubric) as { axes: { name: string; weight: number }[] };
    for (const a of r.axes) if (Object.prototype.hasOwnProperty.call(weights, a.name)) a.weight = weights[a.name as Axis];
    return JSON.stringify(r);
  } catch {
    return rubric;
  }
}
