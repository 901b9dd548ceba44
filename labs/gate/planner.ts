/**
 * The sample-size planner of the gate lab: how many cases a paired comparison of the two versions
 * needs before an improvement of δ stands out. It is a view of the gate (labs/gate/meta.ts,
 * gateView.planner), computed in `select` from the finished run, so moving one of its inputs never
 * reruns the bootstrap.
 *
 * Model (core/stats/power.ts): each case gives one pass/fail outcome per version; with a baseline
 * pass rate p₀, a true improvement δ in pass rate and a share d of discordant pairs,
 *
 *   p_b = (d + δ)/2   P(baseline fails, candidate passes)
 *   p_c = (d − δ)/2   P(baseline passes, candidate fails)
 *
 * and the design is possible only when 0 < δ <= d, p_b <= 1 − p₀ (the candidate cannot fix more
 * cases than the baseline fails) and p_c <= p₀ (nor break more than the baseline passes). An
 * impossible design is undefined with its reason code (PlannerReason), never a throw or a NaN.
 *
 * Defaults, each used only when the view leaves the input out (and listed in `defaulted`):
 *   baseline_rate  the observed baseline pass rate (mean over cases of the share of runs that pass)
 *   delta          the hypothesis's minimum_interpretable_delta, else 0.05
 *   discordant     the observed share of discordant pairs: with one run per case (b + c)/n; with
 *                  repeated runs the mean over cases of r₀(1 − r₁) + r₁(1 − r₀), the chance that one
 *                  run of each version disagrees (r = the case's run pass rate; it equals (b + c)/n
 *                  with one run). When that is 0: max(0.1, 2δ), lowered to the largest share the
 *                  baseline rate allows (2(1 − p₀) − δ and 2p₀ + δ)
 *   alpha          1 − policy.confidence_level
 *   target_power   0.8
 *
 * Output: the exact McNemar power and the normal-approximation width of the paired CI of δ over a
 * grid of n up to where the power settles above the target (halfway from it to 1; the grid's end
 * is first guessed with Connor's normal approximation; capped at PLANNER_MAX_CASES), the n
 * for the target power (casesForPower on the grid, refined near the answer), and the current
 * dataset's n with its power (exact up to the cap, Connor's normal approximation beyond).
 */
import { casesForPower, casesForPowerNormal, mcnemarPowerNormal, mcnemarPowerTable, pairedCiWidth, type PairedDesign, type PowerPoint } from '../core/stats/power.ts';
import type { GateResult } from './types.ts';

/** Largest n the planner's curve reaches. */
export const PLANNER_MAX_CASES = 10_000;
/** Points of the curve's grid (before the refinement near the answer and the current n). */
export const PLANNER_GRID_POINTS = 40;
/** δ when neither the view nor the hypothesis gives one. */
export const PLANNER_DEFAULT_DELTA = 0.05;
export const PLANNER_DEFAULT_POWER = 0.8;

/** The planner's inputs (the view's `planner` object); every field is optional. */
export interface PlannerView {
  baseline_rate?: number;
  delta?: number;
  discordant?: number;
  alpha?: number;
  target_power?: number;
}
export type PlannerField = keyof PlannerView;

/** Where an input came from. */
export type PlannerSource = 'view' | 'observed' | 'hypothesis' | 'fallback' | 'policy' | 'default';

/** Why a design (or its answer) is undefined. */
export type PlannerReason =
  | 'no_baseline_rate'
  | 'delta_not_positive'
  | 'no_discordant_share'
  | 'delta_exceeds_discordant'
  | 'improvements_exceed_failures'
  | 'regressions_exceed_passes'
  | 'target_power_beyond_cap';

/**
 * What the planner assumes, as codes the page and the report translate:
 * 'one_outcome_per_case' (one pass/fail per case and version, the exact McNemar test on the
 * discordant pairs), 'unweighted' (case weights are left out: the gate's delta is weighted),
 * 'repeated_runs_single_run' (the data has repeated runs; the planner plans one run of each version
 * per case, and its observed rates are per single run).
 */
export type PlannerAssumption = 'one_outcome_per_case' | 'unweighted' | 'repeated_runs_single_run';

export interface GatePlanner {
  assumptions: PlannerAssumption[];
  /** The inputs in use (null: no observed baseline rate and none given). */
  inputs: { baseline_rate: number | null; delta: number; discordant: number | null; alpha: number; target_power: number };
  sources: Record<PlannerField, PlannerSource>;
  /** The inputs taken from the data or a default rather than the view, in field order. */
  defaulted: PlannerField[];
  /** What the data shows (unrounded); rates are null without cases. */
  observed: { n: number; baseline_rate: number | null; candidate_rate: number | null; delta: number | null; discordant: number | null };
  /** The design's cell probabilities; null when the design is undefined. */
  p_b: number | null;
  p_c: number | null;
  /** Why the design is undefined (then the curve is empty and every answer null), else null. */
  undefined_reason: PlannerReason | null;
  /** Exact power and expected CI width by n, increasing n (n <= cap). */
  curve: PowerPoint[];
  /** The smallest n from which the power stays >= target on the curve; null with cases_for_power_reason. */
  cases_for_power: number | null;
  cases_for_power_reason: PlannerReason | null;
  /** Spacing of the curve just below cases_for_power (1 = exact to the case), null with it. */
  cases_for_power_resolution: number | null;
  /** The current dataset: its n, the power and expected CI width there (null when undefined or n = 0). */
  current: { n: number; power: number | null; ci_width: number | null; method: 'exact' | 'normal_approximation' };
  cap: number;
}

/** The observed figures the defaults come from (see the module comment). */
export function observedDesign(result: Pick<GateResult, 'baseline' | 'candidate'>): GatePlanner['observed'] {
  const b = result.baseline.results;
  const c = result.candidate.results;
  const n = Math.min(b.length, c.length);
  if (n === 0) return { n: 0, baseline_rate: null, candidate_rate: null, delta: null, discordant: null };
  let sb = 0;
  let sc = 0;
  let sd = 0;
  const byId = new Map(b.map((r) => [r.case_id, r]));
  for (const rc of c) {
    const rb = byId.get(rc.case_id);
    if (!rb) continue;
    const r0 = rb.run_pass_rate;
    const r1 = rc.run_pass_rate;
    sb += r0;
    sc += r1;
    sd += r0 * (1 - r1) + r1 * (1 - r0);
  }
  return { n, baseline_rate: sb / n, candidate_rate: sc / n, delta: (sc - sb) / n, discordant: sd / n };
}

/**
 * Why the design (p₀, δ, d) is impossible, or null when it is possible (module comment). Checked in
 * this order; a tolerance of 1e-12 absorbs rounding in values typed as decimals.
 */
export function designProblem(baselineRate: number | null, delta: number, discordant: number | null): PlannerReason | null {
  const eps = 1e-12;
  if (baselineRate === null) return 'no_baseline_rate';
  if (!(delta > 0)) return 'delta_not_positive';
  if (discordant === null || !(discordant > 0)) return 'no_discordant_share';
  if (delta > discordant + eps) return 'delta_exceeds_discordant';
  if ((discordant + delta) / 2 > 1 - baselineRate + eps) return 'improvements_exceed_failures';
  if ((discordant - delta) / 2 > baselineRate + eps) return 'regressions_exceed_passes';
  return null;
}

/** The fallback share of discordant pairs when the data shows none (module comment); null without a baseline rate or a positive δ. */
export function fallbackDiscordant(baselineRate: number | null, delta: number): number | null {
  if (baselineRate === null || !(delta > 0)) return null;
  const max = Math.min(1, 2 * (1 - baselineRate) - delta, 2 * baselineRate + delta);
  // No share works when even d = δ (no regressions at all) breaks a rule: return δ, and
  // designProblem then names the rule.
  if (max < delta) return Math.min(1, delta);
  return Math.min(Math.max(0.1, 2 * delta), max);
}

function ciWidth(n: number, g: PairedDesign): number | null {
  return n === 0 ? null : pairedCiWidth(n, g);
}

/** Integer grid 1..end in `points` steps, plus `extra` values within it; sorted, without repeats. */
function grid(end: number, points: number, extra: number[]): number[] {
  const set = new Set<number>();
  for (let i = 1; i <= points; i++) set.add(Math.max(1, Math.round((i * end) / points)));
  for (const x of extra) if (x >= 1 && x <= end) set.add(x);
  return [...set].sort((a, b) => a - b);
}

/**
 * The planner for a gate result and the view's inputs (module comment). Pure; never throws for
 * inputs that passed the view schema; numbers unrounded.
 */
export function planGate(result: Pick<GateResult, 'baseline' | 'candidate' | 'hypothesis' | 'policy'>, view: PlannerView = {}): GatePlanner {
  const observed = observedDesign(result);
  const sources = {} as Record<PlannerField, PlannerSource>;
  const pick = <T>(field: PlannerField, given: number | undefined, fallback: () => [T, PlannerSource]): number | T => {
    if (given !== undefined) {
      sources[field] = 'view';
      return given;
    }
    const [v, s] = fallback();
    sources[field] = s;
    return v;
  };
  const baseline = pick<number | null>('baseline_rate', view.baseline_rate, () => [observed.baseline_rate, 'observed']);
  const hypDelta = result.hypothesis?.minimum_interpretable_delta;
  const delta = pick<number>('delta', view.delta, () => (hypDelta !== undefined ? [hypDelta, 'hypothesis'] : [PLANNER_DEFAULT_DELTA, 'default']));
  const discordant = pick<number | null>('discordant', view.discordant, () =>
    observed.discordant !== null && observed.discordant > 0 ? [observed.discordant, 'observed'] : [fallbackDiscordant(baseline, delta), 'fallback'],
  );
  const alpha = pick<number>('alpha', view.alpha, () => [1 - result.policy.confidence_level, 'policy']);
  const target = pick<number>('target_power', view.target_power, () => [PLANNER_DEFAULT_POWER, 'default']);
  const fields: PlannerField[] = ['baseline_rate', 'delta', 'discordant', 'alpha', 'target_power'];
  const repeated = result.baseline.repeated || result.candidate.repeated;
  const assumptions: PlannerAssumption[] = ['one_outcome_per_case', 'unweighted', ...(repeated ? (['repeated_runs_single_run'] as const) : [])];
  const n = observed.n;
  const base: Omit<GatePlanner, 'p_b' | 'p_c' | 'undefined_reason' | 'curve' | 'cases_for_power' | 'cases_for_power_reason' | 'cases_for_power_resolution' | 'current'> = {
    assumptions,
    inputs: { baseline_rate: baseline, delta, discordant, alpha, target_power: target },
    sources,
    defaulted: fields.filter((f) => sources[f] !== 'view'),
    observed,
    cap: PLANNER_MAX_CASES,
  };
  const problem = designProblem(baseline, delta, discordant);
  if (problem !== null || discordant === null) {
    return { ...base, p_b: null, p_c: null, undefined_reason: problem ?? 'no_discordant_share', curve: [], cases_for_power: null, cases_for_power_reason: problem ?? 'no_discordant_share', cases_for_power_resolution: null, current: { n, power: null, ci_width: null, method: 'exact' } };
  }
  const g: PairedDesign = { discordant: Math.min(1, Math.max(discordant, delta)), delta, alpha };
  const table = mcnemarPowerTable(g);
  const exact = (ns: number[]) => table.powers(ns);

  // How far the curve goes: until the power passes halfway from the target to 1. The normal
  // approximation's n for that power, plus a margin, is the first guess; the exact curve is
  // doubled (up to the cap) while its last point is still below.
  const settle = target + (1 - target) / 2;
  let end = Math.min(PLANNER_MAX_CASES, Math.max(16, Math.ceil(1.25 * casesForPowerNormal(settle, g))));
  if (n > end && n <= PLANNER_MAX_CASES) end = Math.min(PLANNER_MAX_CASES, Math.ceil(n * 1.1));
  const point = (x: number, power: number): PowerPoint => ({ n: x, power, ci_width: pairedCiWidth(x, g) });
  const curveTo = (e: number) => {
    const ns = grid(e, PLANNER_GRID_POINTS, n <= e ? [n] : []);
    return exact(ns).map((p, i) => point(ns[i], p));
  };
  let curve = curveTo(end);
  while (end < PLANNER_MAX_CASES && curve[curve.length - 1].power < settle) {
    end = Math.min(PLANNER_MAX_CASES, end * 2);
    curve = curveTo(end);
  }

  // Refine between the found n and the grid point before it (at most 24 more points).
  let answer = casesForPower(curve, target);
  let resolution: number | null = null;
  if (answer !== null) {
    const i = curve.findIndex((p) => p.n === answer);
    const prev = i > 0 ? curve[i - 1].n : 0;
    const gap = answer - prev;
    const step = Math.max(1, Math.ceil(gap / 25));
    const more: number[] = [];
    for (let x = prev + step; x < answer; x += step) more.push(x);
    if (more.length) {
      const pw = exact(more);
      curve = [...curve, ...more.map((x, j) => point(x, pw[j]))].sort((a, b) => a.n - b.n);
      answer = casesForPower(curve, target);
    }
    resolution = step;
  }
  const currentExact = n <= PLANNER_MAX_CASES;
  const currentPower = n === 0 ? null : currentExact ? (curve.find((p) => p.n === n)?.power ?? exact([n])[0]) : mcnemarPowerNormal(n, g);
  return {
    ...base,
    p_b: (g.discordant + delta) / 2,
    p_c: (g.discordant - delta) / 2,
    undefined_reason: null,
    curve,
    cases_for_power: answer,
    cases_for_power_reason: answer === null ? 'target_power_beyond_cap' : null,
    cases_for_power_resolution: answer === null ? null : resolution,
    current: { n, power: currentPower, ci_width: ciWidth(n, g), method: currentExact ? 'exact' : 'normal_approximation' },
  };
}
