/**
 * Inputs in exercise messages are named in the page's language: every lab input has a label in
 * Spanish and in English (labs/<lab>/meta.ts), and the goal panel's "what stays fixed" line, the
 * "you changed X" sentence (page, CLI and syllabus verifier alike) use it, never the input's key.
 * Expected sentences are written out by hand from the dictionaries.
 */
import { describe, expect, it } from 'vitest';
import { LAB_METAS, labMeta } from '../../labs/manifest.ts';
import { checkExercise } from '../../labs/core/contract/exercise_check.ts';
import { inputLabel } from '../../labs/core/contract/exercise_messages.ts';
import { readCourseExercise, specOf, startTextsOf } from '../../labs/exercise_host.ts';
import { openText } from '../../src/components/exercises/ExerciseRunner.tsx';

const policyEdit = (text: string, f: (p: Record<string, unknown>) => void) => {
  const p = JSON.parse(text) as Record<string, unknown>;
  f(p);
  return JSON.stringify(p, null, 2);
};

describe('input names in exercises', () => {
  it('every lab input has a label in both languages, one per input', () => {
    for (const m of LAB_METAS) {
      for (const lang of ['es', 'en'] as const) {
        const labels = m.inputs.map((i) => i.label[lang]);
        for (const l of labels) expect([m.id, lang, l.trim().length > 0]).toEqual([m.id, lang, true]);
        expect([m.id, lang, new Set(labels).size]).toEqual([m.id, lang, labels.length]);
      }
    }
    expect(labMeta('threshold')!.inputs.map((i) => i.label)).toEqual([{ es: 'casos', en: 'cases' }, { es: 'política', en: 'policy' }]);
  });

  it('inputLabel falls back to the key for an input the lab does not have', () => {
    const inputs = labMeta('gate')!.inputs;
    expect(inputLabel(inputs, 'policy', 'es')).toBe('política del gate');
    expect(inputLabel(inputs, 'policy', 'en')).toBe('gate policy');
    expect(inputLabel(inputs, 'nothing', 'es')).toBe('nothing');
    expect(inputLabel(undefined, 'policy', 'es')).toBe('policy');
  });

  it('the kept-fixed sentence names the input in the page\'s language', () => {
    for (const lang of ['es', 'en'] as const) {
      const spec = specOf(readCourseExercise('threshold-review-capacity', lang)!);
      const start = startTextsOf(spec, lang);
      const now = { ...start, policy: policyEdit(start.policy, (p) => { p.max_review_rate = 0.084; p.cost_review = 1; }) };
      const c = checkExercise(spec, null, start, now, labMeta('threshold')!.inputs, lang);
      expect(c.changes.map((x) => x.input)).toEqual(['policy']);
      expect(c.messages.at(-1)).toBe(lang === 'es'
        ? 'Cambiaste «política» (editaste cost_review), y este ejercicio mantiene fija esa entrada.'
        : 'You changed “policy” (edited cost_review), which this exercise keeps fixed.');
    }
    const spec = specOf(readCourseExercise('gate-abstention', 'es')!);
    const start = startTextsOf(spec, 'es');
    const now = { ...start, policy: policyEdit(start.policy, (p) => { p.max_regressions = 3; }) };
    expect(checkExercise(spec, null, start, now, labMeta('gate')!.inputs, 'es').messages.at(-1)).toBe('Cambiaste «política del gate» (editaste max_regressions), y este ejercicio mantiene fija esa entrada.');
  });

  it('"what you may change" names the open inputs in the page\'s language', () => {
    const text = (slug: string, lang: 'es' | 'en') => openText(specOf(readCourseExercise(slug, lang)!), lang);
    expect(text('threshold-review-capacity', 'es')).toMatch(/^Puedes cambiar: una parte de «política»\. /);
    expect(text('threshold-review-capacity', 'en')).toMatch(/^You may change: one part of “policy”\. /);
    expect(text('gate-sample-size', 'es')).toMatch(/^Puedes cambiar: añadir elementos a «casos» \(los que ya tiene se mantienen\); añadir elementos a «respuestas de ambas versiones»/);
    expect(text('gate-sample-size', 'en')).toMatch(/^You may change: new elements in “cases” \(the ones it has stay as they are\); new elements in “both versions' answers”/);
    expect(text('rag-best-ndcg-fails', 'es')).toMatch(/^Puedes cambiar: una parte de «política del gate»\. /);
  });
});
