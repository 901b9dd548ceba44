/**
 * RAG lab engine (chapter 03): a RAG answer as a chain of custody of evidence, scored layer by
 * layer. It is the kit's ops/ai/rag_eval.py (scorecard key for key: per-case retrieval metrics at
 * k, groundedness, citation precision and recall, diagnosis, aggregates, constraints, decision)
 * and ops/ai/rag_experiment_matrix.py (labs/rag/variants.ts), with these deliberate differences,
 * each pinned by tests/reference/rag.test.ts or the unit tests:
 *   - numbers stay unrounded (the kit rounds every per-case value to 4 decimals and then averages
 *     the rounded values; the gate here compares unrounded values);
 *   - a gold chunk graded <= 0 is not relevant (the kit counts every key of gold_chunks);
 *   - undefined is not zero: recall@k, RR, nDCG@k and context precision of an answerable case with
 *     no relevant chunk are null ('no_relevant_chunks') and left out of the means (the kit's
 *     safe_div gives 0.0); no-answer accuracy with no unanswerable case is null (the kit: 0.0), and
 *     the gate fails closed on it with its own reason code;
 *   - repeated citations count once (the kit counts list entries in citation precision);
 *   - a repeated chunk id in a retrieved list counts once, at its first rank;
 *   - an answerable case with no relevant judged chunk gets diagnosis 'no_relevant_judgment', and a
 *     case without an `answer` 'no_answer_recorded' (the kit has neither situation);
 *   - the gate is a list of GateChecks, one per constraint with its value and threshold; with
 *     policy.gate_population = 'scoped' it reads the scoped populations instead of the kit's.
 * Added: MRR@k (RR cut at k) beside the kit's MRR over the full list, DCG/IDCG, context precision,
 * linear gain, the first failing layer of each case with the claims that lack support and the
 * citations outside the retrieved list (and outside the context), each aggregate over its right
 * population beside the kit's (with who is left out and why), bootstrap CIs, a per-slice table,
 * TREC qrels and runs scored like the cases' own lists, fusion (RRF, CombSUM, CombMNZ) scored the
 * same way, the paired per-case comparison of any two scored lists (McNemar and a paired
 * bootstrap, labs/core/stats/paired.ts), and the trace view of one case.
 *
 * Populations (aggregate_populations.<metric>.{kit, scoped}):
 *   retrieval metrics         kit = scoped = answerable cases with a relevant judged chunk
 *   groundedness (+ in ctx)   kit: every case with >= 1 claim (the unanswerable one that answered
 *                             included); scoped: answerable cases that answered, with >= 1 claim
 *   citation_precision        kit: every case with >= 1 citation; scoped: answered answerable ones
 *   citation_recall           kit: every case with a relevant chunk (abstentions count as 0);
 *                             scoped: answered answerable cases
 *   no_answer_accuracy        unanswerable cases (null when there are none)
 *   critical_failure_rate,    unanswerable cases; answerable cases (scoped only)
 *   unnecessary_abstention_rate
 *   avg_context_tokens        every case
 * Judgments: a case's gold_chunks, or, when a qrels file is given and lists the case's id as a
 * qid, that query's judgments (for every list and for the citations).
 */
import type { RunHooks } from '../core/contract/lab.ts';
import { verdictOf } from '../core/contract/gate_check.ts';
import type { Gain } from '../core/stats/ranking.ts';
import type { RagInput } from './schema.ts';
import { LIST_SOURCES, SOURCES } from './view.ts';
import type { ListSource, RagView, SourceId } from './view.ts';
import { compareVariants } from './variants.ts';
import type { PairedDeltaBootstrap } from '../core/stats/paired.ts';
import { gateChecks } from './decision.ts';
import { AGGREGATE_KEYS, POPULATION_METRICS } from './engine/codes.ts';
import type { AggregateKey } from './engine/codes.ts';
import type { CutoffRow, FusionSummary, MissingSource, PairedComparison, RagBase, RagHeavy, RagResult, RagWarning, Trace } from './engine/types.ts';
import { evaluateCase } from './engine/per_case.ts';
import { populations, sameStat } from './engine/populations.ts';
import { comparePair, fuse, listsOf, reversePair, scoreSource, stripEstimates } from './engine/lists.ts';
import type { ListOfCase, SourceInternal } from './engine/lists.ts';
import { bootstrapIntervals, slicesOf } from './engine/slices.ts';
import { buildTrace } from './engine/trace.ts';

export { LAYER_OF, RETRIEVAL_METRICS, AGGREGATE_KEYS, POPULATION_METRICS, CI_METRICS, RANKING_CONVENTIONS } from './engine/codes.ts';
import { RANKING_CONVENTIONS } from './engine/codes.ts';
export type { CaseReason, AggregateReason, Diagnosis, Layer, LayerDiagnosis, PopulationId, RetrievalMetric, AggregateKey, PopulationMetric } from './engine/codes.ts';
export type { CutoffRow, PopulationStat, CaseRow, SliceRow, CIRow, SourceCaseRow, ScoredSource, MissingSource, FusionSummary, PairedComparison, TraceChunk, Trace, RagWarning, RagHeavy, RagBase, RagResult } from './engine/types.ts';

// ---------------------------------------------------------------------------------------------
// run / select

/**
 * Everything that depends on the input and on the heavy part of the view (k, gain, fusion,
 * cutoffs): the per-case rows, aggregates over both populations, bootstrap CIs, the gate, slices,
 * every scored list (cases, run, run_b, fused) at k and at each of the view's `cutoffs` (`by_k`),
 * the paired comparison of every pair of them, the variant comparison and the trace of every case. Pure and deterministic (seeded bootstrap); reports
 * progress as 'bootstrap'. Throws only on a bug (a RangeError from core/stats for values the
 * schema already refuses).
 */
export function runRag(input: RagInput, view: RagView, hooks?: RunHooks): RagHeavy {
  const { policy, cases } = input;
  const k = view.k ?? policy.k;
  const gain: Gain = view.gain;
  const evals = cases.map((c) => evaluateCase(c, input, k, gain));
  const rows = evals.map((e) => e.row);
  const pops = populations(rows);

  const aggregate = {} as Record<AggregateKey, number | null>;
  const undefinedMetrics: RagBase['undefined_metrics'] = {};
  for (const key of AGGREGATE_KEYS) {
    if (key === 'critical_failures') {
      aggregate[key] = rows.filter((r) => r.critical_failure).length;
      continue;
    }
    const s = (pops[key].kit ?? pops[key].scoped).stat;
    aggregate[key] = s.value;
    if (s.reason) undefinedMetrics[key] = s.reason;
  }
  const aggregatePopulations = {} as RagBase['aggregate_populations'];
  for (const m of POPULATION_METRICS) {
    const kit = pops[m].kit?.stat ?? null;
    const scoped = pops[m].scoped.stat;
    aggregatePopulations[m] = { kit, scoped, differs: kit !== null && !sameStat(kit, scoped) };
  }

  const gatePop = policy.gate_population;
  const checks = gateChecks(policy, (id) => {
    if (id === 'critical_failures') return { value: aggregate.critical_failures, reason: null };
    const s = gatePop === 'kit' ? (aggregatePopulations[id].kit ?? aggregatePopulations[id].scoped) : aggregatePopulations[id].scoped;
    return { value: s.value, reason: s.reason };
  });
  const constraints: RagBase['constraints'] = {};
  for (const c of checks) constraints[c.id] = c.status === 'pass';
  // A policy with no threshold at all (the CLI's default for qrels and runs alone) is no contract:
  // nothing can be shown to hold, so the gate fails closed with its own reason.
  const gate = verdictOf(checks);
  const decision: typeof gate = checks.length ? gate : { verdict: 'fail', reasons: ['no_contract'], warnings: [] };

  // scored lists
  const sourcesInternal: SourceInternal[] = [];
  const missing: MissingSource[] = [];
  const listSources = new Map<ListSource, ListOfCase[]>();
  const warnings: RagWarning[] = [];
  const caseIds = new Set(cases.map((c) => c.case_id));
  for (const s of LIST_SOURCES) {
    const lists = listsOf(s, input);
    if (!lists) {
      missing.push({ source: s, available: false, reason: 'source_missing' });
      continue;
    }
    listSources.set(s, lists);
    let empty = 0;
    if (s !== 'cases') {
      const run = s === 'run' ? input.run! : input.run_b!;
      const extra = [...run.queries.keys()].filter((q) => !caseIds.has(q));
      if (extra.length) warnings.push({ code: 'run_qids_not_in_cases', input: s, count: extra.length, examples: extra.slice(0, 10) });
      const absent = cases.filter((c) => !run.queries.has(c.case_id)).map((c) => c.case_id);
      empty = absent.length;
      if (absent.length) warnings.push({ code: 'cases_missing_from_run', input: s, count: absent.length, examples: absent.slice(0, 10) });
    }
    // cases whose lists all come from one run (TREC files alone) say so: the two rows are the same lists
    const from = cases[0].retrieved_from;
    const label = s === 'cases' ? (from !== null && cases.every((c) => c.retrieved_from === from) ? `cases (retrieved_from: ${from})` : 'cases') : (s === 'run' ? input.run! : input.run_b!).tag;
    sourcesInternal.push(scoreSource(s, label, lists, evals, cases, k, gain, empty));
  }
  if (input.qrels) {
    const extra = [...input.qrels.queries.keys()].filter((q) => !caseIds.has(q));
    if (extra.length) warnings.push({ code: 'qrels_qids_not_in_cases', input: 'qrels', count: extra.length, examples: extra.slice(0, 10) });
  }
  const fv = view.fusion;
  const fusion: FusionSummary = { method: fv.method, k: fv.k, a: fv.a, b: fv.b, available: false, reason: null };
  const la = listSources.get(fv.a);
  const lb = listSources.get(fv.b);
  if (!la || !lb) fusion.reason = 'fusion_source_missing';
  else if (fv.a === fv.b) fusion.reason = 'fusion_same_source';
  else {
    const fused = fuse(fv, la, lb);
    if (fused === 'fusion_missing_scores') fusion.reason = fused;
    else {
      fusion.available = true;
      const label = fv.method === 'rrf' ? `rrf(k=${fv.k}; ${fv.a}, ${fv.b})` : `${fv.method}(${fv.a}, ${fv.b})`;
      sourcesInternal.push(scoreSource('fused', label, fused, evals, cases, k, gain, 0));
    }
  }
  if (!fusion.available) missing.push({ source: 'fused', available: false, reason: fusion.reason! });

  // every scored list at each asked cut-off (the lists and judgments do not depend on k)
  const byK: CutoffRow[] = (view.cutoffs ?? []).map((kk) => ({
    k: kk,
    sources: sourcesInternal.map((s) => {
      const at = kk === k ? s.summary : scoreSource(s.summary.source, s.summary.label, s.lists, evals, cases, kk, gain, s.summary.empty_cases).summary;
      return { source: at.source, label: at.label, aggregate: at.aggregate, undefined_metrics: at.undefined_metrics };
    }),
  }));

  // paired comparisons of every pair of scored lists (both orders)
  const pairs = new Map<string, PairedComparison>();
  for (let x = 0; x < sourcesInternal.length; x++) {
    for (let y = x + 1; y < sourcesInternal.length; y++) {
      const p = comparePair(sourcesInternal[x], sourcesInternal[y], cases, policy, policy.bootstrap_seed) as PairedComparison & { bootstrap: PairedDeltaBootstrap & { metric: 'ndcg_at_k' } };
      pairs.set(`${p.a}|${p.b}`, stripEstimates(p));
      pairs.set(`${p.b}|${p.a}`, stripEstimates(reversePair(p)));
    }
  }

  const intervals = bootstrapIntervals(pops, gatePop, policy, hooks);
  const caseIndex = new Map<string, number>(cases.map((c, i) => [c.case_id, i]));
  const traceOf = (id: string): Trace | null => {
    const i = caseIndex.get(id);
    return i === undefined ? null : buildTrace(cases[i], evals[i], k, sourcesInternal, i);
  };
  const order = new Map<SourceId, number>(SOURCES.map((s, i) => [s, i]));
  const allSources = [...sourcesInternal.map((s) => s.summary), ...missing].sort((p, q) => order.get(p.source)! - order.get(q.source)!);

  const base: RagBase = {
    eval_name: policy.eval_name,
    k,
    cases: cases.length,
    answerable_cases: cases.filter((c) => c.answerable).length,
    non_answerable_cases: cases.filter((c) => !c.answerable).length,
    aggregate,
    constraints,
    decision,
    per_case: rows,
    checks,
    undefined_metrics: undefinedMetrics,
    gain,
    k_source: view.k === null ? 'policy' : 'view',
    policy_k: policy.k,
    gate_population: gatePop,
    aggregate_populations: aggregatePopulations,
    bootstrap: { seed: policy.bootstrap_seed, rounds: policy.bootstrap_rounds, confidence: policy.confidence_level, population: gatePop, intervals },
    slices: slicesOf(rows),
    retrieval: { sources: allSources, fusion },
    by_k: byK,
    comparison: input.variants ? compareVariants(input.variants, policy.variant_gate) : null,
    comparison_reason: input.variants ? null : 'no_variants',
    warnings,
  };
  return { base, pairs, traceOf, firstCase: cases[0].case_id };
}

/** The scorecard for a view: the heavy result plus the compared pair and the trace case it names. */
export function selectRag(heavy: RagHeavy, view: RagView): RagResult {
  const { a, b } = view.compare;
  const pair = heavy.pairs.get(`${a}|${b}`) ?? null;
  const traceId = view.trace_case ?? heavy.firstCase;
  const trace = heavy.traceOf(traceId);
  return {
    ...heavy.base,
    paired: a === b ? null : pair,
    paired_reason: a === b ? 'same_source' : pair ? null : 'source_missing',
    trace,
    trace_reason: trace ? null : 'unknown_case',
    conventions: RANKING_CONVENTIONS,
  };
}
