/**
 * Benchmark runner: `npm run bench` (all suites) or `npm run bench -- threshold` (suites whose name
 * contains one of the arguments). Prints one table row per case: the median wall time of `runs`
 * timed repetitions after one untimed warm-up, plus min and max, and the median CPU time of the
 * process over each run (user + system, process.cpuUsage: on a shared machine it moves far less
 * than the wall time, which counts the time other processes hold the cores); and, for the cases that declare a
 * `python` equivalent, the median of the same computation in numpy/scipy/scikit-learn on the same
 * data, timed in the same run by bench/python/equivalents.py (Debian's python3-sklearn; the column
 * is skipped with a notice when it is missing), and the ratio node / numpy.
 *
 * Adding a lab: write bench/<lab>.bench.ts exporting a BenchSuite and add it to `suites` below.
 * Each case's `setup` builds its data once (untimed); `beforeEach` (untimed, optional) makes what a
 * single timed run consumes, e.g. a fresh copy so that memoization does not hide the work; `run` is
 * the timed part. Generators must be deterministic (seeded, no Math.random).
 */
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { thresholdSuite } from './threshold.bench.ts';
import { gateSuite } from './gate.bench.ts';
import { calibrationSuite } from './calibration.bench.ts';
import { ragSuite } from './rag.bench.ts';
import { evaluatorsSuite } from './evaluators.bench.ts';
import { presetsSuite } from './presets.bench.ts';
import { parsersSuite } from './parsers.bench.ts';
import { runScale } from './scale.ts';

export interface BenchCase<S = unknown, R = unknown> {
  /** What is timed, e.g. "prepare + scan + ROC/PR". */
  name: string;
  /** Input size shown in the table. */
  n: number;
  setup(): S;
  beforeEach?(state: S): R;
  /** The timed part; a Promise is awaited inside the timing (an engine that hashes with WebCrypto). */
  run(arg: R): unknown;
  /** Timed repetitions (default 5). */
  runs?: number;
  /** Optional target for the median, in ms; the table marks the row "ok" or "SLOW". */
  targetMs?: number;
  /** Optional target for the ratio node / numpy median. */
  targetRatio?: number;
  /** The numpy equivalent: its kind in bench/python/equivalents.py, the arrays it reads, its parameters. */
  python?: { kind: string; arrays: (state: S) => Record<string, Float64Array | Int32Array | Uint8Array>; params: Record<string, unknown> };
}

export interface BenchSuite {
  name: string;
  cases(): BenchCase<any, any>[];
}

export const suites: BenchSuite[] = [presetsSuite, parsersSuite, thresholdSuite, gateSuite, ragSuite, evaluatorsSuite, calibrationSuite];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function pad(s: string, w: number, right = false): string {
  return right ? s.padStart(w) : s.padEnd(w);
}

const DTYPE = (a: Float64Array | Int32Array | Uint8Array) => (a instanceof Float64Array ? '<f8' : a instanceof Int32Array ? '<i4' : '|u1');

/** Times the numpy equivalents of the cases in one Python process; null with a reason when Python or numpy is missing. */
function runPython(specs: { key: string; kind: string; runs: number; arrays: Record<string, Float64Array | Int32Array | Uint8Array>; params: Record<string, unknown> }[]): { times: Record<string, { median_ms: number }> | null; note: string } {
  if (specs.length === 0) return { times: {}, note: '' };
  const dir = mkdtempSync(join(tmpdir(), 'evals-bench-'));
  try {
    for (const sp of specs) {
      const arrays: Record<string, [string, string]> = {};
      for (const [name, arr] of Object.entries(sp.arrays)) {
        const file = `${sp.key}.${name}.bin`;
        writeFileSync(join(dir, file), new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength));
        arrays[name] = [DTYPE(arr), file];
      }
      writeFileSync(join(dir, `${sp.key}.json`), JSON.stringify({ kind: sp.kind, runs: sp.runs, arrays, params: sp.params }));
    }
    const py = spawnSync('/usr/bin/python3', [new URL('./python/equivalents.py', import.meta.url).pathname, dir], { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env } });
    if (py.error || py.status !== 0) return { times: null, note: `numpy column skipped: ${py.error ? py.error.message : (py.stderr.trim().split('\n').pop() ?? `exit ${py.status}`)} (install Debian's python3-sklearn)` };
    const versions = spawnSync('/usr/bin/python3', ['-c', 'import numpy,scipy,sklearn,sys;print(sys.version.split()[0],numpy.__version__,scipy.__version__,sklearn.__version__)'], { encoding: 'utf8' }).stdout.trim().split(' ');
    return { times: JSON.parse(py.stdout), note: `python ${versions[0]}, numpy ${versions[1]}, scipy ${versions[2]}, scikit-learn ${versions[3]}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const chosen = suites.filter((s) => filters.length === 0 || filters.some((f) => s.name.includes(f)));
  const scale = filters.length === 0 || filters.includes('scale');
  if (chosen.length === 0 && !scale) {
    console.error(`no suite matches ${filters.join(', ')}; suites: ${[...suites.map((s) => s.name), 'scale'].join(', ')}`);
    process.exitCode = 1;
    return;
  }
  console.log(`node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString().slice(0, 10)}`);
  const rows: { suite: string; c: BenchCase<any, any>; med: number; min: number; max: number; cpu: number; runs: number; key?: string }[] = [];
  const pySpecs: Parameters<typeof runPython>[0] = [];
  for (const suite of chosen) {
    for (const [ci, c] of suite.cases().entries()) {
      const state = c.setup();
      const runs = c.runs ?? 5;
      const arg0 = c.beforeEach ? c.beforeEach(state) : state;
      await c.run(arg0); // warm-up
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < runs; i++) {
        const arg = c.beforeEach ? c.beforeEach(state) : state;
        const u0 = process.cpuUsage();
        const t0 = performance.now();
        await c.run(arg);
        times.push(performance.now() - t0);
        const u = process.cpuUsage(u0);
        cpu.push((u.user + u.system) / 1000);
      }
      const key = c.python ? `${suite.name}-${ci}-${c.n}` : undefined;
      if (c.python && key) pySpecs.push({ key, kind: c.python.kind, runs, arrays: c.python.arrays(state), params: c.python.params });
      rows.push({ suite: suite.name, c, med: median(times), min: Math.min(...times), max: Math.max(...times), cpu: median(cpu), runs, key });
      process.stderr.write('.');
    }
  }
  process.stderr.write('\n');
  if (chosen.length === 0) {
    if (printScale()) console.log('\nscale: above target.');
    return;
  }
  const py = runPython(pySpecs);
  if (py.note) console.log(py.note);
  const header = ['suite', 'case', 'n', 'node ms', 'min', 'max', 'cpu ms', 'runs', 'numpy ms', 'node/numpy', 'target'];
  const widths = [11, 52, 9, 9, 8, 8, 8, 4, 9, 10, 22];
  console.log(header.map((h, i) => pad(h, widths[i], i >= 2 && i <= 9)).join('  '));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  let slow = 0;
  for (const r of rows) {
    const npMs = r.key && py.times ? py.times[r.key]?.median_ms : undefined;
    const ratio = npMs ? r.med / npMs : undefined;
    const targets: string[] = [];
    if (r.c.targetMs !== undefined) {
      const ok = r.med <= r.c.targetMs;
      if (!ok) slow++;
      targets.push(`<${r.c.targetMs} ms ${ok ? 'ok' : 'SLOW'}`);
    }
    if (r.c.targetRatio !== undefined && ratio !== undefined) {
      const ok = ratio <= r.c.targetRatio;
      if (!ok) slow++;
      targets.push(`ratio<=${r.c.targetRatio} ${ok ? 'ok' : 'SLOW'}`);
    }
    const row = [r.suite, r.c.name, String(r.c.n), r.med.toFixed(1), r.min.toFixed(1), r.max.toFixed(1), r.cpu.toFixed(1), String(r.runs), npMs === undefined ? '' : npMs.toFixed(1), ratio === undefined ? '' : ratio.toFixed(2), targets.join(', ')];
    console.log(row.map((v, i) => pad(v, widths[i], i >= 2 && i <= 9)).join('  '));
  }
  if (scale) slow += printScale();
  if (slow) console.log(`\n${slow} case(s) above target.`);
}

/** The CLI at 10^5..10^7 rows (bench/scale.ts): wall time and peak RSS. Returns the rows above target. */
function printScale(): number {
  console.log('\nscale: `lab calibration --format md` on synthetic CSV (peak RSS of the CLI process)');
  const rows = runScale();
  process.stderr.write('\n');
  const widths = [10, 9, 9, 13, 22, 0];
  console.log(['rows', 'MB file', 'wall s', 'peak RSS MB', 'target', 'note'].map((h, i) => pad(h, widths[i], i >= 1 && i <= 3)).join('  '));
  let over = 0;
  for (const r of rows) {
    let target = '';
    if (r.target_mb !== null && r.peak_rss_mb !== null) {
      const ok = r.peak_rss_mb <= r.target_mb && r.exit === 0;
      if (!ok) over++;
      target = `<=${r.target_mb} MB ${ok ? 'ok' : 'OVER'}`;
    } else if (r.target_mb !== null && r.exit !== null) {
      over++;
      target = `<=${r.target_mb} MB FAILED`;
    }
    const cells = [String(r.rows), r.bytes ? (r.bytes / 1e6).toFixed(0) : '', r.wall_ms === null ? '' : (r.wall_ms / 1000).toFixed(1), r.peak_rss_mb === null ? '' : r.peak_rss_mb.toFixed(0), target, r.note];
    console.log(cells.map((v, i) => pad(v, widths[i], i >= 1 && i <= 3)).join('  '));
  }
  return over;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
