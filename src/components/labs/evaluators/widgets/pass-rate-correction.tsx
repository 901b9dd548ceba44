/**
 * Widget "pass-rate-correction" (chapter 04): the Rogan-Gladen correction of a judged pass rate.
 * Three sliders set the judged rate q on production and the judge's TPR and TNR; the widget writes
 * an evaluator-audit input that has exactly those figures (LABELLED human passes and as many human
 * rejections, the judge right on the share the sliders say; PRODUCTION runs with round(q · runs)
 * judged passes) and the engine computes TPR, TNR, the corrected rate and its bootstrap interval
 * in the worker, or says the correction is undefined (TPR + TNR <= 1). The figure: the (TNR, TPR)
 * square with the undefined triangle hatched and the judge's point, and the judged and corrected
 * rates on one scale with the interval. The first render uses the build-time scorecard of the
 * start state (`widget.start`, the same generator). Sample sizes are stated under the figure.
 */
import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { scaleLinear } from 'd3-scale';
import type { WidgetProps } from '../../../content/WidgetLoader.tsx';
import type { ResultOf } from '../../../../../labs/manifest.ts';
import ChartFrame, { Hatch, PHONE_FALLBACK, useChartBox } from '../../../charts/ChartFrame.tsx';
import { ui } from '../i18n/ui.ts';
import { evaluatorsMsg } from '../../../../../labs/evaluators/i18n/index.ts';
import { lookupText } from '../../../../../labs/core/contract/i18n/index.ts';
import LiveRun, { num, type LiveState } from '../../../widgets/shared/LiveRun.tsx';

type Result = ResultOf<'evaluators'>;

/** Labelled cases per human class, and production runs (steps of the sliders: 1/LABELLED, 1/PRODUCTION). */
const LABELLED = 20;
const PRODUCTION = 100;
const START = { q: 0.7, tpr: 0.9, tnr: 0.8 };

/** The evaluator-audit texts whose judge has these TPR, TNR and judged production rate. */
export function correctionTexts(q: number, tpr: number, tnr: number): Record<string, string> {
  const tp = Math.round(tpr * LABELLED);
  const tn = Math.round(tnr * LABELLED);
  const rows: string[] = ['case_id,quality,pass'];
  const runs: string[] = [];
  for (let i = 0; i < 2 * LABELLED; i++) {
    const human = i < LABELLED ? 1 : 0;
    const k = i < LABELLED ? i : i - LABELLED;
    const judge = human === 1 ? (k < tp ? 1 : 0) : k < tn ? 0 : 1;
    const id = `c${String(i + 1).padStart(2, '0')}`;
    rows.push(`${id},${human},${human}`);
    runs.push(`{"case_id": "${id}", "parse_ok": true, "input_tokens": 0, "output_tokens": 0, "scores": {"quality": ${judge}, "pass": ${judge}}}`);
  }
  const rubric = { rubric_id: 'rogan_gladen_widget', criteria: { quality: 'pass' }, blocking_criteria: [], pass_threshold: 1, min_kappa: 0, max_false_passes: 2 * LABELLED, max_parse_errors: 0, max_cost_per_valid_evaluation: 1, bootstrap_rounds: 1000 };
  return {
    rubric: JSON.stringify(rubric),
    cases: `${rows.join('\n')}\n`,
    outputs: `[{"evaluator_id": "judge", "input_price_per_1k": 0, "output_price_per_1k": 0, "runs": [\n${runs.join(',\n')}\n]}]\n`,
    production: JSON.stringify({ evaluator_id: 'judge', runs: PRODUCTION, judged_passes: Math.round(q * PRODUCTION) }),
    ordinal: '',
    construct: '',
    pairwise: '',
    budget: '',
  };
}

const startTexts = correctionTexts(START.q, START.tpr, START.tnr);
export const widget = { lab: 'evaluators', start: { texts: Object.fromEntries(Object.entries(startTexts).map(([k, v]) => [k, { text: v }])) } };

export default function PassRateCorrection({ lang, initial }: WidgetProps) {
  const tw = ui(lang).evaluators.widget_rg;
  const lm = evaluatorsMsg(lang);
  const [s, setS] = useState(START);
  const [live, setLive] = useState<LiveState<Result> | null>(null);
  const onState = useCallback((st: LiveState<Result>) => setLive(st), []);
  const edited = s.q !== START.q || s.tpr !== START.tpr || s.tnr !== START.tnr;
  const texts = useMemo(() => correctionTexts(s.q, s.tpr, s.tnr), [s]);
  const result = (edited ? live?.result ?? initial : initial) as Result | null;
  const p = result?.corrected_pass_rate ?? null;
  const box = useChartBox(PHONE_FALLBACK, 720, 240);
  const width = box.width;
  if (!p) return null;

  const undef = (code: string | undefined) => `${ui(lang).lab.undefined_value}${code ? ` (${lookupText(code, lm.undefined_reason) ?? code})` : ''}`;
  const W = width;
  const side = W >= 520;
  const sq = Math.min(side ? W * 0.42 : W - 60, 240);
  const M = { top: 12, left: 44, bottom: 40 };
  const sqX = (v: number) => M.left + v * sq;
  const sqY = (v: number) => M.top + (1 - v) * sq;
  const rateTop = side ? M.top : M.top + sq + M.bottom + 16;
  const rateLeft = side ? M.left + sq + 40 : 14;
  const rateRight = W - 16;
  const H = side ? M.top + sq + M.bottom + 8 : rateTop + 134;
  const x = scaleLinear().domain([0, 1]).range([rateLeft, rateRight]);
  const ticks = x.ticks(Math.max(2, Math.min(10, Math.floor((rateRight - rateLeft) / 48))));
  const sqTicks = [0, 0.5, 1];
  const tpr = p.tpr;
  const tnr = p.tnr;
  const yObs = rateTop + 28;
  const yCor = rateTop + 76;
  const valueText = p.value === null ? undef(p.undefined_metrics.value) : num(p.value, lang, 3);
  const setter = (k: 'q' | 'tpr' | 'tnr') => (e: ChangeEvent<HTMLInputElement>) => {
    const v = Number(e.currentTarget.value);
    setS((old) => ({ ...old, [k]: v }));
  };
  return (
    <div className="ev-widget widget-rg" data-testid="widget-pass-rate-correction" data-corrected={p.value ?? ''}>
      <div>
        <ChartFrame
          title={tw.title}
          description={tw.desc}
          width={W}
          height={H}
          box={box}
          table={{
            summary: ui(lang).lab.chart_table,
            columns: [lm.report.observed, lm.report.tpr, lm.report.tnr, lm.report.corrected, lm.report.interval(num(p.confidence * 100, lang, 1))],
            rows: [{ key: 'r', cells: [num(p.observed, lang, 3), num(tpr, lang, 3), num(tnr, lang, 3), valueText, p.low !== null && p.high !== null ? `[${num(p.low, lang, 3)}, ${num(p.high, lang, 3)}]` : undef(p.undefined_metrics.low)] }],
          }}
        >
          {(id) => (
            <>
              <Hatch id={`${id}-hatch`} />
              <text className="axis-label" x={M.left + sq / 2} y={M.top + sq + 32} textAnchor="middle">{tw.tnr}</text>
              <text className="axis-label" transform={`translate(12 ${M.top + sq / 2}) rotate(-90)`} textAnchor="middle">{tw.tpr}</text>
              <rect x={sqX(0)} y={sqY(1)} width={sq} height={sq} fill="#fff" stroke="#8a94a3" />
              <polygon points={`${sqX(0)},${sqY(0)} ${sqX(1)},${sqY(0)} ${sqX(0)},${sqY(1)}`} fill={`url(#${id}-hatch)`} opacity={0.55} />
              <line x1={sqX(0)} y1={sqY(1)} x2={sqX(1)} y2={sqY(0)} stroke="#a3211b" strokeWidth={2} strokeDasharray="5 3" />
              <text x={sqX(0) + 6} y={sqY(0) - 8} className="ref-label" style={{ fill: '#a3211b' }}>{tw.undefined_zone}</text>
              {sqTicks.map((t) => (
                <g key={t} className="grid">
                  <text x={sqX(t)} y={M.top + sq + 15} textAnchor="middle">{num(t, lang, 1)}</text>
                  <text x={M.left - 6} y={sqY(t) + 4} textAnchor="end">{num(t, lang, 1)}</text>
                </g>
              ))}
              {tpr !== null && tnr !== null && (
                <g data-point="judge">
                  <circle cx={sqX(tnr)} cy={sqY(tpr)} r={7} fill={p.value === null ? '#fff' : '#1d4e89'} stroke={p.value === null ? '#a3211b' : '#fff'} strokeWidth={p.value === null ? 3 : 2} />
                  <text x={sqX(tnr) + (tnr > 0.6 ? -10 : 10)} y={sqY(tpr) + (tpr > 0.85 ? 18 : -10)} textAnchor={tnr > 0.6 ? 'end' : 'start'} className="point-label">{tw.point}</text>
                </g>
              )}
              <text x={rateLeft} y={rateTop + 4} className="axis-label">{tw.rate_title}</text>
              {ticks.map((t) => (
                <g key={`x${t}`} className="grid">
                  <line x1={x(t)} x2={x(t)} y1={rateTop + 12} y2={yCor + 16} />
                  <text x={x(t)} y={yCor + 30} textAnchor="middle">{num(t, lang, 2)}</text>
                </g>
              ))}
              <text x={(rateLeft + rateRight) / 2} y={yCor + 46} textAnchor="middle" className="axis-label">{tw.axis}</text>
              <g data-row="observed">
                <circle cx={x(p.observed)} cy={yObs} r={6} fill="#8a94a3" stroke="#fff" strokeWidth={2} />
                <text x={x(p.observed) + (p.observed > 0.6 ? -10 : 10)} y={yObs + 4} textAnchor={p.observed > 0.6 ? 'end' : 'start'} className="point-label">{tw.observed} {num(p.observed, lang, 2)}</text>
              </g>
              <g data-row="corrected">
                {p.low !== null && p.high !== null && (
                  <g stroke="#1d4e89" strokeWidth={2}>
                    <line x1={x(p.low)} x2={x(p.high)} y1={yCor} y2={yCor} />
                    <line x1={x(p.low)} x2={x(p.low)} y1={yCor - 6} y2={yCor + 6} />
                    <line x1={x(p.high)} x2={x(p.high)} y1={yCor - 6} y2={yCor + 6} />
                  </g>
                )}
                {p.value === null ? (
                  <text x={rateLeft} y={yCor + 4} className="undefined-label">{tw.corrected}: {ui(lang).lab.undefined_value}</text>
                ) : (
                  <>
                    <circle cx={x(p.value)} cy={yCor} r={6} fill="#1d4e89" stroke="#fff" strokeWidth={2} />
                    <text x={x(p.value) + (p.value > 0.6 ? -10 : 10)} y={yCor - 10} textAnchor={p.value > 0.6 ? 'end' : 'start'} className="point-label">{tw.corrected} {num(p.value, lang, 2)}</text>
                  </>
                )}
              </g>
            </>
          )}
        </ChartFrame>
      </div>
      <p className="widget-formula" data-testid="wrg-formula">
        p̂ = ({num(p.observed, lang, 2)} + {num(tnr, lang, 2)} − 1) / ({num(tpr, lang, 2)} + {num(tnr, lang, 2)} − 1) = <strong data-testid="wrg-value">{valueText}</strong>
      </p>
      <p className="help" data-testid="wrg-interval">
        {lm.report.interval(num(p.confidence * 100, lang, 1))}: {p.low !== null && p.high !== null ? `[${num(p.low, lang, 3)}, ${num(p.high, lang, 3)}]` : undef(p.undefined_metrics.low)} · {lm.report.rounds(p.defined_rounds, p.undefined_rounds)}
      </p>
      {p.clipped && <p className="notice" data-testid="wrg-clipped">{ui(lang).evaluators.clipped(num(p.value_unclipped, lang, 3), (p.value_unclipped ?? 0) < 0)}</p>}
      {p.youden_j !== null && p.youden_j <= 0 && <p className="notice" data-testid="wrg-undefined">{ui(lang).evaluators.undefined_region(num(p.youden_j, lang, 3))}</p>}
      <div className="widget-controls">
        <label className="widget-slider">{tw.q}: {num(s.q, lang, 2)}
          <input type="range" min={0} max={1} step={1 / PRODUCTION} value={s.q} onChange={setter('q')} data-testid="wrg-q" />
        </label>
        <label className="widget-slider">{tw.tpr}: {num(s.tpr, lang, 2)}
          <input type="range" min={0} max={1} step={1 / LABELLED} value={s.tpr} onChange={setter('tpr')} data-testid="wrg-tpr" />
        </label>
        <label className="widget-slider">{tw.tnr}: {num(s.tnr, lang, 2)}
          <input type="range" min={0} max={1} step={1 / LABELLED} value={s.tnr} onChange={setter('tnr')} data-testid="wrg-tnr" />
        </label>
      </div>
      <p className="help">{tw.n_note(LABELLED, LABELLED, PRODUCTION)}</p>
      <p className="widget-status" role="status">{live?.busy && edited ? tw.computing : ''}</p>
      {edited && <LiveRun lab="evaluators" lang={lang} texts={texts} onState={onState} />}
    </div>
  );
}
