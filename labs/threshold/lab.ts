/**
 * The threshold lab (chapter 02): cases with classifier scores and true labels, plus a cost policy,
 * in; a scan of threshold pairs, the recommended pair, ROC/PR curves and a gate decision out.
 * run: the scan, the curves and the gate (heavy, once per input); select: the pair the learner's
 * sliders name, in O(log n).
 */
import type { LabModule } from '../core/contract/lab.ts';
import { parseThresholdInput } from './schema.ts';
import type { ThresholdInput } from './schema.ts';
import { runThresholdHeavy, selectThreshold } from './engine.ts';
import type { ThresholdHeavy, ThresholdResult, ThresholdView } from './engine.ts';
import { renderThresholdReport } from './report.ts';

export type { ThresholdInput, ThresholdPolicy, CaseRow } from './schema.ts';
export type { ThresholdResult, ThresholdView, PolicyDetail, PolicyEvaluation, PairEvaluation, RocResult, PrResult } from './engine.ts';
export type { ThresholdReason } from './i18n/index.ts';

export const lab: LabModule<ThresholdInput, ThresholdHeavy, ThresholdResult, ThresholdView> = {
  parse: parseThresholdInput,
  run: (input) => runThresholdHeavy(input),
  select: selectThreshold,
  report: renderThresholdReport,
};
