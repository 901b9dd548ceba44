/** Threshold lab (chapter 02) messages, in English. */
import type { Widen } from '../../core/contract/i18n/index.ts';
import type { thresholdEs } from './es.ts';

export const thresholdEn: Widen<typeof thresholdEs> = {
  verdict: {
    pass: 'Automate with the recommended pair and review the middle zone.',
    fail: 'Do not automate yet: no pair meets the constraints.',
  },
  reasons: {
    no_policy_meets_constraints:
      'no threshold pair in the grid reaches the minimum operational recall while keeping the review rate within its maximum',
    review_rate_above_max: 'the review rate is above the maximum the policy allows',
    review_rate_undefined: 'the review rate is undefined (there are no cases)',
    operational_recall_below_min: 'the operational recall falls below the policy minimum',
    operational_recall_undefined:
      'the operational recall is undefined (there are no positives), so it cannot be shown to reach the minimum',
    no_positives: 'the data holds no positive case: there is no way to measure how many would slip through',
  },
  validation: {
    grid_too_long: (max: number) => `The grid takes at most ${max} values (for example 0 to 1 in steps of 0.01).`,
    grid_two_distinct: 'The threshold grid needs at least two distinct values.',
  },
  report: {
    title: 'Threshold decision',
    verdict: 'Verdict',
    summary: (evaluated: number, feasible: number, cases: number) =>
      `${evaluated} threshold pairs were evaluated on ${cases} cases; ${feasible} meet the policy constraints.`,
    recommended_heading: 'Recommended pair',
    least_bad_heading: 'Least-bad pair (does not meet the constraints)',
    selected_heading: 'Pair selected in the lab',
    rule: (low: string, high: string, neg: string, pos: string) =>
      `Rule: score ≤ ${low} → “${neg}”; score ≥ ${high} → “${pos}”; between the two thresholds, human review.`,
    low: 'Low threshold',
    high: 'High threshold',
    cost: 'Total cost',
    cost_formula: (fp: string, fn: string, review: string) => `FP × ${fp} + FN × ${fn} + review × ${review}`,
    operational_recall: 'Operational recall',
    review_rate: 'Review rate',
    automation_rate: 'Automation rate',
    precision: 'Precision of automated positives',
    minimum: (x: string) => `minimum ${x}`,
    maximum: (x: string) => `maximum ${x}`,
    counts: (tp: number, fp: number, fn: number, tn: number, rp: number, rn: number) =>
      `Counts: TP ${tp}, FP ${fp}, FN ${fn}, TN ${tn}; sent to review: positives ${rp}, negatives ${rn}.`,
    passes: 'Meets the constraints?',
    yes: 'yes',
    no: 'no',
    failed: 'Constraints it fails',
    owner: 'Decision owner',
    owner_missing: 'not set in the policy',
    undefined: (reason: string) => `undefined (${reason})`,
    curves_heading: 'Ranking ability (all cases, no threshold)',
    roc_auc: 'ROC AUC',
    average_precision: 'Average precision (AP)',
    action_heading: 'What to do',
    action_pass:
      'Automate with this pair: cases above the high threshold and below the low one are handled automatically, and the band in between goes to a person. Keep an eye on operational recall and review load in production.',
    action_fail: 'Do not automate yet.',
    least_bad_named: (low: string, high: string) =>
      `The least-bad pair (low ${low}, high ${high}) is shown for reference only: it is not a recommendation.`,
    fallback: (text: string) => `Action the policy sets while no pair passes: ${text}.`,
    no_fallback:
      'The policy does not say what to do when no pair passes (if_no_policy_passes): keep the current process and collect more data.',
    reading:
      'The pair is not chosen by a single metric: it is the one with the lowest expected cost among those that keep operational recall and fit the review capacity.',
  },
};
