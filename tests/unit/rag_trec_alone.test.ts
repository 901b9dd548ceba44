/**
 * The RAG lab from a TREC qrels file and a run alone (issue 21): cases derived from the qrels take
 * their ranked lists from the run (`retrieved_from`), so the headline metrics are the run's.
 * Every expected figure is worked by hand below from the tiny qrels and run written here, with
 * trec_eval's documented conventions where they matter (precision@k divides by k even past the
 * end of the list; a qrels query missing from the run scores 0, as `trec_eval -c` counts it).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { importFor } from '../../labs/imports.ts';
import { createRunner } from '../../labs/runner.ts';
import { parseRagInput } from '../../labs/rag/schema.ts';
import type { RagResult } from '../../labs/rag/engine.ts';
import { defaultRagView } from '../../labs/rag/view.ts';

// q1: d1 grade 1, d2 grade 0, d3 grade 2 (two relevant); q2: d4 (one relevant); q3: d5, but q3 has
// no line in the run; q4: only a non-relevant judgment (d6 grade 0).
const QRELS = ['q1 0 d1 1', 'q1 0 d2 0', 'q1 0 d3 2', 'q2 0 d4 1', 'q3 0 d5 1', 'q4 0 d6 0', ''].join('\n');
// q1's lines out of order: sorted by score, d2 (3.0), d1 (2.0), d9 (2.0, tied with d1 and after it
// in the file: it keeps that place), d3 (1.0). q5 is not in the qrels: reported and left out.
const RUN = [
  'q1 Q0 d3 4 1.0 sys',
  'q1 Q0 d1 2 2.0 sys',
  'q1 Q0 d2 1 3.0 sys',
  'q1 Q0 d9 3 2.0 sys',
  'q2 Q0 d7 1 5 sys',
  'q2 Q0 d4 2 4 sys',
  'q4 Q0 d6 1 1 sys',
  'q5 Q0 d1 1 1 sys',
  '',
].join('\n');

const L2 = Math.log2;
// q1's list graded: [0, 1, unjudged, 2]; ideal order of its judgments [2, 1, 0].
const Q1_NDCG3_EXP = (1 / L2(3)) / (3 / L2(2) + 1 / L2(3)); // gain 2^g − 1
const Q1_NDCG3_LIN = (1 / L2(3)) / (2 / L2(2) + 1 / L2(3)); // gain g
const Q1_NDCG5_EXP = (1 / L2(3) + 3 / L2(5)) / (3 / L2(2) + 1 / L2(3));
// q2's list [unjudged, 1], one relevant: DCG 1/log2(3), IDCG 1 (the same under both gains).
const Q2_NDCG = 1 / L2(3);

type Result = RagResult;

async function fromFiles(k: number): Promise<{ result: Result; report: string; summary: unknown; texts: Record<string, string> }> {
  const r = await importFor('rag', [{ name: 'qrels.txt', text: QRELS }, { name: 'sys.run', text: RUN }], { k }, 'en');
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const res = await createRunner().runAny('rag', r.texts, 'en');
  if (!res.ok) throw new Error(JSON.stringify(res.issues));
  return { result: res.result as Result, report: res.report, summary: r.summary, texts: r.texts };
}

describe('RAG from qrels and a run alone', () => {
  it('the headline metrics are the run\'s, at k = 3 (exponential gain)', async () => {
    const { result: r, texts } = await fromFiles(3);
    expect(JSON.parse(texts.cases)).toEqual([
      { case_id: 'q1', answerable: true, retrieved_from: 'run' },
      { case_id: 'q2', answerable: true, retrieved_from: 'run' },
      { case_id: 'q3', answerable: true, retrieved_from: 'run' },
      { case_id: 'q4', answerable: true, retrieved_from: 'run' },
    ]);
    expect(texts.variants).toBe('');
    const row = (id: string) => r.per_case.find((c) => c.case_id === id)!;
    // q1 top 3 = d2, d1, d9: one of two relevant; first relevant at rank 2
    expect([row('q1').precision_at_k, row('q1').recall_at_k, row('q1').hit_at_k, row('q1').reciprocal_rank_at_k]).toEqual([1 / 3, 1 / 2, 1, 1 / 2]);
    expect(row('q1').ndcg_at_k).toBeCloseTo(Q1_NDCG3_EXP, 12);
    expect(row('q1').first_relevant_rank).toBe(2);
    // q2 = d7, d4
    expect([row('q2').precision_at_k, row('q2').recall_at_k, row('q2').reciprocal_rank]).toEqual([1 / 3, 1, 1 / 2]);
    expect(row('q2').ndcg_at_k).toBeCloseTo(Q2_NDCG, 12);
    // q3 has no line in the run: an empty list, every metric 0
    expect([row('q3').retrieved_chunks, row('q3').precision_at_k, row('q3').recall_at_k, row('q3').reciprocal_rank, row('q3').ndcg_at_k]).toEqual([0, 0, 0, 0, 0]);
    expect(row('q3').diagnosis).toBe('retrieval_gap');
    // q4 has no relevant document: precision and hit count it (0), recall, RR and nDCG leave it out
    expect([row('q4').precision_at_k, row('q4').hit_at_k, row('q4').recall_at_k]).toEqual([0, 0, null]);
    expect(row('q4').undefined_metrics.recall_at_k).toBe('no_relevant_chunks');

    // means: P@3 and hit@3 over the four answerable queries; R@3, MRR, nDCG@3 over q1, q2, q3
    expect(r.aggregate.precision_at_k).toBeCloseTo((1 / 3 + 1 / 3 + 0 + 0) / 4, 12);
    expect(r.aggregate.hit_at_k).toBeCloseTo((1 + 1 + 0 + 0) / 4, 12);
    expect(r.aggregate.recall_at_k).toBeCloseTo((1 / 2 + 1 + 0) / 3, 12);
    expect(r.aggregate.mrr).toBeCloseTo((1 / 2 + 1 / 2 + 0) / 3, 12);
    expect(r.aggregate.ndcg_at_k).toBeCloseTo((Q1_NDCG3_EXP + Q2_NDCG + 0) / 3, 12);
    // (trec_eval -c would also average q4 in, as 0: recall (0.5 + 1 + 0 + 0)/4 = 0.375; the
    // conventions say so beside the metrics)
    expect(r.conventions).toMatchObject({ tie_rule: 'score_desc_then_file_order', missing_from_run: 'empty_list' });
    expect(r.conventions.averaged_over.recall_at_k).toBe('answerable_with_relevant');

    // the run's own row says the same, and the cases' row is labelled as the run's lists
    const run = r.retrieval.sources.find((s) => s.source === 'run');
    const cases = r.retrieval.sources.find((s) => s.source === 'cases');
    if (!run?.available || !cases?.available) throw new Error('sources missing');
    expect(run.aggregate).toEqual(cases.aggregate);
    expect(cases.label).toBe('cases (retrieved_from: run)');
    expect(run.empty_cases).toBe(1);

    // no token counts in a run: the context size is undefined, not 0
    expect(row('q1').context_tokens).toBeNull();
    expect(r.aggregate.avg_context_tokens).toBeNull();
    // no thresholds: no contract, the gate fails closed
    expect(r.decision).toEqual({ verdict: 'fail', reasons: ['no_contract'], warnings: [] });
    expect(r.warnings).toContainEqual({ code: 'run_qids_not_in_cases', input: 'run', count: 1, examples: ['q5'] });
    expect(r.warnings).toContainEqual({ code: 'cases_missing_from_run', input: 'run', count: 1, examples: ['q3'] });
  });

  it('the importer reports the run query the qrels do not list', async () => {
    const { summary } = await fromFiles(3);
    expect(summary).toMatchObject({ cases: 4, versions: ['sys'], left_out: [{ reason: 'run_qid_not_in_qrels', count: 1, examples: ['sys: q5'] }] });
  });

  it('the tie rule: equal scores keep the file order (d1 before d9)', async () => {
    const { texts } = await fromFiles(3);
    const r = await createRunner().runAny('rag', texts, 'en', { ...defaultRagView, trace_case: 'q1' });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const trace = (r.result as Result).trace!;
    expect(trace.retrieved.map((c) => c.chunk_id)).toEqual(['d2', 'd1', 'd9', 'd3']);
    expect(trace.list_source).toBe('run');
    expect(trace.context.tokens).toBeNull();
  });

  it('every cut-off and the linear gain, in the scorecard and in decision.md (CLI)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rag-trec-'));
    writeFileSync(join(dir, 'qrels.txt'), QRELS);
    writeFileSync(join(dir, 'sys.run'), RUN);
    const NODE = 'node_modules/node/bin/node';
    const args = ['labs/cli.ts', 'rag', '--qrels', join(dir, 'qrels.txt'), '--run', join(dir, 'sys.run'), '--k', '1,3,5', '--gain', 'linear', '--lang', 'en'];
    const out = spawnSync(NODE, args, { encoding: 'utf8' });
    expect(out.status).toBe(0);
    const r = JSON.parse(out.stdout) as Result;
    expect([r.k, r.gain]).toEqual([1, 'linear']);
    expect(r.by_k.map((b) => b.k)).toEqual([1, 3, 5]);
    const at = (k: number) => r.by_k.find((b) => b.k === k)!.sources.find((s) => s.source === 'run')!.aggregate;
    // k = 1: q1's and q2's first documents are not relevant: everything 0
    expect([at(1).precision_at_k, at(1).recall_at_k, at(1).hit_at_k, at(1).mrr_at_k, at(1).ndcg_at_k]).toEqual([0, 0, 0, 0, 0]);
    // the full-list MRR does not depend on k
    expect(at(1).mrr).toBeCloseTo(1 / 3, 12);
    // k = 3, linear gain: q1's nDCG@3 with gain g
    expect(at(3).ndcg_at_k).toBeCloseTo((Q1_NDCG3_LIN + Q2_NDCG) / 3, 12);
    expect(at(3).recall_at_k).toBeCloseTo(1 / 2, 12);
    // k = 5, past the end of q1's four documents: P@5 divides by 5 (as trec_eval); q1 finds both
    expect(at(5).precision_at_k).toBeCloseTo((2 / 5 + 1 / 5 + 0 + 0) / 4, 12);
    expect(at(5).recall_at_k).toBeCloseTo((1 + 1 + 0) / 3, 12);
    // the headline is the first k
    expect(r.aggregate.precision_at_k).toBe(0);

    const md = spawnSync(NODE, [...args, '--format', 'md'], { encoding: 'utf8' });
    expect(md.status).toBe(0);
    expect(md.stdout).toContain('### Every list at every cut-off k');
    expect(md.stdout).toMatch(/\|\s+5 \| `sys`\s+\|\s+0\.15 \|/);
    expect(md.stdout).toContain('nDCG gain: linear, the grade');
    expect(md.stdout).toContain('tied scores in a run keep the file\'s order');
    expect(md.stdout).toContain('as with trec_eval -c');
    const es = spawnSync(NODE, [...args.slice(0, -2), '--format', 'md'], { encoding: 'utf8' });
    expect(es.stdout).toContain('### Cada lista en cada corte k');
    expect(es.stdout).toContain('los empates de puntuación de un run conservan el orden del archivo');
  });

  it('exponential gain at k = 5 (the linear one only changes graded documents)', async () => {
    const { result } = await fromFiles(5);
    expect(result.aggregate.ndcg_at_k).toBeCloseTo((Q1_NDCG5_EXP + Q2_NDCG) / 3, 12);
  });
});

describe('retrieved_from in a cases file', () => {
  const policy = '{"k": 3}';
  it('names the line and field when the run is not loaded, or when the case has its own list too', () => {
    const cases = '[\n  {"case_id": "q1", "answerable": true,\n   "retrieved_from": "run_b"},\n  {"case_id": "q2", "answerable": true, "retrieved": [{"chunk_id": "d4"}], "retrieved_from": "run"}\n]';
    for (const lang of ['en', 'es'] as const) {
      const p = parseRagInput({ cases, policy, qrels: QRELS, run: RUN }, lang);
      expect(p.ok).toBe(false);
      if (p.ok) return;
      expect(p.issues).toHaveLength(2);
      expect(p.issues[0]).toMatchObject({ input: 'cases', line: 3, field: '0.retrieved_from' });
      expect(p.issues[0].message).toContain('run_b');
      expect(p.issues[1]).toMatchObject({ input: 'cases', line: 4, field: '1.retrieved_from' });
      expect(p.issues[1].message).toContain(lang === 'es' ? 'deja solo una' : 'keep only one');
    }
  });

  it('a run with problems of its own is reported there, not as a missing run', () => {
    const p = parseRagInput({ cases: '[{"case_id": "q1", "answerable": true, "retrieved_from": "run"}]', policy, run: 'q1 Q0 d1 x 1 sys\n' }, 'en');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues.map((i) => [i.input, i.field])).toEqual([['run', 'rank']]);
  });

  it('context_chunks are checked against the run\'s list', () => {
    const ok = parseRagInput({ cases: '[{"case_id": "q1", "answerable": true, "retrieved_from": "run", "context_chunks": ["d1"]}]', policy, run: RUN }, 'en');
    expect(ok.ok).toBe(true);
    const bad = parseRagInput({ cases: '[{"case_id": "q1", "answerable": true, "retrieved_from": "run", "context_chunks": ["d4"]}]', policy, run: RUN }, 'en');
    expect(!bad.ok && bad.issues[0].field).toBe('0.context_chunks.0');
  });
});
