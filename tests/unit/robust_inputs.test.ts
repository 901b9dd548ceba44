/**
 * Inputs that used to crash, hang or give unclear messages (issue 13, "Reliability and security"):
 * deep nesting, a BOM, uncapped JSON issues, the "and N more problems" count of JSONL inputs, files
 * that are not regular files, errno codes, and piped CLI output cut short. Each message must name
 * the input and line and be in the chosen language.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { Writable } from 'node:stream';
import { MAX_JSON_DEPTH, depthExceededAt, oversizedNumberPaths, parseJsonText, parseJsonlText } from '../../labs/core/contract/parse.ts';
import { fileErrorReason, jsonChunks, readInputFile, writeChunks } from '../../labs/cli_io.ts';
import { createRunner } from '../../labs/runner.ts';
import { presetTexts } from '../helpers/presets.ts';
import { labMeta } from '../../labs/manifest.ts';

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);
const anyJson = z.unknown();

describe('deep nesting', () => {
  it.each([2_000, 100_000])('a JSON document nested %i deep is one localized issue naming the line, not a stack overflow', (depth) => {
    const text = `{\n"a":\n${nested(depth)}}`;
    const es = parseJsonText(text, anyJson, 'policy', 'es');
    const en = parseJsonText(text, anyJson, 'policy', 'en');
    expect(es.ok).toBe(false);
    expect(en.ok).toBe(false);
    if (es.ok || en.ok) return;
    expect(es.issues).toEqual([{ input: 'policy', line: 3, message: expect.stringContaining(`${MAX_JSON_DEPTH} niveles`) }]);
    expect(en.issues[0].message).toContain(`${MAX_JSON_DEPTH} levels`);
  });

  it('a JSONL row nested 2,000 deep is an issue on its line; the other rows are still read', () => {
    const text = `{"a":1}\n{"a":${nested(2000)}}\n{"a":2}\n`;
    const r = parseJsonlText(text, z.object({ a: z.unknown() }), 'cases', 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([{ input: 'cases', line: 2, message: expect.stringContaining('nested more than 100 levels') }]);
  });

  it('exactly MAX_JSON_DEPTH levels are accepted; brackets inside strings do not count', () => {
    expect(parseJsonText(nested(MAX_JSON_DEPTH), anyJson, 'x', 'en').ok).toBe(true);
    expect(parseJsonText(nested(MAX_JSON_DEPTH + 1), anyJson, 'x', 'en').ok).toBe(false);
    expect(depthExceededAt(JSON.stringify({ s: '['.repeat(5000) + '\\"{' }))).toBe(-1);
  });

  it('the oversized-number scan is iterative (a value 100,000 deep, built without the parser)', () => {
    let v: unknown = 1e300;
    for (let i = 0; i < 100_000; i++) v = i % 2 ? [v] : { k: v };
    const paths = oversizedNumberPaths(v);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toHaveLength(100_000);
  });
});

describe('BOM and issue caps', () => {
  it('a BOM at the start of a JSON document is accepted (as in JSONL and CSV)', () => {
    const r = parseJsonText('\uFEFF{"a": 1}', z.object({ a: z.number() }), 'policy', 'es');
    expect(r).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonlText('\uFEFF{"a": 1}\n', z.object({ a: z.number() }), 'cases', 'es')).toEqual({ ok: true, value: [{ a: 1 }] });
  });

  it('a JSON document with 120 problems lists 50, counts 120, and each names its line', () => {
    const text = `[\n${Array.from({ length: 120 }, () => '"x"').join(',\n')}\n]`;
    const r = parseJsonText(text, z.array(z.number()), 'policy', 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(50);
    expect(r.total_issues).toBe(120);
    expect(r.issues[0]).toMatchObject({ input: 'policy', line: 2, field: '0' });
    expect(r.issues[49]).toMatchObject({ line: 51, field: '49' });
  });

  const badLines = (n: number, extra: string) => Array.from({ length: n }, (_, i) => `{"case_id": "c${i}"${extra}}`).join('\n') + '\n';
  // a gate case needs no more than its id (pre-graded outputs need no expected terms): its bad
  // rows carry a field of the wrong type
  it.each([
    ['threshold', 'cases', ''],
    ['gate', 'cases', ', "must_abstain": "yes"'],
    ['rubric', 'items', ''],
  ])('%s: a JSONL input with 120 bad rows lists exactly 50 problems and counts all of them', async (lab, input, extra) => {
    const texts = { ...presetTexts(lab), [input]: badLines(120, extra) };
    const r = await createRunner().runAny(lab, texts, 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(50);
    expect(r.total_issues).toBeGreaterThanOrEqual(120);
    expect(r.issues.every((i) => i.input === input && typeof i.line === 'number')).toBe(true);
  });
});

// CLI cases spawn Node processes: generous timeouts.
describe('CLI files and output', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-robust-'));
  const cli = (args: string[], opts: { timeout?: number } = {}) => {
    const r = spawnSync(process.execPath, ['labs/cli.ts', ...args], { encoding: 'utf8', timeout: opts.timeout ?? 60_000, maxBuffer: 1 << 30 });
    return { code: r.status, out: r.stdout, err: r.stderr, signal: r.signal };
  };
  const POLICY = 'labs/threshold/presets/threshold_policy.json';

  it('a FIFO with no writer and /dev/zero are refused at once as not regular files, in the chosen language', () => {
    const fifo = join(dir, 'fifo');
    const mk = spawnSync('mkfifo', [fifo]);
    expect(mk.status).toBe(0);
    for (const path of [fifo, '/dev/zero']) {
      const t0 = Date.now();
      const es = cli(['threshold', '--cases', path, '--policy', POLICY], { timeout: 20_000 });
      expect(es.signal).toBeNull();
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(es.code).toBe(1);
      expect(es.err).toBe(`cases: no se pudo leer ${path} (no es un archivo normal (una tubería, un dispositivo o un socket): pasa un archivo)\n`);
      const en = cli(['threshold', '--cases', path, '--policy', POLICY, '--lang', 'en'], { timeout: 20_000 });
      expect(en.err).toContain('not a regular file');
    }
  });

  it('a symbolic-link loop (ELOOP) and a folder are explained in words, never as raw codes', () => {
    const loop = join(dir, 'loop');
    symlinkSync(loop, loop);
    const es = cli(['threshold', '--cases', loop, '--policy', POLICY]);
    expect(es.code).toBe(1);
    expect(es.err).toContain('enlaces simbólicos');
    expect(es.err).not.toContain('ELOOP');
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    const en = cli(['threshold', '--cases', sub, '--policy', POLICY, '--lang', 'en']);
    expect(en.err).toContain('it is a folder');
  });

  it('every errno has a sentence; an unknown one gets the generic sentence', () => {
    for (const code of ['ENOENT', 'EISDIR', 'EACCES', 'EPERM', 'ELOOP', 'EIO', 'ENAMETOOLONG', 'ENOTDIR', 'EMFILE', 'ENFILE', 'EBUSY', 'ENXIO', 'ENODEV', 'ETIMEDOUT', 'EAGAIN', 'ENOMEM', 'EINVAL']) {
      for (const lang of ['es', 'en'] as const) {
        const s = fileErrorReason(code, lang);
        expect(s).not.toContain(code);
        expect(s).not.toBe(fileErrorReason('EWHATEVER', lang));
      }
    }
    expect(fileErrorReason('EWHATEVER', 'es')).toBe('error del sistema al leerlo');
    expect(fileErrorReason(undefined, 'en')).toBe('system error while reading it');
    expect(fileErrorReason('toString', 'en')).toBe('system error while reading it');
  });

  it('a file over the size limit is refused with the limit in words', () => {
    const f = join(dir, 'big.jsonl');
    writeFileSync(f, 'x'.repeat(3 * 1024 * 1024));
    const r = readInputFile(f, 'en', 2 * 1024 * 1024);
    expect(r).toEqual({ ok: false, message: `cannot read ${f} (larger than 2 MB, the most that is read)` });
    expect(readInputFile(f, 'es')).toMatchObject({ ok: true });
  });

  it('the CLI lists 50 problems of a JSONL input and says how many more there are', () => {
    const f = join(dir, 'bad.jsonl');
    writeFileSync(f, Array.from({ length: 120 }, (_, i) => `{"case_id": "c${i}"}`).join('\n'));
    const r = cli(['threshold', '--cases', f, '--policy', POLICY, '--lang', 'en']);
    expect(r.code).toBe(1);
    const lines = r.err.trimEnd().split('\n');
    expect(lines.length).toBe(51);
    expect(lines[50]).toMatch(/^… and \d+ more problems$/);
  });

  it('with --strict and a failing verdict, a piped JSON output of several MB arrives whole (exit 3)', async () => {
    // 4,000 cases where the candidate fails a critical case: the verdict is fail.
    const cases: string[] = [];
    const outputs: string[] = [];
    for (let i = 0; i < 4000; i++) {
      cases.push(JSON.stringify({ case_id: `c${i}`, input: 'q', expected_contains: ['ok'], must_abstain: false, weight: 1, max_cost_eur: 0.05, slice: i % 2 ? 'a' : 'b' }));
      outputs.push(JSON.stringify({ version: 'baseline', case_id: `c${i}`, output: 'ok', cost_eur: 0.01 }));
      outputs.push(JSON.stringify({ version: 'candidate', case_id: `c${i}`, output: i === 0 ? 'no' : 'ok', cost_eur: 0.01 }));
    }
    const cf = join(dir, 'g_cases.jsonl');
    const of = join(dir, 'g_outputs.jsonl');
    writeFileSync(cf, cases.join('\n'));
    writeFileSync(of, outputs.join('\n'));
    const policy = join(dir, 'g_policy.json');
    writeFileSync(policy, JSON.stringify({ min_weighted_quality: 0.5, max_critical_failures: 0, max_cost_per_accepted_eur: 1, max_regressions: 0, bootstrap_rounds: 50 }));
    // A slow reader on a real pipe: the CLI must wait for it rather than exit with data unwritten.
    const child = spawn(process.execPath, ['labs/cli.ts', 'gate', '--cases', cf, '--outputs', of, '--policy', policy, '--strict'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => {
      chunks.push(b);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).toBe('');
    expect(code).toBe(3);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.length).toBeGreaterThan(1 << 20);
    const sc = JSON.parse(text);
    expect(sc.decision.verdict).toBe('fail');
    expect(sc.candidate.results).toHaveLength(4000);
  });
});

describe('streamed JSON', () => {
  it('jsonChunks concatenates to exactly JSON.stringify(v, null, 2)', () => {
    const values: unknown[] = [
      {},
      [],
      { a: [], b: {}, c: null, d: undefined, e: () => 1, f: [undefined, () => 1, NaN, -0, 1e308], g: 'x\ny"' },
      { nested: { deeper: { deepest: { arr: Array.from({ length: 200 }, (_, i) => ({ i, s: `v${i}`, m: { k: [i, i + 1] } })) } } } },
      Array.from({ length: 1000 }, (_, i) => (i % 3 ? i : { i })),
      { date: new Date(0), map: Object.assign(Object.create(null), { __proto__: 1, constructor: 2 }) },
      'plain',
      42,
      null,
    ];
    for (const v of values) expect([...jsonChunks(v)].join('')).toBe(JSON.stringify(v, null, 2));
  });

  it('no piece is much longer than one element of a large array (10^5 elements)', () => {
    const v = { per_case: Array.from({ length: 100_000 }, (_, i) => ({ case_id: `case_${i}`, score: i / 100_000, flags: [true, false] })) };
    let longest = 0;
    for (const c of jsonChunks(v)) longest = Math.max(longest, c.length);
    expect(longest).toBeLessThan(200);
  });

  it('writeChunks waits for drain and writes everything in order', async () => {
    let got = '';
    let writes = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, cb) {
        got += chunk.toString();
        writes++;
        setTimeout(cb, 1);
      },
    });
    const pieces = Array.from({ length: 5000 }, (_, i) => `${i},`.repeat(20));
    await writeChunks(slow, pieces);
    await new Promise<void>((resolve) => slow.end(resolve));
    expect(got).toBe(pieces.join(''));
    expect(writes).toBeGreaterThan(1);
  });
});

describe('documented defaults and true messages (issue 23)', () => {
  it('a RAG case without gold_chunks has none ({} by default), as the schema comment says', async () => {
    const { parse } = (await labMeta('rag')!.load()).lab;
    const t = presetTexts('rag', 'en');
    const cases = JSON.parse(t.cases) as Record<string, unknown>[];
    delete cases[0].gold_chunks;
    const r = parse({ ...t, cases: JSON.stringify(cases, null, 1) }, 'en');
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as { cases: { gold: unknown[] }[] }).cases[0].gold).toEqual([]);
  });
  it('an evaluator run with parse_ok false may give scores: null; a readable one may not', async () => {
    const { parse } = (await labMeta('evaluators')!.load()).lab;
    const t = presetTexts('evaluators', 'en');
    const outs = JSON.parse(t.outputs) as { runs: { parse_ok: boolean; scores: unknown }[] }[];
    outs[0].runs[0].parse_ok = false;
    outs[0].runs[0].scores = null;
    expect(parse({ ...t, outputs: JSON.stringify(outs, null, 1) }, 'en').ok).toBe(true);
    outs[0].runs[0].parse_ok = true;
    const bad = parse({ ...t, outputs: JSON.stringify(outs, null, 1) }, 'en');
    expect(bad.ok).toBe(false);
  });
  it('calibration: slice_by "split" is refused for what it is, a column every case has, not one the cases lack', async () => {
    const { parse } = (await labMeta('calibration')!.load()).lab;
    const t = presetTexts('calibration', 'en');
    const policy = { ...JSON.parse(t.policy), slice_by: 'split' };
    const r = parse({ ...t, policy: JSON.stringify(policy, null, 1) }, 'en');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toEqual([expect.objectContaining({ input: 'policy', field: 'slice_by', message: expect.stringContaining('one of the columns every case has') })]);
      expect(r.issues[0].message).not.toContain('do not have');
    }
  });
});
