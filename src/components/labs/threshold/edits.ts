/**
 * The threshold lab's one-click edit: flip a case's true label (0 <-> 1) in the cases text (JSONL),
 * on the case's line only (src/lib/jsonlEdit.ts), so the rest of the learner's text stays as typed.
 * The engine validates the result like any other input. Nothing here computes a metric.
 */
import { findJsonlRecord, setJsonlField } from '../../../lib/jsonlEdit.ts';

/**
 * The cases text with the label of `caseId` flipped: 1 becomes 0, anything else (0, or a value the
 * engine rejects) becomes 1. Null when no line has that case_id.
 */
export function flipCaseLabel(text: string, caseId: string): string | null {
  const rec = findJsonlRecord(text, 'case_id', caseId);
  if (!rec) return null;
  return setJsonlField(text, 'case_id', caseId, ['label'], rec.value.label === 1 ? 0 : 1);
}
