/**
 * Threshold lab benchmark: synthetic cases (deterministic LCG), the kit's policy (8-value grid,
 * 28 pairs). Timed: prepare (split + native sort) + scan of the grid + ROC/PR curves with AUC and AP
 * (target < 300 ms at 10^6 cases), and the whole `run` (adds per-case decisions and slice counts
 * for the recommended pair).
 */
import { readFileSync } from 'node:fs';
import type { BenchCase, BenchSuite } from './run.ts';
import type { CaseRow, ThresholdPolicy } from '../labs/threshold/schema.ts';
import { curvesForLab, prepareCases, scanGrid, bestPair, runThreshold } from '../labs/threshold/engine.ts';

/** n synthetic cases: ~30 % positives; scores skewed up for positives, down for negatives. */
export function syntheticCases(n: number, seed = 20240602): CaseRow[] {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  const slices = ['pagos', 'acceso', 'consulta', 'soporte'];
  const out: CaseRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const label = next() < 0.3 ? 1 : 0;
    const u = (next() + next()) / 2;
    const score = label ? Math.sqrt(u) : 1 - Math.sqrt(1 - u) * 1;
    out[i] = { case_id: `c${i}`, score: Math.min(1, Math.max(0, label ? score : score * 0.9)), label, slice: slices[i & 3] };
  }
  return out;
}

const policy = JSON.parse(
  readFileSync(new URL('../labs/threshold/presets/threshold_policy.json', import.meta.url), 'utf8'),
) as ThresholdPolicy;
policy.beta ??= 1;

function core(cases: CaseRow[]): number {
  const prepared = prepareCases(cases);
  const scan = scanGrid(prepared, policy);
  const best = bestPair(scan.filter((p) => p.passes_constraints)) ?? bestPair(scan)!;
  const curves = curvesForLab(prepared, [best.low, best.high]);
  return (curves.roc.auc ?? 0) + (curves.pr.average_precision ?? 0);
}

export const thresholdSuite: BenchSuite = {
  name: 'threshold',
  cases() {
    const sizes = [1e4, 1e5, 1e6];
    const list: BenchCase<CaseRow[], CaseRow[]>[] = [];
    for (const n of sizes) {
      list.push({
        name: 'prepare + scan 28 pairs + ROC/PR, AUC, AP',
        n,
        setup: () => syntheticCases(n),
        beforeEach: (cases) => cases.slice(), // a new array: the WeakMap memo must not hit
        run: core,
        targetMs: n === 1e6 ? 300 : undefined,
        python: {
          kind: 'threshold',
          arrays: (cases) => ({ scores: Float64Array.from(cases, (c) => c.score), labels: Uint8Array.from(cases, (c) => c.label) }),
          params: { grid: policy.threshold_grid, c_fp: policy.cost_false_positive, c_fn: policy.cost_false_negative, c_review: policy.cost_review },
        },
      });
    }
    // Issue 23's target: the same Node timing against scikit-learn's own curve and area functions
    // (roc_curve, precision_recall_curve, roc_auc_score, average_precision_score) plus the same
    // scan; the row above compares with hand-vectorized numpy (no input checks, one sort).
    list.push({
      name: 'the same, against scikit-learn\'s curve functions',
      n: 1e6,
      setup: () => syntheticCases(1e6),
      beforeEach: (cases) => cases.slice(),
      run: core,
      targetRatio: 0.25,
      python: {
        kind: 'threshold_sklearn',
        arrays: (cases) => ({ scores: Float64Array.from(cases, (c) => c.score), labels: Uint8Array.from(cases, (c) => c.label) }),
        params: { grid: policy.threshold_grid, c_fp: policy.cost_false_positive, c_fn: policy.cost_false_negative, c_review: policy.cost_review },
      },
    });
    for (const n of sizes) {
      list.push({
        name: 'run() (+ decisions and slices per case)',
        n,
        setup: () => syntheticCases(n),
        beforeEach: (cases) => cases.slice(),
        run: (cases) => runThreshold({ cases, policy }),
        runs: 3,
      });
    }
    return list;
  },
};
