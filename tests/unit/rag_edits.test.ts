/**
 * The RAG lab's trace edits (src/components/labs/rag/edits.ts) on texts written here: each edit
 * changes only what it names, keeps the rest of the learner's text byte for byte, finds the case by
 * case_id (never by position), and returns null where the text cannot be edited that way.
 */
import { describe, expect, it } from 'vitest';
import { findCaseIndex, setContextChunks, setGoldGrade, setQrelsGrade, swapRetrieved } from '../../src/components/labs/rag/edits.ts';
import { chunkLines } from '../../src/components/labs/rag/figures.tsx';

const CASES = `[
  // a comment the learner wrote
  {"case_id": "q1", "answerable": true,
   "gold_chunks": {"a#1": 3},
   "retrieved": [{"chunk_id": "a#1", "tokens": 10},   {"chunk_id": "b#2", "tokens": 20}, {"chunk_id": "c#3"}]},
  {"case_id": "q2", "answerable": false, "retrieved": []}
]`;

describe('findCaseIndex', () => {
  it('finds a case by its id, not by position', () => {
    expect(findCaseIndex(CASES, 'q2')).toBe(1);
    expect(findCaseIndex(CASES, 'q9')).toBeNull();
    expect(findCaseIndex('{"case_id": "q1"}', 'q1')).toBeNull();
  });
});

describe('setGoldGrade', () => {
  it('adds a grade to an existing gold_chunks and keeps the rest as typed', () => {
    const out = setGoldGrade(CASES, 'q1', 'b#2', 1)!;
    expect(JSON.parse(out.replace('// a comment the learner wrote', ''))[0].gold_chunks).toEqual({ 'a#1': 3, 'b#2': 1 });
    expect(out).toContain('// a comment the learner wrote');
    expect(out).toContain('{"chunk_id": "a#1", "tokens": 10},   {"chunk_id": "b#2"');
  });
  it('changes an existing grade, and removes it with null', () => {
    expect(setGoldGrade(CASES, 'q1', 'a#1', 0)).toBe(CASES.replace('{"a#1": 3}', '{"a#1": 0}'));
    const removed = setGoldGrade(CASES, 'q1', 'a#1', null)!;
    expect(JSON.parse(removed.replace(/\/\/.*\n/, ''))[0].gold_chunks).toEqual({});
  });
  it('creates gold_chunks when the case has none', () => {
    const out = setGoldGrade(CASES, 'q2', 'z#9', 2)!;
    expect(JSON.parse(out.replace(/\/\/.*\n/, ''))[1].gold_chunks).toEqual({ 'z#9': 2 });
    expect(setGoldGrade(CASES, 'q2', 'z#9', null)).toBe(CASES);
  });
  it('refuses an unknown case', () => {
    expect(setGoldGrade(CASES, 'nope', 'a#1', 1)).toBeNull();
  });
});

describe('setQrelsGrade', () => {
  const QRELS = 'q1 0 a#1 3\nq1\t0\tb#2\t0\nq2 0 a#1 1\n';
  it('changes only the grade field of the matching line, keeping its separators', () => {
    expect(setQrelsGrade(QRELS, 'q1', 'b#2', 2)).toBe('q1 0 a#1 3\nq1\t0\tb#2\t2\nq2 0 a#1 1\n');
  });
  it('removes a judgment with null and appends a new one on its own line', () => {
    expect(setQrelsGrade(QRELS, 'q1', 'a#1', null)).toBe('q1\t0\tb#2\t0\nq2 0 a#1 1\n');
    expect(setQrelsGrade('q1 0 a#1 3', 'q1', 'c#3', 1)).toBe('q1 0 a#1 3\nq1 0 c#3 1\n');
    expect(setQrelsGrade('', 'q1', 'c#3', 1)).toBe('q1 0 c#3 1\n');
  });
});

describe('swapRetrieved', () => {
  it('swaps the exact texts of two entries', () => {
    expect(swapRetrieved(CASES, 'q1', 0, 1)).toBe(CASES.replace('{"chunk_id": "a#1", "tokens": 10},   {"chunk_id": "b#2", "tokens": 20}', '{"chunk_id": "b#2", "tokens": 20},   {"chunk_id": "a#1", "tokens": 10}'));
    expect(swapRetrieved(CASES, 'q1', 2, 1)).toBe(CASES.replace('{"chunk_id": "b#2", "tokens": 20}, {"chunk_id": "c#3"}', '{"chunk_id": "c#3"}, {"chunk_id": "b#2", "tokens": 20}'));
  });
  it('refuses positions out of range and unknown cases', () => {
    expect(swapRetrieved(CASES, 'q1', 2, 3)).toBeNull();
    expect(swapRetrieved(CASES, 'q2', 0, 1)).toBeNull();
    expect(swapRetrieved(CASES, 'q9', 0, 1)).toBeNull();
  });
});

describe('setContextChunks', () => {
  it('writes context_chunks and removes it with null', () => {
    const out = setContextChunks(CASES, 'q1', ['a#1'])!;
    expect(JSON.parse(out.replace(/\/\/.*\n/, ''))[0].context_chunks).toEqual(['a#1']);
    expect(setContextChunks(out, 'q1', null)!.replace(/\s+/g, '')).toBe(CASES.replace(/\s+/g, ''));
  });
});

describe('chunkLines (figure labels)', () => {
  it('keeps a short id on one line and breaks a long one at # and then at -', () => {
    expect(chunkLines('faq#x', 200)).toEqual(['faq#x']);
    // 67 px at 6.7 px a character: 10 characters a line; four lines needed, three allowed
    expect(chunkLines('normativa-2026#plazos-ampliacion', 67)).toEqual(['normativa-', '2026', '#plazos-…']);
    // 20 characters a line: the part before # and the part from # on
    expect(chunkLines('normativa-2026#plazos-ampliacion', 134)).toEqual(['normativa-2026', '#plazos-ampliacion']);
  });
  it('never gives more lines than asked, marking the cut with …', () => {
    const lines = chunkLines('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 67, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
  });
});
