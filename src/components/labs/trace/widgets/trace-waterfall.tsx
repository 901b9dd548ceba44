/**
 * Widget "trace-waterfall" (chapter 04): S_run of a run of the citation agent as a waterfall of its
 * weighted terms and penalties, beside the policy's minimum. The reader picks the run (the
 * build-time scorecard, `initial`, already grades every run) and moves the weights w_y, w_t, w_p,
 * w_o, λ and μ: the policy text is edited with jsonc-parser's `modify` and the trace engine
 * recomputes in the worker (the chapter's preset texts are loaded on the first move). The run's
 * result comes from its blocking rules, so a run can score above the minimum and still fail; the
 * widget says which. The chart lays out for its container's width and has a data table.
 */
import { useCallback, useState } from 'react';
import { applyEdits, modify } from 'jsonc-parser';
import type { WidgetProps } from '../../../content/WidgetLoader.tsx';
import type { ResultOf } from '../../../../../labs/manifest.ts';
import WaterfallChart, { type WaterfallStep } from '../../../charts/WaterfallChart.tsx';
import { PHONE_FALLBACK } from '../../../charts/ChartFrame.tsx';
import { ui } from '../i18n/ui.ts';
import { traceMsg } from '../../../../../labs/trace/i18n/index.ts';
import { lookupText } from '../../../../../labs/core/contract/i18n/index.ts';
import { loadPresetTexts } from '../../../../lib/presets.ts';
import LiveRun, { num, type LiveState } from '../../../widgets/shared/LiveRun.tsx';

type Result = ResultOf<'trace'>;
type Weights = { w_y: number; w_t: number; w_p: number; w_o: number; lambda: number; mu: number };
const KEYS: { key: keyof Weights; path: string[]; symbol: string }[] = [
  { key: 'w_y', path: ['weights', 'w_y'], symbol: 'w_y' },
  { key: 'w_t', path: ['weights', 'w_t'], symbol: 'w_t' },
  { key: 'w_p', path: ['weights', 'w_p'], symbol: 'w_p' },
  { key: 'w_o', path: ['weights', 'w_o'], symbol: 'w_o' },
  { key: 'lambda', path: ['lambda'], symbol: 'λ' },
  { key: 'mu', path: ['mu'], symbol: 'μ' },
];

export const widget = { lab: 'trace' };

export default function TraceWaterfall({ lang, initial }: WidgetProps) {
  const tw = ui(lang).trace.widget;
  const tt = ui(lang).trace;
  const lm = traceMsg(lang);
  const start = initial as Result | null;
  const startWeights: Weights | null = start ? { w_y: start.weights.w_y, w_t: start.weights.w_t, w_p: start.weights.w_p, w_o: start.weights.w_o, lambda: start.weights.lambda, mu: start.weights.mu } : null;
  const [runId, setRunId] = useState<string | null>(null);
  const [weights, setWeights] = useState<Weights | null>(null);
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  const [live, setLive] = useState<LiveState<Result> | null>(null);
  const onState = useCallback((s: LiveState<Result>) => setLive(s), []);
  if (!start || !startWeights) return null;
  const result = (weights !== null && live?.result ? live.result : start) as Result;
  const shown = result.runs.find((r) => r.run_id === (runId ?? result.runs[0].run_id)) ?? result.runs[0];
  const w = weights ?? startWeights;

  const setWeight = (key: keyof Weights, value: number) => {
    const next = { ...w, [key]: value };
    setWeights(next);
    const apply = (base: Record<string, string>) => {
      let policy = base.policy;
      for (const k of KEYS) policy = applyEdits(policy, modify(policy, k.path, next[k.key], {}));
      setTexts({ ...base, policy });
    };
    if (texts) apply(texts);
    else loadPresetTexts('trace', lang).then(apply, () => undefined);
  };
  const reset = () => {
    setWeights(null);
    setTexts(null);
    setLive(null);
  };

  const reasonOf: Record<string, string | undefined> = { answer: shown.undefined_metrics.S_y, tools: shown.undefined_metrics.S_t, process: shown.undefined_metrics.S_p, outcome: shown.undefined_metrics.S_o };
  const undef = (code: string | undefined) => `${ui(lang).lab.undefined_value}${code ? ` (${lookupText(code, lm.undefined_reason) ?? code})` : ''}`;
  const steps: WaterfallStep[] = shown.term_details.map((d) => ({
    key: d.term,
    label: lm.terms[d.term],
    value: d.contribution,
    undefinedText: undef(reasonOf[d.term] ?? 'depends_on_undefined'),
    detail: `${num(d.weight, lang, 3)} × ${d.score === null ? '–' : num(d.score, lang, 3)}`,
    flagged: d.term === 'process' && shown.checks.some((c) => (c.id === 'missing_approvals' || c.id === 'forbidden_tool_calls') && c.status !== 'pass'),
  }));
  const sCheck = shown.checks.find((c) => c.id === 's_run');
  const fmt3 = (v: number) => num(v, lang, 3);
  return (
    <div className="ev-widget widget-trace" data-testid="widget-trace-waterfall" data-run={shown.run_id} data-s-run={shown.s_run ?? ''}>
      <div className="widget-controls">
        <label>
          {tw.run}{' '}
          <select value={shown.run_id} onChange={(e) => setRunId(e.currentTarget.value)} data-testid="wtw-run">
            {result.runs.map((r) => <option key={r.run_id} value={r.run_id}>{r.run_id}</option>)}
          </select>
        </label>
      </div>
      <div>
        <WaterfallChart
          testId="wtw-chart"
          width={720}
          fallback={PHONE_FALLBACK}
          title={tw.title(shown.run_id)}
          description={tt.waterfall_desc(fmt3(result.min_s_run))}
          xLabel={tt.waterfall_axis}
          steps={steps}
          total={{ label: tt.total_label, value: shown.s_run, undefinedText: undef(shown.undefined_metrics.s_run), passed: sCheck ? sCheck.status === 'pass' : undefined }}
          threshold={{ value: result.min_s_run, label: tt.min_label(num(result.min_s_run, lang, 2)) }}
          tableSummary={ui(lang).lab.chart_table}
          columns={[lm.report.term, tt.weight_times_score, lm.report.contribution, tt.running_total]}
          format={fmt3}
        />
      </div>
      <p data-testid="wtw-verdict" data-verdict={shown.decision.verdict}>
        <strong>{tw.verdict(shown.decision.verdict === 'pass' ? `✓ ${lm.run_verdict.pass}` : `✗ ${lm.run_verdict.fail}`)}</strong>
        {shown.decision.reasons.length > 0 && <> — {shown.decision.reasons.map((c) => lm.reasons[c]).join('; ')}</>}
      </p>
      <fieldset className="widget-controls widget-weights">
        <legend>{tw.weights}</legend>
        {KEYS.map((k) => (
          <label key={k.key} className="widget-slider">
            {tw.weight_label(k.symbol)}: {num(w[k.key], lang, 2)}
            <input type="range" min={0} max={1} step={0.05} value={w[k.key]} onChange={(e) => setWeight(k.key, Number(e.currentTarget.value))} data-testid={`wtw-${k.key}`} />
          </label>
        ))}
        <button type="button" onClick={reset} disabled={weights === null} data-testid="wtw-reset">{tw.reset}</button>
      </fieldset>
      <p className="widget-status" role="status">{weights !== null && (live === null || live.busy) ? tw.computing : ''}</p>
      {texts && <LiveRun lab="trace" lang={lang} texts={texts} onState={onState} />}
    </div>
  );
}
