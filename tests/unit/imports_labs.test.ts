/**
 * The RAG and evaluator importers and the CLI's import flags (labs/imports.ts, labs/cli.ts), on
 * files written here (tests/fixtures/imports/) and the RAG kit's TREC files. Expected figures are
 * worked by hand in each test.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { importFor } from '../../labs/imports.ts';
import { createRunner } from '../../labs/runner.ts';
import { parseRagInput } from '../../labs/rag/schema.ts';
import type { ImportFile } from '../../labs/core/contract/imports.ts';

const FIX = 'tests/fixtures/imports/';
const RAG = 'labs/rag/presets/';
const file = (path: string): ImportFile => ({ name: path.split('/').pop()!, text: readFileSync(path, 'utf8') });
const NODE = 'node_modules/node/bin/node';
const cli = (...args: string[]) => spawnSync(NODE, ['labs/cli.ts', ...args], { encoding: 'utf8' });

describe('RAG: qrels and runs alone', () => {
  it('cases from the qrels, a default policy with no threshold: the gate fails closed with no_contract', async () => {
    const r = await importFor('rag', [file(RAG + 'rag_qrels.txt'), file(RAG + 'rag_run_bm25.txt')], { k: 3 }, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(JSON.parse(r.texts.cases).map((c: { case_id: string }) => c.case_id)).toEqual(['rag_001', 'rag_002', 'rag_003']);
    expect(JSON.parse(r.texts.policy)).toEqual({ k: 3 });
    // the run also ranks rag_004 and rag_005, which the qrels do not judge
    expect(r.summary.left_out).toEqual([{ reason: 'run_qid_not_in_qrels', count: 2, examples: ['bm25_base: rag_004', 'bm25_base: rag_005'] }]);
    const res = await createRunner().runAny('rag', r.texts, 'en');
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const out = res.result as { decision: { verdict: string; reasons: string[] }; conventions: { tie_rule: string }; retrieval: { sources: { source: string; aggregate: { recall_at_k: number | null } }[] } };
    expect(out.decision).toEqual({ verdict: 'fail', reasons: ['no_contract'], warnings: [] });
    expect(out.conventions.tie_rule).toBe('score_desc_then_file_order');
    expect(res.report).toContain('trec_eval');
    // the recommended action follows the failed decision (it once said "ship" with no contract)
    expect(res.report).toMatch(/## Recommended action\n\n[^\n]*no_contract/);
  });

  it('a policy dropped beside the qrels and the run is not read, and named in the summary; alone it is refused', async () => {
    const policy: ImportFile = { name: 'rag_policy.json', text: '{"k": 3}\n' };
    const files = [file(RAG + 'rag_qrels.txt'), file(RAG + 'rag_run_bm25.txt')];
    const alone = await importFor('rag', files, { k: 3 }, 'en');
    const both = await importFor('rag', [...files, policy], { k: 3 }, 'en');
    if (!alone.ok || !both.ok) throw new Error('the TREC files should import');
    expect(both.texts).toEqual(alone.texts);
    expect(both.summary.files).toEqual(['rag_qrels.txt', 'rag_run_bm25.txt']);
    expect(both.summary.skipped_files).toEqual(['rag_policy.json']);
    const refused = await importFor('rag', [policy], { k: 3 }, 'en');
    expect(refused.ok).toBe(false);
    // the message says what a TREC file is (not the gate's formats)
    if (!refused.ok) expect(refused.issues).toEqual([{ input: 'rag_policy.json', message: expect.stringMatching(/^Not a TREC file: neither qrels \(4 columns/) }]);
  });

  it('gold_chunks may be left out of a case, as the schema says', () => {
    const p = parseRagInput({ cases: '[{"case_id": "a", "answerable": true}]', policy: '{"k": 3}' }, 'en');
    expect(p.ok && p.value.cases[0].gold).toEqual([]);
  });

  it('the CLI: qrels without a run (or a run without qrels) names what is missing, in both languages', () => {
    const q = cli('rag', '--qrels', RAG + 'rag_qrels.txt', '--lang', 'en');
    expect(q.status).toBe(1);
    expect(q.stderr).toContain('--run');
    expect(q.stderr).toContain('With qrels at least one run is needed');
    expect(q.stderr).not.toContain('missing --cases');
    const r = cli('rag', '--run', RAG + 'rag_run_bm25.txt', '--lang', 'es');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--qrels');
    expect(r.stderr).toContain('Con qrels hace falta al menos un run');
  });

  it('the CLI: --qrels and --run alone, --k 1,3 and --gain linear in the scorecard', () => {
    const run = cli('rag', '--qrels', RAG + 'rag_qrels.txt', '--run', RAG + 'rag_run_bm25.txt', '--k', '1,3', '--gain', 'linear', '--lang', 'en');
    expect(run.status).toBe(0);
    const r = JSON.parse(run.stdout);
    expect([r.k, r.gain]).toEqual([1, 'linear']);
    expect(r.by_k.map((b: { k: number }) => b.k)).toEqual([1, 3]);
    // by_k's first entry is the main scorecard's k (1): the same figures
    const bm25 = r.by_k[0].sources.find((s: { label: string }) => s.label === 'bm25_base');
    expect(bm25.aggregate.precision_at_k).toBeCloseTo(r.retrieval.sources.find((s: { label: string }) => s.label === 'bm25_base').aggregate.precision_at_k, 12);
    expect(run.stderr).toContain('Imported: TREC qrels and runs');
    const bad = cli('rag', '--qrels', RAG + 'rag_qrels.txt', '--run', RAG + 'rag_run_bm25.txt', '--k', '0,3');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--k');
  });
});

describe('evaluators: a CSV of judge and human labels', () => {
  const rubric = readFileSync('labs/evaluators/presets/evaluator_rubric.en.json', 'utf8');
  type Report = { evaluator_id: string; pass_kappa: number; parse_errors: number; false_passes: string[]; cost_per_valid_evaluation: number };

  it('judges as columns, with a cost and an empty cell (an unreadable output)', async () => {
    const r = await importFor('evaluators', [file(FIX + 'labels_judges_columns.csv')], { texts: { rubric } }, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.summary.versions).toEqual(['strict', 'lenient']);
    const res = await createRunner().runAny('evaluators', r.texts, 'en');
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const [strict, lenient] = (res.result as { reports: Report[] }).reports;
    // strict vs human: agree on c1, c2, c3, c6 (p_o = 4/6); both say 1 on half the cases (p_e = 1/2): κ = (2/3 − 1/2)/(1/2) = 1/3
    expect(strict.pass_kappa).toBeCloseTo(1 / 3, 12);
    expect(strict.false_passes).toEqual(['c4']);
    expect(strict.cost_per_valid_evaluation).toBeCloseTo(0.002, 12);
    expect(lenient.parse_errors).toBe(1);
  });

  it('one judge column (no judge_id): one judge, and the summary says nothing of judge_id', async () => {
    const r = await importFor('evaluators', [{ name: 'one.csv', text: 'case_id,human,judge\nc1,1,1\nc2,0,1\nc3,1,1\nc4,0,0\n' }], { texts: { rubric } }, 'es');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.summary.versions).toEqual(['judge']);
    expect(r.summary.notes).not.toContain('judges_as_rows');
    expect(r.summary.mapped.map((m) => m.from)).toContain('judge');
    expect(r.summary.mapped.find((m) => m.from === 'human')?.to).toBe('cases[].human');
    const res = await createRunner().runAny('evaluators', r.texts, 'es');
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const [j] = (res.result as { reports: Report[] }).reports;
    // agree on c1, c3, c4 (p_o = 3/4); human 1 on 2/4, judge 1 on 3/4: p_e = 1/2·3/4 + 1/2·1/4 = 1/2; κ = (3/4 − 1/2)/(1/2) = 1/2
    expect(j.pass_kappa).toBeCloseTo(0.5, 12);
    expect(j.false_passes).toEqual(['c2']);
  });

  it('judges as rows with criteria: the overall decision is every criterion met', async () => {
    const r = await importFor('evaluators', [file(FIX + 'labels_judges_rows.csv')], { texts: { rubric } }, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(Object.keys(JSON.parse(r.texts.rubric).criteria)).toEqual(['evidence', 'tone']);
    const res = await createRunner().runAny('evaluators', r.texts, 'en');
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const [j1] = (res.result as { reports: Report[] }).reports;
    // human pass: c1 1, c2 0, c3 0; judge: c1 1, c2 1, c3 0 -> p_o = 2/3, p_e = 1/3·2/3 + 2/3·1/3 = 4/9, κ = (2/9)/(5/9) = 0.4
    expect(j1.pass_kappa).toBeCloseTo(0.4, 12);
  });

  it('an unknown column and a bad label are named with their line', async () => {
    const r = await importFor('evaluators', [{ name: 'l.csv', text: 'case_id,human,judge,score\nc1,1,1,3\n' }], { texts: { rubric } }, 'es');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 1, field: 'score' });
    const b = await importFor('evaluators', [{ name: 'l.csv', text: 'case_id,human,judge\nc1,1,2\n' }], { texts: { rubric } }, 'en');
    expect(!b.ok && b.issues[0]).toMatchObject({ line: 2, field: 'judge', message: '"2" is not a label: use 0 or 1.' });
  });

  it('the CLI: --labels with the rubric', () => {
    const run = cli('evaluators', '--rubric', 'labs/evaluators/presets/evaluator_rubric.en.json', '--labels', FIX + 'labels_judges_columns.csv', '--lang', 'en');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).reports.map((x: Report) => x.evaluator_id)).toEqual(['strict', 'lenient']);
    expect(run.stderr).toContain('CSV of judge and human labels');
  });
});

describe('the gate CLI', () => {
  const POLICY = 'labs/gate/presets/eval_policy.en.json';
  it('--outputs twice (one Inspect log per version), --scorer; a promptfoo export with --baseline/--candidate; the summary on stderr', () => {
    const a = cli('gate', '--outputs', FIX + 'inspect_baseline.json', '--outputs', FIX + 'inspect_candidate.json', '--scorer', 'match', '--policy', POLICY, '--lang', 'en');
    expect(a.status).toBe(0);
    const r = JSON.parse(a.stdout);
    expect(r.policy.baseline_version).toBe('openai/gpt-4o-mini');
    expect(r.candidate.weighted_quality).toBeCloseTo(2.5 / 3, 12);
    expect(a.stderr).toContain('Outcome taken from the "match" scorer');
    const b = cli('gate', '--outputs', FIX + 'promptfoo_two_providers_repeats.json', '--baseline', 'faq-v2', '--candidate', 'faq-v1', '--policy', POLICY, '--lang', 'es');
    expect(b.status).toBe(0);
    expect(JSON.parse(b.stdout).baseline.name).toBe('faq-v2');
    expect(b.stderr).toContain('Baseline: «faq-v2»');
  });

  it('--input-format forces a format; bad files exit 1 with the message', () => {
    const wrong = cli('gate', '--outputs', FIX + 'results.csv', '--input-format', 'promptfoo', '--policy', POLICY, '--lang', 'en');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Not valid JSON');
    const unknown = cli('gate', '--outputs', FIX + 'results.csv', '--input-format', 'junit', '--policy', POLICY, '--lang', 'en');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown format "junit"');
    const one = cli('gate', '--outputs', FIX + 'promptfoo_one_provider.json', '--policy', POLICY, '--lang', 'en');
    expect(one.status).toBe(1);
    expect(one.stderr).toContain('only one version');
    // the kit's JSONL with line 3 broken is still recognised as the kit's: the message names the line (no --input-format)
    const dir = mkdtempSync(join(tmpdir(), 'gate-kit-'));
    const broken = join(dir, 'outputs.jsonl');
    const lines = readFileSync('labs/gate/presets/outputs.jsonl', 'utf8').split('\n');
    lines[2] = '{"version" "baseline"}';
    writeFileSync(broken, lines.join('\n'));
    const b = cli('gate', '--outputs', broken, '--cases', 'labs/gate/presets/eval_cases.jsonl', '--policy', 'labs/gate/presets/eval_policy.json', '--lang', 'es');
    expect(b.stderr).not.toContain('Formato no reconocido');
    expect(b.stderr).toContain('línea 3, columna 12');
  });

  it('pre-graded kit rows need no --cases; a --cases given beside an import is kept (its weights)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gate-kit-'));
    const out = join(dir, 'out.jsonl');
    writeFileSync(out, ['{"version":"base","case_id":"a","passed":true,"cost_eur":0.001}', '{"version":"base","case_id":"b","passed":false,"cost_eur":0.001}', '{"version":"cand","case_id":"a","passed":true,"cost_eur":0.001}', '{"version":"cand","case_id":"b","score":0.5,"cost_eur":0.001}'].join('\n'));
    const k = cli('gate', '--outputs', out, '--policy', POLICY, '--baseline', 'base', '--candidate', 'cand', '--lang', 'en');
    expect(k.status).toBe(0);
    expect(k.stderr).toContain('2 cases, 2 versions, up to 1 run per case and version; 4 rows read.');
    // base (1 + 0)/2, cand (1 + 0.5)/2
    expect(JSON.parse(k.stdout).delta_quality).toBe(0.25);
    const cases = join(dir, 'cases.jsonl');
    writeFileSync(cases, '{"case_id":"q1","weight":3}\n{"case_id":"q2"}\n{"case_id":"q3"}\n{"case_id":"q4"}\n');
    const w = cli('gate', '--cases', cases, '--outputs', FIX + 'results.csv', '--policy', POLICY, '--lang', 'en');
    expect(w.status).toBe(0);
    const r = JSON.parse(w.stdout);
    // v1 passes q1 (weight 3) and q3: 4/6; v2 passes q1, q2, q4: 5/6 (without the weights: 0.5 and 0.75)
    expect(r.baseline.weighted_quality).toBeCloseTo(4 / 6, 12);
    expect(r.candidate.weighted_quality).toBeCloseTo(5 / 6, 12);
  });

  it("the kit's files still run as before (no import, cases required)", () => {
    const k = cli('gate', '--cases', 'labs/gate/presets/eval_cases.jsonl', '--outputs', 'labs/gate/presets/outputs.jsonl', '--policy', 'labs/gate/presets/eval_policy.json');
    expect(k.status).toBe(0);
    expect(k.stderr).toBe('');
    const noCases = cli('gate', '--outputs', 'labs/gate/presets/outputs.jsonl', '--policy', 'labs/gate/presets/eval_policy.json');
    expect(noCases.status).toBe(2);
  });
});
