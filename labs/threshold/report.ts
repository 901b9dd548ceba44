/**
 * decision.md of the threshold lab, in Spanish or English. Numbers are rounded to 4 decimals here
 * only (the result stays unrounded); undefined metrics print as "no definido (razón)" /
 * "undefined (reason)".
 */
import type { RootContent } from 'mdast';
import type { Lang } from '../core/contract/types.ts';
import type { Inline } from '../core/contract/report.ts';
import { code, heading, list, paragraph, renderMarkdown, root, strong } from '../core/contract/report.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { thresholdMsg } from './i18n/index.ts';
import { undefinedReasonText } from '../core/contract/i18n/index.ts';
import type { PolicyDetail, ThresholdResult } from './engine.ts';
import type { ThresholdReason } from './i18n/index.ts';

/** A number rounded to 4 decimals for display ("0.6667", "8.5", "1"). */
export function fmt4(x: number): string {
  return String(Number(x.toFixed(4)));
}

/**
 * Renders the decision as Markdown in `lang`: verdict and reasons, the recommended pair (or, when
 * none passes, the least-bad pair named as such together with "do not automate yet" and the
 * policy's `if_no_policy_passes` fallback), the selected pair when it differs, ROC AUC and AP, and
 * the decision owner. Built as a Markdown tree (core/contract/report.ts): labels, owner and the
 * fallback text from the policy are text nodes, escaped by the serializer. An undefined value
 * without a reason code reads "depends on an undefined metric". Pure; never throws on a result
 * produced by runThreshold.
 */
export function renderThresholdReport(result: ThresholdResult, lang: Lang): string {
  const m = thresholdMsg(lang);
  const core = coreMsg(lang);
  const t = m.report;
  const reasonText = (code: ThresholdReason) => m.reasons[code];
  const undefinedText = (code: string | undefined) => t.undefined(undefinedReasonText(code, core.undefined_reason));
  const val = (x: number | null, reason?: string): Inline => (x === null ? undefinedText(reason) : code(fmt4(x)));
  const p = result.policy;
  const blocks: RootContent[] = [heading(1, t.title)];
  const pass = result.decision.verdict === 'pass';
  blocks.push(paragraph(strong(`${t.verdict}:`), ' ', pass ? m.verdict.pass : m.verdict.fail));
  if (result.decision.reasons.length) blocks.push(list(result.decision.reasons.map((r) => [reasonText(r)])));
  blocks.push(paragraph(t.summary(result.evaluated_policies, result.feasible_policies, result.cases)));
  blocks.push(list([[`${t.owner}: `, p.decision_owner ?? t.owner_missing]]));

  const pairBlock = (title: string, d: PolicyDetail) => {
    const u = d.undefined_metrics;
    const mt = d.metrics;
    blocks.push(heading(2, title));
    blocks.push(paragraph(t.rule(fmt4(d.threshold_low), fmt4(d.threshold_high), String(p.negative_label), String(p.positive_label))));
    const items: Inline[][] = [
      [`${t.low}: `, code(fmt4(d.threshold_low))],
      [`${t.high}: `, code(fmt4(d.threshold_high))],
      [`${t.cost}: `, code(fmt4(mt.cost)), ` (${t.cost_formula(fmt4(p.cost_false_positive), fmt4(p.cost_false_negative), fmt4(p.cost_review))})`],
      [`${t.operational_recall}: `, val(mt.operational_recall, own(u, 'operational_recall')), ` (${t.minimum(fmt4(p.min_operational_recall))})`],
      [`${t.review_rate}: `, val(mt.review_rate, own(u, 'review_rate')), ` (${t.maximum(fmt4(p.max_review_rate))})`],
      [`${t.automation_rate}: `, val(mt.automation_rate, own(u, 'automation_rate'))],
      [`${t.precision}: `, val(mt.precision_auto_urgent, own(u, 'precision_auto_urgent'))],
      [`${t.passes}: ${d.passes_constraints ? t.yes : t.no}`],
    ];
    if (d.failed_constraints.length) items.push([`${t.failed}: ${d.failed_constraints.map(reasonText).join('; ')}`]);
    blocks.push(list(items));
    const c = d.counts;
    blocks.push(paragraph(t.counts(c.tp, c.fp, c.fn, c.tn, c.review_positive, c.review_negative)));
  };

  const main = result.recommended_policy ?? result.least_bad_policy;
  if (result.recommended_policy) pairBlock(t.recommended_heading, result.recommended_policy);
  else if (result.least_bad_policy) pairBlock(t.least_bad_heading, result.least_bad_policy);
  const s = result.selected_policy;
  if (!main || s.threshold_low !== main.threshold_low || s.threshold_high !== main.threshold_high) {
    pairBlock(t.selected_heading, s);
  }

  blocks.push(heading(2, t.curves_heading));
  blocks.push(
    list([
      [`${t.roc_auc}: `, val(result.roc.auc, own(result.undefined_metrics, 'roc_auc'))],
      [`${t.average_precision}: `, val(result.pr.average_precision, own(result.undefined_metrics, 'average_precision'))],
    ]),
  );

  blocks.push(heading(2, t.action_heading));
  if (pass) {
    blocks.push(paragraph(t.action_pass), paragraph(t.reading));
  } else {
    blocks.push(paragraph(strong(t.action_fail)));
    if (result.least_bad_policy) {
      blocks.push(paragraph(t.least_bad_named(fmt4(result.least_bad_policy.threshold_low), fmt4(result.least_bad_policy.threshold_high))));
    }
    blocks.push(paragraph(p.if_no_policy_passes ? t.fallback(p.if_no_policy_passes) : t.no_fallback));
  }
  return renderMarkdown(root(...blocks));
}

/** map[key] when it is an own property (the maps come from data), else undefined. */
function own(map: Record<string, string>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}
