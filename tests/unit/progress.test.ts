/**
 * The learner's progress: one versioned localStorage key (src/lib/progress/store.ts) and the file
 * it is exported to and imported from (src/lib/progress/file.ts). Expected values are written out
 * by hand from the formats documented in those modules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  LEGACY_EXERCISE_KEY, PROGRESS_KEY, coerceProgress, emptyProgress, markChapterRead, markExerciseDone, markLabRun, readProgress, resetProgress, unmarkExerciseDone, writeProgress,
} from '../../src/lib/progress/store.ts';
import { syncCompletion } from '../../src/components/exercises/progress.ts';
import { countProgress, mergeProgress, parseProgressFile, progressFile, MAX_FILE_CHARS } from '../../src/lib/progress/file.ts';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) { return this.m.has(k) ? this.m.get(k)! : null; }
  setItem(k: string, v: string) { this.m.set(k, String(v)); }
  removeItem(k: string) { this.m.delete(k); }
  clear() { this.m.clear(); }
  key(i: number) { return [...this.m.keys()][i] ?? null; }
  get length() { return this.m.size; }
}
const store = new MemoryStorage();
(globalThis as { localStorage?: unknown }).localStorage = store;
beforeEach(() => store.clear());

describe('progress store', () => {
  it('is empty without storage entries, and records each kind once (the first time stays)', () => {
    expect(countProgress(readProgress())).toEqual({ chapters: 0, labs: 0, exercises: 0 });
    markChapterRead('01-eval-gate');
    const first = readProgress().chapters['01-eval-gate'].read_at;
    markChapterRead('01-eval-gate');
    expect(readProgress().chapters['01-eval-gate'].read_at).toBe(first);
    markLabRun('gate');
    markExerciseDone('gate-abstention', 'A candidate', 'gate');
    expect(countProgress(readProgress())).toEqual({ chapters: 1, labs: 1, exercises: 1 });
    expect(JSON.parse(store.getItem(PROGRESS_KEY)!).v).toBe(2);
  });
  it('migrates the exercise progress of version 1 into the one key, and removes the old key', () => {
    store.setItem(LEGACY_EXERCISE_KEY, JSON.stringify({ 'rubric-casefold-break': { completed_at: '2026-01-02T03:04:05.000Z', title: 'The case-fold break', lab: 'rubric' } }));
    const p = readProgress();
    expect(p.exercises['rubric-casefold-break']).toEqual({ completed_at: '2026-01-02T03:04:05.000Z', title: 'The case-fold break', lab: 'rubric' });
    expect(store.getItem(LEGACY_EXERCISE_KEY)).toBeNull();
    expect(JSON.parse(store.getItem(PROGRESS_KEY)!).exercises['rubric-casefold-break'].lab).toBe('rubric');
  });
  it('reads a damaged store as empty and drops damaged entries', () => {
    store.setItem(PROGRESS_KEY, '{not json');
    expect(countProgress(readProgress())).toEqual({ chapters: 0, labs: 0, exercises: 0 });
    const p = coerceProgress({ chapters: { a: { read_at: '2026-01-01' }, b: { read_at: 5 }, c: null }, labs: [1, 2], exercises: { x: { completed_at: 't', title: 'T' } } });
    expect(Object.keys(p.chapters)).toEqual(['a']);
    expect(Object.keys(p.labs)).toEqual([]);
    expect(Object.keys(p.exercises)).toEqual([]);
  });
  it('keeps ids from data as data: "__proto__" and "constructor" are plain entries', () => {
    const p = coerceProgress(JSON.parse('{"chapters":{"__proto__":{"read_at":"t"},"constructor":{"read_at":"u"}}}'));
    expect(Object.getPrototypeOf(p.chapters)).toBeNull();
    expect(Object.keys(p.chapters).sort()).toEqual(['__proto__', 'constructor']);
  });
  it('reset removes everything', () => {
    markLabRun('rubric');
    resetProgress();
    expect(store.getItem(PROGRESS_KEY)).toBeNull();
    expect(countProgress(readProgress()).labs).toBe(0);
  });
});

describe('a withdrawn exercise completion', () => {
  const done = (id: string, at: string) => {
    const p = emptyProgress();
    p.exercises[id] = { completed_at: at, title: 'T', lab: 'threshold' };
    writeProgress(p);
  };
  it('is forgotten by unmarkExerciseDone, which leaves the rest and ignores an exercise not recorded', () => {
    markExerciseDone('a', 'A', 'gate');
    markExerciseDone('b', 'B', 'rag');
    markChapterRead('01-eval-gate');
    unmarkExerciseDone('a');
    unmarkExerciseDone('never');
    expect(Object.keys(readProgress().exercises)).toEqual(['b']);
    expect(countProgress(readProgress())).toEqual({ chapters: 1, labs: 0, exercises: 1 });
  });
  it('follows the attempt: completed records it, withdrawn after the recorded time forgets it', () => {
    syncCompletion('x', 'X', 'threshold', true, null);
    expect(Object.keys(readProgress().exercises)).toEqual(['x']);
    // Not completed and never withdrawn here (a fresh attempt in the other language): kept.
    syncCompletion('x', 'X', 'threshold', false, null);
    expect(Object.keys(readProgress().exercises)).toEqual(['x']);
    // Withdrawn one hour after the recorded completion: forgotten (the badge goes).
    done('x', '2026-03-01T10:00:00.000Z');
    syncCompletion('x', 'X', 'threshold', false, '2026-03-01T11:00:00.000Z');
    expect(Object.keys(readProgress().exercises)).toEqual([]);
    // Completed again: recorded again.
    syncCompletion('x', 'X', 'threshold', true, null);
    expect(Object.keys(readProgress().exercises)).toEqual(['x']);
  });
  it('keeps a completion recorded after the withdrawal (the exercise completed later in the other language)', () => {
    done('x', '2026-03-01T12:00:00.000Z');
    syncCompletion('x', 'X', 'threshold', false, '2026-03-01T11:00:00.000Z');
    expect(readProgress().exercises.x.completed_at).toBe('2026-03-01T12:00:00.000Z');
    // The same instant counts as withdrawn; an unreadable recorded time too.
    syncCompletion('x', 'X', 'threshold', false, '2026-03-01T12:00:00.000Z');
    expect(Object.keys(readProgress().exercises)).toEqual([]);
    done('x', 'not a time');
    syncCompletion('x', 'X', 'threshold', false, '2026-03-01T11:00:00.000Z');
    expect(Object.keys(readProgress().exercises)).toEqual([]);
  });
});

describe('progress file', () => {
  const p = emptyProgress();
  p.chapters['02-thresholds'] = { read_at: '2026-03-01T10:00:00.000Z' };
  p.labs.threshold = { ran_at: '2026-03-01T10:05:00.000Z' };
  p.exercises['threshold-review-capacity'] = { completed_at: '2026-03-01T10:30:00.000Z', title: 'How much review', lab: 'threshold' };

  it('exports version 2 and reads it back unchanged (round trip)', () => {
    const text = progressFile(p, new Date('2026-03-02T00:00:00.000Z'));
    const json = JSON.parse(text);
    expect(json).toEqual({
      format: 'evals-lab-progress', version: 2, exported_at: '2026-03-02T00:00:00.000Z',
      chapters: [{ slug: '02-thresholds', read_at: '2026-03-01T10:00:00.000Z' }],
      labs: [{ id: 'threshold', ran_at: '2026-03-01T10:05:00.000Z' }],
      exercises: [{ id: 'threshold-review-capacity', completed_at: '2026-03-01T10:30:00.000Z', title: 'How much review', lab: 'threshold' }],
    });
    const back = parseProgressFile(text);
    expect(back.ok).toBe(true);
    if (back.ok) expect(JSON.parse(JSON.stringify(back.progress))).toEqual(JSON.parse(JSON.stringify(p)));
  });
  it('reads the version 1 exercise export', () => {
    const v1 = { format: 'evals-lab-progress', version: 1, exported_at: 'x', completed: [{ id: 'gate-abstention', completed_at: '2026-01-01T00:00:00.000Z', title: 'T', lab: 'gate' }] };
    const r = parseProgressFile(JSON.stringify(v1));
    expect(r.ok && countProgress(r.progress)).toEqual({ chapters: 0, labs: 0, exercises: 1 });
  });
  it('rejects what is not a progress file, saying why', () => {
    expect(parseProgressFile('nope')).toEqual({ ok: false, error: 'not_json' });
    expect(parseProgressFile('{"format":"other","version":2}')).toEqual({ ok: false, error: 'not_progress' });
    expect(parseProgressFile(JSON.stringify({ format: 'evals-lab-progress', version: 2, chapters: [{ slug: '', read_at: 't' }], labs: [], exercises: [] }))).toEqual({ ok: false, error: 'not_progress' });
    expect(parseProgressFile(' '.repeat(MAX_FILE_CHARS + 1))).toEqual({ ok: false, error: 'too_large' });
  });
  it('merging keeps both sides and, for an item in both, the earlier time', () => {
    const other = emptyProgress();
    other.chapters['02-thresholds'] = { read_at: '2026-02-01T00:00:00.000Z' };
    other.chapters['05-calibration'] = { read_at: '2026-04-01T00:00:00.000Z' };
    const m = mergeProgress(p, other);
    expect(m.chapters['02-thresholds'].read_at).toBe('2026-02-01T00:00:00.000Z');
    expect(Object.keys(m.chapters).sort()).toEqual(['02-thresholds', '05-calibration']);
    expect(m.labs.threshold).toEqual(p.labs.threshold);
  });
  it('writeProgress replaces what is stored', () => {
    markLabRun('gate');
    expect(writeProgress(p)).toBe(true);
    expect(Object.keys(readProgress().labs)).toEqual(['threshold']);
  });
});
