/**
 * What chapter 03's RAG widgets (widgets/rag-*.tsx) share: their lab state and strings
 * (useRagWidget) and their case picker (WidgetCaseSelect). Not in widgets/: every file there is a
 * widget (WidgetLoader's glob).
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { RagResult } from '../../../../labs/rag/engine.ts';
import type { RagView } from '../../../../labs/rag/view.ts';
import { ragMsg } from '../../../../labs/rag/i18n/index.ts';
import { ui } from './i18n/ui.ts';
import { useWidgetLab } from '../../widgets/shared/useWidgetLab.tsx';

/**
 * A RAG widget's live lab (useWidgetLab: the server-rendered `initial` result until the learner
 * first acts, then the worker's) from `startView` on the preset `presetId` (the page language's
 * default when omitted), with the page's strings: `t` (the lab's UI), `tw` (the widgets'), `lm`
 * (the engine's messages) and `r`, the result on screen.
 */
export function useRagWidget(lang: Lang, initial: unknown, startView: RagView, presetId?: string) {
  const t = ui(lang).rag;
  const w = useWidgetLab('rag', lang, initial as RagResult, startView, presetId);
  return { t, tw: t.widgets, lm: ragMsg(lang), w, r: w.result };
}

/**
 * The case picker: a select of case ids that sets the case the widget traces. `cases` are the cases
 * offered (all, or only the answerable ones); `value` is the traced case id, undefined before the
 * first result.
 */
export function WidgetCaseSelect({ label, cases, value, onChange }: { label: string; cases: readonly { case_id: string }[]; value: string | undefined; onChange: (caseId: string) => void }) {
  return (
    <label className="rag-field">
      {label}
      <select value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid="widget-case">
        {cases.map((c) => <option key={c.case_id} value={c.case_id}>{c.case_id}</option>)}
      </select>
    </label>
  );
}
