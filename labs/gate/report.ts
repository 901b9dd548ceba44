/**
 * decision.md of the eval-gate lab, in Spanish or English. It carries the kit's items (eval,
 * change, decision, delta, bootstrap CI, improvements, regressions, reasons) and adds McNemar, the
 * evidence against the minimum interpretable delta, owner, rollback, a per-version table, the gate
 * checklist and, when computed, the inputs' SHA-256. Numbers are rounded to 4 decimals here only.
 */
import type { Lang, MaybeNumber } from '../core/contract/types.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { gateMsg } from './i18n/index.ts';
import { lookupText } from '../core/contract/i18n/index.ts';
import type { GateResult, VersionScore } from './engine.ts';

/** x rounded to `digits` decimals as a plain number string (0.25, -0.3333, 1); null -> null. */
export function fmtNumber(x: MaybeNumber, digits = 4): string | null {
  if (x === null) return null;
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return String(Object.is(r, -0) ? 0 : r);
}

/**
 * Renders decision.md for a GateResult in `lang`. Undefined values are written as
 * "no definido (motivo)" / "undefined (reason)" with the translated reason. Never throws.
 */
export function renderGateReport(result: GateResult, lang: Lang): string {
  const all = coreMsg(lang);
  const t = gateMsg(lang);
  const r = t.report;
  const undefinedText = (reason: string | null | undefined) => r.undefined((reason ? lookupText(reason, t.undefined_reason, all.undefined_reason) : null) ?? reason ?? '?');
  const num = (x: MaybeNumber, reason?: string) => fmtNumber(x) ?? undefinedText(reason);
  const list = (ids: string[]) => (ids.length ? ids.map((id) => `\`${id}\``).join(', ') : r.none);
  const d = result.decision;
  const p = result.paired_comparison;
  const lines: string[] = [`# ${r.title}`, ''];
  lines.push(`- ${r.eval}: \`${result.eval_name}\``);
  const change = result.hypothesis?.change_id;
  if (typeof change === 'string') lines.push(`- ${r.change}: ${change}`);
  lines.push(`- ${r.verdict}: **${d.verdict}** — ${t.verdict[d.verdict]}`);
  lines.push(`- ${r.delta}: \`${num(result.delta_quality, result.undefined_metrics.delta_quality)}\``);
  const ci = result.bootstrap_delta_quality_ci95;
  const level = fmtNumber(result.bootstrap.confidence * 100, 2)!;
  lines.push(
    `- ${r.ci(level, result.bootstrap.rounds, result.bootstrap.seed)}: ${ci ? `\`[${fmtNumber(ci[0])}, ${fmtNumber(ci[1])}]\`` : undefinedText('no_defined_bootstrap_rounds')}`,
  );
  lines.push(`- ${r.improvements}: ${list(p.baseline_failed_candidate_passed)}`);
  lines.push(`- ${r.regressions}: ${list(p.baseline_passed_candidate_failed)}`);
  const m = p.mcnemar;
  lines.push(
    `- ${r.mcnemar}: ${
      !m ? undefinedText(p.mcnemar_undefined_reason ?? 'non_binary_case_scores') : m.undefined_reason ? undefinedText(m.undefined_reason) : r.mcnemar_values(m.b, m.c, fmtNumber(m.chi2_continuity)!, fmtNumber(m.chi2_continuity_p_value)!, fmtNumber(m.exact_p_value)!)
    }`,
  );
  const ev = result.evidence;
  if (ev.minimum_interpretable_delta !== null) {
    lines.push(`- ${r.evidence}: ${r.evidence_values(fmtNumber(ev.minimum_interpretable_delta)!, t.evidence[ev.status])}`);
  }
  lines.push(`- ${r.owner}: ${d.owner || r.owner_missing}`);
  if (d.rollback) lines.push(`- ${r.rollback}: ${d.rollback}`);
  lines.push('');
  if (d.reasons.length) {
    lines.push(`## ${r.reasons}`, '');
    for (const code of d.reasons) lines.push(`- \`${code}\`: ${t.reasons[code] ?? code}`);
    lines.push('');
  }
  if (d.warnings.length) {
    lines.push(`## ${r.warnings}`, '');
    for (const code of d.warnings) lines.push(`- \`${code}\`: ${t.warnings[code] ?? code}`);
    lines.push('');
  }

  lines.push(`## ${r.checks_heading}`, '');
  lines.push(`| ${r.condition} | ${r.value} | ${r.threshold} | ${r.result} |`, '|---|---|---|---|');
  for (const c of result.checks) {
    const label = c.id === 'critical_slice' ? t.checks.critical_slice(c.subject ?? '') : t.checks[c.id];
    const value = c.value === null ? undefinedText(c.value_reason ?? 'depends_on_undefined') : fmtNumber(c.value);
    lines.push(`| ${label} | ${value} | ${c.comparator} ${fmtNumber(c.threshold)} | ${c.status === 'pass' ? r.ok : `${r.not_ok} (\`${c.reason}\`)`} |`);
  }
  lines.push('');

  lines.push(`## ${r.versions_heading}`, '');
  lines.push(`| ${r.version} | ${r.weighted_quality} | ${r.passed} | ${r.critical} | ${r.accepted} | ${r.total_cost} | ${r.cost_per_accepted} |`, '|---|---|---|---|---|---|---|');
  const row = (v: VersionScore) =>
    `| ${v.name} | ${num(v.weighted_quality, 'zero_total_weight')} | ${v.passed_cases}/${v.total_cases} | ${v.critical_failures} | ${v.accepted_cases} | ${fmtNumber(v.total_cost_eur)} | ${num(v.cost_per_accepted_eur, 'no_accepted_cases')} |`;
  lines.push(row(result.baseline), row(result.candidate), '');

  const hashes = result.manifest?.computed_hashes;
  if (hashes) {
    lines.push(`## ${r.hashes_heading}`, '');
    for (const [k, v] of Object.entries(hashes)) lines.push(`- ${k}: \`${v}\``);
    lines.push('');
  }

  lines.push(`## ${r.reading_heading}`, '', d.verdict === 'fail' ? r.reading_fail : r.reading_pass, '', t.notes[p.note], '');
  return lines.join('\n');
}
