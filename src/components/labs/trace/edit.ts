/**
 * Editing the trace text for the trace lab's controls: remove a step (e.g. an approval) or add a
 * granted approval step right before a tool call. Edits go through jsonc-parser (`modify` to
 * remove; an insertion that copies the neighbours' indentation and one-line style to add), so the
 * rest of the learner's text is untouched. The engine validates the result like any other input.
 * Runs are found by run_id in any of the engine's three trace shapes ({runs: [...]}, an array of
 * runs, a single run); steps by position inside their run, checked against the step id shown.
 */
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';
import { freshId, insertIntoArray, oneLine } from '../../../lib/jsonEdit.ts';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Path of the run's steps array in the trace text, and the steps; null when the run is not there. */
function locate(text: string, runId: string): { path: (string | number)[]; steps: unknown[] } | null {
  const errors: ParseError[] = [];
  const v: unknown = parse(text, errors);
  if (errors.length) return null;
  const fromRuns = (runs: unknown, prefix: (string | number)[]) => {
    if (!Array.isArray(runs)) return null;
    const i = runs.findIndex((r) => isObj(r) && r.run_id === runId);
    if (i < 0) return null;
    const steps = (runs[i] as Record<string, unknown>).steps;
    return Array.isArray(steps) ? { path: [...prefix, i, 'steps'], steps } : null;
  };
  if (Array.isArray(v)) return fromRuns(v, []);
  if (!isObj(v)) return null;
  if ('runs' in v) return fromRuns(v.runs, ['runs']);
  if (v.run_id === runId && Array.isArray(v.steps)) return { path: ['steps'], steps: v.steps };
  return null;
}

/** The id a step has in the engine: its step_id, else "s<position>" (1-based). */
function stepIdOf(step: unknown, index: number): string {
  return isObj(step) && typeof step.step_id === 'string' ? step.step_id : `s${index + 1}`;
}

/**
 * The trace text without step `index` of run `runId`; null when the run or step is not there, or
 * the step there is not `stepId` (the text changed since the result was computed).
 */
export function removeStep(text: string, runId: string, index: number, stepId: string): string | null {
  const at = locate(text, runId);
  if (!at || index < 0 || index >= at.steps.length || stepIdOf(at.steps[index], index) !== stepId) return null;
  return applyEdits(text, modify(text, [...at.path, index], undefined, {}));
}

/**
 * The trace text with a granted approval for `tool` inserted right before step `index` of run
 * `runId` (no latency, no cost: the lab adds the permission, not a wait). Its step_id is
 * "<stepId>_approval", made unique in the run. Null when the run or step is not there or the step
 * there is not `stepId`.
 */
export function addApprovalBefore(text: string, runId: string, index: number, stepId: string, tool: string, observation: string): string | null {
  const at = locate(text, runId);
  if (!at || index < 0 || index >= at.steps.length || stepIdOf(at.steps[index], index) !== stepId) return null;
  const taken = at.steps.map(stepIdOf);
  const step = { step_id: freshId(`${stepId}_approval`, taken), type: 'approval', tool, approval: 'granted', observation, latency_ms: 0, cost_eur: 0 };
  return insertIntoArray(text, at.path, index, () => oneLine(step));
}
