/**
 * Exercise progress: which exercises are completed and when. Part of the learner's progress
 * (src/lib/progress/store.ts, one versioned key with chapters read and labs run); the download is
 * the same progress file the home and syllabus pages export (src/lib/progress/file.ts).
 */
import { markExerciseDone, readProgress as readAll, type ExerciseDone } from '../../lib/progress/store.ts';
import { progressFile } from '../../lib/progress/file.ts';
import type { Progress as AllProgress } from '../../lib/progress/store.ts';

/** Completed exercises by id (a null-prototype record). */
export type Progress = Record<string, ExerciseDone>;

export function readProgress(): Progress {
  return readAll().exercises;
}

/** Marks exercise `id` completed (first time only) and returns the completed exercises. */
export function markCompleted(id: string, title: string, lab: string): Progress {
  return markExerciseDone(id, title, lab).exercises;
}

/** The progress file (every kind of progress, not only exercises): see src/lib/progress/file.ts. */
export function progressExport(_p?: Progress, all: AllProgress = readAll()): string {
  return progressFile(all);
}
