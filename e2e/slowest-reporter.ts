/**
 * Prints, at the end of a Playwright run, the ten slowest tests (seconds, outcome, file, title) and
 * the time each spec file took in all, so that the next slow test is seen the day it lands; every
 * test's time is also written to test-results/e2e-times.json (kept for the run's artefacts). Listed in
 * playwright.config.ts beside 'list'.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SlowestReporter implements Reporter {
  private readonly times: { title: string; file: string; ms: number; status: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.times.push({ title: test.title, file: test.location.file.replace(/^.*\/e2e\//, 'e2e/'), ms: result.duration, status: result.status });
  }

  onEnd(_result: FullResult) {
    const top = [...this.times].sort((a, b) => b.ms - a.ms).slice(0, 10);
    const total = this.times.reduce((s, t) => s + t.ms, 0);
    console.log(`\nslowest 10 of ${this.times.length} e2e tests (sum of all test times ${(total / 1000).toFixed(0)} s):`);
    for (const t of top) console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.status.padEnd(7)}  ${t.file}  ${t.title}`);
    const byFile = new Map<string, { ms: number; n: number }>();
    for (const t of this.times) {
      const f = byFile.get(t.file) ?? { ms: 0, n: 0 };
      byFile.set(t.file, { ms: f.ms + t.ms, n: f.n + 1 });
    }
    console.log('\ntest time per spec file:');
    for (const [file, f] of [...byFile].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${(f.ms / 1000).toFixed(0).padStart(7)} s  ${String(f.n).padStart(4)} tests  ${file}`);
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/e2e-times.json', JSON.stringify(this.times, null, 1));
  }
}
