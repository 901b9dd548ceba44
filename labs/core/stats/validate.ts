/**
 * Input checks shared by the public functions of core/stats. Undefined is not zero, and a NaN is
 * never a result: a public metric function either returns an undefined value with its reason (an
 * empty input, a single class) or, for inputs no metric can be computed from, throws a RangeError
 * naming the problem and the first offending index. The labs' schemas reject such inputs before any
 * metric runs, so these errors mean a bug in the caller, never a learner's typo.
 */

/** Throws RangeError unless both arrays have the same length. */
export function checkSameLength(a: ArrayLike<unknown>, b: ArrayLike<unknown>, what = 'arrays'): void {
  if (a.length !== b.length) throw new RangeError(`${what} differ in length (${a.length} vs ${b.length})`);
}

/** Throws RangeError unless every value is a probability: a finite number in [0, 1]. */
export function checkProbabilities(p: ArrayLike<number>, what = 'probability'): void {
  for (let i = 0; i < p.length; i++) {
    const v = p[i];
    if (!(v >= 0 && v <= 1)) throw new RangeError(`${what} at index ${i} is ${v}: expected a number in [0, 1]`);
  }
}

/** Throws RangeError unless every label is 0 or 1. */
export function checkBinaryLabels(y: ArrayLike<number>, what = 'label'): void {
  for (let i = 0; i < y.length; i++) {
    const v = y[i];
    if (v !== 0 && v !== 1) throw new RangeError(`${what} at index ${i} is ${v}: expected 0 or 1`);
  }
}

/** Throws RangeError unless every value is finite (no NaN, no ±Infinity). */
export function checkFinite(x: ArrayLike<number>, what = 'value'): void {
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i])) throw new RangeError(`${what} at index ${i} is ${x[i]}: expected a finite number`);
}
