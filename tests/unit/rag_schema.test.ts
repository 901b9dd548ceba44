/**
 * labs/rag/schema.ts: the lab's inputs read from texts written here. Problems name the input, the
 * 1-based line and the field, in Spanish and English; problems of several inputs come together;
 * chunk ids from data never become object keys (a chunk called "__proto__" is kept).
 */
import { describe, expect, it } from 'vitest';
import { parseRagInput } from '../../labs/rag/schema.ts';
import { lab } from '../../labs/rag/lab.ts';
import type { RagHeavy } from '../../labs/rag/engine.ts';
import { defaultRagView } from '../../labs/rag/view.ts';

const POLICY = JSON.stringify({ k: 3, min_recall_at_k: 0.75, min_ndcg_at_k: 0.7, min_groundedness: 0.85, min_citation_recall: 0.75, min_no_answer_accuracy: 0.9, max_critical_failures: 0, max_avg_context_tokens: 520 }, null, 2);
const CASE = (id: string, extra: Record<string, unknown> = {}) => ({ case_id: id, answerable: true, gold_chunks: { A: 1 }, retrieved: [{ chunk_id: 'A', score: 1, tokens: 10 }], answer: { abstained: false, citations: ['A'], claims: [] }, ...extra });
const cases = (...cs: object[]) => JSON.stringify(cs, null, 2);

function issues(texts: Record<string, string>, lang: 'es' | 'en' = 'en') {
  const r = parseRagInput(texts, lang);
  if (r.ok) throw new Error('expected issues');
  return r.issues;
}

describe('cases', () => {
  it('a repeated case_id is reported on the repeat, with its line', () => {
    const text = cases(CASE('a'), CASE('a'));
    const [i] = issues({ cases: text, policy: POLICY });
    const line = text.split('\n').findIndex((l, n) => l.includes('"case_id": "a"') && n > 2) + 1;
    expect(i).toEqual({ input: 'cases', line, field: '1.case_id', message: 'Case "a" is repeated.' });
  });
  it('a context chunk that was not retrieved names the element', () => {
    const text = cases(CASE('a', { context_chunks: ['A', 'Q'] }));
    const [i] = issues({ cases: text, policy: POLICY }, 'es');
    expect(i.field).toBe('0.context_chunks.1');
    expect(i.message).toBe('El chunk «Q» está en context_chunks pero no en la lista recuperada del caso.');
    expect(text.split('\n')[i.line! - 1]).toContain('"Q"');
  });
  it('a bad grade names the chunk; gold_chunks must be an object', () => {
    const text = cases(CASE('a', { gold_chunks: { A: 1, B: 'high' } }), CASE('b', { gold_chunks: ['A'] }));
    const is = issues({ cases: text, policy: POLICY });
    expect(is.map((i) => [i.field, i.message])).toEqual([
      ['0.gold_chunks.B', 'A relevance grade must be a number between -100 and 100.'],
      ['1.gold_chunks', 'gold_chunks must be an object {"chunk_id": grade}.'],
    ]);
    expect(text.split('\n')[is[0].line! - 1]).toContain('"B": "high"');
  });
  it("a wrong type is said in the page's language: what was expected and what was found", () => {
    const [es] = issues({ cases: cases(CASE('a', { answerable: 'yes' })), policy: POLICY }, 'es');
    expect(es.field).toBe('0.answerable');
    expect(es.message).toBe('Se esperaba true o false; aquí hay un texto entre comillas («yes»).');
  });
  it('JSON syntax errors give the line', () => {
    const [i] = issues({ cases: '[\n  {"case_id": "a",}\n]', policy: POLICY });
    expect(i).toMatchObject({ input: 'cases', line: 2 });
  });
  it('a chunk called "__proto__" is an ordinary chunk id', () => {
    const text = cases(CASE('a', { gold_chunks: { PROTO: 2 }, retrieved: [{ chunk_id: 'PROTO', score: 1, tokens: 1 }], answer: { abstained: false, citations: ['PROTO'], claims: [{ text: 't', supporting_chunks: ['PROTO'] }] } })).replaceAll('PROTO', '__proto__');
    expect(text).toContain('"__proto__": 2');
    const p = lab.parse({ cases: text, policy: POLICY }, 'en');
    if (!p.ok) throw new Error(JSON.stringify(p.issues));
    expect(p.value.cases[0].gold).toEqual([['__proto__', 2]]);
    const r = lab.select(lab.run(p.value, defaultRagView) as RagHeavy, defaultRagView);
    expect(r.per_case[0].recall_at_k).toBe(1);
    expect(r.per_case[0].citation_precision).toBe(1);
  });
});

describe('policy and variants', () => {
  it('a misspelled threshold is an error, not silently ignored; a missing kit key too', () => {
    const bad = JSON.stringify({ ...JSON.parse(POLICY), min_recal_at_k: 0.8 }, null, 2);
    const [i] = issues({ cases: cases(CASE('a')), policy: bad });
    expect(i.input).toBe('policy');
    expect(i.message).toContain('min_recal_at_k');
    const noK = JSON.stringify({ ...JSON.parse(POLICY), k: undefined });
    expect(issues({ cases: cases(CASE('a')), policy: noK })[0].field).toBe('k');
  });
  it("variants: the kit's array or {gate, baseline, variants}; a repeated id and an unknown baseline are reported", () => {
    const row = (id: string) => ({ variant_id: id, recall_at_k: 0.5, ndcg_at_k: 0.5, groundedness: 0.5, citation_recall: 0.5, no_answer_accuracy: 0.5, critical_failures: 0, avg_context_tokens: 1, p95_latency_ms: 1, cost_per_accepted_answer: 0 });
    const ok = parseRagInput({ cases: cases(CASE('a')), policy: POLICY, variants: JSON.stringify({ gate: { max_p95_latency_ms: 900 }, baseline: 'v2', variants: [row('v1'), row('v2')] }) }, 'en');
    expect(ok.ok && ok.value.variants).toMatchObject({ gate: { max_p95_latency_ms: 900 }, baseline: 'v2' });
    const text = JSON.stringify([row('v1'), row('v1')], null, 2);
    const [dup] = issues({ cases: cases(CASE('a')), policy: POLICY, variants: text });
    expect(dup).toMatchObject({ input: 'variants', field: '1.variant_id', message: 'Variant "v1" is repeated.' });
    expect(text.split('\n')[dup.line! - 1]).toContain('"variant_id": "v1"');
    const [base] = issues({ cases: cases(CASE('a')), policy: POLICY, variants: JSON.stringify({ baseline: 'zz', variants: [row('v1')] }) }, 'es');
    expect(base).toMatchObject({ field: 'baseline', message: 'La baseline «zz» no es ninguna de las variantes.' });
    const [gateTypo] = issues({ cases: cases(CASE('a')), policy: POLICY, variants: JSON.stringify({ gate: { max_latency: 1 }, variants: [row('v1')] }) });
    expect(gateTypo.field).toBe('gate');
  });
  it('problems of every input come together (cases, policy, a TREC run)', () => {
    const is = issues({ cases: '', policy: '{', run: 'q Q0 d 1 x tag' });
    expect(is.map((i) => i.input)).toEqual(['cases', 'policy', 'run']);
  });
  it('blank optional inputs are absent', () => {
    const r = parseRagInput({ cases: cases(CASE('a')), policy: POLICY, variants: '  ', qrels: '', run: '\n' }, 'en');
    expect(r.ok && [r.value.variants, r.value.qrels, r.value.run, r.value.run_b]).toEqual([null, null, null, null]);
  });
});
