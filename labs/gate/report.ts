/**
 * decision.md of the eval-gate lab, in Spanish or English. It carries the kit's items (eval,
 * change, decision, delta, bootstrap CI, improvements, regressions, reasons) and adds McNemar, the
 * evidence against the minimum interpretable delta, owner, rollback, a per-version table, the gate
 * checklist and, when computed, the inputs' SHA-256. Numbers are rounded to 4 decimals here only.
 */
import type { RootContent } from 'mdast';
import type { Lang, MaybeNumber } from '../core/contract/types.ts';
import type { Inline } from '../core/contract/report.ts';
import { code, heading, list, paragraph, renderMarkdown, root, strong, table } from '../core/contract/report.ts';
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
 * Renders decision.md for a GateResult in `lang`, as a Markdown tree (core/contract/report.ts):
 * case ids, slice names, version names, owner and rollback text are text or code nodes, so no value
 * from the inputs can break a table, start a heading or pass HTML. Undefined values are written as
 * "no definido (motivo)" / "undefined (reason)" with the translated reason (a value without a
 * reason code reads "depends on an undefined metric"). Never throws.
 */
export function renderGateReport(result: GateResult, lang: Lang): string {
  const all = coreMsg(lang);
  const t = gateMsg(lang);
  const r = t.report;
  const undefinedText = (reason: string | null | undefined) => {
    const code = reason || 'depends_on_undefined';
    return r.undefined(lookupText(code, t.undefined_reason, all.undefined_reason) ?? code);
  };
  const own = (map: Record<string, string>, k: string) => (Object.prototype.hasOwnProperty.call(map, k) ? map[k] : undefined);
  const num = (x: MaybeNumber, reason?: string) => fmtNumber(x) ?? undefinedText(reason);
  const ids = (xs: string[]): Inline[] => (xs.length ? xs.flatMap((id, i) => (i ? [', ', code(id)] : [code(id)])) : [r.none]);
  const d = result.decision;
  const p = result.paired_comparison;
  const blocks: RootContent[] = [heading(1, r.title)];
  const facts: Inline[][] = [[`${r.eval}: `, code(result.eval_name)]];
  const change = result.hypothesis?.change_id;
  if (typeof change === 'string') facts.push([`${r.change}: `, change]);
  facts.push([`${r.verdict}: `, strong(d.verdict), ` — ${t.verdict[d.verdict]}`]);
  facts.push([`${r.delta}: `, code(num(result.delta_quality, own(result.undefined_metrics, 'delta_quality')))]);
  const ci = result.bootstrap_delta_quality_ci95;
  const level = fmtNumber(result.bootstrap.confidence * 100, 2)!;
  facts.push([`${r.ci(level, result.bootstrap.rounds, result.bootstrap.seed)}: `, ci ? code(`[${fmtNumber(ci[0])}, ${fmtNumber(ci[1])}]`) : undefinedText('no_defined_bootstrap_rounds')]);
  facts.push([`${r.improvements}: `, ...ids(p.baseline_failed_candidate_passed)]);
  facts.push([`${r.regressions}: `, ...ids(p.baseline_passed_candidate_failed)]);
  const m = p.mcnemar;
  facts.push([
    `${r.mcnemar}: `,
    !m ? undefinedText(p.mcnemar_undefined_reason ?? 'non_binary_case_scores') : m.undefined_reason ? undefinedText(m.undefined_reason) : r.mcnemar_values(m.b, m.c, fmtNumber(m.chi2_continuity)!, fmtNumber(m.chi2_continuity_p_value)!, fmtNumber(m.exact_p_value)!),
  ]);
  const ev = result.evidence;
  if (ev.minimum_interpretable_delta !== null) {
    facts.push([`${r.evidence}: `, r.evidence_values(fmtNumber(ev.minimum_interpretable_delta)!, t.evidence[ev.status])]);
  }
  facts.push([`${r.owner}: `, d.owner || r.owner_missing]);
  if (d.rollback) facts.push([`${r.rollback}: `, d.rollback]);
  blocks.push(list(facts));
  if (d.reasons.length) {
    blocks.push(heading(2, r.reasons));
    blocks.push(list(d.reasons.map((c) => [code(c), `: ${lookupText(c, t.reasons) ?? c}`])));
  }
  if (d.warnings.length) {
    blocks.push(heading(2, r.warnings));
    blocks.push(list(d.warnings.map((c) => [code(c), `: ${lookupText(c, t.warnings) ?? c}`])));
  }

  blocks.push(heading(2, r.checks_heading));
  blocks.push(
    table(
      [r.condition, r.value, r.threshold, r.result],
      result.checks.map((c) => {
        const label = c.id === 'critical_slice' ? t.checks.critical_slice(c.subject ?? '') : t.checks[c.id];
        const value = c.value === null ? undefinedText(c.value_reason) : fmtNumber(c.value)!;
        const res: Inline[] = c.status === 'pass' ? [r.ok] : [`${r.not_ok} (`, code(String(c.reason)), ')'];
        return [label, value, `${c.comparator} ${fmtNumber(c.threshold)}`, res];
      }),
    ),
  );

  blocks.push(heading(2, r.versions_heading));
  const row = (v: VersionScore): Inline[] => [
    v.name,
    num(v.weighted_quality, 'zero_total_weight'),
    `${v.passed_cases}/${v.total_cases}`,
    String(v.critical_failures),
    String(v.accepted_cases),
    fmtNumber(v.total_cost_eur)!,
    num(v.cost_per_accepted_eur, 'no_accepted_cases'),
  ];
  blocks.push(table([r.version, r.weighted_quality, r.passed, r.critical, r.accepted, r.total_cost, r.cost_per_accepted], [row(result.baseline), row(result.candidate)]));

  const hashes = result.manifest?.computed_hashes;
  if (hashes) {
    blocks.push(heading(2, r.hashes_heading));
    blocks.push(list(Object.entries(hashes).map(([k, v]) => [`${k}: `, code(String(v))])));
  }

  blocks.push(heading(2, r.reading_heading), paragraph(d.verdict === 'fail' ? r.reading_fail : r.reading_pass), paragraph(t.notes[p.note]));
  return renderMarkdown(root(...blocks));
}
