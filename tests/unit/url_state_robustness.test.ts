/**
 * Share links (#state=) and exercise links (#exercise=) are untrusted: malformed, truncated,
 * oversized (5 MB), wrong-version and hostile links are rejected (the page then shows its
 * 'bad_share_link' / invalid-exercise message) or kept as inert text; and no input of the site
 * ever reaches innerHTML or dangerouslySetInnerHTML (a scan of src/, with the KaTeX exceptions
 * listed explicitly).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compressToEncodedURIComponent } from 'lz-string';
import fc from 'fast-check';
import { MAX_SHARE_HASH_CHARS, STATE_VERSION, decodeShared, encodeShareUrl } from '../../src/components/labs/shared/labState.ts';
import { MAX_EXERCISE_HASH_CHARS, decodeExerciseHash, encodeExerciseHash } from '../../src/components/exercises/link.ts';
import type { ExerciseLink } from '../../labs/core/contract/exercise.ts';

const inputs = ['cases', 'policy'] as const;
const state = { v: STATE_VERSION, lab: 'threshold', texts: { cases: '{"a":1}', policy: '{}' }, view: { low: 0.3, high: 0.5 } };
const hashOf = (obj: unknown) => `#state=${compressToEncodedURIComponent(JSON.stringify(obj))}`;
const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(1)>"\'`${}|\n# h';

const link: ExerciseLink = {
  v: 1, lang: 'es', lab: 'threshold', title: 'T', summary: 'S', instructions: 'I', solution: 'X',
  start: { texts: { policy: { preset: 'threshold_policy.json' } } },
  goals: [{ path: 'decision.verdict', op: '==', value: 'pass', label: 'pasa' }],
  questions: [], hints: [], open: [], version: 1,
};

describe('share links (labState.ts)', () => {
  it('a truncated link is rejected at every cut', () => {
    const full = hashOf(state);
    let accepted = 0;
    for (let cut = 7; cut < full.length; cut += Math.max(1, Math.floor(full.length / 60))) {
      const r = decodeShared(full.slice(0, cut), 'threshold', inputs);
      if (r !== null) {
        accepted++;
        expect(r).toEqual(state); // lz-string may ignore trailing padding: then it is the same state
      }
    }
    expect(accepted).toBeLessThan(3);
    expect(decodeShared(full, 'threshold', inputs)).toEqual(state);
  });

  it('an oversized link (5 MB) is rejected at once, without decompressing it', () => {
    const big = `#state=${'A'.repeat(5 * 1024 * 1024)}`;
    const t0 = performance.now();
    expect(decodeShared(big, 'threshold', inputs)).toBeNull();
    expect(performance.now() - t0).toBeLessThan(50);
    expect(MAX_SHARE_HASH_CHARS).toBeLessThan(5 * 1024 * 1024);
  });

  it('wrong versions, wrong shapes and prototype keys are rejected', () => {
    for (const bad of [
      { ...state, v: 0 },
      { ...state, v: '1' },
      { ...state, v: STATE_VERSION + 1 },
      { ...state, lab: '' },
      { ...state, texts: null },
      { ...state, texts: [] },
      { ...state, texts: { cases: '{}', policy: { text: 'x' } } },
      { ...state, texts: { ['k'.repeat(41)]: 'x', cases: '{}', policy: '{}' } },
      JSON.parse('{"__proto__": {"v": 1, "lab": "threshold"}, "texts": {"cases": "", "policy": ""}}'),
      null,
      42,
      [],
    ]) {
      expect(decodeShared(hashOf(bad), 'threshold', inputs)).toBeNull();
    }
  });

  it('random garbage after #state= never throws and is rejected', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        const r = decodeShared(`#state=${s}`, 'threshold', inputs);
        expect(r === null || typeof r === 'object').toBe(true);
      }),
      { seed: 13, numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(decodeShared(hashOf(v), 'threshold', inputs)).toBeNull();
      }),
      { seed: 14, numRuns: 300 },
    );
  });

  it('hostile text in every field stays text: it comes back byte for byte, as data', () => {
    const evil = { v: STATE_VERSION, lab: 'threshold', texts: { cases: HOSTILE, policy: HOSTILE }, view: { note: HOSTILE }, valid: { cases: HOSTILE, policy: HOSTILE } };
    const url = encodeShareUrl(evil, `http://x/labs/threshold/#${HOSTILE}`);
    const back = decodeShared(url.slice(url.indexOf('#')), 'threshold', inputs);
    expect(back).toEqual(evil);
    // The URL itself carries no markup: everything is in lz-string's URI-safe alphabet.
    expect(url.slice(url.indexOf('state='))).toMatch(/^state=[A-Za-z0-9+\-$]+$/);
  });
});

describe('exercise links (link.ts)', () => {
  it('truncated, oversized, tampered and wrong-version links are invalid', async () => {
    const hash = await encodeExerciseHash(link);
    for (let cut = 'exercise='.length + 1; cut < hash.length; cut += 7) expect(await decodeExerciseHash(`#${hash.slice(0, cut)}`)).toBe('invalid');
    const t0 = performance.now();
    expect(await decodeExerciseHash(`#exercise=${'A'.repeat(5 * 1024 * 1024)}.0123456789abcdef`)).toBe('invalid');
    expect(performance.now() - t0).toBeLessThan(500);
    expect(MAX_EXERCISE_HASH_CHARS).toBeLessThan(5 * 1024 * 1024);
    expect(await decodeExerciseHash(`#${await encodeExerciseHash({ ...link, v: 2 } as unknown as ExerciseLink)}`)).toBe('invalid');
    expect(await decodeExerciseHash(`#${await encodeExerciseHash({ ...link, lab: 'no_such_lab' })}`)).toBe('invalid');
    expect(await decodeExerciseHash('#exercise=')).toBe('invalid');
    expect(await decodeExerciseHash('#exercise=abc.def.ghi')).toBe('invalid');
  });

  it('hostile text in every text field is kept as data (the page renders it as text)', async () => {
    const evil: ExerciseLink = {
      ...link,
      title: HOSTILE,
      summary: HOSTILE,
      instructions: HOSTILE,
      solution: HOSTILE,
      hints: [HOSTILE],
      goals: [{ path: 'decision.verdict', op: '==', value: HOSTILE, label: HOSTILE }],
      questions: [{ question: HOSTILE, options: [{ text: HOSTILE, correct: true, feedback: HOSTILE }, { text: 'b', correct: false, feedback: 'f' }] }],
    };
    const back = await decodeExerciseHash(`#${await encodeExerciseHash(evil)}`);
    expect(back).toEqual(evil);
  });

  it('random garbage never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (s) => {
        const r = await decodeExerciseHash(`#exercise=${s}`);
        expect(r === 'invalid' || r === null || typeof r === 'object').toBe(true);
      }),
      { seed: 15, numRuns: 200 },
    );
  });
});

describe('no input reaches innerHTML', () => {
  /**
   * The only places where HTML is set from a string, each justified:
   * - Formula.astro: KaTeX HTML rendered at build time from the chapter's own TeX (no learner input).
   * - live.ts: KaTeX re-rendered in the page from the chapter's TeX with engine numbers formatted by
   *   formatFigure (KaTeX escapes text; `trust` allows only \htmlData, which writes data-* attributes).
   * - GlossaryPage.astro: KaTeX HTML rendered at build time from the glossary's own TeX
   *   (content/glossary/*.yaml; no learner input).
   */
  const ALLOWED = new Map([
    ['src/components/content/Formula.astro', 1],
    ['src/components/content/live.ts', 1],
    ['src/components/pages/GlossaryPage.astro', 1],
  ]);
  const SINKS = /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|set:html|document\.write|createContextualFragment|srcdoc/g;

  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.(tsx?|astro|mdx?|jsx?)$/.test(f) ? [p] : [];
    });
  }

  it('src/, content/ and labs/ use no HTML sink beyond the listed KaTeX ones', () => {
    const found = new Map<string, number>();
    for (const f of [...files('src'), ...files('content'), ...files('labs')]) {
      const n = (readFileSync(f, 'utf8').match(SINKS) ?? []).length;
      if (n) found.set(f, n);
    }
    expect(found).toEqual(ALLOWED);
  });
});
