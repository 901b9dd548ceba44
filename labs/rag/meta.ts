/**
 * The RAG lab (chapter 03) as the site and the CLI see it without loading the engine.
 *
 * Inputs (CLI: `npm run --silent lab -- rag --cases FILE --policy FILE [--variants FILE]
 * [--qrels FILE] [--run FILE] [--run-b FILE] [--k K[,K...]] [--gain exp|linear] [--format json|md]`):
 *   cases     JSON, the kit's evals/rag_eval_cases.json (required, unless qrels and a run are given:
 *             then the cases are derived from the qrels, their lists from the run; labs/rag/import)
 *   policy    JSON, the kit's ops/ai/rag_eval_policy.json plus this lab's optional keys (required,
 *             unless qrels and a run are given: then a default policy with k alone, no thresholds)
 *   variants  JSON, the kit's evals/rag_experiments.json, or {gate, variants} (optional)
 *   qrels     TREC qrels `qid 0 docid rel` (optional): replaces gold_chunks for the case ids it lists
 *   run       TREC run `qid Q0 docid rank score tag` (optional): a retriever's output, scored like the cases' lists
 *   run_b     a second TREC run (optional, `--run-b`): one run per file, so two runs are two inputs;
 *             fusion and the paired comparison pick any two of cases, run, run_b (and the fused list)
 * Presets: 'kit' (the chapter's kit files, byte for byte; English: the same data translated) and
 * 'kit_trec' (the same plus qrels and two TREC runs, a lexical and a dense retriever, for fusion).
 */
import { defineLab } from '../core/contract/lab.ts';
import type { LabModule } from '../core/contract/lab.ts';
import type { RagInput } from './schema.ts';
import type { RagHeavy, RagResult } from './engine.ts';
import { defaultRagView, ragViewSchema } from './view.ts';
import type { RagView } from './view.ts';

const KIT_ES = { cases: 'rag_eval_cases.json', policy: 'rag_eval_policy.json', variants: 'rag_experiments.json' };
const KIT_EN = { cases: 'rag_eval_cases.en.json', policy: 'rag_eval_policy.json', variants: 'rag_experiments.en.json' };
const TREC = { qrels: 'rag_qrels.txt', run: 'rag_run_bm25.txt', run_b: 'rag_run_dense.txt' };
const JSON_ACCEPT = '.json,application/json';
const TEXT_ACCEPT = '.txt,.tsv,.qrels,.run,.trec,text/plain';

export const ragMeta = defineLab<'rag', RagView, LabModule<RagInput, RagHeavy, RagResult, RagView>>({
  id: 'rag',
  chapter: '03-rag',
  names: {
    es: 'evaluación RAG de recuperación, groundedness, citas y abstención',
    en: 'RAG evaluation of retrieval, groundedness, citations and abstention',
  },
  inputs: [
    { name: 'cases', label: { es: 'casos', en: 'cases' }, format: 'json', flag: '--cases', accept: JSON_ACCEPT },
    { name: 'policy', label: { es: 'política del gate', en: 'gate policy' }, format: 'json', flag: '--policy', accept: JSON_ACCEPT },
    { name: 'variants', label: { es: 'variantes', en: 'variants' }, format: 'json', flag: '--variants', optional: true, accept: JSON_ACCEPT },
    { name: 'qrels', label: { es: 'qrels TREC', en: 'TREC qrels' }, format: 'text', flag: '--qrels', optional: true, accept: TEXT_ACCEPT },
    { name: 'run', label: { es: 'run TREC', en: 'TREC run' }, format: 'text', flag: '--run', optional: true, accept: TEXT_ACCEPT },
    { name: 'run_b', label: { es: 'segundo run TREC', en: 'second TREC run' }, format: 'text', flag: '--run-b', optional: true, accept: TEXT_ACCEPT },
  ],
  importer: {
    // Nothing of the page: TREC files alone get cases from the qrels and a default policy with no
    // thresholds (the preset's thresholds are about answers the files do not have).
    reads: [],
    from: ['qrels', 'run'],
    flags: [
      {
        flag: '--k',
        value: 'K[,K...]',
        help: {
          es: 'uno o varios cortes (1,3,5,10): la scorecard en el primero y cada lista en todos (by_k); con --qrels y --run solos, --cases y --policy son opcionales',
          en: 'one or several cut-offs (1,3,5,10): the scorecard at the first and every list at each (by_k); with --qrels and --run alone, --cases and --policy are optional',
        },
      },
      { flag: '--gain', value: 'exp|linear', help: { es: 'ganancia del nDCG: 2^grado − 1 (exp, la del kit) o el grado (linear)', en: 'nDCG gain: 2^grade − 1 (exp, the kit\'s) or the grade (linear)' } },
    ],
  },
  presets: [
    {
      id: 'kit',
      label: { es: 'Kit del capítulo 03', en: 'Chapter 03 kit' },
      files: { es: KIT_ES, en: KIT_EN },
    },
    {
      id: 'kit_trec',
      label: { es: 'Kit con qrels y dos runs TREC (BM25 y denso)', en: 'Kit with qrels and two TREC runs (BM25 and dense)' },
      files: { es: { ...KIT_ES, ...TREC }, en: { ...KIT_EN, ...TREC } },
    },
  ],
  view: ragViewSchema,
  defaultView: defaultRagView,
  load: () => import('./lab.ts'),
});
