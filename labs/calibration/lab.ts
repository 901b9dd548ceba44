/**
 * The calibration lab (chapter 05), with two input shapes read from the cases file itself:
 *
 * - binary (the kit's format): cases with raw scores, labels 0/1 and a calibration/evaluation
 *   split, plus the kit's calibration policy, in; raw vs calibrated metrics, four calibrators side
 *   by side, split conformal sets, a two-threshold review policy with costs, the risk-coverage
 *   curves (over conformal confidence levels, and the selective-prediction curve with AURC and
 *   E-AURC), a per-slice report, a calibration manifest and a gate decision out;
 * - K classes (schema_multiclass.ts: p_<class> columns or a `probs` field): raw vs temperature and
 *   one-vs-rest isotonic, top-label reliability, LAC and APS sets, selective prediction, and a gate
 *   of GateChecks (engine_multiclass.ts, decision_multiclass.ts).
 *
 * run: every calibrator fitted and measured (heavy, once per input, bins and binning); select: the
 * calibrator shown, the conformal method (K classes) and the slice column (binary).
 */
import type { LabModule } from '../core/contract/lab.ts';
import { sha256Hex } from '../core/contract/hash.ts';
import { parseCalibrationInput } from './schema.ts';
import type { CalibrationInput } from './schema.ts';
import { isMulticlassText, parseMulticlassInput } from './schema_multiclass.ts';
import type { MulticlassInput } from './schema_multiclass.ts';
import { runCalibrationHeavy, selectCalibration } from './engine.ts';
import type { CalibrationHeavy, CalibrationResult, CalibrationView } from './engine.ts';
import { runMulticlassHeavy, selectMulticlass } from './engine_multiclass.ts';
import type { MulticlassHeavy, MulticlassResult } from './engine_multiclass.ts';
import { renderCalibrationReport } from './report.ts';

export type { CalibrationInput, CalibrationPolicy, CalibrationCase } from './schema.ts';
export type { MulticlassInput, MulticlassPolicy } from './schema_multiclass.ts';
export type { CalibrationResult, CalibrationView, MetricsBlock, ReliabilityRow, GridPair, RecommendedPolicy } from './engine.ts';
export type { MulticlassResult, McSeriesSummary, McConformal } from './engine_multiclass.ts';
export type { SelectiveBlock } from './selective_block.ts';

/** Either result of the lab: `kind` tells them apart ('binary' or 'multiclass'). */
export type CalibrationLabResult = CalibrationResult | MulticlassResult;

export const lab: LabModule<CalibrationInput | MulticlassInput, CalibrationHeavy | MulticlassHeavy, CalibrationLabResult, CalibrationView> = {
  parse: (texts, lang, hooks) => (isMulticlassText(texts.cases ?? '') ? parseMulticlassInput(texts, lang, hooks) : parseCalibrationInput(texts, lang, hooks)),
  run: async (input, view, hooks) => {
    const hashes = { cases: await sha256Hex(input.source_texts.cases), policy: await sha256Hex(input.source_texts.policy) };
    if (input.kind === 'multiclass') {
      const heavy = runMulticlassHeavy(input, view.bins ?? input.policy.bins, hooks);
      heavy.input_sha256 = hashes;
      return heavy;
    }
    const heavy = runCalibrationHeavy(input, view.bins ?? input.policy.bins, view.binning ?? input.policy.binning, hooks);
    heavy.input_sha256 = hashes;
    return heavy;
  },
  heavyKey: (view) => `${view.bins ?? ''}|${view.binning ?? ''}`,
  select: (heavy, view) => (heavy.kind === 'multiclass' ? selectMulticlass(heavy, view) : selectCalibration(heavy, view)),
  report: renderCalibrationReport,
};
