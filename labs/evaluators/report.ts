/**
 * decision.md of the evaluator-audit lab, in Spanish or English, built as a Markdown tree
 * (core/contract/report.ts): every id, case text and label goes into a text or code node, so a case
 * id with "|", "#", a newline or HTML cannot break a table or start a heading. It carries the kit's
 * items (recommended evaluator, per-evaluator kappa, pass accuracy, false passes, cost per valid,
 * gate) and the lab's: the decision with its checklist, kappa with its interval and the kit's
 * figure, critical false passes, cost per useful evaluation, accuracy per criterion (with the kit's
 * inclusive figure), the false passes with their case text, the pass recomputed from the rubric,
 * what the kit does not look at, and the optional sections. Numbers are rounded to 4 decimals here
 * only; undefined values read "no definido (motivo)" / "undefined (reason)".
 */
import type { Lang } from '../core/contract/types.ts';
import type { Inline } from '../core/contract/report.ts';
import { checksTable, code, heading, list, paragraph, renderMarkdown, root, strong, table, fmtDecimal } from '../core/contract/report.ts';
import type { RootContent } from 'mdast';
import { undefinedReasonText } from '../core/contract/i18n/index.ts';
import { evaluatorsMsg } from './i18n/index.ts';
import type { EvaluatorsReason } from './i18n/index.ts';
import type { EvaluatorsResult } from './engine.ts';

/** x rounded to `digits` decimals as a plain number string ("0.1818", "1", "-0.25"). */
export function fmtNumber(x: number, digits = 4): string {
  return fmtDecimal(x, digits);
}

/**
 * Renders decision.md for a scorecard in `lang` (module comment). Pure; never throws on a result
 * produced by the lab.
 */
export function renderEvaluatorsReport(result: EvaluatorsResult, lang: Lang): string {
  const t = evaluatorsMsg(lang);
  const r = t.report;
  const num = (x: number | null, reason?: string | null): string => (x === null ? r.undefined(undefinedReasonText(reason, t.undefined_reason)) : fmtNumber(x));
  const ids = (xs: string[]): Inline[] => {
    if (xs.length === 0) return [r.none];
    const out: Inline[] = [];
    xs.forEach((x, i) => {
      if (i) out.push(', ');
      out.push(code(x));
    });
    return out;
  };
  const blocks: RootContent[] = [];
  const d = result.decision;

  blocks.push(heading(1, r.title));
  blocks.push(paragraph(`${r.rubric}: `, code(result.rubric_id)));
  blocks.push(paragraph(`${r.recommended}: `, result.recommended_evaluator ? code(result.recommended_evaluator) : r.none, ` · ${r.recommended_kit}: `, result.recommended_evaluator_kit ? code(result.recommended_evaluator_kit) : r.none));
  blocks.push(paragraph(`${r.decision_for} `, code(d.evaluator_id), `: `, strong(d.verdict.toUpperCase()), ` — ${t.verdict[d.verdict]}`));
  if (d.reasons.length) {
    blocks.push(heading(2, r.reasons));
    blocks.push(list(d.reasons.map((c: EvaluatorsReason) => [code(c), `: ${t.reasons[c]}`])));
  }

  blocks.push(heading(2, r.checks_heading));
  blocks.push(checksTable(result.checks, lang, (c) => t.checks[c.id], (c) => num(c.value, c.value_reason)));

  const level = fmtNumber(result.bootstrap.confidence * 100, 2);
  blocks.push(heading(2, r.summary_heading));
  blocks.push(
    table(
      [r.evaluator, r.kappa, r.kappa_kit, r.kappa_ci(level), r.pass_accuracy, r.false_passes, r.critical, r.parse_errors, r.cost_per_valid, r.cost_per_useful, r.gate],
      result.reports.map((e) => [
        code(e.evaluator_id),
        num(e.pass_kappa, e.undefined_metrics.pass_kappa),
        fmtNumber(e.pass_kappa_kit),
        e.pass_kappa_ci.reason ? r.undefined(undefinedReasonText(e.pass_kappa_ci.reason, t.undefined_reason)) : `[${fmtNumber(e.pass_kappa_ci.low!)}, ${fmtNumber(e.pass_kappa_ci.high!)}]`,
        num(e.pass_accuracy, e.undefined_metrics.pass_accuracy),
        String(e.false_passes.length),
        String(e.critical_false_passes),
        String(e.parse_errors),
        num(e.cost_per_valid_evaluation, e.undefined_metrics.cost_per_valid_evaluation),
        num(e.cost_per_useful_evaluation, e.undefined_metrics.cost_per_useful_evaluation),
        e.passes_gate ? r.gate_ok : r.gate_review,
      ]),
    ),
  );

  blocks.push(heading(2, r.criteria_heading));
  const header: (Inline | Inline[])[] = [r.criterion, r.blocking];
  for (const e of result.reports) header.push([code(e.evaluator_id), ` ${r.accuracy}`], [code(e.evaluator_id), ` ${r.accuracy_kit}`]);
  blocks.push(
    table(
      header,
      [...result.criteria, 'pass'].map((c) => {
        const row: (Inline | Inline[])[] = [code(c), result.blocking_criteria.includes(c) ? r.blocking : ''];
        for (const e of result.reports) row.push(num(e.criterion_accuracy[c], e.undefined_metrics.criterion_accuracy), fmtNumber(e.criterion_accuracy_kit[c]));
        return row;
      }),
    ),
  );

  blocks.push(heading(2, r.false_pass_heading));
  const withFalse = result.reports.filter((e) => e.false_pass_cases.length);
  if (withFalse.length === 0) blocks.push(paragraph(r.no_false_passes));
  for (const e of withFalse) {
    blocks.push(heading(3, code(e.evaluator_id)));
    blocks.push(
      table(
        [r.case, r.task, r.input, r.blocking_failed],
        e.false_pass_cases.map((f) => [code(f.case_id), f.task ?? '', f.input ?? '', ids(f.blocking_failed)]),
      ),
    );
  }

  blocks.push(heading(2, r.rule_heading));
  blocks.push(paragraph(r.rule_text(fmtNumber(result.pass_threshold), result.blocking_criteria.join(', ') || r.none)));
  blocks.push(
    table(
      [r.evaluator, r.rule_disagreements, r.rule_false_passes, r.rule_kappa],
      result.reports.map((e) => [
        code(e.evaluator_id),
        ids(e.rubric_pass.disagreements_with_judge),
        ids(e.rubric_pass.false_passes),
        num(e.rubric_pass.kappa, e.rubric_pass.undefined_metrics.kappa),
      ]),
    ),
  );
  if (result.human_rule_disagreements.length) blocks.push(paragraph(r.human_rule_disagreements(result.human_rule_disagreements.join(', '))));

  blocks.push(heading(2, r.kit_gaps_heading));
  const gaps: Inline[][] = [];
  for (const e of result.reports) {
    const ignored = e.rubric_pass.disagreements_with_judge;
    if (ignored.length) gaps.push([r.kit_gap_blocking(e.evaluator_id, ignored.join(', '))]);
    if (e.parse_errors) gaps.push([r.kit_gap_parse(e.evaluator_id, e.parse_errors)]);
  }
  blocks.push(gaps.length ? list(gaps) : paragraph(r.kit_gap_none));

  const c = result.construct;
  if (c) {
    blocks.push(heading(2, r.construct_heading));
    blocks.push(paragraph(r.construct_text(c.criterion ?? '', c.judge_construct ?? r.none)));
    blocks.push(
      table(
        [r.construct, r.items, r.kappa, r.agreement],
        c.constructs.map((k) => [code(k.construct_id), String(c.n), num(k.kappa, k.undefined_metrics.kappa), num(k.accuracy, k.undefined_metrics.accuracy)]),
      ),
    );
    blocks.push(paragraph(r.changed_items(c.changed_items.length)));
  }

  const p = result.corrected_pass_rate;
  if (p) {
    blocks.push(heading(2, r.corrected_heading));
    blocks.push(paragraph(r.corrected_text(p.evaluator_id, p.judged_passes, p.runs)));
    const interval = p.low === null || p.high === null ? r.undefined(undefinedReasonText(p.undefined_metrics.low, t.undefined_reason)) : `[${fmtNumber(p.low)}, ${fmtNumber(p.high)}]`;
    blocks.push(
      table(
        [r.observed, r.tpr, r.tnr, r.corrected, r.interval(fmtNumber(p.confidence * 100, 2))],
        [[fmtNumber(p.observed), num(p.tpr, p.undefined_metrics.tpr), num(p.tnr, p.undefined_metrics.tnr), num(p.value, p.undefined_metrics.value), interval]],
      ),
    );
    blocks.push(paragraph(r.rounds(p.defined_rounds, p.undefined_rounds)));
  }

  const o = result.ordinal;
  if (o) {
    blocks.push(heading(2, r.ordinal_heading));
    blocks.push(paragraph(r.ordinal_text(o.calibration_n, o.heldout_n, o.scale.join(', '))));
    const u = o.undefined_metrics;
    blocks.push(
      table(
        ['', r.qwk, r.mae, r.exact],
        [
          [r.before, num(o.qwk_before, u.qwk_before), num(o.mae_before, u.mae_before), num(o.exact_before, u.exact_before)],
          [r.after, num(o.qwk_after, u.qwk_after), num(o.mae_after, u.mae_after), num(o.exact_after, u.exact_after)],
        ],
      ),
    );
    if (o.mapping) blocks.push(paragraph(`${r.mapping}: `, o.mapping.map((m) => `${fmtNumber(m.judge)} → ${fmtNumber(m.human)}`).join(', ')));
  }

  const w = result.pairwise;
  if (w) {
    blocks.push(heading(2, r.pairwise_heading));
    blocks.push(paragraph(r.pairwise_text(w.evaluator_id, w.pairs)));
    const u = w.undefined_metrics;
    blocks.push(table([r.order_flip_rate, r.first_position_rate, r.position_bias], [[num(w.order_flip_rate, u.order_flip_rate), num(w.first_position_rate, u.first_position_rate), num(w.position_bias, u.position_bias)]]));
  }

  const b = result.budget;
  if (b) {
    blocks.push(heading(2, r.budget_heading));
    blocks.push(paragraph(r.budget_text(b.cases, b.repetitions)));
    blocks.push(
      table(
        [r.evaluator, r.model_cost, r.human_cost, r.c_eval, r.expected_useful, r.cost_per_useful],
        b.evaluators.map((e) => [code(e.evaluator_id), fmtNumber(e.model_cost), fmtNumber(b.human_cost), fmtNumber(e.c_eval), fmtNumber(e.expected_useful), num(e.cost_per_useful, e.undefined_metrics.cost_per_useful)]),
      ),
    );
  }

  blocks.push(heading(2, r.action_heading));
  blocks.push(paragraph(d.verdict === 'pass' ? r.action_pass : r.action_fail));
  return renderMarkdown(root(...blocks));
}
