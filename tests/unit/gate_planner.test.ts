/**
 * The gate's sample-size planner (labs/gate/planner.ts, a view computed in select): its defaults
 * from the data, the validity rules of a paired design, the exact McNemar power against
 * statsmodels (tests/golden/power_statsmodels.json, scripts/golden/power_statsmodels.py), the
 * answer for the target power, the current n, and the wiring (a view change reruns only select).
 * Expected values are hand calculations written in the comments, or the golden file.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import golden from '../golden/power_statsmodels.json';
import { createRunner } from '../../labs/runner.ts';
import { mcnemarCriticalCount, mcnemarCriticalCounts, mcnemarPower, mcnemarPowers, mcnemarPowerTable, mcnemarPowerNormal } from '../../labs/core/stats/power.ts';
import { designProblem, fallbackDiscordant, observedDesign, planGate, PLANNER_MAX_CASES } from '../../labs/gate/planner.ts';
import { gateMsg } from '../../labs/gate/i18n/index.ts';
import type { GateScorecard } from '../../labs/gate/lab.ts';

const D = 'labs/gate/presets/';
const read = (f: string) => readFileSync(D + f, 'utf8');
const KIT = { cases: read('eval_cases.jsonl'), outputs: read('outputs.jsonl'), policy: read('eval_policy.json'), hypothesis: read('eval_hypothesis.json') };
const runner = createRunner();
async function scorecard(texts: Record<string, string>, view: unknown = {}): Promise<GateScorecard> {
  const out = await runner.runAny('gate', texts, 'en', view);
  if (!out.ok) throw new Error(JSON.stringify(out.issues));
  return out.result as GateScorecard;
}

type Obj = Record<string, unknown>;
const jsonl = (rows: Obj[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('the exact McNemar power against statsmodels', () => {
  it('every golden design and n (power summed over statsmodels\' exact McNemar rejection regions)', () => {
    for (const g of golden.mcnemar_power) {
      const p = mcnemarPower(g.n, { discordant: g.discordant, delta: g.delta, alpha: g.alpha });
      expect(Math.abs(p - g.power), JSON.stringify(g)).toBeLessThan(1e-10);
    }
  });
  it('one table of critical counts equals the count computed m by m', () => {
    for (const alpha of [0.05, 0.01, 0.2]) {
      const t = mcnemarCriticalCounts(800, alpha);
      for (let m = 1; m <= 800; m++) expect(t[m]).toBe(mcnemarCriticalCount(m, alpha));
    }
  });
  it('mcnemarPowers equals mcnemarPower at each n, in any order', () => {
    const g = { discordant: 0.6, delta: 0.2, alpha: 0.05 };
    const ns = [150, 3, 60, 1];
    expect(mcnemarPowers(ns, g)).toEqual(ns.map((n) => mcnemarPower(n, g)));
  });
  it('the normal approximation beyond the cap: Φ((δ√n − z·√d)/√(d − δ²)) by hand', () => {
    // d = 0.3, δ = 0.05, n = 2000: (0.05·44.7214 − 1.95996·0.547723)/√0.2975 = (2.23607 − 1.07351)/0.545436 = 2.13143
    // Φ(2.13143) = 0.98347
    expect(mcnemarPowerNormal(2000, { discordant: 0.3, delta: 0.05, alpha: 0.05 })).toBeCloseTo(0.98347, 4);
    // and it is close to the exact sum at a large n
    const g = { discordant: 0.3, delta: 0.05, alpha: 0.05 };
    expect(Math.abs(mcnemarPowerNormal(1500, g) - mcnemarPower(1500, g))).toBeLessThan(0.01);
  });
});

describe('validity of a paired design (p_b = (d + δ)/2 <= 1 − p0, p_c = (d − δ)/2 <= p0, 0 < δ <= d)', () => {
  it('each rule by hand', () => {
    expect(designProblem(0.6, 0.1, 0.2)).toBeNull(); // p_b 0.15 <= 0.4, p_c 0.05 <= 0.6
    expect(designProblem(null, 0.1, 0.2)).toBe('no_baseline_rate');
    expect(designProblem(0.6, 0, 0.2)).toBe('delta_not_positive');
    expect(designProblem(0.6, -0.1, 0.2)).toBe('delta_not_positive');
    expect(designProblem(0.6, 0.1, 0)).toBe('no_discordant_share');
    expect(designProblem(0.6, 0.3, 0.2)).toBe('delta_exceeds_discordant');
    // p0 = 0.9: p_b = (0.2 + 0.1)/2 = 0.15 > 0.1 baseline failures
    expect(designProblem(0.9, 0.1, 0.2)).toBe('improvements_exceed_failures');
    // p0 = 0.1: p_c = (0.4 − 0.05)/2 = 0.175 > 0.1 baseline passes
    expect(designProblem(0.1, 0.05, 0.4)).toBe('regressions_exceed_passes');
    // on the boundary (p_b = 0.1 = 1 − 0.9, with 1 − 0.9 = 0.09999999999999998 in doubles): possible
    expect(designProblem(0.9, 0.1, 0.1)).toBeNull();
  });
  it('the fallback share when the data shows no discordant pair: max(0.1, 2δ), lowered to what the baseline allows', () => {
    expect(fallbackDiscordant(0.6, 0.05)).toBe(0.1);
    expect(fallbackDiscordant(0.6, 0.2)).toBeCloseTo(0.4, 15);
    // p0 = 0.9, δ = 0.05: at most 2·0.1 − 0.05 = 0.15 → 0.1; δ = 0.08: max(0.1, 0.16) lowered to 2·0.1 − 0.08 = 0.12
    expect(fallbackDiscordant(0.9, 0.05)).toBe(0.1);
    expect(fallbackDiscordant(0.9, 0.08)).toBeCloseTo(0.12, 12);
    // p0 = 0.97, δ = 0.05: not even d = δ works (p_b = 0.05 > 0.03): δ, and the rule says why
    expect(fallbackDiscordant(0.97, 0.05)).toBe(0.05);
    expect(designProblem(0.97, 0.05, 0.05)).toBe('improvements_exceed_failures');
  });
  it('every reason has a message in both languages', () => {
    for (const code of ['no_baseline_rate', 'delta_not_positive', 'no_discordant_share', 'delta_exceeds_discordant', 'improvements_exceed_failures', 'regressions_exceed_passes', 'target_power_beyond_cap']) {
      for (const lang of ['es', 'en'] as const) expect(typeof (gateMsg(lang).undefined_reason as Record<string, string>)[code], `${lang} ${code}`).toBe('string');
    }
  });
});

describe('the planner on the chapter 01 kit', () => {
  it('defaults from the data, each said: p0 = 3/5, d = 3/5 (two improvements, one regression), δ from the hypothesis, α = 1 − 0.95', async () => {
    const p = (await scorecard(KIT)).planner;
    expect(p.defaulted).toEqual(['baseline_rate', 'delta', 'discordant', 'alpha', 'target_power']);
    expect(p.sources).toEqual({ baseline_rate: 'observed', delta: 'hypothesis', discordant: 'observed', alpha: 'policy', target_power: 'default' });
    expect(p.inputs.baseline_rate).toBeCloseTo(0.6, 15);
    expect(p.inputs.discordant).toBeCloseTo(0.6, 15);
    expect(p.inputs.delta).toBe(0.05);
    expect(p.inputs.alpha).toBeCloseTo(0.05, 12);
    expect(p.inputs.target_power).toBe(0.8);
    // observed: candidate 4/5, delta 0.2 in pass rate
    expect(p.observed.n).toBe(5);
    expect(p.observed.delta).toBeCloseTo(0.2, 15);
    // p_b = (0.6 + 0.05)/2, p_c = (0.6 − 0.05)/2
    expect(p.p_b).toBeCloseTo(0.325, 15);
    expect(p.p_c).toBeCloseTo(0.275, 15);
    expect(p.assumptions).toEqual(['one_outcome_per_case', 'unweighted']);
  });
  it('the current n (5 cases) is marked: no result of 5 pairs can reject at 5% (2/32 > 0.05), so its power is 0', async () => {
    const p = (await scorecard(KIT)).planner;
    expect(p.current.n).toBe(5);
    expect(p.current.power).toBe(0);
    // width 2·1.959964·√((0.6 − 0.0025)/5) = 1.35507
    expect(p.current.ci_width).toBeCloseTo(2 * 1.959963984540054 * Math.sqrt(0.5975 / 5), 12);
    expect(p.curve.some((pt) => pt.n === 5)).toBe(true);
  });
  it('without a hypothesis δ is 0.05 by default; with a view every given input is used and not listed as defaulted', async () => {
    const { hypothesis: _h, ...noHyp } = KIT;
    const p = (await scorecard(noHyp)).planner;
    expect([p.inputs.delta, p.sources.delta]).toEqual([0.05, 'default']);
    const q = (await scorecard(KIT, { planner: { delta: 0.2, alpha: 0.1 } })).planner;
    expect([q.inputs.delta, q.inputs.alpha]).toEqual([0.2, 0.1]);
    expect(q.defaulted).toEqual(['baseline_rate', 'discordant', 'target_power']);
  });
  it('the curve against statsmodels at every n 1..160 for d = 0.6, δ = 0.2; the answer is where the power settles at 0.8', async () => {
    const ref = golden.power_by_n;
    const p = (await scorecard(KIT, { planner: { delta: ref.delta, discordant: ref.discordant, alpha: ref.alpha } })).planner;
    for (const pt of p.curve) if (pt.n <= 160) expect(Math.abs(pt.power - ref.power[pt.n - 1]), `n=${pt.n}`).toBeLessThan(1e-10);
    const answer = p.cases_for_power!;
    expect(p.cases_for_power_resolution).toBe(1);
    // statsmodels' powers from the answer to 160 stay >= 0.8; at the answer − 1 it is below
    expect(ref.power.slice(answer - 1).every((x) => x >= 0.8)).toBe(true);
    expect(ref.power[answer - 2]).toBeLessThan(0.8);
    // the curve goes on until the power settles above (0.8 + 1)/2
    expect(p.curve.at(-1)!.power).toBeGreaterThanOrEqual(0.9);
    // the CI width at each point: 2·z·√((d − δ²)/n)
    for (const pt of p.curve) expect(pt.ci_width).toBeCloseTo(2 * 1.959963984540054 * Math.sqrt((0.6 - 0.04) / pt.n), 12);
  });
  it('an impossible design is undefined with its reason, never a view error, a throw or a NaN', async () => {
    for (const [view, reason] of [
      [{ delta: 0.5, discordant: 0.3 }, 'delta_exceeds_discordant'],
      [{ baseline_rate: 0.95, delta: 0.1, discordant: 0.2 }, 'improvements_exceed_failures'],
      [{ baseline_rate: 0.05, delta: 0.05, discordant: 0.4 }, 'regressions_exceed_passes'],
      [{ delta: 0 }, 'delta_not_positive'],
      [{ discordant: 0 }, 'no_discordant_share'],
    ] as const) {
      const p = (await scorecard(KIT, { planner: view })).planner;
      expect([p.undefined_reason, p.cases_for_power, p.curve.length, p.current.power]).toEqual([reason, null, 0, null]);
      expect(JSON.stringify(p)).not.toMatch(/NaN|Infinity/);
    }
  });
  it('a target beyond the cap: the curve stops at the cap and the answer is undefined (target_power_beyond_cap)', async () => {
    const p = (await scorecard(KIT, { planner: { delta: 0.01 } })).planner;
    expect(p.curve.at(-1)!.n).toBe(PLANNER_MAX_CASES);
    expect([p.cases_for_power, p.cases_for_power_reason]).toEqual([null, 'target_power_beyond_cap']);
  });
});

describe('repeated runs and large datasets', () => {
  const CASES = [
    { case_id: 'A', expected_contains: ['plazo'], weight: 1, max_cost_eur: 1, slice: 's' },
    { case_id: 'B', expected_contains: ['plazo'], weight: 1, max_cost_eur: 1, slice: 's' },
  ];
  /** pass/fail strings per case, e.g. 'ppf' = runs 1 and 2 pass, run 3 fails */
  const outputs = (version: string, plan: Record<string, string>) =>
    Object.entries(plan).flatMap(([id, runs]) => [...runs].map((o, r) => ({ version, case_id: id, run: r + 1, output: o === 'p' ? 'el plazo' : 'no', cost_eur: 0.01 })));
  it('observed rates are per single run: p0 = mean run pass rate, d = mean of r0(1 − r1) + r1(1 − r0)', async () => {
    const texts = { cases: jsonl(CASES), outputs: jsonl([...outputs('baseline', { A: 'ppf', B: 'fff' }), ...outputs('candidate', { A: 'ppp', B: 'pff' })]), policy: JSON.stringify({ min_weighted_quality: 0.5, max_critical_failures: 0, max_cost_per_accepted_eur: 1, max_regressions: 0, bootstrap_rounds: 50 }) };
    const s = await scorecard(texts);
    // A: r0 = 2/3, r1 = 1 → 2/3·0 + 1·1/3 = 1/3; B: r0 = 0, r1 = 1/3 → 1/3. d = 1/3; p0 = (2/3 + 0)/2 = 1/3
    expect(s.planner.inputs.discordant).toBeCloseTo(1 / 3, 15);
    expect(s.planner.inputs.baseline_rate).toBeCloseTo(1 / 3, 15);
    expect(s.planner.assumptions).toContain('repeated_runs_single_run');
  });
  it('with one run per case the observed share is (b + c)/n', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const base = [1, 0, 1, 1].map((x, i) => ({ case_id: ids[i], run_pass_rate: x }));
    const cand = [1, 1, 0, 1].map((x, i) => ({ case_id: ids[i], run_pass_rate: x }));
    // b = 1 (case b), c = 1 (case c): (1 + 1)/4
    const o = observedDesign({ baseline: { results: base }, candidate: { results: cand } } as never);
    expect(o.discordant).toBe(0.5);
  });
  it('a dataset beyond the cap gets its power from the normal approximation, and says so', () => {
    const n = PLANNER_MAX_CASES + 2000;
    const results = (pass: (i: number) => boolean) => Array.from({ length: n }, (_, i) => ({ case_id: `c${i}`, run_pass_rate: pass(i) ? 1 : 0 }));
    const fake = {
      baseline: { results: results((i) => i % 10 < 7), repeated: false },
      candidate: { results: results((i) => i % 10 < 8), repeated: false },
      hypothesis: null,
      policy: { confidence_level: 0.95 },
    };
    const p = planGate(fake as never, { delta: 0.02, discordant: 0.1 });
    expect(p.current.method).toBe('normal_approximation');
    expect(p.current.power).toBeCloseTo(mcnemarPowerNormal(n, { discordant: 0.1, delta: 0.02, alpha: 1 - 0.95 }), 15);
    expect(p.curve.at(-1)!.n).toBeLessThanOrEqual(PLANNER_MAX_CASES);
  });
});

describe('select wiring', () => {
  it('moving a planner input reruns select only, never the run (the bootstrap)', async () => {
    const r = createRunner();
    const texts = { ...KIT, policy: KIT.policy.replace('"max_regressions": 0,', '"max_regressions": 0, "bootstrap_rounds": 500,') };
    const first = await r.runAny('gate', texts, 'es', {});
    expect(first.ok).toBe(true);
    const runs = r.stats.runs;
    for (const delta of [0.1, 0.15, 0.2]) {
      const out = await r.runAny('gate', texts, 'es', { planner: { delta } });
      expect(out.ok).toBe(true);
      if (out.ok) expect((out.result as GateScorecard).planner.inputs.delta).toBe(delta);
    }
    expect(r.stats.runs).toBe(runs);
    expect(r.stats.selects).toBe(4);
  });
  it('values out of range are view issues naming the field, in the page language', async () => {
    const r = createRunner();
    for (const lang of ['es', 'en'] as const) {
      const out = await r.runAny('gate', KIT, lang, { planner: { alpha: 1.5 } });
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.issues[0]).toMatchObject({ input: 'view', field: 'planner.alpha' });
    }
  });
});

describe("Connor's normal-approximation n (the planner's first guess of the curve's end)", () => {
  it('by hand: d = 0.6, δ = 0.05, α = 0.05, power 0.8', async () => {
    const { casesForPowerNormal } = await import('../../labs/core/stats/power.ts');
    // ((1.959964·√0.6 + 0.841621·√0.5975) / 0.05)² = ((1.518182 + 0.650556) / 0.05)² = 43.37476² = 1881.37
    expect(casesForPowerNormal(0.8, { discordant: 0.6, delta: 0.05, alpha: 0.05 })).toBeCloseTo(1881.37, 0);
  });
});

describe('McNemar power tables built in steps', () => {
  it('critical counts continued from a shorter table equal the table built at once', () => {
    for (const alpha of [0.05, 0.01]) {
      expect(Array.from(mcnemarCriticalCounts(900, alpha, mcnemarCriticalCounts(250, alpha)))).toEqual(Array.from(mcnemarCriticalCounts(900, alpha)));
    }
  });

  it('a table asked for growing and shrinking n gives mcnemarPower at each n (also after another design used the same alpha)', () => {
    const g = { discordant: 0.3, delta: 0.1, alpha: 0.05 };
    mcnemarPowerTable({ discordant: 0.2, delta: 0.05, alpha: 0.05 }).powers([3000]); // leaves a long table for alpha 0.05
    const table = mcnemarPowerTable(g);
    for (const ns of [[40, 200], [500, 90], [7, 320]]) {
      // the reference: the textbook sum over m and b, written out here (no table, no early stop)
      const direct = ns.map((n) => {
        let power = 0;
        for (let m = 0; m <= n; m++) {
          const pm = Math.exp(lnChooseRef(n, m) + m * Math.log(g.discordant) + (n - m) * Math.log1p(-g.discordant));
          const t = mcnemarCriticalCount(m, g.alpha);
          if (t < 0 || pm === 0) continue;
          const q = (g.discordant + g.delta) / 2 / g.discordant;
          let rej = 0;
          for (let b = 0; b <= m; b++) if (b <= t || b >= m - t) rej += Math.exp(lnChooseRef(m, b) + b * Math.log(q) + (m - b) * Math.log1p(-q));
          power += pm * rej;
        }
        return power;
      });
      table.powers(ns).forEach((p, i) => expect(p).toBeCloseTo(direct[i], 9));
    }
  });

  it('a design asked for again reuses its table (an edit that keeps the design); another design gets its own', () => {
    const g = { discordant: 0.25, delta: 0.08, alpha: 0.05 };
    const first = mcnemarPowerTable(g);
    const before = first.powers([30, 400]);
    expect(mcnemarPowerTable({ ...g })).toBe(first);
    expect(mcnemarPowerTable({ ...g }).powers([30, 400])).toEqual(before);
    const other = mcnemarPowerTable({ ...g, delta: 0.1 });
    expect(other).not.toBe(first);
    // each still equals mcnemarPower (the direct sum, checked above against the textbook formula)
    expect(other.powers([400])[0]).toBeCloseTo(mcnemarPower(400, { ...g, delta: 0.1 }), 12);
    expect(before[1]).toBeCloseTo(mcnemarPower(400, g), 12);
    // eight more designs push the first one out: a new table, the same values
    for (let i = 1; i <= 8; i++) mcnemarPowerTable({ ...g, delta: 0.001 * i });
    const again = mcnemarPowerTable(g);
    expect(again).not.toBe(first);
    expect(again.powers([30, 400])).toEqual(before);
  });
});

function lnChooseRef(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}
