/**
 * Exercise progress: which exercises are completed and when. Part of the learner's progress
 * (src/lib/progress/store.ts, one versioned key with chapters read and labs run); the download is
 * the same progress file the home and syllabus pages export (src/lib/progress/file.ts).
 */
import { markExerciseDone, unmarkExerciseDone, readProgress as readAll, type ExerciseDone } from '../../lib/progress/store.ts';
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

/**
 * Keeps the learner's progress in step with an attempt: `completed` says whether it is completed
 * now, `withdrawnAt` the ISO time of its withdrawal when its last completion event is one (else
 * null). A completion is recorded; a withdrawal forgets the recorded completion when that was
 * recorded at or before the withdrawal, so the badges on the home, syllabus and exercise pages
 * follow it. A completion recorded later (the same exercise completed afterwards in the other
 * language, whose attempt is kept apart) is left alone. Returns the completed exercises.
 */
export function syncCompletion(id: string, title: string, lab: string, completed: boolean, withdrawnAt: string | null): Progress {
  if (completed) return markCompleted(id, title, lab);
  const done = readProgress();
  const recorded = Object.prototype.hasOwnProperty.call(done, id) ? Date.parse(done[id].completed_at) : NaN;
  const withdrawn = withdrawnAt === null ? NaN : Date.parse(withdrawnAt);
  // An unreadable recorded time counts as earlier: the withdrawal is the newer fact.
  if (!Number.isNaN(withdrawn) && Object.prototype.hasOwnProperty.call(done, id) && !(recorded > withdrawn)) return unmarkExerciseDone(id).exercises;
  return done;
}

/** The progress file (every kind of progress, not only exercises): see src/lib/progress/file.ts. */
export function progressExport(_p?: Progress, all: AllProgress = readAll()): string {
  return progressFile(all);
}
