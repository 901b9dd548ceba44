#!/usr/bin/env node
// The end-to-end suite's one build step: the site at the root (dist/, or ASTRO_OUT_DIR) and the same
// site under a sub-path (BASE_PATH=/evals-lab/, into E2E_SUB_OUT_DIR, default dist-subpath/) for
// e2e/subpath.spec.ts, one after the other: both builds sync the content collections into the
// project's one .astro/ folder (ASTRO_CACHE_DIR moves only the cache), and side by side they raced
// on its files (ENOENT renaming .astro/content-assets.mjs.tmp, 2026-12-07). npm test runs the type
// and lint check beside this step, so the second core is not idle meanwhile.
// Exit status: the first non-zero exit of either build, after both have run.
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

const codes = [await build('root', root), await build(`sub-path ${SUB_BASE}`, sub)];
process.exit(codes.find((c) => c !== 0) ?? 0);
