/**
 * Optional analysis: an ordinal judge scale mapped to the human one by quantiles on the calibration
 * split, QWK, MAE and exact agreement before and after on the held-out split.
 */
import { agreementMaybe, cohenKappa, confusionMatrix } from '../../core/stats/agreement.ts';
import { applyQuantileMap, fitQuantileMap, meanAbsoluteError } from '../../core/stats/quantile_map.ts';
import { flattenMaybe, ratio, undef } from '../../core/stats/maybe.ts';
import type { EvaluatorsInput } from '../schema.ts';
import type { M, OrdinalResult, UR } from '../results.ts';

/**
 * The share of items on which two raters give the same label; undefined ('no_items') with no
 * items.
 */
export function exactAgreement(a: readonly number[], b: readonly number[]): M {
  let s = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) s++;
  return ratio<UR>(s, a.length, 'no_items');
}

/**
 * The ordinal analysis: the quantile map fitted on the calibration split, and QWK, MAE and exact
 * agreement on the held-out split before and after it.
 */
export function ordinalResult(input: EvaluatorsInput): OrdinalResult {
  const o = input.ordinal!;
  const cal = o.items.filter((it) => it.split === 'calibration');
  const held = o.items.filter((it) => it.split === 'heldout');
  const fit = fitQuantileMap(
    cal.map((i) => i.judge),
    cal.map((i) => i.human),
    o.scale,
  );
  const h = held.map((i) => i.human);
  const j = held.map((i) => i.judge);
  const mapped = fit.map ? applyQuantileMap(fit.map, j) : null;
  const noHeld = held.length === 0;
  const qwk = (a: number[], b: number[]): M => (a.length === 0 ? undef('no_heldout_items') : (agreementMaybe(cohenKappa(a, b, o.scale, 'quadratic')) as M));
  const afterOr = (f: (m: number[]) => M): M => (mapped === null ? undef('no_calibration_items') : noHeld ? undef('no_heldout_items') : f(mapped));
  const maeM = (a: number[], b: number[]): M => (a.length === 0 ? undef('no_heldout_items') : (meanAbsoluteError(a, b) as M));
  const exactM = (a: number[], b: number[]): M => (a.length === 0 ? undef('no_heldout_items') : exactAgreement(a, b));
  const ch = cal.map((i) => i.human);
  const cj = cal.map((i) => i.judge);
  const named = {
    qwk_before: qwk(h, j),
    qwk_after: afterOr((m) => qwk(h, m)),
    mae_before: maeM(h, j),
    mae_after: afterOr((m) => maeM(h, m)),
    exact_before: exactM(h, j),
    exact_after: afterOr((m) => exactM(h, m)),
    calibration_qwk: cal.length ? (agreementMaybe(cohenKappa(ch, cj, o.scale, 'quadratic')) as M) : undef<UR>('no_calibration_items'),
    calibration_mae: cal.length ? (meanAbsoluteError(ch, cj) as M) : undef<UR>('no_calibration_items'),
  };
  const f = flattenMaybe(named);
  return {
    criterion: o.criterion,
    evaluator_id: o.evaluator_id,
    scale: [...o.scale],
    calibration_n: cal.length,
    heldout_n: held.length,
    mapping: fit.map ? fit.map.table : null,
    ...f.values,
    confusion_before: confusionMatrix(h, j, o.scale),
    confusion_after: mapped ? confusionMatrix(h, mapped, o.scale) : o.scale.map(() => o.scale.map(() => 0)),
    heldout: held.map((it, k) => ({ item_id: it.item_id, human: it.human, judge: it.judge, mapped: mapped ? mapped[k] : null })),
    undefined_metrics: { ...f.reasons, ...(fit.map ? {} : { mapping: 'no_calibration_items' as const }) },
  };
}
