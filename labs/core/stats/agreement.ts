/**
 * Agreement between two raters over a FIXED, ordered list of categories (the scale decides the
 * categories, not the data: a category nobody used still counts, which changes the weighted kappas).
 *
 * Everything here matches scikit-learn 1.2:
 *   confusionMatrix      ~ sklearn.metrics.confusion_matrix(a, b, labels=categories)
 *   cohenKappa(weights)  ~ sklearn.metrics.cohen_kappa_score(a, b, labels=categories,
 *                                                            weights=None | 'linear' | 'quadratic')
 * Weighted kappas use the distance between category INDICES in `categories` (|i - j| or
 * (i - j)^2), exactly as scikit-learn does, not the distance between the label values.
 * Where scikit-learn returns nan (its denominator sum(w * expected) is 0, i.e. chance agreement
 * p_e = 1, e.g. both raters always give the same single category) the value here is null with the
 * reason code 'chance_agreement_total'. Empty input is null with 'no_items'.
 * Source: Cohen (1960), "A coefficient of agreement for nominal scales"; Cohen (1968), weighted kappa.
 */
/** A category label: a Likert level (1..5) or a binary value (0/1), or any string label. */
import type { Maybe } from './maybe.ts';

export type Category = number | string;

export type KappaWeights = 'none' | 'linear' | 'quadratic';

/** A number that may be undefined, with the reason code (core/stats/maybe.ts). */
export type AgreementValue = Maybe<AgreementUndefinedReason>;

export type AgreementUndefinedReason = 'no_items' | 'chance_agreement_total';

export interface AgreementSummary {
  categories: Category[];
  n: number;
  /** matrix[i][j] = number of items rater A put in categories[i] and rater B in categories[j]. */
  confusion_matrix: number[][];
  /** Fraction of items where both raters chose the same category (p_o). */
  exact_agreement: AgreementValue;
  /** Number of items with the same category. */
  exact_count: number;
  /** Fraction of items whose categories are at most one step apart on the scale. */
  within_one_agreement: AgreementValue;
  within_one_count: number;
  cohen_kappa: AgreementValue;
  linear_weighted_kappa: AgreementValue;
  quadratic_weighted_kappa: AgreementValue;
}

function indexOfCategory(categories: readonly Category[], c: Category, which: string, pos: number): number {
  const i = categories.indexOf(c);
  if (i < 0) throw new RangeError(`rater ${which}, item ${pos}: category ${String(c)} is not on the scale [${categories.join(', ')}]`);
  return i;
}

function checkInputs(a: readonly Category[], b: readonly Category[], categories: readonly Category[]): void {
  if (a.length !== b.length) throw new RangeError(`raters have different lengths (${a.length} vs ${b.length})`);
  if (categories.length === 0) throw new RangeError('the category list is empty');
  if (new Set(categories).size !== categories.length) throw new RangeError('the category list has repeated entries');
}

/**
 * Confusion matrix of two raters over a fixed category list.
 * Shape: k x k (k = categories.length); rows are rater A's category, columns rater B's.
 * Matches sklearn.metrics.confusion_matrix(a, b, labels=categories).
 * Throws RangeError when the lengths differ, the list is empty or repeats an entry, or a rating is
 * not one of the categories. Empty ratings give a matrix of zeros.
 */
export function confusionMatrix(a: readonly Category[], b: readonly Category[], categories: readonly Category[]): number[][] {
  checkInputs(a, b, categories);
  const k = categories.length;
  const m = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let t = 0; t < a.length; t++) {
    m[indexOfCategory(categories, a[t], 'A', t)][indexOfCategory(categories, b[t], 'B', t)]++;
  }
  return m;
}

/** Weight of disagreement between category indices i and j (0 on the diagonal). */
function weight(i: number, j: number, w: KappaWeights): number {
  if (w === 'none') return i === j ? 0 : 1;
  if (w === 'linear') return Math.abs(i - j);
  return (i - j) * (i - j);
}

/**
 * Cohen's kappa (unweighted, linear or quadratic weights) from a k x k confusion matrix.
 * kappa = 1 - sum(w * observed) / sum(w * expected), expected = outer(row totals, column totals) / n,
 * the form scikit-learn's cohen_kappa_score uses (equal to (p_o - p_e) / (1 - p_e) when unweighted).
 * Undefined (null): 'no_items' when the matrix sums to 0; 'chance_agreement_total' when
 * sum(w * expected) = 0 (scikit-learn returns nan there).
 */
export function kappaFromMatrix(matrix: readonly (readonly number[])[], weights: KappaWeights = 'none'): AgreementValue {
  const k = matrix.length;
  let n = 0;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      n += matrix[i][j];
      rows[i] += matrix[i][j];
      cols[j] += matrix[i][j];
    }
  }
  if (n === 0) return { value: null, reason: 'no_items' };
  let obs = 0;
  let exp = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weight(i, j, weights);
      obs += w * matrix[i][j];
      exp += (w * rows[i] * cols[j]) / n;
    }
  }
  if (exp === 0) return { value: null, reason: 'chance_agreement_total' };
  return { value: 1 - obs / exp, reason: null };
}

/**
 * Cohen's kappa of two raters over a fixed category list.
 * Matches sklearn.metrics.cohen_kappa_score(a, b, labels=categories, weights=None|'linear'|'quadratic')
 * (weights 'none' is scikit-learn's None). Null with a reason where scikit-learn gives nan or fails
 * (see kappaFromMatrix). Throws like confusionMatrix on malformed input.
 */
export function cohenKappa(
  a: readonly Category[],
  b: readonly Category[],
  categories: readonly Category[],
  weights: KappaWeights = 'none',
): AgreementValue {
  return kappaFromMatrix(confusionMatrix(a, b, categories), weights);
}

/**
 * Every agreement statistic of two raters in one pass: confusion matrix, exact agreement (p_o),
 * within-one agreement (|index(a) - index(b)| <= 1 on the ordered scale; for a binary scale every
 * pair is within one), Cohen's kappa, linear and quadratic weighted kappa.
 * Proportions are null with 'no_items' when there are no items. Throws like confusionMatrix.
 * Example (seed 004): A [4,5,3,2,4,5], B [4,4,3,2,5,5] on 1..5 -> exact 4/6, within one 6/6.
 */
export function agreementSummary(a: readonly Category[], b: readonly Category[], categories: readonly Category[]): AgreementSummary {
  const m = confusionMatrix(a, b, categories);
  const n = a.length;
  let exact = 0;
  let within = 0;
  for (let i = 0; i < m.length; i++) {
    for (let j = 0; j < m.length; j++) {
      if (i === j) exact += m[i][j];
      if (Math.abs(i - j) <= 1) within += m[i][j];
    }
  }
  const prop = (c: number): AgreementValue => (n === 0 ? { value: null, reason: 'no_items' } : { value: c / n, reason: null });
  return {
    categories: [...categories],
    n,
    confusion_matrix: m,
    exact_agreement: prop(exact),
    exact_count: exact,
    within_one_agreement: prop(within),
    within_one_count: within,
    cohen_kappa: kappaFromMatrix(m, 'none'),
    linear_weighted_kappa: kappaFromMatrix(m, 'linear'),
    quadratic_weighted_kappa: kappaFromMatrix(m, 'quadratic'),
  };
}

/**
 * The categories of an integer Likert scale from `min` to `max` inclusive ([1,2,3,4,5] for 1..5).
 * Throws RangeError when the bounds are not integers or min >= max.
 */
export function likertCategories(min: number, max: number): number[] {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min >= max) throw new RangeError(`invalid Likert scale ${min}..${max}`);
  const out: number[] = [];
  for (let v = min; v <= max; v++) out.push(v);
  return out;
}

/**
 * Cohen's kappa of two raters on a binary scale (categories [0, 1]) from the cells of their 2 x 2
 * table, without building a matrix (the form a bootstrap round needs). `m01` counts the items rater
 * A put in category 0 and rater B in category 1, and so on (the layout of confusionMatrix(a, b, [0, 1])).
 *
 *   kappa = 2 (m00 m11 - m01 m10) / ((m00 + m01)(m01 + m11) + (m00 + m10)(m10 + m11))
 *
 * which is (p_o - p_e) / (1 - p_e) multiplied through by n^2: with integer counts the numerator
 * and the denominator are exact integers and the value has a single rounding (2/11 for the c04
 * kit's v1 judge, exactly the double nearest 2/11). Equal to sklearn.metrics.cohen_kappa_score(a, b,
 * labels=[0, 1]) up to its own rounding.
 * Undefined (null): 'no_items' when every count is 0; 'chance_agreement_total' when the denominator
 * is 0 (both raters constant on the same category, p_e = 1; scikit-learn returns nan there).
 * @param counts non-negative integers (not checked beyond being finite and >= 0).
 * @throws RangeError for a negative or non-finite count.
 */
export function binaryKappaFromCounts(m00: number, m01: number, m10: number, m11: number): AgreementValue {
  for (const c of [m00, m01, m10, m11]) if (!(c >= 0) || !Number.isFinite(c)) throw new RangeError(`binaryKappaFromCounts: bad count ${c}`);
  if (m00 + m01 + m10 + m11 === 0) return { value: null, reason: 'no_items' };
  const den = (m00 + m01) * (m01 + m11) + (m00 + m10) * (m10 + m11);
  if (den === 0) return { value: null, reason: 'chance_agreement_total' };
  return { value: (2 * (m00 * m11 - m01 * m10)) / den, reason: null };
}

/** An AgreementValue as the project's one undefined shape (core/stats/maybe.ts). */
export function agreementMaybe(v: AgreementValue): Maybe<AgreementUndefinedReason> {
  return v.value === null ? { value: null, reason: v.reason ?? 'no_items' } : { value: v.value, reason: null };
}
