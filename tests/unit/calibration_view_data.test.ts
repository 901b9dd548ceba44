/**
 * What the calibration lab's page draws and the engine now computes for it: the calibrator curves,
 * the score histograms per label, and progress reports (parse, fit, scan, bootstrap) that leave the
 * result unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lab as calibrationLab } from '../../labs/calibration/lab.ts';
import { runCalibration, CURVE_POINTS, SCORE_HISTOGRAM_BINS } from '../../labs/calibration/engine.ts';
import { countsByLabel as labelHistogram } from '../../labs/core/stats/histogram.ts';

const policyText = readFileSync('labs/calibration/presets/calibration_policy.json', 'utf8');
const casesText = readFileSync('labs/calibration/presets/calibration_cases.csv', 'utf8');
const kitReport = JSON.parse(readFileSync(new URL('../../../shared/reference/c05/output/calibration_report.json', import.meta.url), 'utf8').toString()) as {
  calibrator: { mapping: { bin: number; calibrated_probability: number }[] };
};

function input() {
  const p = calibrationLab.parse({ cases: casesText, policy: policyText }, 'en');
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  if (p.value.kind === 'multiclass') throw new Error('a binary text was read as K classes');
  return p.value;
}

describe('labelHistogram: counts per label in equal-width bins (left-closed, last bin holds 1)', () => {
  it('hand-counted example with values on the edges', () => {
    // 20 bins of width 0.05: 0 -> bin 0; 0.049 -> bin 0; 0.05 -> bin 1 (left-closed);
    // 0.5 -> bin 10; 0.999 -> bin 19; 1 -> bin 19 (the last bin is closed).
    const h = labelHistogram([0, 0.05, 0.049, 0.5, 1, 0.999], [0, 1, 0, 1, 1, 0], 20);
    expect(h.edges).toHaveLength(21);
    expect(h.edges[0]).toBe(0);
    expect(h.edges[20]).toBe(1);
    const neg = new Array(20).fill(0);
    const pos = new Array(20).fill(0);
    neg[0] = 2;
    neg[19] = 1;
    pos[1] = 1;
    pos[10] = 1;
    pos[19] = 1;
    expect(h.negative).toEqual(neg);
    expect(h.positive).toEqual(pos);
  });
  it('empty input gives zero counts', () => {
    const h = labelHistogram([], [], 4);
    expect(h.negative).toEqual([0, 0, 0, 0]);
    expect(h.positive).toEqual([0, 0, 0, 0]);
  });
});

describe('calibrator curves and score histograms on the kit preset', () => {
  const r = runCalibration(input());

  it('tabulates all four calibrators on 0, 0.005, ..., 1', () => {
    expect(r.calibrator_curves.x).toHaveLength(CURVE_POINTS);
    expect(r.calibrator_curves.x[0]).toBe(0);
    expect(r.calibrator_curves.x[CURVE_POINTS - 1]).toBe(1);
    expect(r.calibrator_curves.curves.map((c) => c.type)).toEqual(['histogram_laplace', 'platt', 'isotonic', 'temperature']);
    for (const c of r.calibrator_curves.curves) {
      expect(c.y).toHaveLength(CURVE_POINTS);
      for (const v of c.y) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }
  });

  it('the histogram curve is the kit mapping, step by step', () => {
    const hist = r.calibrator_curves.curves[0].y;
    const at = (x: number) => hist[Math.round(x * (CURVE_POINTS - 1))];
    const kit = kitReport.calibrator.mapping.map((m) => m.calibrated_probability);
    // 5 bins of width 0.2: 0.1 in bin 0, 0.2 in bin 1 (left-closed), 0.5 in bin 2, 0.7 in bin 3, 1 in bin 4
    expect(at(0.1)).toBeCloseTo(kit[0], 6);
    expect(at(0.2)).toBeCloseTo(kit[1], 6);
    expect(at(0.5)).toBeCloseTo(kit[2], 6);
    expect(at(0.7)).toBeCloseTo(kit[3], 6);
    expect(at(1)).toBeCloseTo(kit[4], 6);
  });

  it('the Platt and temperature curves follow their formulas with the fitted parameters', () => {
    const platt = r.calibrators[1].fit;
    const temp = r.calibrators[3].fit;
    if (platt.type !== 'platt' || temp.type !== 'temperature') throw new Error('unexpected order');
    const x = 0.3; // index 60
    expect(r.calibrator_curves.curves[1].y[60]).toBeCloseTo(1 / (1 + Math.exp(platt.a * x + platt.b)), 12);
    const logit = Math.log(x / (1 - x));
    expect(r.calibrator_curves.curves[3].y[60]).toBeCloseTo(1 / (1 + Math.exp(-logit / temp.temperature)), 12);
  });

  it('the isotonic curve is non-decreasing', () => {
    const iso = r.calibrator_curves.curves[2].y;
    for (let i = 1; i < iso.length; i++) expect(iso[i]).toBeGreaterThanOrEqual(iso[i - 1]);
  });

  it('score histograms count every evaluation case once, per label', () => {
    const h = r.score_histograms;
    expect(h.edges).toHaveLength(SCORE_HISTOGRAM_BINS + 1);
    const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
    // the kit's evaluation split: 20 cases, 11 positive (label 1) and 9 negative (base rate 0.55)
    expect(sum(h.raw.positive)).toBe(11);
    expect(sum(h.raw.negative)).toBe(9);
    expect(sum(h.calibrated.positive)).toBe(11);
    expect(sum(h.calibrated.negative)).toBe(9);
    // raw evaluation scores 0.04 (label 0) and 0.99 (label 0): bins 0 and 19
    expect(h.raw.negative[0]).toBe(1);
    expect(h.raw.negative[19]).toBe(1);
  });
});

describe('progress reports', () => {
  it('parse, fit, scan and bootstrap report fractions in [0, 1] and the result is unchanged', async () => {
    const seen: [string, number][] = [];
    const hooks = { progress: (stage: string, f: number) => seen.push([stage, f]) };
    const parsed = calibrationLab.parse({ cases: casesText, policy: policyText }, 'en', hooks);
    if (!parsed.ok || parsed.value.kind === 'multiclass') throw new Error('preset should parse as binary');
    const withHooks = calibrationLab.select(await calibrationLab.run(parsed.value, {}, hooks), {});
    const without = runCalibration(input());
    expect(withHooks.metrics).toEqual(without.metrics);
    const stages = new Set(seen.map((s) => s[0]));
    for (const s of ['parse', 'fit', 'scan', 'bootstrap']) expect(stages.has(s)).toBe(true);
    for (const [, f] of seen) {
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThanOrEqual(1);
    }
  });

  it('a large CSV reports parse progress every few thousand rows (a few hundred calls at most)', () => {
    const rows = ['case_id,split,raw_score,label'];
    for (let i = 0; i < 20000; i++) rows.push(`c${i},${i % 2 ? 'evaluation' : 'calibration'},${(i % 100) / 100},${i % 3 === 0 ? 1 : 0}`);
    const calls: number[] = [];
    const r = calibrationLab.parse({ cases: rows.join('\n'), policy: policyText }, 'en', { progress: (s, f) => s === 'parse' && calls.push(f) });
    expect(r.ok).toBe(true);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.length).toBeLessThan(300);
    for (let i = 1; i < calls.length; i++) expect(calls[i]).toBeGreaterThanOrEqual(calls[i - 1]);
  });

  it('JSONL cases report parse progress too', () => {
    const lines: string[] = [];
    for (let i = 0; i < 12000; i++) lines.push(JSON.stringify({ case_id: `c${i}`, split: i % 2 ? 'evaluation' : 'calibration', raw_score: (i % 10) / 10, label: i % 2 }));
    const calls: number[] = [];
    const r = calibrationLab.parse({ cases: lines.join('\n'), policy: policyText }, 'en', { progress: (s, f) => s === 'parse' && calls.push(f) });
    expect(r.ok).toBe(true);
    expect(calls.length).toBeGreaterThan(0);
  });
});
