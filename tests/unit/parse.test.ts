/** Reading untrusted text: every problem names its input, 1-based line and field, in es or en. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonText, parseJsonlText, lineOfOffset, csvRowLines, nonBlankLines } from '../../labs/core/contract/parse.ts';
import { formatIssue } from '../../labs/core/contract/issues.ts';

const row = z.object({ id: z.string().min(1), x: z.number().min(0).max(1) });
const doc = z.object({ name: z.string(), grid: z.array(z.number()).min(1) });

describe('parseJsonlText', () => {
  it('reads valid rows, skipping blank lines', () => {
    const r = parseJsonlText('{"id":"a","x":0.5}\n\n{"id":"b","x":1}\n', row, 'cases', 'es');
    expect(r).toEqual({ ok: true, value: [{ id: 'a', x: 0.5 }, { id: 'b', x: 1 }] });
  });
  it('reports syntax and schema errors with their line numbers (blank lines counted)', () => {
    const r = parseJsonlText('{"id":"a","x":0.5}\n\n{"id":"b","x":2}\n{"id":"c",}\n', row, 'cases', 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => [i.line, i.field])).toEqual([[3, 'x'], [4, undefined]]);
    // line 4 is `{"id":"c",}`: the comma is its 10th character
    expect(r.issues[1]).toMatchObject({ column: 10, message: 'This line is not a valid JSON object. Remove the comma before “}”: JSON allows no comma after the last item.' });
  });
  it('writes schema messages in the requested language', () => {
    const es = parseJsonlText('{"id":"a","x":"hola"}', row, 'cases', 'es');
    const en = parseJsonlText('{"id":"a","x":"hola"}', row, 'cases', 'en');
    expect(!es.ok && es.issues[0].message).toBe('Se esperaba un número; aquí hay un texto entre comillas («hola»).');
    expect(!en.ok && en.issues[0].message).toBe('Expected a number; found a text in double quotes (“hola”).');
  });
  it('rejects an input with no rows', () => {
    const r = parseJsonlText('\n  \n', row, 'cases', 'es');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0].line).toBeUndefined();
  });
  it('flags a repeated identifier on the line where it repeats', () => {
    const r = parseJsonlText('{"id":"a","x":0}\n{"id":"b","x":0}\n{"id":"a","x":1}', row, 'cases', 'en', { unique: 'id' });
    expect(!r.ok && r.issues).toEqual([{ input: 'cases', line: 3, field: 'id', message: 'The identifier “a” is repeated.' }]);
  });
  it('lists the first maxIssues problems and counts all of them', () => {
    const text = Array.from({ length: 80 }, () => 'nope').join('\n');
    const r = parseJsonlText(text, row, 'cases', 'es', { maxIssues: 5 });
    expect(!r.ok && r.issues.length).toBe(5);
    expect(!r.ok && r.total_issues).toBe(80);
  });
});

describe('parseJsonText', () => {
  it('names the line of a field that fails the schema', () => {
    const text = '{\n  "name": "p",\n  "grid": [0.1,\n    "x"]\n}';
    const r = parseJsonText(text, doc, 'policy', 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ input: 'policy', line: 4, field: 'grid.1' });
  });
  it('names the line of the parent when a required field is missing', () => {
    const r = parseJsonText('{\n  "grid": [1]\n}', doc, 'policy', 'es');
    expect(!r.ok && r.issues[0]).toMatchObject({ field: 'name', line: 1 });
  });
  it('reports the line and column of a syntax error (trailing comma, comment)', () => {
    // the slip is the comma ending line 3 ('  "grid": [1],' has it at column 14), not the "}" after it
    const r = parseJsonText('{\n  "name": "p",\n  "grid": [1],\n}', doc, 'policy', 'es');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 3, column: 14 });
    const c = parseJsonText('{\n // no\n "name": "p", "grid": [1]}', doc, 'policy', 'es');
    expect(c.ok).toBe(false);
  });
  it('explains common JSON mistakes in words', () => {
    const c = parseJsonText('{"name": "p", // note\n "grid": [1]}', doc, 'policy', 'en');
    expect(!c.ok && c.issues[0].message).toBe('JSON does not allow comments (// or /* */): remove them.');
    const t = parseJsonText('{"name": "p", "grid": [1],}', doc, 'policy', 'es');
    expect(!t.ok && t.issues[0].message).toBe('Sobra la coma antes de “}”: JSON no admite una coma tras el último elemento.');
  });
  it('points at the real cause of a deleted or missing bracket, not where the parser got lost', () => {
    // a deleted "{" before the second item: its "}" (line 3, column 17: two spaces, "b": 2, "c": 3 come first) arrives while the list's "[" is open
    const del = parseJsonText('{"name": "p", "grid": [1],\n "rows": [{"a": 1},\n  "b": 2, "c": 3}]}', doc, 'policy', 'en');
    expect(!del.ok && del.issues[0]).toMatchObject({ line: 3, column: 17, message: 'This “}” comes while the “[” of line 2 is still open: one is missing its closing bracket, or one is extra.' });
    // an extra "}" at the very start of line 2
    const extra = parseJsonText('{"name": "p"}\n}', doc, 'policy', 'es');
    expect(!extra.ok && extra.issues[0]).toMatchObject({ line: 2, column: 1, message: 'Este “}” no cierra nada: ¿se ha borrado un “{” antes de él?' });
    // a list never closed: pointed at its "[" (line 1, column 23)
    const open = parseJsonText('{"name": "p", "grid": [1, 2\n}', doc, 'policy', 'en');
    expect(!open.ok && open.issues[0]).toMatchObject({ line: 2, column: 1 });
    const unclosed = parseJsonText('{"name": "p", "grid": [1, 2', doc, 'policy', 'en');
    expect(!unclosed.ok && unclosed.issues[0]).toMatchObject({ line: 1, column: 23, message: 'This “[” is never closed: a “]” is missing.' });
    // brackets inside strings do not count
    expect(parseJsonText('{"name": "p}]", "grid": [1]}', doc, 'policy', 'en').ok).toBe(true);
  });
  it('says what a field expects and what it found, in the page language', () => {
    const missing = parseJsonText('{"grid": [1]}', doc, 'policy', 'en');
    expect(!missing.ok && missing.issues[0].message).toBe('This required field is missing (a text in double quotes).');
    const lit = z.object({ label: z.union([z.literal(0), z.literal(1)]), kind: z.enum(['gate', 'rubric']) });
    const r = parseJsonText('{"label": 2, "kind": "rag"}', lit, 'cases', 'es');
    expect(!r.ok && r.issues.map((i) => i.message)).toEqual([
      'Se esperaba uno de estos valores: 0, 1; aquí hay un número («2»).',
      'Se esperaba uno de estos valores: "gate", "rubric"; aquí hay un texto entre comillas («rag»).',
    ]);
  });
  it('says what a range, a length, a whole number or a strict object takes, in the project\'s words (not zod\'s)', () => {
    const strict = z.object({ x: z.number().min(0.5).max(1), k: z.number().int().positive(), name: z.string().min(1).max(3), grid: z.array(z.number()).min(1).max(2) }).strict();
    const text = '{"x": 0.25, "k": 1.5, "name": "", "grid": [], "extra": true}';
    const es = parseJsonText(text, strict, 'policy', 'es');
    expect(!es.ok && es.issues.map((i) => [i.field, i.message])).toEqual([
      ['x', 'Se esperaba un número mayor o igual que 0,5; aquí hay un número («0.25»).'],
      ['k', 'Se esperaba un número entero; aquí hay un número («1.5»).'],
      ['name', 'Este texto no puede estar vacío.'],
      ['grid', 'Esta lista no puede estar vacía: necesita al menos un elemento.'],
      [undefined, 'El campo "extra" no existe aquí (¿está mal escrito?).'],
    ]);
    const en = parseJsonText('{"x": 2, "k": 0, "name": "abcd", "grid": [1, 2, 3]}', strict, 'policy', 'en');
    expect(!en.ok && en.issues.map((i) => [i.field, i.message])).toEqual([
      ['x', 'Expected a number less than or equal to 1; found a number (“2”).'],
      ['k', 'Expected a number greater than 0; found a number (“0”).'],
      ['name', 'This text takes at most 3 characters.'],
      ['grid', 'This list takes at most 2 items.'],
    ]);
  });
  it('refuses numbers beyond 10^15 in magnitude, finite or not, naming line and field', () => {
    const r = parseJsonText('{"name": "p",\n "grid": [1, 1e400]}', doc, 'policy', 'en');
    expect(!r.ok && r.issues[0]).toMatchObject({ line: 2, field: 'grid.1', message: 'The number is too large: values up to 10^15 in absolute value are accepted.' });
    const big = parseJsonText('{"name": "p", "grid": [1e308]}', doc, 'policy', 'en');
    expect(!big.ok && big.issues[0].field).toBe('grid.0');
    expect(parseJsonText('{"name": "p", "grid": [1e15, -1e15]}', doc, 'policy', 'en').ok).toBe(true);
    const j = parseJsonlText('{"id":"a","x":0.5}\n{"id":"b","x":-1e999}', row, 'cases', 'es');
    expect(!j.ok && j.issues[0]).toMatchObject({ line: 2, field: 'x', message: 'El número es demasiado grande: se admiten valores de hasta 10^15 en valor absoluto.' });
  });
  it('rejects empty text', () => {
    expect(parseJsonText('   ', doc, 'policy', 'en')).toEqual({ ok: false, issues: [{ input: 'policy', message: 'The input is empty.' }] });
  });
});

describe('helpers', () => {
  it('lineOfOffset counts newlines before an offset', () => {
    expect(lineOfOffset('a\nb\nc', 0)).toBe(1);
    expect(lineOfOffset('a\nb\nc', 2)).toBe(2);
    expect(lineOfOffset('a\nb\nc', 4)).toBe(3);
  });
  it('formatIssue reads as one sentence in each language', () => {
    expect(formatIssue({ input: 'cases', line: 3, field: 'score', message: 'x' }, 'es')).toBe('cases, línea 3, campo score: x');
    expect(formatIssue({ input: 'policy', message: 'y' }, 'en')).toBe('policy: y');
    expect(formatIssue({ input: 'policy', line: 2, column: 7, message: 'z' }, 'en')).toBe('policy, line 2, column 7: z');
  });
});

describe('line numbers of rows', () => {
  it('nonBlankLines gives the 1-based lines that hold a JSONL row, skipping blank and white-space lines', () => {
    expect(nonBlankLines('{"a":1}\n\n  \n{"a":2}\n')).toEqual([1, 4]);
    expect(nonBlankLines('')).toEqual([]);
  });
  it('csvRowLines starts each row after the previous one and the line breaks inside its quoted cells', () => {
    // rows as Papa Parse gives them for: a,b / "x<newline>y",z / (blank) / c
    expect(csvRowLines([['a', 'b'], ['x\ny', 'z'], [''], ['c']])).toEqual([1, 2, 4, 5]);
  });
});
