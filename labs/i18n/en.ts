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
    too_large: 'The number is too large: values up to 10^15 in absolute value are accepted.',
    json_errors: {
      InvalidCommentToken: 'JSON does not allow comments (// or /* */): remove them.',
      CommaExpected: 'A comma is missing between two items.',
      ColonExpected: 'A “:” is missing between a field name and its value.',
      PropertyNameExpected: 'A field name in double quotes was expected (is there a trailing comma?).',
      ValueExpected: 'A value is missing (a trailing comma, or a missing number or text?).',
      CloseBraceExpected: 'An object is not closed with “}”.',
      CloseBracketExpected: 'A list is not closed with “]”.',
      EndOfFileExpected: 'There is text after the end of the JSON object.',
      UnexpectedEndOfString: 'A quoted text is not closed.',
      InvalidSymbol: 'There is a symbol that is not valid JSON (texts go in double quotes).',
      InvalidNumberFormat: 'A number is badly written (use a decimal point: 0.5).',
    },
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
  cli: {
    usage: 'usage: npm run --silent lab -- <lab-id> [inputs] [--format json|md] [--lang es|en] [--strict]',
    labs: 'labs:',
    unknown_lab: (id: string) => `unknown lab “${id}”`,
    needs_value: (flag: string) => `${flag} needs a value`,
    bad_format: (v: string) => `--format must be json or md, not “${v}”`,
    bad_lang: (v: string) => `--lang must be es or en, not “${v}”`,
    unknown_option: (flag: string, lab: string) => `unknown option “${flag}” for lab ${lab}`,
    needs_file: (flag: string) => `${flag} needs a file path`,
    repeated: (flag: string) => `${flag} is given twice`,
    missing: (flag: string) => `missing ${flag} FILE`,
    more_issues: (n: number) => `… and ${n} more problems`,
    file_error: (path: string, code: string) => `cannot read ${path} (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : code})`,
  },
  threshold: thresholdEn,
  rubric: rubricEn,
  calibration: calibrationEn,
  gate: gateEn,
};
