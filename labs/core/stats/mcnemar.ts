/**
 * McNemar's test for paired binary outcomes (McNemar 1947), computed only from the discordant
 * pairs of a 2x2 table: b = cases that fail on the baseline and pass on the candidate
 * (improvements), c = cases that pass on the baseline and fail on the candidate (regressions).
 * Same numbers as statsmodels.stats.contingency_tables.mcnemar(table, exact=False,
 * correction=True) and mcnemar(table, exact=True) with table = [[·, b], [c, ·]].
 */
import { binomTestTwoSidedHalf, chi2SfDf1 } from './special.ts';

export interface McNemarResult {
  /** Improvements (baseline fails, candidate passes). */
  b: number;
  /** Regressions (baseline passes, candidate fails). */
  c: number;
  /** b + c. */
  discordant: number;
  /** (|b - c| - 1)² / (b + c); null when b + c = 0. */
  chi2_continuity: number | null;
  /** P(χ²₁ > chi2_continuity); null when b + c = 0. */
  chi2_continuity_p_value: number | null;
  /** min(1, 2·P(X <= min(b, c))), X ~ Binomial(b + c, 1/2); null when b + c = 0. */
  exact_p_value: number | null;
  /** 'no_discordant_pairs' when b + c = 0 (every field above is then null), else null. */
  undefined_reason: 'no_discordant_pairs' | null;
}

/**
 * McNemar's test from the discordant counts.
 * Conventions (both those of statsmodels): the continuity-corrected statistic is not clamped at
 * zero, so b = c gives (0 - 1)²/(b + c) > 0 (e.g. b = c = 1 -> 0.5, p = 0.4795) and |b - c| = 1
 * gives 0 (p = 1); the exact p-value is capped at 1. The book's kit prints the same statistic
 * without a p-value. With b + c = 0 nothing is defined: the test has no information, which is
 * different from "no difference", so every value is null with reason 'no_discordant_pairs'.
 * @param b integer >= 0, @param c integer >= 0.
 * @throws RangeError for negative or non-integer counts.
 */
export function mcnemarTest(b: number, c: number): McNemarResult {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) throw new RangeError(`McNemar needs integer counts >= 0, got b=${b}, c=${c}`);
  const n = b + c;
  if (n === 0) {
    return { b, c, discordant: 0, chi2_continuity: null, chi2_continuity_p_value: null, exact_p_value: null, undefined_reason: 'no_discordant_pairs' };
  }
  const stat = (Math.abs(b - c) - 1) ** 2 / n;
  return {
    b,
    c,
    discordant: n,
    chi2_continuity: stat,
    chi2_continuity_p_value: chi2SfDf1(stat),
    exact_p_value: binomTestTwoSidedHalf(Math.min(b, c), n),
    undefined_reason: null,
  };
}
