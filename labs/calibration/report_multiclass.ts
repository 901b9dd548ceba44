/**
 * decision.md of the calibration lab's K-class path, in Spanish or English, as a Markdown syntax
 * tree (core/contract/report.ts): every piece of user text (class names, policy texts) goes into a
 * text or code node and is escaped by the serializer. Numbers are rounded to 4 decimals here only;
 * undefined values print as "no definido (razón)" / "undefined (reason)".
 */
import type { Lang } from '../core/contract/types.ts';
import { coreMsg, lookupText } from '../core/contract/i18n/index.ts';
import { code, heading, list, paragraph, renderMarkdown, root, strong, table } from '../core/contract/report.ts';
import type { RootContent } from 'mdast';
import { calibrationMsg } from './i18n/index.ts';
import type { MulticlassResult } from './engine_multiclass.ts';
import type { SelectiveBlock } from './selective_block.ts';

function fmt4(x: number): string {
  return String(Number(x.toFixed(4)));
}

/** The selective-prediction paragraph shared with the binary report: AURC, oracle AURC, E-AURC. */
export function selectiveLine(s: SelectiveBlock, lang: Lang): string {
  const c = calibrationMsg(lang);
  const v = (x: number | null) => (x === null ? c.report.undefined(lookupText('no_cases', coreMsg(lang).undefined_reason, c.undefined_reason) ?? 'no_cases') : fmt4(x));
  return c.mc_report.selective_line(v(s.aurc), v(s.aurc_oracle), v(s.e_aurc), s.n, s.errors);
}

/**
 * Renders the K-class decision: verdict and reasons; the gate checks; metrics of the raw
 * probabilities and each calibrator; the conformal sets of the chosen calibrator and method with
 * the set-size distribution and the coverage per class; selective prediction; warnings. Pure.
 */
export function renderMulticlassReport(r: MulticlassResult, lang: Lang): string {
  const m = coreMsg(lang);
  const c = calibrationMsg(lang);
  const t = c.mc_report;
  const und = (code_: string) => c.report.undefined(lookupText(code_, m.undefined_reason, c.undefined_reason) ?? code_);
  const v = (x: number | null, reason: string | null = 'no_cases') => (x === null ? und(reason ?? 'no_cases') : fmt4(x));
  const pass = r.decision.verdict === 'pass';
  const out: RootContent[] = [
    heading(1, t.title),
    paragraph(strong(`${c.report.verdict}:`), ' ', pass ? c.mc_verdict.pass : c.mc_verdict.fail),
  ];
  if (r.decision.reasons.length) out.push(list(r.decision.reasons.map((x) => [c.reasons[x] ?? x])));
  out.push(paragraph(t.classes_line(r.classes.length, r.counts.calibration, r.counts.evaluation)));
  out.push(paragraph(t.chosen_line, code(r.calibrator.type), ` (${c.mc_calibrator_names[r.calibrator.type] ?? r.calibrator.type}). `, t.method_line, code(r.conformal_method)));

  out.push(heading(2, t.checks_heading));
  out.push(
    table(
      [t.check, t.value, t.threshold, t.status],
      r.checks.map((k) => [
        c.mc_checks[k.id] ?? k.id,
        k.value === null ? und(k.value_reason ?? 'no_cases') : fmt4(k.value),
        `${k.comparator} ${fmt4(k.threshold)}`,
        t.status_names[k.status] ?? k.status,
      ]),
    ),
  );

  out.push(heading(2, t.metrics_heading));
  out.push(
    table(
      [t.series, t.top_ece, t.classwise_ece, t.brier, t.log_loss, t.accuracy],
      r.calibrators.map((s) => {
        const e = s.evaluation;
        const name = `${c.mc_calibrator_names[s.type] ?? s.type}${s.type === r.calibrator.type ? ' ✔' : ''}`;
        return [name, v(e.top_label_ece), v(e.classwise_ece), v(e.brier), v(e.log_loss), v(e.accuracy)];
      }),
    ),
  );

  const cf = r.conformal;
  out.push(heading(2, `${t.conformal_heading} (${cf.method.toUpperCase()})`));
  out.push(paragraph(t.q_line(cf.q === null ? t.q_infinite : fmt4(cf.q), cf.rank, cf.n_calibration, fmt4(cf.target_coverage))));
  out.push(paragraph(t.coverage_line(v(cf.coverage), v(cf.mean_set_size), cf.empty_sets, cf.full_sets)));
  if (cf.method === 'aps') out.push(paragraph(t.randomized(cf.randomized)));
  out.push(heading(3, t.sizes_heading));
  out.push(table([t.size, t.cases], cf.size_counts.map((s) => [String(s.size), String(s.count)])));
  out.push(heading(3, t.per_class_heading));
  out.push(table([t.class_col, 'n', t.coverage], cf.per_class.map((p) => [p.class, String(p.count), v(p.coverage, p.undefined_reason)])));

  out.push(heading(2, t.selective_heading));
  out.push(paragraph(selectiveLine(r.selective, lang)));

  if (r.warnings.length) {
    out.push(heading(2, t.warnings_heading));
    out.push(list(r.warnings.map((w) => [c.warnings[w] ?? w])));
  }
  return renderMarkdown(root(...out));
}
