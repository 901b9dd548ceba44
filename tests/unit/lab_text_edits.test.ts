/**
 * The text edits behind the chapter 04 islands' controls (src/components/labs/evaluators/edit.ts,
 * src/components/labs/trace/edit.ts, src/lib/jsonEdit.ts): each changes only what it must, in the
 * text's own layout (JSON, JSONL, CSV), keeps the rest byte for byte, and the engine reads the
 * result with the intended change. Expected texts are written by hand in the test.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { addEvaluatorCopy, casesLayout, flipHumanLabel, flipJudgeScore, readCases, readOutputs, toggleParseOk } from '../../src/components/labs/evaluators/edit.ts';
import { addApprovalBefore, removeStep } from '../../src/components/labs/trace/edit.ts';
import { freshId, insertIntoArray, oneLine } from '../../src/lib/jsonEdit.ts';
import { createRunner } from '../../labs/runner.ts';

const EV = 'labs/evaluators/presets/';
const read = (f: string) => readFileSync(f, 'utf8');
const presetTexts = () => ({
  rubric: read(`${EV}evaluator_rubric.json`),
  cases: read(`${EV}evaluator_calibration_cases.json`),
  outputs: read(`${EV}evaluator_outputs.json`),
});
const run = createRunner();

/** Lines that differ between two texts with the same number of lines. */
function changedLines(a: string, b: string): [string, string][] {
  const la = a.split('\n');
  const lb = b.split('\n');
  expect(lb.length).toBe(la.length);
  return la.map((l, i) => [l, lb[i]] as [string, string]).filter(([x, y]) => x !== y);
}

describe('evaluator labels', () => {
  it('detects the layout as the engine does', () => {
    expect(casesLayout('  [ {}]')).toBe('json');
    expect(casesLayout('\n{"case_id": "a"}')).toBe('jsonl');
    expect(casesLayout('case_id,pass\n')).toBe('csv');
  });

  it('flips a human label in the kit JSON, one line changed, the rest kept', () => {
    const t = presetTexts().cases;
    const out = flipHumanLabel(t, 'evaluator_004', 'pass')!;
    // evaluator_004's pass is 0 in the kit file; its "pass" line is the only change
    expect(changedLines(t, out)).toEqual([['      "pass": 0', '      "pass": 1']]);
    expect(readCases(out)!.cases.find((c) => c.case_id === 'evaluator_004')!.labels.get('pass')).toBe(1);
    expect(flipHumanLabel(out, 'evaluator_004', 'pass')).toBe(t);
    expect(flipHumanLabel(t, 'evaluator_999', 'pass')).toBeNull();
  });

  it('flips a label in JSONL and in CSV (quoted cells, semicolons, CRLF)', () => {
    const jsonl = '{"case_id": "a", "human": {"q": 1, "pass": 1}}\n\n{"case_id": "b", "human": {"q": 0, "pass": 0}}\n';
    expect(flipHumanLabel(jsonl, 'b', 'q')).toBe('{"case_id": "a", "human": {"q": 1, "pass": 1}}\n\n{"case_id": "b", "human": {"q": 1, "pass": 0}}\n');
    const csv = 'case_id;input;q;pass\r\na;"says ""hi""; then, bye";1;1\r\nb;plain;0; 0\r\n';
    // the edited row is written back by Papa Parse: the label cell loses its stray space (Papa would quote it)
    expect(flipHumanLabel(csv, 'b', 'pass')).toBe('case_id;input;q;pass\r\na;"says ""hi""; then, bye";1;1\r\nb;plain;0;1\r\n');
    expect(flipHumanLabel(csv, 'a', 'q')).toBe('case_id;input;q;pass\r\na;"says ""hi""; then, bye";0;1\r\nb;plain;0; 0\r\n');
    const cases = readCases(csv)!;
    expect(cases.layout).toBe('csv');
    expect(cases.cases.map((c) => [c.case_id, c.input, c.labels.get('q'), c.labels.get('pass')])).toEqual([
      ['a', 'says "hi"; then, bye', 1, 1],
      ['b', 'plain', 0, 0],
    ]);
  });

  it('reads the kit CSV the same as the kit JSON', () => {
    const a = readCases(read(`${EV}evaluator_labels.csv`))!;
    const b = readCases(presetTexts().cases)!;
    expect(a.cases.map((c) => [c.case_id, [...c.labels]])).toEqual(b.cases.map((c) => [c.case_id, [...c.labels]]));
  });
});

describe('evaluator outputs', () => {
  it("flips a judge's score and a run's parse_ok; the engine sees both", async () => {
    const t = presetTexts();
    const flipped = flipJudgeScore(t.outputs, 'evaluator_v1_generic', 'evaluator_005', 'pass')!;
    expect(changedLines(t.outputs, flipped)).toHaveLength(1);
    const unread = toggleParseOk(flipped, 'evaluator_v1_generic', 'evaluator_002')!;
    expect(readOutputs(unread)![0].runs.get('evaluator_002')!.parse_ok).toBe(false);
    const res = await run.runAny('evaluators', { ...t, outputs: unread }, 'en', {});
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const v1 = (res.result as any).reports.find((r: any) => r.evaluator_id === 'evaluator_v1_generic');
    // 005 now blocked (a correct block), 002 unreadable: the false passes left are 004 alone
    expect(v1.false_passes).toEqual(['evaluator_004']);
    expect(v1.parse_errors).toBe(1);
    expect(flipJudgeScore(t.outputs, 'nobody', 'evaluator_005', 'pass')).toBeNull();
  });

  it('adds a copy of an evaluator at the end, with a new id, in the file’s style', async () => {
    const t = presetTexts();
    const out = addEvaluatorCopy(t.outputs, 'evaluator_v2_rubric')!;
    expect(out.id).toBe('evaluator_v2_rubric_copy');
    expect(out.text.startsWith(t.outputs.trimEnd().slice(0, -1).trimEnd())).toBe(true);
    expect(out.text).toContain('\n  {\n    "evaluator_id": "evaluator_v2_rubric_copy",\n');
    expect(out.text).toContain('\n      {"case_id": "evaluator_001", "parse_ok": true, "input_tokens": 1100, "output_tokens": 150, "scores": {"answer_quality": 1, "evidence": 1, "trace": 1, "policy": 1, "pass": 1}},\n');
    expect(addEvaluatorCopy(out.text, 'evaluator_v2_rubric')!.id).toBe('evaluator_v2_rubric_copy_2');
    const res = await run.runAny('evaluators', { ...t, outputs: out.text }, 'en', {});
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    expect((res.result as any).reports.map((r: any) => r.evaluator_id)).toEqual(['evaluator_v1_generic', 'evaluator_v2_rubric', 'evaluator_v2_rubric_copy']);
  });
});

describe('JSON helpers', () => {
  it('insert on its own line with the neighbours’ indentation, or inline', () => {
    expect(insertIntoArray('[\n  1,\n  2\n]', [], 1, () => '9')).toBe('[\n  1,\n  9,\n  2\n]');
    expect(insertIntoArray('[\n  1,\n  2\n]', [], null, () => '9')).toBe('[\n  1,\n  2,\n  9\n]');
    expect(insertIntoArray('{"a": [1, 2]}', ['a'], 0, () => '9')).toBe('{"a": [9, 1, 2]}');
    expect(insertIntoArray('{"a": []}', ['a'], null, () => '9')).toBe('{"a": [9]}');
    expect(insertIntoArray('{"a": 1}', ['a'], 0, () => '9')).toBeNull();
    expect(oneLine({ a: 1, b: 'x', c: [true, null] })).toBe('{"a": 1, "b": "x", "c": [true, null]}');
    expect(freshId('x', ['x', 'x_2'])).toBe('x_3');
  });
});

describe('trace approvals', () => {
  const TR = 'labs/trace/presets/';
  const texts = () => ({ trace: read(`${TR}citation_agent_trace.json`), policy: read(`${TR}citation_agent_policy.json`) });
  const runOf = async (trace: string, id: string) => {
    const res = await run.runAny('trace', { ...texts(), trace }, 'en', { run: null });
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    return (res.result as any).runs.find((r: any) => r.run_id === id);
  };

  it('removing run_ok’s approval deletes that one line, and the run fails for it', async () => {
    const t = texts().trace;
    const out = removeStep(t, 'run_ok', 5, 's6')!;
    expect(t.split('\n').length - out.split('\n').length).toBe(1);
    const approvals = (x: string) => x.split('"type": "approval"').length - 1;
    expect(approvals(t) - approvals(out)).toBe(1);
    const r = await runOf(out, 'run_ok');
    expect(r.decision.verdict).toBe('fail');
    expect(r.decision.reasons).toContain('approval_missing');
    // the step shown must still be there: a stale position is refused
    expect(removeStep(t, 'run_ok', 5, 's5')).toBeNull();
  });

  it('adding an approval before run_no_approval’s insertion makes the rule hold', async () => {
    const t = texts().trace;
    const out = addApprovalBefore(t, 'run_no_approval', 5, 's6', 'insert_citation', 'added')!;
    expect(out.split('\n').length - t.split('\n').length).toBe(1);
    expect(out).toContain('        {"step_id": "s6_approval", "type": "approval", "tool": "insert_citation", "approval": "granted", "observation": "added", "latency_ms": 0, "cost_eur": 0},\n        {"step_id": "s6", "type": "tool_call", "tool": "insert_citation"');
    const r = await runOf(out, 'run_no_approval');
    expect(r.missing_approvals).toBe(0);
    expect(r.decision.verdict).toBe('pass');
  });

  it('finds the run in the other trace shapes (an array of runs, a single run)', () => {
    const single = '{"run_id": "r", "steps": [\n  {"type": "tool_call", "tool": "x", "latency_ms": 1, "cost_eur": 0}\n]}';
    expect(addApprovalBefore(single, 'r', 0, 's1', 'x', 'ok')).toBe('{"run_id": "r", "steps": [\n  {"step_id": "s1_approval", "type": "approval", "tool": "x", "approval": "granted", "observation": "ok", "latency_ms": 0, "cost_eur": 0},\n  {"type": "tool_call", "tool": "x", "latency_ms": 1, "cost_eur": 0}\n]}');
    const arr = `[${single}]`;
    expect(removeStep(arr, 'r', 0, 's1')).toBe('[{"run_id": "r", "steps": []}]');
    expect(removeStep(arr, 'other', 0, 's1')).toBeNull();
  });
});
