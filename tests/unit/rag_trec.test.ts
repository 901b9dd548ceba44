/**
 * labs/rag/trec.ts: TREC qrels (`qid iter docid rel`) and runs (`qid Q0 docid rank score tag`)
 * read from small texts written here, including malformed lines: every problem names the input,
 * the line and the field, in Spanish and English.
 */
import { describe, expect, it } from 'vitest';
import { parseQrels, parseRun } from '../../labs/rag/trec.ts';

describe('qrels', () => {
  it('reads judgments per query in file order; any spacing; blank and # lines skipped; negative grades kept', () => {
    const r = parseQrels('# judged by the domain team\nq1 0 d1 3\nq1\t0\td2 0\n\nq2 0  d9 -2\nq1 0 d3 1\n', 'qrels', 'en');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([...r.value.queries.keys()]).toEqual(['q1', 'q2']);
    expect(r.value.queries.get('q1')).toEqual([
      ['d1', 3],
      ['d2', 0],
      ['d3', 1],
    ]);
    expect(r.value.queries.get('q2')).toEqual([['d9', -2]]);
    expect(r.value.judgments).toBe(4);
  });
  it('malformed lines: field count, a grade that is not a number or out of range, a repeated judgment', () => {
    const r = parseQrels('q1 0 d1 3\nq1 0 d2\nq1 0 d3 high\nq1 0 d4 1000\nq1 0 d1 2\nq1 0 d5 1 extra\n', 'qrels', 'es');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => [i.input, i.line, i.field])).toEqual([
      ['qrels', 2, 'rel'],
      ['qrels', 3, 'rel'],
      ['qrels', 4, 'rel'],
      ['qrels', 5, 'docid'],
      ['qrels', 6, 'rel'],
    ]);
    expect(r.issues[0].message).toBe('Se esperaban 4 campos (qid iter docid rel) y hay 3.');
    expect(r.issues[1].message).toContain('«high»');
    expect(r.issues[3].message).toBe('El documento «d1» ya está juzgado para la consulta «q1».');
  });
  it('messages in English', () => {
    const r = parseQrels('q1 0 d1\n', 'qrels', 'en');
    expect(!r.ok && r.issues[0].message).toBe('Expected 4 fields (qid iter docid rel), found 3.');
  });
  it('an empty file (or only comments) is an issue', () => {
    const r = parseQrels('# nothing\n\n', 'qrels', 'en');
    expect(!r.ok && r.issues[0]).toEqual({ input: 'qrels', message: 'There is no data line (format: qid iter docid rel).' });
  });
  it('caps the listed issues and counts them all', () => {
    const r = parseQrels(Array.from({ length: 60 }, () => 'bad').join('\n'), 'qrels', 'en');
    expect(!r.ok && r.issues.length).toBe(50);
    expect(!r.ok && r.total_issues).toBe(60);
  });
});

describe('runs', () => {
  it('orders each query by score, decreasing; ties keep the file order; the rank column is kept, not used', () => {
    const text = ['q1 Q0 a 3 0.5 bm25', 'q1 Q0 b 1 0.9 bm25', 'q1 Q0 c 2 0.5 bm25', 'q2 Q0 x 1 12 bm25', 'q1 Q0 d 4 -1e-1 bm25'].join('\n');
    const r = parseRun(text, 'run', 'en');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.tag).toBe('bm25');
    expect(r.value.queries.get('q1')).toEqual({ ids: ['b', 'a', 'c', 'd'], scores: [0.9, 0.5, 0.5, -0.1], file_ranks: [1, 3, 2, 4] });
    expect(r.value.lines).toBe(5);
  });
  it('keeps a repeated docid (the metrics count it once, at its first rank)', () => {
    const r = parseRun('q Q0 a 1 2 t\nq Q0 a 2 1 t\n', 'run', 'en');
    expect(r.ok && r.value.queries.get('q')!.ids).toEqual(['a', 'a']);
  });
  it('malformed lines: field count, rank, score, a second tag', () => {
    const text = ['q1 Q0 a 1 0.9 t1', 'q1 Q0 b 2 0.8', 'q1 Q0 c zero 0.7 t1', 'q1 Q0 d 0 0.7 t1', 'q1 Q0 e 4 NaN t1', 'q1 Q0 f 5 1e999 t1', 'q1 Q0 g 6 0.1 t2'].join('\n');
    const r = parseRun(text, 'run_b', 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => [i.input, i.line, i.field])).toEqual([
      ['run_b', 2, 'tag'],
      ['run_b', 3, 'rank'],
      ['run_b', 4, 'rank'],
      ['run_b', 5, 'score'],
      ['run_b', 6, 'score'],
      ['run_b', 7, 'tag'],
    ]);
    expect(r.issues[0].message).toBe('Expected 6 fields (qid Q0 docid rank score tag), found 5.');
    expect(r.issues[1].message).toBe('Rank "zero" is not an integer of at least 1.');
    expect(r.issues[5].message).toBe('Tag "t2" differs from "t1" (line 1): each file holds one run; put the second in run_b.');
  });
  it('Spanish messages name the value', () => {
    const r = parseRun('q1 Q0 a 1 mucho t\n', 'run', 'es');
    expect(!r.ok && r.issues[0].message).toBe('La puntuación «mucho» no es un número válido.');
  });
  it('an empty run is an issue', () => {
    const r = parseRun('', 'run', 'es');
    expect(!r.ok && r.issues[0].message).toBe('No hay ninguna línea con datos (formato: qid Q0 docid rank score tag).');
  });
});
