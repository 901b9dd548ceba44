/**
 * The RAG lab's engine on small inputs written here, with the expected values worked out by hand
 * in each test: the conventions (a chunk graded 0, no relevant chunk, empty claims, citations outside
 * the retrieved list, a cut context, repeated ids, k beyond the list, an empty run for a query),
 * the populations, the gate (undefined values fail closed), TREC inputs, fusion, the paired
 * comparison, the variant comparator (gate precedence, dominance, Pareto fronts, why each lost), the
 * trace, and the heavy/cheap split. Edits to the input texts (regrade a chunk, reorder the list, cut
 * the context) recompute everything.
 */
import { describe, expect, it } from 'vitest';
import { lab } from '../../labs/rag/lab.ts';
import type { RagHeavy, RagResult } from '../../labs/rag/engine.ts';
import { CI_METRICS } from '../../labs/rag/engine.ts';
import { defaultRagView, ragHeavyKey, ragViewSchema } from '../../labs/rag/view.ts';
import type { RagView } from '../../labs/rag/view.ts';
import { readPath } from '../../labs/core/contract/paths.ts';

const L3 = Math.log2(3);

interface CaseSpec {
  id: string;
  answerable?: boolean;
  slice?: string;
  gold?: Record<string, number>;
  retrieved?: (string | [string, number])[];
  tokens?: number;
  context?: string[];
  answer?: null | { abstained?: boolean; citations?: string[]; claims?: [string, string[]][] };
}
function mkCase(c: CaseSpec) {
  const retrieved = (c.retrieved ?? []).map((r, i) => (typeof r === 'string' ? { chunk_id: r, score: 1 - i / 100, tokens: c.tokens ?? 100 } : { chunk_id: r[0], score: 1 - i / 100, tokens: r[1] }));
  const answer =
    c.answer === null
      ? undefined
      : {
          abstained: c.answer?.abstained ?? false,
          citations: c.answer?.citations ?? [],
          claims: (c.answer?.claims ?? []).map(([text, supporting_chunks]) => ({ text, supporting_chunks })),
        };
  return {
    case_id: c.id,
    slice: c.slice ?? 's',
    answerable: c.answerable ?? true,
    gold_chunks: c.gold ?? {},
    retrieved,
    ...(c.context ? { context_chunks: c.context } : {}),
    ...(answer ? { answer } : {}),
  };
}
const POLICY = {
  k: 3,
  min_recall_at_k: 0.75,
  min_ndcg_at_k: 0.7,
  min_groundedness: 0.85,
  min_citation_recall: 0.75,
  min_no_answer_accuracy: 0.9,
  max_critical_failures: 0,
  max_avg_context_tokens: 520,
};
function texts(cases: CaseSpec[], policy: Record<string, unknown> = {}, extra: Record<string, string> = {}): Record<string, string> {
  return { cases: JSON.stringify(cases.map(mkCase), null, 2), policy: JSON.stringify({ ...POLICY, ...policy }, null, 2), ...extra };
}
function view(v: Partial<RagView> = {}): RagView {
  return { ...defaultRagView, ...v };
}
function heavyOf(t: Record<string, string>, v: RagView = view()): RagHeavy {
  const p = lab.parse(t, 'en');
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return lab.run(p.value, v) as RagHeavy;
}
function run(t: Record<string, string>, v: RagView = view()): RagResult {
  return lab.select(heavyOf(t, v), v);
}
const row = (r: RagResult, id: string) => r.per_case.find((c) => c.case_id === id)!;

/** An answerable case that passes every layer, an unanswerable one that abstains. */
const GOOD: CaseSpec[] = [
  { id: 'g1', gold: { A: 3 }, retrieved: ['A', 'x', 'y'], answer: { citations: ['A'], claims: [['a claim', ['A']]] } },
  { id: 'u1', answerable: false, retrieved: ['p', 'q', 'r'], answer: { abstained: true } },
];

describe('conventions, case by case', () => {
  it('a gold chunk graded 0 is not relevant: recall over the one graded chunk, citing it is not relevant', () => {
    const r = run(texts([{ id: 'c', gold: { A: 0, B: 2 }, retrieved: ['A', 'B', 'C'], answer: { citations: ['A', 'B'], claims: [['x', ['B']]] } }]));
    const c = row(r, 'c');
    expect(c.relevant_chunks).toBe(1);
    expect(c.recall_at_k).toBe(1);
    expect(c.precision_at_k).toBeCloseTo(1 / 3, 15);
    expect(c.reciprocal_rank).toBe(0.5);
    expect(c.ndcg_at_k).toBeCloseTo(3 / L3 / 3, 14); // DCG (2^2 − 1)/log2(3), IDCG 3
    expect(c.citation_precision).toBe(0.5);
    expect(c.citations_not_relevant).toEqual(['A']);
    expect(c.layer_diagnosis).toBe('citation_not_relevant');
    expect(c.diagnosis).toBe('ok_answer'); // the kit's rule does not look at citation precision
  });

  it('an answerable case with no relevant chunk: recall, RR, nDCG undefined and left out of the means (counted)', () => {
    const r = run(texts([...GOOD, { id: 'nogold', gold: { Z: 0 }, retrieved: ['Z', 'x', 'y'], answer: { citations: [], claims: [['c', ['Z']]] } }]));
    const c = row(r, 'nogold');
    expect(c.recall_at_k).toBeNull();
    expect(c.undefined_metrics.recall_at_k).toBe('no_relevant_chunks');
    expect(c.undefined_metrics.ndcg_at_k).toBe('no_relevant_chunks');
    expect(c.precision_at_k).toBe(0);
    expect(c.diagnosis).toBe('no_relevant_judgment');
    expect(c.first_failing_layer).toBe('judgments');
    const recall = r.aggregate_populations.recall_at_k.scoped;
    expect(recall.n).toBe(1);
    expect(recall.value).toBe(1);
    expect(recall.left_out).toEqual([
      { reason: 'not_answerable', count: 1, case_ids: ['u1'] },
      { reason: 'no_relevant_chunks', count: 1, case_ids: ['nogold'] },
    ]);
    // precision keeps it: (1/3 + 0) / 2
    expect(r.aggregate.precision_at_k).toBeCloseTo(1 / 6, 15);
  });

  it('empty claims: groundedness undefined, left out with the reason', () => {
    const r = run(texts([...GOOD, { id: 'e', gold: { A: 1 }, retrieved: ['A'], answer: { citations: ['A'], claims: [] } }]));
    expect(row(r, 'e').groundedness).toBeNull();
    expect(row(r, 'e').undefined_metrics.groundedness).toBe('no_claims');
    const g = r.aggregate_populations.groundedness.scoped;
    expect(g.n).toBe(1);
    expect(g.left_out.find((l) => l.reason === 'no_claims')!.case_ids).toEqual(['e']);
  });

  it('citations outside the retrieved list and claims resting outside the context are reported', () => {
    const r = run(texts([{ id: 'c', gold: { A: 3 }, retrieved: ['A', 'x', 'y', 'w'], answer: { citations: ['A', 'GHOST', 'w', 'A'], claims: [['ok', ['A']], ['deep', ['w']]] } }]));
    const c = row(r, 'c');
    expect(c.citations).toBe(3); // repeated citations count once
    expect(c.citations_outside_retrieved).toEqual(['GHOST']);
    expect(c.citations_outside_context).toEqual(['GHOST', 'w']); // w is at rank 4, outside the top 3
    expect(c.claims_supported_outside_context).toEqual([{ index: 1, text: 'deep', supporting_chunks: ['w'] }]);
    expect(c.groundedness).toBe(1); // the kit's definition: every claim names a supporting chunk
    expect(c.groundedness_in_context).toBe(0.5);
    expect(c.citation_precision).toBeCloseTo(1 / 3, 15);
    expect(c.layer_diagnosis).toBe('support_outside_context');
    expect(c.first_failing_layer).toBe('groundedness');
  });

  it('cutting the context (context_chunks) leaves a relevant chunk out: context gap, fewer tokens', () => {
    const base: CaseSpec = { id: 'c', gold: { G: 3 }, retrieved: [['G', 170], ['N', 120], ['M', 180]], answer: { citations: ['G'], claims: [['x', ['G']]] } };
    const full = row(run(texts([base])), 'c');
    expect(full.context_tokens).toBe(470);
    expect(full.layer_diagnosis).toBe('ok_answer');
    const cut = row(run(texts([{ ...base, context: ['N'] }])), 'c');
    expect(cut.context_source).toBe('context_chunks');
    expect(cut.context_tokens).toBe(120);
    expect(cut.relevant_left_out_of_context).toEqual(['G']);
    expect(cut.layer_diagnosis).toBe('context_gap');
    expect(cut.first_failing_layer).toBe('context');
    expect(cut.groundedness_in_context).toBe(0);
    expect(cut.recall_at_k).toBe(1); // retrieval did its part
  });

  it('a repeated chunk id counts once at its first rank; its tokens are still sent', () => {
    const c = row(run(texts([{ id: 'd', gold: { A: 3, B: 1 }, retrieved: [['A', 100], ['A', 100], ['B', 50]], answer: { citations: ['A', 'B'], claims: [['x', ['A']]] } }])), 'd');
    expect(c.duplicate_ranks).toEqual([2]);
    expect(c.precision_at_k).toBeCloseTo(2 / 3, 15);
    expect(c.dcg_at_k).toBe(7.5); // 7/1 + 0 + 1/log2(4)
    expect(c.ndcg_at_k).toBeCloseTo(7.5 / (7 + 1 / L3), 14);
    expect(c.context_tokens).toBe(250);
  });

  it('k from the view beyond the list length: precision divides by k', () => {
    const r = run(texts(GOOD), view({ k: 10 }));
    expect(r.k).toBe(10);
    expect(r.k_source).toBe('view');
    expect(r.policy_k).toBe(3);
    expect(row(r, 'g1').precision_at_k).toBe(0.1);
    expect(row(r, 'g1').context_tokens).toBe(300);
  });

  it('an answer that is not recorded: answer metrics undefined, the case left out of the answer populations', () => {
    const r = run(texts([...GOOD, { id: 'na', gold: { A: 1 }, retrieved: ['A'], answer: null }, { id: 'nu', answerable: false, answer: null }]));
    expect(row(r, 'na').diagnosis).toBe('no_answer_recorded');
    expect(row(r, 'na').undefined_metrics.citation_recall).toBe('no_answer_recorded');
    expect(row(r, 'nu').critical_failure).toBe(false);
    expect(r.aggregate_populations.no_answer_accuracy.scoped.left_out.find((l) => l.reason === 'no_answer_recorded')!.case_ids).toEqual(['nu']);
    expect(r.aggregate.no_answer_accuracy).toBe(1);
  });
});

describe('aggregates and the gate', () => {
  it('a set that meets every constraint passes', () => {
    const r = run(texts(GOOD));
    expect(r.decision).toEqual({ verdict: 'pass', reasons: [], warnings: [] });
    expect(r.checks.every((c) => c.status === 'pass')).toBe(true);
    expect(r.constraints.recall_at_k).toBe(true);
  });
  it('no unanswerable question: no-answer accuracy undefined, and its check fails closed with its own reason', () => {
    const r = run(texts([GOOD[0]]));
    expect(r.aggregate.no_answer_accuracy).toBeNull();
    expect(r.undefined_metrics.no_answer_accuracy).toBe('no_unanswerable_cases');
    const check = r.checks.find((c) => c.id === 'no_answer_accuracy')!;
    expect(check.status).toBe('undefined');
    expect(check.reason).toBe('no_answer_accuracy_undefined');
    expect(check.value_reason).toBe('no_unanswerable_cases');
    expect(r.decision).toEqual({ verdict: 'fail', reasons: ['no_answer_accuracy_undefined'], warnings: [] });
  });
  it('regrading a chunk in the text moves recall and the verdict (the trace edit "grade a chunk relevant")', () => {
    const miss: CaseSpec = { id: 'm', gold: { A: 3 }, retrieved: ['A', 'B', 'x'], answer: { citations: ['A', 'B'], claims: [['x', ['A']], ['y', ['B']]] } };
    const strict = { min_recall_at_k: 0.8 };
    const before = run(texts([...GOOD, { ...miss, gold: { A: 3, B: 0, C: 2 } }], strict));
    // relevant: A, C (B graded 0); C not retrieved -> recall 1/2 in m, mean (1 + 1/2)/2 = 0.75 < 0.8
    expect(row(before, 'm').recall_at_k).toBe(0.5);
    expect(before.decision).toEqual({ verdict: 'fail', reasons: ['recall_at_k_below_threshold'], warnings: [] });
    const after = run(texts([...GOOD, { ...miss, gold: { A: 3, B: 2, C: 0 } }], strict));
    expect(row(after, 'm').recall_at_k).toBe(1);
    expect(after.aggregate.recall_at_k).toBe(1);
    expect(after.decision.verdict).toBe('pass');
  });
  it('reordering the list in the text changes RR and nDCG', () => {
    const a = row(run(texts([{ id: 'o', gold: { A: 3 }, retrieved: ['x', 'A', 'y'], answer: { citations: ['A'], claims: [['c', ['A']]] } }])), 'o');
    const b = row(run(texts([{ id: 'o', gold: { A: 3 }, retrieved: ['A', 'x', 'y'], answer: { citations: ['A'], claims: [['c', ['A']]] } }])), 'o');
    expect(a.reciprocal_rank).toBe(0.5);
    expect(a.ndcg_at_k).toBeCloseTo(1 / L3, 15);
    expect(b.reciprocal_rank).toBe(1);
    expect(b.ndcg_at_k).toBe(1);
  });
  it('linear gain from the view', () => {
    const t = texts([{ id: 'l', gold: { A: 2, B: 3 }, retrieved: ['A', 'x', 'y'], answer: { citations: ['A'], claims: [['c', ['A']]] } }]);
    expect(row(run(t, view({ gain: 'linear' })), 'l').ndcg_at_k).toBeCloseTo(2 / (3 + 2 / L3), 14);
    expect(row(run(t), 'l').ndcg_at_k).toBeCloseTo(3 / (7 + 3 / L3), 14);
  });
  it("gate_population 'scoped' reads the answered answerable cases (on the kit's shape: citation recall 0.75 now passes)", () => {
    const kitLike: CaseSpec[] = [
      { id: 'r1', gold: { A: 3 }, retrieved: ['A', 'x', 'y'], answer: { citations: ['A'], claims: [['c', ['A']]] } },
      { id: 'r2', gold: { A: 2, P: 3 }, retrieved: ['A', 'x', 'y'], answer: { citations: ['A'], claims: [['c', ['A']], ['d', []]] } },
      { id: 'r3', gold: { B: 3 }, retrieved: ['x', 'y', 'z', 'B'], answer: { abstained: true } },
      { id: 'r4', answerable: false, retrieved: ['p'], answer: { abstained: true } },
      { id: 'r5', answerable: false, retrieved: ['p'], answer: { citations: ['p'], claims: [['e', []]] } },
    ];
    const kit = run(texts(kitLike));
    const scoped = run(texts(kitLike, { gate_population: 'scoped' }));
    expect(kit.checks.find((c) => c.id === 'citation_recall')!.value).toBe(0.5);
    expect(scoped.checks.find((c) => c.id === 'citation_recall')!.value).toBe(0.75);
    expect(scoped.constraints.citation_recall).toBe(true);
    expect(scoped.checks.find((c) => c.id === 'groundedness')!.value).toBe(0.75);
    expect(scoped.bootstrap.population).toBe('scoped');
  });
  it("the policy's optional thresholds add checks", () => {
    const r = run(texts(GOOD, { min_mrr_at_k: 0.9, min_citation_precision: 1, min_context_precision: 0.5 }));
    expect(r.checks.map((c) => c.id)).toEqual(['recall_at_k', 'ndcg_at_k', 'groundedness', 'citation_recall', 'no_answer_accuracy', 'critical_failures', 'avg_context_tokens', 'mrr_at_k', 'context_precision', 'citation_precision']);
  });
  it('bootstrap CIs: seeded, deterministic; one case gives a degenerate interval; an empty population none', () => {
    const a = run(texts(GOOD, { bootstrap_rounds: 200, bootstrap_seed: 7 }));
    const b = run(texts(GOOD, { bootstrap_rounds: 200, bootstrap_seed: 7 }));
    expect(a.bootstrap.intervals).toEqual(b.bootstrap.intervals);
    const recall = a.bootstrap.intervals.find((c) => c.metric === 'recall_at_k')!;
    expect([recall.n, recall.low, recall.high]).toEqual([1, 1, 1]);
    const only = run(texts([GOOD[1]]));
    expect(only.bootstrap.intervals.find((c) => c.metric === 'recall_at_k')).toMatchObject({ n: 0, low: null, high: null, reason: 'empty_population' });
  });
  it('slices: each metric over its population inside the slice', () => {
    const r = run(texts([{ ...GOOD[0], slice: 'a' }, { ...GOOD[1], slice: 'b' }]));
    expect(r.slices.map((s) => [s.slice, s.cases, s.recall_at_k, s.no_answer_accuracy])).toEqual([
      ['a', 1, 1, null],
      ['b', 1, null, 1],
    ]);
    expect(r.slices[0].undefined_metrics.no_answer_accuracy).toBe('no_unanswerable_cases');
  });
});

const RUN_A = ['c1 Q0 a 1 3 bm25', 'c1 Q0 b 2 2 bm25', 'c1 Q0 c 3 1 bm25', 'c2 Q0 g 1 5 bm25', 'c2 Q0 h 2 4 bm25', 'zz Q0 a 1 1 bm25'].join('\n');
const RUN_B = ['c1 Q0 b 1 0.9 dense', 'c1 Q0 d 2 0.8 dense', 'c1 Q0 a 3 0.7 dense'].join('\n');
const TWO: CaseSpec[] = [
  { id: 'c1', gold: { d: 1 }, retrieved: ['a'], answer: { abstained: true } },
  { id: 'c2', gold: { g: 2 }, retrieved: ['g'], answer: { citations: ['g'], claims: [['x', ['g']]] } },
];

describe('TREC inputs, fusion and the paired comparison', () => {
  it('runs are scored like the cases; a case with no line is an empty list; unknown qids are warned about', () => {
    const r = run(texts(TWO, {}, { run: RUN_A, run_b: RUN_B }));
    const runA = r.retrieval.sources.find((s) => s.source === 'run')!;
    expect(runA.available && runA.label).toBe('bm25');
    const runB = r.retrieval.sources.find((s) => s.source === 'run_b')!;
    if (!runB.available) throw new Error('run_b');
    expect(runB.empty_cases).toBe(1);
    expect(runB.per_case[1]).toMatchObject({ case_id: 'c2', retrieved_chunks: 0, recall_at_k: 0, ndcg_at_k: 0, reciprocal_rank: 0 });
    expect(r.warnings).toEqual([
      { code: 'run_qids_not_in_cases', input: 'run', count: 1, examples: ['zz'] },
      { code: 'cases_missing_from_run', input: 'run_b', count: 1, examples: ['c2'] },
    ]);
  });
  it('RRF k = 60 of [a, b, c] and [b, d, a]: b, a, d, c, so the relevant d is at rank 3 (RR 1/3)', () => {
    const r = run(texts(TWO, {}, { run: RUN_A, run_b: RUN_B }));
    const fused = r.retrieval.sources.find((s) => s.source === 'fused')!;
    if (!fused.available) throw new Error('fused');
    expect(fused.label).toBe('rrf(k=60; run, run_b)');
    expect(fused.per_case[0].reciprocal_rank).toBeCloseTo(1 / 3, 15);
    const trace = run(texts(TWO, {}, { run: RUN_A, run_b: RUN_B }), view({ trace_case: 'c1' })).trace!;
    const f = trace.sources.find((s) => s.source === 'fused')!;
    expect(f.chunks.map((c) => c.chunk_id)).toEqual(['b', 'a', 'd', 'c']);
    expect(f.chunks[0].fused_ranks).toEqual([2, 1]);
    expect(f.chunks[0].fused_score).toBeCloseTo(1 / 62 + 1 / 61, 15);
    expect(f.chunks[2].relevant).toBe(true);
  });
  it('fusion needs two loaded, different lists; CombSUM needs scores', () => {
    expect(run(texts(TWO)).retrieval.fusion).toMatchObject({ available: false, reason: 'fusion_source_missing' });
    expect(run(texts(TWO, {}, { run: RUN_A }), view({ fusion: { method: 'rrf', k: 60, a: 'run', b: 'run' } })).retrieval.fusion.reason).toBe('fusion_same_source');
    const noScore = JSON.stringify([{ case_id: 'c1', answerable: true, gold_chunks: { d: 1 }, retrieved: [{ chunk_id: 'a' }], answer: { abstained: true } }]);
    const t = { cases: noScore, policy: JSON.stringify(POLICY), run: RUN_A };
    expect(run(t, view({ fusion: { method: 'combsum', k: 60, a: 'cases', b: 'run' } })).retrieval.fusion.reason).toBe('fusion_missing_scores');
    const ok = run(t, view({ fusion: { method: 'rrf', k: 60, a: 'cases', b: 'run' } }));
    expect(ok.retrieval.fusion.available).toBe(true);
  });
  it('CombMNZ through the engine: a, b from both lists rank first', () => {
    const r = run(texts(TWO, {}, { run: RUN_A, run_b: RUN_B }), view({ fusion: { method: 'combmnz', k: 60, a: 'run', b: 'run_b' }, trace_case: 'c1' }));
    // run: a 1, b 0.5, c 0; run_b: b 1, d 0.5, a 0 -> a 1·2, b 1.5·2, d 0.5, c 0
    const chunks = r.trace!.sources.find((s) => s.source === 'fused')!.chunks;
    expect(chunks.map((c) => c.chunk_id)).toEqual(['b', 'a', 'd', 'c']);
    [3, 2, 0.5, 0].forEach((score, i) => expect(chunks[i].fused_score).toBeCloseTo(score, 14));
  });
  it('paired comparison: wins by nDCG@k, McNemar on full recall, the reversed pair mirrors it', () => {
    const h = heavyOf(texts(TWO, {}, { run: RUN_A, run_b: RUN_B }));
    const ab = lab.select(h, view({ compare: { a: 'run', b: 'run_b' } })).paired!;
    // c1: run has no d (nDCG 0, recall 0); run_b has d at rank 2 (recall 1). c2: run has g at 1, run_b is empty.
    expect(ab.n).toBe(2);
    expect(ab.b_wins).toEqual(['c1']);
    expect(ab.a_wins).toEqual(['c2']);
    expect([ab.mcnemar.b, ab.mcnemar.c]).toEqual([1, 1]);
    expect(ab.mcnemar.chi2_continuity).toBe(0); // max(0, |1 − 1| − 1)² / 2 (R's mcnemar.test; unclamped it would be 1/2)
    const nd = ab.deltas.find((d) => d.metric === 'ndcg_at_k')!;
    expect(nd.a).toBeCloseTo(0.5, 15); // (0 + 1) / 2
    expect(nd.b).toBeCloseTo(1 / L3 / 2, 15); // (1/log2(3) + 0) / 2
    expect(ab.bootstrap.delta).toBeCloseTo(nd.delta!, 15);
    const ba = lab.select(h, view({ compare: { a: 'run_b', b: 'run' } })).paired!;
    expect(ba.b_wins).toEqual(['c2']);
    expect(ba.bootstrap.delta).toBeCloseTo(-ab.bootstrap.delta!, 15);
    expect(ba.bootstrap.low).toBeCloseTo(-ab.bootstrap.high!, 12);
    expect(lab.select(h, view({ compare: { a: 'run', b: 'run' } }))).toMatchObject({ paired: null, paired_reason: 'same_source' });
    const noRuns = heavyOf(texts(TWO));
    expect(lab.select(noRuns, view())).toMatchObject({ paired: null, paired_reason: 'source_missing' });
  });
  it('qrels replace gold_chunks for the cases they list', () => {
    const r = run(texts(TWO, {}, { qrels: 'c1 0 a 2\nc1 0 d 0\nother 0 x 1\n' }));
    expect(row(r, 'c1').judgment_source).toBe('qrels');
    expect(row(r, 'c1').recall_at_k).toBe(1);
    expect(row(r, 'c2').judgment_source).toBe('gold_chunks');
    expect(r.warnings).toEqual([{ code: 'qrels_qids_not_in_cases', input: 'qrels', count: 1, examples: ['other'] }]);
  });
});

const VARIANTS = [
  { variant_id: 'base', change: 'b', recall_at_k: 0.6, ndcg_at_k: 0.6, groundedness: 0.8, citation_recall: 0.7, no_answer_accuracy: 0.9, critical_failures: 0, avg_context_tokens: 400, p95_latency_ms: 500, cost_per_accepted_answer: 0.002 },
  { variant_id: 'worse', change: 'w', recall_at_k: 0.5, ndcg_at_k: 0.6, groundedness: 0.8, citation_recall: 0.7, no_answer_accuracy: 0.9, critical_failures: 0, avg_context_tokens: 450, p95_latency_ms: 600, cost_per_accepted_answer: 0.003 },
  { variant_id: 'tie_slow', change: 't', recall_at_k: 0.6, ndcg_at_k: 0.6, groundedness: 0.8, citation_recall: 0.7, no_answer_accuracy: 0.9, critical_failures: 0, avg_context_tokens: 300, p95_latency_ms: 700, cost_per_accepted_answer: 0.001 },
  { variant_id: 'best', change: 'x', recall_at_k: 0.9, ndcg_at_k: 0.9, groundedness: 0.9, citation_recall: 0.9, no_answer_accuracy: 0.8, critical_failures: 1, avg_context_tokens: 600, p95_latency_ms: 2000, cost_per_accepted_answer: 0.01 },
];

describe('variant comparison', () => {
  it("falls back to the kit comparator's thresholds when no gate is given (no candidate here)", () => {
    const r = run(texts(GOOD, {}, { variants: JSON.stringify(VARIANTS) }));
    const c = r.comparison!;
    expect(c.gate_source).toBe('kit_comparator_default');
    expect(c.recommended).toBeNull();
    expect(c.decision).toBe('no_release_candidate');
  });
  it("a gate in the variants file wins over the policy's; dominance, ties and why each lost", () => {
    const gate = { min_recall_at_k: 0.55, max_critical_failures: 0 };
    const r = run(texts(GOOD, { variant_gate: { min_recall_at_k: 0.99 } }, { variants: JSON.stringify({ gate, variants: VARIANTS }, null, 2) }));
    const c = r.comparison!;
    expect(c.gate_source).toBe('variants_file');
    expect(c.policy).toEqual(gate);
    // base and tie_slow both pass and tie on quality (0.72); base has the lower p95
    expect(c.candidates).toEqual(['base', 'tie_slow']);
    expect(c.recommended).toBe('base');
    const by = (id: string) => c.variants.find((v) => v.variant_id === id)!;
    expect(by('base').quality_score).toBeCloseTo((0.6 + 0.6 + 0.8 + 0.7 + 0.9) / 5, 15);
    expect(by('worse').dominated_by).toEqual(['base']);
    expect(by('worse').lost_because).toEqual([
      { code: 'fails_gate', checks: ['recall_at_k'] },
      { code: 'dominated', by: ['base'] },
    ]);
    expect(by('tie_slow').lost_because).toEqual([{ code: 'tie_higher_p95', than: 'base' }]);
    expect(by('best').lost_because).toEqual([{ code: 'fails_gate', checks: ['critical_failures'] }]);
    expect(by('best').checks.find((k) => k.id === 'critical_failures')).toMatchObject({ subject: 'best', value: 1, threshold: 0, status: 'fail', reason: 'critical_failures_present' });
    // Pareto of quality vs cost: tie_slow (cheapest at 0.72) and best (highest quality); base costs more at equal quality
    expect(c.pareto.cost).toEqual(['tie_slow', 'best']);
    expect(c.pareto.latency).toEqual(['base', 'best']);
    expect(c.deltas_vs_baseline.find((d) => d.variant_id === 'best')!.recall_at_k).toBeCloseTo(0.3, 15);
  });
  it("the policy's variant_gate is used when the file has none", () => {
    const r = run(texts(GOOD, { variant_gate: { min_recall_at_k: 0.55 } }, { variants: JSON.stringify(VARIANTS) }));
    expect(r.comparison!.gate_source).toBe('policy');
    expect(r.comparison!.recommended).toBe('best');
  });
  it('no variants file: comparison null with the reason', () => {
    expect(run(texts(GOOD))).toMatchObject({ comparison: null, comparison_reason: 'no_variants' });
  });
});

describe('trace, select and the heavy/cheap split', () => {
  it('the trace of the selected case marks gold chunks, grades, the context, citations and support', () => {
    const t = texts([{ id: 't', gold: { A: 3, B: 0, Z: 2 }, retrieved: ['x', 'A', 'B', 'A'], answer: { citations: ['A', 'Q'], claims: [['one', ['A']], ['two', []]] } }]);
    const tr = run(t, view({ trace_case: 't' })).trace!;
    expect(tr.retrieved.map((c) => [c.chunk_id, c.grade, c.relevant, c.duplicate, c.in_context, c.cited, c.supports_claims])).toEqual([
      ['x', null, false, false, true, false, []],
      ['A', 3, true, false, true, true, [0]],
      ['B', 0, false, false, true, false, []],
      ['A', 3, false, true, true, true, [0]],
    ]);
    expect(tr.judged_not_retrieved).toEqual([{ chunk_id: 'Z', grade: 2, relevant: true }]);
    expect(tr.answer!.citations.map((c) => [c.chunk_id, c.retrieved, c.relevant])).toEqual([
      ['A', true, true],
      ['Q', false, false],
    ]);
    expect(tr.answer!.claims.map((c) => [c.supported, c.supported_in_context])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(tr.metrics.unsupported_claims).toEqual([{ index: 1, text: 'two' }]);
  });
  it('null trace_case shows the first case; an unknown one gives null with the reason', () => {
    const h = heavyOf(texts(GOOD));
    expect(lab.select(h, view()).trace!.case_id).toBe('g1');
    expect(lab.select(h, view({ trace_case: 'u1' })).trace!.case_id).toBe('u1');
    expect(lab.select(h, view({ trace_case: 'nope' }))).toMatchObject({ trace: null, trace_reason: 'unknown_case' });
  });
  it('heavyKey depends on k, gain and fusion only', () => {
    const k0 = ragHeavyKey(view());
    expect(ragHeavyKey(view({ trace_case: 'x', compare: { a: 'cases', b: 'run' } }))).toBe(k0);
    expect(ragHeavyKey(view({ k: 5 }))).not.toBe(k0);
    expect(ragHeavyKey(view({ gain: 'linear' }))).not.toBe(k0);
    expect(ragHeavyKey(view({ fusion: { ...defaultRagView.fusion, k: 10 } }))).not.toBe(k0);
  });
  it('the view schema refuses bad controls', () => {
    expect(ragViewSchema.safeParse(defaultRagView).success).toBe(true);
    expect(ragViewSchema.safeParse({ ...defaultRagView, k: 0 }).success).toBe(false);
    expect(ragViewSchema.safeParse({ ...defaultRagView, fusion: { ...defaultRagView.fusion, method: 'borda' } }).success).toBe(false);
    expect(ragViewSchema.safeParse({ ...defaultRagView, fusion: { ...defaultRagView.fusion, a: 'fused' } }).success).toBe(false);
  });
  it('the result is structured-cloneable and reachable by id paths', () => {
    const r = run(texts(TWO, {}, { run: RUN_A, run_b: RUN_B, variants: JSON.stringify(VARIANTS) }));
    expect(structuredClone(r)).toEqual(r);
    expect(readPath(r, 'per_case[case_id=c2].ndcg_at_k')).toBe(1);
    expect(readPath(r, 'comparison.variants[variant_id=best].passes_gate')).toBe(false);
  });
});

describe('metrics with a bootstrap CI', () => {
  it('are the twelve mean-type aggregates (every aggregate but the count of critical failures), in the population order', () => {
    expect([...CI_METRICS]).toEqual([
      'precision_at_k',
      'recall_at_k',
      'hit_at_k',
      'mrr',
      'mrr_at_k',
      'ndcg_at_k',
      'context_precision',
      'groundedness',
      'citation_precision',
      'citation_recall',
      'no_answer_accuracy',
      'avg_context_tokens',
    ]);
  });
});
