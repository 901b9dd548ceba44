import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseRubricInput, runRubricLab } from '../../labs/rubric/lab.ts';
import { MAX_PATTERN_LENGTH, MAX_REGEX_INPUT, regexProblem, schemaPatterns } from '../../labs/rubric/regex.ts';

const P = new URL('../../labs/rubric/presets/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, P), 'utf8');
const baseRubric = () => JSON.parse(read('capstone_rubric.json'));
const texts = (rubric: unknown, items = read('capstone_items.jsonl')) => ({ items, rubric: JSON.stringify(rubric) });
// 32 "a" then "b": ^(a+)+$ backtracks through ~2^32 ways of splitting the a's before failing.
const evilOutput = 'a'.repeat(32) + 'b';

describe('untrusted regular expressions in a rubric', () => {
  it('regexProblem flags nested quantifiers and accepts ordinary patterns', () => {
    expect(regexProblem('^(a+)+$', 'iu')).toBe('unsafe_regex');
    expect(regexProblem('(\\d+)*x')).toBe('unsafe_regex');
    expect(regexProblem('(.*a){12}')).toBe('unsafe_regex');
    expect(regexProblem('\\b(?:lo siento|disculp\\w+)\\b', 'iu')).toBeNull();
    expect(regexProblem('^\\s*$', 'u')).toBeNull();
    expect(regexProblem('\\p{Lu}+', 'u')).toBeNull();
    expect(regexProblem('(', 'u')).toBe('bad_regex');
    expect(regexProblem('a'.repeat(MAX_PATTERN_LENGTH))).toBeNull();
    expect(regexProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe('regex_too_long');
  });

  it('an automatic failure ^(a+)+$ is refused at parse time, with the field named in es and en (and nothing runs)', () => {
    const rubric = { ...baseRubric(), automatic_failures: [{ id: 'evil', pattern: '^(a+)+$' }] };
    const items = JSON.stringify({ item: 'x', output: evilOutput }) + '\n';
    const t0 = performance.now();
    const es = parseRubricInput(texts(rubric, items), 'es');
    const en = parseRubricInput(texts(rubric, items), 'en');
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(es.ok).toBe(false);
    expect(en.ok).toBe(false);
    if (es.ok || en.ok) return;
    const esIssue = es.issues.find((i) => i.field === 'automatic_failures.0.pattern');
    const enIssue = en.issues.find((i) => i.field === 'automatic_failures.0.pattern');
    expect(esIssue?.message).toContain('automatic_failures.0.pattern');
    expect(esIssue?.message).toContain('tiempo exponencial');
    expect(enIssue?.message).toContain('automatic_failures.0.pattern');
    expect(enIssue?.message).toContain('exponential time');
  });

  it('a too long and an invalid automatic failure pattern get their own messages', () => {
    const rubric = { ...baseRubric(), automatic_failures: [{ id: 'long', pattern: 'x'.repeat(201) }, { id: 'bad', pattern: '(' }] };
    const r = parseRubricInput(texts(rubric), 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.find((i) => i.field === 'automatic_failures.0.pattern')?.message).toContain('at most 200');
    expect(r.issues.find((i) => i.field === 'automatic_failures.1.pattern')?.message).toBe('The regular expression in automatic_failures.1.pattern is not valid.');
  });

  it('JSON Schema pattern and patternProperties are checked too; data keywords are not', () => {
    const schema = {
      type: 'object',
      properties: { answer: { type: 'string', pattern: '^(a+)+$' }, pattern: { type: 'string' } },
      patternProperties: { '^(x*)*$': { type: 'string' }, '^ok_': { type: 'number' } },
      default: { pattern: '^(a+)+$' },
    };
    expect(schemaPatterns(schema).map((p) => p.path.join('.'))).toEqual(['properties.answer.pattern', 'patternProperties.^(x*)*$', 'patternProperties.^ok_']);
    const rubric = { ...baseRubric(), json_schema: schema };
    const r = parseRubricInput(texts(rubric), 'es');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const fields = r.issues.map((i) => i.field);
    expect(fields).toContain('json_schema.properties.answer.pattern');
    expect(fields).toContain('json_schema.patternProperties.^(x*)*$');
    expect(fields).not.toContain('json_schema.patternProperties.^ok_');
    expect(r.issues.every((i) => !i.message.startsWith('rubric.'))).toBe(true);
  });

  it('an ordinary automatic failure still fires, and only the first MAX_REGEX_INPUT characters are tested', async () => {
    const rubric = { ...baseRubric(), automatic_failures: [{ id: 'apology', pattern: 'lo siento' }] };
    const near = JSON.stringify({ item: 'near', output: 'Lo siento, no sé.' });
    const far = JSON.stringify({ item: 'far', output: 'x'.repeat(MAX_REGEX_INPUT) + ' lo siento' });
    const r = parseRubricInput(texts(rubric, `${near}\n${far}\n`), 'en');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = await runRubricLab(r.value);
    expect(res.items[0].overrides).toContain('automatic_failure:apology');
    expect(res.items[1].overrides).not.toContain('automatic_failure:apology');
  });
});
