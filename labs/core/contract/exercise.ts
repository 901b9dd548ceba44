/**
 * An exercise: a lab in a starting state, instructions, goals checked on the scorecard, diagnosis
 * questions with feedback, progressive hints and a solution. The same zod schema validates the
 * exercises written in content/exercises/{es,en}/ (at build time) and the ones an instructor hands
 * out as links (in the browser): a link is untrusted input like any other.
 *
 * Starting texts name a preset file of the lab (`{ "preset": "capstone_rubric.json" }`, resolved from
 * labs/<lab>/presets/), optionally with a JSON merge patch for a JSON preset (`"patch": { "bins": 10 }`),
 * or carry the text itself (`{ "text": "..." }`). Inputs left out start from the lab's own preset.
 */
import { z } from 'zod';
import { goalSchema } from './goals.ts';

/** A lab id (checked against labs/manifest.ts where exercises are read: the content collection, the link page). */
const labIdSchema = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/);

const startTextSchema = z.union([
  z
    .object({
      preset: z.string().regex(/^[A-Za-z0-9_.-]+$/).max(120),
      /** A JSON merge patch (RFC 7386) applied to a JSON preset, e.g. { "max_review_rate": 0.05 }. */
      patch: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
  z.object({ text: z.string().max(5_000_000) }).strict(),
]);

export const questionSchema = z.object({
  question: z.string().min(1).max(1000),
  /**
   * Shown after a wrong committed answer, before the learner may try again. Without it, the hint
   * is the feedback of the option the learner chose (which says why that option does not hold).
   */
  hint: z.string().min(1).max(1000).optional(),
  options: z
    .array(z.object({ text: z.string().min(1).max(500), correct: z.boolean(), feedback: z.string().min(1).max(1000) }))
    .min(2)
    .max(8)
    .refine((opts) => opts.some((o) => o.correct), 'at least one option must be correct'),
});

/**
 * What the learner is invited to change (everything else is kept fixed, checked by fingerprint:
 * fingerprint.ts). `input` names a lab input; `paths` (fingerprint.ts selectors such as
 * `variant_gate` or `[case_id=x,version=candidate].output`) open only those parts of it; `append`
 * lets the learner add elements to a list while those it starts with stay fixed; neither opens
 * the whole input. The view (the lab's controls) is always open.
 */
export const openSchema = z.object({
  input: z.string().regex(/^[a-z_]+$/).max(40),
  paths: z.array(z.string().min(1).max(300)).max(30).optional(),
  /** A list input (JSONL, CSV, a JSON array) that takes new elements: those of the start stay fixed, by id. */
  append: z.boolean().optional(),
}).strict();
export type OpenPart = z.infer<typeof openSchema>;

/** Levels of an exercise, from a first guided contact to an open challenge. */
export const EXERCISE_LEVELS = ['first_contact', 'practice', 'challenge'] as const;
export type ExerciseLevel = (typeof EXERCISE_LEVELS)[number];

/** Fields shared by authored exercises (frontmatter) and exercise links. */
export const exerciseFields = {
  /** Bumped when goals, questions or what is kept fixed change: a receipt names the version it was made for. */
  version: z.number().int().min(1).max(10_000).default(1),
  lab: labIdSchema,
  title: z.string().min(1).max(200),
  summary: z.string().min(1).max(600),
  start: z.object({
    texts: z.record(z.string().regex(/^[a-z_]+$/).max(40), startTextSchema).default({}),
    view: z.unknown().optional(),
  }),
  goals: z.array(goalSchema).min(1).max(30),
  /** What the learner may change; the rest of every input is kept fixed (an empty list: only the view is open). */
  open: z.array(openSchema).max(20).default([]),
  questions: z.array(questionSchema).max(10).default([]),
  hints: z.array(z.string().min(1).max(1000)).max(10).default([]),
  solution: z.string().min(1).max(4000),
};

/** Frontmatter of content/exercises/{es,en}/*.md(x). */
export const exerciseFrontmatterSchema = z.object({
  ...exerciseFields,
  order: z.number().int().min(0).default(0),
  /** The chapter section it practises: `<chapter-slug>#<heading id>` in the file's language. */
  section: z.string().regex(/^\d\d-[a-z0-9-]+#[\p{Ll}\p{N}-]+$/u).max(200),
  /** Estimated minutes for a learner who has read the section. */
  minutes: z.number().int().min(1).max(240),
  level: z.enum(EXERCISE_LEVELS),
});

/** An exercise carried in a link (#exercise=...): the instructions travel as plain text. */
export const EXERCISE_LINK_VERSION = 1 as const;
export const exerciseLinkSchema = z.object({
  v: z.literal(EXERCISE_LINK_VERSION),
  lang: z.enum(['es', 'en']),
  ...exerciseFields,
  minutes: z.number().int().min(1).max(240).optional(),
  level: z.enum(EXERCISE_LEVELS).optional(),
  instructions: z.string().max(8000).default(''),
});

export type ExerciseFrontmatter = z.infer<typeof exerciseFrontmatterSchema>;
export type ExerciseLink = z.infer<typeof exerciseLinkSchema>;
export type StartText = z.infer<typeof startTextSchema>;
/** What a page, the CLI and the verifier need of an exercise (authored or from a link). */
export type ExerciseSpec = { [K in keyof typeof exerciseFields]: z.infer<(typeof exerciseFields)[K]> };
