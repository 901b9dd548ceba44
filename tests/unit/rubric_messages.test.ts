import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { parseRubricInput } from '../../labs/rubric/lab.ts';
import { describeViolation } from '../../labs/rubric/describe.ts';
import { schemaCompileProblem, validateAgainstSchema } from '../../labs/rubric/jsonschema.ts';

const P = new URL('../../labs/rubric/presets/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, P), 'utf8');
const withRubric = (patch: (r: Record<string, any>) => void) => {
  const r = JSON.parse(read('capstone_rubric.json'));
  patch(r);
  return { items: read('capstone_items.jsonl'), rubric: JSON.stringify(r) };
};

// Schema, value pairs that break one keyword each (Ajv 8, draft-07).
const CASES: [Record<string, unknown>, unknown][] = [
  [{ required: ['a'] }, {}],
  [{ type: 'string' }, 1],
  [{ additionalProperties: false }, { x: 1 }],
  [{ enum: [1, 2] }, 3],
  [{ const: 1 }, 2],
  [{ minLength: 2 }, 'a'],
  [{ maxItems: 1 }, [1, 2]],
  [{ minimum: 3 }, 1],
  [{ exclusiveMaximum: 3 }, 3],
  [{ pattern: '^x' }, 'y'],
  [{ multipleOf: 2 }, 3],
  [{ uniqueItems: true }, [1, 1]],
  [{ minProperties: 1 }, {}],
  [{ maxProperties: 0 }, { a: 1 }],
  [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, true],
  [{ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1],
  [{ not: { type: 'number' } }, 1],
  [{ properties: { a: false } }, { a: 1 }],
  [{ dependencies: { a: ['b'] } }, { a: 1 }],
  [{ contains: { type: 'string' } }, [1]],
  [{ propertyNames: { maxLength: 1 } }, { ab: 1 }],
  [{ if: { type: 'number' }, then: { minimum: 5 } }, 1],
];

describe('JSON Schema messages never show Ajv English text', () => {
  it('every violation of a range of keywords gets a catalog sentence in es and in en, different from Ajv\'s message', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const [schema, value] of CASES) {
      const vs = validateAgainstSchema(schema, value);
      expect(vs.length, JSON.stringify(schema)).toBeGreaterThan(0);
      const validate = ajv.compile(schema);
      validate(value);
      const english = (validate.errors ?? []).map((e) => e.message ?? '');
      for (const v of vs) {
        const es = describeViolation(v, 'es');
        const en = describeViolation(v, 'en');
        expect(es).not.toBe(en);
        for (const m of english) {
          expect(es.includes(m), `${es} / ${m}`).toBe(false);
          // English wording may coincide with Ajv's; what must not appear is Ajv's "data/path message" text.
          expect(en.includes(`data${v.path} ${m}`)).toBe(false);
        }
      }
    }
  });
  it('an unknown keyword falls back to a translated sentence naming the keyword and the path', () => {
    const v = { keyword: 'contains', path: '/list', params: {} };
    expect(describeViolation(v, 'es')).toBe('/list: no cumple la regla «contains» del esquema');
    expect(describeViolation(v, 'en')).toBe('/list: breaks the schema rule “contains”');
  });
  it('a schema that breaks the meta-schema is reported on the offending key, translated, without Ajv\'s words', () => {
    for (const lang of ['es', 'en'] as const) {
      const r = parseRubricInput(withRubric((x) => (x.json_schema = { type: 'object', required: 'answer', properties: { answer: { type: 'strnig' } } })), lang);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const fields = r.issues.map((i) => i.field);
      expect(fields).toContain('json_schema.required');
      expect(fields).toContain('json_schema.properties.answer.type');
      for (const i of r.issues) {
        expect(i.message).not.toMatch(/schema is invalid|data\//);
        if (lang === 'es') expect(i.message).not.toMatch(/must /);
        expect(i.message).toMatch(lang === 'es' ? /^El JSON Schema no es válido/ : /^The JSON Schema is not valid/);
      }
    }
  });
  it('a $ref that points nowhere is reported in both languages', () => {
    expect(schemaCompileProblem({ $ref: '#/definitions/nowhere' })).toEqual({ kind: 'missing_ref', ref: '#/definitions/nowhere' });
    const es = parseRubricInput(withRubric((x) => (x.json_schema = { $ref: '#/definitions/nowhere' })), 'es');
    const en = parseRubricInput(withRubric((x) => (x.json_schema = { $ref: '#/definitions/nowhere' })), 'en');
    expect(!es.ok && es.issues[0].message).toContain('la referencia #/definitions/nowhere');
    expect(!en.ok && en.issues[0].message).toContain('the reference #/definitions/nowhere');
  });
});

describe('an unknown normalization step', () => {
  it('lists the allowed steps in es and en', () => {
    for (const [lang, start] of [['es', 'Paso de normalización desconocido'], ['en', 'Unknown normalization step']] as const) {
      const r = parseRubricInput(withRubric((x) => x.normalization.steps.push({ step: 'lowercase' })), lang);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const n = JSON.parse(read('capstone_rubric.json')).normalization.steps.length;
      const issue = r.issues.find((i) => i.field === `normalization.steps.${n}.step`);
      expect(issue?.message.startsWith(start)).toBe(true);
      for (const s of ['strip', 'case_fold', 'strip_trailing_period', 'collapse_whitespace', 'nfc']) expect(issue?.message).toContain(s);
    }
  });
});
