/**
 * The threshold lab's preset texts (chapter 02's twelve tickets and the kit's policy), bundled with
 * the chapter's widgets so that a widget can send the lab a variation of them without fetching
 * anything. The same files the build uses for `initial` (labs/threshold/meta.ts).
 */
import cases from '../../../../labs/threshold/presets/classification_cases.jsonl?raw';
import policy from '../../../../labs/threshold/presets/threshold_policy.json?raw';

export const THRESHOLD_TEXTS: Readonly<Record<string, string>> = { cases, policy };

/** The preset policy with `patch`'s keys replaced, serialized as the build does for a `{ preset, patch }` start. */
export function thresholdTextsWithPolicy(patch: Record<string, unknown>): Record<string, string> {
  return { ...THRESHOLD_TEXTS, policy: `${JSON.stringify({ ...(JSON.parse(policy) as Record<string, unknown>), ...patch }, null, 2)}\n` };
}

/** The preset policy's value of a key (an input, e.g. cost_false_positive). */
export function presetPolicyValue(key: string): unknown {
  return (JSON.parse(policy) as Record<string, unknown>)[key];
}

/** The tickets' distinct scores, ascending (read from the cases, an input). */
export function presetScores(): number[] {
  const s = cases.split('\n').filter((l) => l.trim() !== '').map((l) => (JSON.parse(l) as { score: number }).score);
  return [...new Set(s)].sort((a, b) => a - b);
}
