/**
 * decision.md of the threshold lab, in Spanish or English. Numbers are rounded to 4 decimals here
 * only (the result stays unrounded); undefined metrics print as "no definido (razón)" /
 * "undefined (reason)".
 */
import type { Lang, MaybeNumber } from '../core/contract/types.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { thresholdMsg } from './i18n/index.ts';
import { lookupText } from '../core/contract/i18n/index.ts';
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
 * the decision owner. Pure; never throws on a result produced by runThreshold.
 */
export function renderThresholdReport(result: ThresholdResult, lang: Lang): string {
  const m = thresholdMsg(lang);
  const core = coreMsg(lang);
  const t = m.report;
  const reasonText = (code: ThresholdReason) => m.reasons[code];
  const undefinedText = (code: string | undefined) => t.undefined(code ? (lookupText(code, core.undefined_reason) ?? code) : '?');
  const val = (x: MaybeNumber, reason?: string) => (x === null ? undefinedText(reason) : `\`${fmt4(x)}\``);
  const p = result.policy;
  const lines: string[] = [`# ${t.title}`, ''];
  const pass = result.decision.verdict === 'pass';
  lines.push(`**${t.verdict}:** ${pass ? m.verdict.pass : m.verdict.fail}`, '');
  for (const r of result.decision.reasons) lines.push(`- ${reasonText(r)}`);
  if (result.decision.reasons.length) lines.push('');
  lines.push(t.summary(result.evaluated_policies, result.feasible_policies, result.cases), '');
  lines.push(`- ${t.owner}: ${p.decision_owner ?? t.owner_missing}`, '');

  const pairBlock = (heading: string, d: PolicyDetail) => {
    const u = d.undefined_metrics;
    const mt = d.metrics;
    lines.push(`## ${heading}`, '');
    lines.push(t.rule(fmt4(d.threshold_low), fmt4(d.threshold_high), p.negative_label, p.positive_label), '');
    lines.push(`- ${t.low}: \`${fmt4(d.threshold_low)}\``);
    lines.push(`- ${t.high}: \`${fmt4(d.threshold_high)}\``);
    lines.push(
      `- ${t.cost}: \`${fmt4(mt.cost)}\` (${t.cost_formula(fmt4(p.cost_false_positive), fmt4(p.cost_false_negative), fmt4(p.cost_review))})`,
    );
    lines.push(`- ${t.operational_recall}: ${val(mt.operational_recall, u.operational_recall)} (${t.minimum(fmt4(p.min_operational_recall))})`);
    lines.push(`- ${t.review_rate}: ${val(mt.review_rate, u.review_rate)} (${t.maximum(fmt4(p.max_review_rate))})`);
    lines.push(`- ${t.automation_rate}: ${val(mt.automation_rate, u.automation_rate)}`);
    lines.push(`- ${t.precision}: ${val(mt.precision_auto_urgent, u.precision_auto_urgent)}`);
    lines.push(`- ${t.passes}: ${d.passes_constraints ? t.yes : t.no}`);
    if (d.failed_constraints.length) lines.push(`- ${t.failed}: ${d.failed_constraints.map(reasonText).join('; ')}`);
    const c = d.counts;
    lines.push('', t.counts(c.tp, c.fp, c.fn, c.tn, c.review_positive, c.review_negative), '');
  };

  const main = result.recommended_policy ?? result.least_bad_policy;
  if (result.recommended_policy) pairBlock(t.recommended_heading, result.recommended_policy);
  else if (result.least_bad_policy) pairBlock(t.least_bad_heading, result.least_bad_policy);
  const s = result.selected_policy;
  if (!main || s.threshold_low !== main.threshold_low || s.threshold_high !== main.threshold_high) {
    pairBlock(t.selected_heading, s);
  }

  lines.push(`## ${t.curves_heading}`, '');
  lines.push(`- ${t.roc_auc}: ${val(result.roc.auc, result.undefined_metrics.roc_auc)}`);
  lines.push(`- ${t.average_precision}: ${val(result.pr.average_precision, result.undefined_metrics.average_precision)}`, '');

  lines.push(`## ${t.action_heading}`, '');
  if (pass) {
    lines.push(t.action_pass, '', t.reading);
  } else {
    lines.push(`**${t.action_fail}**`, '');
    if (result.least_bad_policy) {
      lines.push(t.least_bad_named(fmt4(result.least_bad_policy.threshold_low), fmt4(result.least_bad_policy.threshold_high)), '');
    }
    lines.push(p.if_no_policy_passes ? t.fallback(p.if_no_policy_passes) : t.no_fallback);
  }
  lines.push('');
  return lines.join('\n');
}
