/**
 * Optional analysis: the construct check, the judge's kappa under each human definition of the
 * criterion, and the items whose label depends on the definition.
 */
import { agreementMaybe, cohenKappa, confusionMatrix } from '../../core/stats/agreement.ts';
import { flattenMaybe } from '../../core/stats/maybe.ts';
import type { EvaluatorsInput } from '../schema.ts';
import type { ConstructResult, ConstructRow, M } from '../results.ts';
import { exactAgreement } from './ordinal.ts';

/**
 * The construct check: the judge's kappa, QWK and exact agreement against each human definition,
 * with the items whose label changes between definitions.
 */
export function constructResult(input: EvaluatorsInput): ConstructResult {
  const c = input.construct!;
  const judge = c.items.map((it) => it.judge);
  const rows: ConstructRow[] = c.constructs.map((d, k) => {
    const h = c.items.map((it) => it.labels[k]);
    const kappa = agreementMaybe(cohenKappa(h, judge, c.scale, 'none')) as M;
    const qwk = agreementMaybe(cohenKappa(h, judge, c.scale, 'quadratic')) as M;
    const acc = exactAgreement(h, judge);
    const f = flattenMaybe({ kappa, quadratic_weighted_kappa: qwk, accuracy: acc });
    return {
      construct_id: d.construct_id,
      definition: d.definition,
      judge_construct: c.judge_construct === d.construct_id,
      kappa: kappa.value,
      quadratic_weighted_kappa: qwk.value,
      accuracy: acc.value,
      confusion_matrix: confusionMatrix(h, judge, c.scale),
      disagreements: c.items.filter((it, i) => it.labels[k] !== judge[i]).map((it) => it.item_id),
      undefined_metrics: f.reasons,
    };
  });
  const out = Object.assign(Object.create(null) as ConstructResult, {
    criterion: c.criterion,
    description: c.description,
    context: c.context,
    judge_construct: c.judge_construct,
    scale: [...c.scale],
    n: c.items.length,
    constructs: rows,
    changed_items: c.items
      .filter((it) => it.labels.some((v) => v !== it.labels[0]))
      .map((it) => ({ item_id: it.item_id, answer: it.answer, judge: it.judge, labels: c.constructs.map((d, k) => ({ construct_id: d.construct_id, label: it.labels[k] })) })),
  });
  for (const r of rows) (out as Record<string, unknown>)[`kappa_${r.construct_id}`] = r.kappa;
  return out;
}
