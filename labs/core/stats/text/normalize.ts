/**
 * The rubric's normalization pipeline and the substring matcher of its binary "contains" axes.
 *
 * A pipeline is an ordered list of steps, each one switchable (enabled: false keeps it in the list
 * but skips it). Steps:
 *   strip                  remove leading and trailing white space (String.prototype.trim: Unicode
 *                          White_Space plus line terminators and U+FEFF)
 *   case_fold              mode 'casefold': full Unicode case folding (casefold.ts; "ß" -> "ss",
 *                          like Python's str.casefold); mode 'lower': String.prototype.toLowerCase
 *                          ("ß" stays "ß"; Python's str.lower)
 *   strip_trailing_period  remove ONE final "." if the text ends with it ("sra." -> "sra",
 *                          "etc.." -> "etc."); nothing else (no "!" or "…")
 *   collapse_whitespace    every run of white space becomes one ASCII space
 *   nfc                    Unicode canonical composition (String.prototype.normalize('NFC')):
 *                          "e" + U+0301 becomes "é", so NFD and NFC texts compare equal
 * The seed's pipeline is strip, lowercase, strip a trailing period, then substring matching.
 */
import { caseFold } from './casefold.ts';

export type StepName = 'strip' | 'case_fold' | 'strip_trailing_period' | 'collapse_whitespace' | 'nfc';
export type CaseFoldMode = 'casefold' | 'lower';
export type MatchMode = 'all' | 'any' | 'exact';

export interface NormalizationStep {
  step: StepName;
  enabled: boolean;
  /** Only for case_fold. Default 'casefold'. */
  mode?: CaseFoldMode;
}

/** Label of a step as shown in reasons: "case_fold:casefold", "strip". */
export function stepLabel(s: NormalizationStep): string {
  return s.step === 'case_fold' ? `case_fold:${s.mode ?? 'casefold'}` : s.step;
}

/**
 * Applies one step to a text (regardless of `enabled`). Pure; never throws.
 */
export function applyStep(text: string, s: NormalizationStep): string {
  switch (s.step) {
    case 'strip':
      return text.trim();
    case 'case_fold':
      return (s.mode ?? 'casefold') === 'casefold' ? caseFold(text) : text.toLowerCase();
    case 'strip_trailing_period':
      return text.endsWith('.') ? text.slice(0, -1) : text;
    case 'collapse_whitespace':
      return text.replace(/\s+/gu, ' ');
    case 'nfc':
      return text.normalize('NFC');
  }
}

/** Applies the enabled steps of a pipeline, in order. Disabled steps are skipped. */
export function normalizeText(text: string, steps: readonly NormalizationStep[]): string {
  let t = text;
  for (const s of steps) if (s.enabled) t = applyStep(t, s);
  return t;
}

/** The enabled steps only, in order. */
export function enabledSteps(steps: readonly NormalizationStep[]): NormalizationStep[] {
  return steps.filter((s) => s.enabled);
}

export interface MatchOptions {
  steps: readonly NormalizationStep[];
  /** Whether the expected entries go through the same pipeline as the output. */
  normalizeExpected: boolean;
  mode: MatchMode;
  /** Score of an axis whose expected list is empty: 'fail' (default everywhere) or 'pass'. */
  onEmptyExpected: 'fail' | 'pass';
}

/**
 * Why a contains-axis scored what it scored.
 * code: 'matched' | 'missing_substring' (all mode: `missing` lists the entries not found) |
 *   'no_entry_found' (any mode) | 'not_equal' (exact mode) | 'no_expected' (empty list) |
 *   'empty_after_normalization' (an expected entry became "" and is treated as not found).
 * made_match_by: when the final texts match, the step after which the match last turned from false
 *   to true (e.g. 'case_fold:casefold'); null when the raw texts already matched and no step broke it.
 * broke_match_by: when the final texts do not match but some earlier stage did, the step after
 *   which the match last turned from true to false (e.g. 'strip_trailing_period' when the output
 *   "Mrs." loses its period and the expected "mrs." is not normalized); else null.
 * trace: match status of the raw texts and after each enabled step (labels[i] <-> matched[i]).
 */
export interface MatchResult {
  matched: boolean;
  code: 'matched' | 'missing_substring' | 'no_entry_found' | 'not_equal' | 'no_expected' | 'empty_after_normalization';
  missing: string[];
  normalized_output: string;
  normalized_expected: string[];
  made_match_by: string | null;
  broke_match_by: string | null;
  trace: { labels: string[]; matched: boolean[] };
}

function matchOnce(out: string, exp: readonly string[], mode: MatchMode): { ok: boolean; missing: number[] } {
  const idx = exp.map((_, i) => i);
  if (mode === 'exact') {
    const ok = exp.some((e) => e !== '' && e === out);
    return { ok, missing: ok ? [] : idx };
  }
  const missing = idx.filter((i) => exp[i] === '' || !out.includes(exp[i]));
  if (mode === 'all') return { ok: missing.length === 0, missing };
  const ok = missing.length < exp.length;
  return { ok, missing: ok ? [] : missing };
}

/**
 * Matches an output text against expected entries after normalization.
 * Modes: 'all' every entry must be a substring of the normalized output; 'any' at least one must;
 * 'exact' the normalized output must equal one entry. Substring matching is plain `includes`: a
 * short entry also matches inside a longer word ("ate" is found in "translate").
 * An empty expected list scores by `onEmptyExpected` (code 'no_expected'); an entry that is empty
 * after normalization (e.g. "." with strip_trailing_period) never counts as found.
 * Returns the verdict plus a trace of the match after every enabled step (see MatchResult).
 */
export function matchExpected(output: string, expected: readonly string[], o: MatchOptions): MatchResult {
  const steps = enabledSteps(o.steps);
  const labels = ['raw'];
  let out = output;
  let exp = [...expected];
  const statuses: boolean[] = [];
  const missingAt: number[][] = [];
  const push = () => {
    const r = matchOnce(out, exp, o.mode);
    statuses.push(r.ok);
    missingAt.push(r.missing);
  };
  if (expected.length === 0) {
    const normalized = normalizeText(output, o.steps);
    return {
      matched: o.onEmptyExpected === 'pass',
      code: 'no_expected',
      missing: [],
      normalized_output: normalized,
      normalized_expected: [],
      made_match_by: null,
      broke_match_by: null,
      trace: { labels: [], matched: [] },
    };
  }
  push();
  for (const s of steps) {
    out = applyStep(out, s);
    if (o.normalizeExpected) exp = exp.map((e) => applyStep(e, s));
    labels.push(stepLabel(s));
    push();
  }
  const last = statuses.length - 1;
  const matched = statuses[last];
  let made: string | null = null;
  let broke: string | null = null;
  if (matched) {
    for (let i = last; i >= 1; i--) if (statuses[i] && !statuses[i - 1]) { made = labels[i]; break; }
  } else {
    for (let i = last; i >= 1; i--) if (!statuses[i] && statuses[i - 1]) { broke = labels[i]; break; }
  }
  const missingIdx = missingAt[last];
  let code: MatchResult['code'] = 'matched';
  if (!matched) {
    const onlyEmpty = o.mode !== 'exact' && missingIdx.length > 0 && missingIdx.every((i) => exp[i] === '');
    code = onlyEmpty ? 'empty_after_normalization' : o.mode === 'all' ? 'missing_substring' : o.mode === 'any' ? 'no_entry_found' : 'not_equal';
  }
  return {
    matched,
    code,
    missing: matched ? [] : missingIdx.map((i) => expected[i]),
    normalized_output: out,
    normalized_expected: exp,
    made_match_by: made,
    broke_match_by: broke,
    trace: { labels, matched: statuses },
  };
}

export type CaseMode = 'casefold' | 'lower' | 'none';
export type UnicodeMode = 'none' | 'NFC' | 'NFKC';

/**
 * Normalizes a text for term matching (the gate's graders): first `unicode`
 * (String.prototype.normalize), then `caseMode`: 'casefold' is Python's str.casefold() (caseFold),
 * 'lower' JavaScript's toLowerCase (locale-independent; like Python's str.lower, it keeps "ß").
 * Pure; never throws.
 */
export function foldForMatch(text: string, caseMode: CaseMode, unicode: UnicodeMode = 'none'): string {
  const t = unicode === 'none' ? text : text.normalize(unicode);
  if (caseMode === 'casefold') return caseFold(t);
  if (caseMode === 'lower') return t.toLowerCase();
  return t;
}
