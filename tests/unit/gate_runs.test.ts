/**
 * The gate with repeated runs (labs/gate: `run` in the outputs, policy.case_score and pass_k),
 * every expected value worked by hand in the comments. One run per case is the kit's behaviour,
 * pinned by tests/reference/gate.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseGateInput } from '../../labs/gate/schema.ts';
import { runGate } from '../../labs/gate/engine.ts';

type Obj = Record<string, unknown>;
const jsonl = (rows: Obj[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
const POLICY = { min_weighted_quality: 0.8, max_critical_failures: 0, max_cost_per_accepted_eur: 0.05, max_regressions: 0, bootstrap_rounds: 300 };

const CASES = [
  { case_id: 'A', expected_contains: ['plazo'], weight: 1, max_cost_eur: 0.05, slice: 's1' },
  { case_id: 'B', expected_contains: ['beca'], weight: 2, max_cost_eur: 0.05, slice: 's1' },
  { case_id: 'C', must_abstain: true, weight: 1, max_cost_eur: 0.05, slice: 's2' },
];
const OK = { A: 'el plazo es mayo', B: 'la beca general', C: 'no tengo evidencia' } as Record<string, string>;
const BAD = { A: 'no sé', B: 'no sé', C: 'es el lunes' } as Record<string, string>;

/** outcome strings per case, e.g. 'ppf' = runs 1, 2 pass and run 3 fails; cost of run r = 0.01·r. */
function outputs(version: string, plan: Record<string, string>): Obj[] {
  return Object.entries(plan).flatMap(([id, runs]) => [...runs].map((o, r) => ({ version, case_id: id, run: r + 1, output: o === 'p' ? OK[id] : BAD[id], cost_eur: 0.01 * (r + 1) })));
}

function run(policy: Obj = POLICY, base = { A: 'ppp', B: 'pfp', C: 'ppp' }, cand = { A: 'ppp', B: 'ppp', C: 'pfp' }) {
  const p = parseGateInput({ cases: jsonl(CASES), outputs: jsonl([...outputs('baseline', base), ...outputs('candidate', cand)]), policy: JSON.stringify(policy) }, 'en');
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return runGate(p.value);
}

describe('repeated runs, case score = share of runs that pass (the default)', () => {
  const r = run();
  it('per case: runs, passes, flaky, pass@k and pass^k at k = 3 (and k = 2 by hand)', () => {
    const b = r.baseline.results[1]; // B: p f p
    expect([b.runs_total, b.runs_passed, b.flaky, b.passed]).toEqual([3, 2, true, false]);
    expect(b.run_pass_rate).toBeCloseTo(2 / 3, 15);
    // k = 3 of n = 3: pass@3 = 1 - C(1,3)/C(3,3) = 1; pass^3 = C(2,3)/C(3,3) = 0
    expect([b.pass_at_k, b.pass_pow_k]).toEqual([1, 0]);
    expect(b.runs.map((x) => [x.run, x.passed])).toEqual([['1', true], ['2', false], ['3', true]]);
    // the case shows its first failing run
    expect(b.reason).toBe('missing_terms');
    const k2 = run({ ...POLICY, pass_k: 2 }).baseline.results[1];
    // pass@2 = 1 - C(1,2)/C(3,2) = 1; pass^2 = C(2,2)/C(3,2) = 1/3
    expect(k2.pass_at_k).toBe(1);
    expect(k2.pass_pow_k).toBeCloseTo(1 / 3, 15);
  });
  it('weighted quality is Σ w·(c/n) / Σ w', () => {
    // baseline: A 1, B 2/3 (w 2), C 1 -> (1 + 4/3 + 1) / 4 = 10/12; candidate: (1 + 2 + 2/3) / 4 = 11/12
    expect(r.baseline.weighted_quality).toBeCloseTo(10 / 12, 15);
    expect(r.candidate.weighted_quality).toBeCloseTo(11 / 12, 15);
    expect(r.delta_quality).toBeCloseTo(1 / 12, 15);
  });
  it('regressions and improvements compare case scores; McNemar is undefined for non-binary scores', () => {
    expect(r.improvements).toEqual(['B']); // 2/3 -> 1
    expect(r.regressions).toEqual(['C']); // 1 -> 2/3
    expect(r.paired_comparison.mcnemar).toBeNull();
    expect(r.undefined_metrics['mcnemar.exact_p_value']).toBe('non_binary_case_scores');
  });
  it('a critical failure in any run is a critical failure of the case; the gate blocks on it and on the regression', () => {
    expect(r.candidate.critical_failures).toBe(1);
    expect(r.decision.reasons).toEqual(['critical_failures_present', 'regressions_present']);
  });
  it('costs: mean cost per answer, the eval cost of every run, expected accepted answers', () => {
    // every case's runs cost 0.01, 0.02, 0.03: mean 0.02 per case, 0.06 for the three cases; the eval ran 9 answers: 0.18
    expect(r.candidate.total_cost_eur).toBeCloseTo(0.06, 15);
    expect(r.candidate.eval_cost_eur).toBeCloseTo(0.18, 15);
    // all within budget: accepted = 1 + 1 + 2/3
    expect(r.candidate.accepted_cases).toBeCloseTo(8 / 3, 15);
    expect(r.candidate.cost_per_accepted_eur).toBeCloseTo(0.06 / (8 / 3), 15);
    // error summary counts runs: one abstention failure among nine
    expect(r.candidate.error_summary).toEqual({ abstention_failure: 1, ok: 8 });
  });
  it('flaky cases per slice and per version; pass@k / pass^k curves for k = 1..3', () => {
    expect(r.baseline.slices.map((s) => [s.slice, s.flaky_cases, s.flaky_share])).toEqual([['s1', 1, 0.5], ['s2', 0, 0]]);
    expect(r.candidate.flaky_cases).toBe(1);
    // baseline (3,3), (3,2), (3,3): pass^2 = (1 + 1/3 + 1) / 3; pass^3 = (1 + 0 + 1) / 3
    const c = r.baseline.pass_k_curve;
    expect(c.map((p) => p.k)).toEqual([1, 2, 3]);
    expect(c[0].pass_at_k).toBeCloseTo(8 / 9, 15);
    expect(c[1].pass_pow_k).toBeCloseTo((2 + 1 / 3) / 3, 15);
    expect(c[2].pass_pow_k).toBeCloseTo(2 / 3, 15);
  });
  it('the pass rate has a bootstrap interval over cases and no Wilson interval', () => {
    expect(r.baseline.pass_rate).toBeCloseTo(8 / 9, 15);
    expect(r.baseline.pass_rate_wilson).toBeNull();
    const ci = r.baseline.pass_rate_bootstrap_ci!;
    // a resample of cases has a mean of per-case rates in {2/3, 1}: the interval lies within [2/3, 1]
    expect(ci[0]).toBeGreaterThanOrEqual(2 / 3 - 1e-12);
    expect(ci[1]).toBeLessThanOrEqual(1);
  });
});

describe('gating on pass^k', () => {
  it('pass^3: a case counts only if three runs in a row would pass', () => {
    const r = run({ ...POLICY, case_score: 'pass_pow_k', pass_k: 3, max_critical_failures: 5, max_regressions: 5 });
    // baseline scores A 1, B 0, C 1 -> (1 + 0 + 1) / 4 = 0.5; candidate A 1, B 1, C 0 -> 3/4
    expect(r.baseline.weighted_quality).toBeCloseTo(0.5, 15);
    expect(r.candidate.weighted_quality).toBeCloseTo(0.75, 15);
    expect(r.decision.reasons).toEqual(['weighted_quality_below_threshold']);
    // pass^3 with three runs is 0 or 1 here: McNemar is defined again (b = 1 improvement B, c = 1 regression C)
    expect(r.paired_comparison.mcnemar).toMatchObject({ b: 1, c: 1, exact_p_value: 1 });
  });
  it('pass^k with fewer than k runs is undefined and the gate fails closed, visibly', () => {
    const r = run({ ...POLICY, case_score: 'pass_pow_k', pass_k: 4 });
    expect(r.candidate.results[0].score).toBeNull();
    expect(r.candidate.results[0].score_reason).toBe('k_exceeds_runs');
    expect(r.candidate.weighted_quality).toBeNull();
    expect(r.undefined_metrics['candidate.weighted_quality']).toBe('case_score_undefined');
    expect(r.bootstrap_delta_quality_ci95).toBeNull();
    expect(r.undefined_metrics['bootstrap.delta_ci_low']).toBe('case_score_undefined');
    expect(r.decision.verdict).toBe('fail');
    expect(r.decision.reasons).toContain('weighted_quality_undefined');
    expect(r.decision.reasons).toContain('regressions_undefined');
    const q = r.checks.find((c) => c.id === 'weighted_quality')!;
    expect([q.status, q.value_reason]).toEqual(['undefined', 'case_score_undefined']);
  });
});

describe('the run field in the outputs', () => {
  const parse = (rows: Obj[]) => parseGateInput({ cases: jsonl(CASES.slice(0, 1)), outputs: jsonl(rows), policy: JSON.stringify(POLICY) }, 'en');
  const row = (version: string, run?: number | string) => ({ version, case_id: 'A', output: 'plazo', cost_eur: 0.01, ...(run === undefined ? {} : { run }) });
  it('a repeated (version, case, run) is reported on its line and field', () => {
    const p = parse([row('baseline', 1), row('candidate', 1), row('baseline', 1)]);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.issues).toEqual([expect.objectContaining({ input: 'outputs', line: 3, field: 'run' })]);
  });
  it('a row without run is run 1 (so it clashes with an explicit run 1); string run ids work', () => {
    const p = parse([row('baseline'), row('candidate'), row('baseline', 1)]);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.issues[0]).toMatchObject({ line: 3, message: expect.stringContaining('run 1') });
    const q = parse([row('baseline', 'a'), row('baseline', 'b'), row('candidate')]);
    expect(q.ok).toBe(true);
  });
  it('runs may differ between versions: one run against two', () => {
    const p = parse([row('baseline'), row('candidate', 1), { ...row('candidate', 2), output: 'nada' }]);
    if (!p.ok) throw new Error(JSON.stringify(p.issues));
    const r = runGate(p.value);
    expect([r.baseline.repeated, r.candidate.repeated, r.candidate.runs_max]).toEqual([false, true, 2]);
    expect(r.baseline.pass_rate_wilson).not.toBeNull();
    expect(r.regressions).toEqual(['A']); // 1 -> 1/2
  });
  it('bad run values are rejected by the schema', () => {
    for (const bad of [-1, 1.5, '', true]) {
      const p = parse([{ ...row('baseline'), run: bad }, row('candidate')]);
      expect(p.ok, String(bad)).toBe(false);
    }
  });
});
