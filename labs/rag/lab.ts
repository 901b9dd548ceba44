/**
 * The RAG lab's engine module (LabModule, core/contract/lab.ts):
 *   parse    texts (cases, policy, variants?, qrels?, run?, run_b?) -> RagInput, or issues with input/line/field in es/en
 *   run      the heavy part: everything that depends on the input and on k, gain and fusion (heavyKey)
 *   select   the cheap part: the compared pair and the trace case of the view
 *   report   decision.md in es/en
 */
import type { LabModule } from '../core/contract/lab.ts';
import { parseRagInput } from './schema.ts';
import type { RagInput } from './schema.ts';
import { runRag, selectRag } from './engine.ts';
import type { RagHeavy, RagResult } from './engine.ts';
import { renderRagReport } from './report.ts';
import { ragHeavyKey } from './view.ts';
import type { RagView } from './view.ts';

export const lab: LabModule<RagInput, RagHeavy, RagResult, RagView> = {
  parse: (texts, lang) => parseRagInput(texts, lang),
  run: (input, view, hooks) => runRag(input, view, hooks),
  heavyKey: ragHeavyKey,
  select: selectRag,
  report: renderRagReport,
};
