/**
 * Threshold lab: hand-calculated small cases (expected values worked out in the comments).
 *
 * Dataset A (7 cases):     id  score label slice
 *                          a1  0.9   1     x
 *                          a2  0.7   0     x
 *                          a3  0.5   1     y
 *                          a4  0.3   0     y
 *                          a5  0.3   1     (missing -> "all")
 *                          a6  0.0   0     (missing -> "all")
 *                          a7  1.0   0     (missing -> "all")
 * positives = 3 (a1, a3, a5), negatives = 4.
 * Policy A: cost FP 1, FN 10, review 0.5; max_review_rate 0.5; min_operational_recall 0.5; beta 2.
 */
import { describe, expect, it } from 'vitest';
import { lab as thresholdLab } from '../../labs/threshold/lab.ts';
import { runThreshold } from '../../labs/threshold/engine.ts';
import type { ThresholdInput } from '../../labs/threshold/lab.ts';
import { countsForPair, evaluatePair, prepareCases, actionClass } from '../../labs/threshold/engine.ts';
import { formatIssue } from '../../labs/core/contract/parse.ts';
import { averagePrecisionScore, rocAucScore } from '../../labs/core/stats/curves.ts';
import { coreMsg } from '../../labs/core/contract/i18n/index.ts';
import { thresholdMsg } from '../../labs/threshold/i18n/index.ts';
const msg = (lang: 'es' | 'en') => ({ ...coreMsg(lang), threshold: thresholdMsg(lang) });

const casesA = [
  { case_id: 'a1', score: 0.9, label: 1, slice: 'x' },
  { case_id: 'a2', score: 0.7, label: 0, slice: 'x' },
  { case_id: 'a3', score: 0.5, label: 1, slice: 'y' },
  { case_id: 'a4', score: 0.3, label: 0, slice: 'y' },
  { case_id: 'a5', score: 0.3, label: 1 },
  { case_id: 'a6', score: 0, label: 0, extra_key: 'ignored' },
  { case_id: 'a7', score: 1, label: 0, text: 'texto' },
];
const policyA = {
  cost_false_positive: 1,
  cost_false_negative: 10,
  cost_review: 0.5,
  max_review_rate: 0.5,
  min_operational_recall: 0.5,
  threshold_grid: [0.7, 0.3],
  positive_label: 'urgente',
  negative_label: 'normal',
  beta: 2,
};
const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');

function parseOk(cases: object[], policy: object): ThresholdInput {
  const p = thresholdLab.parse({ cases: jsonl(cases), policy: JSON.stringify(policy) }, 'es');
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.value;
}

describe('parse', () => {
  it('empty inputs are rejected, each naming its input', () => {
    const p = thresholdLab.parse({ cases: '', policy: '' }, 'es');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues.map((i) => i.input)).toEqual(['cases', 'policy']);
    expect(p.issues[0].message).toBe(msg('es').validation.no_rows);
    expect(p.issues[1].message).toBe(msg('es').validation.empty_input);
  });

  it('a bad JSONL line reports its line number (blank lines keep the numbering)', () => {
    const text = `${JSON.stringify(casesA[0])}\n\n{"case_id": "b", "score": 0.4, label: 1}\n${JSON.stringify(casesA[1])}`;
    const p = thresholdLab.parse({ cases: text, policy: JSON.stringify(policyA) }, 'en');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues).toHaveLength(1);
    expect(p.issues[0]).toMatchObject({ input: 'cases', line: 3 });
    expect(formatIssue(p.issues[0], 'en')).toContain('line 3');
    expect(formatIssue(p.issues[0], 'es')).toContain('línea 3');
  });

  it('duplicate case_id is reported on the line of the repeat', () => {
    const p = thresholdLab.parse({ cases: jsonl([casesA[0], casesA[1], { ...casesA[2], case_id: 'a1' }]), policy: JSON.stringify(policyA) }, 'es');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues[0]).toMatchObject({ input: 'cases', line: 3, field: 'case_id' });
  });

  it('label must be 0 or 1 and score must be in [0, 1]', () => {
    const p = thresholdLab.parse(
      { cases: jsonl([{ ...casesA[0], label: 2 }, { ...casesA[1], score: 1.5 }, { ...casesA[2], case_id: '' }]), policy: JSON.stringify(policyA) },
      'es',
    );
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues.map((i) => [i.line, i.field])).toEqual([
      [1, 'label'],
      [2, 'score'],
      [3, 'case_id'],
    ]);
  });

  it('a grid with a single distinct value is rejected with the lab message', () => {
    const p = thresholdLab.parse({ cases: jsonl(casesA), policy: JSON.stringify({ ...policyA, threshold_grid: [0.5, 0.5] }) }, 'en');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues[0]).toMatchObject({ input: 'policy', field: 'threshold_grid', message: msg('en').threshold.validation.grid_two_distinct });
  });

  it('defaults: slice "all", labels "positive"/"negative", beta 1; extra keys dropped', () => {
    const { cases, policy } = parseOk(casesA, { ...policyA, positive_label: undefined, negative_label: undefined, beta: undefined });
    expect(cases[4].slice).toBe('all');
    expect(cases[5]).not.toHaveProperty('extra_key');
    expect(cases[6].text).toBe('texto');
    expect(policy.positive_label).toBe('positive');
    expect(policy.negative_label).toBe('negative');
    expect(policy.beta).toBe(1);
  });

  it('policy errors name the field and the line', () => {
    const text = '{\n  "cost_false_positive": -1,\n  "cost_false_negative": 1,\n  "cost_review": 1,\n  "max_review_rate": 2,\n  "min_operational_recall": 0.5,\n  "threshold_grid": [0.1, 0.2]\n}';
    const p = thresholdLab.parse({ cases: jsonl(casesA), policy: text }, 'es');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues.map((i) => [i.field, i.line])).toEqual([
      ['cost_false_positive', 2],
      ['max_review_rate', 5],
    ]);
  });
});

describe('engine: hand-calculated pairs on dataset A', () => {
  const input = parseOk(casesA, policyA);
  const prepared = prepareCases(input.cases);

  it('actions: ties go to the inclusive bound; a single threshold t classifies score >= t as positive', () => {
    expect(actionClass(0.3, 0.3, 0.7)).toBe('negative'); // score == low
    expect(actionClass(0.7, 0.3, 0.7)).toBe('positive'); // score == high
    expect(actionClass(0.5, 0.5, 0.5)).toBe('positive'); // low == high == score: score >= t (chapter 02, ROC)
    expect(actionClass(0.49999, 0.5, 0.5)).toBe('negative');
  });

  it('a single threshold (low = high = t) counts score = t as positive, like the ROC curve', () => {
    // t = 0.3: a1 0.9 TP, a2 0.7 FP, a3 0.5 TP, a4 0.3 FP (== t), a5 0.3 TP (== t), a6 0 TN, a7 1 FP.
    const e = evaluatePair(prepared, input.policy, 0.3, 0.3);
    expect(e.counts).toEqual({ tp: 3, fp: 3, fn: 0, tn: 1, review_positive: 0, review_negative: 0 });
  });

  it('pair (0.3, 0.7): counts, every metric, slices, decisions', () => {
    // a1 0.9 -> urgente TP; a2 0.7 (== high) -> urgente FP; a3 0.5 -> review (pos);
    // a4 0.3 (== low) -> normal TN; a5 0.3 -> normal FN; a6 0 -> normal TN; a7 1 -> urgente FP.
    const res = runThreshold(input);
    const d = res.recommended_policy!;
    expect([d.threshold_low, d.threshold_high]).toEqual([0.3, 0.7]);
    expect(d.counts).toEqual({ tp: 1, fp: 2, fn: 1, tn: 2, review_positive: 1, review_negative: 0 });
    const m = d.metrics;
    expect(m.precision_auto_urgent).toBeCloseTo(1 / 3, 15);
    expect(m.recall_auto_urgent).toBe(0.5);
    expect(m.operational_recall).toBeCloseTo(2 / 3, 15); // (TP + review_positive) / positives = 2/3
    expect(m.specificity_auto_normal).toBe(0.5); // 2 / (2 + 2)
    expect(m.f1_auto_urgent).toBeCloseTo(0.4, 15); // 2 / (2 + 2 + 1)
    expect(m.balanced_accuracy_auto).toBe(0.5);
    expect(m.review_rate).toBeCloseTo(1 / 7, 15);
    expect(m.automation_rate).toBeCloseTo(6 / 7, 15);
    expect(m.cost).toBe(12.5); // 1·2 + 10·1 + 0.5·1
    expect(m.accuracy_auto).toBe(0.5); // (1 + 2) / 6
    expect(m.f_beta_auto).toBeCloseTo(5 / 11, 15); // beta 2: 5·1 / (5·1 + 4·1 + 2)
    expect([m.positives, m.negatives]).toEqual([3, 4]);
    expect(d.undefined_metrics).toEqual({});
    expect(d.passes_constraints).toBe(true); // 1/7 <= 0.5 and 2/3 >= 0.5
    expect(d.slice_counts).toEqual({
      x: { tp: 1, fp: 1, fn: 0, tn: 0, review: 0, total: 2 },
      y: { tp: 0, fp: 0, fn: 0, tn: 1, review: 1, total: 2 },
      all: { tp: 0, fp: 1, fn: 1, tn: 1, review: 0, total: 3 },
    });
    expect(d.decisions.map((c) => c.action)).toEqual(['urgente', 'urgente', 'review', 'normal', 'normal', 'normal', 'urgente']);
    expect(res.evaluated_policies).toBe(1); // grid [0.7, 0.3] sorted -> one pair
    expect(res.decision).toEqual({ verdict: 'pass', reasons: [] });
  });

  it('scores 0 and 1 at the extreme pair (0, 1)', () => {
    // a6 (0) -> normal TN; a7 (1) -> urgente FP; everything else -> review (3 pos, 2 neg).
    const e = evaluatePair(prepared, input.policy, 0, 1);
    expect(e.counts).toEqual({ tp: 0, fp: 1, fn: 0, tn: 1, review_positive: 3, review_negative: 2 });
    expect(e.metrics.precision_auto_urgent).toBe(0); // 0 / 1: defined, zero
    expect(e.metrics.recall_auto_urgent).toBeNull(); // TP + FN = 0
    expect(e.undefined_metrics.recall_auto_urgent).toBe('no_automated_positives');
    expect(e.metrics.balanced_accuracy_auto).toBeNull();
    expect(e.undefined_metrics.balanced_accuracy_auto).toBe('depends_on_undefined');
    expect(e.metrics.f1_auto_urgent).toBe(0); // 0 / (0 + 1 + 0)
    expect(e.metrics.operational_recall).toBe(1);
    expect(e.metrics.review_rate).toBeCloseTo(5 / 7, 15);
    expect(e.failed_constraints).toEqual(['review_rate_above_max']);
  });

  it('undefined precision: no automated positive prediction (low = high = 1, without a7)', () => {
    // Without a7 (the only score 1), everything < 1 -> normal: TN 3, FN 3, nothing predicted positive.
    const e = evaluatePair(prepareCases(input.cases.filter((c) => c.case_id !== 'a7')), input.policy, 1, 1);
    expect(e.counts).toEqual({ tp: 0, fp: 0, fn: 3, tn: 3, review_positive: 0, review_negative: 0 });
    expect(e.metrics.precision_auto_urgent).toBeNull();
    expect(e.undefined_metrics.precision_auto_urgent).toBe('no_predicted_positives');
    expect(e.metrics.recall_auto_urgent).toBe(0);
    expect(e.metrics.f1_auto_urgent).toBe(0); // 0 / (0 + 0 + 3)
    expect(e.metrics.operational_recall).toBe(0);
    expect(e.metrics.cost).toBe(30);
    expect(e.failed_constraints).toEqual(['operational_recall_below_min']);
  });

  it('evaluatePair on a pair that is not in the grid: (0.4, 0.8)', () => {
    // >= 0.8: a1 TP, a7 FP; <= 0.4: a4 TN, a5 FN, a6 TN; review: a2 (neg), a3 (pos).
    const e = evaluatePair(prepared, input.policy, 0.4, 0.8);
    expect(e.counts).toEqual({ tp: 1, fp: 1, fn: 1, tn: 2, review_positive: 1, review_negative: 1 });
    expect(e.metrics.cost).toBe(12); // 1 + 10 + 0.5·2
    const res = runThreshold(input, { low: 0.4, high: 0.8 });
    expect(res.selected_policy.counts).toEqual(e.counts);
    expect(res.recommended_policy!.threshold_low).toBe(0.3); // the view does not change the recommendation
    expect(thresholdLab.report(res, 'en')).toContain('Pair selected in the lab');
  });

  it('pairs outside 0 <= low <= high <= 1 throw RangeError', () => {
    expect(() => evaluatePair(prepared, input.policy, 0.8, 0.4)).toThrow(RangeError);
    expect(() => evaluatePair(prepared, input.policy, -0.1, 0.4)).toThrow(RangeError);
    expect(() => evaluatePair(prepared, input.policy, 0.1, 1.1)).toThrow(RangeError);
    expect(() => evaluatePair(prepared, input.policy, NaN, 0.5)).toThrow(RangeError);
    expect(() => runThreshold(input, { low: 0.9, high: 0.1 })).toThrow(RangeError);
  });

  it('prepared arrays are memoized per cases array', () => {
    expect(prepareCases(input.cases)).toBe(prepared);
    expect(prepareCases([...input.cases])).not.toBe(prepared);
  });
});

describe('engine: no feasible pair', () => {
  // Grid [0.3, 0.7, 0.95]; max_review_rate 0, min_operational_recall 1: every pair fails.
  // (0.3, 0.7):  as above, cost 12.5, op. recall 2/3, review 1/7.
  // (0.3, 0.95): >= 0.95: a7 FP; review a1 (pos), a2 (neg), a3 (pos); <= 0.3: a4 TN, a5 FN, a6 TN
  //              -> cost 1 + 10 + 0.5·3 = 12.5, op. recall 2/3, review 3/7.
  // (0.7, 0.95): a7 FP; review a1; normal a2 TN, a3 FN, a4 TN, a5 FN, a6 TN -> cost 1 + 20 + 0.5 = 21.5.
  // Least bad: cost tie 12.5, same recall, lower review rate -> (0.3, 0.7).
  const input = parseOk(casesA, { ...policyA, threshold_grid: [0.3, 0.7, 0.95], max_review_rate: 0, min_operational_recall: 1 });
  const res = runThreshold(input);

  it('recommended is null, least_bad is named, verdict fail with reasons', () => {
    expect(res.evaluated_policies).toBe(3);
    expect(res.feasible_policies).toBe(0);
    expect(res.scan.map((p) => p.metrics.cost)).toEqual([12.5, 12.5, 21.5]);
    expect(res.recommended_policy).toBeNull();
    expect([res.least_bad_policy!.threshold_low, res.least_bad_policy!.threshold_high]).toEqual([0.3, 0.7]);
    expect(res.least_bad_policy!.failed_constraints).toEqual(['review_rate_above_max', 'operational_recall_below_min']);
    expect(res.decision).toEqual({
      verdict: 'fail',
      reasons: ['no_policy_meets_constraints', 'review_rate_above_max', 'operational_recall_below_min'],
    });
    expect(res.selected_policy.threshold_high).toBe(0.7);
  });

  it('the report says do not automate, names the least-bad pair and falls back', () => {
    const es = thresholdLab.report(res, 'es');
    expect(es).toContain('No automatizar todavía');
    expect(es).toContain('Par menos malo');
    expect(es).toContain('if_no_policy_passes'); // no fallback in this policy: says so
    const en = thresholdLab.report(runThreshold({ ...input, policy: { ...input.policy, if_no_policy_passes: 'keep manual triage' } }), 'en');
    expect(en).toContain('keep manual triage');
    expect(en).toContain('Do not automate yet');
  });
});

describe('engine: one class only', () => {
  it('only negatives: operational recall undefined everywhere, verdict fail, curves undefined', () => {
    const input = parseOk(casesA.filter((c) => c.label === 0), policyA);
    const res = runThreshold(input);
    expect(res.feasible_policies).toBe(0);
    for (const p of res.scan) {
      expect(p.metrics.operational_recall).toBeNull();
      expect(p.undefined_metrics.operational_recall).toBe('no_positives');
      expect(p.failed_constraints).toContain('operational_recall_undefined');
    }
    expect(res.decision.verdict).toBe('fail');
    expect(res.decision.reasons.slice(0, 2)).toEqual(['no_positives', 'no_policy_meets_constraints']);
    expect(res.decision.reasons).toContain('operational_recall_undefined');
    expect(res.roc.auc).toBeNull();
    expect(res.undefined_metrics).toMatchObject({ roc_auc: 'single_class', average_precision: 'no_positives' });
    const es = thresholdLab.report(res, 'es');
    expect(es).toContain(`no definido (${msg('es').undefined_reason.no_positives})`);
    expect(thresholdLab.report(res, 'en')).toContain(`undefined (${msg('en').undefined_reason.single_class})`);
  });

  it('only positives: specificity undefined, AUC undefined, AP = 1', () => {
    const input = parseOk(casesA.filter((c) => c.label === 1), policyA);
    const res = runThreshold(input);
    const d = res.recommended_policy ?? res.least_bad_policy!;
    // (0.3, 0.7): a1 TP, a3 review, a5 FN (0.3 == low) -> no automated negatives.
    expect(d.counts).toEqual({ tp: 1, fp: 0, fn: 1, tn: 0, review_positive: 1, review_negative: 0 });
    expect(d.metrics.specificity_auto_normal).toBeNull();
    expect(d.undefined_metrics.specificity_auto_normal).toBe('no_automated_negatives');
    expect(res.roc.reason).toBe('single_class');
    expect(res.pr.average_precision).toBe(1);
  });
});

describe('counting by binary search = counting case by case', () => {
  it('random data with many ties, grid and non-grid pairs', () => {
    // Small deterministic LCG; scores on a 0.05 grid so that many fall exactly on thresholds.
    let s = 12345;
    const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const cases = Array.from({ length: 500 }, (_, i) => ({
      case_id: `c${i}`,
      score: Math.round(next() * 20) / 20,
      label: (next() < 0.4 ? 1 : 0) as 0 | 1,
      slice: 'all',
    }));
    const prepared = prepareCases(cases);
    const pairs: [number, number][] = [];
    for (let a = 0; a <= 20; a += 1) for (let b = a; b <= 20; b += 3) pairs.push([a / 20, b / 20]);
    pairs.push([0.333, 0.777], [0, 0], [1, 1]);
    for (const [low, high] of pairs) {
      const brute = { tp: 0, fp: 0, fn: 0, tn: 0, review_positive: 0, review_negative: 0 };
      for (const c of cases) {
        const a = actionClass(c.score, low, high);
        if (a === 'review') brute[c.label ? 'review_positive' : 'review_negative']++;
        else if (a === 'positive') brute[c.label ? 'tp' : 'fp']++;
        else brute[c.label ? 'fn' : 'tn']++;
      }
      expect(countsForPair(prepared, low, high)).toEqual(brute);
    }
  });
});

describe('curves in the lab result', () => {
  it('preset: ROC and PR equal scikit-learn (golden), thresholds[0] of ROC written as null', async () => {
    const { readFileSync } = await import('node:fs');
    const golden = JSON.parse(readFileSync(new URL('../golden/curves_sklearn.json', import.meta.url), 'utf8'));
    const g = golden.datasets.find((d: { name: string }) => d.name === 'threshold_preset');
    const cases = g.scores.map((score: number, i: number) => ({ case_id: `t${i}`, score, label: g.labels[i] }));
    const res = runThreshold(parseOk(cases, { ...policyA, threshold_grid: [0.3, 0.5] }));
    expect(res.roc.thinning).toMatchObject({ original_points: g.roc.fpr.length, kept_points: g.roc.fpr.length });
    expect(res.roc.fpr).toEqual(g.roc.fpr);
    expect(res.roc.tpr).toEqual(g.roc.tpr);
    expect(res.roc.thresholds).toEqual([null, ...g.roc.thresholds_rest]);
    expect(res.roc.auc).toBeCloseTo(g.roc_auc.value, 12);
    expect(res.pr.precision).toEqual(g.pr.precision);
    expect(res.pr.recall).toEqual(g.pr.recall);
    expect(res.pr.thresholds).toEqual(g.pr.thresholds);
    expect(res.pr.average_precision).toBeCloseTo(g.average_precision.value, 12);
  });

  it('large input: curves thinned to <= 1000 points keeping the ends and the recommended thresholds', () => {
    let s = 99;
    const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
    const cases = Array.from({ length: 20000 }, (_, i) => {
      const label = (next() < 0.3 ? 1 : 0) as 0 | 1;
      return { case_id: `r${i}`, score: Math.min(1, Math.max(0, next() * 0.7 + label * 0.3)), label, slice: 'all' };
    });
    const input = parseOk(cases, { ...policyA, threshold_grid: [0.3, 0.5, 0.7] });
    const res = runThreshold(input, { low: 0.41, high: 0.83 });
    for (const c of [res.roc, res.pr]) {
      expect(c.thinning!.original_points).toBeGreaterThan(1000);
      expect(c.thinning!.kept_points).toBeLessThanOrEqual(1000);
    }
    const roc = res.roc as Extract<typeof res.roc, { reason: null }>;
    expect(roc.fpr.length).toBe(roc.thinning.kept_points);
    expect([roc.fpr[0], roc.tpr[0], roc.fpr.at(-1), roc.tpr.at(-1)]).toEqual([0, 0, 1, 1]);
    const pr = res.pr as Extract<typeof res.pr, { reason: null }>;
    expect([pr.precision.at(-1), pr.recall.at(-1)]).toEqual([1, 0]);
    expect(pr.thresholds.length).toBe(pr.precision.length - 1);
    // The points on both sides of the recommended (else least-bad) pair's thresholds are kept (the
    // curves are computed once per input; a selected pair is marked by its exact operating points).
    const anchor = res.recommended_policy ?? res.least_bad_policy!;
    for (const t of [anchor.threshold_low, anchor.threshold_high]) {
      const above = Math.min(...pr.thresholds.filter((x) => x >= t));
      const below = Math.max(...pr.thresholds.filter((x) => x < t));
      const allThr = cases.map((c) => c.score);
      expect(above).toBe(Math.min(...allThr.filter((x) => x >= t)));
      expect(below).toBe(Math.max(...allThr.filter((x) => x < t)));
    }
    // AUC and AP are computed on the full curves (same as the general functions).
    const scores = cases.map((c) => c.score);
    const labels = cases.map((c) => c.label);
    expect(roc.auc).toBe(rocAucScore(scores, labels).value);
    expect(pr.average_precision).toBe(averagePrecisionScore(scores, labels).value);
  });
});
