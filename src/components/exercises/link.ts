/**
 * Exercise links: `#exercise=<payload>.<check>`, where payload is the exercise (labs/core/contract/exercise.ts
 * exerciseLinkSchema) as JSON compressed with lz-string, and check is the first 16 hex digits of the
 * SHA-256 of the payload. The check makes a damaged or hand-edited link fail as a whole instead of
 * loading an exercise that says something else; it is an integrity check, not a signature (no
 * server holds a secret), so the schema still validates everything that loads.
 */
import LZString from 'lz-string';
import { exerciseLinkSchema, type ExerciseLink } from '../../../labs/core/contract/exercise.ts';
import { sha256Hex } from '../../../labs/core/contract/hash.ts';
import { isLabId } from '../../../labs/manifest.ts';

const CHECK_CHARS = 16;
/** The longest `#exercise=` value read (characters): browsers cap URLs near 2 MB. */
export const MAX_EXERCISE_HASH_CHARS = 2_000_000;

/** The hash fragment (without '#') that carries `link`. */
export async function encodeExerciseHash(link: ExerciseLink): Promise<string> {
  const payload = LZString.compressToEncodedURIComponent(JSON.stringify(link));
  return `exercise=${payload}.${(await sha256Hex(payload)).slice(0, CHECK_CHARS)}`;
}

/**
 * Reads an exercise from a location hash. Returns null when the hash carries no exercise, 'invalid'
 * when the check does not match, the payload does not decode, or the exercise fails the schema.
 */
export async function decodeExerciseHash(hash: string): Promise<ExerciseLink | null | 'invalid'> {
  const m = /(?:^#|&)exercise=([^&]*)/.exec(hash);
  if (!m) return null;
  if (m[1].length > MAX_EXERCISE_HASH_CHARS) return 'invalid';
  const [payload, check, extra] = m[1].split('.');
  if (!payload || !check || extra !== undefined) return 'invalid';
  try {
    if ((await sha256Hex(payload)).slice(0, CHECK_CHARS) !== check) return 'invalid';
    const json = LZString.decompressFromEncodedURIComponent(payload);
    if (!json) return 'invalid';
    const r = exerciseLinkSchema.safeParse(JSON.parse(json));
    return r.success && isLabId(r.data.lab) ? r.data : 'invalid';
  } catch {
    return 'invalid';
  }
}
