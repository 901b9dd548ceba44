/**
 * The gate lab's preset texts (the chapter 01 kit), bundled with the chapter's widgets so that a
 * widget can send the lab a variation of them without fetching anything. The same files the build
 * uses for `initial` (labs/gate/meta.ts: one set for both languages).
 */
import cases from '../../../../labs/gate/presets/eval_cases.jsonl?raw';
import outputs from '../../../../labs/gate/presets/outputs.jsonl?raw';
import policy from '../../../../labs/gate/presets/eval_policy.json?raw';
import hypothesis from '../../../../labs/gate/presets/eval_hypothesis.json?raw';
import taxonomy from '../../../../labs/gate/presets/error_taxonomy.json?raw';
import manifest from '../../../../labs/gate/presets/eval_run_manifest.json?raw';

export const GATE_TEXTS: Readonly<Record<string, string>> = { cases, outputs, policy, hypothesis, taxonomy, manifest };

/**
 * The preset texts with the policy's keys replaced by `patch`, re-serialized as the build does for
 * a `{ preset, patch }` start (src/lib/presets.ts: 2-space indentation, trailing newline).
 */
export function gateTextsWithPolicy(patch: Record<string, unknown>): Record<string, string> {
  return { ...GATE_TEXTS, policy: `${JSON.stringify({ ...(JSON.parse(policy) as Record<string, unknown>), ...patch }, null, 2)}\n` };
}
