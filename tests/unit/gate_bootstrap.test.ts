import { describe, expect, it } from 'vitest';
import { bootstrapGroupCounts, bootstrapResamples } from '../../labs/core/stats/bootstrap.ts';
import { PyRandom } from '../../labs/core/stats/rng.ts';
import { bootstrapWeightedQuality, runGate } from '../../labs/gate/engine.ts';
import { exactSumScale, pairedBootstrapWeightedRate, pairedBootstrapWeightedRates } from '../../labs/core/stats/paired.ts';
import type { VersionScore } from '../../labs/gate/engine.ts';
import { parseGateInput } from '../../labs/gate/schema.ts';
import { lab as gateLab } from '../../labs/gate/lab.ts';

/** Minimal scorecards: bootstrapWeightedQuality reads only results[i].weight and .score (0/1 with one run). */
function versions(weights: number[], passedB: boolean[], passedC: boolean[]): [VersionScore, VersionScore] {
  const mk = (passed: boolean[]) => ({ results: weights.map((weight, i) => ({ weight, passed: passed[i], score: passed[i] ? 1 : 0 })) }) as unknown as VersionScore;
  return [mk(passedB), mk(passedC)];
}

/** Synthetic cases from a seeded generator (not Math.random): weights from `weightOf`, ~60 % / 70 % passed. */
function synthetic(n: number, seed: number, weightOf: (rng: PyRandom) => number): [VersionScore, VersionScore] {
  const rng = new PyRandom(seed);
  const w: number[] = [];
  const b: boolean[] = [];
  const c: boolean[] = [];
  for (let i = 0; i < n; i++) {
    w.push(weightOf(rng));
    b.push(rng.randrange(10) < 6);
    c.push(rng.randrange(10) < 7);
  }
  return versions(w, b, c);
}

describe('bootstrapGroupCounts', () => {
  it('counts per group = histogram of the same rounds of bootstrapResamples', () => {
    const groupOf = new Uint8Array([0, 2, 1, 2, 2, 0, 1]);
    const want: number[][] = [];
    bootstrapResamples(groupOf.length, 6, 13, (idx) => {
      const h = [0, 0, 0];
      for (const j of idx) h[groupOf[j]]++;
      want.push(h);
    });
    const got: number[][] = [];
    bootstrapGroupCounts(groupOf, 3, 6, 13, (counts) => got.push(Array.from(counts)));
    expect(got).toEqual(want);
  });

  it('rejects bad arguments', () => {
    expect(() => bootstrapGroupCounts(new Uint8Array(0), 1, 1, 1, () => undefined)).toThrow(RangeError);
    expect(() => bootstrapGroupCounts(new Uint8Array([0, 3]), 3, 1, 1, () => undefined)).toThrow(RangeError);
    expect(() => bootstrapGroupCounts(new Uint8Array([0]), 1, 0, 1, () => undefined)).toThrow(RangeError);
  });
});

describe('exactSumScale (when grouped sums are exact)', () => {
  it('by hand', () => {
    expect(exactSumScale([1, 2, 3, 0])).toBe(0);
    expect(exactSumScale([0.5, 1])).toBe(1);
    expect(exactSumScale([0.25, 1.5])).toBe(2);
    // 0.1 is 3602879701896397 · 2^-55: one copy is exact (k = 55), but ten copies would need
    // 10 · 3602879701896397 > 2^53 units of 2^-55
    expect(exactSumScale([0.1])).toBe(55);
    expect(exactSumScale(new Array(10).fill(0.1))).toBeNull();
    expect(exactSumScale([2 ** 52, 2 ** 52])).toBe(0); // 2 · 2^52 = 2^53: still exact
    expect(exactSumScale([2 ** 53, 1])).toBeNull(); // 2 · 2^53 > 2^53
    expect(exactSumScale([])).toBe(0);
  });
});

describe('bootstrapWeightedQuality: grouped sums equal the case-by-case loop', () => {
  const cases: [string, (rng: PyRandom) => number][] = [
    ['integer weights 0..5 (some zero)', (rng) => rng.randrange(6)],
    ['dyadic weights (0.25, 0.5, 1.5, 3)', (rng) => [0.25, 0.5, 1.5, 3][rng.randrange(4)]],
    ['one weight for all', () => 1],
    ['400 distinct integer weights (more than 256 groups: two-byte group ids)', (rng) => rng.randrange(400)],
  ];
  for (const [label, weightOf] of cases) {
    it(`${label}: identical deltas and intervals (bit for bit)`, () => {
      const [b, c] = synthetic(3000, 7, weightOf);
      const grouped = bootstrapWeightedQuality(b, c, 13, 300, 0.95)!;
      const direct = bootstrapWeightedQuality(b, c, 13, 300, 0.95, { method: 'direct' })!;
      expect(grouped.method).toBe('grouped');
      expect(direct.method).toBe('direct');
      expect(grouped.deltas).toEqual(direct.deltas);
      expect(grouped.delta).toEqual(direct.delta);
      expect(grouped.baseline).toEqual(direct.baseline);
      expect(grouped.candidate).toEqual(direct.candidate);
    });
  }

  it('rounds whose resample has zero weight are undefined in both ways', () => {
    // weights [0, 0, 1]: a round misses case 2 with probability (2/3)^3 = 8/27
    const [b, c] = versions([0, 0, 1], [true, false, false], [false, true, true]);
    const grouped = bootstrapWeightedQuality(b, c, 13, 400, 0.95)!;
    const direct = bootstrapWeightedQuality(b, c, 13, 400, 0.95, { method: 'direct' })!;
    expect(grouped.method).toBe('grouped');
    expect(grouped.deltas).toEqual(direct.deltas);
    expect(grouped.delta.undefined_rounds).toBeGreaterThan(0);
    expect(grouped.delta.undefined_rounds).toBe(direct.delta.undefined_rounds);
  });

  it('non-dyadic weights (0.1, 0.7, 1/3) use the case-by-case loop', () => {
    const [b, c] = synthetic(500, 3, (rng) => [0.1, 0.7, 1 / 3][rng.randrange(3)]);
    const auto = bootstrapWeightedQuality(b, c, 13, 50, 0.95)!;
    const direct = bootstrapWeightedQuality(b, c, 13, 50, 0.95, { method: 'direct' })!;
    expect(auto.method).toBe('direct');
    expect(auto.deltas).toEqual(direct.deltas);
  });

  it('more than 65536 groups use the case-by-case loop', () => {
    const n = 70_000;
    const w = Array.from({ length: n }, (_, i) => i + 1); // every case its own group
    const [b, c] = versions(w, w.map((_, i) => i % 2 === 0), w.map((_, i) => i % 3 === 0));
    expect(bootstrapWeightedQuality(b, c, 13, 2, 0.95)!.method).toBe('direct');
  });

  it('reproduces the c01 kit CI [-0.3333, 0.7778] through the grouped path', () => {
    // c01 preset in the kit's case order (as in tests/unit/stats_core.test.ts)
    const [b, c] = versions([2, 2, 1, 1, 2], [true, true, true, false, false], [true, true, false, true, true]);
    const r = bootstrapWeightedQuality(b, c, 13, 2000, 0.95)!;
    expect(r.method).toBe('grouped');
    expect(r.delta.low).toBe(-0.33333333333333337);
    expect(r.delta.high).toBe(0.7777777777777778);
  });
});

describe('bootstrap progress', () => {
  it("reports ('bootstrap', fraction) from 0 to 1, nondecreasing, a few hundred times at most", () => {
    const [b, c] = synthetic(200, 1, (rng) => 1 + rng.randrange(2));
    for (const rounds of [1, 45, 2000, 100_000]) {
      const seen: number[] = [];
      bootstrapWeightedQuality(b, c, 13, rounds, 0.95, {
        progress: (stage, f) => {
          expect(stage).toBe('bootstrap');
          seen.push(f);
        },
      });
      expect(seen[0]).toBe(0);
      expect(seen[seen.length - 1]).toBe(1);
      expect(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= seen[i - 1]))).toBe(true);
      expect(seen.length).toBeLessThanOrEqual(202);
      if (rounds === 2000) expect(seen.length).toBe(101); // every 20 rounds, then 1
    }
  }, 30_000);

  it('runGate and gateLab.run pass hooks.progress to the bootstrap; same result with or without it', async () => {
    const cases = [1, 2, 3, 4].map((i) => JSON.stringify({ case_id: `c${i}`, input: '?', expected_contains: ['plazo'], must_abstain: false, weight: i, max_cost_eur: 0.05, slice: 's' })).join('\n');
    const outputs = [1, 2, 3, 4]
      .flatMap((i) => [
        { version: 'baseline', case_id: `c${i}`, output: i % 2 ? 'el plazo' : 'no sé', cost_eur: 0.01 },
        { version: 'candidate', case_id: `c${i}`, output: i < 4 ? 'el plazo' : 'no sé', cost_eur: 0.01 },
      ])
      .map((r) => JSON.stringify(r))
      .join('\n');
    const policy = JSON.stringify({ min_weighted_quality: 0.8, max_critical_failures: 0, max_cost_per_accepted_eur: 0.05, max_regressions: 0, decision_owner: 'x', rollback: 'y' });
    const p = parseGateInput({ cases, outputs, policy }, 'en');
    if (!p.ok) throw new Error(JSON.stringify(p.issues));
    const fractions: number[] = [];
    const withHooks = runGate(p.value, undefined, { progress: (_s, f) => fractions.push(f) });
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions[fractions.length - 1]).toBe(1);
    expect(withHooks).toEqual(runGate(p.value));
    // and through the lab definition (what the worker calls)
    const lp = gateLab.parse({ cases, outputs, policy }, 'en');
    if (!lp.ok) throw new Error(JSON.stringify(lp.issues));
    const stages: string[] = [];
    const viaLab = await gateLab.run(lp.value, {}, { progress: (s) => stages.push(s) });
    expect(stages.length).toBeGreaterThan(1);
    expect(new Set(stages)).toEqual(new Set(['bootstrap']));
    expect(viaLab.bootstrap.deltas).toEqual(withHooks.bootstrap.deltas);
  });
});

describe('pairedBootstrapWeightedRates: several rates on one set of draws', () => {
  it('gives, for each rate, what its own bootstrap with the same seed gives (exact, inexact and mixed sets)', () => {
    const rng = new PyRandom(99);
    const n = 500;
    const w = Array.from({ length: n }, () => 1 + rng.randrange(3));
    const pa = Array.from({ length: n }, () => (rng.randrange(10) < 6 ? 1 : 0));
    const pb = Array.from({ length: n }, () => (rng.randrange(10) < 7 ? 1 : 0));
    // run pass rates in thirds: not dyadic, so that rate takes the case-by-case loop
    const ra = Array.from({ length: n }, () => rng.randrange(4) / 3);
    const rb = Array.from({ length: n }, () => rng.randrange(4) / 3);
    const options = { seed: 13, rounds: 120, confidence: 0.9 };
    const quality = { weights: w, a: pa, b: pb };
    const unweighted = { weights: w.map(() => 1), a: pa, b: pb };
    const thirds = { weights: w.map(() => 1), a: ra, b: rb };
    const joint = pairedBootstrapWeightedRates([quality, thirds, unweighted], options);
    expect(joint.map((r) => r.method)).toEqual(['grouped', 'direct', 'grouped']);
    [quality, thirds, unweighted].forEach((set, k) => {
      // the reference is the case-by-case loop on its own: the kit's order of additions
      const alone = pairedBootstrapWeightedRate(set.weights, set.a, set.b, { ...options, method: 'direct' });
      expect(joint[k].deltas).toEqual(alone.deltas);
      expect(joint[k].baseline).toEqual(alone.baseline);
      expect(joint[k].candidate).toEqual(alone.candidate);
    });
  });

  it('round 0 of a two-case sample is the hand sum over the drawn indices', () => {
    // draws of round 0 from the same generator the bootstrap uses (CPython's randrange(2), twice)
    const rng = new PyRandom(5);
    const idx = [rng.randrange(2), rng.randrange(2)];
    const w = [1, 3];
    const a = [1, 0];
    const b = [0, 1];
    const [r] = pairedBootstrapWeightedRates([{ weights: w, a, b }], { seed: 5, rounds: 1, confidence: 0.95 });
    const total = w[idx[0]] + w[idx[1]];
    const rateA = (w[idx[0]] * a[idx[0]] + w[idx[1]] * a[idx[1]]) / total;
    const rateB = (w[idx[0]] * b[idx[0]] + w[idx[1]] * b[idx[1]]) / total;
    expect(r.deltas[0]).toBeCloseTo(rateB - rateA, 15);
  });

  it('reports progress across both passes: never backwards, ending at 1', () => {
    const n = 50;
    const w = Array.from({ length: n }, (_, i) => 1 + (i % 2));
    const pass = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const thirds = Array.from({ length: n }, (_, i) => (i % 4) / 3);
    const seen: number[] = [];
    pairedBootstrapWeightedRates([{ weights: w, a: pass, b: pass }, { weights: w.map(() => 1), a: thirds, b: thirds }], { seed: 3, rounds: 400, confidence: 0.95, progress: (_s, f) => seen.push(f) });
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    // the grouped pass covers [0, 0.5), the case-by-case pass [0.5, 1)
    expect(seen.some((f) => f > 0.5 && f < 1)).toBe(true);
    expect(seen[seen.length - 1]).toBe(1);
  });

  it('rejects no sets and sets of different lengths', () => {
    expect(() => pairedBootstrapWeightedRates([], { seed: 1, rounds: 1, confidence: 0.95 })).toThrow(RangeError);
    expect(() => pairedBootstrapWeightedRates([{ weights: [1], a: [1], b: [0] }, { weights: [1, 1], a: [1, 0], b: [0, 1] }], { seed: 1, rounds: 1, confidence: 0.95 })).toThrow(RangeError);
  });
});
