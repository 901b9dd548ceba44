/**
 * The learner's progress in this browser, under one versioned localStorage key: chapters read,
 * labs run, exercises completed, each with the ISO time it first happened. Light on purpose (no
 * zod: chapter pages load it at once and have a 5 KB budget); the file import, which takes
 * untrusted text, validates with zod in ./file.ts. Nothing here is sent anywhere.
 *
 * Reading is lenient: a damaged entry is dropped, a damaged store reads as empty (never throws).
 * Ids are data (slugs, lab ids): records are null-prototype objects, never plain `{}`.
 * The exercise progress of earlier versions (key 'evals-lab:progress:v1', a record of completed
 * exercises) is migrated into this store on first read and its key removed.
 */

export const PROGRESS_KEY = 'evals-lab:progress:v2';
export const LEGACY_EXERCISE_KEY = 'evals-lab:progress:v1';
/** The event dispatched on window after every change (same tab); other tabs get 'storage'. */
export const PROGRESS_EVENT = 'evals-lab:progress';

export interface ExerciseDone { completed_at: string; title: string; lab: string }
export interface Progress {
  v: 2;
  chapters: Record<string, { read_at: string }>;
  labs: Record<string, { ran_at: string }>;
  exercises: Record<string, ExerciseDone>;
}

const MAX_ID = 200;
const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
const isStr = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** An empty progress (null-prototype records). */
export function emptyProgress(): Progress {
  return { v: 2, chapters: dict(), labs: dict(), exercises: dict() };
}

/** Keeps the well-formed entries of an untrusted object of entries; `field` names the time field. */
function entries<T>(raw: unknown, keep: (e: Record<string, unknown>) => T | null): Record<string, T> {
  const out = dict<T>();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [id, e] of Object.entries(raw as Record<string, unknown>)) {
    if (id.length === 0 || id.length > MAX_ID || !e || typeof e !== 'object') continue;
    const v = keep(e as Record<string, unknown>);
    if (v) out[id] = v;
  }
  return out;
}

/** A progress object from parsed JSON of any shape: the well-formed part of it (lenient). */
export function coerceProgress(raw: unknown): Progress {
  const p = emptyProgress();
  if (!raw || typeof raw !== 'object') return p;
  const r = raw as Record<string, unknown>;
  p.chapters = entries(r.chapters, (e) => (isStr(e.read_at, 40) ? { read_at: e.read_at } : null));
  p.labs = entries(r.labs, (e) => (isStr(e.ran_at, 40) ? { ran_at: e.ran_at } : null));
  p.exercises = entries(r.exercises, exerciseEntry);
  return p;
}

function exerciseEntry(e: Record<string, unknown>): ExerciseDone | null {
  return isStr(e.completed_at, 40) && isStr(e.title, 200) && isStr(e.lab, 40) ? { completed_at: e.completed_at, title: e.title, lab: e.lab } : null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored progress (empty when there is none, storage is blocked, or the text is damaged). */
export function readProgress(): Progress {
  const s = storage();
  if (!s) return emptyProgress();
  let p = emptyProgress();
  try {
    const raw = s.getItem(PROGRESS_KEY);
    if (raw) p = coerceProgress(JSON.parse(raw));
  } catch {
    /* damaged: read as empty */
  }
  try {
    const legacy = s.getItem(LEGACY_EXERCISE_KEY);
    if (legacy !== null) {
      const old = entries(JSON.parse(legacy), exerciseEntry);
      for (const [id, e] of Object.entries(old)) if (!p.exercises[id]) p.exercises[id] = e;
      s.setItem(PROGRESS_KEY, JSON.stringify(p));
      s.removeItem(LEGACY_EXERCISE_KEY);
    }
  } catch {
    /* a damaged legacy entry is ignored */
  }
  return p;
}

/** Saves `p` (replacing what is stored) and tells the page; false when storage refuses. */
export function writeProgress(p: Progress): boolean {
  const s = storage();
  let ok = false;
  try {
    if (s) {
      s.setItem(PROGRESS_KEY, JSON.stringify(p));
      ok = true;
    }
  } catch {
    ok = false;
  }
  try {
    window.dispatchEvent(new CustomEvent(PROGRESS_EVENT));
  } catch {
    /* not in a browser */
  }
  return ok;
}

function mark(update: (p: Progress) => boolean): Progress {
  const p = readProgress();
  if (update(p)) writeProgress(p);
  return p;
}

const now = () => new Date().toISOString();

/** Records that chapter `slug` was read (the first time only). */
export function markChapterRead(slug: string): Progress {
  return mark((p) => (p.chapters[slug] || slug.length > MAX_ID ? false : ((p.chapters[slug] = { read_at: now() }), true)));
}

/** Records that lab `id` produced a result (the first time only). */
export function markLabRun(id: string): Progress {
  return mark((p) => (p.labs[id] || id.length > MAX_ID ? false : ((p.labs[id] = { ran_at: now() }), true)));
}

/** Records that exercise `id` was completed (the first time only). */
export function markExerciseDone(id: string, title: string, lab: string): Progress {
  return mark((p) => (p.exercises[id] || id.length > MAX_ID ? false : ((p.exercises[id] = { completed_at: now(), title: title.slice(0, 200), lab: lab.slice(0, 40) }), true)));
}

/**
 * Forgets that exercise `id` was completed: its completion was withdrawn (a goal or a kept-fixed
 * input broke after it). Nothing happens when it is not recorded. The pages listening for
 * PROGRESS_EVENT (this tab) or 'storage' (other tabs) hide its badge.
 */
export function unmarkExerciseDone(id: string): Progress {
  return mark((p) => (Object.prototype.hasOwnProperty.call(p.exercises, id) ? (delete p.exercises[id], true) : false));
}

/** Forgets all progress (the key is removed). */
export function resetProgress(): void {
  const s = storage();
  try {
    s?.removeItem(PROGRESS_KEY);
    s?.removeItem(LEGACY_EXERCISE_KEY);
  } catch {
    /* nothing to remove */
  }
  try {
    window.dispatchEvent(new CustomEvent(PROGRESS_EVENT));
  } catch {
    /* not in a browser */
  }
}
