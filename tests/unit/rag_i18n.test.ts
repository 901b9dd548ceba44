/**
 * The RAG lab's messages: Spanish and English have the same keys and function arities, no empty
 * string, English is not a copy of Spanish, and every code the engine can emit has a message
 * (reason codes, undefined reasons, diagnoses, layers, populations, warnings, why a variant lost).
 */
import { describe, expect, it } from 'vitest';
import { ragEs } from '../../labs/rag/i18n/es.ts';
import { ragEn } from '../../labs/rag/i18n/en.ts';
import { LAYER_OF, POPULATION_METRICS } from '../../labs/rag/engine.ts';
import { GATE } from '../../labs/rag/decision.ts';

function shape(obj: unknown, prefix = ''): string[] {
  if (typeof obj === 'function') return [`${prefix}()${obj.length}`];
  if (typeof obj === 'string') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => shape(v, prefix ? `${prefix}.${k}` : k));
}
function leaves(obj: unknown, prefix = ''): [string, unknown][] {
  if (typeof obj === 'string' || typeof obj === 'function') return [[prefix, obj]];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('RAG lab messages', () => {
  it('same keys and arities in es and en', () => {
    expect(shape(ragEn).sort()).toEqual(shape(ragEs).sort());
  });
  it('no empty message; English is mostly not the Spanish text', () => {
    const es = new Map(leaves(ragEs));
    const en = leaves(ragEn);
    expect(en.filter(([, v]) => typeof v === 'string' && v.trim() === '')).toEqual([]);
    const same = en.filter(([k, v]) => typeof v === 'string' && es.get(k) === v).map(([k]) => k);
    // terms of art (Precision@k, nDCG@k, Groundedness, RR...) may coincide
    const termsOfArt = new Set(['layers.groundedness', 'fusion_methods.rrf', 'report.kit_value', 'report.n', 'report.no', 'report.gate']);
    expect(same.filter((k) => !k.startsWith('metrics.') && !termsOfArt.has(k))).toEqual([]);
  });
  it('every code the engine emits has a message', () => {
    for (const [, , , fail, undef] of GATE) {
      expect(ragEs.reasons[fail]).toBeTruthy();
      expect(ragEs.reasons[undef]).toBeTruthy();
    }
    for (const code of Object.keys(LAYER_OF)) expect((ragEs.layer_diagnosis as Record<string, string>)[code]).toBeTruthy();
    for (const m of POPULATION_METRICS) expect((ragEs.metrics as Record<string, string>)[m]).toBeTruthy();
    for (const code of ['not_answerable', 'answerable', 'no_relevant_chunks', 'no_claims', 'no_citations', 'no_answer_recorded', 'abstained', 'empty_population', 'no_unanswerable_cases']) {
      expect((ragEs.undefined_reason as Record<string, string>)[code]).toBeTruthy();
    }
  });
});
