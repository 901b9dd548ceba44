/**
 * The RAG lab's gate (chapter 03): the policy's constraints as GateChecks, in the kit's order
 * (rag_eval.py, `constraints`), then this lab's optional ones. Each check carries its value and
 * threshold; a value that is undefined fails closed with its own reason code (`*_undefined`), where
 * the kit would compare a 0.0 and fail silently. The verdict is core/contract's verdictOf: 'pass'
 * iff every check passes; reasons deduplicated, in check order.
 *
 *   min_recall_at_k          recall_at_k >=           recall_at_k_below_threshold | recall_at_k_undefined
 *   min_ndcg_at_k            ndcg_at_k >=             ndcg_at_k_below_threshold | ndcg_at_k_undefined
 *   min_groundedness         groundedness >=          groundedness_below_threshold | groundedness_undefined
 *   min_citation_recall      citation_recall >=       citation_recall_below_threshold | citation_recall_undefined
 *   min_no_answer_accuracy   no_answer_accuracy >=    no_answer_accuracy_below_threshold | no_answer_accuracy_undefined
 *   max_critical_failures    critical_failures <=     critical_failures_present
 *   max_avg_context_tokens   avg_context_tokens <=    avg_context_tokens_above_budget
 *   min_precision_at_k, min_hit_at_k, min_mrr_at_k, min_context_precision, min_citation_precision
 *                            (optional, same pattern)
 * Which population each value is read over is the engine's choice (policy.gate_population).
 */
import { gateCheck } from '../core/contract/gate_check.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { RagPolicy } from './schema.ts';
import type { RagReason } from './i18n/index.ts';

/** The gate's constraints: policy key -> check id, comparator, reason codes (kit's seven first, then this lab's optional ones). */
export const GATE = [
  ['min_recall_at_k', 'recall_at_k', '>=', 'recall_at_k_below_threshold', 'recall_at_k_undefined'],
  ['min_ndcg_at_k', 'ndcg_at_k', '>=', 'ndcg_at_k_below_threshold', 'ndcg_at_k_undefined'],
  ['min_groundedness', 'groundedness', '>=', 'groundedness_below_threshold', 'groundedness_undefined'],
  ['min_citation_recall', 'citation_recall', '>=', 'citation_recall_below_threshold', 'citation_recall_undefined'],
  ['min_no_answer_accuracy', 'no_answer_accuracy', '>=', 'no_answer_accuracy_below_threshold', 'no_answer_accuracy_undefined'],
  ['max_critical_failures', 'critical_failures', '<=', 'critical_failures_present', 'critical_failures_present'],
  ['max_avg_context_tokens', 'avg_context_tokens', '<=', 'avg_context_tokens_above_budget', 'avg_context_tokens_undefined'],
  ['min_precision_at_k', 'precision_at_k', '>=', 'precision_at_k_below_threshold', 'precision_at_k_undefined'],
  ['min_hit_at_k', 'hit_at_k', '>=', 'hit_at_k_below_threshold', 'hit_at_k_undefined'],
  ['min_mrr_at_k', 'mrr_at_k', '>=', 'mrr_at_k_below_threshold', 'mrr_at_k_undefined'],
  ['min_context_precision', 'context_precision', '>=', 'context_precision_below_threshold', 'context_precision_undefined'],
  ['min_citation_precision', 'citation_precision', '>=', 'citation_precision_below_threshold', 'citation_precision_undefined'],
] as const satisfies readonly (readonly [keyof RagPolicy, string, '>=' | '<=', RagReason, RagReason])[];
export type CheckId = (typeof GATE)[number][1];

/**
 * The gate's checks for a policy. `values(id)` gives the aggregate the check reads (null with the
 * reason it is undefined); only the thresholds present in the policy are checked.
 */
export function gateChecks(policy: RagPolicy, values: (key: CheckId) => { value: number | null; reason: string | null }): GateCheck<CheckId, RagReason>[] {
  const checks: GateCheck<CheckId, RagReason>[] = [];
  for (const [key, id, comparator, fail, undefinedReason] of GATE) {
    const threshold = policy[key];
    if (threshold === undefined) continue;
    const v = values(id);
    checks.push(
      gateCheck({
        id,
        value: v.value === null ? { value: null, reason: v.reason ?? 'empty_population' } : v.value,
        comparator,
        threshold,
        failReason: fail,
        undefinedReason,
      }),
    );
  }
  return checks;
}

