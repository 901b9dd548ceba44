/**
 * The case tables' one-click edits (issue 18): each rewrites only the characters of the value it
 * flips, so the learner's formatting survives. Expected texts are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { findJsonlRecord, setJsonlField } from '../../src/lib/jsonlEdit.ts';
import { flipCaseLabel } from '../../src/components/labs/threshold/edits.ts';
import { nextLabel, readCalCases, setCalLabel } from '../../src/components/labs/calibration/edits.ts';

describe('JSONL one-line edits', () => {
  const text = '{"case_id":"a","label":1}\r\n\r\n{ "case_id" : "b", "label" : 0 , "x": [1,2] }\n{"case_id":"c\\u0041"}';
  it('finds a record by id across line endings, escaped ids included', () => {
    expect(findJsonlRecord(text, 'case_id', 'b')?.start).toBe(29);
    expect(findJsonlRecord(text, 'case_id', 'cA')?.value).toEqual({ case_id: 'cA' });
    expect(findJsonlRecord(text, 'case_id', 'z')).toBeNull();
  });
  it('edits the one field on the one line, spacing kept', () => {
    expect(setJsonlField(text, 'case_id', 'b', ['label'], 1)).toBe('{"case_id":"a","label":1}\r\n\r\n{ "case_id" : "b", "label" : 1 , "x": [1,2] }\n{"case_id":"c\\u0041"}');
  });
});

describe('threshold: flip a label', () => {
  it('0 <-> 1 on the case line only', () => {
    const t = '{"case_id":"t1","score":0.9,"label":1}\n{"case_id":"t2","score":0.2,"label":0}\n';
    expect(flipCaseLabel(t, 't1')).toBe('{"case_id":"t1","score":0.9,"label":0}\n{"case_id":"t2","score":0.2,"label":0}\n');
    expect(flipCaseLabel(t, 't2')).toBe('{"case_id":"t1","score":0.9,"label":1}\n{"case_id":"t2","score":0.2,"label":1}\n');
    expect(flipCaseLabel(t, 'nope')).toBeNull();
  });
});

describe('calibration: read the cases and set a label', () => {
  const bin = 'case_id,split,raw_score,label,slice\r\nc1,calibration,0.1,0,a\r\nc2,"evaluation",0.2,"1",b\r\n';
  it('reads the binary CSV', () => {
    expect(readCalCases(bin)).toEqual({ layout: 'csv', classes: null, rows: [
      { case_id: 'c1', split: 'calibration', label: '0', score: 0.1 },
      { case_id: 'c2', split: 'evaluation', label: '1', score: 0.2 },
    ] });
  });
  it('rewrites the one label cell, keeping its quotes and the CRLF', () => {
    expect(setCalLabel(bin, 'c1', '1')).toBe('case_id,split,raw_score,label,slice\r\nc1,calibration,0.1,1,a\r\nc2,"evaluation",0.2,"1",b\r\n');
    expect(setCalLabel(bin, 'c2', '0')).toBe('case_id,split,raw_score,label,slice\r\nc1,calibration,0.1,0,a\r\nc2,"evaluation",0.2,"0",b\r\n');
    expect(setCalLabel(bin, 'c9', '0')).toBeNull();
  });
  it('a semicolon CSV and a last row without a line break', () => {
    expect(setCalLabel('case_id;split;raw_score;label\nq;calibration;0,5;0', 'q', '1')).toBe('case_id;split;raw_score;label\nq;calibration;0,5;1');
  });
  it('K-class: the classes from the p_ columns, the next class wraps', () => {
    const m = 'case_id,split,label,p_cat,p_dog,p_bird\nx,calibration,dog,0.2,0.7,0.1\n';
    const r = readCalCases(m);
    expect(r?.classes).toEqual(['cat', 'dog', 'bird']);
    expect(r?.rows[0]).toEqual({ case_id: 'x', split: 'calibration', label: 'dog', score: 0.7 });
    expect(nextLabel('dog', r!.classes)).toBe('bird');
    expect(nextLabel('bird', r!.classes)).toBe('cat');
    expect(setCalLabel(m, 'x', 'bird')).toBe('case_id,split,label,p_cat,p_dog,p_bird\nx,calibration,bird,0.2,0.7,0.1\n');
  });
  it('binary flip: anything but 1 becomes 1', () => {
    expect(nextLabel('1', null)).toBe('0');
    expect(nextLabel('0', null)).toBe('1');
    expect(nextLabel('2', null)).toBe('1');
  });
  it('JSONL: a number stays a number', () => {
    const j = '{"case_id":"a","split":"calibration","raw_score":0.3,"label":0}\n';
    expect(readCalCases(j)?.rows).toEqual([{ case_id: 'a', split: 'calibration', label: '0', score: 0.3 }]);
    expect(setCalLabel(j, 'a', '1')).toBe('{"case_id":"a","split":"calibration","raw_score":0.3,"label":1}\n');
  });
  it('a text it cannot read gives null', () => {
    expect(readCalCases('')).toBeNull();
    expect(readCalCases('a,b\n1,2\n')).toBeNull();
    expect(readCalCases('{"case_id": ')).toBeNull();
  });
});

describe('gate, rubric: one-line edits', () => {
  it('gate: must_abstain flips, absent counts as false', async () => {
    const { flipMustAbstain } = await import('../../src/components/labs/gate/edits.ts');
    const t = '{"case_id":"a","must_abstain":false,"weight":2}\n{"case_id":"b"}\n';
    expect(flipMustAbstain(t, 'a')).toBe('{"case_id":"a","must_abstain":true,"weight":2}\n{"case_id":"b"}\n');
    expect(flipMustAbstain(t, 'b')).toBe('{"case_id":"a","must_abstain":false,"weight":2}\n{"case_id":"b","must_abstain": true}\n'); // a new key: jsonc-parser writes ": "
  });
  it('rubric: the answer inside the output object changes, the prefix and other fields stay', async () => {
    const { answerAxis, readAnswer, setAnswer } = await import('../../src/components/labs/rubric/edits.ts');
    const items = '{"item": "pl-01", "output": "Answer: {\\"answer\\": \\"Mice.\\", \\"spanish\\": \\"ratones\\"}"}\n{"item": "pl-02", "output": "no json"}\n';
    expect(answerAxis('{"axes": [{"name": "schema", "check": "json_schema"}, {"name": "correctness", "check": "contains", "field": "answer", "expected": "expected_contains"}]}'))
      .toEqual({ name: 'correctness', field: 'answer', expected: 'expected_contains' });
    expect(readAnswer(items, 'pl-01', 'answer')).toBe('Mice.');
    expect(setAnswer(items, 'pl-01', 'answer', 'mouses')).toBe('{"item": "pl-01", "output": "Answer: {\\"answer\\": \\"mouses\\", \\"spanish\\": \\"ratones\\"}"}\n{"item": "pl-02", "output": "no json"}\n');
    expect(setAnswer(items, 'pl-02', 'answer', 'x')).toBeNull();
    expect(readAnswer(items, 'pl-09', 'answer')).toBeNull();
  });
});
