/**
 * decision.md of the rubric lab, in Spanish or English. Numbers are rounded to 4 decimals here
 * only (the scorecard stays unrounded); undefined metrics print as "no definida (razón)" /
 * "undefined (reason)".
 */
import type { RootContent } from 'mdast';
import type { Lang } from '../core/contract/types.ts';
import { heading, list, paragraph, renderMarkdown, root, strong } from '../core/contract/report.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { rubricMsg } from './i18n/index.ts';
import { undefinedReasonText } from '../core/contract/i18n/index.ts';
import type { RubricDecision } from './decision.ts';
import type { RubricScorecard } from './engine.ts';
import { describeAxisReason } from './describe.ts';

/** A number rounded to 4 decimals for display ("0.75", "0.9167", "1"). */
export function fmt4(x: number): string {
  return String(Number(x.toFixed(4)));
}

/**
 * Renders decision.md in `lang`: verdict and reasons, the rubric and its lock, the pipeline, the
 * exam score with its interval, gates, axes, patterns, the items below 1 with each failing axis'
 * reason, and (when present) the comparison, breakdown check, agreement and drift sections.
 * Built as a Markdown tree (core/contract/report.ts): item ids, axis names, rubric ids and reasons
 * are text nodes, escaped by the serializer. Pure; never throws on a scorecard produced by runRubric.
 */
export function renderRubricReport(sc: RubricScorecard & { decision: RubricDecision }, lang: Lang): string {
  const m = coreMsg(lang);
  const R = rubricMsg(lang);
  const t = R.report;
  const und = (code: string | null | undefined) => t.undefined(undefinedReasonText(code, R.undefined_reason, m.undefined_reason));
  const own = <T,>(map: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(map, k) ? map[k] : undefined);
  const num = (x: number | null, code?: string | null) => (x === null ? und(code) : fmt4(x));
  const B: RootContent[] = [heading(1, t.title)];
  B.push(paragraph(strong(`${t.verdict}:`), ' ', sc.decision.verdict === 'pass' ? R.verdict.pass : R.verdict.fail));
  B.push(paragraph(strong(`${t.reasons}:`)));
  B.push(list(sc.decision.reasons.length ? sc.decision.reasons.map((r) => [R.reasons[r]]) : [[t.hard_gate_met]]));
  const warnings = sc.decision.warnings ?? [];
  if (warnings.length) {
    B.push(paragraph(strong(`${t.warnings}:`)));
    B.push(list(warnings.map((w) => [R.reasons[w]])));
  }
  B.push(
    list([
      [t.rubric(sc.rubric_id, sc.rubric_version)],
      [t.lock(sc.rubric_hash)],
      [t.pipeline(sc.normalization.steps.join(' → '), sc.normalization.disabled_steps.join(', '), sc.normalization.normalize_expected)],
    ]),
  );
  const a = sc.aggregate;
  const u = sc.undefined_metrics;
  B.push(paragraph(t.exam(num(a.exam_score, own(u, 'exam_score')), num(a.interval.low, own(u, 'exam_score_ci_low')), num(a.interval.high, own(u, 'exam_score_ci_high')), `${fmt4(a.interval.confidence * 100)}%`, a.n_exam)));
  B.push(paragraph(t.regression(num(a.regression_score, own(u, 'regression_score')), a.n_regression)));
  B.push(heading(2, t.gates_heading));
  B.push(
    list(
      [sc.gates.hard, ...sc.gates.soft].map((g) => [
        t.gate_row(t.gate_names[g.id], g.value === null ? und(g.value_reason) : fmt4(g.value), fmt4(g.threshold), g.status === 'fail' && g.blocking === false ? t.status.warn : t.status[g.status]),
      ]),
    ),
  );
  B.push(heading(2, t.axes_heading));
  const weights = axisWeights(sc);
  B.push(list(Object.keys(a.axis_means).map((axis) => [t.axis_row(axis, fmtWeight(weights.get(axis)), num(a.axis_means[axis], 'no_exam_items'), own(a.axis_failures, axis) ?? 0)])));
  B.push(heading(2, t.patterns_heading));
  if (sc.patterns.length === 0) B.push(paragraph(t.no_patterns));
  else {
    const P = R.patterns;
    B.push(
      list(
        sc.patterns.map((p) => {
          switch (p.code) {
            case 'missing_column':
              return [P.missing_column(p.axis!, p.count!)];
            case 'frequent_axis_failure':
              return [P.frequent_axis_failure(p.axis!, p.count!)];
            case 'zero_row':
              return [P.zero_row(p.item!)];
            case 'outlier':
              return [P.outlier(p.item!, fmt4(p.score!))];
            case 'empty_expected':
              return [P.empty_expected(p.item!, p.axis!)];
            case 'unparsed_output':
              return [P.unparsed_output(p.item!)];
            case 'step_broke_match':
              return [P.step_broke_match(p.step!, (p.items ?? []).join(', '))];
            case 'step_made_match':
              return [P.step_made_match(p.step!, (p.items ?? []).join(', '))];
          }
          return [''];
        }),
      ),
    );
  }
  const below = sc.items.filter((i) => i.score < 1);
  if (below.length) {
    B.push(heading(2, t.items_heading));
    B.push(
      list(
        below.map((i) => {
          const parts = Object.keys(i.breakdown)
            .filter((axis) => i.breakdown[axis] < 1)
            .map((axis) => `${axis}: ${describeAxisReason(i.reasons[axis], lang)}`);
          if (i.overrides.length) parts.push(t.overrides(i.overrides.join(', ')));
          return [t.item_row(i.item, fmt4(i.score), parts.join('; '))];
        }),
      ),
    );
  }
  if (sc.comparison) {
    const c = sc.comparison;
    B.push(heading(2, t.comparison_heading));
    if (c.same_rubric) B.push(paragraph(t.same_rubric));
    B.push(paragraph(t.comparison(num(c.exam_score_a, 'no_exam_items'), num(c.exam_score_b, 'no_exam_items'), num(c.delta, 'no_exam_items'))));
    B.push(paragraph(t.flips(c.false_negatives, c.false_positives)));
    if (c.flips.length) B.push(list(c.flips.map((f) => [t.flip_row(f.item, f.axis, t.flip_kind[f.kind])])));
  }
  if (sc.breakdown_check) {
    B.push(heading(2, t.breakdown_heading));
    B.push(
      list(
        sc.breakdown_check.map((b, k) => {
          const name = b.item ?? `#${k + 1}`;
          return [b.consistent ? t.breakdown_ok(name, fmt4(b.stated_score)) : t.breakdown_bad(name, fmt4(b.stated_score), fmt4(b.computed_score), b.lost.map((x) => `${x.axis} ${fmt4(x.lost)}`).join(', '))];
        }),
      ),
    );
  }
  if (sc.agreement) {
    const g = sc.agreement;
    B.push(heading(2, t.agreement_heading));
    B.push(paragraph(t.agreement(g.n, `${g.exact_count}/${g.n}`, `${g.within_one_count}/${g.n}`)));
    B.push(paragraph(t.kappas(num(g.cohen_kappa.value, g.cohen_kappa.reason), num(g.linear_weighted_kappa.value, g.linear_weighted_kappa.reason), num(g.quadratic_weighted_kappa.value, g.quadratic_weighted_kappa.reason))));
    B.push(paragraph(t.agreement_verdict(g.statistic, fmt4(g.min_kappa), g.check.status === 'pass')));
  }
  if (sc.drift) {
    B.push(heading(2, t.drift_heading), paragraph(t.drift(sc.drift.baseline_hash ?? '?', sc.drift.current_hash, sc.drift.drifted)));
  }
  return renderMarkdown(root(...B));
}

/** Axis name -> weight, from the rubric's canonical JSON (a Map: names come from data). */
function axisWeights(sc: RubricScorecard): Map<string, number> {
  const parsed = JSON.parse(sc.rubric_canonical) as { axes: { name: string; weight: number }[] };
  return new Map(parsed.axes.map((x) => [x.name, x.weight]));
}

function fmtWeight(w: number | undefined): string {
  return w === undefined ? '?' : fmt4(w);
}
