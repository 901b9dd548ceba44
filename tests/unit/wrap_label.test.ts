/**
 * wrapLabel (src/components/charts/Axes.tsx): lines of at most maxWidth / (0.6 · fontSize)
 * characters. Expected lines worked out by hand (fontSize 12, maxWidth 86.4: 12 characters a line).
 */
import { describe, expect, it } from 'vitest';
import { wrapLabel } from '../../src/components/charts/Axes.tsx';

describe('wrapLabel', () => {
  it('keeps the space after a separator that stands as a word ("2 · aprobado" is 12 characters)', () => {
    expect(wrapLabel('2 · aprobado correcto', 86.4, 12)).toEqual(['2 · aprobado', 'correcto']);
  });

  it('joins the pieces of one long word split after its separators without a space', () => {
    expect(wrapLabel('ab_cd_efghijklmnop', 86.4, 12)).toEqual(['ab_cd_', 'efghijklmnop']);
    // a later piece equal to the first is still part of the same word
    expect(wrapLabel('ab_ab_efghijklmnop', 86.4, 12)).toEqual(['ab_ab_', 'efghijklmnop']);
  });

  it('a new word after a split word still takes its space', () => {
    expect(wrapLabel('ab_cd_efghijklmnop xy', 86.4, 12)).toEqual(['ab_cd_', 'efghijklmnop', 'xy']);
    expect(wrapLabel('abcdefghijklm_n o', 86.4, 12)).toEqual(['abcdefghijkl', 'm_n o']);
  });
});
