/**
 * The course's exercises (content/exercises/{es,en}/*.mdx), run through the real engines: each
 * starting state leaves some goal unmet, the intended fix meets every goal, and the obvious ways
 * of cheating (lowering a gate, editing the data, loosening the policy) do not. The starting texts
 * are resolved as the page does (labs/<lab>/presets + JSON merge patch; inputs left out come from
 * the lab's own preset). Expectations are logical (met or not), never numbers printed by the code.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import YAML from 'yaml';
import jsonMergePatch from 'json-merge-patch';
import { createRunner } from '../../labs/runner.ts';
import { evaluateGoals } from '../../labs/core/contract/goals.ts';
import { exerciseFrontmatterSchema, type ExerciseFrontmatter } from '../../labs/core/contract/exercise.ts';
import type { Lang } from '../../labs/core/contract/types.ts';

type Texts = Record<string, string>;
interface Variant {
  name: string;
  met: boolean;
  texts?: (t: Texts) => Texts;
  view?: unknown;
}

/** What each lab's page loads when an exercise leaves an input out. */
const LAB_PRESETS: Record<string, Texts> = {
  rubric: { items: 'capstone_items.jsonl', rubric: 'capstone_rubric.json' },
  gate: { cases: 'eval_cases.jsonl', outputs: 'outputs.jsonl', policy: 'eval_policy.json', hypothesis: 'eval_hypothesis.json', taxonomy: 'error_taxonomy.json', manifest: 'eval_run_manifest.json' },
  calibration: { cases: 'calibration_cases.csv', policy: 'calibration_policy.json' },
  threshold: { cases: 'classification_cases.jsonl', policy: 'threshold_policy.json' },
};
/** Labs whose page preset differs by language (the English page loads the translated files). */
const LAB_PRESETS_BY_LANG: Record<string, Record<Lang, Texts>> = {
  rag: {
    es: { cases: 'rag_eval_cases.json', policy: 'rag_eval_policy.json', variants: 'rag_experiments.json' },
    en: { cases: 'rag_eval_cases.en.json', policy: 'rag_eval_policy.json', variants: 'rag_experiments.en.json' },
  },
};
const preset = (lab: string, file: string) => readFileSync(`labs/${lab}/presets/${file}`, 'utf8');
const run = createRunner();

function load(lang: Lang, slug: string): ExerciseFrontmatter {
  const src = readFileSync(`content/exercises/${lang}/${slug}.mdx`, 'utf8');
  return exerciseFrontmatterSchema.parse(YAML.parse(src.split(/^---$/m)[1]));
}

function startTexts(fm: ExerciseFrontmatter, lang: Lang): Texts {
  const texts: Texts = {};
  for (const [k, f] of Object.entries(LAB_PRESETS_BY_LANG[fm.lab]?.[lang] ?? LAB_PRESETS[fm.lab] ?? {})) texts[k] = preset(fm.lab, f);
  for (const [k, t] of Object.entries(fm.start.texts)) {
    if ('text' in t) texts[k] = t.text;
    else texts[k] = t.patch ? `${JSON.stringify(jsonMergePatch.apply(JSON.parse(preset(fm.lab, t.preset)), t.patch), null, 2)}\n` : preset(fm.lab, t.preset);
  }
  return texts;
}

async function allMet(lang: Lang, fm: ExerciseFrontmatter, v: Variant): Promise<boolean> {
  const base = startTexts(fm, lang);
  const texts = v.texts ? v.texts({ ...base }) : base;
  const out = await run.runAny(fm.lab, texts, lang, v.view ?? fm.start.view);
  if (!out.ok) throw new Error(`${v.name}: ${JSON.stringify(out.issues)}`);
  return evaluateGoals(fm.goals, out.result).allMet;
}

const rubricEdit = (f: (r: Record<string, any>) => void) => (t: Texts) => {
  const r = JSON.parse(t.rubric);
  f(r);
  return { ...t, rubric: JSON.stringify(r, null, 2) };
};
const setStep = (name: string, enabled: boolean, mode?: string) => (r: Record<string, any>) => {
  for (const s of r.normalization.steps) if (s.step === name) Object.assign(s, { enabled }, mode ? { mode } : {});
};
const policyEdit = (f: (p: Record<string, any>) => void) => (t: Texts) => {
  const p = JSON.parse(t.policy);
  f(p);
  return { ...t, policy: JSON.stringify(p, null, 2) };
};
/**
 * The cheat that addressing by position let through: delete the failing items (or cases) and add
 * copies of a passing one under their ids. `ids` are replaced in every line-based input that holds them.
 */
const renamedCopies = (inputs: string[], idField: string, ids: string[], donor: string) => (t: Texts) => {
  const out = { ...t };
  for (const input of inputs) {
    const lines = t[input].split('\n');
    const donorLines = lines.filter((l) => l.includes(`"${idField}": "${donor}"`) || l.includes(`"${idField}":"${donor}"`));
    const kept = lines.filter((l) => !ids.some((id) => l.includes(`"${id}"`)));
    const copies = ids.flatMap((id) => donorLines.map((l) => l.replaceAll(`"${donor}"`, `"${id}"`)));
    out[input] = [...kept.filter((l) => l.trim() !== ''), ...copies].join('\n') + '\n';
  }
  return out;
};
/** The chapter's comparator contract (the thresholds the kit's script hard-codes), written as data. */
const FULL_VARIANT_GATE = { min_recall_at_k: 0.78, min_ndcg_at_k: 0.72, min_groundedness: 0.86, min_citation_recall: 0.76, min_no_answer_accuracy: 0.9, max_critical_failures: 0, max_avg_context_tokens: 560, max_p95_latency_ms: 1200, max_cost_per_accepted_answer: 0.006 };
const variantsEdit = (f: (rows: Record<string, any>[]) => Record<string, any>[]) => (t: Texts) => ({ ...t, variants: JSON.stringify(f(JSON.parse(t.variants)), null, 2) });
const ragView = (fusionK: number, patch: Record<string, unknown> = {}) => ({ k: 5, gain: 'exponential', fusion: { method: 'rrf', k: fusionK, a: 'run', b: 'run_b' }, compare: { a: 'run_b', b: 'fused' }, trace_case: 'rag_002', ...patch });
/** TREC lines of one query renamed to another (the renamed-copy cheat on runs and qrels). */
const trecCopy = (text: string, drop: string, from: string) => {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const kept = lines.filter((l) => l.split(/\s+/)[0] !== drop);
  const copies = lines.filter((l) => l.split(/\s+/)[0] === from).map((l) => l.replace(from, drop));
  return `${[...kept, ...copies].join('\n')}\n`;
};
const CANDIDATE_CLAIM = 'Sí, esa norma interna se aplica aunque no aparezca todavía en la documentación.';

const CASES: Record<string, Variant[]> = {
  'rubric-casefold-break': [
    { name: 'case folding back on (casefold)', met: true, texts: rubricEdit(setStep('case_fold', true)) },
    { name: 'case folding on in lower mode (not the original)', met: false, texts: rubricEdit(setStep('case_fold', true, 'lower')) },
    { name: 'hard gate lowered to 0.7', met: false, texts: rubricEdit((r) => { r.gates.hard.min_score = 0.7; }) },
    { name: 'answers lower-cased in the items', met: false, texts: (t) => ({ ...t, items: t.items.replace('Mice.', 'mice.').replace('Teeth', 'teeth').replace('People.', 'people.').replace('\\"Pies\\"', '\\"pies\\"').replace('Sra.', 'sra.') }) },
    { name: 'failing items dropped', met: false, texts: (t) => ({ ...t, items: t.items.split('\n').filter((l) => !/pl-0[1367]|pl-10/.test(l)).join('\n') }) },
    { name: 'failing items replaced by renamed copies of a passing one', met: false, texts: renamedCopies(['items'], 'item', ['pl-01', 'pl-03', 'pl-06', 'pl-07', 'pl-10'], 'pl-02') },
  ],
  'rubric-trailing-period': [
    { name: 'normalize_expected on', met: true, texts: rubricEdit((r) => { r.normalization.normalize_expected = true; }) },
    { name: 'strip_trailing_period off', met: true, texts: rubricEdit(setStep('strip_trailing_period', false)) },
    { name: 'expected entry edited to "mrs"', met: false, texts: (t) => ({ ...t, items: t.items.replace('["mrs."]', '["mrs"]') }) },
    { name: 'answer edited to "Mrs"', met: false, texts: (t) => ({ ...t, items: t.items.replace('\\"answer\\": \\"Mrs.\\"', '\\"answer\\": \\"Mrs\\"') }) },
    { name: 'correctness weighted 0', met: false, texts: rubricEdit((r) => { r.axes[0].weight = 0; }) },
    { name: 'pl-10 replaced by a renamed copy of a passing item', met: false, texts: renamedCopies(['items'], 'item', ['pl-10'], 'pl-02') },
  ],
  'rubric-breakdown-check': [
    { name: 'stated score corrected to 0.75', met: true, texts: (t) => ({ ...t, breakdown: t.breakdown.replace('"score": 0.95', '"score": 0.75') }) },
    { name: 'gloss set to 1 and score to 1', met: false, texts: (t) => { const b = JSON.parse(t.breakdown); b.breakdown.spanish_gloss = 1; b.weighted.spanish_gloss = 0.25; b.score = 1; return { ...t, breakdown: JSON.stringify(b) }; } },
    { name: 'rubric weights of gloss and conciseness swapped', met: false, texts: (t) => { const r = JSON.parse(t.rubric); r.axes[1].weight = 0.05; r.axes[3].weight = 0.25; const b = JSON.parse(t.breakdown); b.weighted.conciseness = 0.25; return { ...t, rubric: JSON.stringify(r), breakdown: JSON.stringify(b) }; } },
    { name: 'breakdown removed', met: false, texts: (t) => ({ ...t, breakdown: '' }) },
    { name: 'breakdown replaced by a consistent one under the same item id', met: false, texts: (t) => ({ ...t, breakdown: JSON.stringify({ item: 'e-39-01', score: 1, breakdown: { correctness: 1, spanish_gloss: 1, schema: 1, conciseness: 1 }, weighted: { correctness: 0.6, spanish_gloss: 0.25, schema: 0.1, conciseness: 0.05 } }) }) },
  ],
  'gate-abstention': [
    { name: 'candidate abstains', met: true, texts: (t) => ({ ...t, outputs: t.outputs.replace(CANDIDATE_CLAIM, 'No tengo evidencia suficiente en la documentación para confirmarlo.') }) },
    { name: 'candidate abstains with another marker', met: true, texts: (t) => ({ ...t, outputs: t.outputs.replace(CANDIDATE_CLAIM, 'Lo siento, no puedo confirmarlo con la documentación disponible.') }) },
    { name: 'a marker matching the claim added to the policy', met: false, texts: policyEdit((p) => { p.abstention_markers = ['no tengo evidencia', 'esa norma interna']; }) },
    { name: 'must_abstain switched off in the case', met: false, texts: (t) => ({ ...t, cases: t.cases.replace('"must_abstain":true', '"must_abstain":false') }) },
    { name: 'policy loosened', met: false, texts: policyEdit((p) => { p.max_critical_failures = 1; p.max_regressions = 1; p.critical_slices = []; }) },
    { name: 'the case replaced by renamed copies of a passing one', met: false, texts: renamedCopies(['cases', 'outputs'], 'case_id', ['sin_evidencia_001'], 'matricula_001') },
    { name: 'the case dropped', met: false, texts: (t) => ({ ...t, cases: t.cases.split('\n').filter((l) => !l.includes('sin_evidencia_001')).join('\n'), outputs: t.outputs.split('\n').filter((l) => !l.includes('sin_evidencia_001')).join('\n') }) },
  ],
  'calibration-pick-calibrator': [
    { name: 'Platt', met: true, view: { calibrator: 'platt', bins: 10, binning: 'uniform' } },
    { name: 'temperature', met: true, view: { calibrator: 'temperature', bins: 10, binning: 'uniform' } },
    { name: 'isotonic, 20 quantile bins', met: true, view: { calibrator: 'isotonic', bins: 20, binning: 'quantile' } },
    { name: 'Platt named in the policy', met: true, view: {}, texts: policyEdit((p) => { p.calibrator = 'platt'; }) },
    { name: 'histogram with 23 bins (passes the gate, still lets four malignant tumours through)', met: false, view: { calibrator: 'histogram_laplace', bins: 23 } },
    { name: 'histogram with 50 bins', met: false, view: { calibrator: 'histogram_laplace', bins: 50 } },
    { name: 'automatic error limit raised', met: false, texts: policyEdit((p) => { p.max_auto_error_rate = 0.06; }) },
    { name: 'alpha lowered', met: false, texts: policyEdit((p) => { p.alpha = 0.01; }) },
  ],
  'calibration-conformal-alpha': [
    { name: 'alpha 0.05', met: true, texts: policyEdit((p) => { p.alpha = 0.05; }) },
    { name: 'alpha 0.048 (just above 1/21)', met: true, texts: policyEdit((p) => { p.alpha = 0.048; }) },
    { name: 'alpha 0.047 (below 1/21: the rank is still 21)', met: false, texts: policyEdit((p) => { p.alpha = 0.047; }) },
    { name: 'alpha back to 0.10 (less coverage than asked for)', met: false, texts: policyEdit((p) => { p.alpha = 0.1; }) },
    {
      name: 'calibration split padded with five renamed copies (n = 25 supports 96%)',
      met: false,
      texts: (t) => ({ ...t, cases: t.cases.trimEnd() + '\n' + ['c101', 'c102', 'c103', 'c104', 'c105'].map((id, i) => `${id},calibration,0.${i + 1}5,0,general`).join('\n') + '\n' }),
    },
    {
      name: 'five evaluation cases moved into the calibration split',
      met: false,
      texts: (t) => ({ ...t, cases: t.cases.replace(/^(e00[1-5]),evaluation,/gm, '$1,calibration,') }),
    },
    { name: 'review capacity loosened instead', met: false, texts: policyEdit((p) => { p.max_review_rate = 1; p.min_auto_coverage = 0; }) },
  ],
  'rubric-agreement-statistic': [
    { name: 'statistic override removed from the grades', met: true, texts: (t) => { const r = JSON.parse(t.ratings); delete r.statistic; return { ...t, ratings: JSON.stringify(r) }; } },
    { name: 'override set to cohen_kappa', met: true, texts: (t) => { const r = JSON.parse(t.ratings); r.statistic = 'cohen_kappa'; return { ...t, ratings: JSON.stringify(r) }; } },
    { name: 'the rubric re-registered with QWK after the fact', met: false, texts: (t) => { const r = JSON.parse(t.ratings); delete r.statistic; return { ...rubricEdit((x) => { x.agreement.statistic = 'quadratic_weighted_kappa'; })(t), ratings: JSON.stringify(r) }; } },
    { name: 'minimum lowered in the grades file', met: false, texts: (t) => { const r = JSON.parse(t.ratings); r.statistic = 'cohen_kappa'; r.min_kappa = 0.5; return { ...t, ratings: JSON.stringify(r) }; } },
    { name: 'minimum lowered in the rubric', met: false, texts: (t) => { const r = JSON.parse(t.ratings); delete r.statistic; delete r.min_kappa; return { ...rubricEdit((x) => { x.agreement.min_kappa = 0.5; })(t), ratings: JSON.stringify(r) }; } },
    { name: "B's grade on q2 changed to agree", met: false, texts: (t) => { const r = JSON.parse(t.ratings); delete r.statistic; r.rater_b[1] = 5; return { ...t, ratings: JSON.stringify(r) }; } },
    { name: 'linear weighted kappa instead', met: false, texts: (t) => { const r = JSON.parse(t.ratings); r.statistic = 'linear_weighted_kappa'; return { ...t, ratings: JSON.stringify(r) }; } },
  ],
};

CASES['rag-best-ndcg-fails'] = [
  { name: 'the whole contract written in the policy', met: true, texts: policyEdit((p) => { p.variant_gate = { ...FULL_VARIANT_GATE }; }) },
  { name: 'a stricter contract (p95 1000 ms, cost 0.005)', met: true, texts: policyEdit((p) => { p.variant_gate = { ...FULL_VARIANT_GATE, max_p95_latency_ms: 1000, max_cost_per_accepted_answer: 0.005 }; }) },
  { name: 'the contract moved into the variants file', met: true, texts: (t) => { const p = JSON.parse(t.policy); delete p.variant_gate; return { ...t, policy: JSON.stringify(p), variants: JSON.stringify({ gate: FULL_VARIANT_GATE, variants: JSON.parse(t.variants) }) }; } },
  { name: 'only the latency ceiling added', met: false, texts: policyEdit((p) => { p.variant_gate.max_p95_latency_ms = 1200; }) },
  { name: 'only the no-answer floor added (enough to flip the choice)', met: false, texts: policyEdit((p) => { p.variant_gate.min_no_answer_accuracy = 0.9; }) },
  { name: 'variant_gate deleted (the kit script\'s hard-coded thresholds)', met: false, texts: policyEdit((p) => { delete p.variant_gate; }) },
  { name: 'quality thresholds dropped, operations added', met: false, texts: policyEdit((p) => { p.variant_gate = { min_no_answer_accuracy: 0.9, max_critical_failures: 0, max_avg_context_tokens: 560, max_p95_latency_ms: 1200, max_cost_per_accepted_answer: 0.006 }; }) },
  { name: 'hybrid_rerank removed from the matrix', met: false, texts: (t) => variantsEdit((rows) => rows.filter((r) => r.variant_id !== 'hybrid_rerank'))(policyEdit((p) => { p.variant_gate = { ...FULL_VARIANT_GATE }; })(t)) },
  { name: 'hybrid_rerank deleted and a renamed copy of hybrid_rrf added', met: false, texts: (t) => variantsEdit((rows) => [...rows.filter((r) => r.variant_id !== 'hybrid_rerank'), { ...rows.find((r) => r.variant_id === 'hybrid_rrf'), variant_id: 'hybrid_rerank' }])(policyEdit((p) => { p.variant_gate = { ...FULL_VARIANT_GATE }; })(t)) },
  { name: 'hybrid_rerank\'s measurements edited down', met: false, texts: (t) => variantsEdit((rows) => rows.map((r) => (r.variant_id === 'hybrid_rerank' ? { ...r, ndcg_at_k: 0.7 } : r)))(t) },
  { name: 'hybrid_rerank\'s failures edited away', met: false, texts: (t) => variantsEdit((rows) => rows.map((r) => (r.variant_id === 'hybrid_rerank' ? { ...r, critical_failures: 0, no_answer_accuracy: 0.95, p95_latency_ms: 900, cost_per_accepted_answer: 0.005 } : r)))(policyEdit((p) => { p.variant_gate = { ...FULL_VARIANT_GATE }; })(t)) },
];
CASES['rag-fusion-k'] = [
  { name: 'RRF k = 1', met: true, view: ragView(1) },
  { name: 'RRF k = 0', met: true, view: ragView(0) },
  { name: 'RRF k = 4', met: true, view: ragView(4) },
  { name: 'RRF k = 5 (not enough)', met: false, view: ragView(5) },
  { name: 'the cut-off k moved to 3 instead', met: false, view: ragView(60, { k: 3 }) },
  { name: 'the cut-off k moved to 3 with RRF k = 1', met: false, view: ragView(1, { k: 3 }) },
  { name: 'CombMNZ instead of RRF', met: false, view: ragView(60, { fusion: { method: 'combmnz', k: 60, a: 'run', b: 'run_b' } }) },
  { name: 'linear gain', met: false, view: ragView(1, { gain: 'linear' }) },
  { name: 'the dense run edited (its evidence for rag_003 moved first)', met: false, view: ragView(60), texts: (t) => ({ ...t, run_b: t.run_b.replace('rag_003 Q0 faq-campus#certificados 1 ', 'rag_003 Q0 faq-campus#certificados 6 ').replace('rag_003 Q0 becas-2026#acreditacion-renta 6 ', 'rag_003 Q0 becas-2026#acreditacion-renta 1 ') }) },
  { name: 'the failing question rag_002 deleted and a renamed copy of rag_001 added (runs and qrels)', met: false, view: ragView(60), texts: (t) => ({ ...t, run: trecCopy(t.run, 'rag_002', 'rag_001'), run_b: trecCopy(t.run_b, 'rag_002', 'rag_001'), qrels: trecCopy(t.qrels, 'rag_002', 'rag_001') }) },
  { name: 'the renamed-copy cheat with RRF k = 1', met: false, view: ragView(1), texts: (t) => ({ ...t, run: trecCopy(t.run, 'rag_002', 'rag_001'), run_b: trecCopy(t.run_b, 'rag_002', 'rag_001'), qrels: trecCopy(t.qrels, 'rag_002', 'rag_001') }) },
];
LAB_PRESETS.rag = LAB_PRESETS_BY_LANG.rag.es;

describe('authored exercises', () => {
  const slugs = (lang: Lang) => readdirSync(`content/exercises/${lang}`).filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, '')).sort();

  it('exist in both languages with the same lab, start and goals', () => {
    expect(slugs('es')).toEqual(slugs('en'));
    for (const slug of slugs('es')) {
      const es = load('es', slug);
      const en = load('en', slug);
      expect(en.lab).toBe(es.lab);
      expect(en.order).toBe(es.order);
      expect(en.start).toEqual(es.start);
      expect(en.goals.map(({ label: _l, ...g }) => g)).toEqual(es.goals.map(({ label: _l, ...g }) => g));
      expect(en.questions.map((q) => q.options.map((o) => o.correct))).toEqual(es.questions.map((q) => q.options.map((o) => o.correct)));
      expect(en.hints.length).toBe(es.hints.length);
    }
  });

  for (const [slug, variants] of Object.entries(CASES)) {
    for (const lang of ['es', 'en'] as const) {
      it(`${slug} (${lang}): the start leaves a goal unmet; ${variants.filter((v) => v.met).map((v) => v.name).join(', ')} meet them all; cheats do not`, async () => {
        const fm = load(lang, slug);
        expect(await allMet(lang, fm, { name: 'start', met: false })).toBe(false);
        for (const v of variants) expect([v.name, await allMet(lang, fm, v)]).toEqual([v.name, v.met]);
      }, 30_000);
    }
  }
});
