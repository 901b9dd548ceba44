/**
 * decision.md of the eval-gate lab, in Spanish or English. It carries the kit's items (eval,
 * change, decision, delta, bootstrap CI, improvements, regressions, reasons) and adds McNemar, the
 * evidence against the minimum interpretable delta, owner, rollback, a per-version table, the gate
 * checklist, the repeated-run figures (when some case has several runs: the case score in use, a
 * summary per version, each case's run outcomes and the pass@k / pass^k curves), the sample-size
 * planner's answer (when the result comes from `select`) and, when computed, the inputs' SHA-256.
 * Numbers are rounded to 4 decimals here only.
 */
import type { RootContent } from 'mdast';
import type { Lang } from '../core/contract/types.ts';
import type { Inline } from '../core/contract/report.ts';
import { code, heading, list, paragraph, renderMarkdown, root, strong, table, text, fmtDecimal, checksTable } from '../core/contract/report.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { gateMsg } from './i18n/index.ts';
import { lookupText, undefinedReasonText } from '../core/contract/i18n/index.ts';
import type { GateResult, VersionScore, CaseResult } from './engine.ts';
import type { GatePlanner } from './planner.ts';

/** Cases listed one by one in the per-case runs table of decision.md (flaky cases first beyond it). */
export const REPORT_MAX_RUN_ROWS = 200;

/** x rounded to `digits` decimals as a plain number string (0.25, -0.3333, 1); null -> null. */
export function fmtNumber(x: number | null, digits = 4): string | null {
  if (x === null) return null;
  return fmtDecimal(x, digits);
}

/**
 * Renders decision.md for a GateResult in `lang`, as a Markdown tree (core/contract/report.ts):
 * case ids, slice names, version names, owner and rollback text are text or code nodes, so no value
 * from the inputs can break a table, start a heading or pass HTML. Undefined values are written as
 * "no definido (motivo)" / "undefined (reason)" with the translated reason (a value without a
 * reason code reads "depends on an undefined metric"). Never throws.
 */
export function renderGateReport(result: GateResult & { planner?: GatePlanner }, lang: Lang): string {
  const all = coreMsg(lang);
  const t = gateMsg(lang);
  const r = t.report;
  const undefinedText = (reason: string | null | undefined) => r.undefined(undefinedReasonText(reason, t.undefined_reason, all.undefined_reason));
  const own = (map: Record<string, string>, k: string) => (Object.prototype.hasOwnProperty.call(map, k) ? map[k] : undefined);
  const num = (x: number | null, reason?: string) => fmtNumber(x) ?? undefinedText(reason);
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
    checksTable(
      result.checks,
      lang,
      (c) => (c.id === 'critical_slice' ? t.checks.critical_slice(c.subject ?? '') : t.checks[c.id]),
      (c) => (c.value === null ? undefinedText(c.value_reason) : fmtNumber(c.value)!),
    ),
  );

  blocks.push(heading(2, r.versions_heading));
  const row = (v: VersionScore): Inline[] => [
    v.name,
    num(v.weighted_quality, 'zero_total_weight'),
    `${v.passed_cases}/${v.total_cases}`,
    String(v.critical_failures),
    String(v.accepted_cases),
    num(v.total_cost_eur, 'cost_unknown'),
    num(v.cost_per_accepted_eur, v.cost_per_accepted_reason ?? 'no_accepted_cases'),
  ];
  blocks.push(table([r.version, r.weighted_quality, r.passed, r.critical, r.accepted, r.total_cost, r.cost_per_accepted], [row(result.baseline), row(result.candidate)]));

  blocks.push(...repeatedRunsSection(result, lang));
  if (result.planner) blocks.push(...plannerSection(result.planner, lang));

  const hashes = result.manifest?.computed_hashes;
  if (hashes) {
    blocks.push(heading(2, r.hashes_heading));
    blocks.push(list(Object.entries(hashes).map(([k, v]) => [`${k}: `, code(String(v))])));
  }

  blocks.push(heading(2, r.reading_heading), paragraph(d.verdict === 'fail' ? r.reading_fail : r.reading_pass), paragraph(t.notes[p.note]));
  return renderMarkdown(root(...blocks));
}

/** A case's run outcomes in file order: ✓ pass, ✗ fail ("✓✓✗✓✓"). */
export function runOutcomes(r: CaseResult): string {
  return r.runs.map((x) => (x.passed ? '✓' : '✗')).join('');
}

/**
 * The repeated-run figures as Markdown nodes: the case score in use; per version the runs per
 * case, flaky cases, mean pass rate with its bootstrap CI and pass@k / pass^k at policy.pass_k;
 * the flaky case ids; each case's run outcomes in both versions (passes k/N with the Wilson
 * interval; at most REPORT_MAX_RUN_ROWS rows, flaky cases first when there are more); and the
 * pass@k / pass^k curves for k = 1..N of both versions. Empty when every case has one run in both.
 */
export function repeatedRunsSection(result: GateResult, lang: Lang): RootContent[] {
  const b = result.baseline;
  const c = result.candidate;
  if (!b.repeated && !c.repeated) return [];
  const t = gateMsg(lang);
  const r = t.report;
  const all = coreMsg(lang);
  const k = result.policy.pass_k;
  const level = fmtNumber(result.bootstrap.confidence * 100, 2)!;
  const why = (reason: string) => r.undefined(undefinedReasonText(reason, t.undefined_reason, all.undefined_reason));
  const num = (x: number | null, reason = 'k_exceeds_runs') => (x === null ? why(reason) : fmtNumber(x)!);
  const ci = (v: VersionScore) => (v.pass_rate_bootstrap_ci ? `[${fmtNumber(v.pass_rate_bootstrap_ci[0])}, ${fmtNumber(v.pass_rate_bootstrap_ci[1])}]` : why('no_cases'));
  const row = (v: VersionScore): Inline[] => [
    text(v.name),
    v.runs_min === v.runs_max ? String(v.runs_max) : `${v.runs_min}–${v.runs_max}`,
    `${v.flaky_cases}/${v.total_cases}`,
    `${num(v.pass_rate, 'no_cases')} ${ci(v)}`,
    num(v.pass_at_k),
    num(v.pass_pow_k),
  ];
  const flaky = (v: VersionScore): Inline[] => {
    const ids = v.results.filter((x) => x.flaky);
    const out: Inline[] = [`${r.flaky_list(v.name)}: `];
    if (!ids.length) out.push(r.none_flaky);
    ids.forEach((x, i) => {
      if (i) out.push(', ');
      out.push(code(x.case_id), ` (${x.runs_passed}/${x.runs_total})`);
    });
    return out;
  };

  // Per case: both versions' outcomes, matched by case id (the candidate's order).
  const byId = new Map(b.results.map((x) => [x.case_id, x]));
  const pairs = c.results.map((cr) => ({ cr, br: byId.get(cr.case_id) }));
  const isFlaky = (p: (typeof pairs)[number]) => p.cr.flaky || !!p.br?.flaky;
  const shown = pairs.length > REPORT_MAX_RUN_ROWS ? [...pairs.filter(isFlaky), ...pairs.filter((p) => !isFlaky(p))].slice(0, REPORT_MAX_RUN_ROWS) : pairs;
  const cell = (x: CaseResult | undefined): Inline[] =>
    x ? [code(runOutcomes(x)), ` ${x.runs_passed}/${x.runs_total} [${fmtNumber(x.run_pass_rate_wilson[0])}, ${fmtNumber(x.run_pass_rate_wilson[1])}]`] : ['–'];
  const caseRows = shown.map(({ cr, br }): Inline[][] => [[code(cr.case_id)], [text(cr.slice)], cell(br), cell(cr)]);

  // Curves: k = 1..the most runs of either version.
  const maxK = Math.max(b.pass_k_curve.length, c.pass_k_curve.length);
  const at = (v: VersionScore, i: number, key: 'pass_at_k' | 'pass_pow_k') => {
    const pt = v.pass_k_curve[i];
    return pt ? num(pt[key]) : why('k_exceeds_runs');
  };
  const curveRows: Inline[][] = [];
  for (let i = 0; i < maxK; i++) curveRows.push([String(i + 1), at(b, i, 'pass_at_k'), at(c, i, 'pass_at_k'), at(b, i, 'pass_pow_k'), at(c, i, 'pass_pow_k')]);

  return [
    heading(2, r.runs_heading),
    paragraph(r.case_score(result.policy.case_score, k)),
    table([r.version, r.runs_per_case, r.flaky_cases, r.mean_pass_rate(level), r.pass_at_k(k), r.pass_pow_k(k)], [row(b), row(c)]),
    list([flaky(b), flaky(c)]),
    heading(3, r.runs_cases_heading),
    paragraph(r.runs_cases_caption(level)),
    ...(shown.length < pairs.length ? [paragraph(r.runs_cases_more(shown.length, pairs.length))] : []),
    table([r.case_id, r.slice, [text(b.name)], [text(c.name)]], caseRows),
    heading(3, r.curves_heading),
    paragraph(r.curves_caption),
    table(['k', [`pass@k · `, text(b.name)], [`pass@k · `, text(c.name)], [`pass^k · `, text(b.name)], [`pass^k · `, text(c.name)]], curveRows),
  ];
}

/**
 * The planner's answer as Markdown nodes: the design (each input with where it came from), the
 * assumptions, the cases for the target power (or why there is no answer) and the current n with
 * its power and expected CI width.
 */
export function plannerSection(p: GatePlanner, lang: Lang): RootContent[] {
  const t = gateMsg(lang);
  const r = t.report;
  const tp = t.planner;
  const why = (reason: string) => r.undefined(undefinedReasonText(reason, t.undefined_reason, coreMsg(lang).undefined_reason));
  const fields = ['baseline_rate', 'delta', 'discordant', 'alpha', 'target_power'] as const;
  const rows = fields.map((f): Inline[] => [tp.fields[f], fmtNumber(p.inputs[f]) ?? why(p.undefined_reason ?? 'no_baseline_rate'), tp.sources[p.sources[f]]]);
  const power = fmtNumber(p.inputs.target_power * 100, 2)!;
  const answer = p.cases_for_power !== null ? r.planner_answer_value(p.cases_for_power, p.cases_for_power_resolution ?? 1) : why(p.cases_for_power_reason ?? p.undefined_reason ?? 'target_power_beyond_cap');
  const cur = p.current;
  const current =
    p.undefined_reason !== null ? why(p.undefined_reason) : cur.power === null ? why('no_cases') : r.planner_current_value(fmtNumber(cur.power)!, fmtNumber(cur.ci_width) ?? '–', cur.method === 'normal_approximation');
  return [
    heading(2, r.planner_heading),
    table([r.planner_field, r.planner_value, r.planner_source], rows),
    paragraph(`${r.planner_assumptions}:`),
    list(p.assumptions.map((a) => [tp.assumptions[a]])),
    paragraph(strong(`${r.planner_answer(power)}:`), ` ${answer}`),
    paragraph(strong(`${r.planner_current(cur.n)}:`), ` ${current}`),
  ];
}
