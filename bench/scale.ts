/**
 * Scale bench (part of `npm run bench`, or `npm run bench -- scale`): the calibration CLI on
 * 10^5, 10^6 and 10^7 synthetic CSV rows written to a temporary folder (deterministic LCG, about 33
 * bytes a row), `lab calibration --format md` on the kit's policy. For each size: wall time, and the
 * CLI process's own peak RSS (getrusage maxrss, reported at exit by bench/scale/rss-at-exit.mjs).
 * Targets (issue "Measured against scikit-learn..."): 10^6 rows within 300 MB, 10^7 within 2 GB.
 * The 10^7 file is about 330 MB: set EVALS_BENCH_SCALE_MAX to a smaller size to skip it.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ScaleRow {
  rows: number;
  bytes: number;
  wall_ms: number | null;
  peak_rss_mb: number | null;
  exit: number | null;
  target_mb: number | null;
  note: string;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Writes n calibration rows (half calibration, half evaluation, three slices) to `path`. */
function writeCsv(path: string, n: number): number {
  let state = 2463534242;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const fd = openSync(path, 'w');
  let bytes = 0;
  let buf = 'case_id,split,raw_score,label,slice\n';
  for (let i = 0; i < n; i++) {
    const t = 0.05 + 0.9 * next();
    const label = next() < t ? 1 : 0;
    const z = Math.log(t / (1 - t)) * 2;
    buf += `r${i},${i % 2 ? 'evaluation' : 'calibration'},${(1 / (1 + Math.exp(-z))).toFixed(6)},${label},s${i % 3}\n`;
    if (buf.length > 1 << 20) {
      bytes += writeSync(fd, buf);
      buf = '';
    }
  }
  bytes += writeSync(fd, buf);
  closeSync(fd);
  return bytes;
}

export function runScale(sizes = [1e5, 1e6, 1e7]): ScaleRow[] {
  const max = Number(process.env.EVALS_BENCH_SCALE_MAX ?? Infinity);
  const dir = mkdtempSync(join(tmpdir(), 'evals-scale-'));
  const out: ScaleRow[] = [];
  try {
    for (const n of sizes) {
      const target = n === 1e6 ? 300 : n === 1e7 ? 2048 : null;
      if (n > max) {
        out.push({ rows: n, bytes: 0, wall_ms: null, peak_rss_mb: null, exit: null, target_mb: target, note: `skipped (EVALS_BENCH_SCALE_MAX=${max})` });
        continue;
      }
      const csv = join(dir, `cases_${n}.csv`);
      const bytes = writeCsv(csv, n);
      const rssFile = join(dir, `rss_${n}.txt`);
      const r = spawnSync(
        process.execPath,
        ['--import', join(ROOT, 'bench/scale/rss-at-exit.mjs'), join(ROOT, 'labs/cli.ts'), 'calibration', '--cases', csv, '--policy', join(ROOT, 'labs/calibration/presets/calibration_policy.json'), '--format', 'md'],
        { env: { ...process.env, EVALS_BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 24 },
      );
      let rss: number | null = null;
      let wall: number | null = null;
      try {
        const [kib, ms] = readFileSync(rssFile, 'utf8').trim().split(/\s+/).map(Number);
        rss = kib / 1024;
        wall = ms;
      } catch {
        // the process died before its exit handler ran (killed, out of memory)
      }
      const err = r.stderr?.toString().trim().split('\n').slice(-1)[0] ?? '';
      out.push({ rows: n, bytes, wall_ms: wall, peak_rss_mb: rss, exit: r.status, target_mb: target, note: r.status === 0 ? '' : `exit ${r.status ?? r.signal}: ${err.slice(0, 80)}` });
      rmSync(csv, { force: true });
      process.stderr.write('.');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
