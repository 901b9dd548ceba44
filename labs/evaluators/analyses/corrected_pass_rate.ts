/**
 * Optional analysis: the production pass rate corrected for the judge's errors (Rogan-Gladen,
 * labs/core/stats/prevalence.ts), with a bootstrap interval over the labelled cases and the
 * production runs (labs/evaluators/engine.ts module comment).
 */
import { roganGladen } from '../../core/stats/prevalence.ts';
import { binomialDraw } from '../../core/stats/binomial.ts';
import { PyRandom } from '../../core/stats/rng.ts';
import { defined, flattenMaybe, undef } from '../../core/stats/maybe.ts';
import type { EvaluatorsInput } from '../schema.ts';
import type { CorrectedPassRate, EvaluatorReport, IntervalBlock, M, UR } from '../results.ts';
import { intervalWithRule, offInterval } from '../audit/bootstrap.ts';

/**
 * The corrected production pass rate of the production evaluator: Rogan-Gladen on its TPR and TNR,
 * and the bootstrap interval over `boot`'s rounds and the resampled production runs (null `boot`:
 * the bootstrap is off).
 */
export function correctedPassRate(input: EvaluatorsInput, report: EvaluatorReport, boot: { tpr: (number | null)[]; tnr: (number | null)[] } | null): CorrectedPassRate {
  const p = input.production!;
  const { rubric } = input;
  const observed = p.judged_passes / p.runs;
  const point = report.tpr !== null && report.tnr !== null ? roganGladen(observed, report.tpr, report.tnr) : null;
  const valueM: M = point === null ? undef('depends_on_undefined') : point.value === null ? undef('judge_not_better_than_chance') : defined(point.value);
  const productionSeed = rubric.bootstrap_seed + 1;
  let interval: IntervalBlock;
  if (boot === null) interval = offInterval(rubric.confidence_level, rubric.bootstrap_seed);
  else {
    const rounds = rubric.bootstrap_rounds;
    // Resampling the N production runs with replacement and counting the judged passes is one
    // Binomial(N, k/N) draw (core/stats/binomial.ts): O(1)-ish per round instead of N index draws.
    const prng = new PyRandom(productionSeed);
    const est = new Array<number | null>(rounds);
    for (let r = 0; r < rounds; r++) {
      const passes = binomialDraw(prng, p.runs, observed);
      const t = boot.tpr[r];
      const s = boot.tnr[r];
      est[r] = t === null || s === null ? null : roganGladen(passes / p.runs, t, s).value;
    }
    interval = intervalWithRule(est, rubric.confidence_level, rounds, rubric.bootstrap_seed);
  }
  const flat = flattenMaybe({
    tpr: report.tpr === null ? undef<UR>(report.undefined_metrics.tpr ?? 'no_human_passes') : defined(report.tpr),
    tnr: report.tnr === null ? undef<UR>(report.undefined_metrics.tnr ?? 'no_human_blocks') : defined(report.tnr),
    value: valueM,
    low: interval.reason ? undef<UR>(interval.reason) : defined(interval.low!),
    high: interval.reason ? undef<UR>(interval.reason) : defined(interval.high!),
  });
  return {
    evaluator_id: p.evaluator_id,
    runs: p.runs,
    judged_passes: p.judged_passes,
    observed,
    tpr: report.tpr,
    tnr: report.tnr,
    youden_j: point === null ? null : point.youden_j,
    value: valueM.value,
    value_unclipped: point?.unclipped ?? null,
    clipped: point?.clipped ?? false,
    low: interval.low,
    high: interval.high,
    confidence: rubric.confidence_level,
    rounds: interval.rounds,
    seed: rubric.bootstrap_seed,
    production_seed: productionSeed,
    defined_rounds: interval.defined_rounds,
    undefined_rounds: interval.undefined_rounds,
    undefined_metrics: flat.reasons,
  };
}
