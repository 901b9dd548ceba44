/** Shared lab engine messages, in English. Must have every key of es.ts (type-checked). */
import type { Messages } from './index.ts';
import { thresholdEn } from '../threshold/i18n/en.ts';
import { rubricEn } from '../rubric/i18n/en.ts';
import { calibrationEn } from '../calibration/i18n/en.ts';
import { gateEn } from '../gate/i18n/en.ts';

export const en: Messages = {
  validation: {
    empty_input: 'The input is empty.',
    json_syntax: (code: string) => `Malformed JSON (${code}).`,
    jsonl_syntax: 'This line is not a valid JSON object.',
    no_rows: 'There are no rows: each line must be a JSON object.',
    duplicate: (value: string) => `The identifier “${value}” is repeated.`,
    line: (n: number) => `line ${n}`,
    field: (f: string) => `field ${f}`,
  },
  undefined_reason: {
    no_cases: 'there are no cases',
    no_positives: 'there are no positive cases (label 1)',
    no_negatives: 'there are no negative cases (label 0)',
    no_predicted_positives: 'no case is predicted positive (TP + FP = 0)',
    no_automated_cases: 'every case goes to review: there are no automated decisions',
    no_automated_positives: 'no actual positives among the automated cases (TP + FN = 0)',
    no_automated_negatives: 'no actual negatives among the automated cases (TN + FP = 0)',
    no_errors_or_hits: 'there are no TP, FP or FN (2·TP + FP + FN = 0)',
    depends_on_undefined: 'it depends on an undefined metric',
    single_class: 'only one class is present: the curve is undefined',
  },
  threshold: thresholdEn,
  rubric: rubricEn,
  calibration: calibrationEn,
  gate: gateEn,
};
