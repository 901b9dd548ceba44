/** Share links are untrusted input: only a well-formed state for the right lab is accepted. */
import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { decodeShared, encodeShareUrl, withoutStateParam, STATE_VERSION } from '../../src/components/labs/shared/labState.ts';

const inputs = ['cases', 'policy'] as const;
const state = { v: STATE_VERSION, lab: 'threshold', texts: { cases: '{"a":1}', policy: '{}' }, view: { low: 0.3, high: 0.5 } };
const hashOf = (obj: unknown) => `#state=${compressToEncodedURIComponent(JSON.stringify(obj))}`;

describe('share links', () => {
  it('round-trip a state through the URL hash', () => {
    const url = encodeShareUrl(state, 'http://x/en/labs/threshold/#old');
    expect(url.startsWith('http://x/en/labs/threshold/#state=')).toBe(true);
    expect(decodeShared(url.slice(url.indexOf('#')), 'threshold', inputs)).toEqual(state);
  });
  it('reject garbage, wrong versions, other labs and missing inputs', () => {
    expect(decodeShared('#state=AAAAAAAA', 'threshold', inputs)).toBeNull();
    expect(decodeShared('#state=', 'threshold', inputs)).toBeNull();
    expect(decodeShared(hashOf({ ...state, v: 99 }), 'threshold', inputs)).toBeNull();
    expect(decodeShared(hashOf({ ...state, lab: 'gate' }), 'threshold', inputs)).toBeNull();
    expect(decodeShared(hashOf({ ...state, texts: { cases: 'x' } }), 'threshold', inputs)).toBeNull();
    expect(decodeShared(hashOf({ ...state, texts: { cases: 1, policy: '{}' } }), 'threshold', inputs)).toBeNull();
    expect(decodeShared(hashOf('just a string'), 'threshold', inputs)).toBeNull();
  });
  it('keep the texts as text: markup in a shared state is data, not HTML', () => {
    const evil = { ...state, texts: { cases: '<img src=x onerror=alert(1)>', policy: '{}' } };
    expect(decodeShared(hashOf(evil), 'threshold', inputs)?.texts.cases).toBe('<img src=x onerror=alert(1)>');
  });
  it('keep the rest of the hash: a lab shared from an exercise link keeps its exercise', () => {
    const url = encodeShareUrl(state, 'http://x/ejercicios/enlace/#exercise=ABC.123&state=old');
    expect(url.startsWith('http://x/ejercicios/enlace/#exercise=ABC.123&state=')).toBe(true);
    expect(url).not.toContain('state=old');
    expect(decodeShared(url.slice(url.indexOf('#')), 'threshold', inputs)).toEqual(state);
    expect(withoutStateParam('#exercise=ABC.123&state=x')).toBe('#exercise=ABC.123');
    expect(withoutStateParam('#state=x')).toBe('');
  });
});
