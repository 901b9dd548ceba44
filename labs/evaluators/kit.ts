/**
 * The c04 kit's own conventions (ops/ai/evaluator_audit.py), reproduced so that the lab can show the
 * kit's figure beside its own where it fixes one (the `*_kit` fields of the scorecard). These are
 * the kit's printed figures, its rounding included: they exist to be compared, never to decide.
 *
 *   safe_div(num, den)     round(num / den, 4) if den else 0.0
 *   binary_kappa(ref, pred) p_o and each class rate rounded to 4 decimals before combining;
 *                           1.0 when the (rounded) chance agreement equals 1; round(kappa, 4)
 */

/**
 * Python's round(x, digits) on a double: the exact decimal value of x rounded to `digits` decimals,
 * a tie going to the even digit. JavaScript's toFixed also works on the exact value but sends ties
 * up; exact ties are detected from the full expansion (toFixed(100) is exact for |x| >= 2^-48) and
 * sent to even. Returns x itself when it is not finite.
 * @param digits integer in [0, 20].
 */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new RangeError(`pyRound: digits must be an integer in [0, 20], got ${digits}`);
  const [int, frac] = Math.abs(x).toFixed(100).split('.');
  const kept = frac.slice(0, digits);
  const rest = frac.slice(digits);
  let scaled = BigInt(int + kept);
  const half = rest[0] === '5' && /^50*$/.test(rest);
  if (rest[0] > '5' || (rest[0] === '5' && !half) || (half && scaled % 2n === 1n)) scaled += 1n;
  const str = scaled.toString().padStart(digits + 1, '0');
  const r = Number(digits ? `${str.slice(0, str.length - digits)}.${str.slice(str.length - digits)}` : str);
  return x < 0 && r !== 0 ? -r : r;
}

/** The kit's safe_div: round(num / den, 4), or 0.0 when den is 0. */
export function kitSafeDiv(num: number, den: number): number {
  return den ? pyRound(num / den, 4) : 0;
}

/**
 * The kit's binary_kappa over two label lists (0, 1, or null for a missing score, which matches
 * nothing and belongs to no class, as Python's None does there).
 */
export function kitBinaryKappa(reference: ArrayLike<number>, predicted: ArrayLike<number | null>): number {
  const n = reference.length;
  let agree = 0;
  const refCount = [0, 0];
  const predCount = [0, 0];
  for (let i = 0; i < n; i++) {
    const a = reference[i];
    const b = predicted[i];
    if (a === b) agree++;
    if (a === 0 || a === 1) refCount[a]++;
    if (b === 0 || b === 1) predCount[b]++;
  }
  const observed = kitSafeDiv(agree, n);
  let expected = 0;
  for (const l of [0, 1]) expected += kitSafeDiv(refCount[l], n) * kitSafeDiv(predCount[l], n);
  if (expected === 1) return 1;
  return pyRound((observed - expected) / (1 - expected), 4);
}
