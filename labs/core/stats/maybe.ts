/**
 * The one shape of a value that may be undefined. Undefined is not zero: where a statistic has no
 * meaning (an empty denominator, one class, no positives), `value` is null and `reason` is a reason
 * code saying why (translated in labs/core/contract/i18n, `undefined_reason`, or in the lab's own
 * catalog). `value` is never NaN or infinite unless a function documents otherwise.
 *
 * Scorecards keep the textbook kits' flat keys (`metrics.precision: number | null`) and put the
 * reason beside them (`undefined_metrics.precision: reason`); `flattenMaybe` does that flattening in
 * one place, so every lab writes the same scorecard shape.
 */

/** A number, or null with the reason code it is undefined. */
export type Maybe<R extends string = string> = { value: number; reason: null } | { value: null; reason: R };

/** An interval that may be undefined: both bounds, or neither with the reason. */
export type Interval<R extends string = string> = { low: number; high: number; reason: null } | { low: null; high: null; reason: R };

/** A defined value. Throws RangeError if `value` is not finite (a bug upstream, never user input). */
export function defined(value: number): { value: number; reason: null } {
  if (!Number.isFinite(value)) throw new RangeError(`defined(): not a finite number: ${value}`);
  return { value, reason: null };
}

/** An undefined value with its reason code. */
export function undef<R extends string>(reason: R): { value: null; reason: R } {
  return { value: null, reason };
}

/**
 * numerator / denominator, undefined with `reason` when the denominator is 0.
 * Throws RangeError when either argument is not finite, or the denominator is negative.
 */
export function ratio<R extends string>(numerator: number, denominator: number, reason: R): Maybe<R> {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator < 0) {
    throw new RangeError(`ratio(): bad arguments ${numerator} / ${denominator}`);
  }
  return denominator === 0 ? undef(reason) : defined(numerator / denominator);
}

/** The arithmetic mean of `values`, undefined with `reason` when there are none. */
export function meanOf<R extends string>(values: ArrayLike<number>, reason: R): Maybe<R> {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return values.length === 0 ? undef(reason) : defined(s / values.length);
}

/**
 * Applies `f` to a defined value; an undefined one passes through with its reason.
 * A value `f` maps to a non-finite number becomes undefined with `nonFinite`.
 */
export function mapMaybe<R extends string, S extends string>(m: Maybe<R>, f: (v: number) => number, nonFinite: S): Maybe<R | S> {
  if (m.value === null) return m;
  const v = f(m.value);
  return Number.isFinite(v) ? defined(v) : undef(nonFinite);
}

/**
 * Flattens named Maybes into the scorecard's two maps: `values[name]` (number | null) and
 * `reasons[name]` (only for the undefined ones). Keys come from code, never from data.
 */
export function flattenMaybe<K extends string, R extends string>(named: Record<K, Maybe<R>>): { values: Record<K, number | null>; reasons: Partial<Record<K, R>> } {
  const values = {} as Record<K, number | null>;
  const reasons: Partial<Record<K, R>> = {};
  for (const k of Object.keys(named) as K[]) {
    const m = named[k];
    values[k] = m.value;
    if (m.value === null) reasons[k] = m.reason;
  }
  return { values, reasons };
}
