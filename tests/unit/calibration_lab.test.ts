import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import golden from '../golden/calibration_sklearn.json';
import { lab as calibrationLab } from '../../labs/calibration/lab.ts';
import type { CalibrationInput } from '../../labs/calibration/lab.ts';
import type { ParseOutcome } from '../../labs/core/contract/types.ts';
import { riskCoverageEmptyReason, runCalibration } from '../../labs/calibration/engine.ts';
import { ViewError } from '../../labs/core/contract/lab.ts';
import { calibrationEs } from '../../labs/calibration/i18n/es.ts';
import { calibrationEn } from '../../labs/calibration/i18n/en.ts';
import { wilsonInterval } from '../../labs/core/stats/wilson.ts';

const policyText = readFileSync('labs/calibration/presets/calibration_policy.json', 'utf8');
const casesText = readFileSync('labs/calibration/presets/calibration_cases.csv', 'utf8');

function parse(cases: string, policy = policyText, lang: 'es' | 'en' = 'en'): ParseOutcome<CalibrationInput> {
  const p = calibrationLab.parse({ cases, policy }, lang);
  if (p.ok && p.value.kind === 'multiclass') throw new Error('a binary text was read as K classes');
  return p as ParseOutcome<CalibrationInput>;
}

function run(cases: string, policy = policyText) {
  const p = parse(cases, policy);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return runCalibration(p.value);
}

describe('parsing: errors name the row and the column', () => {
  it('bad raw_score on line 4 of a CSV', () => {
    const bad = 'case_id,split,raw_score,label,slice\na,calibration,0.1,0,x\nb,evaluation,0.2,1,x\nc,evaluation,1.7,1,x\n';
    const r = parse(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ input: 'cases', line: 4, field: 'raw_score' });
  });
  it('non-numeric label, missing column, duplicate id, wrong cell count, missing split', () => {
    let r = parse('case_id,split,raw_score,label\na,calibration,0.1,yes\n');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 2, field: 'label' });
    r = parse('case_id,split,label\na,calibration,1\n', policyText, 'es');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 1, field: 'raw_score', message: calibrationEs.validation.missing_column('raw_score') });
    r = parse('case_id,split,raw_score,label\na,calibration,0.1,0\na,evaluation,0.2,1\n');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 3, field: 'case_id' });
    r = parse('case_id,split,raw_score,label\na,calibration,0.1\n');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 2, message: calibrationEn.validation.wrong_cell_count(3, 4) });
    r = parse('case_id,split,raw_score,label\na,calibration,0.1,0\n');
    expect(!r.ok && r.issues[0]).toMatchObject({ field: 'split', message: calibrationEn.validation.split_missing('evaluation') });
  });
  it('quoted cells spanning lines keep later line numbers right; blank lines keep their numbers', () => {
    const text = 'case_id,split,raw_score,label,note\na,calibration,0.1,0,"two\nlines"\n\nb,evaluation,x,1,n\n';
    const r = parse(text);
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 5, field: 'raw_score' });
  });
  it('bad policy field is reported with its line', () => {
    const r = parse(casesText, policyText.replace('"alpha": 0.10', '"alpha": 1.5'));
    expect(!r.ok && r.issues.find((i) => i.input === 'policy')).toMatchObject({ field: 'alpha' });
  });
  it('JSONL input with extra columns: kept as slice candidates', () => {
    const lines = casesText
      .trim()
      .split('\n')
      .slice(1)
      .map((l, i) => {
        const [case_id, split, raw, label, slice] = l.split(',');
        return JSON.stringify({ case_id, split, raw_score: Number(raw), label: Number(label), slice, channel: i % 2 ? 'chat' : 'email' });
      })
      .join('\n');
    const p = parse(lines);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.value.cases_format).toBe('jsonl');
    expect(p.value.extra_columns).toEqual(['channel']);
    const r = runCalibration(p.value, { slice_by: 'channel' });
    expect(r.slice_candidates).toEqual(['slice', 'channel']);
    expect(r.slice_report.map((s) => [s.slice, s.count])).toEqual([
      ['chat', 10],
      ['email', 10],
    ]);
    // same numbers as the CSV preset
    const csv = parse(casesText);
    if (!csv.ok) throw new Error('preset');
    const rc = runCalibration(csv.value);
    expect([r.conformal.q, r.recommended_policy.low, r.recommended_policy.high, r.recommended_policy.cost]).toEqual([rc.conformal.q, rc.recommended_policy.low, rc.recommended_policy.high, rc.recommended_policy.cost]);
    expect(() => runCalibration(p.value, { slice_by: 'nope' })).toThrow(ViewError);
  });
});

describe('engine behaviour', () => {
  it('per-bin Wilson interval equals statsmodels proportion_confint(method="wilson")', () => {
    for (const w of golden.wilson) {
      const mine = wilsonInterval(w.count, w.nobs)!;
      expect(mine.low).toBeCloseTo(w.low, 12);
      expect(mine.high).toBeCloseTo(w.high, 12);
    }
    const r = run(casesText);
    const bin4 = r.raw_metrics.reliability[4]; // 4 positives of 5
    const g = golden.wilson.find((w) => w.count === 4 && w.nobs === 5)!;
    expect(bin4.wilson_low).toBeCloseTo(g.low, 12);
    expect(bin4.wilson_high).toBeCloseTo(g.high, 12);
  });

  it('switching the calibrator changes the calibrated metrics and feeds the policy', () => {
    const p = parse(casesText);
    if (!p.ok) throw new Error();
    const hist = runCalibration(p.value);
    const platt = runCalibration(p.value, { calibrator: 'platt' });
    expect(platt.calibrator.type).toBe('platt');
    expect(platt.calibrated_metrics.brier).not.toBe(hist.calibrated_metrics.brier);
    // the side-by-side block is the same whichever feeds the policy
    expect(platt.calibrators.map((c) => c.evaluation.brier)).toEqual(hist.calibrators.map((c) => c.evaluation.brier));
    expect(platt.calibrated_metrics.brier).toBe(platt.calibrators.find((c) => c.type === 'platt')!.evaluation.brier);
    expect(platt.manifest.calibrator_type).toBe('platt');
  });

  it('equal-mass binning: 5 bins of 4 cases each on the 20 evaluation cases', () => {
    const p = parse(casesText);
    if (!p.ok) throw new Error();
    const r = runCalibration(p.value, { binning: 'quantile' });
    expect(r.raw_metrics.reliability.map((b) => b.count)).toEqual([4, 4, 4, 4, 4]);
  });

  it('n smaller than 1/alpha: q infinite, every set full, everything to review, gate fails', () => {
    const cases = 'case_id,split,raw_score,label,slice\n' + ['0.1,0', '0.4,0', '0.6,1', '0.9,1', '0.3,1'].map((x, i) => `c${i},calibration,${x},s`).join('\n') + '\n' + ['0.2,0', '0.8,1'].map((x, i) => `e${i},evaluation,${x},s`).join('\n') + '\n';
    const r = run(cases); // n = 5, alpha 0.1: ceil(6 * 0.9) = 6 > 5
    expect(r.conformal.q).toBeNull();
    expect(r.conformal.q_infinite).toBe(true);
    expect(r.conformal.set_size_counts['2']).toBe(2);
    expect(r.conformal.coverage).toBe(1);
    expect(r.undefined_metrics.conformal_q).toBe('conformal_rank_exceeds_n');
    expect(r.recommended_policy.automated).toBe(0);
    expect(r.recommended_policy.auto_error_rate).toBeNull();
    expect(r.decision.verdict).toBe('fail');
    expect(r.decision.reasons.slice(0, 2)).toEqual(['conformal_q_infinite', 'no_feasible_pair']);
    expect(r.decision.reasons).toContain('auto_error_rate_undefined');
    expect(r.risk_coverage_curve.every((x) => x.accepted === 0 && x.risk === null)).toBe(true);
    for (const lang of ['es', 'en'] as const) expect(calibrationLab.report(r, lang)).toContain(lang === 'es' ? 'infinito' : 'infinite');
  });

  it('one class in the calibration split: runs, flags it, and scores 0 and 1 are fine', () => {
    const cases = 'case_id,split,raw_score,label\n' + Array.from({ length: 30 }, (_, i) => `c${i},calibration,${i % 2 ? 1 : 0.9},1`).join('\n') + '\ne1,evaluation,0,0\ne2,evaluation,1,1\ne3,evaluation,0.2,1\n';
    const r = run(cases);
    expect(r.warnings).toContain('calibration_split_one_class');
    expect(r.calibrators.every((c) => c.evaluation.brier !== null && Number.isFinite(c.evaluation.log_loss!))).toBe(true);
    // raw log loss with p = 0 for y = 0 and p = 1 for y = 1 is finite through the 1e-6 clamp
    expect(Number.isFinite(r.raw_metrics.log_loss!)).toBe(true);
  });

  it('bootstrap: deterministic for a seed, changes with the seed, off with 0 rounds', () => {
    const a = run(casesText);
    const b = run(casesText);
    expect(a.bootstrap).toEqual(b.bootstrap);
    const c = run(casesText, policyText.replace('"bins": 5', '"bins": 5, "seed": 99'));
    expect(c.bootstrap!.raw_brier).not.toEqual(a.bootstrap!.raw_brier);
    const lo = a.bootstrap!.raw_brier.low!;
    const hi = a.bootstrap!.raw_brier.high!;
    expect(lo).toBeLessThan(a.raw_metrics.brier!);
    expect(hi).toBeGreaterThan(a.raw_metrics.brier!);
    expect(run(casesText, policyText.replace('"bins": 5', '"bins": 5, "bootstrap_rounds": 0')).bootstrap).toBeNull();
  });

  it('empty bins are reported with count 0 and nulls (10 bins on the preset)', () => {
    const p = parse(casesText);
    if (!p.ok) throw new Error();
    const r = runCalibration(p.value, { bins: 10 });
    // calibrated probabilities take 5 values, so at least 5 of 10 bins are empty
    expect(r.calibrated_metrics.empty_bins).toBeGreaterThanOrEqual(5);
    const empty = r.calibrated_metrics.reliability.find((b) => b.count === 0)!;
    expect(empty).toMatchObject({ confidence: null, accuracy: null, gap: null, wilson_low: null, wilson_high: null });
    expect(r.calibrated_metrics.ece).not.toBeNull();
  });

  it('recalibration triggers: base-rate shift fires', () => {
    // calibration positive rate 0.5; evaluation forced to all positives -> relative change 1 > 0.2
    const shifted = casesText.replace(/(e\d+,evaluation,[0-9.]+),0,/g, '$1,1,');
    const r = run(shifted);
    const t = r.triggers.find((x) => x.trigger === 'base_rate_relative_change')!;
    expect(t.fired).toBe(true);
    expect(t.value).toBeCloseTo(1, 12);
    expect(r.warnings).toContain('evaluation_split_one_class');
  });
});

describe('selective prediction keeps ties that are ties in exact arithmetic (issue 23)', () => {
  it('the kit preset with its histogram calibrator (5 bins): three confidence groups, AURC by hand', () => {
    // Hand calculation (checked with Python's fractions on the preset): the calibration split fills
    // the 5 bins with Laplace rates 1/6, 1/3, 1/2, 2/3, 5/6, so the 20 evaluation cases get
    // confidence max(p, 1 − p) in {5/6, 2/3, 1/2}. In floating point 1 − 1/3 is 0.6666666666666667
    // and 2/3 is 0.6666666666666666: one group, not two. Groups, best first (cases, errors):
    // 5/6 (8, 1), 2/3 (8, 3), 1/2 (4, 2); a group's errors spread evenly over its positions.
    const groups = [[8, 1], [8, 3], [4, 2]];
    let area = 0;
    let before = 0;
    let i = 0;
    for (const [g, e] of groups) {
      for (let t = 1; t <= g; t++) area += (before + (e * t) / g) / (i + t);
      before += e;
      i += g;
    }
    const r = run(casesText);
    expect(r.selective.n).toBe(20);
    expect(r.selective.errors).toBe(6);
    expect(r.selective.curve_points).toBe(3);
    expect(r.selective.aurc).toBeCloseTo(area / 20, 12);
    expect(area / 20).toBeCloseTo(0.19031068217987723, 14); // Python, exact fractions
  });
});

describe('messages', () => {
  it('es and en have the same keys', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v).map((x) => `${k}.${x}`) : [k])).sort();
    expect(keys(calibrationEn)).toEqual(keys(calibrationEs));
  });
});

describe('second preset: Gaussian naive Bayes on breast cancer (scripts/presets/calibration_breast_cancer.py)', () => {
  const r = run(readFileSync('labs/calibration/presets/breast_cancer_gnb.en.csv', 'utf8'), readFileSync('labs/calibration/presets/breast_cancer_gnb_policy.en.json', 'utf8'));
  it('parses with the extra column as a slice candidate and both splits of 171 cases', () => {
    expect(r.counts.calibration).toBe(171);
    expect(r.counts.evaluation).toBe(171);
    expect(r.slice_candidates).toEqual(['slice', 'texture_band']);
  });
  it('the Spanish files are the same cases and policy under Spanish names, with the same figures (issue 23)', () => {
    const es = run(readFileSync('labs/calibration/presets/breast_cancer_gnb.csv', 'utf8'), readFileSync('labs/calibration/presets/breast_cancer_gnb_policy.json', 'utf8'));
    expect(es.slice_candidates).toEqual(['slice', 'banda_textura']);
    const rename: Record<string, string> = { pequeño: 'small', mediano: 'medium', grande: 'large', maligno: 'malignant', benigno: 'benign' };
    // every number of the scorecard equals the English one; the strings are the English ones renamed
    const strip = (x: unknown): unknown => JSON.parse(JSON.stringify(x), (k, v: unknown) => (k === 'score_semantics' ? '' : typeof v === 'string' ? (rename[v] ?? v) : v));
    expect(strip(es)).toEqual(strip({ ...r, slice_candidates: ['slice', 'banda_textura'] }));
  });
  it('behaves like an overconfident score: temperature > 1 and calibration lowers the log loss', () => {
    const temp = r.calibrators.find((c) => c.type === 'temperature')!;
    expect(temp.fit.type === 'temperature' && temp.fit.temperature).toBeGreaterThan(1);
    for (const c of r.calibrators) expect(c.evaluation.log_loss!).toBeLessThan(r.raw_metrics.log_loss!);
  });
});

/**
 * The chapter's own data leave the risk-coverage curve empty (a new-user report: the chart drew
 * nothing and every point read "undefined"). The kit's quantile half has n = 10 calibration cases
 * and alpha = 0.1: the rank ceil((10 + 1) · 0.9) = ceil(9.9) = 10 = n is the largest non-conformity
 * score, so the sets are as wide as the calibration data allow; none of the 20 evaluation cases
 * gets a one-label set, nothing is ever accepted, and the page must say so instead of an empty chart.
 */
describe('risk-coverage curve without a defined point: the reason', () => {
  it('the kit (both languages): no one-label conformal set, so no_singleton_sets', () => {
    for (const [cases, policy, lang] of [
      [casesText, policyText, 'es'],
      [readFileSync('labs/calibration/presets/calibration_cases.en.csv', 'utf8'), readFileSync('labs/calibration/presets/calibration_policy.en.json', 'utf8'), 'en'],
    ] as const) {
      const p = parse(cases, policy, lang);
      if (!p.ok) throw new Error(JSON.stringify(p.issues));
      const r = runCalibration(p.value);
      expect(r.conformal.n_quantile).toBe(10);
      expect(r.conformal.rank).toBe(10);
      expect(r.conformal.set_size_counts['1']).toBe(0);
      expect(r.risk_coverage_curve.every((x) => x.accepted === 0 && x.error_rate === null && x.coverage === 0)).toBe(true);
      expect(r.risk_coverage_empty_reason).toBe('no_singleton_sets');
    }
  });

  it('each reason on a hand-written curve; null as soon as one level accepts a case', () => {
    const pt = (coverage: number | null, error_rate: number | null, accepted: number) => ({ min_confidence: 0.5, coverage, risk: error_rate, error_rate, accepted });
    const sets = (one: number) => ({ set_size_counts: { '0': 0, '1': one, '2': 3 } });
    expect(riskCoverageEmptyReason([pt(0.5, 0, 2), pt(0, null, 0)], sets(2))).toBeNull();
    expect(riskCoverageEmptyReason([pt(null, null, 0)], sets(0))).toBe('no_cases');
    expect(riskCoverageEmptyReason([pt(0, null, 0)], sets(0))).toBe('no_singleton_sets');
    expect(riskCoverageEmptyReason([pt(0, null, 0)], sets(1))).toBe('no_automated_cases');
  });
});
