/** The calibration lab (chapter 05): what the site and the CLI know of it without loading the engine. */
import * as z from 'zod/mini';
import { defineLab } from '../core/contract/lab.ts';

/**
 * What the learner changes without editing the policy: the calibrator shown, the binning and number
 * of bins (these refit the histogram calibrator), and the slice column; with K classes also the
 * conformal method shown (LAC or APS; binary inputs ignore it, and K-class inputs ignore binning
 * and slice_by). A calibrator or a slice column the input does not have is reported by the engine
 * (ViewError), in the page's language.
 */
export const calibrationView = z.object({
  calibrator: z.optional(z.enum(['histogram_laplace', 'platt', 'isotonic', 'temperature'])),
  binning: z.optional(z.enum(['uniform', 'quantile'])),
  bins: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
  slice_by: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  conformal_method: z.optional(z.enum(['lac', 'aps'])),
});

export const calibrationMeta = defineLab({
  id: 'calibration',
  chapter: '05-calibration',
  names: { es: 'calibración, conformal y política de revisión', en: 'calibration, conformal sets and review policy' },
  inputs: [
    { name: 'cases', label: { es: 'casos', en: 'cases' }, format: 'csv', flag: '--cases', accept: '.csv,.jsonl,.json,.txt,text/csv,application/json' },
    { name: 'policy', label: { es: 'política', en: 'policy' }, format: 'json', flag: '--policy', accept: '.json,application/json' },
  ],
  presets: [
    {
      id: 'kit',
      label: { es: 'los 40 casos del libro', en: "the textbook's 40 cases" },
      // Spanish: the kit's files. English: the same 40 tickets with the slices, labels, owner and
      // score semantics translated (scores and labels unchanged, so every figure is the kit's).
      files: {
        es: { cases: 'calibration_cases.csv', policy: 'calibration_policy.json' },
        en: { cases: 'calibration_cases.en.csv', policy: 'calibration_policy.en.json' },
      },
    },
    {
      id: 'kit_es',
      label: { es: 'los datos originales del libro, en español', en: "the textbook's original Spanish data" },
      files: {
        es: { cases: 'calibration_cases.csv', policy: 'calibration_policy.json' },
        en: { cases: 'calibration_cases.csv', policy: 'calibration_policy.json' },
      },
      langs: ['en'],
    },
    {
      id: 'breast_cancer',
      label: { es: 'cáncer de mama (scikit-learn, naive Bayes)', en: 'breast cancer (scikit-learn, naive Bayes)' },
      files: {
        es: { cases: 'breast_cancer_gnb.csv', policy: 'breast_cancer_gnb_policy.json' },
        en: { cases: 'breast_cancer_gnb.en.csv', policy: 'breast_cancer_gnb_policy.en.json' },
      },
    },
    {
      id: 'digits',
      label: { es: 'dígitos manuscritos, 10 clases (scikit-learn, naive Bayes)', en: 'handwritten digits, 10 classes (scikit-learn, naive Bayes)' },
      files: {
        es: { cases: 'digits_gnb.csv', policy: 'digits_gnb_policy.json' },
        en: { cases: 'digits_gnb.csv', policy: 'digits_gnb_policy.en.json' },
      },
    },
  ],
  view: calibrationView,
  defaultView: {},
  load: () => import('./lab.ts'),
});
