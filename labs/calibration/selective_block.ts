/**
 * Selective prediction as the calibration lab reports it, for both paths (binary and K classes):
 * accept the most confident cases first and watch the error rate among the accepted ones
 * (core/stats/selective.ts: risk-coverage curve, AURC, oracle AURC, E-AURC). The confidence is the
 * probability of the predicted class after the chosen calibrator.
 */
import { riskCoverageCurve, sampleRiskCoverage } from '../core/stats/selective.ts';
import type { RiskCoveragePointRC } from '../core/stats/selective.ts';

/** Points of the risk-coverage curve sent to the page (AURC uses every point). */
export const SELECTIVE_POINTS = 201;

/** Selective prediction on the evaluation split for one series. */
export interface SelectiveBlock {
  /** Evaluation cases; the confidence of each is the probability of its predicted class (argmax, lowest class on ties). */
  n: number;
  errors: number;
  aurc: number | null;
  aurc_oracle: number | null;
  e_aurc: number | null;
  /** Distinct confidence values (points of the full curve). */
  curve_points: number;
  /** At most SELECTIVE_POINTS points of the curve (sampleRiskCoverage), increasing coverage. */
  points: RiskCoveragePointRC[];
  undefined_reason: 'no_cases' | null;
}

/** The selective block of confidences and 0/1 correctness (see SelectiveBlock). Used by both engines. */
export function selectiveBlock(conf: ArrayLike<number>, correct: ArrayLike<number>): SelectiveBlock {
  const rc = riskCoverageCurve(conf, correct);
  let errors = 0;
  for (let i = 0; i < correct.length; i++) if (correct[i] === 0) errors++;
  return {
    n: conf.length,
    errors,
    aurc: rc.aurc.value,
    aurc_oracle: rc.aurc_oracle.value,
    e_aurc: rc.e_aurc.value,
    curve_points: rc.coverage.length,
    points: sampleRiskCoverage(rc, SELECTIVE_POINTS),
    undefined_reason: conf.length === 0 ? 'no_cases' : null,
  };
}

export type { RiskCoveragePointRC };
