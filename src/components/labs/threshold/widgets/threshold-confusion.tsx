/**
 * Widget "threshold-confusion" (chapter 02): one threshold t over the twelve tickets, beside the
 * confusion matrix it produces. A slider moves t from 0 to 1 in steps of 0.01; the lab's view is
 * the pair (t, t), which the threshold engine reads as the single classifier "score >= t is
 * urgent" (no review zone), so every count and metric shown (TP, FP, FN, TN, precision, recall,
 * specificity, FPR, accuracy, F1, cost) is the engine's, recomputed in the worker. The strip shows
 * each ticket at its score, urgent ones on the top row; the data table lists every ticket with its
 * decision. It starts at t = 0.5, the habitual cut.
 */
import { useMemo, useState } from 'react';
import { scaleLinear } from 'd3-scale';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import type { ResultOf, ViewOf } from '../../../../../labs/manifest.ts';
import ChartFrame, { PHONE_FALLBACK, useChartBox } from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { thresholdWidgetsUi } from '../i18n/widgets.ts';
import { useWidgetRun } from '../../../widgets/support/LiveLab.tsx';
import { THRESHOLD_TEXTS, thresholdStart } from './thresholdPreset.ts';
import '../../../../styles/widgets-gate-threshold.css';

type Result = ResultOf<'threshold'>;
const START_T = 0.5;

export const widget: WidgetSpec = { lab: 'threshold', start: thresholdStart(undefined, { low: START_T, high: START_T }) };

const H = 122;
const M = { left: 70, right: 14 };

export default function ThresholdConfusion({ lang, initial }: WidgetProps) {
  const t = thresholdWidgetsUi[lang];
  const tc = t.confusion;
  const [th, setTh] = useState(START_T);
  const [touched, setTouched] = useState(false);
  const view = useMemo(() => ({ low: th, high: th }) as ViewOf<'threshold'>, [th]);
  const run = useWidgetRun('threshold', lang, initial as Result, touched ? (THRESHOLD_TEXTS[lang] as Record<string, string>) : null, view);
  const r = run.result;
  const sp = r.selected_policy;
  const c = sp.counts;
  const m = sp.metrics;
  const shown = sp.threshold_high;
  const box = useChartBox(PHONE_FALLBACK, 720, 240);
  const width = box.width;
  const f = (v: number | null, d = 3) => formatFigure(v, lang, d);
  const x = scaleLinear().domain([0, 1]).range([M.left, width - M.right]);
  const rowY = { 1: 34, 0: 72 } as const;
  const tx = f(shown, 2);

  return (
    <div className="wg" data-testid="widget-threshold-confusion">
      {run.runner}
      <div className="wg-controls">
        <div className="wg-field wg-field-wide">
          <label htmlFor={`tc-t-${lang}`}>{tc.threshold}: <output htmlFor={`tc-t-${lang}`} data-testid="tc-t-value">{f(th, 2)}</output></label>
          <input id={`tc-t-${lang}`} type="range" min={0} max={1} step={0.01} value={th} aria-valuetext={f(th, 2)}
            onChange={(e) => { setTouched(true); setTh(Math.round(Number(e.currentTarget.value) * 100) / 100); }} data-testid="tc-t" />
        </div>
      </div>
      <p className="wg-status" role="status" aria-live="polite">{run.busy ? t.computing : run.failed ? t.failed : ''}</p>
      <div className="wg-box">
        <ChartFrame title={tc.strip_title(tx)} description={tc.strip_desc(tx, c.tp, c.fp)} testId="tc-strip" width={width} height={H} box={box}
          table={{
            summary: t.table,
            columns: [tc.col_case, tc.col_score, tc.col_label, tc.col_action],
            rowHeaders: true,
            rows: sp.decisions.map((d) => ({ key: d.case_id, cells: [d.case_id, f(d.score, 2), d.label === 1 ? tc.label_pos : tc.label_neg, d.action] })),
          }}>
          <rect x={x(shown)} y={14} width={Math.max(0, x(1) - x(shown))} height={80} className="wg-band" />
          <text x={width - M.right} y={9} className="wg-mark-label" textAnchor="end">{tc.marked}</text>
          <text x={4} y={rowY[1] + 4} className="wg-head">{tc.row_pos}</text>
          <text x={4} y={rowY[0] + 4} className="wg-head">{tc.row_neg}</text>
          {[0, 0.25, 0.5, 0.75, 1].map((tk) => (
            <g key={tk} className="grid">
              <line x1={x(tk)} x2={x(tk)} y1={16} y2={92} />
              <text x={x(tk)} y={108} textAnchor="middle">{formatFigure(tk, lang, 2)}</text>
            </g>
          ))}
          {sp.decisions.map((d) => (
            <circle key={d.case_id} cx={x(d.score)} cy={rowY[d.label]} r={6} className={`${d.label === 1 ? 'wg-dot-pos' : 'wg-dot-neg'}${d.action === r.policy.positive_label ? ' wg-dot-on' : ''}`}>
              <title>{`${d.case_id}: ${f(d.score, 2)}`}</title>
            </circle>
          ))}
          <line x1={x(shown)} x2={x(shown)} y1={12} y2={94} className="wg-mark-obs" />
        </ChartFrame>
      </div>
      <div className="wg-pair">
        <table className="wg-matrix" data-testid="tc-matrix">
          <caption>{tc.matrix}</caption>
          <thead>
            <tr><td></td><th scope="col">{tc.pred_pos}</th><th scope="col">{tc.pred_neg}</th></tr>
          </thead>
          <tbody>
            <tr><th scope="row">{tc.actual_pos}</th><td className="wg-ok" data-testid="tc-tp">TP {c.tp}</td><td className="wg-bad" data-testid="tc-fn">FN {c.fn}</td></tr>
            <tr><th scope="row">{tc.actual_neg}</th><td className="wg-bad" data-testid="tc-fp">FP {c.fp}</td><td className="wg-ok" data-testid="tc-tn">TN {c.tn}</td></tr>
          </tbody>
        </table>
        <dl className="wg-readout wg-readout-stack" data-testid="tc-metrics">
          <div><dt>{tc.precision}</dt><dd data-testid="tc-precision">TP/(TP+FP) = {c.tp}/({c.tp}+{c.fp}) = {f(m.precision_auto_urgent)}</dd></div>
          <div><dt>{tc.recall}</dt><dd data-testid="tc-recall">TP/(TP+FN) = {c.tp}/({c.tp}+{c.fn}) = {f(m.recall_auto_urgent)}</dd></div>
          <div><dt>{tc.specificity}</dt><dd>TN/(TN+FP) = {c.tn}/({c.tn}+{c.fp}) = {f(m.specificity_auto_normal)}</dd></div>
          <div><dt>{tc.fpr}</dt><dd>FP/(FP+TN) = {c.fp}/({c.fp}+{c.tn}) = {f(sp.operating_points.high.fpr)}</dd></div>
          <div><dt>{tc.accuracy}</dt><dd>(TP+TN)/N = ({c.tp}+{c.tn})/{r.cases} = {f(m.accuracy_auto)}</dd></div>
          <div><dt>{tc.f1}</dt><dd>{f(m.f1_auto_urgent)}</dd></div>
          <div><dt>{tc.cost}</dt><dd data-testid="tc-cost">{r.policy.cost_false_positive}·{c.fp} + {r.policy.cost_false_negative}·{c.fn} = {f(m.cost)}</dd></div>
        </dl>
      </div>
    </div>
  );
}
