/**
 * Optional analysis: pairwise judgments in both orders, the order flip rate and the position bias.
 */
import { defined, flattenMaybe, ratio, undef } from '../../core/stats/maybe.ts';
import type { EvaluatorsInput } from '../schema.ts';
import type { M, PairwiseResult, UR } from '../results.ts';

/**
 * The pairwise analysis: flips between the two orders, the order flip rate, the first-position
 * rate and the position bias, each undefined with its reason when its denominator is 0.
 */
export function pairwiseResult(input: EvaluatorsInput): PairwiseResult {
  const p = input.pairwise!;
  let flips = 0;
  let decisive = 0;
  let first = 0;
  let aWins = 0;
  let bWins = 0;
  let ties = 0;
  const perPair = p.pairs.map((x) => {
    const flipped = x.a_first !== x.b_first;
    if (flipped) flips++;
    else if (x.a_first === 'A') aWins++;
    else if (x.a_first === 'B') bWins++;
    else ties++;
    // A is shown first in the a_first order, B in the b_first order
    if (x.a_first !== 'tie') {
      decisive++;
      if (x.a_first === 'A') first++;
    }
    if (x.b_first !== 'tie') {
      decisive++;
      if (x.b_first === 'B') first++;
    }
    return { pair_id: x.pair_id, a_first: x.a_first, b_first: x.b_first, flipped, winner: flipped ? null : x.a_first };
  });
  const flipRate = ratio<UR>(flips, p.pairs.length, 'no_pairs');
  const firstRate = ratio<UR>(first, decisive, 'no_decisive_judgments');
  const bias: M = firstRate.value === null ? undef('no_decisive_judgments') : defined(firstRate.value - 0.5);
  const f = flattenMaybe({ order_flip_rate: flipRate, first_position_rate: firstRate, position_bias: bias });
  return {
    evaluator_id: p.evaluator_id,
    pairs: p.pairs.length,
    flips,
    order_flip_rate: f.values.order_flip_rate,
    decisive_judgments: decisive,
    first_position_wins: first,
    first_position_rate: f.values.first_position_rate,
    position_bias: f.values.position_bias,
    consistent_pairs: p.pairs.length - flips,
    a_wins: aWins,
    b_wins: bWins,
    ties,
    per_pair: perPair,
    undefined_metrics: f.reasons,
  };
}
