/**
 * The progress file: what "Export my progress" downloads and "Import" reads back. The file is
 * untrusted text (it may come from another browser or be edited by hand): zod validates it, with
 * size limits, before anything touches the stored progress, and an import never replaces the stored
 * progress by itself: the caller offers merge or replace (see ProgressPanel), and merging keeps the
 * earlier time of an item present in both.
 *
 * Format (version 2): { format: 'evals-lab-progress', version: 2, exported_at, chapters: [{ slug, read_at }],
 * labs: [{ id, ran_at }], exercises: [{ id, completed_at, title, lab }] }. Version 1 files (the
 * exercise-only export: { format, version: 1, exported_at, completed: [{ id, completed_at, title, lab }] })
 * are read too.
 */
import '../zod-csp.ts';
import * as z from 'zod/mini';
import { emptyProgress, type Progress } from './store.ts';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const time = z.string().check(z.minLength(1), z.maxLength(40));
const exercise = z.object({ id, completed_at: time, title: z.string().check(z.maxLength(200)), lab: z.string().check(z.maxLength(40)) });
const MAX = 5000;

const v2 = z.object({
  format: z.literal('evals-lab-progress'),
  version: z.literal(2),
  exported_at: z.optional(time),
  chapters: z.array(z.object({ slug: id, read_at: time })).check(z.maxLength(MAX)),
  labs: z.array(z.object({ id, ran_at: time })).check(z.maxLength(MAX)),
  exercises: z.array(exercise).check(z.maxLength(MAX)),
});
const v1 = z.object({
  format: z.literal('evals-lab-progress'),
  version: z.literal(1),
  exported_at: z.optional(time),
  completed: z.array(exercise).check(z.maxLength(MAX)),
});

/** The file text for `p` (pretty JSON, ends in a newline); `at` is the export time. */
export function progressFile(p: Progress, at: Date = new Date()): string {
  const file = {
    format: 'evals-lab-progress',
    version: 2,
    exported_at: at.toISOString(),
    chapters: Object.entries(p.chapters).map(([slug, e]) => ({ slug, read_at: e.read_at })),
    labs: Object.entries(p.labs).map(([labId, e]) => ({ id: labId, ran_at: e.ran_at })),
    exercises: Object.entries(p.exercises).map(([exId, e]) => ({ id: exId, ...e })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export type ParsedFile = { ok: true; progress: Progress } | { ok: false; error: 'not_json' | 'not_progress' | 'too_large' };

/** Largest file accepted, in characters (a real progress file is a few KB). */
export const MAX_FILE_CHARS = 2_000_000;

/** Parses a progress file (version 2 or 1); never throws. */
export function parseProgressFile(text: string): ParsedFile {
  if (text.length > MAX_FILE_CHARS) return { ok: false, error: 'too_large' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not_json' };
  }
  const p = emptyProgress();
  const a = v2.safeParse(raw);
  if (a.success) {
    for (const c of a.data.chapters) p.chapters[c.slug] = { read_at: c.read_at };
    for (const l of a.data.labs) p.labs[l.id] = { ran_at: l.ran_at };
    for (const e of a.data.exercises) p.exercises[e.id] = { completed_at: e.completed_at, title: e.title, lab: e.lab };
    return { ok: true, progress: p };
  }
  const b = v1.safeParse(raw);
  if (b.success) {
    for (const e of b.data.completed) p.exercises[e.id] = { completed_at: e.completed_at, title: e.title, lab: e.lab };
    return { ok: true, progress: p };
  }
  return { ok: false, error: 'not_progress' };
}

/** Both progresses together; for an item in both, the earlier time (ISO strings compare in order). */
export function mergeProgress(a: Progress, b: Progress): Progress {
  const out = emptyProgress();
  const take = <T>(dst: Record<string, T>, x: Record<string, T>, y: Record<string, T>, at: (e: T) => string) => {
    for (const [k, e] of Object.entries(x)) dst[k] = e;
    for (const [k, e] of Object.entries(y)) if (!dst[k] || at(e) < at(dst[k])) dst[k] = e;
  };
  take(out.chapters, a.chapters, b.chapters, (e) => e.read_at);
  take(out.labs, a.labs, b.labs, (e) => e.ran_at);
  take(out.exercises, a.exercises, b.exercises, (e) => e.completed_at);
  return out;
}

/** How many items of each kind (for the import summary). */
export function countProgress(p: Progress): { chapters: number; labs: number; exercises: number } {
  return { chapters: Object.keys(p.chapters).length, labs: Object.keys(p.labs).length, exercises: Object.keys(p.exercises).length };
}
