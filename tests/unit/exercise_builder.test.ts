/**
 * The builder's named results (labs/exercise_results.ts) and its question format: every named path
 * resolves to the value it names on each lab's preset, labels come in both languages, cases are
 * addressed by id; questions parse, and a malformed line is reported by number.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { LAB_METAS } from '../../labs/manifest.ts';
import { createRunner } from '../../labs/runner.ts';
import { namedResults } from '../../labs/exercise_results.ts';
import { readPath } from '../../labs/core/contract/goals.ts';
import { parseQuestions } from '../../src/components/exercises/ExerciseBuilder.tsx';

describe('named results', () => {
  const run = createRunner();
  for (const m of LAB_METAS) {
    it(`${m.id}: each named result reads back by its path, in both languages, with the verdict first`, async () => {
      const texts = Object.fromEntries(Object.entries(m.presets[0].files.es).map(([k, f]) => [k, readFileSync(`labs/${m.id}/presets/${f}`, 'utf8')]));
      const out = await run.runAny(m.id, texts, 'es');
      if (!out.ok) throw new Error('preset does not run');
      const es = namedResults(m.id, out.result, 'es');
      const en = namedResults(m.id, out.result, 'en');
      expect(es.map((n) => n.path)).toEqual(en.map((n) => n.path));
      expect(es[0]).toMatchObject({ path: 'decision.verdict', group: 'verdict' });
      expect(es.length).toBeGreaterThan(2);
      for (const n of es) expect([n.path, readPath(out.result, n.path)]).toEqual([n.path, n.value]);
      // The labs whose presets have slices (a slice column or field in their cases) offer per-slice values.
      if (['gate', 'rag', 'calibration'].includes(m.id)) expect([m.id, es.some((n) => n.group === 'slice')]).toEqual([m.id, true]);
      // No path addresses a list element by position.
      for (const n of es) expect(n.path).not.toMatch(/\.\d+\./);
    });
  }
  it('an unknown lab gets the verdict only', () => {
    expect(namedResults('nope', { decision: { verdict: 'pass' } }, 'en')).toEqual([{ path: 'decision.verdict', label: 'Verdict', group: 'verdict', format: 'verdict', value: 'pass' }]);
  });
});

describe('builder questions', () => {
  it('reads questions, options with feedback and a hint', () => {
    expect(parseQuestions('? Why?\n* Because | Yes.\n- Not this | No.\n! Look again.\n\n? Two\n- a | b\n* c | d')).toEqual({
      ok: true,
      questions: [
        { question: 'Why?', hint: 'Look again.', options: [{ text: 'Because', correct: true, feedback: 'Yes.' }, { text: 'Not this', correct: false, feedback: 'No.' }] },
        { question: 'Two', options: [{ text: 'a', correct: false, feedback: 'b' }, { text: 'c', correct: true, feedback: 'd' }] },
      ],
    });
  });
  it('names the first line it cannot read', () => {
    expect(parseQuestions('? Q\n* no feedback')).toEqual({ ok: false, line: 2 });
    expect(parseQuestions('* an option before any question | x')).toEqual({ ok: false, line: 1 });
    expect(parseQuestions('')).toEqual({ ok: true, questions: [] });
  });
});
