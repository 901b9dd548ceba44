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
 * curve does not depend on the input order. Confidences within PROBABILITY_TOLERANCE of the group's
 * highest are one tie group (tolerance.ts): max(p, 1 − p) gives 0.6666666666666667 for p = 1/3 and
 * 0.6666666666666666 for p = 2/3, which must not cut a group in two. Undefined (null, 'no_cases')
 * for an empty input.
 */
import { defined, undef, type Maybe } from './maybe.ts';
import { checkFinite, checkSameLength } from './validate.ts';
import { sameProbability } from './tolerance.ts';

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
  // Order within a tie group does not matter (its errors are spread evenly), so the right and the
  // wrong cases' confidences are sorted apart (typed-array sorts, no comparator) and merged from the
  // top: O(n log n) without an index permutation, fast at 10^6 cases.
  let nErr = 0;
  for (let k = 0; k < n; k++) if (correct[k] === 0) nErr++;
  const ok = new Float64Array(n - nErr);
  const bad = new Float64Array(nErr);
  for (let k = 0, a = 0, b = 0; k < n; k++) {
    if (correct[k] === 0) bad[b++] = confidence[k];
    else ok[a++] = confidence[k];
  }
  ok.sort();
  bad.sort();
  const coverage: number[] = [];
  const risk: number[] = [];
  const threshold: number[] = [];
  let area = 0;
  let errorsBefore = 0;
  let i = 0;
  let a = ok.length - 1;
  let b = bad.length - 1;
  while (a >= 0 || b >= 0) {
    const v = a < 0 ? bad[b] : b < 0 ? ok[a] : Math.max(ok[a], bad[b]);
    let g = 0;
    let e = 0;
    while (a >= 0 && sameProbability(ok[a], v)) {
      a--;
      g++;
    }
    while (b >= 0 && sameProbability(bad[b], v)) {
      b--;
      g++;
      e++;
    }
    const j = i + g;
    // positions i+1..j: expected errors at position i + t = errorsBefore + e·t/g
    for (let t = 1; t <= g; t++) area += (errorsBefore + (e * t) / g) / (i + t);
    errorsBefore += e;
    coverage.push(j / n);
    risk.push(errorsBefore / j);
    threshold.push(v);
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

/** One point of a risk-coverage curve: accept confidence >= threshold, covering `coverage` of the cases at error rate `risk`. */
export interface RiskCoveragePointRC {
  coverage: number;
  risk: number;
  threshold: number;
}

/**
 * At most `maxPoints` points of a risk-coverage curve for drawing: for each coverage level
 * 1/m, 2/m, ..., 1 (m = maxPoints - 1) the first point of the curve at or past it, plus the curve's
 * first point; duplicates dropped, in increasing coverage. Every point is a point of the curve (no
 * interpolation); the last is always coverage 1. AURC stays computed on the whole curve.
 * @throws RangeError unless maxPoints is an integer >= 2.
 */
export function sampleRiskCoverage(rc: Pick<RiskCoverage, 'coverage' | 'risk' | 'threshold'>, maxPoints = 201): RiskCoveragePointRC[] {
  if (!(Number.isInteger(maxPoints) && maxPoints >= 2)) throw new RangeError(`maxPoints must be an integer >= 2, got ${maxPoints}`);
  const n = rc.coverage.length;
  const out: RiskCoveragePointRC[] = [];
  if (n === 0) return out;
  const m = maxPoints - 1;
  let last = -1;
  const push = (k: number) => {
    if (k === last) return;
    out.push({ coverage: rc.coverage[k], risk: rc.risk[k], threshold: rc.threshold[k] });
    last = k;
  };
  push(0);
  let k = 0;
  for (let s = 1; s <= m; s++) {
    const level = s / m;
    while (k < n - 1 && rc.coverage[k] < level - 1e-12) k++;
    push(k);
  }
  return out;
}

/** The risk-coverage curve read at one confidence level (riskCoverageAtLevels). */
export interface RiskAtLevel {
  /** Accept the eligible cases whose confidence is at least this (core's tie rule: within PROBABILITY_TOLERANCE is at it). */
  min_confidence: number;
  accepted: number;
  /** accepted / n; undefined ('no_cases') when n = 0. */
  coverage: Maybe<'no_cases'>;
  /** Mean cost of the accepted cases' errors per accepted case; undefined ('no_accepted_cases') when none is accepted. */
  risk: Maybe<'no_accepted_cases'>;
  /** Errors / accepted (selective risk); undefined ('no_accepted_cases') when none is accepted. */
  error_rate: Maybe<'no_accepted_cases'>;
}

/**
 * The risk-coverage curve of riskCoverageCurve read at given confidence levels, with a cost per
 * error and cases that may not be accepted at all: at level L the accepted cases are the eligible
 * ones with confidence >= L (up to PROBABILITY_TOLERANCE, the same tie rule as the curve's groups),
 * coverage = accepted / n over every case, error_rate = errors / accepted, risk = Σ cost of the
 * accepted errors / accepted. With every case eligible and every cost 1, risk and error_rate are the
 * curve's selective risk at the coverage of the last tie group at or above L.
 * Used by the calibration lab (the kit's levels 0.50, 0.55, ..., 0.95; eligible = a singleton
 * conformal set; cost = the policy's cost of a false positive or negative).
 * @param confidence per case, finite; @param eligible 1 when the case may be accepted, else 0;
 * @param errorCost per case, 0 when the prediction is right, else the error's cost (> 0; a right
 *   prediction must have cost 0, an error a positive cost).
 * @throws RangeError for arrays of different lengths, non-finite confidences, eligibility other
 *   than 0/1 or a negative or non-finite cost.
 */
export function riskCoverageAtLevels(confidence: ArrayLike<number>, eligible: ArrayLike<number>, errorCost: ArrayLike<number>, levels: readonly number[]): RiskAtLevel[] {
  checkSameLength(confidence, eligible, 'confidence and eligible');
  checkSameLength(confidence, errorCost, 'confidence and errorCost');
  checkFinite(confidence, 'confidence');
  const n = confidence.length;
  for (let i = 0; i < n; i++) {
    if (eligible[i] !== 0 && eligible[i] !== 1) throw new RangeError(`eligible at index ${i} is ${eligible[i]}: expected 0 or 1`);
    if (!(Number.isFinite(errorCost[i]) && errorCost[i] >= 0)) throw new RangeError(`errorCost at index ${i} is ${errorCost[i]}: expected a finite cost >= 0`);
  }
  return levels.map((level) => {
    let accepted = 0;
    let cost = 0;
    let errors = 0;
    for (let i = 0; i < n; i++) {
      if (eligible[i] !== 1) continue;
      const c = confidence[i];
      if (!(c >= level || sameProbability(c, level))) continue;
      accepted++;
      if (errorCost[i] > 0) {
        errors++;
        cost += errorCost[i];
      }
    }
    return {
      min_confidence: level,
      accepted,
      coverage: n ? defined(accepted / n) : undef('no_cases'),
      risk: accepted ? defined(cost / accepted) : undef('no_accepted_cases'),
      error_rate: accepted ? defined(errors / accepted) : undef('no_accepted_cases'),
    };
  });
}
