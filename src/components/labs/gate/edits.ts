/**
 * The gate lab's one-click edit: flip a case's `must_abstain` in the cases text (JSONL), on the
 * case's line only (src/lib/jsonlEdit.ts). It turns the case's pass/fail rule around (answer with the
 * expected terms, or abstain), so both versions' pass/fail on that case can flip, and a candidate
 * that answers where it should abstain becomes a critical failure. Nothing here computes a metric.
 */
import { findJsonlRecord, setJsonlField } from '../../../lib/jsonlEdit.ts';

/** The cases text with `must_abstain` of `caseId` negated (absent counts as false); null when no line has that case_id. */
export function flipMustAbstain(text: string, caseId: string): string | null {
  const rec = findJsonlRecord(text, 'case_id', caseId);
  if (!rec) return null;
  return setJsonlField(text, 'case_id', caseId, ['must_abstain'], rec.value.must_abstain !== true);
}
