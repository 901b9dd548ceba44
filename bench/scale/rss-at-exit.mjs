// Preloaded into the CLI by bench/scale.ts (node --import): at exit, appends this process's own
// peak resident set size (getrusage maxrss, in KiB) and wall time to the file named by
// EVALS_BENCH_RSS_FILE. Nothing else changes in the CLI run.
import { appendFileSync } from 'node:fs';
const file = process.env.EVALS_BENCH_RSS_FILE;
const t0 = performance.now();
if (file) process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS} ${Math.round(performance.now() - t0)}\n`));
