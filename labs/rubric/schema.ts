/**
 * Inputs of the rubric lab (zod schemas). File formats:
 *
 * items (JSONL, one exam item per line):
 *   { "item": "e-01", "prompt": "...", "expected_contains": ["ate"],
 *     "spanish_expected_contains": ["comió"], "output": "<the tutor's raw output text>",
 *     "latency_ms": 180, "split": "exam" | "regression", "ratings": {"tone": 4} }
 *   `output` is the raw text; the fields the axes read come from the JSON object found in it
 *   (engine.ts, parseOutput). `split` defaults to "exam"; "regression" items feed the soft gates
 *   about the regression set. `ratings` holds human scores for Likert axes with source "item".
 *
 * rubric (JSON): see RubricSchema below; presets/capstone_rubric.json is the seed's rubric.
 *
 * Custom validation messages are codes ('rubric.duplicate_axis|name'), translated by index.ts.
 *
 * Optional inputs: rubric_b (a second rubric to compare), breakdown (a pasted per-item breakdown
 * or a list of them, to check that its score is the weighted sum), ratings (two annotators' scores
 * for the inter-rater check), baseline (a previous scorecard.json, to detect rubric drift).
 */
import { z } from 'zod';
import { regexProblem, schemaPatterns } from './regex.ts';

const nonEmpty = z.string().min(1);
const axisName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

/** The normalization steps a rubric may list (normalize.ts). */
export const STEP_NAMES = ['strip', 'case_fold', 'strip_trailing_period', 'collapse_whitespace', 'nfc'] as const;

export const StepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('strip'), enabled: z.boolean().default(true) }),
  z.object({ step: z.literal('case_fold'), enabled: z.boolean().default(true), mode: z.enum(['casefold', 'lower']).default('casefold') }),
  z.object({ step: z.literal('strip_trailing_period'), enabled: z.boolean().default(true) }),
  z.object({ step: z.literal('collapse_whitespace'), enabled: z.boolean().default(true) }),
  z.object({ step: z.literal('nfc'), enabled: z.boolean().default(true) }),
], { error: (iss) => (iss.code === 'invalid_union' ? `rubric.bad_step|${STEP_NAMES.join(', ')}` : undefined) });

const axisBase = {
  name: axisName,
  weight: z.number().min(0),
  /** A critical axis that fails sets the item's score to 0 (seed 004's critical fields). */
  critical: z.boolean().default(false),
  description: z.string().optional(),
};

export const ContainsAxisSchema = z.object({
  ...axisBase,
  kind: z.literal('binary').default('binary'),
  check: z.literal('contains'),
  /** Output field (in the parsed JSON object) whose text is matched. */
  field: nonEmpty,
  /** Which list of the item holds the expected entries. */
  expected: z.enum(['expected_contains', 'spanish_expected_contains']),
  /** Overrides rubric.matching.mode for this axis. */
  match: z.enum(['all', 'any', 'exact']).optional(),
});

export const SchemaAxisSchema = z.object({
  ...axisBase,
  kind: z.literal('binary').default('binary'),
  check: z.literal('json_schema'),
});

export const WordBudgetAxisSchema = z.object({
  ...axisBase,
  kind: z.literal('binary').default('binary'),
  check: z.literal('word_budget'),
  field: nonEmpty,
  max_words: z.number().int().min(0),
  /** 'whitespace': pieces between runs of white space; 'unicode_words': Intl.Segmenter word-like segments. */
  word_count: z.enum(['whitespace', 'unicode_words']).default('whitespace'),
});

/**
 * The most levels a Likert scale may have (max - min + 1). Agreement statistics build a table of
 * levels x levels, so a scale of 0..10^7 would exhaust memory; no rating scale needs more than 100.
 */
export const MAX_SCALE_LEVELS = 100;

export const RatingAxisSchema = z.object({
  ...axisBase,
  kind: z.literal('likert'),
  check: z.literal('rating'),
  /** 'output': a number in the parsed output's `field`; 'item': item.ratings[field]. */
  source: z.enum(['output', 'item']).default('item'),
  field: nonEmpty,
  scale: z
    .object({ min: z.number().int(), max: z.number().int() })
    .refine((s) => s.min < s.max, { message: 'rubric.scale_order' })
    .refine((s) => s.max - s.min < MAX_SCALE_LEVELS, { message: `rubric.scale_too_large|${MAX_SCALE_LEVELS}` }),
  /** Anchored levels: level -> definition (and, optionally, an example). */
  anchors: z.record(z.string(), z.union([z.string(), z.object({ definition: z.string(), example: z.string().optional() })])).default({}),
});

export const AxisSchema = z.discriminatedUnion('check', [ContainsAxisSchema, SchemaAxisSchema, WordBudgetAxisSchema, RatingAxisSchema]);

export const AutoFailureSchema = z.object({
  id: axisName,
  /**
   * Regular expression tested on the raw output (or on `field` when given), with RE2 (linear time,
   * regex.ts): at most 200 characters; lookaround and backreferences are not available.
   */
  pattern: nonEmpty,
  flags: z.string().regex(/^[imsu]*$/).default('iu'),
  field: z.string().optional(),
  description: z.string().optional(),
});

export const RubricSchema = z
  .object({
    rubric_id: nonEmpty,
    version: z.string().default('1'),
    description: z.string().optional(),
    /** How the raw output becomes fields: the first JSON object in the text, or the whole text as JSON. */
    output_parsing: z.enum(['first_json_object', 'whole_text']).default('first_json_object'),
    normalization: z
      .object({
        steps: z.array(StepSchema).default([]),
        normalize_expected: z.boolean().default(true),
      })
      .default({ steps: [], normalize_expected: true }),
    matching: z
      .object({
        mode: z.enum(['all', 'any', 'exact']).default('all'),
        on_empty_expected: z.enum(['fail', 'pass']).default('fail'),
      })
      .default({ mode: 'all', on_empty_expected: 'fail' }),
    axes: z.array(AxisSchema).min(1),
    json_schema: z.record(z.string(), z.unknown()).optional(),
    /** Output fields that must be present and non-empty; a missing one sets the item's score to 0. */
    critical_fields: z.array(nonEmpty).default([]),
    automatic_failures: z.array(AutoFailureSchema).default([]),
    pass_threshold: z
      .object({
        avg_min: z.number().optional(),
        no_dim_below: z.number().optional(),
        critical_must_pass: z.boolean().default(true),
        /** 'unit': thresholds on axis scores in [0, 1] over every axis; 'likert': on the Likert axes' own scale. */
        scale: z.enum(['unit', 'likert']).default('unit'),
        weighted: z.boolean().default(true),
      })
      .optional(),
    gates: z
      .object({
        hard: z.object({ min_score: z.number().min(0).max(1).default(0.92) }).default({ min_score: 0.92 }),
        soft: z
          .object({
            p50_latency_ms_max: z.number().min(0).optional(),
            regression_schema_failures_max: z.number().int().min(0).optional(),
            regression_score_min: z.number().min(0).max(1).optional(),
            stable_score: z.number().min(0).max(1).optional(),
            /** Largest allowed drop of the regression-set score below stable_score, in score points (0.02 = 2 points). */
            max_drop: z.number().min(0).optional(),
          })
          .default({}),
      })
      .default({ hard: { min_score: 0.92 }, soft: {} }),
    interval: z
      .object({
        confidence: z.number().gt(0).lt(1).default(0.95),
        resamples: z.number().int().min(100).max(20000).default(2000),
        seed: z.number().int().min(0).default(6),
      })
      .default({ confidence: 0.95, resamples: 2000, seed: 6 }),
    agreement: z
      .object({
        min_kappa: z.number().min(-1).max(1).default(0.6),
        statistic: z.enum(['cohen_kappa', 'linear_weighted_kappa', 'quadratic_weighted_kappa']).default('cohen_kappa'),
      })
      .default({ min_kappa: 0.6, statistic: 'cohen_kappa' }),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.axes.forEach((a, i) => {
      if (seen.has(a.name)) ctx.addIssue({ code: 'custom', path: ['axes', i, 'name'], message: `rubric.duplicate_axis|${a.name}` });
      seen.add(a.name);
      if (a.check === 'json_schema' && !r.json_schema) ctx.addIssue({ code: 'custom', path: ['json_schema'], message: 'rubric.json_schema_missing' });
    });
    if (r.axes.reduce((s, a) => s + a.weight, 0) <= 0) ctx.addIssue({ code: 'custom', path: ['axes'], message: 'rubric.weights_zero' });
    // Untrusted regular expressions (labs/rubric/regex.ts): too long, or not readable by RE2.
    r.automatic_failures.forEach((f, i) => {
      const problem = regexProblem(f.pattern, f.flags);
      if (problem) ctx.addIssue({ code: 'custom', path: ['automatic_failures', i, 'pattern'], message: `rubric.${problem}|automatic_failures.${i}.pattern` });
    });
    if (r.json_schema)
      for (const p of schemaPatterns(r.json_schema, ['json_schema'])) {
        const problem = regexProblem(p.pattern, 'u');
        if (problem) ctx.addIssue({ code: 'custom', path: p.path, message: `rubric.${problem}|${p.path.join('.')}` });
      }
    const likert = r.axes.filter((a) => a.check === 'rating');
    if (r.pass_threshold?.scale === 'likert') {
      if (likert.length === 0) ctx.addIssue({ code: 'custom', path: ['pass_threshold', 'scale'], message: 'rubric.likert_threshold_without_axes' });
      else if (likert.some((a) => a.scale.min !== likert[0].scale.min || a.scale.max !== likert[0].scale.max))
        ctx.addIssue({ code: 'custom', path: ['pass_threshold', 'scale'], message: 'rubric.likert_scales_differ' });
    }
  });

export type Rubric = z.output<typeof RubricSchema>;
export type Axis = z.output<typeof AxisSchema>;

export const ItemSchema = z.object({
  item: nonEmpty,
  prompt: z.string().default(''),
  expected_contains: z.array(z.string()).default([]),
  spanish_expected_contains: z.array(z.string()).default([]),
  output: z.string(),
  latency_ms: z.number().min(0).optional(),
  split: z.enum(['exam', 'regression']).default('exam'),
  ratings: z.record(z.string(), z.number()).optional(),
});
export type Item = z.output<typeof ItemSchema>;

export const BreakdownEntrySchema = z.object({
  item: z.string().optional(),
  score: z.number(),
  breakdown: z.record(z.string(), z.number()),
  weighted: z.record(z.string(), z.number()).optional(),
});
export const BreakdownInputSchema = z.union([BreakdownEntrySchema, z.array(BreakdownEntrySchema).min(1)]);
export type BreakdownEntry = z.output<typeof BreakdownEntrySchema>;

export const RatingsSchema = z
  .object({
    scale: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('binary') }),
      z.object({ kind: z.literal('likert'), min: z.number().int(), max: z.number().int() }),
    ]),
    items: z.array(z.string()).optional(),
    rater_a: z.array(z.number()),
    rater_b: z.array(z.number()),
    min_kappa: z.number().min(-1).max(1).optional(),
    statistic: z.enum(['cohen_kappa', 'linear_weighted_kappa', 'quadratic_weighted_kappa']).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.rater_a.length !== r.rater_b.length) ctx.addIssue({ code: 'custom', path: ['rater_b'], message: 'rubric.raters_length' });
    if (r.items && r.items.length !== r.rater_a.length) ctx.addIssue({ code: 'custom', path: ['items'], message: 'rubric.ratings_items_length' });
    const ok = (v: number) => (r.scale.kind === 'binary' ? v === 0 || v === 1 : Number.isInteger(v) && v >= r.scale.min && v <= r.scale.max);
    if (r.scale.kind === 'likert' && r.scale.min >= r.scale.max) ctx.addIssue({ code: 'custom', path: ['scale'], message: 'rubric.scale_order' });
    if (r.scale.kind === 'likert' && r.scale.max - r.scale.min >= MAX_SCALE_LEVELS) {
      ctx.addIssue({ code: 'custom', path: ['scale'], message: `rubric.scale_too_large|${MAX_SCALE_LEVELS}` });
      return; // the ratings are not checked one by one against a scale that is refused
    }
    (['rater_a', 'rater_b'] as const).forEach((k) =>
      r[k].forEach((v, i) => {
        if (!ok(v)) ctx.addIssue({ code: 'custom', path: [k, i], message: `rubric.off_scale|${v}` });
      }),
    );
  });
export type Ratings = z.output<typeof RatingsSchema>;

/** Everything the engine needs, after parsing. */
export interface RubricLabInput {
  items: Item[];
  rubric: Rubric;
  rubric_b?: Rubric;
  breakdown?: BreakdownEntry[];
  ratings?: Ratings;
  /** A previous scorecard (only the fields used for drift detection are read). */
  baseline?: { rubric_hash?: string; aggregate?: { exam_score?: number | null } };
}
