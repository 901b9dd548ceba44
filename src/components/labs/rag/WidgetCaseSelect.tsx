/**
 * The case picker of chapter 03's RAG widgets (widgets/rag-*.tsx): a select of case ids that sets
 * the case the widget traces. `cases` are the cases offered (all, or only the answerable ones);
 * `value` is the traced case id, undefined before the first result.
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
