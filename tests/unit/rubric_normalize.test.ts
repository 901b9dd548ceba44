import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { applyStep, matchExpected, normalizeText } from '../../labs/core/stats/text/normalize.ts';
import type { MatchOptions, NormalizationStep } from '../../labs/core/stats/text/normalize.ts';
import { caseFold, caseFoldSpecialTable } from '../../labs/core/stats/text/casefold.ts';

const S = {
  strip: { step: 'strip', enabled: true } as NormalizationStep,
  casefold: { step: 'case_fold', enabled: true, mode: 'casefold' } as NormalizationStep,
  lower: { step: 'case_fold', enabled: true, mode: 'lower' } as NormalizationStep,
  period: { step: 'strip_trailing_period', enabled: true } as NormalizationStep,
  ws: { step: 'collapse_whitespace', enabled: true } as NormalizationStep,
  nfc: { step: 'nfc', enabled: true } as NormalizationStep,
};
const seedPipeline = [S.strip, S.lower, S.period];
const opts = (steps: NormalizationStep[], extra: Partial<MatchOptions> = {}): MatchOptions => ({
  steps,
  normalizeExpected: true,
  mode: 'all',
  onEmptyExpected: 'fail',
  ...extra,
});

describe('each normalization step alone', () => {
  it('strip removes leading and trailing white space only', () => {
    expect(applyStep('  Ate. \n', S.strip)).toBe('Ate.');
    expect(applyStep('a  b', S.strip)).toBe('a  b');
  });
  it('case_fold lower vs casefold', () => {
    expect(applyStep('ATE', S.lower)).toBe('ate');
    expect(applyStep('Straße', S.lower)).toBe('straße');
    expect(applyStep('Straße', S.casefold)).toBe('strasse');
    expect(applyStep('STRASSE', S.casefold)).toBe('strasse');
  });
  it('strip_trailing_period removes exactly one final period', () => {
    expect(applyStep('ate.', S.period)).toBe('ate');
    expect(applyStep('etc..', S.period)).toBe('etc.');
    expect(applyStep('ate. ', S.period)).toBe('ate. ');
    expect(applyStep('ate!', S.period)).toBe('ate!');
  });
  it('collapse_whitespace turns every run of white space into one space', () => {
    expect(applyStep('a \t\n b  c', S.ws)).toBe('a b c');
  });
  it('nfc composes a decomposed accent', () => {
    const nfd = 'nin\u0303os';
    expect(nfd).not.toBe('niños');
    expect(applyStep(nfd, S.nfc)).toBe('niños');
  });
  it('a disabled step is skipped', () => {
    expect(normalizeText(' Ate. ', [S.strip, { ...S.lower, enabled: false }, S.period])).toBe('Ate');
  });
});

describe('the seed pipeline combined (strip, lowercase, strip one period)', () => {
  it('"  Ate. " becomes "ate"', () => {
    expect(normalizeText('  Ate. ', seedPipeline)).toBe('ate');
  });
  it('order matters: period before strip leaves the period when a space follows it', () => {
    expect(normalizeText('Ate. ', [S.period, S.strip])).toBe('Ate.');
    expect(normalizeText('Ate. ', [S.strip, S.period])).toBe('Ate');
  });
  it('only case folding rescues a substring match; it reports which step made it match', () => {
    const r = matchExpected('  Ate. ', ['ate'], opts(seedPipeline));
    expect(r.matched).toBe(true);
    expect(r.made_match_by).toBe('case_fold:lower');
    expect(r.trace.labels).toEqual(['raw', 'strip', 'case_fold:lower', 'strip_trailing_period']);
    expect(r.trace.matched).toEqual([false, false, true, true]);
  });
  it('without case folding the same correct answer is a false negative', () => {
    const r = matchExpected('Ate.', ['ate'], opts([S.strip, S.period]));
    expect(r.matched).toBe(false);
    expect(r.code).toBe('missing_substring');
    expect(r.missing).toEqual(['ate']);
  });
});

describe('Unicode cases', () => {
  it('"ß": lowercase does not match "SS", full case folding does', () => {
    expect(matchExpected('STRASSE', ['straße'], opts([S.lower])).matched).toBe(false);
    expect(matchExpected('STRASSE', ['straße'], opts([S.casefold])).matched).toBe(true);
    expect(matchExpected('Straße', ['STRASSE'], opts([S.casefold])).matched).toBe(true);
  });
  it('capital sharp s "ẞ", final sigma and ligatures fold like Python casefold', () => {
    expect(caseFold('ẞ')).toBe('ss');
    expect(caseFold('ΣΟΦΟΣ')).toBe('σοφοσ');
    expect('ΣΟΦΟΣ'.toLowerCase()).toBe('σοφος');
    expect(caseFold('ﬁn')).toBe('fin');
    expect(caseFold('İ')).toBe('i\u0307');
  });
  it('accents: case folding keeps them, so "Canción" matches "canción" but not "cancion"', () => {
    expect(matchExpected('Canción', ['canción'], opts([S.casefold])).matched).toBe(true);
    expect(matchExpected('Canción', ['cancion'], opts([S.casefold])).matched).toBe(false);
  });
  it('NFC vs NFD: a decomposed output matches a composed expected entry only with the nfc step', () => {
    const out = 'Nin\u0303os';
    expect(matchExpected(out, ['niños'], opts([S.casefold])).matched).toBe(false);
    const r = matchExpected(out, ['niños'], opts([S.casefold, S.nfc]));
    expect(r.matched).toBe(true);
    expect(r.made_match_by).toBe('nfc');
  });
});

describe('expected entries, empty lists, modes', () => {
  it('an empty expected list fails by default and passes only when the rubric says so', () => {
    const f = matchExpected('anything', [], opts(seedPipeline));
    expect(f.matched).toBe(false);
    expect(f.code).toBe('no_expected');
    expect(matchExpected('anything', [], opts(seedPipeline, { onEmptyExpected: 'pass' })).matched).toBe(true);
  });
  it('short substrings match inside longer words ("ate" in "translated", "men" in "women")', () => {
    expect(matchExpected('translated', ['ate'], opts(seedPipeline)).matched).toBe(true);
    expect(matchExpected('women', ['men'], opts(seedPipeline)).matched).toBe(true);
    expect(matchExpected('women', ['men'], opts(seedPipeline, { mode: 'exact' })).matched).toBe(false);
  });
  it('mode all needs every entry, any needs one, exact needs equality', () => {
    expect(matchExpected('ate the apple', ['ate', 'pear'], opts(seedPipeline)).matched).toBe(false);
    expect(matchExpected('ate the apple', ['ate', 'pear'], opts(seedPipeline, { mode: 'any' })).matched).toBe(true);
    expect(matchExpected('Ate.', ['ate'], opts(seedPipeline, { mode: 'exact' })).matched).toBe(true);
    const r = matchExpected('ate the apple', ['ate', 'pear', 'plum'], opts(seedPipeline));
    expect(r.missing).toEqual(['pear', 'plum']);
  });
  it('trailing-period trap: "Mrs." against an unnormalized "mrs." is broken by strip_trailing_period', () => {
    const r = matchExpected('Mrs.', ['mrs.'], opts(seedPipeline, { normalizeExpected: false }));
    expect(r.matched).toBe(false);
    expect(r.broke_match_by).toBe('strip_trailing_period');
    expect(matchExpected('Mrs.', ['mrs.'], opts(seedPipeline, { normalizeExpected: true })).matched).toBe(true);
  });
  it('an expected entry that becomes empty never counts as found', () => {
    const r = matchExpected('anything', ['.'], opts([S.period]));
    expect(r.matched).toBe(false);
    expect(r.code).toBe('empty_after_normalization');
  });
  it('expected entries are not normalized when normalizeExpected is false', () => {
    expect(matchExpected('ate', ['ATE'], opts([S.lower], { normalizeExpected: false })).matched).toBe(false);
    expect(matchExpected('ate', ['ATE'], opts([S.lower], { normalizeExpected: true })).matched).toBe(true);
  });
});

describe('full case folding against Python str.casefold (tests/golden/casefold_python.json)', () => {
  const golden = JSON.parse(readFileSync(new URL('../golden/casefold_python.json', import.meta.url), 'utf8')) as {
    special: Record<string, string>;
    folded: Record<string, string>;
    unassigned: [number, number][];
  };
  it('the special table is exactly the golden one', () => {
    expect(Object.fromEntries([...caseFoldSpecialTable].map(([k, v]) => [String(k), v]))).toEqual(golden.special);
  });
  it('every code point assigned in that Unicode version folds as Python folds it', () => {
    const unassigned = (cp: number) => golden.unassigned.some(([a, b]) => cp >= a && cp <= b);
    const bad: number[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      const ch = String.fromCodePoint(cp);
      if (caseFold(ch) !== (golden.folded[String(cp)] ?? ch) && !unassigned(cp)) bad.push(cp);
    }
    expect(bad).toEqual([]);
  });
});
