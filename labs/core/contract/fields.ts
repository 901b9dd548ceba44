/**
 * zod fields that several labs' schemas share, each with its own message in the page's language
 * (core i18n `fields`, applied by the error map in parse.ts): a learner who types a wrong value is
 * told what the field means and what it takes, not the schema library's generic words.
 */
import { z } from 'zod';

/** Smallest and largest confidence level accepted for an interval. */
export const CONFIDENCE_LEVEL_RANGE = [0.5, 0.9999] as const;

/**
 * The confidence level of the intervals a lab reports (default 0.95), within
 * CONFIDENCE_LEVEL_RANGE: below 0.5 an interval is narrower than a coin flip's, and above 0.9999
 * alpha = 1 − level loses its digits in floating point (1 − 1e-300 is 1) and the planners' normal
 * quantiles are undefined. Outside the range: the `confidence_level` field message.
 */
export function confidenceLevelField() {
  const [lo, hi] = CONFIDENCE_LEVEL_RANGE;
  return z
    .number()
    .refine((c) => c >= lo && c <= hi, { params: { field_message: 'confidence_level' } })
    .default(0.95);
}
