/**
 * The RAG lab against the book's c03 kit (../shared/reference/c03: the kit's inputs and the
 * rag_scorecard.json, rag_experiment_matrix.json and rag_decision.md its scripts printed), through
 * the LabModule (parse -> run -> select -> report), on the Spanish preset (the kit's files, byte for
 * byte) and on the English preset (the same data translated): every key of the kit's outputs is
 * there, numbers within 5e-5 of the kit's rounded ones, strings and booleans equal.
 * Deliberate differences pinned here:
 *   - `decision` is the contract's {verdict, reasons}; the kit's string is decision.verdict;
 *   - numbers are unrounded (the kit's aggregates are means of values rounded to 4 decimals);
 *   - the comparator's gate is read from data; the kit's file has none, so the fallback is the
 *     kit's hard-coded thresholds, reported as gate_source 'kit_comparator_default';
 *   - added figures the kit does not print: MRR@k (0.6667, the RR cut at k), and the scoped
 *     populations (groundedness and citation recall over the answered answerable cases).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lab } from '../../labs/rag/lab.ts';
import { ragMeta } from '../../labs/rag/meta.ts';
import type { RagResult } from '../../labs/rag/engine.ts';
import { lookupPath, readPath } from '../../labs/core/contract/paths.ts';

const REF = new URL('../../../shared/reference/c03/', import.meta.url);
const PRESET = new URL('../../labs/rag/presets/', import.meta.url);
const read = (base: URL, p: string) => readFileSync(new URL(p, base), 'utf8');

const kitScorecard = JSON.parse(read(REF, 'output/rag_scorecard.json'));
const kitMatrix = JSON.parse(read(REF, 'output/rag_experiment_matrix.json'));
const kitDecisionMd = read(REF, 'output/rag_decision.md');
const textSnippet = JSON.parse(read(REF, 'expected_from_text.json')).text_snippet;

function resultFor(lang: 'es' | 'en', presetId = 'kit'): { result: RagResult; report: string } {
  const preset = ragMeta.presets.find((p) => p.id === presetId)!;
  const texts = Object.fromEntries(Object.entries(preset.files[lang]).map(([input, file]) => [input, read(PRESET, file)]));
  const parsed = lab.parse(texts, lang);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const heavy = lab.run(parsed.value, ragMeta.defaultView) as ReturnType<typeof lab.run> & object;
  const result = lab.select(heavy as Parameters<typeof lab.select>[0], ragMeta.defaultView);
  return { result, report: lab.report(result, lang) };
}

const TOL = 5e-5;

/** Compares kit value `k` with ours `o` (numbers within TOL, the rest equal); returns the mismatching paths. */
function mismatches(k: unknown, o: unknown, path: string, skip: Set<string> = new Set()): string[] {
  if (skip.has(path)) return [];
  if (typeof k === 'number') return typeof o === 'number' && Math.abs(k - o) <= TOL ? [] : [`${path}: kit ${k}, lab ${String(o)}`];
  if (k === null || typeof k !== 'object') return k === o ? [] : [`${path}: kit ${JSON.stringify(k)}, lab ${JSON.stringify(o)}`];
  if (o === null || typeof o !== 'object') return [`${path}: missing`];
  if (Array.isArray(k)) {
    if (!Array.isArray(o) || o.length !== k.length) return [`${path}: length`];
    return k.flatMap((v, i) => mismatches(v, o[i], `${path}[${i}]`, skip));
  }
  return Object.entries(k as Record<string, unknown>).flatMap(([key, v]) =>
    Object.prototype.hasOwnProperty.call(o, key) ? mismatches(v, (o as Record<string, unknown>)[key], path ? `${path}.${key}` : key, skip) : [`${path}.${key}: missing`],
  );
}

describe('c03 kit: rag_scorecard.json', () => {
  const { result } = resultFor('es');
  it('the Spanish preset is the kit, byte for byte', () => {
    expect(read(PRESET, 'rag_eval_cases.json')).toBe(read(REF, 'evals/rag_eval_cases.json'));
    expect(read(PRESET, 'rag_eval_policy.json')).toBe(read(REF, 'ops/ai/rag_eval_policy.json'));
    expect(read(PRESET, 'rag_experiments.json')).toBe(read(REF, 'evals/rag_experiments.json'));
  });
  it('the comparison of kit and lab can fail (a wrong value, a missing key)', () => {
    expect(mismatches({ a: 0.5, b: { c: 'x' } }, { a: 0.5001, b: {} }, '')).toEqual(['a: kit 0.5, lab 0.5001', 'b.c: missing']);
  });
  it('every key of the kit is there with the kit value (decision aside)', () => {
    expect(mismatches(kitScorecard, result, '', new Set(['decision']))).toEqual([]);
  });
  it("the kit's decision string is decision.verdict, and the reasons follow the failed constraints", () => {
    expect(result.decision.verdict).toBe(kitScorecard.decision);
    expect(result.decision.reasons).toEqual([
      'recall_at_k_below_threshold',
      'ndcg_at_k_below_threshold',
      'groundedness_below_threshold',
      'citation_recall_below_threshold',
      'no_answer_accuracy_below_threshold',
      'critical_failures_present',
    ]);
  });
  it("the text's 'what you should see' snippet", () => {
    for (const [key, v] of Object.entries(textSnippet.aggregate)) expect(result.aggregate[key as keyof RagResult['aggregate']]).toBeCloseTo(v as number, 4);
    expect(result.decision.verdict).toBe(textSnippet.decision);
  });
  it('the gate checklist carries every constraint with its value and threshold', () => {
    expect(result.checks.map((c) => [c.id, c.comparator, c.threshold, c.status])).toEqual([
      ['recall_at_k', '>=', 0.75, 'fail'],
      ['ndcg_at_k', '>=', 0.7, 'fail'],
      ['groundedness', '>=', 0.85, 'fail'],
      ['citation_recall', '>=', 0.75, 'fail'],
      ['no_answer_accuracy', '>=', 0.9, 'fail'],
      ['critical_failures', '<=', 0, 'fail'],
      ['avg_context_tokens', '<=', 520, 'pass'],
    ]);
  });
  it("figures the kit does not print: MRR@3 = (1 + 1 + 0)/3, not the kit's 0.75 (rag_003's gold chunk is at rank 4)", () => {
    expect(result.aggregate.mrr).toBeCloseTo(0.75, 12);
    expect(result.aggregate.mrr_at_k).toBeCloseTo(2 / 3, 12);
    expect(readPath(result, 'per_case[case_id=rag_003].reciprocal_rank')).toBe(0.25);
    expect(readPath(result, 'per_case[case_id=rag_003].reciprocal_rank_at_k')).toBe(0);
  });
  it("scoped populations: groundedness mean(1, 0.5) and citation recall mean(1, 0.5) over the answered answerable cases", () => {
    const g = result.aggregate_populations.groundedness;
    expect(g.kit!.value).toBeCloseTo(0.5, 12); // mean(1.0, 0.5, 0.0): rag_005 (unanswerable) mixed in
    expect(g.scoped.value).toBeCloseTo(0.75, 12);
    expect(g.scoped.left_out).toEqual([
      { reason: 'abstained', count: 1, case_ids: ['rag_003'] },
      { reason: 'not_answerable', count: 2, case_ids: ['rag_004', 'rag_005'] },
    ]);
    expect(result.aggregate_populations.citation_recall.scoped.value).toBeCloseTo(0.75, 12);
    expect(result.aggregate_populations.citation_precision.scoped.value).toBe(1);
    expect(result.aggregate_populations.no_answer_accuracy.scoped.value).toBe(0.5);
  });
});

describe('c03 kit: rag_experiment_matrix.json', () => {
  const { result } = resultFor('es');
  it('every key of the kit is there under `comparison`, with the kit value', () => {
    expect(mismatches(kitMatrix, result.comparison, '')).toEqual([]);
  });
  it('the gate comes from data: no gate in the file, so the kit comparator defaults, labelled as such', () => {
    expect(result.comparison!.gate_source).toBe('kit_comparator_default');
    expect(result.comparison!.policy).toEqual(kitMatrix.policy);
  });
  it('why the others lost: hybrid_rerank has the best nDCG and quality but fails four gate conditions', () => {
    const rerank = result.comparison!.variants.find((v) => v.variant_id === 'hybrid_rerank')!;
    expect(rerank.ndcg_at_k).toBe(Math.max(...result.comparison!.variants.map((v) => v.ndcg_at_k)));
    expect(rerank.lost_because).toEqual([{ code: 'fails_gate', checks: ['no_answer_accuracy', 'critical_failures', 'p95_latency_ms', 'cost_per_accepted_answer'] }]);
  });
});

describe('c03 kit: rag_decision.md', () => {
  const { result, report } = resultFor('es');
  it('lists the same constraints to fix, in the same order, and the same diagnosis per case', () => {
    const fix = kitDecisionMd.match(/Corregir primero: (.*)\./)![1];
    expect(report).toContain(`Corregir primero: ${fix}.`);
    for (const m of kitDecisionMd.matchAll(/- `(rag_\d+)` \(([^)]+)\): `([a-z_]+)`/g)) {
      expect(readPath(result, `per_case[case_id=${m[1]}].diagnosis`)).toBe(m[3]);
      expect(readPath(result, `per_case[case_id=${m[1]}].slice`)).toBe(m[2]);
    }
    expect(report).toContain('**FAIL**');
  });
});

describe('the English preset gives the same figures', () => {
  const es = resultFor('es').result;
  const { result: en, report } = resultFor('en');
  it('same numbers, verdict, diagnoses and recommendation as the kit', () => {
    expect(mismatches(kitScorecard, en, '', new Set(['decision', ...kitScorecard.per_case.map((_: unknown, i: number) => `per_case[${i}].slice`)]))).toEqual([]);
    expect(mismatches(kitMatrix, en.comparison, '', new Set(kitMatrix.variants.map((_: unknown, i: number) => `variants[${i}].change`)))).toEqual([]);
    expect(en.decision).toEqual(es.decision);
    expect(en.per_case.map((c) => c.slice)).toEqual(['enrollment', 'enrollment', 'grants', 'services', 'services']);
    expect(report).toContain('Fix first: recall_at_k, ndcg_at_k, groundedness, citation_recall, no_answer_accuracy, critical_failures.');
  });
  it('the same unrounded numbers as the Spanish preset', () => {
    expect(en.aggregate).toEqual(es.aggregate);
    expect(en.bootstrap).toEqual(es.bootstrap);
    expect(en.comparison!.variants.map((v) => v.quality_score)).toEqual(es.comparison!.variants.map((v) => v.quality_score));
  });
});

/** The paths chapter 03 cites (../briefs/content-paths.md, lab "rag"). */
const CONTENT_PATHS: string[] = [
  'k',
  'cases',
  'answerable_cases',
  'non_answerable_cases',
  'decision.verdict',
  ...['precision_at_k', 'recall_at_k', 'hit_at_k', 'mrr', 'mrr_at_k', 'ndcg_at_k', 'context_precision', 'groundedness', 'citation_precision', 'citation_recall', 'no_answer_accuracy', 'critical_failures', 'avg_context_tokens'].map((m) => `aggregate.${m}`),
  ...['rag_001', 'rag_002', 'rag_003', 'rag_004', 'rag_005'].flatMap((id) =>
    ['precision_at_k', 'recall_at_k', 'hit_at_k', 'reciprocal_rank', 'reciprocal_rank_at_k', 'dcg_at_k', 'idcg_at_k', 'ndcg_at_k', 'context_precision', 'context_tokens', 'groundedness', 'citation_precision', 'citation_recall', 'diagnosis'].map((m) => `per_case[case_id=${id}].${m}`),
  ),
  ...['bm25_base', 'dense_base', 'hybrid_rrf', 'hybrid_rerank'].flatMap((id) => ['quality_score', 'passes_gate'].map((m) => `comparison.variants[variant_id=${id}].${m}`)),
  'comparison.recommended',
];

describe('the paths the chapter cites', () => {
  for (const lang of ['es', 'en'] as const) {
    it(`${lang}: every path exists (a null value is a documented undefined, never a missing key)`, () => {
      const { result } = resultFor(lang);
      const missing = CONTENT_PATHS.filter((p) => !lookupPath(result, p).found);
      expect(missing).toEqual([]);
    });
  }
  it('the cited MRR figures: aggregate.mrr is the kit RR over the full list, aggregate.mrr_at_k cut at k', () => {
    const { result } = resultFor('es');
    expect(readPath(result, 'aggregate.mrr')).toBeCloseTo(0.75, 12);
    expect(readPath(result, 'aggregate.mrr_at_k')).toBeCloseTo(0.6667, 4);
    expect(readPath(result, 'comparison.recommended')).toBe('hybrid_rrf');
  });
});

describe('the kit_trec preset (qrels and two TREC runs)', () => {
  for (const lang of ['es', 'en'] as const) {
    it(`${lang}: the cases' own figures stay the kit's (the chunks judged 0 are not relevant)`, () => {
      const { result } = resultFor(lang, 'kit_trec');
      expect(mismatches(kitScorecard.aggregate, result.aggregate, 'aggregate')).toEqual([]);
      expect(result.per_case.every((c) => c.answerable === false || c.judgment_source === 'qrels')).toBe(true);
      expect(result.retrieval.sources.map((s) => [s.source, s.available])).toEqual([
        ['cases', true],
        ['run', true],
        ['run_b', true],
        ['fused', true],
      ]);
      expect(result.warnings).toEqual([]);
    });
  }
});
