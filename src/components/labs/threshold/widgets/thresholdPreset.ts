/**
 * The threshold lab's preset texts (chapter 02's twelve tickets and the kit's policy), bundled with
 * the chapter's widgets so that a widget can send the lab a variation of them without fetching
 * anything. One set per page language (the *.en.* files are the translation: same ids, scores and
 * labels), the same files the build uses for `initial` (labs/threshold/meta.ts).
 */
import casesEs from '../../../../../labs/threshold/presets/classification_cases.jsonl?raw';
import policyEs from '../../../../../labs/threshold/presets/threshold_policy.json?raw';
import casesEn from '../../../../../labs/threshold/presets/classification_cases.en.jsonl?raw';
import policyEn from '../../../../../labs/threshold/presets/threshold_policy.en.json?raw';

type Lang = 'es' | 'en';

/** The lab's two inputs (cases, policy) in each page language. */
export const THRESHOLD_TEXTS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  es: { cases: casesEs, policy: policyEs },
  en: { cases: casesEn, policy: policyEn },
};

/** The `lang` preset policy with `patch`'s keys replaced, serialized as the build does for a `{ preset, patch }` start. */
export function thresholdTextsWithPolicy(lang: Lang, patch: Record<string, unknown>): Record<string, string> {
  const t = THRESHOLD_TEXTS[lang];
  return { ...t, policy: `${JSON.stringify({ ...(JSON.parse(t.policy) as Record<string, unknown>), ...patch }, null, 2)}\n` };
}

/** The preset policy's value of a key (an input, e.g. cost_false_positive; numbers are the same in both languages). */
export function presetPolicyValue(key: string): unknown {
  return (JSON.parse(policyEs) as Record<string, unknown>)[key];
}

/** The tickets' distinct scores, ascending (read from the cases, an input; the same in both languages). */
export function presetScores(): number[] {
  const s = casesEs.split('\n').filter((l) => l.trim() !== '').map((l) => (JSON.parse(l) as { score: number }).score);
  return [...new Set(s)].sort((a, b) => a - b);
}

const startIn = (suffix: '' | '.en', policyPatch?: Record<string, unknown>, view?: unknown) => ({
  texts: {
    cases: { preset: `classification_cases${suffix}.jsonl` },
    policy: { preset: `threshold_policy${suffix}.json`, ...(policyPatch ? { patch: policyPatch } : {}) },
  },
  ...(view !== undefined ? { view } : {}),
});

/**
 * A widget start, one per language, that pins both inputs to that language's files, so the build's
 * first scorecard comes from the texts the widget edits.
 */
export function thresholdStart(policyPatch?: Record<string, unknown>, view?: unknown) {
  return { es: startIn('', policyPatch, view), en: startIn('.en', policyPatch, view) };
}
