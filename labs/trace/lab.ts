/**
 * The agent-trace lab's engine module (LabModule, core/contract/lab.ts):
 *   parse   trace and policy texts -> TraceInput (schema.ts)
 *   run     runTrace: every run graded (heavy part; it does not depend on the view)
 *   select  the run shown in the timeline; checks and decision over every run (engine.ts)
 *   report  decision.md in Spanish or English (report.ts)
 */
import type { LabModule } from '../core/contract/lab.ts';
import { parseTraceInput } from './schema.ts';
import type { TraceInput } from './schema.ts';
import { runTrace, selectTrace } from './engine.ts';
import type { TraceHeavy, TraceResult, TraceView } from './engine.ts';
import { renderTraceReport } from './report.ts';

/** The view a fresh lab starts with: the first run in the timeline. */
export const DEFAULT_TRACE_VIEW: TraceView = { run: null };

export const lab: LabModule<TraceInput, TraceHeavy, TraceResult, TraceView> = {
  parse: (texts, lang) => parseTraceInput(texts, lang),
  run: (input) => runTrace(input),
  heavyKey: () => '',
  select: (heavy, view) => selectTrace(heavy, view ?? DEFAULT_TRACE_VIEW),
  report: renderTraceReport,
};
