/**
 * Chapter 03 widget: two retrievers' lists for one question (a lexical TREC run and a dense one,
 * the lab's kit_trec preset) fused by reciprocal rank fusion, the fused list in order with each
 * chunk's rank in both inputs and its fused score, cut at k = 5, and the nDCG@5 of the three lists
 * on that question and on average. A slider moves RRF's constant k (0 to 100); a select picks the
 * question. Starts on rag_002, whose two evidences each top one retriever. The first figure is the
 * build's scorecard; each change is recomputed by the engine in the worker. Keyboard: the select and
 * the slider; every figure has its data table.
 */
import '../rag.css';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import type { ScoredSource } from '../../../../../labs/rag/engine.ts';
import { defaultRagView, type RagView } from '../../../../../labs/rag/view.ts';
import { ui } from '../i18n/ui.ts';
import { fmt } from '../../shared/format.tsx';
import HBarChart from '../../../charts/HBarChart.tsx';
import { PHONE_FALLBACK } from '../../../charts/ChartFrame.tsx';
import { FusionFigure } from '../figures.tsx';
import { useRagWidget, WidgetCaseSelect } from '../widget_support.tsx';

const PRESET = 'kit_trec';
const START_VIEW: RagView = { ...defaultRagView, k: 5, fusion: { method: 'rrf', k: 60, a: 'run', b: 'run_b' }, compare: { a: 'run', b: 'fused' }, trace_case: 'rag_002' };
export const widget: WidgetSpec = { lab: 'rag', start: { preset: PRESET, view: START_VIEW } };

export default function RagFusion({ lang, initial }: WidgetProps) {
  const { t, tw, lm, w, r } = useRagWidget(lang, initial, START_VIEW, PRESET);
  const k = r.k;
  const caseId = w.view.trace_case ?? r.per_case[0]?.case_id;
  const sources = r.retrieval.sources.filter((s): s is ScoredSource => s.available && s.source !== 'cases');
  const fused = r.trace?.sources.find((s) => s.source === 'fused') ?? null;
  const label = (s: ScoredSource) => (s.source === 'fused' ? t.short_sources.fused : s.label);
  const rrfK = w.view.fusion.k;
  const answerable = r.per_case.filter((c) => c.answerable);
  const mean = (id: string) => fmt(sources.find((s) => s.source === id)?.aggregate.ndcg_at_k, lang, 3);
  return (
    <div className="rag-widget" data-testid="widget-rag-fusion">
      {w.runner}
      <div className="rag-controls">
        <WidgetCaseSelect label={tw.case_label} cases={answerable} value={caseId} onChange={(id) => w.setView({ ...w.view, trace_case: id })} />
        <div className="rag-field">
          <label htmlFor={`rag-fusion-k-${lang}`}>{tw.fusion_k}: <output htmlFor={`rag-fusion-k-${lang}`} data-testid="widget-rrf-k-value">{fmt(rrfK, lang, 2)}</output></label>
          <input id={`rag-fusion-k-${lang}`} type="range" min={0} max={100} step={1} value={Math.min(100, rrfK)} onChange={(e) => w.setView({ ...w.view, fusion: { ...w.view.fusion, k: Number(e.currentTarget.value) } })} data-testid="widget-rrf-k" />
        </div>
      </div>
      <p className="widget-status" role="status" aria-live="polite">{w.busy ? tw.computing : w.failed ? tw.failed : ''}</p>
      {r.trace && fused && (
        <>
          <p className="rag-question">{r.trace.question}</p>
          <div className="chart-box">
            <FusionFigure lang={lang} fused={fused} k={k} width={720} fallback={PHONE_FALLBACK} testId="widget-fusion-list" scoreLabel="RRF"
              title={tw.fusion_title(r.trace.case_id, fmt(r.retrieval.fusion.k, lang, 2))} description={t.fusion_figure_desc(sources[0]?.label ?? 'A', sources[1]?.label ?? 'B', k)}
              caption={<p className="legend-text">{t.fusion_legend(sources[0]?.label ?? 'A', sources[1]?.label ?? 'B')}</p>} />
          </div>
          <div className="chart-box">
            <HBarChart testId="widget-fusion-metrics" title={tw.fusion_metrics(r.trace.case_id, k)} description={tw.fusion_metrics_desc(r.trace.case_id, k)} xLabel={`nDCG@${k}`} width={640} fallback={PHONE_FALLBACK} max={1}
              bars={sources.map((s) => {
                const row = s.per_case.find((c) => c.case_id === r.trace!.case_id);
                return { key: s.source, label: label(s), value: row?.ndcg_at_k ?? null, undefinedText: `${ui(lang).lab.undefined_value} (${lm.undefined_reason[row?.undefined_metrics.ndcg_at_k ?? 'not_answerable']})`, color: s.source === 'fused' ? '#1f6b3a' : '#1d4e89' };
              })}
              tableSummary={ui(lang).lab.chart_table} columns={[tw.source_col, `nDCG@${k}`]} format={(v) => fmt(v, lang, 3)} />
            <p className="help" data-testid="widget-fusion-mean">{tw.fusion_mean(k, mean('run'), mean('run_b'), mean('fused'))}</p>
          </div>
        </>
      )}
    </div>
  );
}
