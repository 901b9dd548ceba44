/**
 * The RAG lab's view: the learner's controls, validated with zod/mini (small enough for the page's
 * bundle; the page imports this through meta.ts without loading the engine).
 *
 *   k           null = the policy's k; an integer 1..1000 overrides it (every metric at k, the gate included)
 *   gain        nDCG gain: 'exponential' 2^rel − 1 (the kit's) or 'linear' rel (scikit-learn's)
 *   fusion      method 'rrf' | 'combsum' | 'combmnz', RRF's k (>= 0, 60 by default), and the two
 *               retrieved lists fused: 'cases' (the cases' retrieved lists), 'run', 'run_b' (TREC runs)
 *   compare     the two scored lists of the paired per-case comparison ('cases', 'run', 'run_b', 'fused')
 *   trace_case  the case_id shown in the trace view; null = the first case
 *   cutoffs     optional, at most 20 integers 1..1000: every scored list is also reported at each of
 *               these k (the scorecard's `by_k`, the CLI's `--k 1,3,5,10`); absent = none
 *
 * k, gain, fusion and cutoffs change what `run` computes (heavyKey); compare and trace_case are
 * picked by `select` from what `run` already computed.
 */
import * as z from 'zod/mini';

export const LIST_SOURCES = ['cases', 'run', 'run_b'] as const;
export const SOURCES = ['cases', 'run', 'run_b', 'fused'] as const;
export type ListSource = (typeof LIST_SOURCES)[number];
export type SourceId = (typeof SOURCES)[number];

export const ragViewSchema = z.object({
  k: z.nullable(z.int().check(z.minimum(1), z.maximum(1000))),
  gain: z.enum(['exponential', 'linear']),
  fusion: z.object({
    method: z.enum(['rrf', 'combsum', 'combmnz']),
    k: z.number().check(z.minimum(0), z.maximum(1e6)),
    a: z.enum(LIST_SOURCES),
    b: z.enum(LIST_SOURCES),
  }),
  compare: z.object({
    a: z.enum(SOURCES),
    b: z.enum(SOURCES),
  }),
  trace_case: z.nullable(z.string()),
  cutoffs: z.optional(z.array(z.int().check(z.minimum(1), z.maximum(1000))).check(z.maxLength(20))),
});

export type RagView = z.infer<typeof ragViewSchema>;

/** The view a fresh lab starts with: the policy's k, the kit's gain, RRF k = 60 of the two TREC runs, run vs fused, first case. */
export const defaultRagView: RagView = {
  k: null,
  gain: 'exponential',
  fusion: { method: 'rrf', k: 60, a: 'run', b: 'run_b' },
  compare: { a: 'run', b: 'fused' },
  trace_case: null,
};

/** The part of the view `run` depends on (k, gain, fusion, cutoffs), as a string key. */
export function ragHeavyKey(view: RagView): string {
  return JSON.stringify([view.k, view.gain, view.fusion.method, view.fusion.k, view.fusion.a, view.fusion.b, view.cutoffs ?? []]);
}
