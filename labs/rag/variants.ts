/**
 * The variant comparator of chapter 03 (the kit's ops/ai/rag_experiment_matrix.py): one row of
 * aggregate metrics per RAG variant (bm25_base, dense_base, hybrid_rrf...), and the choice of a
 * release candidate that meets the contract rather than the one with the highest number.
 *
 * As in the kit:
 * - quality_score = mean of recall_at_k, ndcg_at_k, groundedness, citation_recall, no_answer_accuracy;
 * - A dominates B iff A is >= B on all five quality metrics and <= B on avg_context_tokens,
 *   p95_latency_ms and cost_per_accepted_answer, with at least one strict inequality;
 * - candidates = variants that pass the gate and are dominated by no variant, sorted by quality
 *   descending, then p95 latency ascending, then cost ascending, then file order (a stable sort);
 *   the first is recommended ('candidate_found'), none gives 'no_release_candidate';
 * - the baseline is the first row (unless the variants file names one).
 * Differences (deliberate): quality scores stay unrounded (the kit sorts on values rounded to 4
 * decimals); the gate is read from data, never from the code, with this precedence:
 *   1. the variants file's `gate` (object form {gate, variants});
 *   2. the eval policy's `variant_gate`;
 *   3. otherwise the thresholds the kit's script hard-codes (KIT_COMPARATOR_GATE), reported as
 *      gate_source 'kit_comparator_default' so the page and decision.md say where they came from.
 * A threshold absent from the gate is not checked. Each variant's gate is a list of GateChecks
 * (subject = variant_id). Added: why each variant other than the recommended one lost, and the
 * Pareto fronts of quality against cost per accepted answer and against p95 latency.
 */
import { gateCheck, verdictOf } from '../core/contract/gate_check.ts';
import type { GateCheck } from '../core/contract/gate_check.ts';
import type { Decision } from '../core/contract/types.ts';
import type { VariantGate, VariantRow, VariantsFile } from './schema.ts';
import type { RagReason } from './i18n/index.ts';

export const QUALITY_KEYS = ['recall_at_k', 'ndcg_at_k', 'groundedness', 'citation_recall', 'no_answer_accuracy'] as const;
export const COST_KEYS = ['avg_context_tokens', 'p95_latency_ms', 'cost_per_accepted_answer'] as const;

/** The thresholds hard-coded in the kit's comparator (rag_experiment_matrix.py, main). */
export const KIT_COMPARATOR_GATE: Required<VariantGate> = {
  min_recall_at_k: 0.78,
  min_ndcg_at_k: 0.72,
  min_groundedness: 0.86,
  min_citation_recall: 0.76,
  min_no_answer_accuracy: 0.9,
  max_critical_failures: 0,
  max_avg_context_tokens: 560,
  max_p95_latency_ms: 1200,
  max_cost_per_accepted_answer: 0.006,
};

export type GateSource = 'variants_file' | 'policy' | 'kit_comparator_default';

/** Gate key -> checked metric, comparator and reason code (the kit's order). */
const GATE_RULES = [
  ['min_recall_at_k', 'recall_at_k', '>=', 'recall_at_k_below_threshold'],
  ['min_ndcg_at_k', 'ndcg_at_k', '>=', 'ndcg_at_k_below_threshold'],
  ['min_groundedness', 'groundedness', '>=', 'groundedness_below_threshold'],
  ['min_citation_recall', 'citation_recall', '>=', 'citation_recall_below_threshold'],
  ['min_no_answer_accuracy', 'no_answer_accuracy', '>=', 'no_answer_accuracy_below_threshold'],
  ['max_critical_failures', 'critical_failures', '<=', 'critical_failures_present'],
  ['max_avg_context_tokens', 'avg_context_tokens', '<=', 'avg_context_tokens_above_budget'],
  ['max_p95_latency_ms', 'p95_latency_ms', '<=', 'p95_latency_ms_above_budget'],
  ['max_cost_per_accepted_answer', 'cost_per_accepted_answer', '<=', 'cost_per_accepted_answer_above_budget'],
] as const satisfies readonly (readonly [keyof VariantGate, keyof VariantRow, '>=' | '<=', RagReason])[];

export type VariantMetric = (typeof GATE_RULES)[number][1];

/** Why a variant is not the recommended one. */
export type LostBecause =
  | { code: 'fails_gate'; checks: VariantMetric[] }
  | { code: 'dominated'; by: string[] }
  | { code: 'lower_quality'; than: string }
  | { code: 'tie_higher_p95'; than: string }
  | { code: 'tie_higher_cost'; than: string }
  | { code: 'tie_file_order'; than: string }
  | { code: 'no_candidate' };

export interface ScoredVariant extends VariantRow {
  quality_score: number;
  /** Variants that dominate this one, in file order. */
  dominated_by: string[];
  /** The kit's flag: gate_decision.verdict === 'pass'. */
  passes_gate: boolean;
  checks: GateCheck<VariantMetric, RagReason>[];
  /** The variant's gate: verdictOf(checks). */
  gate_decision: Decision<RagReason>;
  /** Position among the sorted candidates (1 = recommended), null when not a candidate. */
  candidate_rank: number | null;
  /** On the Pareto front of quality (higher) against cost per accepted answer (lower). */
  on_pareto_cost: boolean;
  /** On the Pareto front of quality (higher) against p95 latency (lower). */
  on_pareto_latency: boolean;
  /** Empty for the recommended variant; otherwise every reason that applies, in this order. */
  lost_because: LostBecause[];
}

export interface VariantComparison {
  baseline: string;
  /** The gate thresholds used (the kit's key, `policy`). */
  policy: VariantGate;
  gate_source: GateSource;
  variants: ScoredVariant[];
  /** Candidate ids in the kit's order. */
  candidates: string[];
  recommended: string | null;
  decision: 'candidate_found' | 'no_release_candidate';
  /** Ids on each Pareto front, sorted by the cost axis ascending (then quality descending). */
  pareto: { cost: string[]; latency: string[] };
  /** Deltas of each variant against the baseline (variant − baseline), per quality and cost metric. */
  deltas_vs_baseline: DeltaRow[];
}

/** One variant's differences from the baseline (variant − baseline). */
export type DeltaRow = { variant_id: string; quality_score: number } & Record<(typeof QUALITY_KEYS)[number] | 'critical_failures' | (typeof COST_KEYS)[number], number>;

/** The kit's quality score: the mean of the five quality metrics. */
export function qualityScore(row: VariantRow): number {
  let s = 0;
  for (const k of QUALITY_KEYS) s += row[k];
  return s / QUALITY_KEYS.length;
}

/** Whether `a` dominates `b` (module comment). */
export function dominates(a: VariantRow, b: VariantRow): boolean {
  const qualityOk = QUALITY_KEYS.every((k) => a[k] >= b[k]);
  const costOk = COST_KEYS.every((k) => a[k] <= b[k]);
  const strict = QUALITY_KEYS.some((k) => a[k] > b[k]) || COST_KEYS.some((k) => a[k] < b[k]);
  return qualityOk && costOk && strict;
}

/** Points on the 2-D Pareto front of (quality, higher better) against (cost, lower better). */
export function paretoFront<T>(items: readonly T[], quality: (t: T) => number, cost: (t: T) => number): boolean[] {
  return items.map((p) => !items.some((o) => o !== p && quality(o) >= quality(p) && cost(o) <= cost(p) && (quality(o) > quality(p) || cost(o) < cost(p))));
}

/** The gate to use and where it came from (module comment). */
export function resolveVariantGate(file: VariantsFile, policyGate: VariantGate | undefined): { gate: VariantGate; source: GateSource } {
  if (file.gate) return { gate: file.gate, source: 'variants_file' };
  if (policyGate) return { gate: policyGate, source: 'policy' };
  return { gate: { ...KIT_COMPARATOR_GATE }, source: 'kit_comparator_default' };
}

/** Runs the comparator (module comment). Pure; never throws for a validated file. */
export function compareVariants(file: VariantsFile, policyGate: VariantGate | undefined): VariantComparison {
  const { gate, source } = resolveVariantGate(file, policyGate);
  const rows = file.variants;
  const scored: ScoredVariant[] = rows.map((row) => {
    const checks: GateCheck<VariantMetric, RagReason>[] = [];
    for (const [key, metric, comparator, reason] of GATE_RULES) {
      const threshold = gate[key];
      if (threshold === undefined) continue;
      checks.push(gateCheck({ id: metric, subject: row.variant_id, value: row[metric], comparator, threshold, failReason: reason }));
    }
    const gateDecision = verdictOf(checks);
    return {
      ...row,
      quality_score: qualityScore(row),
      dominated_by: rows.filter((o) => o.variant_id !== row.variant_id && dominates(o, row)).map((o) => o.variant_id),
      passes_gate: gateDecision.verdict === 'pass',
      checks,
      gate_decision: gateDecision,
      candidate_rank: null,
      on_pareto_cost: false,
      on_pareto_latency: false,
      lost_because: [],
    };
  });
  const onCost = paretoFront(scored, (v) => v.quality_score, (v) => v.cost_per_accepted_answer);
  const onLatency = paretoFront(scored, (v) => v.quality_score, (v) => v.p95_latency_ms);
  scored.forEach((v, i) => {
    v.on_pareto_cost = onCost[i];
    v.on_pareto_latency = onLatency[i];
  });
  const candidates = scored
    .map((v, i) => ({ v, i }))
    .filter(({ v }) => v.passes_gate && v.dominated_by.length === 0)
    .sort((x, y) => y.v.quality_score - x.v.quality_score || x.v.p95_latency_ms - y.v.p95_latency_ms || x.v.cost_per_accepted_answer - y.v.cost_per_accepted_answer || x.i - y.i)
    .map(({ v }) => v);
  candidates.forEach((v, i) => (v.candidate_rank = i + 1));
  const best = candidates[0] ?? null;
  for (const v of scored) {
    if (v === best) continue;
    const failed = v.checks.filter((c) => c.status !== 'pass').map((c) => c.id);
    if (failed.length) v.lost_because.push({ code: 'fails_gate', checks: failed });
    if (v.dominated_by.length) v.lost_because.push({ code: 'dominated', by: v.dominated_by });
    if (v.lost_because.length === 0) {
      if (!best) v.lost_because.push({ code: 'no_candidate' });
      else if (v.quality_score < best.quality_score) v.lost_because.push({ code: 'lower_quality', than: best.variant_id });
      else if (v.p95_latency_ms > best.p95_latency_ms) v.lost_because.push({ code: 'tie_higher_p95', than: best.variant_id });
      else if (v.cost_per_accepted_answer > best.cost_per_accepted_answer) v.lost_because.push({ code: 'tie_higher_cost', than: best.variant_id });
      else v.lost_because.push({ code: 'tie_file_order', than: best.variant_id });
    }
  }
  const front = (flag: (v: ScoredVariant) => boolean, cost: (v: ScoredVariant) => number) =>
    scored
      .filter(flag)
      .sort((a, b) => cost(a) - cost(b) || b.quality_score - a.quality_score)
      .map((v) => v.variant_id);
  const baselineId = file.baseline ?? rows[0].variant_id;
  const baseline = scored.find((v) => v.variant_id === baselineId)!;
  return {
    baseline: baselineId,
    policy: gate,
    gate_source: source,
    variants: scored,
    candidates: candidates.map((v) => v.variant_id),
    recommended: best ? best.variant_id : null,
    decision: best ? 'candidate_found' : 'no_release_candidate',
    pareto: {
      cost: front((v) => v.on_pareto_cost, (v) => v.cost_per_accepted_answer),
      latency: front((v) => v.on_pareto_latency, (v) => v.p95_latency_ms),
    },
    deltas_vs_baseline: scored.map((v): DeltaRow => {
      const d = { variant_id: v.variant_id, quality_score: v.quality_score - baseline.quality_score } as DeltaRow;
      for (const k of [...QUALITY_KEYS, 'critical_failures' as const, ...COST_KEYS]) d[k] = v[k] - baseline[k];
      return d;
    }),
  };
}
