/**
 * The edited-state preset files that chapters 01 to 04 compute figures on (<Value start=…>) are
 * what their READMEs say: each equals its kit file with the named edit applied here, by hand, so a
 * change to a kit file that is not carried to its edited copy fails here instead of silently
 * changing a chapter's figure.
 */
import { describe, expect, it } from 'vitest';
import { gateId } from '../helpers/gate_ids.ts';
import { readFileSync } from 'node:fs';

const read = (lab: string, f: string) => JSON.parse(readFileSync(`labs/${lab}/presets/${f}`, 'utf8'));
type Run = { case_id: string; parse_ok: boolean; scores: Record<string, number> };
type Ev = { evaluator_id: string; runs: Run[] };

function outputsWith(edit: (ev: string, r: Run) => void): Ev[] {
  const o = read('evaluators', 'evaluator_outputs.json') as Ev[];
  for (const e of o) for (const r of e.runs) edit(e.evaluator_id, r);
  return o;
}

describe('chapter 04: evaluator outputs', () => {
  const V1 = 'evaluator_v1_generic';
  const V2 = 'evaluator_v2_rubric';
  const blocks = (cases: string[]) => outputsWith((ev, r) => { if (ev === V1 && cases.includes(r.case_id)) r.scores.pass = 0; });
  it('v1 blocks 005; 001 and 005; 002 and 005', () => {
    expect(read('evaluators', 'evaluator_outputs_v1_blocks_005.json')).toEqual(blocks(['evaluator_005']));
    expect(read('evaluators', 'evaluator_outputs_v1_blocks_001_005.json')).toEqual(blocks(['evaluator_001', 'evaluator_005']));
    expect(read('evaluators', 'evaluator_outputs_v1_blocks_002_005.json')).toEqual(blocks(['evaluator_002', 'evaluator_005']));
  });
  it('one unreadable run: v2 on 006, v1 on 002', () => {
    expect(read('evaluators', 'evaluator_outputs_v2_unparsed_006.json')).toEqual(outputsWith((ev, r) => { if (ev === V2 && r.case_id === 'evaluator_006') r.parse_ok = false; }));
    expect(read('evaluators', 'evaluator_outputs_v1_unparsed_002.json')).toEqual(outputsWith((ev, r) => { if (ev === V1 && r.case_id === 'evaluator_002') r.parse_ok = false; }));
  });
  it('human pass labels moved toward v1 on 002, 004 and 005 (es and en)', () => {
    for (const sfx of ['', '.en']) {
      const cases = read('evaluators', `evaluator_calibration_cases${sfx}.json`) as { case_id: string; human: Record<string, number> }[];
      for (const c of cases) if (['evaluator_002', 'evaluator_004', 'evaluator_005'].includes(c.case_id)) c.human.pass = 1;
      expect(read('evaluators', `evaluator_calibration_cases_toward_v1${sfx}.json`)).toEqual(cases);
    }
  });
});

describe('chapter 04: the trace without run_ok\'s approval', () => {
  it('es and en', () => {
    for (const sfx of ['', '.en']) {
      const t = read('trace', `citation_agent_trace${sfx}.json`) as { runs: { run_id: string; steps: { step_id: string }[] }[] };
      const ok = t.runs.find((r) => r.run_id === 'run_ok')!;
      ok.steps = ok.steps.filter((s) => s.step_id !== 's6');
      expect(read('trace', `citation_agent_trace_approval_removed${sfx}.json`)).toEqual(t);
    }
  });
});

describe('chapter 03: RAG cases and variants', () => {
  type Case = { case_id: string; retrieved: unknown[]; answer: Record<string, unknown> };
  it('rag_002 retrieves the pending-payments rule first; rag_005 abstains (es and en)', () => {
    for (const sfx of ['', '.en']) {
      const a = read('rag', `rag_eval_cases${sfx}.json`) as Case[];
      a.find((c) => c.case_id === 'rag_002')!.retrieved.unshift({ chunk_id: 'normativa-2026#pagos-pendientes', score: 0.9, tokens: 150 });
      expect(read('rag', `rag_eval_cases_002_pagos_first${sfx}.json`)).toEqual(a);
      const b = read('rag', `rag_eval_cases${sfx}.json`) as Case[];
      const c5 = b.find((c) => c.case_id === 'rag_005')!;
      c5.answer = { abstained: true, citations: [], claims: [], output_tokens: c5.answer.output_tokens };
      expect(read('rag', `rag_eval_cases_005_abstains${sfx}.json`)).toEqual(b);
    }
  });
  it('hybrid_rerank without its critical failure and with no-answer accuracy 0.91 (es and en)', () => {
    for (const sfx of ['', '.en']) {
      const v = read('rag', `rag_experiments${sfx}.json`) as Record<string, unknown>[];
      Object.assign(v.find((x) => x.variant_id === 'hybrid_rerank')!, { critical_failures: 0, no_answer_accuracy: 0.91 });
      expect(read('rag', `rag_experiments_rerank_fixed${sfx}.json`)).toEqual(v);
    }
  });
});

/** The rows of a JSONL preset file. */
const readJsonl = (lab: string, f: string) => readFileSync(`labs/${lab}/presets/${f}`, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('chapter 01: gate answers and cases (es, and en on the translated kit)', () => {
  type Out = { version: string; case_id: string; output: string; cost_eur: number };
  // Per language: the suffix of the files, the abstention the candidate gives, and the baseline's
  // two answers that lack an expected term (matricula_001, beca_001).
  const LANGS = [
    { lang: 'es', sfx: '', abstain: 'No tengo evidencia suficiente en la documentación para confirmarlo.', miss: ['Consulta el calendario académico del centro.', 'Revisa la convocatoria en la web de becas.'] },
    { lang: 'en', sfx: '.en', abstain: 'I have no evidence in the documentation to confirm it.', miss: ["Check the school's academic calendar.", 'Read the call on the grants website.'] },
  ] as const;
  for (const { lang, sfx, abstain, miss } of LANGS) {
    // the same cases under each language's ids (tests/helpers/gate_ids.ts)
    const [matricula, beca, sinEvidencia, horario] = (['matricula_001', 'beca_001', 'sin_evidencia_001', 'horario_001'] as const).map((id) => gateId(lang, id));
    const kitOut = () => readJsonl('gate', `outputs${sfx}.jsonl`) as Out[];
    const claim = kitOut().find((r) => r.version === 'candidate' && r.case_id === sinEvidencia)!.output;
    it(`the candidate abstains on sin_evidencia_001 (${sfx || 'es'})`, () => {
      const o = kitOut();
      o.find((r) => r.version === 'candidate' && r.case_id === sinEvidencia)!.output = abstain;
      expect(readJsonl('gate', `outputs_candidate_abstains${sfx}.jsonl`)).toEqual(o);
    });
    it(`costs: horario_001 at 0.035 for the candidate; every candidate answer at 0.05 (${sfx || 'es'})`, () => {
      const a = kitOut();
      a.find((r) => r.version === 'candidate' && r.case_id === horario)!.cost_eur = 0.035;
      expect(readJsonl('gate', `outputs_horario_cost_0035${sfx}.jsonl`)).toEqual(a);
      const b = kitOut();
      for (const r of b) if (r.version === 'candidate') r.cost_eur = 0.05;
      expect(readJsonl('gate', `outputs_candidate_cost_005${sfx}.jsonl`)).toEqual(b);
    });
    it(`the candidate passes every case and the baseline none (${sfx || 'es'})`, () => {
      const o = kitOut();
      for (const r of o) {
        if (r.version === 'candidate' && r.case_id === sinEvidencia) r.output = abstain;
        if (r.version === 'baseline' && r.case_id === matricula) r.output = miss[0];
        if (r.version === 'baseline' && r.case_id === beca) r.output = miss[1];
        if (r.version === 'baseline' && r.case_id === sinEvidencia) r.output = claim;
      }
      expect(readJsonl('gate', `outputs_candidate_wins_all${sfx}.jsonl`)).toEqual(o);
    });
    it(`sin_evidencia_001 weighs 5, or 0 (${sfx || 'es'})`, () => {
      for (const w of [5, 0]) {
        const c = readJsonl('gate', `eval_cases${sfx}.jsonl`);
        c.find((r) => r.case_id === sinEvidencia)!.weight = w;
        expect(readJsonl('gate', `eval_cases_sin_evidencia_weight_${w}${sfx}.jsonl`)).toEqual(c);
      }
    });
  }
});

describe('chapter 02: threshold cases (es, and en on the translated kit)', () => {
  for (const [sfx, inquiry] of [['', 'consulta'], ['.en', 'inquiry']] as const) {
    it(`ticket_009 scored 0.29 (${sfx || 'es'})`, () => {
      const c = readJsonl('threshold', `classification_cases${sfx}.jsonl`);
      c.find((r) => r.case_id === 'ticket_009')!.score = 0.29;
      expect(readJsonl('threshold', `classification_cases_ticket_009_029${sfx}.jsonl`)).toEqual(c);
    });
    it(`ten easy normal tickets added (${sfx || 'es'})`, () => {
      const c = readJsonl('threshold', `classification_cases${sfx}.jsonl`);
      for (let i = 1; i <= 10; i++) c.push({ case_id: `extra_easy_${i}`, score: 0.05, label: 0, slice: inquiry });
      expect(readJsonl('threshold', `classification_cases_plus_10_easy${sfx}.jsonl`)).toEqual(c);
    });
  }
});
