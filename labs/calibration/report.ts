/**
 * decision.md of the calibration lab, in Spanish or English. Numbers are rounded to 4 decimals here
 * only (the result stays unrounded); undefined values print as "no definido (razón)" /
 * "undefined (reason)".
 */
import type { Lang, MaybeNumber } from '../core/contract/types.ts';
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
 * guide. A K-class result goes to renderMulticlassReport (report_multiclass.ts). Pure; never
 * throws on a result produced by runCalibration or runMulticlass.
 */
export function renderCalibrationReport(result: CalibrationResult | MulticlassResult, lang: Lang): string {
  if (result.kind === 'multiclass') return renderMulticlassReport(result, lang);
  const m = coreMsg(lang);
  const c = calibrationMsg(lang);
  const t = c.report;
  const und = (code: string) => t.undefined(lookupText(code, m.undefined_reason, c.undefined_reason) ?? code);
  const v = (x: MaybeNumber, reason = 'no_cases') => (x === null ? und(reason) : fmt4(x));
  const lines: string[] = [`# ${t.title}`, ''];
  const pass = result.decision.verdict === 'pass';
  lines.push(`**${t.verdict}:** ${pass ? c.verdict.pass : c.verdict.fail}`, '');
  for (const r of result.decision.reasons) lines.push(`- ${c.reasons[r]}`);
  if (result.decision.reasons.length) lines.push('');

  const cal = result.calibrator;
  lines.push(`## ${t.calibrator_heading}`, '');
  lines.push(t.calibrator_line(cal.type, c.calibrator_names[cal.type] ?? cal.type, result.counts.calibration, result.counts.evaluation));
  lines.push(t.binning_line(result.raw_metrics.bins, result.raw_metrics.binning), '');
  const raw = result.raw_metrics;
  const cm = result.calibrated_metrics;
  const b = result.bootstrap;
  const ci = (x: { low: MaybeNumber; high: MaybeNumber } | undefined) => (x && x.low !== null && x.high !== null ? ` (${t.ci(fmt4(x.low), fmt4(x.high))})` : '');
  lines.push(`| ${t.metric} | ${t.raw} | ${t.calibrated} |`, '|---|---|---|');
  lines.push(`| Brier | ${v(raw.brier)}${ci(b?.raw_brier)} | ${v(cm.brier)}${ci(b?.calibrated_brier)} |`);
  lines.push(`| log loss | ${v(raw.log_loss)} | ${v(cm.log_loss)} |`);
  lines.push(`| ECE | ${v(raw.ece)}${ci(b?.raw_ece)} | ${v(cm.ece)}${ci(b?.calibrated_ece)} |`);
  lines.push(`| MCE | ${v(raw.mce)} | ${v(cm.mce)} |`, '');
  const d = cm.brier_decomposition;
  if (d) lines.push(t.decomposition(fmt4(d.reliability), fmt4(d.resolution), fmt4(d.uncertainty)), '');

  lines.push(`## ${t.compare_heading}`, '');
  lines.push(`| ${t.calibrator_col} | Brier | log loss | ECE | MCE |`, '|---|---|---|---|---|');
  for (const s of result.calibrators) {
    const e = s.evaluation;
    lines.push(`| \`${s.type}\`${s.type === cal.type ? ' ✔' : ''} | ${v(e.brier)} | ${v(e.log_loss)} | ${v(e.ece)} | ${v(e.mce)} |`);
  }
  lines.push('');

  const cf = result.conformal;
  lines.push(`## ${t.conformal_heading}`, '');
  lines.push(t.conformal_line(cf.q === null ? t.q_infinite : fmt4(cf.q), cf.rank, cf.n_calibration, fmt4(cf.target_coverage)));
  lines.push(t.coverage_line(v(cf.coverage), v(cf.mean_set_size)));
  lines.push(t.sets_line(cf.set_size_counts['0'], cf.set_size_counts['1'], cf.set_size_counts['2']), '');

  const rec = result.recommended_policy;
  lines.push(`## ${rec.passes ? t.policy_heading : t.least_bad_heading}`, '');
  lines.push(`- \`${t.low}\`: ${fmt4(rec.low)}`);
  lines.push(`- \`${t.high}\`: ${fmt4(rec.high)}`);
  lines.push(`- ${t.review_rate}: ${fmt4(rec.review_rate)}`);
  lines.push(`- ${t.auto_coverage}: ${fmt4(rec.auto_coverage)}`);
  lines.push(`- ${t.auto_error_rate}: ${v(rec.auto_error_rate, 'no_automated_cases')}`);
  lines.push(`- ${t.cost}: ${fmt4(rec.cost)}`);
  const k = rec.confusion_auto;
  lines.push(`- ${t.confusion(k.tp, k.fp, k.fn, k.tn)}`);
  for (const f of rec.failed_constraints) lines.push(`- ${c.reasons[f] ?? f}`);
  lines.push('');
  lines.push(t.rule(String(result.labels.negative), String(result.labels.positive)));
  lines.push(t.ties(rec.feasible_pairs, result.policy_grid.length, rec.ties_at_best_cost, rec.ties_after_rates), '');

  lines.push(`## ${t.slices_heading} (\`${result.slice_by}\`)`, '');
  lines.push(`| ${t.slice} | ${t.count} | ${t.cal_count} | ${t.base_rate} | Brier ${t.raw} | Brier ${t.calibrated} | ECE ${t.raw} | ECE ${t.calibrated} | ${t.auto_coverage} | ${t.auto_error_rate} |`);
  lines.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const s of result.slice_report) {
    lines.push(
      `| ${s.slice} | ${s.count} | ${s.calibration_count} | ${v(s.base_rate)} | ${v(s.raw_brier)} | ${v(s.calibrated_brier)} | ${v(s.raw_ece)} | ${v(s.calibrated_ece)} | ${v(s.auto_coverage)} | ${v(s.auto_error_rate, 'no_automated_cases')} |`,
    );
  }
  lines.push('');

  lines.push(`## ${c.mc_report.selective_heading}`, '', selectiveLine(result.selective, lang), '');

  if (result.triggers.length) {
    lines.push(`## ${t.triggers_heading}`, '');
    for (const tr of result.triggers) {
      const val = tr.value === null ? '' : ` (${fmt4(tr.value)}${tr.limit === null ? '' : ` / ${fmt4(tr.limit)}`})`;
      const det = tr.detail && tr.detail.length ? `: ${tr.detail.join(', ')}` : '';
      lines.push(`- ${c.triggers[tr.trigger] ?? tr.trigger}: ${tr.fired ? t.fired : t.not_fired}${val}${det}`);
    }
    lines.push('');
  }
  if (result.warnings.length) {
    lines.push(`## ${t.warnings_heading}`, '');
    for (const w of result.warnings) lines.push(`- ${c.warnings[w] ?? w}`);
    lines.push('');
  }
  lines.push(`## ${t.reading_heading}`, '');
  for (const r of t.reading) lines.push(r);
  return lines.join('\n') + '\n';
}
