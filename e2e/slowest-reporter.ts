/**
 * Prints the ten slowest tests at the end of a Playwright run (title, file, seconds, outcome), so
 * that the next slow test is seen the day it lands. Listed in playwright.config.ts beside 'list'.
 */
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
  }
}
