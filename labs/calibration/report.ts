/**
 * decision.md of the calibration lab, in Spanish or English. Numbers are rounded to 4 decimals here
 * only (the result stays unrounded); undefined values print as "no definido (razón)" /
 * "undefined (reason)".
 */
import type { RootContent } from 'mdast';
import type { Lang } from '../core/contract/types.ts';
import type { Inline } from '../core/contract/report.ts';
import { code, heading, list, paragraph, renderMarkdown, root, strong, table } from '../core/contract/report.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { calibrationMsg } from './i18n/index.ts';
import { lookupText } from '../core/contract/i18n/index.ts';
import type { CalibrationResult } from './engine.ts';
import type { MulticlassResult } from './engine_multiclass.ts';
import { renderMulticlassReport, selectiveLine } from './report_multiclass.ts';

/** A number rounded to 4 decimals for display ("0.6667", "11.6", "1"). */
export function fmt4(x: number): string {
  return String(Number(x.toFixed(4)));
}

/**
 * Renders the decision as Markdown in `lang`: verdict and reasons; the calibrator and the binning;
 * raw vs calibrated metrics with bootstrap intervals and Murphy's decomposition; the four
 * calibrators side by side; the conformal threshold, coverage and set sizes; the recommended pair
 * (or the cheapest pair, named as such) with its rule, confusion counts and ties; slices;
 * selective prediction (AURC, E-AURC); recalibration triggers; warnings; and a short reading
 * guide. Built as a Markdown tree (core/contract/report.ts): slice names, labels and the slice
 * column are text or code nodes. A K-class result goes to renderMulticlassReport
 * (report_multiclass.ts). Pure; never throws on a result produced by runCalibration or runMulticlass.
 */
export function renderCalibrationReport(result: CalibrationResult | MulticlassResult, lang: Lang): string {
  if (result.kind === 'multiclass') return renderMulticlassReport(result, lang);
  const m = coreMsg(lang);
  const c = calibrationMsg(lang);
  const t = c.report;
  const und = (code: string) => t.undefined(lookupText(code, m.undefined_reason, c.undefined_reason) ?? code);
  const v = (x: number | null, reason = 'no_cases') => (x === null ? und(reason) : fmt4(x));
  const blocks: RootContent[] = [heading(1, t.title)];
  const pass = result.decision.verdict === 'pass';
  blocks.push(paragraph(strong(`${t.verdict}:`), ' ', pass ? c.verdict.pass : c.verdict.fail));
  if (result.decision.reasons.length) blocks.push(list(result.decision.reasons.map((r) => [c.reasons[r]])));

  const cal = result.calibrator;
  blocks.push(heading(2, t.calibrator_heading));
  blocks.push(paragraph(t.calibrator_line(cal.type, lookupText(cal.type, c.calibrator_names) ?? cal.type, result.counts.calibration, result.counts.evaluation)));
  blocks.push(paragraph(t.binning_line(result.raw_metrics.bins, result.raw_metrics.binning)));
  const raw = result.raw_metrics;
  const cm = result.calibrated_metrics;
  const b = result.bootstrap;
  const ci = (x: { low: number | null; high: number | null } | undefined) => (x && x.low !== null && x.high !== null ? ` (${t.ci(fmt4(x.low), fmt4(x.high))})` : '');
  blocks.push(
    table(
      [t.metric, t.raw, t.calibrated],
      [
        ['Brier', `${v(raw.brier)}${ci(b?.raw_brier)}`, `${v(cm.brier)}${ci(b?.calibrated_brier)}`],
        ['log loss', v(raw.log_loss), v(cm.log_loss)],
        ['ECE', `${v(raw.ece)}${ci(b?.raw_ece)}`, `${v(cm.ece)}${ci(b?.calibrated_ece)}`],
        ['MCE', v(raw.mce), v(cm.mce)],
      ],
    ),
  );
  const d = cm.brier_decomposition;
  if (d) blocks.push(paragraph(t.decomposition(fmt4(d.reliability), fmt4(d.resolution), fmt4(d.uncertainty))));

  blocks.push(heading(2, t.compare_heading));
  blocks.push(
    table(
      [t.calibrator_col, 'Brier', 'log loss', 'ECE', 'MCE'],
      result.calibrators.map((s) => {
        const e = s.evaluation;
        return [[code(s.type), s.type === cal.type ? ' ✔' : ''], v(e.brier), v(e.log_loss), v(e.ece), v(e.mce)];
      }),
    ),
  );

  const cf = result.conformal;
  blocks.push(heading(2, t.conformal_heading));
  blocks.push(paragraph(t.conformal_line(cf.q === null ? t.q_infinite : fmt4(cf.q), cf.rank, cf.n_calibration, fmt4(cf.target_coverage))));
  blocks.push(paragraph(t.split_line(cf.n_fit, cf.n_quantile)));
  blocks.push(paragraph(t.coverage_line(v(cf.coverage), v(cf.mean_set_size))));
  blocks.push(paragraph(t.sets_line(cf.set_size_counts['0'], cf.set_size_counts['1'], cf.set_size_counts['2'])));

  const rec = result.recommended_policy;
  blocks.push(heading(2, rec.passes ? t.policy_heading : t.least_bad_heading));
  const k = rec.confusion_auto;
  blocks.push(
    list([
      [code(t.low), `: ${fmt4(rec.low)}`],
      [code(t.high), `: ${fmt4(rec.high)}`],
      [`${t.review_rate}: ${fmt4(rec.review_rate)}`],
      [`${t.auto_coverage}: ${fmt4(rec.auto_coverage)}`],
      [`${t.auto_error_rate}: ${v(rec.auto_error_rate, 'no_automated_cases')}`],
      [`${t.cost}: ${fmt4(rec.cost)}`],
      [t.confusion(k.tp, k.fp, k.fn, k.tn)],
      ...rec.failed_constraints.map((f): Inline[] => [lookupText(f, c.reasons) ?? f]),
    ]),
  );
  blocks.push(paragraph(t.rule(String(result.labels.negative), String(result.labels.positive))));
  blocks.push(paragraph(t.ties(rec.feasible_pairs, result.policy_grid.length, rec.ties_at_best_cost, rec.ties_after_rates)));

  blocks.push(heading(2, `${t.slices_heading} (`, code(result.slice_by), ')'));
  blocks.push(
    table(
      [t.slice, t.count, t.cal_count, t.base_rate, `Brier ${t.raw}`, `Brier ${t.calibrated}`, `ECE ${t.raw}`, `ECE ${t.calibrated}`, t.auto_coverage, t.auto_error_rate],
      result.slice_report.map((s) => [
        s.slice,
        String(s.count),
        String(s.calibration_count),
        v(s.base_rate),
        v(s.raw_brier),
        v(s.calibrated_brier),
        v(s.raw_ece),
        v(s.calibrated_ece),
        v(s.auto_coverage),
        v(s.auto_error_rate, 'no_automated_cases'),
      ]),
    ),
  );

  blocks.push(heading(2, c.mc_report.selective_heading), paragraph(selectiveLine(result.selective, lang)));

  if (result.triggers.length) {
    blocks.push(heading(2, t.triggers_heading));
    blocks.push(
      list(
        result.triggers.map((tr) => {
          const val = tr.value === null ? '' : ` (${fmt4(tr.value)}${tr.limit === null ? '' : ` / ${fmt4(tr.limit)}`})`;
          const det = tr.detail && tr.detail.length ? `: ${tr.detail.join(', ')}` : '';
          return [`${lookupText(tr.trigger, c.triggers) ?? tr.trigger}: ${tr.fired ? t.fired : t.not_fired}${val}${det}`];
        }),
      ),
    );
  }
  if (result.warnings.length) {
    blocks.push(heading(2, t.warnings_heading));
    blocks.push(list(result.warnings.map((w) => [lookupText(w, c.warnings) ?? w])));
  }
  blocks.push(heading(2, t.reading_heading));
  for (const r of t.reading) blocks.push(paragraph(r));
  return renderMarkdown(root(...blocks));
}
