/** Reading untrusted text: every problem names its input, 1-based line and field, in es or en. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonText, parseJsonlText, lineOfOffset } from '../../labs/core/contract/parse.ts';
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
    expect(r.issues[1].message).toBe('This line is not a valid JSON object.');
  });
  it('writes schema messages in the requested language', () => {
    const es = parseJsonlText('{"id":"a","x":"hola"}', row, 'cases', 'es');
    const en = parseJsonlText('{"id":"a","x":"hola"}', row, 'cases', 'en');
    expect(!es.ok && es.issues[0].message).toMatch(/se esperaba número/);
    expect(!en.ok && en.issues[0].message).toMatch(/expected number/);
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
  it('reports the line of a syntax error (trailing comma, comment)', () => {
    const r = parseJsonText('{\n  "name": "p",\n  "grid": [1],\n}', doc, 'policy', 'es');
    expect(!r.ok && r.issues[0].line).toBe(4);
    const c = parseJsonText('{\n // no\n "name": "p", "grid": [1]}', doc, 'policy', 'es');
    expect(c.ok).toBe(false);
  });
  it('explains common JSON mistakes in words', () => {
    const c = parseJsonText('{"name": "p", // note\n "grid": [1]}', doc, 'policy', 'en');
    expect(!c.ok && c.issues[0].message).toBe('JSON does not allow comments (// or /* */): remove them.');
    const t = parseJsonText('{"name": "p", "grid": [1],}', doc, 'policy', 'es');
    expect(!t.ok && t.issues[0].message).toMatch(/coma al final/);
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
  });
});
