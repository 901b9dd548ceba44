/** Exercise links: round trip, integrity check, and the schema behind it. */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import LZString from 'lz-string';
import { encodeExerciseHash, decodeExerciseHash } from '../../src/components/exercises/link.ts';
import type { ExerciseLink } from '../../labs/core/contract/exercise.ts';

const link: ExerciseLink = {
  v: 1, lang: 'es', lab: 'threshold', title: 'T', summary: 'S', instructions: 'I', solution: 'X',
  start: { texts: { policy: { preset: 'threshold_policy.json', patch: { max_review_rate: 0.05 } } } },
  goals: [{ path: 'decision.verdict', op: '==', value: 'pass', label: 'pasa' }],
  questions: [], hints: [], open: [], version: 1,
};

describe('exercise links', () => {
  it('round-trip', async () => {
    const hash = await encodeExerciseHash(link);
    expect(hash).toMatch(/^exercise=[A-Za-z0-9+$-]+\.[0-9a-f]{16}$/);
    expect(await decodeExerciseHash(`#${hash}`)).toEqual(link);
  });
  it('carry a check equal to the first 16 hex digits of the payload\'s SHA-256 (node:crypto)', async () => {
    const [payload, check] = (await encodeExerciseHash(link)).slice('exercise='.length).split('.');
    expect(check).toBe(createHash('sha256').update(payload).digest('hex').slice(0, 16));
  });
  it('reject an edited payload, a missing check and a wrong one', async () => {
    const hash = await encodeExerciseHash({ ...link, title: 'A longer title, so that the payload has a middle' });
    const [payload, check] = hash.slice('exercise='.length).split('.');
    const i = Math.floor(payload.length / 2);
    const edited = payload.slice(0, i) + (payload[i] === 'A' ? 'B' : 'A') + payload.slice(i + 1);
    expect(await decodeExerciseHash(`#exercise=${edited}.${check}`)).toBe('invalid');
    expect(await decodeExerciseHash(`#exercise=${payload}`)).toBe('invalid');
    expect(await decodeExerciseHash(`#exercise=${payload}.0000000000000000`)).toBe('invalid');
    expect(await decodeExerciseHash('#state=abc')).toBeNull();
  });
  it('reject a well-checked payload that fails the schema', async () => {
    const payload = LZString.compressToEncodedURIComponent(JSON.stringify({ ...link, lab: 'nope' }));
    const check = createHash('sha256').update(payload).digest('hex').slice(0, 16);
    expect(await decodeExerciseHash(`#exercise=${payload}.${check}`)).toBe('invalid');
  });
});
