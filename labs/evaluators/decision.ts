/**
 * The gate of an evaluator (may it decide releases?) as GateChecks, and the view's selection of the
 * evaluator the decision is about.
 *
 *   1. pass_kappa >= min_kappa                       kappa_below_min | kappa_undefined (fails closed)
 *      a point estimate that reaches the floor is read only when its bootstrap interval exists: an
 *      interval left undefined by too many undefined rounds makes the check undefined
 *                                                    kappa_ci_undefined (fails closed); with the
 *      bootstrap off (bootstrap_rounds = 0) the point estimate is read alone, as the kit does
 *   2. false passes <= max_false_passes              false_passes_above_max
 *   3. critical false passes <= max_critical_false_passes (default 0)   critical_false_passes_present
 *   4. parse errors <= max_parse_errors              parse_errors_above_max
 *   5. cost per valid evaluation <= max_cost_per_valid_evaluation
 *                                                    cost_per_valid_above_budget | cost_per_valid_undefined
 *   6. only when the pairwise input is about this evaluator and the rubric sets max_order_flip_rate:
 *      order flip rate <= max_order_flip_rate        order_flip_rate_above_max | order_flip_rate_undefined
 *
 * 1, 2, 4, 5 are the kit's passes_gate, on unrounded values (the kit compares its 4-decimal figures)
 * and with the exact kappa (the kit's 1.0 for total chance agreement becomes undefined, so the
 * floor fails); 1 also fails closed where the kit passes on a point estimate whose interval cannot
 * be placed (its v2: kappa 1 on six cases). 3 and 6 are this lab's. The recommended evaluator is the first gate-passing one in
 * the kit's order (rankEvaluators). The decision is about the evaluator the view names, else the
 * recommended one, else the best-ranked of all (engine.ts, selectEvaluators).
 * This module imports nothing from engine.ts (the engine imports it): its inputs are declared here.
 */
import { compare, gateCheck } from '../core/contract/gate_check.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { EvaluatorsCheckId, EvaluatorsReason } from './i18n/index.ts';
import type { Rubric } from './schema.ts';

type Check = GateCheck<EvaluatorsCheckId, EvaluatorsReason>;

/** What the gate reads of an evaluator's report. */
export interface GateInputs {
  evaluator_id: string;
  pass_kappa: number | null;
  /** The bootstrap interval of pass_kappa: its reason when undefined ('bootstrap_off' when not computed). */
  pass_kappa_ci: { reason: string | null };
  false_passes: readonly string[];
  critical_false_passes: number;
  parse_errors: number;
  cost_per_valid_evaluation: number | null;
  /** Why pass_kappa / cost_per_valid_evaluation are undefined (reason codes), when they are. */
  undefined_metrics: Partial<Record<string, string>>;
}

/** What the gate reads of the pairwise section, when it is about this evaluator. */
export interface FlipInputs {
  order_flip_rate: number | null;
  undefined_metrics: Partial<Record<string, string>>;
}

/** The gate checks of one evaluator (module comment), in that order. */
export function evaluatorChecks(r: GateInputs, rubric: Rubric, pairwise: FlipInputs | null): Check[] {
  const subject = r.evaluator_id;
  const maybe = (value: number | null, reason: string | undefined) => (value === null ? { value: null, reason: reason ?? 'depends_on_undefined' } : { value, reason: null });
  // the interval matters only where the point estimate would pass: below the floor, it fails anyway
  const ciUndefined = r.pass_kappa !== null && compare(r.pass_kappa, '>=', rubric.min_kappa) && r.pass_kappa_ci.reason !== null && r.pass_kappa_ci.reason !== 'bootstrap_off';
  const checks: Check[] = [
    gateCheck({
      id: 'pass_kappa',
      subject,
      value: ciUndefined ? { value: null, reason: r.pass_kappa_ci.reason! } : maybe(r.pass_kappa, r.undefined_metrics.pass_kappa),
      comparator: '>=',
      threshold: rubric.min_kappa,
      failReason: 'kappa_below_min',
      undefinedReason: ciUndefined ? 'kappa_ci_undefined' : 'kappa_undefined',
    }),
    gateCheck({ id: 'false_passes', subject, value: r.false_passes.length, comparator: '<=', threshold: rubric.max_false_passes, failReason: 'false_passes_above_max' }),
    gateCheck({ id: 'critical_false_passes', subject, value: r.critical_false_passes, comparator: '<=', threshold: rubric.max_critical_false_passes, failReason: 'critical_false_passes_present' }),
    gateCheck({ id: 'parse_errors', subject, value: r.parse_errors, comparator: '<=', threshold: rubric.max_parse_errors, failReason: 'parse_errors_above_max' }),
    gateCheck({
      id: 'cost_per_valid_evaluation',
      subject,
      value: maybe(r.cost_per_valid_evaluation, r.undefined_metrics.cost_per_valid_evaluation),
      comparator: '<=',
      threshold: rubric.max_cost_per_valid_evaluation,
      failReason: 'cost_per_valid_above_budget',
      undefinedReason: 'cost_per_valid_undefined',
    }),
  ];
  if (pairwise && rubric.max_order_flip_rate !== null) {
    checks.push(
      gateCheck({
        id: 'order_flip_rate',
        subject,
        value: maybe(pairwise.order_flip_rate, pairwise.undefined_metrics.order_flip_rate),
        comparator: '<=',
        threshold: rubric.max_order_flip_rate,
        failReason: 'order_flip_rate_above_max',
        undefinedReason: 'order_flip_rate_undefined',
      }),
    );
  }
  return checks;
}

type RankFields = { pass_kappa: number | null; pass_accuracy: number | null; cost_per_valid_evaluation: number | null };

function rankKey(r: RankFields): [number, number, number] {
  return [r.pass_kappa ?? -Infinity, r.pass_accuracy ?? -Infinity, r.cost_per_valid_evaluation === null ? -Infinity : -r.cost_per_valid_evaluation];
}

/**
 * Evaluators in the kit's recommendation order (choose_candidate): a stable sort, descending by
 * (pass_kappa, pass_accuracy, -cost_per_valid_evaluation), undefined values last; ties keep the
 * input order, as Python's sort(reverse=True) does.
 */
export function rankEvaluators<R extends RankFields>(reports: readonly R[]): R[] {
  return reports
    .map((r, i) => ({ r, i, k: rankKey(r) }))
    .sort((a, b) => {
      for (let j = 0; j < 3; j++) if (a.k[j] !== b.k[j]) return a.k[j] > b.k[j] ? -1 : 1;
      return a.i - b.i;
    })
    .map((x) => x.r);
}
