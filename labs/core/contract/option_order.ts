/**
 * The order in which a diagnosis question's options are shown. The exercises are written with
 * the correct option first; shown that way, a learner could always pick the first one. The page
 * shows them in a shuffled order that is fixed per exercise and question (the same on every
 * visit and in both languages' pages of the same exercise), while the attempt and the receipt keep
 * recording the option's ORIGINAL index in the exercise's definition: the order is presentation
 * only, so the verifier (receipt.ts) needs no change and receipts made before the shuffle stay valid.
 */

import { PyRandom } from '../stats/rng.ts';

/**
 * 32-bit FNV-1a hash of the UTF-16 code units of `text` (Fowler–Noll–Vo, variant 1a:
 * offset basis 2166136261, prime 16777619).
 * @returns an unsigned 32-bit integer.
 */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The display order of the `n` options of question `question` (0-based) of exercise `exerciseId`:
 * a permutation of 0..n-1, so `order[k]` is the original index of the option shown at position k.
 * It is Python's `random.Random(seed).shuffle(list(range(n)))` with the seed the FNV-1a hash of
 * `${exerciseId}#${question}` (the project's CPython-compatible generator, core/stats/rng.ts).
 * Deterministic: the same arguments always give the same order.
 * Edge cases: n <= 0 or not an integer gives []; n = 1 gives [0].
 * @param exerciseId the exercise's id (a course id such as `rag-fusion-k`, or a link exercise's id).
 * @param question the question's index in the exercise.
 * @param n the number of options.
 */
export function optionOrder(exerciseId: string, question: number, n: number): number[] {
  if (!Number.isInteger(n) || n <= 0) return [];
  const order = Array.from({ length: n }, (_, i) => i);
  const rng = new PyRandom(fnv1a(`${exerciseId}#${question}`));
  for (let i = n - 1; i > 0; i--) {
    const j = rng.randrange(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
