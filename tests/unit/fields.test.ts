/**
 * Shared fields (labs/core/contract/fields.ts): a confidence level outside [0.5, 0.9999] is refused
 * by every lab that takes one, with the field's own message in the page's language (issue 23: 1e-300
 * was accepted, alpha = 1 − 1e-300 rounded to 1, and the gate planner threw "unexpected engine
 * error" with no line or field).
 */
import { describe, expect, it } from 'vitest';
import { labMeta } from '../../labs/manifest.ts';
import { presetTexts } from '../helpers/presets.ts';

/** Where each lab's confidence_level lives: its input, and the object inside that input's JSON. */
const WHERE: { lab: string; input: string; at: (json: Record<string, unknown>) => Record<string, unknown> }[] = [
  { lab: 'gate', input: 'policy', at: (j) => j },
  { lab: 'rag', input: 'policy', at: (j) => j },
  { lab: 'evaluators', input: 'rubric', at: (j) => j },
];

async function parseWith(lab: string, input: string, at: (j: Record<string, unknown>) => Record<string, unknown>, level: number, lang: 'es' | 'en') {
  const texts = presetTexts(lab, lang);
  const json = JSON.parse(texts[input]) as Record<string, unknown>;
  at(json).confidence_level = level;
  const { parse } = (await labMeta(lab)!.load()).lab;
  return parse({ ...texts, [input]: JSON.stringify(json) }, lang);
}

describe('confidence_level', () => {
  for (const { lab, input, at } of WHERE) {
    it(`${lab}: 1e-300, 0.3, 0.99999 and 1 − 1e-17 are refused with the field's message; 0.5, 0.9 and 0.9999 are accepted`, async () => {
      // 1 − 1e-17 (typed 0.99999999999999999) reads as 1: alpha = 0, the planner's quantile is infinite
      for (const level of [1e-300, 0.3, 0.99999, 1 - 1e-17]) {
        const es = await parseWith(lab, input, at, level, 'es');
        expect(es.ok, `${level}`).toBe(false);
        if (!es.ok) expect(es.issues).toContainEqual(expect.objectContaining({ input, field: 'confidence_level', message: expect.stringContaining('entre 0,5 y 0,9999') }));
        const en = await parseWith(lab, input, at, level, 'en');
        expect(en.ok, `${level}`).toBe(false);
        if (!en.ok) expect(en.issues).toContainEqual(expect.objectContaining({ input, field: 'confidence_level', message: expect.stringContaining('from 0.5 to 0.9999') }));
      }
      for (const level of [0.5, 0.9, 0.9999]) expect((await parseWith(lab, input, at, level, 'en')).ok, `${level}`).toBe(true);
    }, 30_000);
  }
});
