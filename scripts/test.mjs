#!/usr/bin/env node
// `npm test`: every test, in the order that uses a 2-core machine best.
//   1. the site's two builds (e2e/build.mjs, one after the other) beside the lint (eslint): each is
//      mostly one thread;
//   2. the type check (astro check, one thread) beside the unit, reference and golden tests (vitest,
//      its worker threads). The type check comes after the builds because it syncs the content
//      collections into the same .astro/ folder as a build does: side by side they raced on its files;
//   3. the end-to-end tests on the builds of step 1 (Playwright, two workers, E2E_NO_BUILD=1), after
//      e2e/ensure-chromium.mjs has found or installed a Chromium.
// Every step runs even when an earlier one failed (one run tells every failure), except the e2e
// step when a build failed. The output of parallel steps is printed whole, one step after the other.
// Exit status: 1 when any step failed. A summary with each step's time ends the run.
import { spawn } from 'node:child_process';

const steps = [];

/** Runs `cmd args` with the given env; resolves to its exit code. `buffer` keeps its output until it ends. */
function run(name, cmd, args, { env = process.env, buffer = false } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { env, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffer) {
      p.stdout.on('data', (d) => chunks.push(d));
      p.stderr.on('data', (d) => chunks.push(d));
    }
    p.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      if (buffer) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(chunks).toString()}`);
      const status = code === 0 ? 0 : (code ?? 1);
      steps.push({ name, seconds, status: signal ? `killed by ${signal}` : status });
      resolve(status);
    });
  });
}

const t0 = Date.now();
const [build, lint] = await Promise.all([
  run('build (root and sub-path sites)', 'node', ['e2e/build.mjs'], { buffer: true }),
  run('lint (eslint)', 'npm', ['run', '--silent', 'check:lint'], { buffer: true }),
]);
const [types, unit] = await Promise.all([
  run('type check (astro check)', 'npm', ['run', '--silent', 'check:types'], { buffer: true }),
  run('unit, reference and golden tests (vitest)', 'npm', ['run', '--silent', 'test:unit'], { buffer: true }),
]);
let e2e = 'skipped: a build failed';
if (build === 0) {
  const chromium = await run('find or install Chromium', 'node', ['e2e/ensure-chromium.mjs']);
  e2e = chromium === 0 ? await run('end-to-end tests (Playwright)', 'npx', ['playwright', 'test'], { env: { ...process.env, E2E_NO_BUILD: '1' } }) : 'skipped: no Chromium';
}

console.log('\nnpm test: steps');
for (const s of steps) console.log(`  ${s.status === 0 ? 'ok    ' : 'FAILED'} ${s.seconds.toFixed(0).padStart(5)} s  ${s.name}`);
if (typeof e2e === 'string') console.log(`  FAILED        end-to-end tests ${e2e}`);
console.log(`  total ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exitCode = [build, lint, types, unit, e2e].every((c) => c === 0) ? 0 : 1;
