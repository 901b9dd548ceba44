/**
 * The threshold lab (chapter 02): cases with classifier scores and true labels, plus a cost policy,
 * in; a scan of threshold pairs, the recommended pair, ROC/PR curves and a gate decision out.
 */
import type { LabDefinition } from '../core/contract/lab.ts';
import { parseThresholdInput } from './schema.ts';
import type { ThresholdInput } from './schema.ts';
import { runThreshold } from './engine.ts';
import type { ThresholdResult } from './engine.ts';
import { renderThresholdReport } from './report.ts';

export type { ThresholdInput, ThresholdPolicy, CaseRow } from './schema.ts';
export type { ThresholdResult, ThresholdView, PolicyDetail, PolicyEvaluation, PairEvaluation, RocResult, PrResult } from './engine.ts';

/**
 * parse: cases JSONL + policy JSON (see schema.ts); run: runThreshold (view = the pair shown as
 * selected_policy, any 0 <= low <= high <= 1, RangeError otherwise); report: decision.md.
 */
export const thresholdLab: LabDefinition<ThresholdInput, ThresholdResult, { low: number; high: number }> = {
  id: 'threshold',
  inputs: [
    { name: 'cases', format: 'jsonl', flag: '--cases' },
    { name: 'policy', format: 'json', flag: '--policy' },
  ],
  parse: parseThresholdInput,
  run: runThreshold,
  report: renderThresholdReport,
};
