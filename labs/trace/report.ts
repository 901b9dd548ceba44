/**
 * decision.md of the agent-trace lab, in Spanish or English, built as a Markdown tree
 * (core/contract/report.ts): run ids, tool names and step ids go into code or text nodes, so no
 * value from the trace can break a table or start a heading. It gives the verdict and its reasons,
 * the formula, one row per run (S_run, verdict, cost, latency, steps), the runs that fail in spite
 * of their S_run, and for each run its terms (weight, score, contribution), its blocking rules and
 * its steps with the checks that fail. Numbers are rounded to 4 decimals here only.
 */
import type { RootContent } from 'mdast';
import type { Lang } from '../core/contract/types.ts';
import type { Inline } from '../core/contract/report.ts';
import { checksTable, code, heading, list, paragraph, renderMarkdown, root, strong, table, fmtDecimal } from '../core/contract/report.ts';
import { undefinedReasonText } from '../core/contract/i18n/index.ts';
import { traceMsg } from './i18n/index.ts';
import type { StepCheck, TraceResult } from './engine.ts';

/** x rounded to `digits` decimals as a plain number string. */
export function fmtNumber(x: number, digits = 4): string {
  return fmtDecimal(x, digits);
}

/** Renders decision.md for a trace scorecard in `lang` (module comment). Pure. */
export function renderTraceReport(result: TraceResult, lang: Lang): string {
  const t = traceMsg(lang);
  const r = t.report;
  const num = (x: number | null, reason?: string | null) => (x === null ? r.undefined(undefinedReasonText(reason, t.undefined_reason)) : fmtNumber(x));
  const failing = (cs: StepCheck[]): Inline[] => {
    const bad = cs.filter((c) => !c.passed);
    if (bad.length === 0) return [r.none];
    const out: Inline[] = [];
    bad.forEach((c, i) => {
      if (i) out.push('; ');
      out.push(code(c.id), c.subject ? ` (${c.subject})` : '', `: ${t.step_checks[c.id]}`);
    });
    return out;
  };
  const d = result.decision;
  const blocks: RootContent[] = [heading(1, r.title)];
  if (result.policy_id) blocks.push(paragraph(`${r.policy}: `, code(result.policy_id)));
  if (result.task) blocks.push(paragraph(`${r.task}: ${result.task}`));
  blocks.push(paragraph(`${r.verdict}: `, strong(d.verdict.toUpperCase()), ` — ${t.verdict[d.verdict]}`));
  if (d.reasons.length) {
    blocks.push(heading(2, r.reasons));
    blocks.push(list(d.reasons.map((c) => [code(c), `: ${t.reasons[c]}`])));
  }
  blocks.push(paragraph(code(r.formula)));
  blocks.push(heading(2, r.runs_heading));
  blocks.push(
    table(
      [r.run, r.s_run, r.result, r.cost, r.latency, r.steps],
      result.runs.map((run) => [code(run.run_id), num(run.s_run, run.undefined_metrics.s_run), t.run_verdict[run.decision.verdict], fmtNumber(run.cost_eur), fmtNumber(run.latency_ms), String(run.steps_count)]),
    ),
  );
  if (result.summary.failed_despite_s_run.length) blocks.push(paragraph(r.lesson_skipped(result.summary.failed_despite_s_run.join(', '))));

  for (const run of result.runs) {
    blocks.push(heading(2, r.terms_heading(run.run_id)));
    blocks.push(
      table(
        [r.term, r.weight, r.score, r.contribution],
        run.term_details.map((x) => [
          t.terms[x.term],
          fmtNumber(x.weight),
          x.score === null ? r.undefined(undefinedReasonText(run.undefined_metrics[x.symbol], t.undefined_reason)) : x.total_checks !== null ? `${fmtNumber(x.score)} (${x.passed_checks}/${x.total_checks})` : fmtNumber(x.score),
          x.contribution === null ? r.undefined(undefinedReasonText('depends_on_undefined', t.undefined_reason)) : fmtNumber(x.contribution),
        ]),
      ),
    );
    blocks.push(heading(3, r.checks_heading));
    blocks.push(checksTable(run.checks, lang, (c) => t.checks[c.id], (c) => num(c.value, c.value_reason)));
    blocks.push(heading(3, r.timeline_heading(run.run_id)));
    blocks.push(
      table(
        [r.step, r.type, r.tool, r.failed_checks],
        run.steps.map((s) => [code(s.step_id), t.step_types[s.type], s.tool ? code(s.tool) : '', failing(s.checks)]),
      ),
    );
    blocks.push(paragraph(`${r.run_checks}: `, ...failing(run.run_checks)));
  }
  return renderMarkdown(root(...blocks));
}
