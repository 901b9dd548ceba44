/**
 * Benchmark runner: `npm run bench` (all suites) or `npm run bench -- threshold` (suites whose name
 * contains one of the arguments). Prints one table row per case: the median wall time of `runs`
 * timed repetitions after one untimed warm-up, plus min and max.
 *
 * Adding a lab: write bench/<lab>.bench.ts exporting a BenchSuite and add it to `suites` below.
 * Each case's `setup` builds its data once (untimed); `beforeEach` (untimed, optional) makes what a
 * single timed run consumes, e.g. a fresh copy so that memoization does not hide the work; `run` is
 * the timed part. Generators must be deterministic (seeded, no Math.random).
 */
import { performance } from 'node:perf_hooks';
import { thresholdSuite } from './threshold.bench.ts';
import { gateSuite } from './gate.bench.ts';
import { calibrationSuite } from './calibration.bench.ts';
import { ragSuite } from './rag.bench.ts';
import { evaluatorsSuite } from './evaluators.bench.ts';

export interface BenchCase<S = unknown, R = unknown> {
  /** What is timed, e.g. "prepare + scan + ROC/PR". */
  name: string;
  /** Input size shown in the table. */
  n: number;
  setup(): S;
  beforeEach?(state: S): R;
  run(arg: R): unknown;
  /** Timed repetitions (default 5). */
  runs?: number;
  /** Optional target for the median, in ms; the table marks the row "ok" or "SLOW". */
  targetMs?: number;
}

export interface BenchSuite {
  name: string;
  cases(): BenchCase<any, any>[];
}

export const suites: BenchSuite[] = [thresholdSuite, gateSuite, ragSuite, evaluatorsSuite, calibrationSuite];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function pad(s: string, w: number, right = false): string {
  return right ? s.padStart(w) : s.padEnd(w);
}

function main(): void {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const chosen = suites.filter((s) => filters.length === 0 || filters.some((f) => s.name.includes(f)));
  if (chosen.length === 0) {
    console.error(`no suite matches ${filters.join(', ')}; suites: ${suites.map((s) => s.name).join(', ')}`);
    process.exitCode = 1;
    return;
  }
  console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
  const header = ['suite', 'case', 'n', 'median ms', 'min ms', 'max ms', 'runs', 'target'];
  const widths = [10, 44, 9, 10, 9, 9, 5, 12];
  console.log(header.map((h, i) => pad(h, widths[i], i >= 2 && i <= 6)).join('  '));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  let slow = 0;
  for (const suite of chosen) {
    for (const c of suite.cases()) {
      const state = c.setup();
      const runs = c.runs ?? 5;
      const arg0 = c.beforeEach ? c.beforeEach(state) : state;
      c.run(arg0); // warm-up
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const arg = c.beforeEach ? c.beforeEach(state) : state;
        const t0 = performance.now();
        c.run(arg);
        times.push(performance.now() - t0);
      }
      const med = median(times);
      let target = '';
      if (c.targetMs !== undefined) {
        const ok = med <= c.targetMs;
        if (!ok) slow++;
        target = `<${c.targetMs} ${ok ? 'ok' : 'SLOW'}`;
      }
      const row = [suite.name, c.name, String(c.n), med.toFixed(1), Math.min(...times).toFixed(1), Math.max(...times).toFixed(1), String(runs), target];
      console.log(row.map((v, i) => pad(v, widths[i], i >= 2 && i <= 6)).join('  '));
    }
  }
  if (slow) console.log(`\n${slow} case(s) above target.`);
}

main();
