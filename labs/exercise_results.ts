/**
 * The named results of each lab, for the instructor's "create an exercise from this state": what a
 * goal can be set on, with a label in both languages, a group (the verdict, headline metrics,
 * per-slice values, per-case outcomes) and how the page formats the value. Headline results are
 * listed here once per lab; per-slice and per-case results are read from the lists a lab's result
 * holds (every element addressed by its id, never by position: paths.ts). Anything else is reachable
 * as a raw path behind the builder's "advanced" switch.
 */
import type { Lang } from './core/contract/types.ts';

export type ResultGroup = 'verdict' | 'headline' | 'slice' | 'case';
export type ResultFormat = 'number' | 'percent' | 'count' | 'verdict' | 'text' | 'boolean';

export interface NamedResultSpec {
  path: string;
  label: Record<Lang, string>;
  format: ResultFormat;
}

/** A list in the result whose elements become named results: `{id}` in the label is the element's id. */
export interface ResultListSpec {
  group: 'slice' | 'case';
  /** Path of the list (paths.ts), e.g. `per_case`. */
  list: string;
  /** The field that identifies an element (case_id, slice, item...). */
  id: string;
  fields: { field: string; label: Record<Lang, string>; format: ResultFormat }[];
}

const L = (es: string, en: string): Record<Lang, string> => ({ es, en });
const VERDICT: NamedResultSpec = { path: 'decision.verdict', label: L('Veredicto', 'Verdict'), format: 'verdict' };

export const LAB_RESULTS: Record<string, { headline: NamedResultSpec[]; lists: ResultListSpec[] }> = {
  gate: {
    headline: [
      { path: 'candidate.weighted_quality', label: L('Calidad ponderada de la candidata', 'Candidate’s weighted quality'), format: 'number' },
      { path: 'baseline.weighted_quality', label: L('Calidad ponderada de la baseline', 'Baseline’s weighted quality'), format: 'number' },
      { path: 'delta_quality', label: L('Delta de calidad', 'Quality delta'), format: 'number' },
      { path: 'bootstrap_delta_quality_ci95.0', label: L('Extremo inferior del intervalo del delta', 'Lower end of the delta’s interval'), format: 'number' },
      { path: 'candidate.critical_failures', label: L('Fallos críticos de la candidata', 'Candidate’s critical failures'), format: 'count' },
      { path: 'candidate.pass_rate', label: L('Tasa de aprobados de la candidata', 'Candidate’s pass rate'), format: 'percent' },
      { path: 'candidate.cost_per_accepted_eur', label: L('Coste por respuesta aceptada (€)', 'Cost per accepted answer (€)'), format: 'number' },
      { path: 'candidate.flaky_cases', label: L('Casos inestables de la candidata', 'Candidate’s flaky cases'), format: 'count' },
      { path: 'metrics.regressions', label: L('Regresiones', 'Regressions'), format: 'count' },
      { path: 'planner.cases_for_power', label: L('Casos para la potencia pedida', 'Cases for the target power'), format: 'count' },
    ],
    lists: [
      { group: 'case', list: 'candidate.results', id: 'case_id', fields: [{ field: 'passed', label: L('{id}: la candidata aprueba', '{id}: the candidate passes'), format: 'boolean' }] },
      { group: 'slice', list: 'candidate.slices', id: 'slice', fields: [{ field: 'weighted_quality', label: L('Slice {id}: calidad de la candidata', 'Slice {id}: candidate’s quality'), format: 'number' }] },
    ],
  },
  threshold: {
    headline: [
      { path: 'recommended_policy.threshold_low', label: L('Umbral bajo recomendado', 'Recommended low threshold'), format: 'number' },
      { path: 'recommended_policy.threshold_high', label: L('Umbral alto recomendado', 'Recommended high threshold'), format: 'number' },
      { path: 'recommended_policy.metrics.cost', label: L('Coste del par recomendado', 'Cost of the recommended pair'), format: 'number' },
      { path: 'recommended_policy.metrics.operational_recall', label: L('Recall operativo', 'Operational recall'), format: 'percent' },
      { path: 'recommended_policy.metrics.review_rate', label: L('Tasa de revisión', 'Review rate'), format: 'percent' },
      { path: 'feasible_policies', label: L('Pares factibles', 'Feasible pairs'), format: 'count' },
      { path: 'roc.auc', label: L('ROC AUC', 'ROC AUC'), format: 'number' },
      { path: 'pr.average_precision', label: L('Average precision', 'Average precision'), format: 'number' },
    ],
    lists: [{ group: 'case', list: 'selected_policy.decisions', id: 'case_id', fields: [{ field: 'action', label: L('{id}: decisión', '{id}: decision'), format: 'text' }] }],
  },
  rag: {
    headline: [
      { path: 'aggregate.recall_at_k', label: L('Recall@k', 'Recall@k'), format: 'number' },
      { path: 'aggregate.ndcg_at_k', label: L('nDCG@k', 'nDCG@k'), format: 'number' },
      { path: 'aggregate.mrr', label: L('MRR', 'MRR'), format: 'number' },
      { path: 'aggregate.groundedness', label: L('Groundedness', 'Groundedness'), format: 'number' },
      { path: 'aggregate.citation_recall', label: L('Citation recall', 'Citation recall'), format: 'number' },
      { path: 'aggregate.no_answer_accuracy', label: L('No-answer accuracy', 'No-answer accuracy'), format: 'number' },
      { path: 'aggregate.critical_failures', label: L('Fallos críticos', 'Critical failures'), format: 'count' },
      { path: 'comparison.recommended', label: L('Variante recomendada', 'Recommended variant'), format: 'text' },
    ],
    lists: [
      { group: 'case', list: 'per_case', id: 'case_id', fields: [{ field: 'ndcg_at_k', label: L('{id}: nDCG@k', '{id}: nDCG@k'), format: 'number' }, { field: 'recall_at_k', label: L('{id}: recall@k', '{id}: recall@k'), format: 'number' }] },
      { group: 'slice', list: 'slices', id: 'slice', fields: [{ field: 'ndcg_at_k', label: L('Slice {id}: nDCG@k', 'Slice {id}: nDCG@k'), format: 'number' }] },
    ],
  },
  evaluators: {
    headline: [
      { path: 'recommended_evaluator', label: L('Juez recomendado', 'Recommended evaluator'), format: 'text' },
      { path: 'focus.evaluator_id', label: L('Juez de la decisión', 'Evaluator decided on'), format: 'text' },
      { path: 'construct.kappa_support', label: L('Kappa con la definición de respaldo', 'Kappa under the support definition'), format: 'number' },
      { path: 'construct.kappa_contradiction_only', label: L('Kappa con solo contradicción', 'Kappa under contradiction only'), format: 'number' },
      { path: 'pairwise.order_flip_rate', label: L('Tasa de cambio por orden', 'Order flip rate'), format: 'percent' },
      { path: 'ordinal.qwk_after', label: L('QWK tras el mapeo de cuantiles', 'QWK after quantile mapping'), format: 'number' },
    ],
    lists: [{ group: 'case', list: 'reports', id: 'evaluator_id', fields: [{ field: 'pass_kappa', label: L('{id}: kappa de aprobado', '{id}: pass kappa'), format: 'number' }, { field: 'critical_false_passes', label: L('{id}: pases indebidos críticos', '{id}: critical false passes'), format: 'count' }] }],
  },
  trace: {
    headline: [
      { path: 'summary.passed', label: L('Ejecuciones que pasan', 'Runs that pass'), format: 'count' },
      { path: 'summary.failed', label: L('Ejecuciones que fallan', 'Runs that fail'), format: 'count' },
    ],
    lists: [{ group: 'case', list: 'runs', id: 'run_id', fields: [{ field: 'verdict', label: L('{id}: veredicto', '{id}: verdict'), format: 'verdict' }, { field: 's_run', label: L('{id}: S_run', '{id}: S_run'), format: 'number' }] }],
  },
  calibration: {
    headline: [
      { path: 'calibrator.type', label: L('Calibrador', 'Calibrator'), format: 'text' },
      { path: 'calibrated_metrics.ece', label: L('ECE calibrada', 'Calibrated ECE'), format: 'number' },
      { path: 'calibrated_metrics.brier', label: L('Brier calibrado', 'Calibrated Brier score'), format: 'number' },
      { path: 'conformal.coverage', label: L('Cobertura conforme', 'Conformal coverage'), format: 'percent' },
      { path: 'conformal.mean_set_size', label: L('Tamaño medio del conjunto', 'Mean set size'), format: 'number' },
      { path: 'conformal.q_infinite', label: L('q conforme infinito', 'Conformal q infinite'), format: 'boolean' },
    ],
    lists: [
      {
        group: 'slice',
        list: 'slice_report',
        id: 'slice',
        fields: [
          { field: 'calibrated_ece', label: L('Slice {id}: ECE calibrada', 'Slice {id}: calibrated ECE'), format: 'number' },
          { field: 'auto_error_rate', label: L('Slice {id}: error automático', 'Slice {id}: automatic error rate'), format: 'percent' },
        ],
      },
    ],
  },
  rubric: {
    headline: [
      { path: 'aggregate.exam_score', label: L('Nota del examen', 'Exam score'), format: 'number' },
      { path: 'aggregate.n_items', label: L('Ítems', 'Items'), format: 'count' },
      { path: 'agreement.check.status', label: L('Chequeo de acuerdo', 'Agreement check'), format: 'text' },
    ],
    lists: [{ group: 'case', list: 'items', id: 'item', fields: [{ field: 'score', label: L('{id}: nota', '{id}: score'), format: 'number' }] }],
  },
};

export interface NamedResult {
  path: string;
  label: string;
  group: ResultGroup;
  format: ResultFormat;
  value: unknown;
}

function readAt(obj: unknown, dotted: string): unknown {
  let cur: unknown = obj;
  for (const k of dotted.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, k)) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/**
 * The named results of `lab` present in `result`, in `lang`: the verdict, the headline results,
 * then one per slice and per case (addressed by id). Results the current state does not have
 * (a path missing, a list absent) are left out. Unknown lab: the verdict only.
 */
export function namedResults(lab: string, result: unknown, lang: Lang): NamedResult[] {
  const spec = Object.prototype.hasOwnProperty.call(LAB_RESULTS, lab) ? LAB_RESULTS[lab] : { headline: [], lists: [] };
  const out: NamedResult[] = [];
  for (const [s, group] of [[VERDICT, 'verdict'], ...spec.headline.map((h) => [h, 'headline'] as const)] as const) {
    const value = readAt(result, s.path);
    if (value !== undefined) out.push({ path: s.path, label: s.label[lang], group, format: s.format, value });
  }
  for (const l of spec.lists) {
    const list = readAt(result, l.list);
    if (!Array.isArray(list)) continue;
    for (const el of list.slice(0, 200)) {
      if (el === null || typeof el !== 'object') continue;
      const id = (el as Record<string, unknown>)[l.id];
      if ((typeof id !== 'string' && typeof id !== 'number') || String(id).includes(']')) continue;
      for (const f of l.fields) {
        const value = (el as Record<string, unknown>)[f.field];
        if (value === undefined) continue;
        out.push({ path: `${l.list}[${l.id}=${String(id)}].${f.field}`, label: f.label[lang].replace('{id}', String(id)), group: l.group, format: f.format, value });
      }
    }
  }
  return out;
}
