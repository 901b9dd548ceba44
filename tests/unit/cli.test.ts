/**
 * The command line runs the same engine as the site, prints JSON or Markdown, and fails with a
 * clear message and a non-zero exit on bad input or bad usage.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LAB_METAS } from '../../labs/manifest.ts';
import { syntheticRagTexts } from '../../bench/rag.bench.ts';

const CASES = 'labs/threshold/presets/classification_cases.jsonl';
const POLICY = 'labs/threshold/presets/threshold_policy.json';

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['labs/cli.ts', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Each case spawns Node processes: generous timeouts, as a loaded CI machine is slow to start them.
describe('lab CLI', { timeout: 60_000 }, () => {
  it('prints the threshold scorecard as JSON (kit figures: low 0.3, high 0.5, cost 8.5)', () => {
    const r = cli('threshold', '--cases', CASES, '--policy', POLICY);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const sc = JSON.parse(r.out);
    expect(sc.recommended_policy.threshold_low).toBe(0.3);
    expect(sc.recommended_policy.threshold_high).toBe(0.5);
    expect(sc.recommended_policy.metrics.cost).toBeCloseTo(8.5, 12);
    expect(sc.evaluated_policies).toBe(28);
    expect(sc.feasible_policies).toBe(5);
  });

  it('prints decision.md in the requested language', () => {
    const es = cli('threshold', '--cases', CASES, '--policy', POLICY, '--format', 'md');
    const en = cli('threshold', '--cases', CASES, '--policy', POLICY, '--format', 'md', '--lang', 'en');
    expect(es.code).toBe(0);
    expect(en.code).toBe(0);
    expect(es.out).toMatch(/^# /);
    expect(es.out).toContain('0.3');
    expect(en.out).not.toBe(es.out);
    expect(en.out).toContain('8.5');
  });

  it('exits 1 and names the file, line and field on bad input, in the chosen language', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evals-lab-'));
    const bad = join(dir, 'cases.jsonl');
    writeFileSync(bad, '{"case_id":"a","score":0.4,"label":1}\n{"case_id":"b","score":1.7,"label":0}\n');
    const es = cli('threshold', '--cases', bad, '--policy', POLICY);
    expect(es.code).toBe(1);
    expect(es.out).toBe('');
    expect(es.err).toContain(`${bad}, línea 2, campo score`);
    const en = cli('threshold', '--cases', bad, '--policy', POLICY, '--lang', 'en');
    expect(en.err).toContain(`${bad}, line 2, field score`);
  });

  it('exits 1 when a file cannot be read, saying why in the chosen language', () => {
    const r = cli('threshold', '--cases', '/nonexistent/cases.jsonl', '--policy', POLICY);
    expect(r.code).toBe(1);
    expect(r.err).toBe('cases: no se pudo leer /nonexistent/cases.jsonl (no existe)\n');
    const en = cli('threshold', '--cases', '/nonexistent/cases.jsonl', '--policy', POLICY, '--lang', 'en');
    expect(en.err).toBe('cases: cannot read /nonexistent/cases.jsonl (no such file)\n');
  });

  it('exits 2 on bad usage, with the usage on stderr in the chosen language', () => {
    const none = cli();
    expect(none.code).toBe(2);
    expect(none.out).toBe('');
    expect(none.err).toContain('uso:');
    const repeated = cli('threshold', '--cases', CASES, '--policy', POLICY, '--policy', POLICY, '--lang', 'en');
    expect(repeated.code).toBe(2);
    expect(repeated.err).toContain('--policy is given twice');
    expect(cli('nope', '--lang', 'en').err).toContain('unknown lab “nope”');
    expect(cli('--help').code).toBe(0);
    expect(cli('nope').code).toBe(2);
    expect(cli('threshold', '--cases', CASES).code).toBe(2);
    expect(cli('threshold', '--cases', CASES, '--policy', POLICY, '--format', 'xml').code).toBe(2);
    expect(cli('threshold', '--bogus', 'x').code).toBe(2);
  });

  it('--help lists every lab with its input files and its own options, from the lab metas', () => {
    const r = cli('--help', '--lang', 'en');
    expect(r.code).toBe(0);
    // the import flags of issue 21, each named once in the help
    for (const flag of ['--input-format', '--outputs', '--baseline', '--candidate', '--scorer', '--qrels', '--run', '--run-b', '--k', '--gain', '--labels']) expect(r.out).toMatch(new RegExp(`[ []${flag} `));
    for (const lab of LAB_METAS) {
      const line = r.out.split('\n').find((l) => l.startsWith(`  ${lab.id} `));
      expect(line, lab.id).toBeDefined();
      for (const input of lab.inputs) expect(line).toContain(`${input.flag} FILE`);
      for (const o of lab.importer?.flags ?? []) expect(r.out).toContain(`      ${o.flag} ${o.value}  ${o.help.en}`);
    }
    expect(r.out).toContain('--outputs FILE ...');
    expect(cli('--help').out).toContain('      --k K[,K...]  uno o varios cortes');
    // an option of another lab is not this lab's
    expect(cli('threshold', '--k', '3', '--lang', 'en').err).toContain('unknown option “--k” for lab threshold');
  });

  it('lab <id> --help lists that lab alone', () => {
    const r = cli('rag', '--help', '--lang', 'en');
    expect(r.code).toBe(0);
    const labLines = r.out.split('\n').filter((l) => /^  \S/.test(l));
    expect(labLines).toEqual([expect.stringMatching(/^  rag --cases FILE --policy FILE .*--qrels FILE/)]);
    expect(r.out).toContain('      --k K[,K...]');
    expect(r.out).not.toContain('exercise verify');
  });

  it('reports every missing input in one message (exit 2), and every unreadable file in one message (exit 1)', () => {
    const none = cli('gate', '--lang', 'en');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^missing --cases FILE\nmissing --outputs FILE\nmissing --policy FILE\n\nusage:/);
    const two = cli('threshold', '--cases', '/nonexistent/a.jsonl', '--policy', '/nonexistent/b.json', '--lang', 'en');
    expect(two.code).toBe(1);
    expect(two.err).toBe('cases: cannot read /nonexistent/a.jsonl (no such file)\npolicy: cannot read /nonexistent/b.json (no such file)\n');
    const es = cli('threshold', '--cases', '/nonexistent/a.jsonl', '--policy', '/nonexistent/b.json');
    expect(es.err.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('--strict exits 3 when the verdict is fail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evals-lab-'));
    const policy = join(dir, 'policy.json');
    // max_review_rate 0: every grid pair leaves some ticket in review, so none is feasible.
    writeFileSync(policy, JSON.stringify({ cost_false_positive: 2, cost_false_negative: 12, cost_review: 1.5, max_review_rate: 0, min_operational_recall: 0.9, threshold_grid: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] }));
    const r = cli('threshold', '--cases', CASES, '--policy', policy, '--strict');
    expect(r.code).toBe(3);
    expect(JSON.parse(r.out).decision.verdict).toBe('fail');
    expect(cli('threshold', '--cases', CASES, '--policy', POLICY, '--strict').code).toBe(0);
  });

  // Issue 23: at 10^5 RAG cases the CLI ran past a minute, a third of it decision.md, built although
  // the output was JSON. Now decision.md is built only for --format md. The bound is loose (a loaded
  // 2-core machine).
  it('runs the RAG lab on 10^5 cases (JSON out, no decision.md built) within the time bound (200 bootstrap rounds)', { timeout: 180_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'evals-lab-'));
    const texts = syntheticRagTexts(100_000);
    writeFileSync(join(dir, 'cases.json'), texts.cases);
    // 200 bootstrap rounds instead of the default 2000: the test is about the per-case path (parse,
    // engine, output) at scale; the rounds' cost is linear in them and timed by `npm run bench`.
    writeFileSync(join(dir, 'policy.json'), JSON.stringify({ ...JSON.parse(texts.policy), bootstrap_rounds: 200 }));
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['labs/cli.ts', 'rag', '--cases', join(dir, 'cases.json'), '--policy', join(dir, 'policy.json')], { encoding: 'utf8', maxBuffer: 1 << 30 });
    const seconds = (performance.now() - t0) / 1000;
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.slice(0, 400)).toMatch(/"cases": 100000,\s*"answerable_cases": 80000,\s*"non_answerable_cases": 20000/);
    // every case is listed: the last case id appears, and the output is one whole JSON value
    expect(r.stdout).toContain('"case_id": "q99999"');
    expect(r.stdout.trimEnd().endsWith('}')).toBe(true);
    expect(seconds).toBeLessThan(120);
  });
});
