/**
 * The audit's paired bootstrap of the calibration cases (core's bootstrapBinaryAgreement) and the
 * intervals it gives under core's undefined-rounds rule (labs/core/stats/bootstrap.ts).
 */
import type { RunHooks } from '../../core/contract/lab.ts';
import { ruledPercentileInterval } from '../../core/stats/bootstrap.ts';
import { UNUSABLE, bootstrapBinaryAgreement } from '../../core/stats/agreement_bootstrap.ts';
import type { AgreementRounds } from '../../core/stats/agreement_bootstrap.ts';
import type { EvaluatorsInput } from '../schema.ts';
import type { IntervalBlock } from '../results.ts';

/**
 * The percentile interval of per-round values under core's undefined-rounds rule
 * (labs/core/stats/bootstrap.ts, ruledPercentileInterval: undefined when more than
 * (1 - confidence)/2 of the rounds are undefined), with what made it.
 */
export function intervalWithRule(values: ArrayLike<number | null>, confidence: number, rounds: number, seed: number): IntervalBlock {
  const { confidence: _c, ...ci } = ruledPercentileInterval(values, confidence);
  return { ...ci, confidence, rounds, seed };
}

/**
 * The interval block of a bootstrap that did not run (bootstrap_rounds = 0): undefined with
 * 'bootstrap_off'.
 */
export function offInterval(confidence: number, seed: number): IntervalBlock {
  return { low: null, high: null, confidence, rounds: 0, seed, defined_rounds: 0, undefined_rounds: 0, reason: 'bootstrap_off' };
}

/**
 * The paired bootstrap of the calibration cases (module comment), core's bootstrapBinaryAgreement
 * (labs/core/stats/agreement_bootstrap.ts): a case's state under an evaluator is human pass * 2 +
 * judge pass on a valid run, UNUSABLE on an unreadable one. Per evaluator, the pass kappa, TPR and
 * TNR of every round.
 */
export function pairedBootstrap(input: EvaluatorsInput, hooks?: RunHooks): AgreementRounds {
  const { rubric, human, evaluators } = input;
  const n = input.cases.length;
  const L = rubric.criteria.length + 1;
  const C = L - 1;
  const rounds = rubric.bootstrap_rounds;
  const states = evaluators.map((ev) => {
    const st = new Uint8Array(n);
    for (let i = 0; i < n; i++) st[i] = ev.parse_ok[i] ? human[i * L + C] * 2 + ev.scores[i * L + C] : UNUSABLE;
    return st;
  });
  const every = Math.max(1, Math.floor(rounds / 50));
  return bootstrapBinaryAgreement(states, rounds, rubric.bootstrap_seed, (r) => {
    if (hooks?.progress && r % every === 0) hooks.progress('bootstrap', r / rounds);
  });
}
