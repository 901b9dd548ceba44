/**
 * The threshold and calibration labs decide through core's GateCheck comparison: a pair is feasible
 * exactly when its checks pass (one tolerance, labs/core/contract/gate_check.ts). Hand cases.
 */
import { describe, expect, it } from 'vitest';
import { failedConstraints as thresholdFailed } from '../../labs/threshold/engine.ts';
import type { ThresholdMetrics } from '../../labs/threshold/engine.ts';
import { decideThreshold } from '../../labs/threshold/decision.ts';
import { failedConstraints as calibrationFailed } from '../../labs/calibration/policy_grid.ts';
import { decideCalibration } from '../../labs/calibration/decision.ts';
import type { CalibrationPolicy } from '../../labs/calibration/schema.ts';

describe('threshold: verdict and checklist use the same comparison', () => {
  it('a review rate equal to the maximum in exact arithmetic (0.1 + 0.2 vs 0.3) passes both', () => {
    const policy = { max_review_rate: 0.3, min_operational_recall: 0.9 };
    const metrics = { review_rate: 0.1 + 0.2, operational_recall: 0.9 } as ThresholdMetrics;
    const failed = thresholdFailed(metrics, policy);
    expect(failed).toEqual([]);
    const { checks } = decideThreshold({ positives: 10, chosen: { metrics, failed_constraints: failed }, recommended: true, policy });
    expect(checks.map((c) => c.status)).toEqual(['pass', 'pass']);
  });

  it('a review rate above the maximum by more than the tolerance fails both', () => {
    const policy = { max_review_rate: 0.3, min_operational_recall: 0.9 };
    const metrics = { review_rate: 0.3 + 1e-9, operational_recall: 0.95 } as ThresholdMetrics;
    const failed = thresholdFailed(metrics, policy);
    expect(failed).toEqual(['review_rate_above_max']);
    const { checks, decision } = decideThreshold({ positives: 10, chosen: { metrics, failed_constraints: failed }, recommended: false, policy });
    expect(checks[0].status).toBe('fail');
    expect(decision).toEqual({ verdict: 'fail', reasons: ['no_policy_meets_constraints', 'review_rate_above_max'] });
  });
});

describe('calibration: the decision is the verdict of its GateChecks', () => {
  const policy = { max_review_rate: 0.3, min_auto_coverage: 0.7, max_auto_error_rate: 0.05 } as CalibrationPolicy;

  it('a feasible pair passes its three checks', () => {
    const pair = { review_rate: 0.1 + 0.2, auto_coverage: 0.7, auto_error_rate: 0.05 };
    expect(calibrationFailed(pair.review_rate, pair.auto_coverage, pair.auto_error_rate, policy)).toEqual([]);
    const { decision, checks } = decideCalibration({ recommended: pair, q_infinite: false, policy });
    expect(decision).toEqual({ verdict: 'pass', reasons: [] });
    expect(checks.map((c) => [c.id, c.status])).toEqual([['review_rate', 'pass'], ['auto_coverage', 'pass'], ['auto_error_rate', 'pass']]);
  });

  it('nothing automated: the error rate is undefined and the gate fails closed, reasons in order', () => {
    const pair = { review_rate: 1, auto_coverage: 0, auto_error_rate: null };
    expect(calibrationFailed(1, 0, null, policy)).toEqual(['review_rate_above_max', 'auto_coverage_below_min', 'auto_error_rate_undefined']);
    const { decision, checks } = decideCalibration({ recommended: pair, q_infinite: true, policy });
    expect(decision).toEqual({ verdict: 'fail', reasons: ['conformal_q_infinite', 'no_feasible_pair', 'review_rate_above_max', 'auto_coverage_below_min', 'auto_error_rate_undefined'] });
    expect(checks[2]).toMatchObject({ status: 'undefined', value: null, value_reason: 'no_automated_cases' });
  });
});
