/**
 * Widget "gate-bootstrap" (chapter 01): the paired bootstrap of the kit's weighted-quality delta,
 * drawn as a histogram that grows as the reader adds rounds. A slider picks the number of rounds B
 * (20 to 10,000) and a select the seed; each choice is the kit's policy with bootstrap_rounds and
 * bootstrap_seed set, recomputed by the gate engine in the worker. With the same seed the first
 * rounds are the same draws, so the bars fill in while the interval settles; its width does not
 * shrink, because that is set by the five cases, not by B. Every number (bars, interval, delta)
 * is the engine's; the drawing lays out for its box (text stays at 11-12 px on a phone) and the
 * data table lists every bar.
 */
import { useMemo, useState } from 'react';
import { scaleLinear } from 'd3-scale';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import type { ResultOf } from '../../../../../labs/manifest.ts';
import ChartFrame, { PHONE_FALLBACK, useChartBox } from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { gateWidgetsUi } from '../i18n/widgets.ts';
import { useWidgetRun } from '../../../widgets/support/LiveLab.tsx';
import { gateStart, gateTextsWithPolicy } from './gatePreset.ts';
import '../../../../styles/widgets-gate-threshold.css';

type Result = ResultOf<'gate'>;

const ROUNDS = [20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;
const SEEDS = [13, 1, 3, 7, 42, 2026] as const;
const START_ROUNDS = 50;
const KIT_SEED = 13;

export const widget: WidgetSpec = { lab: 'gate', start: gateStart({ bootstrap_rounds: START_ROUNDS }) };

const H = 230;
const M = { top: 46, right: 14, bottom: 40, left: 46 };

/** Marker labels in rows above the plot, so that labels closer than `gap` px do not overprint. */
function stagger(xs: { key: string; px: number }[], gap: number): Map<string, number> {
  const rows = new Map<string, number>();
  const last: number[] = [];
  for (const m of [...xs].sort((a, b) => a.px - b.px)) {
    let row = 0;
    while (last[row] !== undefined && m.px - last[row] < gap) row++;
    last[row] = m.px;
    rows.set(m.key, row);
  }
  return rows;
}

export default function GateBootstrap({ lang, initial }: WidgetProps) {
  const t = gateWidgetsUi[lang];
  const tb = t.bootstrap;
  const [roundsIdx, setRoundsIdx] = useState<number>(ROUNDS.indexOf(START_ROUNDS));
  const [seed, setSeed] = useState<number>(KIT_SEED);
  const [touched, setTouched] = useState(false);
  const rounds = ROUNDS[roundsIdx];
  const texts = useMemo(() => (touched ? gateTextsWithPolicy(lang, { bootstrap_rounds: rounds, bootstrap_seed: seed }) : null), [touched, rounds, seed, lang]);
  const run = useWidgetRun('gate', lang, initial as Result, texts);
  const r = run.result;
  const box = useChartBox(PHONE_FALLBACK, 720, 240);
  const width = box.width;
  const f = (v: number | null, d = 3) => formatFigure(v, lang, d);

  const bins = r.bootstrap.histogram.bins;
  const ci = r.bootstrap_delta_quality_ci95;
  const delta = r.delta_quality;
  const x = scaleLinear().domain([-0.75, 1.05]).range([M.left, width - M.right]);
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  const y = scaleLinear().domain([0, maxCount]).nice(4).range([H - M.bottom, M.top]);
  let barW = 10;
  for (let i = 1; i < bins.length; i++) barW = Math.min(barW, (x(bins[i].x0) - x(bins[i - 1].x0)) * 0.75);
  barW = Math.max(2, barW);

  const markers = [
    { key: 'zero', v: 0, label: tb.zero, cls: 'wg-mark-zero' },
    ...(ci ? [{ key: 'lo', v: ci[0], label: tb.lo, cls: 'wg-mark-ci' }, { key: 'hi', v: ci[1], label: tb.hi, cls: 'wg-mark-ci' }] : []),
    ...(delta !== null ? [{ key: 'obs', v: delta, label: tb.observed, cls: 'wg-mark-obs' }] : []),
  ];
  const rows = stagger(markers.map((m) => ({ key: m.key, px: x(m.v) })), 44);
  const title = tb.title(r.bootstrap.rounds);
  const desc = tb.desc(r.bootstrap.rounds, ci ? f(ci[0]) : '–', ci ? f(ci[1]) : '–', f(delta));

  return (
    <div className="wg" data-testid="widget-gate-bootstrap">
      {run.runner}
      <div className="wg-controls">
        <div className="wg-field">
          <label htmlFor={`gb-rounds-${lang}`}>{tb.rounds}: <output htmlFor={`gb-rounds-${lang}`} data-testid="gb-rounds-value">{rounds}</output></label>
          <input id={`gb-rounds-${lang}`} type="range" min={0} max={ROUNDS.length - 1} step={1} value={roundsIdx} aria-valuetext={String(rounds)}
            onChange={(e) => { setTouched(true); setRoundsIdx(Number(e.currentTarget.value)); }} data-testid="gb-rounds" />
        </div>
        <div className="wg-field">
          <label htmlFor={`gb-seed-${lang}`}>{tb.seed}</label>
          <select id={`gb-seed-${lang}`} value={seed} onChange={(e) => { setTouched(true); setSeed(Number(e.currentTarget.value)); }} data-testid="gb-seed">
            {SEEDS.map((s) => <option key={s} value={s}>{s === KIT_SEED ? tb.seed_kit(s) : s}</option>)}
          </select>
        </div>
      </div>
      <p className="wg-status" role="status" aria-live="polite">{run.busy ? t.computing : run.failed ? t.failed : ''}</p>
      <dl className="wg-readout" data-testid="gb-readout">
        <div><dt>{tb.readout_rounds}</dt><dd data-testid="gb-b">{r.bootstrap.rounds}</dd></div>
        <div><dt>{tb.readout_ci}</dt><dd data-testid="gb-ci">{ci ? `[${f(ci[0], 4)}; ${f(ci[1], 4)}]` : formatFigure(null, lang)}</dd></div>
        <div><dt>{tb.readout_delta}</dt><dd>{f(delta, 4)}</dd></div>
        <div><dt>{tb.readout_values}</dt><dd data-testid="gb-distinct">{bins.length}</dd></div>
      </dl>
      <div className="wg-box">
        <ChartFrame title={title} description={desc} testId="gb-chart" width={width} height={H} box={box}
          table={{ summary: t.table, columns: [tb.col_value, tb.col_count], rows: bins.map((b, i) => ({ key: i, cells: [f(b.x0, 4), b.count] })) }}>
          {ci && <rect x={x(ci[0])} y={M.top} width={Math.max(1, x(ci[1]) - x(ci[0]))} height={H - M.bottom - M.top} className="wg-band" />}
          {y.ticks(4).map((tk) => (
            <g key={tk} className="grid">
              <line x1={M.left} x2={width - M.right} y1={y(tk)} y2={y(tk)} />
              <text x={M.left - 6} y={y(tk) + 4} textAnchor="end">{tk}</text>
            </g>
          ))}
          {[-0.5, 0, 0.5, 1].map((tk) => <text key={tk} x={x(tk)} y={H - M.bottom + 16} textAnchor="middle">{formatFigure(tk, lang, 1)}</text>)}
          <text className="axis-label" x={(M.left + width - M.right) / 2} y={H - 6} textAnchor="middle">{tb.x}</text>
          <text className="axis-label" transform={`translate(12 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">{tb.y}</text>
          {bins.map((b, i) => <rect key={i} x={x(b.x0) - barW / 2} y={y(b.count)} width={barW} height={Math.max(0, y(0) - y(b.count))} className="wg-bar" />)}
          <line x1={M.left} x2={width - M.right} y1={H - M.bottom} y2={H - M.bottom} className="wg-axis" />
          {markers.map((m) => {
            const ty = M.top - 8 - (rows.get(m.key) ?? 0) * 13;
            return (
              <g key={m.key}>
                <line x1={x(m.v)} x2={x(m.v)} y1={ty + 3} y2={H - M.bottom} className={m.cls} />
                <text x={x(m.v)} y={ty} textAnchor="middle" className="wg-mark-label">{m.label}</text>
              </g>
            );
          })}
        </ChartFrame>
      </div>
    </div>
  );
}
