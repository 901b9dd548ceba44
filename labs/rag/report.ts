/**
 * decision.md of the RAG lab, in Spanish or English, built as a Markdown syntax tree
 * (core/contract/report.ts): every case id, slice, chunk id, claim text and variant id goes into a
 * text or inline-code node, so `|`, newlines, backticks or `<script>` in the data cannot break a
 * table or pass as HTML. It carries the kit's sections (result, aggregate metrics, constraints,
 * diagnosis per case, recommended action) and adds: the gate checklist with values and thresholds,
 * the blocking reasons, each aggregate over the kit's and its own population with who is left out
 * and the bootstrap CI, the first failing layer, unsupported claims and citations outside the
 * evidence, the per-slice table, the scored lists and fusion, the selected paired comparison, and
 * the variant comparison with the recommendation and why every other variant lost.
 * Numbers are rounded to 4 decimals here only.
 */
import type { Lang } from '../core/contract/types.ts';
import type { Inline } from '../core/contract/report.ts';
import { code, heading, list, paragraph, renderMarkdown, root, strong, table, text, fmtDecimal } from '../core/contract/report.ts';
import { coreMsg } from '../core/contract/i18n/index.ts';
import { ragMsg } from './i18n/index.ts';
import type { PopulationStat, RagResult } from './engine.ts';
import { POPULATION_METRICS } from './engine.ts';

/** x rounded to `digits` decimals as a plain number string (0.25, -0.3333, 1); null -> null. */
export function fmtNumber(x: number | null, digits = 4): string | null {
  if (x === null) return null;
  return fmtDecimal(x, digits);
}

/** Renders decision.md for a RAG scorecard in `lang`. Never throws. */
export function renderRagReport(result: RagResult, lang: Lang): string {
  const t = ragMsg(lang);
  const r = t.report;
  const core = coreMsg(lang).undefined_reason as Record<string, string>;
  const reasonText = (reason: string | null | undefined): string =>
    (t.undefined_reason as Record<string, string>)[reason ?? ''] ?? core[reason ?? ''] ?? reason ?? '?';
  const undef = (reason: string | null | undefined) => r.undefined(reasonText(reason));
  const num = (x: number | null, reason?: string | null) => fmtNumber(x) ?? undef(reason);
  const metricName = (m: string) => (t.metrics as Record<string, string>)[m] ?? m;
  const level = fmtNumber(result.bootstrap.confidence * 100, 2)!;
  const d = result.decision;

  const blocks: Parameters<typeof root> = [];
  blocks.push(heading(1, r.title));
  blocks.push(paragraph(`${r.result}: `, strong(d.verdict.toUpperCase()), ` — ${t.verdict[d.verdict]}`));
  blocks.push(
    list([
      [`${r.eval}: `, code(result.eval_name)],
      [r.k(result.k, result.k_source === 'policy' ? r.k_policy : r.k_view)],
      [r.gain(result.gain === 'exponential' ? r.gain_exponential : r.gain_linear)],
      [r.gate_population(result.gate_population === 'kit' ? r.gate_population_kit : r.gate_population_scoped)],
    ]),
  );

  // gate checklist
  blocks.push(heading(2, r.checks_heading));
  blocks.push(
    table(
      [r.condition, r.value, r.threshold, r.status],
      result.checks.map((c) => [
        code(c.id),
        c.value === null ? undef(c.value_reason) : fmtNumber(c.value)!,
        `${c.comparator} ${fmtNumber(c.threshold)}`,
        c.status === 'pass' ? r.pass : `${c.status === 'fail' ? r.fail : r.undefined_status} (${c.reason})`,
      ]),
      [null, 'right', 'right', null],
    ),
  );
  if (d.reasons.length) {
    blocks.push(heading(2, r.reasons_heading));
    blocks.push(list(d.reasons.map((code_) => [code(code_), `: ${t.reasons[code_]}`])));
  }

  // aggregates over both populations, with CIs
  blocks.push(heading(2, r.aggregates_heading));
  const ci = new Map(result.bootstrap.intervals.map((x) => [x.metric as string, x]));
  const leftOut = (s: PopulationStat) => (s.left_out.length ? s.left_out.map((l) => `${reasonText(l.reason)}: ${l.count}`).join('; ') : r.none);
  const rows: Inline[][] = [];
  rows.push([metricName('critical_failures'), String(result.aggregate.critical_failures), '', String(result.aggregate.critical_failures), '', '', '']);
  for (const m of POPULATION_METRICS) {
    const p = result.aggregate_populations[m];
    const c = ci.get(m);
    const ciText = !c ? '' : c.low === null ? undef(c.reason) : `[${fmtNumber(c.low)}, ${fmtNumber(c.high)}]`;
    rows.push([
      metricName(m),
      p.kit ? num(p.kit.value, p.kit.reason) : '—',
      p.kit ? String(p.kit.n) : '',
      num(p.scoped.value, p.scoped.reason),
      String(p.scoped.n),
      leftOut(p.scoped),
      ciText,
    ]);
  }
  blocks.push(table([r.metric, r.kit_value, r.n, r.scoped_value, r.n, r.left_out, r.ci(level)], rows, [null, 'right', 'right', 'right', 'right', null, null]));
  const popName = result.gate_population === 'kit' ? r.gate_population_kit : r.gate_population_scoped;
  blocks.push(paragraph(r.ci_note(level, result.bootstrap.rounds, result.bootstrap.seed, popName)));
  blocks.push(paragraph(r.populations_note));

  // per case
  blocks.push(heading(2, r.per_case_heading));
  blocks.push(
    table(
      [r.case, r.slice, r.answerable, 'P@k', 'R@k', 'RR', 'RR@k', 'nDCG@k', metricName('context_tokens'), metricName('groundedness'), metricName('citation_precision'), metricName('citation_recall'), r.diagnosis, r.first_layer],
      result.per_case.map((c) => [
        code(c.case_id),
        text(c.slice),
        c.answerable ? r.yes : r.no,
        num(c.precision_at_k, c.undefined_metrics.precision_at_k),
        num(c.recall_at_k, c.undefined_metrics.recall_at_k),
        num(c.reciprocal_rank, c.undefined_metrics.reciprocal_rank),
        num(c.reciprocal_rank_at_k, c.undefined_metrics.reciprocal_rank_at_k),
        num(c.ndcg_at_k, c.undefined_metrics.ndcg_at_k),
        c.context_tokens === null ? num(null, c.undefined_metrics.context_tokens) : String(c.context_tokens),
        num(c.groundedness, c.undefined_metrics.groundedness),
        num(c.citation_precision, c.undefined_metrics.citation_precision),
        num(c.citation_recall, c.undefined_metrics.citation_recall),
        code(c.diagnosis),
        c.first_failing_layer ? t.layer_diagnosis[c.layer_diagnosis] : r.none,
      ]),
    ),
  );

  // the evidence problems
  blocks.push(heading(2, r.evidence_heading));
  const problems: Inline[][] = [];
  for (const c of result.per_case) {
    for (const u of c.unsupported_claims) problems.push([r.unsupported_claim(c.case_id, u.index), text(u.text)]);
    for (const u of c.claims_supported_outside_context) problems.push([r.outside_context_claim(c.case_id, u.index), text(u.text)]);
    if (c.citations_outside_retrieved.length) problems.push([r.cited_outside_retrieved(c.case_id), ...joinCodes(c.citations_outside_retrieved)]);
    const notRetrievedSet = new Set(c.citations_outside_retrieved);
    const onlyContext = c.citations_outside_context.filter((id) => !notRetrievedSet.has(id));
    if (onlyContext.length) problems.push([r.cited_outside_context(c.case_id), ...joinCodes(onlyContext)]);
  }
  blocks.push(problems.length ? list(problems) : paragraph(r.no_evidence_problems));

  // slices
  blocks.push(heading(2, r.slices_heading));
  blocks.push(
    table(
      [r.slice, r.cases_count, 'R@k', 'nDCG@k', 'MRR@k', metricName('groundedness'), metricName('citation_recall'), metricName('no_answer_accuracy'), metricName('critical_failures')],
      result.slices.map((s) => [
        text(s.slice),
        String(s.cases),
        num(s.recall_at_k, s.undefined_metrics.recall_at_k),
        num(s.ndcg_at_k, s.undefined_metrics.ndcg_at_k),
        num(s.mrr_at_k, s.undefined_metrics.mrr_at_k),
        num(s.groundedness, s.undefined_metrics.groundedness),
        num(s.citation_recall, s.undefined_metrics.citation_recall),
        num(s.no_answer_accuracy, s.undefined_metrics.no_answer_accuracy),
        String(s.critical_failures),
      ]),
    ),
  );

  // scored lists and fusion
  blocks.push(heading(2, r.retrieval_heading));
  blocks.push(
    table(
      [r.source, r.label, 'P@k', 'R@k', 'MRR@k', 'nDCG@k'],
      result.retrieval.sources.map((s) =>
        s.available
          ? [t.sources[s.source], code(s.label), num(s.aggregate.precision_at_k, s.undefined_metrics.precision_at_k), num(s.aggregate.recall_at_k, s.undefined_metrics.recall_at_k), num(s.aggregate.mrr_at_k, s.undefined_metrics.mrr_at_k), num(s.aggregate.ndcg_at_k, s.undefined_metrics.ndcg_at_k)]
          : [t.sources[s.source], r.unavailable(reasonText(s.reason)), '', '', '', ''],
      ),
    ),
  );
  blocks.push(paragraph(r.conventions(result.k, result.gain)));
  if (result.by_k.length) {
    blocks.push(heading(3, r.by_k_heading));
    blocks.push(
      table(
        [r.cutoff, r.label, 'P@k', 'R@k', 'Hit@k', 'MRR@k', 'nDCG@k'],
        result.by_k.flatMap((row) =>
          row.sources.map((s) => [
            String(row.k),
            code(s.label),
            num(s.aggregate.precision_at_k, s.undefined_metrics.precision_at_k),
            num(s.aggregate.recall_at_k, s.undefined_metrics.recall_at_k),
            num(s.aggregate.hit_at_k, s.undefined_metrics.hit_at_k),
            num(s.aggregate.mrr_at_k, s.undefined_metrics.mrr_at_k),
            num(s.aggregate.ndcg_at_k, s.undefined_metrics.ndcg_at_k),
          ]),
        ),
        ['right', null, 'right', 'right', 'right', 'right', 'right'],
      ),
    );
  }
  const f = result.retrieval.fusion;
  blocks.push(paragraph(r.fusion(t.fusion_methods[f.method], f.k, t.sources[f.a], t.sources[f.b]), f.available ? '' : ` ${r.unavailable(reasonText(f.reason))}`));

  const p = result.paired;
  if (p) {
    blocks.push(heading(2, r.paired_heading));
    const m = p.mcnemar;
    const bs = p.bootstrap;
    blocks.push(
      list([
        [r.paired_summary(t.sources[p.a], t.sources[p.b], p.n)],
        [r.paired_wins(t.sources[p.b], p.b_wins_count, t.sources[p.a], p.a_wins_count, p.ties)],
        [m.undefined_reason ? `McNemar: ${undef(m.undefined_reason)}` : r.paired_mcnemar(m.b, m.c, fmtNumber(m.chi2_continuity)!, fmtNumber(m.chi2_continuity_p_value)!, fmtNumber(m.exact_p_value)!)],
        [bs.delta === null ? undef(bs.undefined_reason) : r.paired_bootstrap(fmtNumber(bs.delta)!, fmtNumber(bs.low) ?? '?', fmtNumber(bs.high) ?? '?', level)],
      ]),
    );
  }

  // variants
  const cmp = result.comparison;
  if (cmp) {
    blocks.push(heading(2, r.variants_heading));
    blocks.push(paragraph(r.gate_from(t.gate_source[cmp.gate_source])));
    blocks.push(
      table(
        [r.variant, r.quality, 'R@k', 'nDCG@k', metricName('groundedness'), metricName('critical_failures'), metricName('p95_latency_ms'), metricName('cost_per_accepted_answer'), r.gate, r.dominated_by, r.pareto_cost, r.pareto_latency, r.why],
        cmp.variants.map((v) => [
          code(v.variant_id),
          fmtNumber(v.quality_score)!,
          fmtNumber(v.recall_at_k)!,
          fmtNumber(v.ndcg_at_k)!,
          fmtNumber(v.groundedness)!,
          String(v.critical_failures),
          fmtNumber(v.p95_latency_ms)!,
          fmtNumber(v.cost_per_accepted_answer)!,
          v.passes_gate ? r.pass : r.fail,
          v.dominated_by.length ? v.dominated_by.join(', ') : r.none,
          v.on_pareto_cost ? r.yes : r.no,
          v.on_pareto_latency ? r.yes : r.no,
          v.lost_because.length
            ? v.lost_because
                .map((l) =>
                  l.code === 'fails_gate'
                    ? t.lost_because.fails_gate(l.checks.join(', '))
                    : l.code === 'dominated'
                      ? t.lost_because.dominated(l.by.join(', '))
                      : l.code === 'no_candidate'
                        ? t.lost_because.no_candidate
                        : t.lost_because[l.code](l.than),
                )
                .join('; ')
            : '—',
        ]),
      ),
    );
    blocks.push(paragraph(cmp.recommended ? r.recommended(cmp.recommended, t.comparison_decision[cmp.decision]) : r.no_recommended(t.comparison_decision[cmp.decision])));
  }

  if (result.warnings.length) {
    blocks.push(heading(2, r.warnings_heading));
    blocks.push(list(result.warnings.map((w) => [t.warnings[w.code](w.input, w.count), ...(w.examples.length ? [': ', ...joinCodes(w.examples)] : [])])));
  }

  blocks.push(heading(2, r.action_heading));
  // a failed decision with every listed check passing has reasons of its own (no_contract: no
  // condition at all): the action names them, never the pass sentence
  const failedChecks = result.checks.filter((c) => c.status !== 'pass').map((c) => c.id);
  const failed = failedChecks.length ? failedChecks : result.decision.verdict === 'fail' ? result.decision.reasons : [];
  blocks.push(paragraph(failed.length ? r.action_fail(failed.join(', ')) : r.action_pass));
  return renderMarkdown(root(...blocks));
}

function joinCodes(ids: string[]): Inline[] {
  const out: Inline[] = [];
  ids.forEach((id, i) => {
    if (i) out.push(', ');
    out.push(code(id));
  });
  return out;
}
