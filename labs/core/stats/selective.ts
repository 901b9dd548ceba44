/**
 * Selective prediction: accept only the cases the model is most confident about, and measure the
 * error among the accepted ones. Sort cases by confidence, decreasing; accepting the top i of n gives
 *
 *   coverage(i) = i / n,   selective risk(i) = errors among the top i / i
 *
 * and the risk-coverage curve joins these points. AURC is the area under it, (1/n) Σ_{i=1}^{n} risk(i)
 * (Geifman, Uziel & El-Yaniv 2019, "Bias-reduced uncertainty estimation for deep neural
 * classifiers"); the oracle ordering (every correct case before every error) gives the smallest
 * possible AURC for the same errors, and E-AURC = AURC − AURC_oracle is the part due to the ordering
 * alone, comparable across models with different accuracy.
 *
 * Ties in confidence have no order of their own: within a group of g tied cases holding e errors,
 * the errors are counted as spread evenly (the expectation over every order of the group), so the
 * curve does not depend on the input order. Undefined (null, 'no_cases') for an empty input.
 */
import { defined, undef, type Maybe } from './maybe.ts';
import { checkFinite, checkSameLength } from './validate.ts';

export interface RiskCoverage {
  /** Coverage at the end of each tie group (distinct confidence), increasing, last = 1. */
  coverage: number[];
  /** Selective risk (error rate among the accepted) at those coverages. */
  risk: number[];
  /** The confidence threshold of each point: accept confidence >= this. */
  threshold: number[];
  aurc: Maybe<'no_cases'>;
  aurc_oracle: Maybe<'no_cases'>;
  e_aurc: Maybe<'no_cases'>;
}

/**
 * The risk-coverage curve, AURC and E-AURC of a set of predictions.
 * @param confidence per case, finite; @param correct per case, 1 when the prediction was right, else 0.
 * @throws RangeError for arrays of different lengths, non-finite confidences or labels other than 0/1.
 */
export function riskCoverageCurve(confidence: ArrayLike<number>, correct: ArrayLike<number>): RiskCoverage {
  checkSameLength(confidence, correct, 'confidence and correct');
  checkFinite(confidence, 'confidence');
  const n = confidence.length;
  for (let i = 0; i < n; i++) if (correct[i] !== 0 && correct[i] !== 1) throw new RangeError(`correct at index ${i} is ${correct[i]}: expected 0 or 1`);
  if (n === 0) return { coverage: [], risk: [], threshold: [], aurc: undef('no_cases'), aurc_oracle: undef('no_cases'), e_aurc: undef('no_cases') };
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => confidence[b] - confidence[a] || a - b);
  const coverage: number[] = [];
  const risk: number[] = [];
  const threshold: number[] = [];
  let area = 0;
  let errorsBefore = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    let e = 0;
    while (j < n && confidence[order[j]] === confidence[order[i]]) {
      if (correct[order[j]] === 0) e++;
      j++;
    }
    const g = j - i;
    // positions i+1..j: expected errors at position i + t = errorsBefore + e·t/g
    for (let t = 1; t <= g; t++) area += (errorsBefore + (e * t) / g) / (i + t);
    errorsBefore += e;
    coverage.push(j / n);
    risk.push(errorsBefore / j);
    threshold.push(confidence[order[i]]);
    i = j;
  }
  const errors = errorsBefore;
  // oracle: the n - errors correct cases first, then the errors
  let oracle = 0;
  for (let p = n - errors + 1; p <= n; p++) oracle += (p - (n - errors)) / p;
  const aurc = area / n;
  const aurcOracle = oracle / n;
  return { coverage, risk, threshold, aurc: defined(aurc), aurc_oracle: defined(aurcOracle), e_aurc: defined(aurc - aurcOracle) };
}
