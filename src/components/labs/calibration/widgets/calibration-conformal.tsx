/**
 * Chapter 05 widget: conformal α against the size of the prediction sets. The reader moves α; the
 * calibration engine recomputes split conformal on the kit (policy `alpha`) and the widget draws
 * where the rank r = ⌈(n+1)(1−α)⌉ falls among the n calibration scores (one slot past n when there
 * are too few cases: q is infinite), and the 20 evaluation tickets coloured by their set, with the
 * ones whose set misses the true label crossed out. Built with the engine's result for α = 0.10.
 */
import { useState } from 'react';
import type { CalibrationResult } from '../../../../../labs/calibration/lab.ts';
import ChartFrame from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { ui } from '../i18n/widgets.ts';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import { useEngine, usePresetTexts } from '../../../widgets/engine.ts';
import '../../../../styles/widgets-0506.css';

export const widget: WidgetSpec = {
  lab: 'calibration',
  start: { texts: { policy: { preset: 'calibration_policy.json', patch: { bootstrap_rounds: 0 } } } },
};

const START_ALPHA = 0.1;
const W = 300, LEFT = 6, RIGHT = 6;
/** Colours of the sets: {normal}, {urgent}, both labels, empty (mask 1, 2, 3, 0). */
const SET_FILL: Record<number, string> = { 1: '#1d4e89', 2: '#b35900', 3: '#c9ced6', 0: '#ffffff' };

export default function CalibrationConformal({ lang, initial }: WidgetProps) {
  const t = ui(lang).widgets_calibration.conformal;
  const [alpha, setAlpha] = useState(START_ALPHA);
  const preset = usePresetTexts('calibration', lang);
  const changed = Math.abs(alpha - START_ALPHA) > 1e-9;
  const texts = preset && changed ? { ...preset, policy: patchPolicy(preset.policy, { alpha, bootstrap_rounds: 0 }) } : null;
  const engine = useEngine<CalibrationResult>('calibration', lang, texts);
  const start = initial as CalibrationResult;
  const result = changed ? (engine.result ?? start) : start;
  const c = result.conformal;
  const stale = changed && (engine.busy || engine.result === null);
  const f = (v: number | null, d = 4) => formatFigure(v, lang, d);
  const setName = (m: number) => (m === 1 ? t.set_normal : m === 2 ? t.set_urgent : m === 3 ? t.set_both : t.set_empty);
  const covers = (m: number, label: number) => (m & (label === 1 ? 2 : 1)) !== 0;

  const n = c.n_calibration;
  const slots = n + 1;
  const slotW = (W - LEFT - RIGHT) / slots;
  const rankSlot = c.q_infinite ? slots : Math.min(c.rank, slots);
  const cases = result.evaluation_scores;
  const caseW = (W - LEFT - RIGHT) / Math.max(1, cases.length);
  const rowA = 30, rowB = 112, size = Math.min(16, caseW - 2);
  const H = rowB + size + 58;

  return (
    <div className="w0506" data-testid="widget-calibration-conformal" data-alpha={alpha} data-rank={c.rank} data-infinite={String(c.q_infinite)} aria-busy={stale}>
      <div className="w-controls">
        <label className="w-range">
          <span>{t.alpha}: <output data-testid="w-alpha-value">{formatFigure(alpha, lang, 2)}</output> · {t.target} {formatFigure(1 - alpha, lang, 2)}</span>
          <input type="range" min={0.01} max={0.5} step={0.01} value={alpha} onChange={(e) => setAlpha(Math.round(Number(e.currentTarget.value) * 100) / 100)} data-testid="w-alpha" />
        </label>
      </div>
      <dl className="w-readout" aria-live="polite">
        <div><dt>{t.n}</dt><dd>{n}</dd></div>
        <div><dt>{t.rank}</dt><dd data-testid="w-rank">{c.rank ?? '–'}</dd></div>
        <div><dt>{t.q}</dt><dd data-testid="w-q">{c.q_infinite ? t.infinite : f(c.q, 3)}</dd></div>
        <div><dt>{t.coverage}</dt><dd data-testid="w-coverage">{f(c.coverage, 2)}</dd></div>
        <div><dt>{t.size}</dt><dd data-testid="w-size">{f(c.mean_set_size, 2)}</dd></div>
        {stale && <div className="w-busy"><dd>{t.computing}</dd></div>}
      </dl>
      <ChartFrame
        title={t.title}
        description={t.description(n)}
        className="w-chart"
        testId="w-conformal"
        width={W}
        height={H}
        caption={
          <ul className="legend legend-inline">
            {[1, 2, 3, 0].map((m) => (
              <li key={m}><span className="swatch square" style={{ background: SET_FILL[m], border: '1px solid #6b7380' }} aria-hidden="true" /> {setName(m)}</li>
            ))}
          </ul>
        }
        table={{
          summary: t.table,
          columns: [t.col_case, t.col_raw, t.col_cal, t.col_label, t.col_set, t.col_covered],
          rowHeaders: true,
          rows: cases.map((e) => ({
            key: e.case_id,
            cells: [e.case_id, f(e.raw_score, 2), f(e.calibrated, 3), e.label, setName(e.set), covers(e.set, e.label) ? t.yes : t.no],
          })),
        }}
      >
        <text x={LEFT} y={rowA - 12} className="w-strip-label">{t.ranks_label}</text>
        {Array.from({ length: slots }, (_, i) => {
          const pos = i + 1;
          const past = pos === slots;
          const hit = pos === rankSlot;
          return (
            <rect key={pos} x={LEFT + i * slotW + 1} y={rowA} width={slotW - 2} height={18} rx={2}
              fill={hit ? (past ? '#a3211b' : '#1b1f24') : past ? '#fbe9e7' : '#eef0f3'} stroke={past ? '#a3211b' : '#9aa3ae'} strokeDasharray={past ? '3 2' : undefined} />
          );
        })}
        <text x={LEFT + 0.5 * slotW} y={rowA + 34} textAnchor="middle">1</text>
        <text x={LEFT + (n - 0.5) * slotW} y={rowA + 34} textAnchor="end">{`n = ${n}`}</text>
        <text x={LEFT + (slots - 0.5) * slotW + 2} y={rowA + 34} textAnchor="start" style={{ fill: '#a3211b' }}>∞</text>
        <text x={LEFT + (rankSlot - 0.5) * slotW} y={rowA + 52} textAnchor={rankSlot > slots / 2 ? 'end' : 'middle'} className="w-mark" data-testid="w-rank-mark">
          {c.q_infinite ? `r = ${c.rank} > n: q = ∞` : `r = ${c.rank}`}
        </text>
        <text x={LEFT} y={rowB - 10} className="w-strip-label">{t.cases_label}</text>
        {cases.map((e, i) => {
          const x0 = LEFT + i * caseW + (caseW - size) / 2;
          return (
            <g key={e.case_id} data-case={e.case_id} data-set={e.set}>
              <rect x={x0} y={rowB} width={size} height={size} rx={2} fill={SET_FILL[e.set] ?? '#fff'} stroke="#6b7380" />
              {!covers(e.set, e.label) && (
                <path d={`M${x0 + 3} ${rowB + 3} L${x0 + size - 3} ${rowB + size - 3} M${x0 + size - 3} ${rowB + 3} L${x0 + 3} ${rowB + size - 3}`} stroke="#a3211b" strokeWidth={2.5} />
              )}
            </g>
          );
        })}
        {cases.length > 0 && (
          <>
            <text x={LEFT} y={rowB + size + 16} className="w-item">{cases[0].case_id}</text>
            <text x={W - RIGHT} y={rowB + size + 16} textAnchor="end" className="w-item">{cases[cases.length - 1].case_id}</text>
          </>
        )}
        <text x={LEFT} y={rowB + size + 40} className="w-item">{t.cross}</text>
      </ChartFrame>
    </div>
  );
}

/** The policy text with some fields replaced (the widget's edit). */
function patchPolicy(policy: string, patch: Record<string, unknown>): string {
  try {
    return JSON.stringify({ ...JSON.parse(policy), ...patch });
  } catch {
    return policy;
  }
}
