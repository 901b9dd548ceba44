/**
 * The calibration lab (chapter 05): cases with raw scores, labels and a calibration/evaluation
 * split, plus the kit's calibration policy, in; raw vs calibrated metrics, four calibrators side
 * by side, split conformal sets, a two-threshold review policy with costs, a risk-coverage curve,
 * a per-slice report, a calibration manifest and a gate decision out.
 */
import type { LabDefinition } from '../core/contract/lab.ts';
import { parseCalibrationInput } from './schema.ts';
import type { CalibrationInput } from './schema.ts';
import { runCalibration } from './engine.ts';
import type { CalibrationResult, CalibrationView } from './engine.ts';
import { renderCalibrationReport } from './report.ts';

export type { CalibrationInput, CalibrationPolicy, CalibrationCase } from './schema.ts';
export type { CalibrationResult, CalibrationView, MetricsBlock, ReliabilityRow, GridPair, RecommendedPolicy } from './engine.ts';

/**
 * parse: cases CSV or JSONL + policy JSON (see schema.ts); run: runCalibration (view = calibrator,
 * binning, bins, slice_by; RangeError for unknown values); report: decision.md.
 */
export const calibrationLab: LabDefinition<CalibrationInput, CalibrationResult, CalibrationView> = {
  id: 'calibration',
  inputs: [
    { name: 'cases', format: 'csv', flag: '--cases' },
    { name: 'policy', format: 'json', flag: '--policy' },
  ],
  parse: parseCalibrationInput,
  run: runCalibration,
  report: renderCalibrationReport,
};
