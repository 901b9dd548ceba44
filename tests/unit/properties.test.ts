/**
 * Property-based tests (fast-check, seeded: every run tries the same cases) for the engines:
 * metrics within their ranges, confusion counts summing to n, ECE/MCE/Brier in [0, 1], isotonic
 * output monotone, kappa symmetric in its raters, split-conformal coverage >= 1 - alpha on
 * exchangeable data (a statistical test with a stated false-alarm rate), invariance to case order
 * where it must hold. The worker path is checked in worker_path.test.ts.
 */
import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { confusionCounts, confusionMetrics } from '../../labs/core/stats/confusion.ts';
import { averagePrecisionScore, rocAucScore } from '../../labs/core/stats/curves.ts';
import { brierScore, ece, logLoss, mce } from '../../labs/core/stats/calibration_metrics.ts';
import { applyIsotonic, fitIsotonic } from '../../labs/core/stats/calibrators.ts';
import { cohenKappa } from '../../labs/core/stats/agreement.ts';
import { conformalThreshold, evaluateConformal, nonconformityScores } from '../../labs/core/stats/conformal.ts';
import { createRunner } from '../../labs/runner.ts';
import { presetTexts } from '../helpers/presets.ts';

fc.configureGlobal({ seed: 20261201, numRuns: 200 });

const count = fc.integer({ min: 0, max: 1000 });
const prob = fc.double({ min: 0, max: 1, noNaN: true });
const labelled = fc.array(fc.tuple(prob, fc.integer({ min: 0, max: 1 })), { minLength: 1, maxLength: 200 });

describe('confusion metrics', () => {
  test.prop([count, count, count, count])('every defined metric is in its range', (tp, fp, fn, tn) => {
    const m = confusionMetrics({ tp, fp, fn, tn }) as unknown as Record<string, { value: number | null; reason: string | null } | number>;
    for (const [k, v] of Object.entries(m)) {
      if (typeof v !== 'object' || v === null || !('value' in v)) continue;
      if (v.value === null) {
        expect(typeof v.reason).toBe('string');
        continue;
      }
      expect(Number.isFinite(v.value), k).toBe(true);
      const signed = ['mcc', 'matthews_corrcoef', 'informedness', 'markedness'].includes(k);
      expect(v.value, k).toBeGreaterThanOrEqual(signed ? -1 - 1e-12 : -1e-12);
      expect(v.value, k).toBeLessThanOrEqual(1 + 1e-12);
    }
  });

  test.prop([fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })), { maxLength: 300 })])('counts sum to n', (pairs) => {
    const c = confusionCounts(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
    expect(c.tp + c.fp + c.fn + c.tn).toBe(pairs.length);
    expect(c.tp + c.fn).toBe(pairs.filter((p) => p[0] === 1).length);
  });
});

describe('calibration metrics and calibrators', () => {
  test.prop([labelled, fc.integer({ min: 1, max: 20 }), fc.constantFrom('uniform', 'quantile')])('ECE, MCE and Brier are in [0, 1]; log loss is finite and >= 0', (rows, bins, strategy) => {
    const p = rows.map((r) => r[0]);
    const y = rows.map((r) => r[1]);
    for (const { value: v } of [ece(p, y, bins, strategy as 'uniform'), mce(p, y, bins, strategy as 'uniform'), brierScore(p, y)]) {
      expect(v).not.toBeNull();
      expect(v!).toBeGreaterThanOrEqual(0);
      expect(v!).toBeLessThanOrEqual(1 + 1e-12);
    }
    const ll = logLoss(p, y).value;
    expect(Number.isFinite(ll!)).toBe(true);
    expect(ll!).toBeGreaterThanOrEqual(0);
  });

  test.prop([labelled, fc.array(prob, { minLength: 2, maxLength: 100 })])('isotonic output is monotone and in [0, 1]', (rows, grid) => {
    const cal = fitIsotonic(rows.map((r) => r[0]), rows.map((r) => r[1]));
    const xs = [...grid].sort((a, b) => a - b);
    const out = applyIsotonic(cal, xs);
    for (let i = 0; i < out.length; i++) {
      expect(out[i]).toBeGreaterThanOrEqual(0);
      expect(out[i]).toBeLessThanOrEqual(1);
      if (i) expect(out[i]).toBeGreaterThanOrEqual(out[i - 1] - 1e-12);
    }
  });

  test.prop([labelled, fc.integer({ min: 1, max: 1e9 })])('ECE, Brier and ROC AUC do not depend on the order of the cases', (rows, seed) => {
    const shuffled = shuffle(rows, seed);
    const p = rows.map((r) => r[0]);
    const y = rows.map((r) => r[1]);
    const ps = shuffled.map((r) => r[0]);
    const ys = shuffled.map((r) => r[1]);
    expect(ece(ps, ys, 10).value).toBeCloseTo(ece(p, y, 10).value!, 12);
    expect(brierScore(ps, ys).value).toBeCloseTo(brierScore(p, y).value!, 12);
    const a = rocAucScore(p, y);
    const b = rocAucScore(ps, ys);
    expect(b.reason).toBe(a.reason);
    if (a.value !== null) expect(b.value).toBeCloseTo(a.value, 12);
    const ap = averagePrecisionScore(p, y);
    if (ap.value !== null) {
      expect(ap.value).toBeGreaterThanOrEqual(0);
      expect(ap.value).toBeLessThanOrEqual(1 + 1e-12);
    }
  });
});

describe('agreement', () => {
  const ratings = fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n })));
  test.prop([ratings, fc.constantFrom('none', 'linear', 'quadratic')])('kappa is symmetric in its raters and at most 1', ([a, b], w) => {
    const cats = [1, 2, 3, 4, 5];
    const ab = cohenKappa(a, b, cats, w as 'none');
    const ba = cohenKappa(b, a, cats, w as 'none');
    expect(ba.reason).toBe(ab.reason);
    if (ab.value !== null) {
      expect(ba.value).toBeCloseTo(ab.value, 12);
      expect(ab.value).toBeLessThanOrEqual(1 + 1e-12);
    }
    const self = cohenKappa(a, a, cats, w as 'none');
    if (self.value !== null) expect(self.value).toBeCloseTo(1, 12);
  });
});

describe('split conformal coverage (statistical test)', () => {
  /**
   * 200 independent experiments (seeds 1..200), each with 99 calibration and 200 test cases drawn
   * i.i.d. (so exchangeable): y ~ Bernoulli(0.4), p = a noisy score of y. With n = 99 and
   * alpha = 0.1 the rank is 90, and the coverage given the calibration set is Beta(90, 10) (mean
   * 0.9, sd 0.0298); with the test noise (sd 0.0212) one experiment's coverage has sd about 0.0366,
   * and the mean of 200 has sd 0.00259. The test fails when that mean is below
   * 0.9 - 3.09 * 0.00259 = 0.892: a one-sided z test whose false-alarm rate, if the guarantee
   * holds, is 0.1 %. With the seeds fixed, the outcome is the same on every run.
   */
  test('mean coverage over 200 seeds is >= 1 - alpha (false-alarm rate 0.1 %)', { timeout: 30_000 }, () => {
    const alpha = 0.1;
    let sum = 0;
    const runs = 200;
    for (let seed = 1; seed <= runs; seed++) {
      const rnd = mulberry32(seed);
      const draw = (n: number) => {
        const p = new Float64Array(n);
        const y = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          y[i] = rnd() < 0.4 ? 1 : 0;
          const noise = (rnd() + rnd() + rnd() - 1.5) * 0.5;
          p[i] = Math.min(1, Math.max(0, (y[i] ? 0.65 : 0.35) + noise));
        }
        return { p, y };
      };
      const cal = draw(99);
      const q = conformalThreshold(nonconformityScores(cal.p, cal.y), alpha).q;
      const test = draw(200);
      const ev = evaluateConformal(test.p, test.y, q);
      sum += ev.coverage!;
    }
    expect(sum / runs).toBeGreaterThanOrEqual(0.892);
  });
});

describe('lab order invariance', () => {
  const jsonl = (rows: string[]) => rows.join('\n') + '\n';
  test.prop([fc.integer({ min: 1, max: 1e9 })], { numRuns: 8 })('threshold: the recommended pair, its metrics and the AUC do not depend on case order', async (seed) => {
    const t = presetTexts('threshold');
    const rows = t.cases.trim().split('\n');
    const a = await createRunner().run('threshold', t, 'en');
    const b = await createRunner().run('threshold', { ...t, cases: jsonl(shuffle(rows, seed)) }, 'en');
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.result.recommended_policy).toMatchObject({ threshold_low: a.result.recommended_policy!.threshold_low, threshold_high: a.result.recommended_policy!.threshold_high });
    expect(b.result.recommended_policy!.metrics).toEqual(a.result.recommended_policy!.metrics);
    expect(b.result.roc.auc).toBeCloseTo(a.result.roc.auc!, 12);
    expect(b.result.decision).toEqual(a.result.decision);
  });

  test.prop([fc.integer({ min: 1, max: 1e9 })], { numRuns: 6 })('gate: version scores and the decision do not depend on case order', async (seed) => {
    const t = presetTexts('gate');
    const a = await createRunner().run('gate', t, 'en');
    const b = await createRunner().run('gate', { ...t, cases: jsonl(shuffle(t.cases.trim().split('\n'), seed)), outputs: jsonl(shuffle(t.outputs.trim().split('\n'), seed + 1)) }, 'en');
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    for (const k of ['weighted_quality', 'passed_cases', 'critical_failures', 'accepted_cases'] as const) expect(b.result.candidate[k]).toEqual(a.result.candidate[k]);
    expect(b.result.candidate.total_cost_eur).toBeCloseTo(a.result.candidate.total_cost_eur!, 12);
    expect(b.result.delta_quality).toBeCloseTo(a.result.delta_quality!, 12);
    expect(b.result.decision.verdict).toBe(a.result.decision.verdict);
  });
});

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: readonly T[], seed: number): T[] {
  const rnd = mulberry32(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
