/**
 * Prints the ten slowest unit tests at the end of a Vitest run (seconds, file, name), so that the
 * next slow test is seen the day it lands. Listed in vitest.config.ts beside the default reporter.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';

export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows: { ms: number; file: string; name: string }[] = [];
    for (const m of testModules) {
      for (const t of m.children.allTests() as Iterable<TestCase>) {
        const d = t.diagnostic();
        if (d) rows.push({ ms: d.duration, file: m.moduleId.replace(/^.*\/tests\//, 'tests/'), name: t.fullName });
      }
    }
    const top = rows.sort((a, b) => b.ms - a.ms).slice(0, 10);
    console.log(`\nslowest 10 of ${rows.length} unit tests:`);
    for (const r of top) console.log(`${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.file}  ${r.name}`);
  }
}
