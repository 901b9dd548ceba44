/**
 * One check of an exercise's state, shared by the page, the tests and (through receipt.ts) the
 * verifier: every goal on the lab's result (hidden ones included), what changed that the exercise
 * keeps fixed (fingerprint.ts), and the messages that say, in the page's language, why the state
 * does not complete the exercise yet: the label of each visible goal not met, one sentence per
 * kept-fixed input that changed (named by its label in `lang`), and one sentence when only hidden checks fail (their labels
 * would give the fix away; they are shown after completion, with the solution).
 */
import { evaluateGoals, type GoalResult } from './goals.ts';
import type { ExerciseSpec } from './exercise.ts';
import { fixedChanges, type FixedChange, type InputSpecLike } from './fingerprint.ts';
import { exerciseMsg, inputLabel } from './exercise_messages.ts';
import type { Lang } from './types.ts';

export interface ExerciseCheck {
  /** One per goal of the spec, in order. */
  results: GoalResult[];
  /** Every visible goal met. */
  visibleMet: boolean;
  /** Every hidden goal met. */
  hiddenMet: boolean;
  /** Every goal met (false for a missing result). */
  goalsMet: boolean;
  changes: FixedChange[];
  fixedIntact: boolean;
  /** Why this state does not complete the exercise (empty when it does, questions aside). */
  messages: string[];
}

/**
 * Checks a state: `result` is the lab's scorecard for `now` (null when there is none: every goal
 * then counts as not met), `start` the texts the exercise started from, `inputs` the lab's inputs.
 */
export function checkExercise(spec: Pick<ExerciseSpec, 'goals' | 'open'>, result: unknown, start: Record<string, string>, now: Record<string, string>, inputs: readonly InputSpecLike[], lang: Lang): ExerciseCheck {
  const t = exerciseMsg(lang);
  const ev = result === null || result === undefined ? { results: spec.goals.map((): GoalResult => ({ met: false, status: 'missing', actual: undefined })), allMet: false } : evaluateGoals(spec.goals, result);
  const visible = spec.goals.map((g, i) => [g, ev.results[i]] as const).filter(([g]) => !g.hidden);
  const hidden = spec.goals.map((g, i) => [g, ev.results[i]] as const).filter(([g]) => g.hidden);
  const visibleMet = visible.every(([, r]) => r.met);
  const hiddenMet = hidden.every(([, r]) => r.met);
  const changes = fixedChanges(start, now, inputs, spec.open);
  const messages = [
    ...visible.filter(([, r]) => !r.met).map(([g]) => g.label),
    ...changes.map((c) => t.fixed_change(c, inputLabel(inputs, c.input, lang))),
    ...(visibleMet && !hiddenMet ? [t.hidden_unmet(hidden.filter(([, r]) => !r.met).length)] : []),
  ];
  return { results: ev.results, visibleMet, hiddenMet, goalsMet: ev.allMet, changes, fixedIntact: changes.length === 0, messages };
}
