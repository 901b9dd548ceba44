/**
 * Input schemas of the threshold lab (chapter 02), in the kit's file formats:
 *   cases  JSONL, one object per line: {case_id, score, label, slice?, text?}
 *   policy JSON: costs, constraints and the grid of thresholds to scan.
 * Extra keys are accepted and dropped. Messages come in the requested language.
 */
import { z } from 'zod';
import type { Lang, ParseOutcome } from '../core/contract/types.ts';
import type { RunHooks } from '../core/contract/lab.ts';
import { mergeFailures, parseJsonText, parseJsonlText } from '../core/contract/parse.ts';
import { thresholdMsg } from './i18n/index.ts';

/** One case: a classifier score in [0, 1] and the true label (1 = positive class, e.g. "urgente"). */
export const caseRowSchema = z.object({
  case_id: z.string().min(1),
  score: z.number().min(0).max(1),
  label: z.literal([0, 1]),
  slice: z.string().default('all'),
  text: z.string().optional(),
});

export type CaseRow = z.output<typeof caseRowSchema>;

const nonNegative = z.number().min(0);
/** Costs are capped so that a total over a million cases stays finite and exact enough to compare. */
const MAX_COST = 1e9;
/**
 * At most this many grid values: the scan evaluates every pair (101 values = 5,050 pairs), and the
 * page lists them; a finer grid than 0.01 adds nothing a learner can see.
 */
export const MAX_GRID = 101;
const unit = z.number().min(0).max(1);

/**
 * The policy schema, with the lab's own messages in `lang`.
 * Costs are per case (any unit, e.g. euros or minutes); rates and recall are fractions in [0, 1];
 * `threshold_grid` is scanned after sorting and removing repeats, so it needs 2 distinct values;
 * `beta` weighs recall over precision in f_beta_auto (default 1 = F1).
 */
export function policySchema(lang: Lang) {
  return z.object({
    cost_false_positive: nonNegative.max(MAX_COST),
    cost_false_negative: nonNegative.max(MAX_COST),
    cost_review: nonNegative.max(MAX_COST),
    max_review_rate: unit,
    min_operational_recall: unit,
    threshold_grid: z
      .array(unit)
      .max(MAX_GRID, { message: thresholdMsg(lang).validation.grid_too_long(MAX_GRID) })
      .refine((g) => new Set(g).size >= 2, { message: thresholdMsg(lang).validation.grid_two_distinct }),
    positive_label: z.string().min(1).default('positive'),
    negative_label: z.string().min(1).default('negative'),
    decision_owner: z.string().optional(),
    if_no_policy_passes: z.string().optional(),
    beta: z.number().positive().default(1),
  });
}

export type ThresholdPolicy = z.output<ReturnType<typeof policySchema>>;

/** The validated input of the lab. */
export interface ThresholdInput {
  cases: CaseRow[];
  policy: ThresholdPolicy;
}

/**
 * Reads the two texts of the lab (`texts.cases` JSONL, `texts.policy` JSON) into a ThresholdInput.
 * Never throws: a missing text counts as empty. Problems of both inputs are collected together
 * (each names its input, 1-based line and field); `case_id` must be unique.
 */
export function parseThresholdInput(texts: Record<string, string>, lang: Lang, hooks?: RunHooks): ParseOutcome<ThresholdInput> {
  const cases = parseJsonlText(texts.cases ?? '', caseRowSchema, 'cases', lang, { unique: 'case_id', progress: hooks?.progress });
  const policy = parseJsonText(texts.policy ?? '', policySchema(lang), 'policy', lang);
  if (cases.ok && policy.ok) return { ok: true, value: { cases: cases.value, policy: policy.value } };
  return mergeFailures([cases, policy])!;
}
