/** Calibration lab (chapter 05) messages, in English. Must have every key of es.ts (type-checked). */
import type { Widen } from '../../core/contract/i18n/index.ts';
import type { calibrationEs } from './es.ts';

export const calibrationEn: Widen<typeof calibrationEs> = {
  verdict: {
    pass: 'Cases outside the review zone can be automated with the recommended pair.',
    fail: 'Do not automate yet: no threshold pair meets the constraints of the policy.',
  },
  reasons: {
    no_feasible_pair: 'no (low, high) pair of the grid meets all three constraints of the policy at once',
    conformal_q_infinite:
      'there are too few calibration cases for the requested coverage: q is infinite, every conformal set holds both labels, and everything goes to review',
    review_rate_above_max: 'the review rate is above the allowed maximum',
    auto_coverage_below_min: 'the automatic coverage does not reach the required minimum',
    auto_error_rate_above_max: 'the error rate of automatic decisions is above the allowed maximum',
    auto_error_rate_undefined: 'no case is automated, so the automatic error rate is undefined',
  },
  warnings: {
    conformal_q_infinite: 'Infinite conformal q: the rank ⌈(n+1)(1−α)⌉ exceeds the number of calibration cases.',
    calibrated_ece_worse_than_raw: 'The calibrated ECE is worse than the raw score’s on the evaluation split.',
    calibrated_brier_worse_than_raw: 'The calibrated Brier score is worse than the raw score’s on the evaluation split.',
    calibration_split_one_class: 'The calibration split has a single class: the calibrators can learn very little.',
    evaluation_split_one_class: 'The evaluation split has a single class: resolution and uncertainty are 0.',
    ties_at_best_cost: 'Several pairs tie at the best cost; the tie-break (review, coverage, −high, low) picks one.',
    bootstrap_rounds_reduced: 'With this many cases the bootstrap ran fewer rounds than requested (see bootstrap.rounds) to keep the page responsive.',
    recalibration_trigger_fired: 'At least one recalibration trigger fired.',
  },
  triggers: {
    base_rate_relative_change: 'relative change of the base rate (evaluation vs calibration)',
    ece_regression: 'increase of the calibrated ECE (evaluation minus calibration)',
    new_slice_without_50_cases: 'new slices (outside valid_slices) with few cases',
    known_bad_slice_present: 'slices flagged as known bad are present',
  },
  calibrator_names: {
    histogram_laplace: 'histogram binning with Laplace smoothing',
    platt: 'Platt scaling',
    isotonic: 'isotonic regression',
    temperature: 'temperature scaling',
  },
  undefined_reason: {
    conformal_rank_exceeds_n: 'the rank ⌈(n+1)(1−α)⌉ exceeds n: q is infinite',
  },
  validation: {
    unknown_slice_by: (col: string, cols: string) => `slice_by names the column “${col}”, which the cases do not have; the possible columns are: ${cols}.`,
    missing_column: (col: string) => `The required column “${col}” is missing from the header.`,
    duplicate_column: (col: string) => `The column “${col}” appears twice in the header.`,
    wrong_cell_count: (got: number, want: number) => `The row has ${got} cells and the header ${want}.`,
    csv_syntax: (line: string) => `The row starting on line ${line} cannot be read as CSV.`,
    csv_missing_quotes: (line: string) =>
      `The quotes opened in the row on line ${line} are never closed, so that row cannot be read; the following rows are checked from the next line on. Close the quotes or remove them.`,
    csv_invalid_quotes: (line: string) =>
      `In the row on line ${line} there is text right after a closing quote (like "abc"x): a quoted field must end at the delimiter or at the end of the line.`,
    csv_too_few_fields: (line: string) => `The row on line ${line} has fewer fields than the header.`,
    csv_too_many_fields: (line: string) => `The row on line ${line} has more fields than the header.`,
    csv_undetectable_delimiter:
      'The delimiter could not be detected (comma, semicolon or tab): the header seems to have a single column. Separate the columns with one of those characters.',
    no_cases: 'There is no case after the header.',
    too_many_cases: (n: number, max: number) => `There are ${n} cases; the lab accepts at most ${max}.`,
    split_missing: (split: string) => `No case has split “${split}”: the lab needs both calibration and evaluation cases.`,
  },
  report: {
    title: 'Calibration decision',
    verdict: 'Verdict',
    reasons: 'Reasons',
    calibrator_heading: 'Calibrator',
    calibrator_line: (type: string, name: string, nCal: number, nEv: number) =>
      `Calibrator feeding the policy: ${type} (${name}). It was fitted on the ${nCal} calibration-split cases only; every metric is measured on the ${nEv} evaluation-split cases.`,
    binning_line: (bins: number, strategy: string) =>
      `Bins of the reliability diagram and ECE: ${bins}, ${strategy === 'uniform' ? 'equal-width' : 'equal-mass (quantiles)'}.`,
    metric: 'Metric',
    raw: 'Raw score',
    calibrated: 'Calibrated',
    ci: (lo: string, hi: string) => `95% bootstrap CI: [${lo}, ${hi}]`,
    decomposition: (rel: string, res: string, unc: string) => `Murphy decomposition of the calibrated Brier score: reliability ${rel}, resolution ${res}, uncertainty ${unc}.`,
    compare_heading: 'Calibrators side by side (evaluation split)',
    calibrator_col: 'Calibrator',
    conformal_heading: 'Conformal prediction',
    conformal_line: (q: string, rank: number, n: number, target: string) =>
      `Conformal q: ${q} (value number ${rank} of ${n} non-conformity scores) for a target coverage of ${target}.`,
    q_infinite: 'infinite',
    coverage_line: (cov: string, size: string) => `Empirical coverage on evaluation: ${cov}; mean set size: ${size}.`,
    sets_line: (s0: number, s1: number, s2: number) => `Empty sets: ${s0}; one label: ${s1}; both labels: ${s2}.`,
    policy_heading: 'Recommended policy',
    least_bad_heading: 'Cheapest pair (does not meet the policy)',
    low: 'low',
    high: 'high',
    review_rate: 'review rate',
    auto_coverage: 'automatic coverage',
    auto_error_rate: 'automatic error rate',
    cost: 'estimated cost',
    confusion: (tp: number, fp: number, fn: number, tn: number) => `automatic decisions: TP ${tp}, FP ${fp}, FN ${fn}, TN ${tn}`,
    ties: (feasible: number, total: number, ties: number, tiesRates: number) =>
      `${feasible} of ${total} pairs meet the policy; ${ties} tie at the best cost and ${tiesRates} of those also tie on review and coverage.`,
    rule: (neg: string, pos: string) =>
      `Rule: if the conformal set is {${neg}} alone and p ≤ low, decide “${neg}”; if it is {${pos}} alone and p ≥ high, “${pos}”; anything else goes to human review.`,
    slices_heading: 'Per slice (evaluation split)',
    slice: 'Slice',
    count: 'n',
    cal_count: 'n calibration',
    base_rate: 'base rate',
    triggers_heading: 'Recalibration triggers',
    fired: 'fired',
    not_fired: 'not fired',
    warnings_heading: 'Warnings',
    reading_heading: 'How to read it',
    reading: [
      'A score can rank cases well and still promise probabilities that do not come true: that is why the raw and calibrated scores are compared on data the calibrator never saw.',
      'A case is automated only when its conformal set keeps a single label and its probability sits on the right side of the threshold; everything else goes to review.',
      'If the model, the prompt, the case mix or the review capacity change, calibrate again and choose the thresholds again.',
    ],
    undefined: (reason: string) => `undefined (${reason})`,
    yes: 'yes',
    no: 'no',
  },
};
