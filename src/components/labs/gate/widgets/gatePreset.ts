/**
 * The gate lab's preset texts (the chapter 01 kit), bundled with the chapter's widgets so that a
 * widget can send the lab a variation of them without fetching anything. One set per page
 * language: the Spanish kit (labs/gate/presets/*.jsonl|json) and its English translation
 * (*.en.*, same five cases under English ids: enrollment_001 for matricula_001 and so on), the
 * same files the build uses for `initial` (labs/gate/meta.ts).
 */
import casesEs from '../../../../../labs/gate/presets/eval_cases.jsonl?raw';
import outputsEs from '../../../../../labs/gate/presets/outputs.jsonl?raw';
import policyEs from '../../../../../labs/gate/presets/eval_policy.json?raw';
import hypothesisEs from '../../../../../labs/gate/presets/eval_hypothesis.json?raw';
import taxonomyEs from '../../../../../labs/gate/presets/error_taxonomy.json?raw';
import manifestEs from '../../../../../labs/gate/presets/eval_run_manifest.json?raw';
import casesEn from '../../../../../labs/gate/presets/eval_cases.en.jsonl?raw';
import outputsEn from '../../../../../labs/gate/presets/outputs.en.jsonl?raw';
import policyEn from '../../../../../labs/gate/presets/eval_policy.en.json?raw';
import hypothesisEn from '../../../../../labs/gate/presets/eval_hypothesis.en.json?raw';
import taxonomyEn from '../../../../../labs/gate/presets/error_taxonomy.en.json?raw';
import manifestEn from '../../../../../labs/gate/presets/eval_run_manifest.en.json?raw';

type Lang = 'es' | 'en';

/** The kit's six texts in each page language (keys: the gate lab's inputs). */
export const GATE_TEXTS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  es: { cases: casesEs, outputs: outputsEs, policy: policyEs, hypothesis: hypothesisEs, taxonomy: taxonomyEs, manifest: manifestEs },
  en: { cases: casesEn, outputs: outputsEn, policy: policyEn, hypothesis: hypothesisEn, taxonomy: taxonomyEn, manifest: manifestEn },
};

/**
 * The `lang` preset texts with the policy's keys replaced by `patch`, re-serialized as the build
 * does for a `{ preset, patch }` start (src/lib/presets.ts: 2-space indentation, trailing newline).
 */
export function gateTextsWithPolicy(lang: Lang, patch: Record<string, unknown>): Record<string, string> {
  const t = GATE_TEXTS[lang];
  return { ...t, policy: `${JSON.stringify({ ...(JSON.parse(t.policy) as Record<string, unknown>), ...patch }, null, 2)}\n` };
}

const startIn = (suffix: '' | '.en', policyPatch: Record<string, unknown>) => ({
  texts: {
    cases: { preset: `eval_cases${suffix}.jsonl` },
    outputs: { preset: `outputs${suffix}.jsonl` },
    policy: { preset: `eval_policy${suffix}.json`, patch: policyPatch },
    hypothesis: { preset: `eval_hypothesis${suffix}.json` },
    taxonomy: { preset: `error_taxonomy${suffix}.json` },
    manifest: { preset: `eval_run_manifest${suffix}.json` },
  },
});

/**
 * A widget start, one per language, that pins every input to that language's kit files (patching
 * the policy), so that the build's first scorecard is computed from the same texts the widget then
 * edits with `gateTextsWithPolicy(lang, …)`.
 */
export function gateStart(policyPatch: Record<string, unknown>) {
  return { es: startIn('', policyPatch), en: startIn('.en', policyPatch) };
}
