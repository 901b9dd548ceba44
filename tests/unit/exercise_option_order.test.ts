/**
 * Diagnosis questions cannot be gamed by position (issue 20): every exercise is written with its
 * correct option first, so the page shows the options in a fixed shuffled order
 * (labs/core/contract/option_order.ts) while the attempt and the receipt keep the original index.
 * Also: a goal on a yes/no field does not show a raw "current value" that reads as the opposite
 * of its sentence (labs/core/contract/goals.ts showsCurrentValue).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { optionOrder } from '../../labs/core/contract/option_order.ts';
import { evaluateGoals, showsCurrentValue } from '../../labs/core/contract/goals.ts';
import { buildReceipt, verifyReceipt } from '../../labs/core/contract/receipt.ts';
import { applyState, commitAnswer, newAttempt, showHint } from '../../labs/core/contract/attempt.ts';
import { nodeVerifyHost, readCourseExercise, specOf, startTextsOf } from '../../labs/exercise_host.ts';
import { createRunner } from '../../labs/runner.ts';
import { labMeta } from '../../labs/manifest.ts';
import { CASEFOLD_ID, casefoldSolved } from '../helpers/casefold_solved.ts';

const IDS = readdirSync('content/exercises/en').filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, '')).sort();
const LANGS = ['es', 'en'] as const;

describe('option order of diagnosis questions', () => {
  it("is Python's random.Random(fnv1a(id#question)).shuffle(list(range(n))) (values from CPython 3.11)", () => {
    // /usr/bin/python3: fnv1a('rag-fusion-k#0') = 4064453007 -> [2, 1, 0, 3];
    // fnv1a('rubric-casefold-break#2') = 1197949487 -> [1, 0, 3, 2, 4]
    expect(optionOrder('rag-fusion-k', 0, 4)).toEqual([2, 1, 0, 3]);
    expect(optionOrder('rubric-casefold-break', 2, 5)).toEqual([1, 0, 3, 2, 4]);
    expect(optionOrder('x', 0, 1)).toEqual([0]);
    expect(optionOrder('x', 0, 0)).toEqual([]);
  });

  it('is a permutation of the options, the same on every call', () => {
    for (const n of [1, 2, 3, 4, 5, 8]) {
      const o = optionOrder('gate-sample-size', 0, n);
      expect([...o].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(optionOrder('gate-sample-size', 0, n)).toEqual(o);
    }
    expect(optionOrder('x', 0, 0)).toEqual([]);
    expect(optionOrder('x', 0, 2.5)).toEqual([]);
  });

  it('over all 18 exercises in both languages, the correct option is shown first in at most 60% of the questions (it is first in the definitions)', () => {
    expect(IDS).toHaveLength(18);
    let questions = 0;
    let firstInDefinition = 0;
    let shownFirst = 0;
    const positions = new Set<number>();
    for (const id of IDS) for (const lang of LANGS) {
      const spec = specOf(readCourseExercise(id, lang)!);
      spec.questions.forEach((q, i) => {
        questions++;
        if (q.options[0].correct) firstInDefinition++;
        const order = optionOrder(id, i, q.options.length);
        const pos = order.findIndex((k) => q.options[k].correct);
        positions.add(pos);
        if (pos === 0) shownFirst++;
      });
    }
    expect(questions).toBeGreaterThanOrEqual(90);
    // What the tester found: in the definitions the correct option is always the first.
    expect(firstInDefinition).toBe(questions);
    expect(shownFirst / questions).toBeLessThanOrEqual(0.6);
    // The correct option turns up in more than one other position too.
    expect(positions.size).toBeGreaterThanOrEqual(3);
  });

  it('a receipt made by answering through the shown order (a wrong option, its hint, then the right one) verifies', async () => {
    const ID = CASEFOLD_ID;
    const { spec, start, texts, out } = await casefoldSolved();
    let a = newAttempt(spec, '2026-03-01T09:00:00.000Z');
    spec.questions.forEach((q, i) => {
      // The learner sees `shown`, picks by position; the page commits the option's original index.
      const shown = optionOrder(ID, i, q.options.length);
      const wrongAt = shown.findIndex((k) => !q.options[k].correct);
      const rightAt = shown.findIndex((k) => q.options[k].correct);
      a = commitAnswer(a, spec, i, shown[wrongAt]).attempt;
      a = showHint(a, i);
      a = commitAnswer(a, spec, i, shown[rightAt]).attempt;
    });
    a = applyState(a, spec, { goalsMet: true, fixedIntact: true, fresh: true }, '2026-03-01T09:20:00.000Z');
    const r = await buildReceipt({ id: ID, lang: 'es', source: 'course', spec, inputs: { texts }, inputSpecs: labMeta('rubric')!.inputs, start, result: out.result, attempt: a, now: '2026-03-01T09:21:00.000Z' });
    // Recorded against the definition: choice is the original index, its text that option's.
    for (const ans of r.answers) expect(spec.questions[ans.question].options[ans.choice]).toMatchObject({ correct: true, text: ans.text });
    const v = await verifyReceipt(JSON.parse(JSON.stringify(r)), nodeVerifyHost(), 'en');
    expect(v.reasons).toEqual([]);
    expect(v.valid).toBe(true);
    expect(v.tries).toBe(2 * spec.questions.length);
  }, 60_000);
});

describe('current value next to a goal', () => {
  it('rag-best-ndcg-fails at its start: "hybrid_rerank … fails the gate" is not met and shows no raw passes_gate "yes"; a numeric goal still shows its value', async () => {
    for (const lang of LANGS) {
      const spec = specOf(readCourseExercise('rag-best-ndcg-fails', lang)!);
      const out = await createRunner().runAny('rag', startTextsOf(spec, lang), lang);
      if (!out.ok) throw new Error('does not run');
      const ev = evaluateGoals(spec.goals, out.result);
      const i = spec.goals.findIndex((g) => g.path === 'comparison.variants[variant_id=hybrid_rerank].passes_gate');
      // At the start the kit's gate lets hybrid_rerank pass (the exercise's premise): passes_gate is true.
      expect(ev.results[i]).toMatchObject({ met: false, actual: true });
      expect(showsCurrentValue(spec.goals[i], ev.results[i])).toBe(false);
      const num = spec.goals.findIndex((g) => g.path === 'comparison.policy.min_recall_at_k');
      expect(showsCurrentValue(spec.goals[num], ev.results[num])).toBe(true);
    }
  }, 60_000);

  it('in every exercise (both languages), no goal compared with true / false shows a current value, met or not', () => {
    let boolGoals = 0;
    for (const id of IDS) for (const lang of LANGS) {
      for (const g of specOf(readCourseExercise(id, lang)!).goals) {
        if (typeof g.value !== 'boolean') continue;
        boolGoals++;
        for (const actual of [true, false]) {
          const met = g.op === '==' ? actual === g.value : actual !== g.value;
          expect(showsCurrentValue(g, { met, status: met ? 'met' : 'not_met', actual })).toBe(false);
        }
      }
    }
    // rag-best-ndcg-fails and calibration-conformal-alpha (== false), rubric-breakdown-check (== true), in two languages.
    expect(boolGoals).toBe(6);
    expect(showsCurrentValue({ path: 'x', op: '>=', value: 0.78, label: 'x' } as never, { met: false, status: 'not_met', actual: 0.5 })).toBe(true);
    expect(showsCurrentValue({ path: 'x', op: '==', value: false, label: 'x' } as never, { met: false, status: 'missing', actual: undefined })).toBe(false);
  });
});
