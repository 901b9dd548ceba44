/**
 * rubric-casefold-break solved as its solution says (case folding back on), for the receipt tests:
 * the exercise's spec, its starting texts, the solved texts and the engine's result on them (es).
 */
import { readCourseExercise, specOf, startTextsOf } from '../../labs/exercise_host.ts';
import { createRunner } from '../../labs/runner.ts';

export const CASEFOLD_ID = 'rubric-casefold-break';

export async function casefoldSolved() {
  const spec = specOf(readCourseExercise(CASEFOLD_ID, 'es')!);
  const start = startTextsOf(spec, 'es');
  const rubric = JSON.parse(start.rubric);
  for (const s of rubric.normalization.steps) if (s.step === 'case_fold') s.enabled = true;
  const texts = { ...start, rubric: JSON.stringify(rubric, null, 2) };
  const out = await createRunner().runAny('rubric', texts, 'es');
  if (!out.ok) throw new Error(`${CASEFOLD_ID}: the solved state does not run`);
  return { spec, start, texts, out };
}
