/**
 * Text normalization of the gate's graders (term containment and abstention markers), chosen in
 * the policy: Unicode normalization (none / NFC / NFKC) and then case handling (casefold / lower /
 * none). The kit uses Python's `str.casefold()` and no Unicode normalization.
 */
import { caseFold, caseFoldSpecialTable } from '../rubric/casefold.ts';

export type CaseMode = 'casefold' | 'lower' | 'none';
export type UnicodeMode = 'none' | 'NFC' | 'NFKC';

/**
 * Python's str.casefold() (labs/rubric/casefold.ts, checked there against Python on every code
 * point), with a fast path: when no code unit of the text has a special folding and there is no
 * capital sigma (whose lowercase depends on context while its folding does not), folding equals
 * the whole-string toLowerCase(), which is much faster than folding one code point at a time.
 */
export function fastCaseFold(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u >= 0xb5 && (u === 0x3a3 || caseFoldSpecialTable.has(u))) return caseFold(text);
  }
  return text.toLowerCase();
}

/**
 * Normalizes a text for matching: first `unicode` (String.prototype.normalize), then `caseMode`.
 * 'lower' is JavaScript's toLowerCase (locale-independent; like Python's str.lower, it keeps "ß").
 * Pure; never throws.
 */
export function normalizeText(text: string, caseMode: CaseMode, unicode: UnicodeMode = 'none'): string {
  const t = unicode === 'none' ? text : text.normalize(unicode);
  if (caseMode === 'casefold') return fastCaseFold(t);
  if (caseMode === 'lower') return t.toLowerCase();
  return t;
}
