/**
 * Widget "threshold-cost" (chapter 02): the cost of the errors, c_FP·FP + c_FN·FN, of the single
 * classifier "score >= t is urgent" for every t in [0, 1], beside the Bayes cut
 * t* = c_FP / (c_FP + c_FN). Two sliders set the two costs of the policy.
 *
 * Where the curve comes from: the widget runs the threshold lab with the kit's tickets and a policy
 * whose threshold grid is 0, every ticket's score and 1. A pair of neighbouring grid values
 * (g, g') leaves no ticket strictly between them, so the engine's pair (g, g') sends nothing to
 * review and is exactly the single threshold t for every t in (g, g']: its cost in the engine's
 * scan is the curve on that stretch. The curve is thus a staircase of the engine's own costs;
 * the widget only picks those rows out of the scan. t* is the ratio of the two costs the reader
 * set (the engine reports no such figure): it is the cost-optimal cut when the score is a
 * calibrated probability, which these scores are not (chapter 05), so the cheapest stretch of the
 * staircase need not contain it. The data table lists every stretch with its FP, FN and cost.
 */
import { useMemo, useState } from 'react';
import { scaleLinear } from 'd3-scale';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import type { ResultOf } from '../../../../../labs/manifest.ts';
import ChartFrame, { PHONE_FALLBACK, useChartBox } from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { thresholdWidgetsUi } from '../i18n/widgets.ts';
import { useWidgetRun } from '../../../widgets/support/LiveLab.tsx';
import { presetPolicyValue, presetScores, thresholdStart, thresholdTextsWithPolicy } from './thresholdPreset.ts';
import '../../../../styles/widgets-gate-threshold.css';

type Result = ResultOf<'threshold'>;

/** 0, every distinct score of the tickets, and 1: neighbouring values hold no ticket between them. */
const GRID = [...new Set([0, ...presetScores(), 1])].sort((a, b) => a - b);
const KIT_CFP = Number(presetPolicyValue('cost_false_positive'));
const KIT_CFN = Number(presetPolicyValue('cost_false_negative'));

export const widget: WidgetSpec = { lab: 'threshold', start: thresholdStart({ threshold_grid: GRID }) };

const H = 240;
const M = { top: 40, right: 14, bottom: 42, left: 46 };

interface Step { lo: number; hi: number; fp: number; fn: number; cost: number }

export default function ThresholdCost({ lang, initial }: WidgetProps) {
  const t = thresholdWidgetsUi[lang];
  const tc = t.cost;
  const [cfp, setCfp] = useState(KIT_CFP);
  const [cfn, setCfn] = useState(KIT_CFN);
  const [touched, setTouched] = useState(false);
  const texts = useMemo(() => (touched ? thresholdTextsWithPolicy(lang, { threshold_grid: GRID, cost_false_positive: cfp, cost_false_negative: cfn }) : null), [touched, cfp, cfn, lang]);
  const run = useWidgetRun('threshold', lang, initial as Result, texts);
  const r = run.result;
  const box = useChartBox(PHONE_FALLBACK, 720, 240);
  const width = box.width;
  const f = (v: number | null, d = 3) => formatFigure(v, lang, d);

  // The engine's scan rows of neighbouring grid values: the single-threshold staircase.
  const steps: Step[] = [];
  for (let i = 0; i + 1 < GRID.length; i++) {
    const row = r.scan.find((p) => p.low === GRID[i] && p.high === GRID[i + 1]);
    if (row) steps.push({ lo: GRID[i], hi: GRID[i + 1], fp: row.counts.fp, fn: row.counts.fn, cost: row.metrics.cost });
  }
  const usedFp = r.policy.cost_false_positive;
  const usedFn = r.policy.cost_false_negative;
  const tstar = usedFp + usedFn > 0 ? usedFp / (usedFp + usedFn) : null;
  const best = steps.length ? Math.min(...steps.map((s) => s.cost)) : null;
  const bestSteps = steps.filter((s) => s.cost === best);
  const atStar = tstar === null ? undefined : steps.find((s) => tstar > s.lo && tstar <= s.hi) ?? (tstar === 0 ? steps[0] : undefined);
  const x = scaleLinear().domain([0, 1]).range([M.left, width - M.right]);
  const maxCost = Math.max(1, ...steps.map((s) => s.cost));
  const y = scaleLinear().domain([0, maxCost]).nice(4).range([H - M.bottom, M.top]);
  const path = steps.map((s, i) => `${i === 0 ? 'M' : 'L'}${x(s.lo)},${y(s.cost)}L${x(s.hi)},${y(s.cost)}`).join('');
  const bestLo = bestSteps.length ? Math.min(...bestSteps.map((s) => s.lo)) : null;
  const bestHi = bestSteps.length ? Math.max(...bestSteps.map((s) => s.hi)) : null;

  return (
    <div className="wg" data-testid="widget-threshold-cost">
      {run.runner}
      <div className="wg-controls">
        <div className="wg-field">
          <label htmlFor={`tk-cfp-${lang}`}>{tc.cfp}: <output htmlFor={`tk-cfp-${lang}`} data-testid="tk-cfp-value">{cfp}</output></label>
          <input id={`tk-cfp-${lang}`} type="range" min={1} max={20} step={1} value={cfp} onChange={(e) => { setTouched(true); setCfp(Number(e.currentTarget.value)); }} data-testid="tk-cfp" />
        </div>
        <div className="wg-field">
          <label htmlFor={`tk-cfn-${lang}`}>{tc.cfn}: <output htmlFor={`tk-cfn-${lang}`} data-testid="tk-cfn-value">{cfn}</output></label>
          <input id={`tk-cfn-${lang}`} type="range" min={1} max={40} step={1} value={cfn} onChange={(e) => { setTouched(true); setCfn(Number(e.currentTarget.value)); }} data-testid="tk-cfn" />
        </div>
      </div>
      <p className="wg-status" role="status" aria-live="polite">{run.busy ? t.computing : run.failed ? t.failed : ''}</p>
      <dl className="wg-readout" data-testid="tk-readout">
        <div><dt>{tc.bayes}</dt><dd data-testid="tk-tstar">t* = c_FP/(c_FP + c_FN) = {usedFp}/({usedFp} + {usedFn}) = {f(tstar)}</dd></div>
        <div><dt>{tc.cost_at_tstar}</dt><dd data-testid="tk-cost-tstar">{atStar ? `${usedFp}·${atStar.fp} + ${usedFn}·${atStar.fn} = ${f(atStar.cost)}` : '–'}</dd></div>
        <div><dt>{tc.min_cost}</dt><dd data-testid="tk-best">{best === null || bestLo === null || bestHi === null ? '–' : `${f(best)} (${tc.min_range(f(bestLo, 2), f(bestHi, 2))})`}</dd></div>
      </dl>
      <div className="wg-box">
        <ChartFrame title={tc.title} description={tc.desc(f(tstar), f(best), f(bestLo, 2), f(bestHi, 2))} testId="tk-chart" width={width} height={H} box={box}
          table={{
            summary: t.table,
            columns: [tc.col_range, tc.col_fp, tc.col_fn, tc.col_cost],
            rows: steps.map((s) => ({ key: s.lo, cells: [`(${f(s.lo, 2)}; ${f(s.hi, 2)}]`, s.fp, s.fn, f(s.cost)] , className: s.cost === best ? 'wg-row-best' : undefined })),
          }}>
          {bestSteps.map((s) => <rect key={s.lo} x={x(s.lo)} y={M.top} width={Math.max(2, x(s.hi) - x(s.lo))} height={H - M.bottom - M.top} className="wg-band-best" />)}
          {y.ticks(4).map((tk) => (
            <g key={tk} className="grid">
              <line x1={M.left} x2={width - M.right} y1={y(tk)} y2={y(tk)} />
              <text x={M.left - 6} y={y(tk) + 4} textAnchor="end">{tk}</text>
            </g>
          ))}
          {[0, 0.25, 0.5, 0.75, 1].map((tk) => <text key={tk} x={x(tk)} y={H - M.bottom + 16} textAnchor="middle">{formatFigure(tk, lang, 2)}</text>)}
          <text className="axis-label" x={(M.left + width - M.right) / 2} y={H - 6} textAnchor="middle">{tc.x}</text>
          <text className="axis-label" transform={`translate(12 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">{tc.y}</text>
          <line x1={M.left} x2={width - M.right} y1={H - M.bottom} y2={H - M.bottom} className="wg-axis" />
          <path d={path} className="wg-step" />
          {tstar !== null && (
            <g>
              <line x1={x(tstar)} x2={x(tstar)} y1={M.top - 14} y2={H - M.bottom} className="wg-mark-ci" />
              <text x={x(tstar)} y={M.top - 18} textAnchor="middle" className="wg-mark-label">{tc.tstar}</text>
            </g>
          )}
          {bestLo !== null && bestHi !== null && <text x={(x(bestLo) + x(bestHi)) / 2} y={M.top - 4} textAnchor="middle" className="wg-mark-label wg-best-label">{tc.best}</text>}
        </ChartFrame>
      </div>
    </div>
  );
}
