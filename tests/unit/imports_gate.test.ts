/**
 * The gate's importers (labs/gate/import/) on files written here from each tool's documented format
 * (tests/fixtures/imports/: a promptfoo export with two providers and two repeats, Inspect JSON
 * logs, a .eval archive built below from the same samples, a results CSV) and through the runner.
 * Expected figures are worked by hand in each test.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { importGate, withVersions, detectGateFormat } from '../../labs/gate/import/index.ts';
import { inspectValueToFloat, zipMethod } from '../../labs/gate/import/inspect.ts';
import { describeImport, newSummary, type ImportFile } from '../../labs/core/contract/imports.ts';
import { createRunner } from '../../labs/runner.ts';
import type { GateResult } from '../../labs/gate/lab.ts';

const DIR = 'tests/fixtures/imports/';
const file = (name: string): ImportFile => ({ name, text: readFileSync(DIR + name, 'utf8') });
const POLICY = JSON.stringify({ min_weighted_quality: 0.8, max_critical_failures: 0, max_cost_per_accepted_eur: 0.01, max_regressions: 0 }, null, 2);

/** A .eval archive of a JSON log: header.json without samples, one samples/<id>_epoch_<n>.json each. */
function evalArchive(name: string, log: { samples: { id: string; epoch: number }[] }): ImportFile {
  const { samples, ...header } = log;
  const entries: Record<string, Uint8Array> = { 'header.json': strToU8(JSON.stringify(header)), '_journal/start.json': strToU8(JSON.stringify({ version: 2, eval: (header as { eval: unknown }).eval })) };
  for (const s of samples) entries[`samples/${s.id}_epoch_${s.epoch}.json`] = strToU8(JSON.stringify(s));
  entries['summaries.json'] = strToU8(JSON.stringify(samples.map((s) => ({ id: s.id, epoch: s.epoch }))));
  return { name, bytes: zipSync(entries) };
}

async function gate(texts: Record<string, string>, base: string, cand: string): Promise<GateResult> {
  const res = await createRunner().runAny('gate', { ...texts, policy: withVersions(POLICY, base, cand) }, 'en');
  if (!res.ok) throw new Error(JSON.stringify(res.issues));
  return res.result as GateResult;
}

describe('promptfoo export', () => {
  it('two providers with two repeats: cases by testIdx (repeats grouped by vars), runs, outcome, cost, assertions', async () => {
    const f = file('promptfoo_two_providers_repeats.json');
    expect(detectGateFormat(f)).toBe('promptfoo');
    const r = importGate([f], {}, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.summary.versions).toEqual(['faq-v1', 'faq-v2']);
    expect([r.summary.baseline, r.summary.candidate]).toEqual(['faq-v1', 'faq-v2']);
    expect(r.summary.cases).toBe(3); // 6 testIdx, the second three repeat the first three's vars
    expect(r.summary.runs).toBe(2);
    expect(r.summary.rows).toBe(12);
    expect(r.summary.notes).toContain('cost_not_converted');
    const res = await gate(r.texts, 'faq-v1', 'faq-v2');
    expect(res.baseline.results.map((c) => c.case_id)).toEqual(['test_0', 'test_1', 'test_2']);
    // baseline case scores: test_0 (1+1)/2 = 1, test_1 (0+0)/2 = 0, test_2 (1+0.5)/2 = 0.75 -> 1.75/3
    expect(res.baseline.weighted_quality).toBeCloseTo(1.75 / 3, 12);
    expect(res.candidate.weighted_quality).toBe(1);
    expect(res.delta_quality).toBeCloseTo(1 - 1.75 / 3, 12);
    expect(res.baseline.passed_cases).toBe(1);
    // cost: mean per case 0.001 x 3 = 0.003; accepted = Σ run pass rate = 1 + 0 + 0.5 = 1.5
    expect(res.baseline.total_cost_eur).toBeCloseTo(0.003, 12);
    expect(res.baseline.cost_per_accepted_eur).toBeCloseTo(0.002, 12);
    expect(res.candidate.cost_per_accepted_eur).toBeCloseTo(0.002, 12);
    const run = res.baseline.results[1].runs[0];
    expect(run.reason).toBe('pre_graded');
    expect(run.latency_ms).toBe(210);
    expect(run.assertions).toEqual([{ pass: false, score: 0, reason: 'expected answer not found', type: 'contains' }]);
    // candidate: quality 1 >= 0.8, no critical failure, 0.002 <= 0.01 per accepted, no regression
    expect(res.decision.verdict).toBe('pass');
    expect(res.decision.reasons).toEqual([]);
  });

  it('two tests with the same vars but different assertions stay two cases; their repeats group', () => {
    const row = (testIdx: number, label: string, value: string, success: boolean) => ({
      testIdx, promptIdx: 0, vars: { q: 'same question' }, testCase: { vars: { q: 'same question' }, assert: [{ type: 'icontains', value }] },
      provider: { id: 'echo', label }, success, score: success ? 1 : 0, cost: 0.001,
    });
    // tests 0 and 1 (repeat 1), then 2 and 3 (repeat 2, promptfoo's new testIdx)
    const rows = [0, 1, 2, 3].flatMap((i) => ['a', 'b'].map((v) => row(i, v, i % 2 ? 'refund' : 'days', v === 'b' || i % 2 === 0)));
    const r = importGate([{ name: 'pf.json', text: JSON.stringify({ results: { version: 3, results: rows } }) }], {}, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.summary.cases).toBe(2);
    expect(r.summary.runs).toBe(2);
    expect(r.texts.cases.split('\n').filter(Boolean).map((l) => JSON.parse(l).case_id)).toEqual(['test_0', 'test_1']);
  });

  it('a bad field is named by its path, in the page\'s language (not zod\'s English)', () => {
    const data = JSON.parse(readFileSync(DIR + 'promptfoo_two_providers_repeats.json', 'utf8'));
    data.results.results[3].latencyMs = 'fast';
    const f = { name: 'pf.json', text: JSON.stringify(data) };
    const es = importGate([f], {}, 'es');
    expect(!es.ok && es.issues[0]).toMatchObject({ input: 'pf.json', field: 'results.results.3.latencyMs' });
    expect(!es.ok && es.issues[0].message).toContain('Se esperaba un número');
    expect(!es.ok && es.issues[0].message).not.toContain('expected');
    const empty = importGate([{ name: 'e.json', text: '{"results":{"version":3,"results":[]}}' }], {}, 'en');
    expect(!empty.ok && empty.issues[0].message).toBe('The file has no result rows.');
    const en = importGate([f], {}, 'en');
    expect(!en.ok && en.issues[0].message).toContain('Expected a number');
    expect(!en.ok && en.issues[0].message).not.toContain('Invalid input');
  });

  it('picks the versions asked for, refuses an unknown one, and a file with one provider', () => {
    const r = importGate([file('promptfoo_two_providers_repeats.json')], { baseline: 'faq-v2', candidate: 'faq-v1' }, 'es');
    expect(r.ok && [r.summary.baseline, r.summary.candidate]).toEqual(['faq-v2', 'faq-v1']);
    const bad = importGate([file('promptfoo_two_providers_repeats.json')], { baseline: 'faq-v3' }, 'en');
    expect(!bad.ok && bad.issues[0].message).toContain('"faq-v3" is not in the file (it has: faq-v1, faq-v2)');
    const one = importGate([file('promptfoo_one_provider.json')], {}, 'en');
    expect(one.ok).toBe(false);
    expect(!one.ok && one.issues[0].message).toContain('only one version ("faq-v1")');
    const oneEs = importGate([file('promptfoo_one_provider.json')], {}, 'es');
    expect(!oneEs.ok && oneEs.issues[0].message).toContain('Solo hay una versión («faq-v1»)');
  });
});

describe('Inspect AI logs', () => {
  const baseLog = JSON.parse(readFileSync(DIR + 'inspect_baseline.json', 'utf8'));
  const candLog = JSON.parse(readFileSync(DIR + 'inspect_candidate.json', 'utf8'));

  it("value_to_float as Inspect documents it: C 1, P 0.5, I 0, N 0, numbers, yes/no", () => {
    expect(['C', 'P', 'I', 'N', 0.25, true, false, '0.75', 'yes', 'False'].map(inspectValueToFloat)).toEqual([1, 0.5, 0, 0, 0.25, 1, 0, 0.75, 1, 0]);
    expect(inspectValueToFloat('maybe')).toBeNull();
    expect(inspectValueToFloat({ a: 1 })).toBeNull();
  });

  it('a JSON log and a .eval archive, one per version: cases by sample id, epochs as runs, the chosen scorer', async () => {
    const files = [file('inspect_baseline.json'), evalArchive('candidate.eval', candLog)];
    expect(detectGateFormat(files[1])).toBe('inspect');
    const r = importGate(files, { scorer: 'match' }, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.summary.versions).toEqual(['openai/gpt-4o-mini', 'anthropic/claude-haiku']);
    expect(r.summary.scorer).toBe('match');
    expect(r.summary.scorers).toEqual(['match', 'model_graded_qa']);
    expect(r.summary.runs).toBe(2);
    expect(r.summary.notes).toContain('cost_missing');
    const res = await gate(r.texts, 'openai/gpt-4o-mini', 'anthropic/claude-haiku');
    // baseline: s1 C,C -> 1; s2 I,P -> 0.25; s3 C,N -> 0.5 -> 1.75/3; candidate: 1, 1, (1+0)/2 -> 2.5/3
    expect(res.baseline.weighted_quality).toBeCloseTo(1.75 / 3, 12);
    expect(res.candidate.weighted_quality).toBeCloseTo(2.5 / 3, 12);
    expect(res.candidate.results.map((c) => c.runs.map((x) => x.run))).toEqual([['1', '2'], ['1', '2'], ['1', '2']]);
    // Inspect logs carry no cost: the budget check fails closed, with its own reason
    expect(res.candidate.cost_per_accepted_eur).toBeNull();
    expect(res.undefined_metrics['candidate.cost_per_accepted_eur']).toBe('cost_unknown');
    expect(res.decision.reasons).toContain('cost_unknown');
  });

  it('two .eval archives work alike, and the first scorer is the default (said in the summary)', () => {
    const r = importGate([evalArchive('a.eval', baseLog), evalArchive('b.eval', candLog)], {}, 'en');
    expect(r.ok && r.summary.scorer).toBe('match');
    expect(r.ok && r.summary.notes).toContain('scorer_defaulted');
  });

  it('a missing scorer, a zip that is not an Inspect log, and a single log are clear errors', () => {
    const missing = importGate([file('inspect_baseline.json'), file('inspect_candidate.json')], { scorer: 'accuracy' }, 'en');
    expect(!missing.ok && missing.issues[0].message).toBe('The log has no "accuracy" scorer (it has: match, model_graded_qa).');
    const notLog: ImportFile = { name: 'photos.zip', bytes: zipSync({ 'a.json': strToU8('{"hello": 1}') }) };
    const bad = importGate([notLog, file('inspect_candidate.json')], {}, 'es');
    expect(!bad.ok && bad.issues[0]).toMatchObject({ input: 'photos.zip' });
    expect(!bad.ok && bad.issues[0].message).toContain('El zip no es un log de Inspect');
    const single = importGate([file('inspect_baseline.json')], {}, 'en');
    expect(!single.ok && single.issues[0].message).toContain('One log per version is needed');
  });

  it('a .eval written with Zstandard (INSPECT_USE_ZSTD, zip method 93) is named as such, with the way out', () => {
    const zip = zipSync({ 'header.json': strToU8(JSON.stringify({ eval: { task: 't', model: 'm' } })) }, { level: 0 });
    expect(zipMethod(zip)).toBe(0); // stored: the method field (APPNOTE 4.3.7, byte 8 of the local header)
    // the method of the local and the central header set to 93, as Python's zipfile.ZIP_ZSTANDARD writes it
    const patched = zip.slice();
    for (let i = 0; i + 4 <= patched.length; i++) {
      if (patched[i] === 0x50 && patched[i + 1] === 0x4b && patched[i + 2] === 3 && patched[i + 3] === 4) patched[i + 8] = 93;
      if (patched[i] === 0x50 && patched[i + 1] === 0x4b && patched[i + 2] === 1 && patched[i + 3] === 2) patched[i + 10] = 93;
    }
    expect(zipMethod(patched)).toBe(93);
    const en = importGate([{ name: 'a.eval', bytes: patched }, file('inspect_candidate.json')], {}, 'en');
    expect(!en.ok && en.issues[0]).toMatchObject({ input: 'a.eval' });
    expect(!en.ok && en.issues[0].message).toContain('compressed with Zstandard');
    expect(!en.ok && en.issues[0].message).toContain('inspect log convert');
    const es = importGate([{ name: 'a.eval', bytes: patched }, file('inspect_candidate.json')], {}, 'es');
    expect(!es.ok && es.issues[0].message).toContain('comprimido con Zstandard');
  });
});

describe('results CSV', () => {
  it('case_id, version, run, passed, score, cost, slice: the gate on it', async () => {
    const r = importGate([file('results.csv')], {}, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.summary.format).toBe('csv');
    const res = await gate(r.texts, 'v1', 'v2');
    // v1 passes q1, q3 (2/4); v2 passes q1, q2, q4 (3/4); q3 regresses, q2 and q4 improve
    expect(res.baseline.weighted_quality).toBe(0.5);
    expect(res.candidate.weighted_quality).toBe(0.75);
    expect(res.regressions).toEqual(['q3']);
    expect(res.improvements).toEqual(['q2', 'q4']);
    // McNemar exact, b = 2, c = 1: two-sided binomial p = 2 · (C(3,0) + C(3,1)) / 2^3 = 1
    expect(res.paired_comparison.mcnemar_exact_p_value).toBe(1);
    expect(res.candidate.slices.map((s) => s.slice)).toEqual(['billing', 'support']);
    // cost per accepted: 4 x 0.02 / 3 accepted
    expect(res.candidate.cost_per_accepted_eur).toBeCloseTo(0.08 / 3, 12);
    expect(res.decision.reasons).toEqual(['weighted_quality_below_threshold', 'cost_per_accepted_above_budget', 'regressions_present']);
  });

  it('an unknown column is named with its line, in both languages', () => {
    const en = importGate([file('results_unknown_column.csv')], { format: 'csv' }, 'en');
    expect(!en.ok && en.issues[0]).toEqual({ input: 'results_unknown_column.csv', line: 1, field: 'costs', message: 'Unknown column "costs" (allowed: case_id, version, run, passed, score, cost, slice, input, output, latency_ms).' });
    const es = importGate([file('results_unknown_column.csv')], {}, 'es');
    expect(!es.ok && es.issues[0].message).toContain('Columna desconocida «costs»');
  });

  it('two CSV files are refused with the reason (one file holds both versions), not as mixed formats', () => {
    const r = importGate([file('results.csv'), file('results.csv')], {}, 'en');
    expect(!r.ok && r.issues[0].message).toContain('Give one file');
    const mixed = importGate([file('results.csv'), file('inspect_baseline.json')], {}, 'es');
    expect(!mixed.ok && mixed.issues[0].message).toContain('formatos distintos');
  });

  it('a bad cell names its line and column', () => {
    const r = importGate([{ name: 'r.csv', text: 'case_id,version,passed\nq1,a,true\nq1,b,maybe\n' }], {}, 'en');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 3, field: 'passed' });
  });
});

describe("the kit's outputs JSONL", () => {
  const KIT = [
    { version: 'base', case_id: 'a', passed: true, cost_eur: 0.001 },
    { version: 'base', case_id: 'b', passed: false, cost_eur: 0.001 },
    { version: 'cand', case_id: 'a', passed: true, cost_eur: 0.001 },
    { version: 'cand', case_id: 'b', score: 0.5, cost_eur: 0.001 },
  ].map((r) => JSON.stringify(r)).join('\n');

  it('pre-graded rows: counted, the cases derived from them (no expected terms), the versions asked for', async () => {
    const r = importGate([{ name: 'out.jsonl', text: KIT }], { baseline: 'base' }, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.summary).toMatchObject({ format: 'kit', cases: 2, versions: ['base', 'cand'], runs: 1, rows: 4, baseline: 'base', candidate: 'cand' });
    expect(r.summary.notes).toEqual(['cases_from_outputs']);
    expect(r.texts.outputs).toBe(KIT);
    expect(r.texts.cases).toBe('{"case_id":"a"}\n{"case_id":"b"}\n');
    const res = await gate(r.texts, 'base', 'cand');
    // base: a 1, b 0 -> 0.5; cand: a 1, b 0.5 -> 0.75
    expect(res.baseline.weighted_quality).toBe(0.5);
    expect(res.candidate.weighted_quality).toBe(0.75);
  });

  it('rows to grade keep their cases; no version asked for leaves the policy alone; an unknown one is refused', () => {
    const r = importGate([{ name: 'o.jsonl', text: readFileSync('labs/gate/presets/outputs.en.jsonl', 'utf8') }], {}, 'en');
    expect(r.ok && r.texts.cases).toBeUndefined();
    expect(r.ok && [r.summary.baseline, r.summary.versions]).toEqual([null, ['baseline', 'candidate']]);
    const bad = importGate([{ name: 'out.jsonl', text: KIT }], { candidate: 'v9' }, 'es');
    expect(!bad.ok && bad.issues[0]).toMatchObject({ field: '--candidate' });
    expect(!bad.ok && bad.issues[0].message).toContain('«v9»');
  });
});

describe("the kit's outputs JSONL with a broken line", () => {
  // The English kit's outputs with line 3 replaced by an object missing its ":" (column 12 is the
  // character after `{"version" `: 1-based, counted by hand).
  const lines = readFileSync('labs/gate/presets/outputs.en.jsonl', 'utf8').split('\n');
  lines[2] = '{"version" "baseline"}';
  const text = lines.join('\n');

  it('is detected as the kit\'s JSONL from its other rows, and the lab names line 3, column 12, in both languages', async () => {
    expect(detectGateFormat({ name: 'out.jsonl', text })).toBe('kit');
    // pretty-printed JSON that does not parse, and one broken line alone, are still not the kit's
    expect(detectGateFormat({ name: 'x.json', text: '{\n  "results": {\n' })).toBeNull();
    expect(detectGateFormat({ name: 'x.jsonl', text: '{"version" "a"}\n' })).toBeNull();
    for (const [lang, expected] of [['en', 'This line is not a valid JSON object'], ['es', 'Esta línea no es un objeto JSON válido']] as const) {
      const r = importGate([{ name: 'out.jsonl', text }], {}, lang);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      const kit = Object.fromEntries(['cases', 'hypothesis', 'taxonomy', 'manifest'].map((k) => [k, readFileSync(`labs/gate/presets/${{ cases: 'eval_cases.en.jsonl', hypothesis: 'eval_hypothesis.en.json', taxonomy: 'error_taxonomy.en.json', manifest: 'eval_run_manifest.en.json' }[k]}`, 'utf8')]));
      const res = await createRunner().runAny('gate', { ...kit, policy: readFileSync('labs/gate/presets/eval_policy.en.json', 'utf8'), outputs: r.texts.outputs }, lang);
      expect(res.ok).toBe(false);
      const issue = !res.ok ? res.issues.find((i) => i.line === 3) : undefined;
      expect(issue).toMatchObject({ input: 'outputs', line: 3, column: 12 });
      expect(issue?.message).toContain(expected);
    }
  });
});

describe('the summary in both languages', () => {
  it('one of each is said in the singular', () => {
    const s = { ...newSummary('csv', ['r.csv']), cases: 1, versions: ['v'], runs: 1, rows: 1 };
    expect(describeImport(s, 'en')[1]).toBe('1 case, 1 version, up to 1 run per case and version; 1 row read.');
    expect(describeImport(s, 'es')[1]).toBe('1 caso, 1 versión, hasta 1 ejecución por caso y versión; 1 fila leída.');
    // TREC runs and judges are counted as such, with no runs per case
    const trec = { ...s, format: 'trec' as const, cases: 5, versions: ['bm25', 'dense'], rows: 36 };
    expect(describeImport(trec, 'en').slice(1, 3)).toEqual(['5 queries in the qrels, 2 runs; 36 lines read.', 'Runs: bm25, dense.']);
    expect(describeImport(trec, 'es')[1]).toBe('5 consultas en los qrels, 2 runs; 36 líneas leídas.');
    const judges = { ...s, format: 'labels_csv' as const, cases: 8, versions: ['strict', 'lenient'], rows: 8 };
    expect(describeImport(judges, 'es').slice(1, 3)).toEqual(['8 casos, 2 jueces; 8 filas leídas.', 'Jueces: strict, lenient.']);
    expect(describeImport(judges, 'en')[1]).toBe('8 cases, 2 judges; 8 rows read.');
  });


  it('says the format, counts, versions, fields and notes', () => {
    const r = importGate([file('promptfoo_two_providers_repeats.json')], {}, 'en');
    if (!r.ok) throw new Error('import failed');
    const en = describeImport(r.summary, 'en').join('\n');
    expect(en).toContain('Imported: promptfoo export (promptfoo_two_providers_repeats.json).');
    expect(en).toContain('3 cases, 2 versions, up to 2 runs per case and version; 12 rows read.');
    expect(en).toContain('Baseline: "faq-v1"; candidate: "faq-v2".');
    expect(en).toContain('success → passed');
    const es = describeImport(r.summary, 'es').join('\n');
    expect(es).toContain('3 casos, 2 versiones');
    expect(es).toContain('Baseline: «faq-v1»; candidata: «faq-v2».');
  });
});

describe('withVersions', () => {
  it('sets both versions and keeps the rest of the policy text', () => {
    const text = '{\n  // the owner\n  "decision_owner": "ana",\n  "baseline_version": "old"\n}';
    const out = withVersions(text, 'a', 'b');
    expect(out).toContain('// the owner');
    expect(out).toContain('"baseline_version": "a"');
    expect(out).toContain('"candidate_version": "b"');
  });
});

describe('files of no format the gate imports, beside results', () => {
  it('a policy dropped with a results CSV: the CSV is imported, the policy named as not read (both languages); alone, it is refused', () => {
    const csv = file('results.csv');
    const policy: ImportFile = { name: 'gate_policy.json', text: POLICY };
    const alone = importGate([csv], {}, 'en');
    const both = importGate([csv, policy], {}, 'en');
    if (!alone.ok || !both.ok) throw new Error('the CSV should import');
    expect(both.texts).toEqual(alone.texts);
    expect(both.summary.skipped_files).toEqual(['gate_policy.json']);
    expect(alone.summary.skipped_files).toEqual([]);
    expect(describeImport(both.summary, 'en').at(-1)).toBe("Not read: gate_policy.json (not results this lab imports; the lab's own inputs, such as the policy, load with each editor's file button).");
    expect(describeImport(both.summary, 'es').at(-1)).toMatch(/^No se han leído: gate_policy\.json \(/);
    const refused = importGate([policy], {}, 'es');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.issues).toEqual([{ input: 'gate_policy.json', message: expect.stringMatching(/^No se reconoce el formato/) }]);
  });
});
