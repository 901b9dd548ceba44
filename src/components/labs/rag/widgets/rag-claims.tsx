/**
 * Chapter 03 widget: one answer broken into claims, each with the chunks that support it, and its
 * citations, each chunk marked as in the context, only retrieved, or outside what was retrieved;
 * the first layer of the chain that fails is named. A select picks the question; it starts on
 * rag_002 (two evidences, one retrieved; one claim without support). The first figure is the
 * build's scorecard; another question is recomputed by the engine in the worker. Keyboard: the
 * select; the figure has its data table.
 */
import '../rag.css';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import { defaultRagView, type RagView } from '../../../../../labs/rag/view.ts';
import ClaimsView from '../ClaimsView.tsx';
import { PHONE_FALLBACK } from '../../../charts/ChartFrame.tsx';
import { useRagWidget, WidgetCaseSelect } from '../widget_support.tsx';

const START_VIEW: RagView = { ...defaultRagView, trace_case: 'rag_002' };
export const widget: WidgetSpec = { lab: 'rag', start: { view: START_VIEW } };

export default function RagClaims({ lang, initial }: WidgetProps) {
  const { t, tw, lm, w, r } = useRagWidget(lang, initial, START_VIEW);
  const tr = r.trace;
  const caseId = w.view.trace_case ?? r.per_case[0]?.case_id;
  return (
    <div className="rag-widget" data-testid="widget-rag-claims">
      {w.runner}
      <div className="rag-controls">
        <WidgetCaseSelect label={tw.case_label} cases={r.per_case} value={caseId} onChange={(id) => w.setView({ ...w.view, trace_case: id })} />
      </div>
      <p className="widget-status" role="status" aria-live="polite">{w.busy ? tw.computing : w.failed ? tw.failed : ''}</p>
      {tr && (
        <>
          <p className="rag-question">{tr.question}</p>
          <p className={tr.metrics.first_failing_layer ? 'chain-break bad' : 'chain-break ok'} data-testid="widget-chain" data-layer={tr.metrics.first_failing_layer ?? 'none'}>
            <strong>{tr.metrics.first_failing_layer ? t.chain_breaks : t.chain_holds}</strong> {lm.layer_diagnosis[tr.metrics.layer_diagnosis]}
          </p>
          <ClaimsView trace={tr} lang={lang} fallback={PHONE_FALLBACK} />
        </>
      )}
    </div>
  );
}
