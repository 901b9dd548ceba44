/**
 * Schemas of the glossary and syllabus collections (content/glossary/*.yaml,
 * content/syllabus/exercises.yaml). Plain zod, so unit tests read the same files with the same rules.
 */
import { z } from 'zod';

const side = z.strictObject({
  /** The term as the chapters of this language write it ("la baseline" → term "baseline"). */
  term: z.string().min(1).max(80),
  /** One or two sentences. */
  definition: z.string().min(20).max(700),
  /** Other names a reader may search for (abbreviations, synonyms the chapters do not use). */
  aka: z.array(z.string().min(1).max(80)).default([]),
  /** KaTeX source of the defining formula in this language's notation (the chapters write TP, FP, FN, TN in both languages), when there is one; rendered at build time with MathML. */
  formula: z.string().min(1).max(400).optional(),
});

export const glossaryEntrySchema = z.strictObject({
  es: side,
  en: side,
  /** Chapter slugs that teach the term (e.g. "02-thresholds"), first where it is introduced. */
  taught_in: z.array(z.string().regex(/^\d\d-[a-z0-9-]+$/)).min(1),
});
export type GlossaryEntryData = z.infer<typeof glossaryEntrySchema>;

export const syllabusExerciseSchema = z.object({
  es: z.string().min(10).max(400),
  en: z.string().min(10).max(400),
  /** Glossary ids the exercise practises. */
  concepts: z.array(z.string().regex(/^[a-z0-9_]+$/)).default([]),
});
export type SyllabusExerciseData = z.infer<typeof syllabusExerciseSchema>;
