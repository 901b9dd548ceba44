import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseRubricInput, runRubricLab } from '../../labs/rubric/lab.ts';
import { MAX_PATTERN_LENGTH, MAX_REGEX_INPUT, compileUserRegex, regexProblem, schemaPatterns } from '../../labs/rubric/regex.ts';
import { validateAgainstSchema } from '../../labs/rubric/jsonschema.ts';

const P = new URL('../../labs/rubric/presets/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, P), 'utf8');
const baseRubric = () => JSON.parse(read('capstone_rubric.json'));
const texts = (rubric: unknown, items = read('capstone_items.jsonl')) => ({ items, rubric: JSON.stringify(rubric) });
// 32 "a" then "b": ^(a+)+$ backtracks through ~2^32 ways of splitting the a's before failing.
const evilOutput = 'a'.repeat(32) + 'b';

describe('untrusted regular expressions in a rubric', () => {
  it('regexProblem accepts what RE2 reads and refuses lookaround, backreferences, bad syntax and long patterns', () => {
    // Backtracking-prone patterns are fine on RE2: they run in linear time (next tests).
    expect(regexProblem('^(a+)+$', 'iu')).toBeNull();
    expect(regexProblem('^(a|aa)+$')).toBeNull();
    expect(regexProblem('\\b(?:lo siento|disculp\\w+)\\b', 'iu')).toBeNull();
    expect(regexProblem('^\\s*$', 'u')).toBeNull();
    expect(regexProblem('\\p{Lu}+', 'u')).toBeNull();
    expect(regexProblem('(', 'u')).toBe('bad_regex');
    expect(regexProblem('(?<=a)b')).toBe('bad_regex');
    expect(regexProblem('(?=a)')).toBe('bad_regex');
    expect(regexProblem('(\\w)\\1')).toBe('bad_regex');
    expect(regexProblem('a'.repeat(MAX_PATTERN_LENGTH))).toBeNull();
    expect(regexProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe('regex_too_long');
  });

  it('compileUserRegex runs ^(a|aa)+$ on 61 a\'s plus b, and ^(a+)+$ on 10,000, in linear time', () => {
    const t0 = performance.now();
    expect(compileUserRegex('^(a|aa)+$').test('a'.repeat(61) + 'b')).toBe(false);
    expect(compileUserRegex('^(a|aa)+$').test('a'.repeat(61))).toBe(true);
    expect(compileUserRegex('^(a+)+$', 'iu').test('a'.repeat(MAX_REGEX_INPUT) + 'b')).toBe(false);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('flags: i folds case (also beyond ASCII), s lets the dot match a newline, m anchors at lines', () => {
    expect(compileUserRegex('ñandú', 'i').test('ÑANDÚ')).toBe(true);
    expect(compileUserRegex('ñandú', '').test('ÑANDÚ')).toBe(false);
    expect(compileUserRegex('a.b', 's').test('a\nb')).toBe(true);
    expect(compileUserRegex('a.b', '').test('a\nb')).toBe(false);
    expect(compileUserRegex('^b$', 'm').test('a\nb')).toBe(true);
    expect(compileUserRegex('^b$', '').test('a\nb')).toBe(false);
  });

  it('an automatic failure ^(a|aa)+$ is accepted and scored quickly on a backtracking text', async () => {
    const rubric = { ...baseRubric(), automatic_failures: [{ id: 'evil', pattern: '^(a|aa)+$' }, { id: 'evil2', pattern: '^(a+)+$' }] };
    const items = JSON.stringify({ item: 'x', output: evilOutput }) + '\n' + JSON.stringify({ item: 'y', output: 'a'.repeat(61) + 'b' }) + '\n';
    const t0 = performance.now();
    const r = parseRubricInput(texts(rubric, items), 'es');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = await runRubricLab(r.value);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(res.items.every((i) => !i.overrides.some((o) => o.startsWith('automatic_failure')))).toBe(true);
  });

  it('a too long and an invalid automatic failure pattern get their own messages, naming the field, in es and en', () => {
    const rubric = { ...baseRubric(), automatic_failures: [{ id: 'long', pattern: 'x'.repeat(201) }, { id: 'bad', pattern: '(' }, { id: 'look', pattern: '(?<=a)b' }] };
    const r = parseRubricInput(texts(rubric), 'en');
    const es = parseRubricInput(texts(rubric), 'es');
    expect(r.ok).toBe(false);
    expect(es.ok).toBe(false);
    if (r.ok || es.ok) return;
    expect(r.issues.find((i) => i.field === 'automatic_failures.0.pattern')?.message).toContain('at most 200');
    expect(r.issues.find((i) => i.field === 'automatic_failures.1.pattern')?.message).toMatch(/^The regular expression in automatic_failures\.1\.pattern is not valid\. Patterns run on RE2/);
    expect(r.issues.find((i) => i.field === 'automatic_failures.2.pattern')?.message).toContain('lookbehind');
    expect(es.issues.find((i) => i.field === 'automatic_failures.2.pattern')?.message).toContain('RE2');
  });

  it('JSON Schema pattern and patternProperties are checked by RE2 and run on it; data keywords are not', () => {
    const schema = {
      type: 'object',
      properties: { answer: { type: 'string', pattern: '(?=x)' }, pattern: { type: 'string' } },
      patternProperties: { '(\\w)\\1': { type: 'string' }, '^ok_': { type: 'number' } },
      default: { pattern: '(?=x)' },
    };
    expect(schemaPatterns(schema).map((p) => p.path.join('.'))).toEqual(['properties.answer.pattern', 'patternProperties.(\\w)\\1', 'patternProperties.^ok_']);
    const rubric = { ...baseRubric(), json_schema: schema };
    const r = parseRubricInput(texts(rubric), 'es');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const fields = r.issues.map((i) => i.field);
    expect(fields).toContain('json_schema.properties.answer.pattern');
    expect(fields).toContain('json_schema.patternProperties.(\\w)\\1');
    expect(fields).not.toContain('json_schema.patternProperties.^ok_');
    expect(r.issues.every((i) => !i.message.startsWith('rubric.'))).toBe(true);
  });

  it('a JSON Schema pattern ^(a|aa)+$ validates a 61-a answer quickly (Ajv runs RE2)', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string', pattern: '^(a|aa)+$' } }, patternProperties: { '^(x+)+$': { type: 'number' } } };
    const t0 = performance.now();
    const bad = validateAgainstSchema(schema, { answer: 'a'.repeat(61) + 'b', ['x'.repeat(40) + 'y']: 'not checked' });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(bad.map((v) => v.keyword)).toEqual(['pattern']);
    expect(validateAgainstSchema(schema, { answer: 'a'.repeat(61), xxx: 'string' }).map((v) => v.keyword)).toEqual(['type']);
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
