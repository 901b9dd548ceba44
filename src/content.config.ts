/**
 * Content collections. Chapters are MDX files in content/chapters/{es,en}/NN-slug.mdx: the same slug
 * in both languages; the folder gives the language. A bad frontmatter fails the build.
 */
import { defineCollection } from 'astro:content';
import { glob, file } from 'astro/loaders';
import { glossaryEntrySchema, syllabusExerciseSchema } from './lib/glossary-schema.ts';
import { z } from 'astro/zod';
import { exerciseFrontmatterSchema } from '../labs/core/contract/exercise.ts';
import { LAB_IDS, isLabId } from '../labs/manifest.ts';
import { labNoteId } from './lib/lab-notes.ts';

const chapters = defineCollection({
  loader: glob({ pattern: '**/*.{md,mdx}', base: './content/chapters' }),
  schema: z.object({
    title: z.string().min(1),
    chapter: z.number().int().min(1).max(99),
    summary: z.string().min(1),
    /** The chapter's main lab (every lab whose meta names this chapter is listed with it). */
    lab: z.string().refine(isLabId, { message: `lab must be one of: ${LAB_IDS.join(', ')}` }).optional(),
    outcomes: z.array(z.string().min(1)).min(1),
    self_check: z
      .array(z.object({ question: z.string().min(1), answer: z.string().min(1) }))
      .default([]),
    further_reading: z
      .array(z.object({ title: z.string().min(1), url: z.url().optional(), note: z.string().optional() }))
      .default([]),
  }),
});

/** Exercises: content/exercises/{es,en}/<slug>.mdx; the frontmatter is the exercise (labs/core/contract/exercise.ts), the body its instructions. */
const exercises = defineCollection({
  loader: glob({ pattern: '**/*.{md,mdx}', base: './content/exercises' }),
  schema: exerciseFrontmatterSchema.refine((d) => isLabId(d.lab), { message: `lab must be one of: ${LAB_IDS.join(', ')}`, path: ['lab'] }),
});

/**
 * Glossary: content/glossary/<concept-id>.yaml, one file per term holding both languages (the term,
 * a short definition, optional other names), the formula if any and the chapters that teach it.
 * The file name is the concept id of ../shared/concepts.json that <Term id="..."> links to.
 */
const glossary = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/glossary' }),
  schema: glossaryEntrySchema,
});

/** What each exercise trains, for the syllabus (content/syllabus/exercises.yaml, keyed by exercise slug). */
const syllabus = defineCollection({
  loader: file('content/syllabus/exercises.yaml'),
  schema: syllabusExerciseSchema,
});

/**
 * Lab notes: content/lab-notes/{es,en}/<lab-id>.md, plain Markdown without frontmatter: how the lab
 * differs from the textbook's scripts, shown on the lab's page (src/lib/lab-notes.ts). A file whose
 * name is not a lab id of labs/manifest.ts fails the build here.
 */
const labNotes = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/lab-notes', generateId: ({ entry }) => labNoteId(entry) }),
  schema: z.object({}),
});

export const collections = { chapters, exercises, glossary, syllabus, labNotes };
