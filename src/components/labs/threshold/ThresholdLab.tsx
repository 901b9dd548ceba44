/**
 * The threshold lab island (chapter 02). The learner edits the cases (JSONL) and the policy (JSON)
 * and moves the two thresholds; the worker validates and computes (labs/threshold), this component
 * only renders: verdict, confusion matrix, metrics, scan table, cost by pair, ROC and PR curves,
 * slices and the per-case decisions.
 */
import { useCallback, useContext, useMemo } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { ThresholdResult, PolicyEvaluation } from '../../../../labs/threshold/lab.ts';
import { ui } from './i18n/ui.ts';
import { thresholdMeta } from '../../../../labs/threshold/meta.ts';
import { thresholdMsg } from '../../../../labs/threshold/i18n/index.ts';
import { coreMsg, lookupText } from '../../../../labs/core/contract/i18n/index.ts';
import { Checklist } from '../shared/Checklist.tsx';
import { useLabRunner } from '../shared/useLabRunner.ts';
import { LabShell, type LabInputDef } from '../shared/LabShell.tsx';
import { fmt, NumberLang, UndefinedValue } from '../shared/format.tsx';
import ScrollBox from '../../common/ScrollBox.tsx';
import LineChart from '../../charts/LineChart.tsx';
import BarChart from '../../charts/BarChart.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { VerdictPanel, ReasonList } from '../shared/Verdict.tsx';
import type { LabSummaryDef } from '../shared/Summary.tsx';
import { useLabState } from '../shared/useLabState.ts';
import type { LabIslandProps } from '../shared/embed.ts';

interface View { low?: number; high?: number }

const METRIC_ORDER = [
  'cost', 'operational_recall', 'review_rate', 'automation_rate', 'precision_auto_urgent', 'recall_auto_urgent',
  'specificity_auto_normal', 'f1_auto_urgent', 'f_beta_auto', 'accuracy_auto', 'balanced_accuracy_auto', 'positives', 'negatives',
] as const;

export default function ThresholdLab({ lang, preset, embed }: LabIslandProps) {
  const t = ui(lang);
  const tt = t.threshold;
  const lm = thresholdMsg(lang);
  const lab = useLabState(thresholdMeta, preset, embed);
  const view = lab.view as View;
  const run = useLabRunner('threshold', lab.texts, lang, view, lab);
  const result = run.result;

  // With no pair in the view (fresh preset, reset), the engine selects the recommended or least-bad
  // pair; the sliders show the selected pair.
  const anchor = result?.recommended_policy ?? result?.least_bad_policy ?? null;
  const sel = result?.selected_policy ?? null;
  const shown = useMemo(
    () => (view.low !== undefined && view.high !== undefined ? { low: view.low, high: view.high } : sel ? { low: sel.threshold_low, high: sel.threshold_high } : null),
    [view.low, view.high, sel],
  );
  const setLow = useCallback((low: number) => {
    const high = Math.max(low, shown?.high ?? low);
    lab.setView({ low, high });
  }, [lab, shown]);
  const setHigh = useCallback((high: number) => {
    const low = Math.min(high, shown?.low ?? high);
    lab.setView({ low, high });
  }, [lab, shown]);

  const inputs: LabInputDef[] = [
    { name: 'cases', label: tt.input_cases },
    { name: 'policy', label: tt.input_policy },
  ];

  // The operating point sits above the editors, beside the summary: moving a slider moves the summary.
  const controls = result && (
    <LabPanel id="thr-op" title={tt.operating_point}>
      <p className="help">{tt.operating_help}</p>
      <div className="sliders">
        <Slider id="thr-low" label={tt.low} value={shown?.low ?? 0} onChange={setLow} testId="slider-low" />
        <Slider id="thr-high" label={tt.high} value={shown?.high ?? 1} onChange={setHigh} testId="slider-high" />
        {anchor && (
          <button type="button" onClick={() => lab.setView({ low: anchor.threshold_low, high: anchor.threshold_high })}>
            {tt.use_recommended}
          </button>
        )}
      </div>
      {sel && (
        <p className={sel.passes_constraints ? 'badge ok' : 'badge bad'} data-testid="selected-constraints">
          {sel.passes_constraints ? tt.constraints_ok : tt.constraints_fail}
          {!sel.passes_constraints && sel.failed_constraints && sel.failed_constraints.length > 0 && (
            <>: {sel.failed_constraints.map((c) => lm.reasons[c]).join('; ')}</>
          )}
        </p>
      )}
    </LabPanel>
  );
  const m = sel?.metrics as Record<string, number | null> | undefined;
  const checkStatus = (id: string) => {
    const c = result?.checks.find((x) => x.id === id);
    return c ? (c.status === 'pass' ? 'ok' as const : 'bad' as const) : undefined;
  };
  const summary: LabSummaryDef | null = result && {
    verdict: <Verdict result={result} lang={lang} />,
    numbers: m ? [
      { key: 'cost', label: tt.metric_names.cost, value: m.cost ?? null },
      { key: 'operational_recall', label: tt.metric_names.operational_recall, value: m.operational_recall ?? null, status: checkStatus('operational_recall') },
      { key: 'review_rate', label: tt.metric_names.review_rate, value: m.review_rate ?? null, status: checkStatus('review_rate') },
      { key: 'precision_auto_urgent', label: tt.metric_names.precision_auto_urgent, value: m.precision_auto_urgent ?? null },
      { key: 'automation_rate', label: tt.metric_names.automation_rate, value: m.automation_rate ?? null },
    ] : [],
    chart: sel ? <ConfusionMatrix sel={sel} lang={lang} /> : undefined,
  };

  return (
    <LabShell presets meta={thresholdMeta} lang={lang} inputs={inputs} state={lab} run={run} embed={embed} summary={summary} controls={controls}>
      {result && (
        <div className="lab-results" aria-live="off">
          <Checklist id="thr-checks" checks={result.checks} lang={lang} label={(c) => tt.metric_names[c.id]} caption={tt.checklist_caption} />
          {sel && <MetricsTable sel={sel} lang={lang} />}
          <Curves result={result} lang={lang} />
          <ScanTable result={result} lang={lang} view={shown ?? undefined} onPick={(low, high) => lab.setView({ low, high })} />
          {sel && <SliceTable sel={sel} lang={lang} />}
          {sel && <CasesTable sel={sel} lang={lang} />}
        </div>
      )}
    </LabShell>
  );
}

function Slider({ id, label, value, onChange, testId }: { id: string; label: string; value: number; onChange: (v: number) => void; testId: string }) {
  const lang = useContext(NumberLang);
  const fixed2 = (v: number) => new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(v);
  return (
    <div className="slider">
      <label htmlFor={id}>{label}: <output htmlFor={id} data-testid={`${testId}-value`}>{fixed2(value)}</output></label>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={value}
        data-testid={testId}
        onChange={(e) => onChange(Math.round(Number(e.currentTarget.value) * 100) / 100)}
      />
    </div>
  );
}

function Verdict({ result, lang }: { result: ThresholdResult; lang: Lang }) {
  const t = ui(lang);
  const lm = thresholdMsg(lang);
  const d = result.decision;
  const rec = result.recommended_policy;
  const bad = result.least_bad_policy;
  return (
    <VerdictPanel id="thr-verdict" verdict={d.verdict} lang={lang} summary={lm.verdict}>
      {rec && <p>{t.threshold.recommended(fmt(rec.threshold_low, lang, 2), fmt(rec.threshold_high, lang, 2))}</p>}
      {!rec && bad && <p>{t.threshold.least_bad(fmt(bad.threshold_low, lang, 2), fmt(bad.threshold_high, lang, 2))}</p>}
      {d.reasons.length > 0 && <ReasonList reasons={d.reasons} messages={lm.reasons} lang={lang} />}
    </VerdictPanel>
  );
}

function ConfusionMatrix({ sel, lang }: { sel: PolicyEvaluation; lang: Lang }) {
  const tt = ui(lang).threshold;
  const c = sel.counts;
  return (
    <LabPanel id="thr-cm" title={tt.confusion}>
      <ScrollBox label={tt.confusion}>
      <table className="confusion" data-testid="confusion">
        <thead>
          <tr><td /><th scope="col">{tt.pred_pos}</th><th scope="col">{tt.pred_neg}</th><th scope="col">{tt.review}</th></tr>
        </thead>
        <tbody>
          <tr><th scope="row">{tt.actual_pos}</th><td data-testid="cm-tp">TP {c.tp}</td><td data-testid="cm-fn">FN {c.fn}</td><td data-testid="cm-rp">{c.review_positive}</td></tr>
          <tr><th scope="row">{tt.actual_neg}</th><td data-testid="cm-fp">FP {c.fp}</td><td data-testid="cm-tn">TN {c.tn}</td><td data-testid="cm-rn">{c.review_negative}</td></tr>
        </tbody>
      </table>
      </ScrollBox>
    </LabPanel>
  );
}

function MetricsTable({ sel, lang }: { sel: PolicyEvaluation; lang: Lang }) {
  const tt = ui(lang).threshold;
  return (
    <LabPanel id="thr-metrics" title={tt.metrics}>
      <table className="metrics" data-testid="metrics">
        <thead><tr><th scope="col">{tt.metric}</th><th scope="col">{tt.value}</th></tr></thead>
        <tbody>
          {METRIC_ORDER.map((k) => {
            const v = (sel.metrics as Record<string, number | null>)[k];
            const reason = sel.undefined_metrics?.[k];
            return (
              <tr key={k} data-metric={k}>
                <th scope="row">{tt.metric_names[k]}</th>
                <td>{v === null || v === undefined ? <UndefinedValue reason={reason} lang={lang} /> : fmt(v, lang, 4)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </LabPanel>
  );
}

function Curves({ result, lang }: { result: ThresholdResult; lang: Lang }) {
  const t = ui(lang);
  const tt = t.threshold;
  const sel = result.selected_policy;
  const roc = result.roc;
  const pr = result.pr;
  const markers = useMemo(() => {
    if (!sel) return { roc: [], pr: [] };
    const { high, low } = sel.operating_points;
    const mk = (label: string, x: number | null, y: number | null, color: string) => (x === null || y === null ? [] : [{ label, x, y, color }]);
    const hiLabel = `${tt.point_high} ${fmt(high.threshold, lang, 2)}`;
    const loLabel = `${tt.point_low} ${fmt(low.threshold, lang, 2)}`;
    return {
      roc: [...mk(hiLabel, high.fpr, high.tpr, '#b35900'), ...mk(loLabel, low.fpr, low.tpr, '#6a3d9a')],
      pr: [...mk(hiLabel, high.tpr, high.precision, '#b35900'), ...mk(loLabel, low.tpr, low.precision, '#6a3d9a')],
    };
  }, [sel, tt, lang]);
  const undef = (r: string | null | undefined) => (r ? `${t.lab.undefined_value} (${lookupText(r, coreMsg(lang).undefined_reason) ?? r})` : t.lab.undefined_value);
  return (
    <div className="lab-grid">
      {roc.fpr ? (
        <LineChart
          testId="roc-chart"
          title={tt.roc}
          description={tt.roc_desc(fmt(roc.auc, lang, 4))}
          xLabel={tt.fpr}
          yLabel={tt.tpr}
          series={[{ name: 'roc', x: roc.fpr, y: roc.tpr, color: '#1d4e89' }, { name: 'chance', x: [0, 1], y: [0, 1], color: '#8a94a3', dashed: true }]}
          markers={markers.roc}
          tableSummary={t.lab.chart_table}
          extra={{ label: tt.threshold, values: roc.thresholds }}
        />
      ) : (
        <p className="notice">{tt.roc}: {undef(roc.reason)}</p>
      )}
      {pr.precision ? (
        <LineChart
          testId="pr-chart"
          title={tt.pr}
          description={tt.pr_desc(fmt(pr.average_precision, lang, 4))}
          xLabel={tt.recall}
          yLabel={tt.precision}
          series={[{ name: 'pr', x: pr.recall, y: pr.precision, color: '#1d4e89', curve: 'step' }]}
          markers={markers.pr}
          tableSummary={t.lab.chart_table}
          extra={{ label: tt.threshold, values: [...pr.thresholds, null] }}
        />
      ) : (
        <p className="notice">{tt.pr}: {undef(pr.reason)}</p>
      )}
    </div>
  );
}

/** Pairs listed in the scan table and chart; beyond this, the cheapest ones. */
const MAX_SCAN_ROWS = 60;

function ScanTable({ result, lang, view, onPick }: { result: ThresholdResult; lang: Lang; view?: { low: number; high: number }; onPick: (low: number, high: number) => void }) {
  const t = ui(lang);
  const tt = t.threshold;
  const rec = result.recommended_policy ?? result.least_bad_policy;
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  // A fine grid has thousands of pairs: show the cheapest ones (all of them are in scorecard.json).
  const shown = result.scan.length <= MAX_SCAN_ROWS
    ? result.scan
    : [...result.scan].sort((a, b) => a.metrics.cost - b.metrics.cost).slice(0, MAX_SCAN_ROWS);
  const bars = shown.map((p) => ({
    key: `${p.low}-${p.high}`,
    label: `${fmt(p.low, lang, 2)}–${fmt(p.high, lang, 2)}`,
    value: p.metrics.cost ?? 0,
    muted: !p.passes_constraints,
    highlight: !!view && same(view.low, p.low) && same(view.high, p.high),
  }));
  return (
    <LabPanel id="thr-scan" title={tt.scan}>
      <BarChart
        testId="cost-chart"
        title={tt.cost_chart}
        description={tt.cost_chart_desc}
        yLabel={tt.metric_names.cost}
        bars={bars}
        tableSummary={t.lab.chart_table}
        columns={[`${tt.low}–${tt.high}`, tt.metric_names.cost]}
      />
      <DataTable
        label={tt.scan}
        className="scan"
        testId="scan-table"
        caption={<>{tt.scan_caption(result.evaluated_policies, result.feasible_policies)}{shown.length < result.scan.length && <> {tt.scan_cheapest(shown.length)}</>}</>}
        columns={[tt.low, tt.high, tt.metric_names.cost, tt.metric_names.operational_recall, tt.metric_names.review_rate, tt.metric_names.precision_auto_urgent, tt.feasible]}>
        {shown.map((p) => {
          const selected = !!view && same(view.low, p.low) && same(view.high, p.high);
          const isRec = !!rec && same(rec.threshold_low, p.low) && same(rec.threshold_high, p.high);
          return (
            <tr key={`${p.low}-${p.high}`} className={`${p.passes_constraints ? 'feasible' : 'infeasible'}${selected ? ' selected' : ''}${isRec ? ' recommended' : ''}`} aria-current={selected ? 'true' : undefined}>
              <td>
                <button type="button" className="linklike" onClick={() => onPick(p.low, p.high)} aria-label={tt.select_pair(fmt(p.low, lang, 2), fmt(p.high, lang, 2))}>
                  {fmt(p.low, lang, 2)}
                </button>
              </td>
              <td>{fmt(p.high, lang, 2)}</td>
              <td>{fmt(p.metrics.cost, lang, 2)}{isRec ? ' ★' : ''}</td>
              <td>{p.metrics.operational_recall === null ? <UndefinedValue reason={p.undefined_metrics?.operational_recall} lang={lang} /> : fmt(p.metrics.operational_recall, lang, 4)}</td>
              <td>{fmt(p.metrics.review_rate, lang, 4)}</td>
              <td>{p.metrics.precision_auto_urgent === null ? <UndefinedValue reason={p.undefined_metrics?.precision_auto_urgent} lang={lang} /> : fmt(p.metrics.precision_auto_urgent, lang, 4)}</td>
              <td>{p.passes_constraints ? tt.yes : tt.no}</td>
            </tr>
          );
        })}
      </DataTable>
    </LabPanel>
  );
}

function SliceTable({ sel, lang }: { sel: PolicyEvaluation; lang: Lang }) {
  const tt = ui(lang).threshold;
  const entries = Object.entries(sel.slice_counts);
  return (
    <LabPanel id="thr-slices" title={tt.slices}>
      <DataTable label={tt.slices} testId="slice-table"
        columns={[tt.slice, 'TP', 'FP', 'FN', 'TN', tt.review, tt.total]}>
        {entries.map(([name, c]) => (
          <tr key={name}><th scope="row">{name}</th><td>{c.tp}</td><td>{c.fp}</td><td>{c.fn}</td><td>{c.tn}</td><td>{c.review}</td><td>{c.total}</td></tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}

const MAX_ROWS = 300;

function CasesTable({ sel, lang }: { sel: PolicyEvaluation; lang: Lang }) {
  const tt = ui(lang).threshold;
  const rows = sel.decisions.slice(0, MAX_ROWS);
  return (
    <LabPanel id="thr-cases" title={tt.cases}>
      {sel.decisions.length > MAX_ROWS && <p>{tt.cases_more(MAX_ROWS, sel.decisions.length)}</p>}
      <DataTable label={tt.cases} tall testId="cases-table"
        columns={[tt.case_id, tt.score, tt.label, tt.slice, tt.action]}>
        {rows.map((d) => (
          <tr key={d.case_id} className={`action-${d.action === 'review' ? 'review' : 'auto'}`}>
            <th scope="row">{d.case_id}</th><td>{fmt(d.score, lang, 2)}</td><td>{d.label}</td><td>{d.slice}</td><td>{d.action === 'review' ? tt.review : d.action}</td>
          </tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}
