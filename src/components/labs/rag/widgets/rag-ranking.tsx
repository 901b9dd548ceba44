/**
 * Chapter 03 widget: one question's retrieved list with its judged chunks marked and graded, cut at
 * k, beside its P@k, R@k, RR@k and nDCG@k. A slider moves k (1 to 10, past the list's end too, where
 * precision keeps dividing by k); a select picks the question. It starts on rag_003, whose only
 * evidence sits fourth. The first figure is the build's scorecard; each change is recomputed by the
 * lab's engine in the worker (useWidgetLab). Keyboard: the select and the slider; every figure has
 * its data table.
 */
import '../rag.css';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import { defaultRagView, type RagView } from '../../../../../labs/rag/view.ts';
import { ui } from '../i18n/ui.ts';
import { fmt } from '../../shared/format.tsx';
import HBarChart from '../../../charts/HBarChart.tsx';
import { PHONE_FALLBACK } from '../../../charts/ChartFrame.tsx';
import { RankedListFigure } from '../figures.tsx';
import { useRagWidget, WidgetCaseSelect } from '../widget_support.tsx';

const START_VIEW: RagView = { ...defaultRagView, trace_case: 'rag_003' };
export const widget: WidgetSpec = { lab: 'rag', start: { view: START_VIEW } };

export default function RagRanking({ lang, initial }: WidgetProps) {
  const { t, tw, lm, w, r } = useRagWidget(lang, initial, START_VIEW);
  const tr = r.trace;
  const k = w.view.k ?? r.policy_k;
  const setK = (v: number) => w.setView({ ...w.view, k: v === r.policy_k ? null : v });
  const caseId = w.view.trace_case ?? r.per_case[0]?.case_id;
  const m = tr?.metrics;
  const undef = (key: keyof NonNullable<typeof m>['undefined_metrics']) => `${ui(lang).lab.undefined_value} (${lm.undefined_reason[m?.undefined_metrics[key] ?? 'not_answerable']})`;
  return (
    <div className="rag-widget" data-testid="widget-rag-ranking">
      {w.runner}
      <div className="rag-controls">
        <WidgetCaseSelect label={tw.case_label} cases={r.per_case} value={caseId} onChange={(id) => w.setView({ ...w.view, trace_case: id })} />
        <div className="rag-field">
          <label htmlFor={`rag-ranking-k-${lang}`}>{tw.ranking_k}: <output htmlFor={`rag-ranking-k-${lang}`} data-testid="widget-k-value">{k}</output></label>
          <input id={`rag-ranking-k-${lang}`} type="range" min={1} max={10} step={1} value={k} onChange={(e) => setK(Number(e.currentTarget.value))} data-testid="widget-k" />
        </div>
      </div>
      <p className="widget-status" role="status" aria-live="polite">{w.busy ? tw.computing : w.failed ? tw.failed : ''}</p>
      {tr && (
        <>
          <p className="rag-question">{tr.question}</p>
          <div className="chart-box">
            <RankedListFigure lang={lang} trace={tr} context={false} cited={false} width={720} fallback={PHONE_FALLBACK} testId="widget-ranking-list"
              title={tw.ranking_title(tr.case_id, tr.k)} description={t.trace_figure_desc(tr.retrieved.length, tr.metrics.relevant_chunks, tr.k)} />
          </div>
          {tr.answerable ? (
            <div className="chart-box">
              <HBarChart testId="widget-ranking-metrics" title={tw.ranking_metrics(tr.case_id, tr.k)} description={tw.ranking_metrics_desc(tr.case_id, tr.k)} xLabel={tw.value_col} width={640} fallback={PHONE_FALLBACK} max={1}
                bars={[
                  { key: 'p', label: `P@${tr.k}`, value: m!.precision_at_k, undefinedText: undef('precision_at_k') },
                  { key: 'r', label: `R@${tr.k}`, value: m!.recall_at_k, undefinedText: undef('recall_at_k') },
                  { key: 'rr', label: `RR@${tr.k}`, value: m!.reciprocal_rank_at_k, undefinedText: undef('reciprocal_rank_at_k') },
                  { key: 'ndcg', label: `nDCG@${tr.k}`, value: m!.ndcg_at_k, undefinedText: undef('ndcg_at_k') },
                ]}
                tableSummary={ui(lang).lab.chart_table} columns={[tw.metric_col, tw.value_col]} format={(v) => fmt(v, lang, 3)} />
              <p className="help" data-testid="widget-rr-full">{tw.rr_full(m!.reciprocal_rank === null ? undef('reciprocal_rank') : fmt(m!.reciprocal_rank, lang, 3))}</p>
            </div>
          ) : (
            <p className="notice">{tw.not_answerable}</p>
          )}
        </>
      )}
    </div>
  );
}
