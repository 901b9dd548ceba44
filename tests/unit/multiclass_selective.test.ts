/**
 * K-class calibration (core/stats/multiclass.ts) and selective prediction (core/stats/selective.ts)
 * against tests/golden/multiclass_sklearn.json (scikit-learn log loss, accuracy and isotonic fits;
 * scipy's bounded minimizer for the temperature; numpy for the binned ECEs, Brier, conformal
 * quantiles and AURC, written from their definitions in scripts/golden/multiclass_sklearn.py), and
 * small cases by hand.
 */
import { describe, expect, it } from 'vitest';
import golden from '../golden/multiclass_sklearn.json';
import {
  applyIsotonicK, applyTemperatureK, checkMulticlass, conformalSetsK, fitIsotonicK, fitTemperatureK,
  multiclassMetrics, nonconformityK, topLabel,
} from '../../labs/core/stats/multiclass.ts';
import { riskCoverageCurve, sampleRiskCoverage } from '../../labs/core/stats/selective.ts';
import { PyRandom } from '../../labs/core/stats/rng.ts';

const K = golden.K;
const cal = golden.cal;
const ev = golden.eval;
const metricKeys = ['top_label_ece', 'classwise_ece', 'brier', 'log_loss', 'accuracy'] as const;

function expectMetrics(probs: ArrayLike<number>, y: number[], ref: Record<(typeof metricKeys)[number], number>, digits: number) {
  const m = multiclassMetrics(probs, y, K, golden.bins);
  for (const k of metricKeys) expect(m[k].value, k).toBeCloseTo(ref[k], digits);
}

describe('K-class metrics = scikit-learn / numpy', () => {
  it('top-label and classwise ECE, Brier, log loss, accuracy on the evaluation split', () => {
    expectMetrics(ev.probs, ev.y, golden.metrics_eval, 12);
  });
  it('by hand: two cases, three classes', () => {
    // case 0: p = (0.7, 0.2, 0.1), y = 0 -> right, conf 0.7; case 1: p = (0.5, 0.4, 0.1), y = 1 -> wrong, conf 0.5
    const p = [0.7, 0.2, 0.1, 0.5, 0.4, 0.1];
    const m = multiclassMetrics(p, [0, 1], 3, 10);
    // Brier: (0.09 + 0.04 + 0.01 + 0.25 + 0.36 + 0.01) / 2 = 0.38
    expect(m.brier.value).toBeCloseTo(0.38, 15);
    // log loss: -(ln 0.7 + ln 0.4) / 2
    expect(m.log_loss.value).toBeCloseTo(-(Math.log(0.7) + Math.log(0.4)) / 2, 15);
    // top-label ECE, bins of width 0.1: bin 7 holds (0.7, right) -> |1 - 0.7|; bin 5 holds (0.5, wrong) -> |0 - 0.5|
    expect(m.top_label_ece.value).toBeCloseTo((0.3 + 0.5) / 2, 15);
    expect(m.accuracy.value).toBe(0.5);
  });
  it('ties in the argmax go to the lowest class; no cases is undefined, not zero', () => {
    expect(Array.from(topLabel([0.4, 0.4, 0.2], 1, 3).pred)).toEqual([0]);
    const m = multiclassMetrics([], [], 3);
    for (const k of metricKeys) expect(m[k]).toEqual({ value: null, reason: 'no_cases' });
  });
  it('invalid rows, classes and shapes throw a RangeError naming the case', () => {
    expect(() => checkMulticlass([0.5, 0.6], [0], 2)).toThrow(/case 0 sum/);
    expect(() => checkMulticlass([0.5, 0.5, 1.2, -0.2], [0, 1], 2)).toThrow(/probability 0 of case 1/);
    expect(() => checkMulticlass([0.5, 0.5], [2], 2)).toThrow(/class of case 0 is 2/);
    expect(() => checkMulticlass([0.5, 0.5, 1], [0], 2)).toThrow(/expected 1 × 2/);
    expect(() => checkMulticlass([1], [0], 1)).toThrow(/K must be/);
  });
});

describe('calibrators for K classes', () => {
  it('temperature = scipy.optimize.minimize_scalar (bounded, on log T) of the calibration NLL', () => {
    const t = fitTemperatureK(cal.probs, cal.y, K);
    expect(t.T).toBeCloseTo(golden.temperature.T, 6);
    expect(t.nll).toBeCloseTo(golden.temperature.nll, 10);
    expectMetrics(applyTemperatureK(ev.probs, K, t.T), ev.y, golden.temperature.metrics_eval_after, 6);
  });
  it('T = 1 leaves the probabilities as they are; T > 1 flattens a row', () => {
    const p = [0.7, 0.2, 0.1];
    expect(Array.from(applyTemperatureK(p, 3, 1)).map((v) => +v.toFixed(12))).toEqual(p);
    // T = 2: softmax(log p / 2) = sqrt(p) / Σ sqrt(p)
    const s = Math.sqrt(0.7) + Math.sqrt(0.2) + Math.sqrt(0.1);
    const q = applyTemperatureK(p, 3, 2);
    expect(q[0]).toBeCloseTo(Math.sqrt(0.7) / s, 14);
    expect(q[2]).toBeCloseTo(Math.sqrt(0.1) / s, 14);
  });
  it('one-vs-rest isotonic = sklearn IsotonicRegression per class, rows renormalized', () => {
    const cals = fitIsotonicK(cal.probs, cal.y, K);
    const out = applyIsotonicK(cals, ev.probs, K);
    const first = Array.from(out.slice(0, golden.isotonic_ovr.first_10_rows.length));
    first.forEach((v, i) => expect(v, `value ${i}`).toBeCloseTo(golden.isotonic_ovr.first_10_rows[i], 12));
    expectMetrics(out, ev.y, golden.isotonic_ovr.metrics_eval_after, 12);
  });
});

describe('conformal prediction sets for K classes', () => {
  for (const method of ['lac', 'aps'] as const) {
    it(`${method.toUpperCase()}: quantile, sets, coverage, size and empty sets = numpy`, () => {
      const g = golden[method];
      const r = conformalSetsK(cal, ev, K, golden.alpha, method);
      expect(r.rank).toBe(g.rank);
      expect(r.q).toBeCloseTo(g.q, 12);
      expect(r.sets.slice(0, g.sets_first_20.length)).toEqual(g.sets_first_20);
      expect(r.coverage.value).toBeCloseTo(g.coverage, 12);
      expect(r.mean_size.value).toBeCloseTo(g.mean_size, 12);
      expect(r.empty_sets).toBe(g.empty_sets);
      expect(r.size_counts.reduce((a, b) => a + b, 0)).toBe(ev.y.length);
    });
  }
  it('APS score by hand: p = (0.5, 0.3, 0.2), true class 2 -> 1.0; true class 1 -> 0.8', () => {
    expect(Array.from(nonconformityK([0.5, 0.3, 0.2, 0.5, 0.3, 0.2], [2, 1], 3, 'aps'))).toEqual([1, 0.8]);
    expect(Array.from(nonconformityK([0.5, 0.3, 0.2], [1], 3, 'lac'))).toEqual([0.7]);
  });
  it('too few calibration cases for the level: q = +Infinity and every set is the full label set', () => {
    // n = 5, alpha = 0.1: rank ceil(6 · 0.9) = 6 > 5
    const p = [0.6, 0.3, 0.1, 0.2, 0.7, 0.1, 0.3, 0.3, 0.4, 0.8, 0.1, 0.1, 0.5, 0.25, 0.25];
    const r = conformalSetsK({ probs: p, y: [0, 1, 2, 0, 1] }, { probs: p.slice(0, 6), y: [0, 1] }, 3, 0.1, 'lac');
    expect(r.q).toBe(Infinity);
    expect(r.sets).toEqual([[0, 1, 2], [0, 1, 2]]);
    expect(r.full_sets).toBe(2);
  });
  it('randomized APS covers 1 - alpha on average over exchangeable splits (seeded simulation)', () => {
    // 300 splits of 200 + 200 draws from one model; the mean coverage of split conformal is
    // >= 1 - alpha and (randomized, continuous scores) <= 1 - alpha + 1/(n+1); allow 4 standard errors.
    const rng = new PyRandom(7);
    const Kc = 5;
    const draw = (n: number) => {
      const probs: number[] = [];
      const y: number[] = [];
      for (let i = 0; i < n; i++) {
        const logits = Array.from({ length: Kc }, () => 3 * rng.random());
        const e = logits.map(Math.exp);
        const s = e.reduce((a, b) => a + b, 0);
        const row = e.map((v) => v / s);
        probs.push(...row);
        // the true class drawn from the row itself: a calibrated model
        let u = rng.random();
        let k = 0;
        while (k < Kc - 1 && u >= row[k]) u -= row[k++];
        y.push(k);
      }
      return { probs, y };
    };
    const covs: number[] = [];
    for (let t = 0; t < 300; t++) covs.push(conformalSetsK(draw(200), draw(200), Kc, 0.2, 'aps', { randomized: true, seed: t }).coverage.value!);
    const mean = covs.reduce((a, b) => a + b, 0) / covs.length;
    const sd = Math.sqrt(covs.reduce((a, c) => a + (c - mean) ** 2, 0) / (covs.length - 1));
    const se = sd / Math.sqrt(covs.length);
    expect(mean).toBeGreaterThan(0.8 - 4 * se);
    expect(mean).toBeLessThan(0.8 + 1 / 201 + 4 * se);
  });
});

describe('risk-coverage curve, AURC and E-AURC', () => {
  it('= numpy on the golden evaluation split (distinct confidences)', () => {
    const { pred, conf } = topLabel(ev.probs, ev.y.length, K);
    const correct = Array.from(pred, (p, i) => (p === ev.y[i] ? 1 : 0));
    const r = riskCoverageCurve(conf, correct);
    expect(r.aurc.value).toBeCloseTo(golden.selective.aurc, 12);
    expect(r.aurc_oracle.value).toBeCloseTo(golden.selective.aurc_oracle, 12);
    expect(r.e_aurc.value).toBeCloseTo(golden.selective.e_aurc, 12);
    expect(r.risk[ev.y.length / 2 - 1]).toBeCloseTo(golden.selective.risk_at_half, 12);
  });
  it('by hand: confidences 0.9, 0.8, 0.7, 0.6 with correct 1, 0, 1, 0', () => {
    // risks at i = 1..4: 0, 1/2, 1/3, 2/4 -> AURC = (0 + 0.5 + 1/3 + 0.5) / 4
    // oracle (1, 1, 0, 0): 0, 0, 1/3, 2/4 -> (1/3 + 1/2) / 4
    const r = riskCoverageCurve([0.9, 0.8, 0.7, 0.6], [1, 0, 1, 0]);
    expect(r.coverage).toEqual([0.25, 0.5, 0.75, 1]);
    expect(r.aurc.value).toBeCloseTo((0.5 + 1 / 3 + 0.5) / 4, 15);
    expect(r.aurc_oracle.value).toBeCloseTo((1 / 3 + 0.5) / 4, 15);
    expect(r.e_aurc.value).toBeCloseTo(0.5 / 4, 15);
  });
  it('ties: a tied group counts its errors as spread evenly, whatever the input order', () => {
    // all tied, 1 error in 2: expected risks 1/2 at i = 1 (error first half the time), 1/2 at i = 2
    const a = riskCoverageCurve([0.5, 0.5], [0, 1]);
    const b = riskCoverageCurve([0.5, 0.5], [1, 0]);
    expect(a.aurc.value).toBeCloseTo((0.5 + 0.5) / 2, 15);
    expect(b).toEqual(a);
    expect(a.coverage).toEqual([1]);
  });
  it('ties split across the input (mixed order, three levels) by hand', () => {
    // levels 0.9 (2 cases, 1 error), 0.5 (3 cases, 1 error), 0.1 (1 case, correct)
    // expected risks at i = 1..6: 1/2 / 1, 1 / 2, (1 + 1/3) / 3, (1 + 2/3) / 4, 2 / 5, 2 / 6
    const r = riskCoverageCurve([0.5, 0.9, 0.1, 0.5, 0.9, 0.5], [1, 0, 1, 0, 1, 1]);
    expect(r.coverage).toEqual([2 / 6, 5 / 6, 1]);
    expect(r.threshold).toEqual([0.9, 0.5, 0.1]);
    expect(r.risk).toEqual([1 / 2, 2 / 5, 2 / 6]);
    const want = (0.5 + 1 / 2 + (4 / 3) / 3 + (5 / 3) / 4 + 2 / 5 + 2 / 6) / 6;
    expect(r.aurc.value).toBeCloseTo(want, 14);
  });
  it('sampleRiskCoverage keeps points of the curve: the first, then the first at or past each level', () => {
    const rc = { coverage: [0.2, 0.4, 0.6, 0.8, 1], risk: [0, 0.5, 1 / 3, 0.25, 0.4], threshold: [0.9, 0.8, 0.7, 0.6, 0.5] };
    // maxPoints 3: levels 1/2 and 1 -> indices 2 and 4, plus index 0
    expect(sampleRiskCoverage(rc, 3).map((p) => p.coverage)).toEqual([0.2, 0.6, 1]);
    expect(sampleRiskCoverage(rc, 100).length).toBe(5);
    expect(sampleRiskCoverage({ coverage: [], risk: [], threshold: [] })).toEqual([]);
    expect(() => sampleRiskCoverage(rc, 1)).toThrow(RangeError);
  });
  it('no cases is undefined; bad input throws', () => {
    expect(riskCoverageCurve([], []).aurc).toEqual({ value: null, reason: 'no_cases' });
    expect(() => riskCoverageCurve([0.5], [2])).toThrow(RangeError);
    expect(() => riskCoverageCurve([NaN], [1])).toThrow(RangeError);
    expect(() => riskCoverageCurve([0.5, 0.4], [1])).toThrow(RangeError);
  });
});

describe('risk-coverage ties up to the probability tolerance (issue 23)', () => {
  it('max(p, 1 − p) for p = 1/3 and p = 2/3 is one tie group: one point, AURC 0.5 whatever the order', () => {
    const p = [1 / 3, 2 / 3];
    const conf = p.map((x) => Math.max(x, 1 - x));
    expect(conf[0]).not.toBe(conf[1]); // 0.6666666666666667 vs 0.6666666666666666
    for (const correct of [[1, 0], [0, 1]]) {
      const rc = riskCoverageCurve(conf, correct);
      expect(rc.coverage).toEqual([1]);
      // hand calculation: a group of 2 with 1 error spread evenly: (0.5/1 + 1/2) / 2 = 0.5
      expect(rc.aurc.value).toBeCloseTo(0.5, 12);
    }
  });
  it('confidences further apart than the tolerance stay apart', () => {
    const rc = riskCoverageCurve([0.7, 0.7 - 1e-9], [1, 0]);
    expect(rc.coverage).toEqual([0.5, 1]);
    // correct first: (0/1 + 1/2) / 2 = 0.25
    expect(rc.aurc.value).toBeCloseTo(0.25, 12);
  });
});
