#!/usr/bin/env node
// The end-to-end suite's one build step: the site at the root (dist/, or ASTRO_OUT_DIR) and the same
// site under a sub-path (BASE_PATH=/evals-lab/, into E2E_SUB_OUT_DIR, default dist-subpath/) for
// e2e/subpath.spec.ts, built side by side (each build keeps its own Astro cache, so they never write
// the same files). Astro's build is mostly one thread: on two cores both take about as long as one.
// Exit status: the first non-zero exit of either build, after both have ended.
import { spawn } from 'node:child_process';

export const SUB_BASE = '/evals-lab/';
const root = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const sub = { ...root, BASE_PATH: SUB_BASE, ASTRO_OUT_DIR: process.env.E2E_SUB_OUT_DIR || 'dist-subpath', ASTRO_CACHE_DIR: 'node_modules/.astro-subpath' };

function build(name, env) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const p = spawn('npm', ['run', 'build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => {
      console.log(`[e2e] ${name} build: exit ${code} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      if (code !== 0) console.log(out.slice(-4000));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all([build('root', root), build(`sub-path ${SUB_BASE}`, sub)]);
process.exit(codes.find((c) => c !== 0) ?? 0);
