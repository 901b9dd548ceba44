/**
 * The RAG engine's per-slice table and bootstrap intervals of the aggregates (core's bootstrap of a
 * mean, labs/core/stats/bootstrap.ts).
 */
import type { RunHooks } from '../../core/contract/lab.ts';
import { bootstrapMeans, percentileInterval } from '../../core/stats/bootstrap.ts';
import type { RagPolicy } from '../schema.ts';
import { CI_METRICS } from './codes.ts';
import type { CIRow, CaseRow, PopulationStat, SliceRow } from './types.ts';
import { populations } from './populations.ts';

/**
 * The per-slice table: each slice's cases and its scoped aggregates, with the reason of every
 * undefined one.
 */
export function slicesOf(rows: CaseRow[]): SliceRow[] {
  const groups = new Map<string, CaseRow[]>();
  for (const r of rows) {
    let g = groups.get(r.slice);
    if (!g) {
      g = [];
      groups.set(r.slice, g);
    }
    g.push(r);
  }
  return [...groups].map(([slice, g]) => {
    const p = populations(g);
    const undefinedMetrics: SliceRow['undefined_metrics'] = {};
    const val = (key: keyof SliceRow['undefined_metrics'], s: PopulationStat) => {
      if (s.reason) undefinedMetrics[key] = s.reason;
      return s.value;
    };
    return {
      slice,
      cases: g.length,
      answerable_cases: g.filter((r) => r.answerable).length,
      non_answerable_cases: g.filter((r) => !r.answerable).length,
      precision_at_k: val('precision_at_k', p.precision_at_k.scoped.stat),
      recall_at_k: val('recall_at_k', p.recall_at_k.scoped.stat),
      mrr_at_k: val('mrr_at_k', p.mrr_at_k.scoped.stat),
      ndcg_at_k: val('ndcg_at_k', p.ndcg_at_k.scoped.stat),
      groundedness: val('groundedness', p.groundedness.scoped.stat),
      citation_recall: val('citation_recall', p.citation_recall.scoped.stat),
      no_answer_accuracy: val('no_answer_accuracy', p.no_answer_accuracy.scoped.stat),
      critical_failures: g.filter((r) => r.critical_failure).length,
      avg_context_tokens: val('avg_context_tokens', p.avg_context_tokens.scoped.stat),
      n: { retrieval: p.recall_at_k.scoped.stat.n, answered_answerable: p.groundedness.scoped.stat.n, unanswerable: p.no_answer_accuracy.scoped.stat.n },
      undefined_metrics: undefinedMetrics,
    };
  });
}

/**
 * Percentile bootstrap intervals of the mean-type aggregates over the gate's population (core's
 * bootstrapMeans: metrics on the same population share the resamples); undefined
 * ('empty_population') for an empty one.
 */
export function bootstrapIntervals(pops: ReturnType<typeof populations>, gatePop: RagPolicy['gate_population'], policy: RagPolicy, hooks?: RunHooks): CIRow[] {
  const pv = (m: (typeof CI_METRICS)[number]) => (gatePop === 'kit' ? (pops[m].kit ?? pops[m].scoped) : pops[m].scoped);
  // metrics on the same population share the resamples
  const groups = new Map<string, (typeof CI_METRICS)[number][]>();
  for (const m of CI_METRICS) {
    const key = pv(m).members.join(',');
    const g = groups.get(key);
    if (g) g.push(m);
    else groups.set(key, [m]);
  }
  const out = new Map<string, CIRow>();
  let done = 0;
  for (const metrics of groups.values()) {
    const first = pv(metrics[0]);
    const n = first.members.length;
    if (n === 0) {
      for (const m of metrics) out.set(m, { metric: m, population: pv(m).stat.population, n: 0, estimate: null, low: null, high: null, defined_rounds: 0, reason: 'empty_population' });
      continue;
    }
    const step = Math.max(1, Math.floor(policy.bootstrap_rounds / 50));
    const estimates = bootstrapMeans(
      metrics.map((m) => pv(m).values),
      policy.bootstrap_rounds,
      policy.bootstrap_seed,
      (round) => {
        if (hooks?.progress && round % step === 0) hooks.progress('bootstrap', (done + round / policy.bootstrap_rounds) / groups.size);
      },
    );
    done++;
    metrics.forEach((m, j) => {
      const ci = percentileInterval(estimates[j], policy.confidence_level);
      out.set(m, { metric: m, population: pv(m).stat.population, n, estimate: pv(m).stat.value, low: ci.low, high: ci.high, defined_rounds: ci.defined_rounds, reason: null });
    });
  }
  return CI_METRICS.map((m) => out.get(m)!);
}
