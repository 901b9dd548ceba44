/**
 * A learner's attempt at an exercise, as a pure record the page keeps (localStorage) and the
 * receipt carries: one committed answer per question at a time (the feedback comes after it), a
 * wrong answer retried only once its hint has been shown, the number of tries per question, and
 * the completion events. An exercise is complete when its goals (hidden ones included) are met on
 * a fresh result, nothing it keeps fixed has changed, and every question has a correct committed
 * answer. Breaking a goal or a fixed input afterwards withdraws the completion; the record keeps
 * both events (a later completion adds a third).
 *
 * Every function returns a new record (the argument is never mutated) and never throws: a question
 * index or choice out of range is refused with a reason.
 */
import type { ExerciseSpec } from './exercise.ts';

export interface AnswerRecord {
  /** Index of the question in the exercise. */
  question: number;
  /** The option committed last (null before the first answer). */
  choice: number | null;
  /** Committed answers so far (0 before the first). */
  tries: number;
  /** Whether the last committed answer is correct. */
  correct: boolean;
  /** Whether the hint was shown after the last wrong answer (needed before the next try). */
  hint_shown: boolean;
}

export type AttemptEventType = 'started' | 'completed' | 'withdrawn';

export interface AttemptEvent {
  type: AttemptEventType;
  /** ISO 8601 time. */
  at: string;
  /** For 'withdrawn': what broke (goal labels or kept-fixed inputs), in the page's language. */
  reason?: string;
}

export interface Attempt {
  v: 1;
  answers: AnswerRecord[];
  events: AttemptEvent[];
}

/** A fresh attempt for `spec`, started at `now` (ISO time). */
export function newAttempt(spec: Pick<ExerciseSpec, 'questions'>, now: string): Attempt {
  return {
    v: 1,
    answers: spec.questions.map((_, i) => ({ question: i, choice: null, tries: 0, correct: false, hint_shown: false })),
    events: [{ type: 'started', at: now }],
  };
}

export type CommitRefusal = 'no_question' | 'no_option' | 'already_correct' | 'hint_first';

/**
 * Commits `choice` as the answer to question `q`. Refused when the question or option does not
 * exist, when the question already has a correct answer, or when the last answer was wrong and its
 * hint has not been shown yet.
 */
export function commitAnswer(a: Attempt, spec: Pick<ExerciseSpec, 'questions'>, q: number, choice: number): { attempt: Attempt; refused?: CommitRefusal } {
  const question = spec.questions[q];
  const rec = a.answers[q];
  if (!question || !rec) return { attempt: a, refused: 'no_question' };
  if (!Number.isInteger(choice) || choice < 0 || choice >= question.options.length) return { attempt: a, refused: 'no_option' };
  if (rec.correct) return { attempt: a, refused: 'already_correct' };
  if (rec.tries > 0 && !rec.hint_shown) return { attempt: a, refused: 'hint_first' };
  const next: AnswerRecord = { question: q, choice, tries: rec.tries + 1, correct: question.options[choice].correct, hint_shown: false };
  return { attempt: { ...a, answers: a.answers.map((r, i) => (i === q ? next : r)) } };
}

/** Marks the hint of question `q` as shown (only meaningful after a wrong answer; otherwise the record is returned unchanged). */
export function showHint(a: Attempt, q: number): Attempt {
  const rec = a.answers[q];
  if (!rec || rec.tries === 0 || rec.correct) return a;
  return { ...a, answers: a.answers.map((r, i) => (i === q ? { ...r, hint_shown: true } : r)) };
}

/** Whether every question has a correct committed answer (true for an exercise without questions). */
export function questionsDone(a: Attempt, spec: Pick<ExerciseSpec, 'questions'>): boolean {
  return spec.questions.every((_, i) => a.answers[i]?.correct === true);
}

/** Whether the attempt is completed now: its last completion event is 'completed'. */
export function isCompleted(a: Attempt): boolean {
  for (let i = a.events.length - 1; i >= 0; i--) {
    const t = a.events[i].type;
    if (t === 'completed') return true;
    if (t === 'withdrawn') return false;
  }
  return false;
}

/** The time of the last 'completed' event, or null. */
export function completedAt(a: Attempt): string | null {
  for (let i = a.events.length - 1; i >= 0; i--) if (a.events[i].type === 'completed') return a.events[i].at;
  return null;
}

export interface StateCheck {
  /** Every goal met (hidden ones included) on this result. */
  goalsMet: boolean;
  /** Nothing the exercise keeps fixed has changed. */
  fixedIntact: boolean;
  /** The result is fresh (not stale, no input issues): a stale result neither completes nor withdraws. */
  fresh: boolean;
  /** What broke, for a withdrawal event. */
  reason?: string;
}

/**
 * Applies a new lab result to the attempt: adds 'completed' when everything holds and the attempt
 * was not completed, 'withdrawn' when a completed attempt now breaks a goal or a fixed input.
 * Unanswered questions never withdraw (answers cannot be taken back).
 */
export function applyState(a: Attempt, spec: Pick<ExerciseSpec, 'questions'>, s: StateCheck, now: string): Attempt {
  if (!s.fresh) return a;
  const completed = isCompleted(a);
  const stateOk = s.goalsMet && s.fixedIntact;
  if (!completed && stateOk && questionsDone(a, spec)) return { ...a, events: [...a.events, { type: 'completed', at: now }] };
  if (completed && !stateOk) return { ...a, events: [...a.events, { type: 'withdrawn', at: now, ...(s.reason ? { reason: s.reason } : {}) }] };
  return a;
}
