/**
 * The calibration lab (chapter 05): cases with raw scores, labels and a calibration/evaluation
 * split, plus the kit's calibration policy, in; raw vs calibrated metrics, four calibrators side
 * by side, split conformal sets, a two-threshold review policy with costs, a risk-coverage curve,
 * a per-slice report, a calibration manifest and a gate decision out.
 * run: every calibrator fitted and measured, with its conformal sets, grid and bootstrap (heavy,
 * once per input, bins and binning); select: the calibrator shown and the slice column.
 */
import type { LabModule } from '../core/contract/lab.ts';
import { sha256Hex } from '../core/contract/hash.ts';
import { parseCalibrationInput } from './schema.ts';
import type { CalibrationInput } from './schema.ts';
import { runCalibrationHeavy, selectCalibration } from './engine.ts';
import type { CalibrationHeavy, CalibrationResult, CalibrationView } from './engine.ts';
import { renderCalibrationReport } from './report.ts';

export type { CalibrationInput, CalibrationPolicy, CalibrationCase } from './schema.ts';
export type { CalibrationResult, CalibrationView, MetricsBlock, ReliabilityRow, GridPair, RecommendedPolicy } from './engine.ts';

export const lab: LabModule<CalibrationInput, CalibrationHeavy, CalibrationResult, CalibrationView> = {
  parse: parseCalibrationInput,
  run: async (input, view, hooks) => {
    const heavy = runCalibrationHeavy(input, view.bins ?? input.policy.bins, view.binning ?? input.policy.binning, hooks);
    heavy.input_sha256 = { cases: await sha256Hex(input.source_texts.cases), policy: await sha256Hex(input.source_texts.policy) };
    return heavy;
  },
  heavyKey: (view) => `${view.bins ?? ''}|${view.binning ?? ''}`,
  select: selectCalibration,
  report: renderCalibrationReport,
};
