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
import { createRunner } from '../../labs/runner.ts';
import { exerciseFrontmatterSchema, type ExerciseFrontmatter } from '../../labs/core/contract/exercise.ts';
import { checkExercise } from '../../labs/core/contract/exercise_check.ts';
import { applyState, commitAnswer, isCompleted, newAttempt, showHint, type Attempt } from '../../labs/core/contract/attempt.ts';
import { startTextsOf } from '../../labs/exercise_host.ts';
import { openIsWellFormed } from '../../labs/core/contract/fingerprint.ts';
import GithubSlugger from 'github-slugger';
import type { Lang } from '../../labs/core/contract/types.ts';
import { GATE_EN_ID, withKitIds } from '../helpers/gate_ids.ts';
import { labMeta } from '../../labs/manifest.ts';

type Texts = Record<string, string>;
interface Variant {
  name: string;
  met: boolean;
  texts?: (t: Texts) => Texts;
  view?: unknown;
}

const run = createRunner();

function load(lang: Lang, slug: string): ExerciseFrontmatter {
  const src = readFileSync(`content/exercises/${lang}/${slug}.mdx`, 'utf8');
  return exerciseFrontmatterSchema.parse(YAML.parse(src.split(/^---$/m)[1]));
}

/** What the page starts from (labs/exercise_host.ts: empty inputs, the lab's preset in `lang`, the exercise's start). */
function startTexts(fm: ExerciseFrontmatter, lang: Lang): Texts {
  return startTextsOf(fm, lang);
}

interface Outcome {
  /** Goals met (hidden ones too) and nothing kept fixed changed: the state completes the exercise once the questions are answered. */
  ok: boolean;
  visibleMet: boolean;
  visibleMetCount: number;
  messages: string[];
}

async function outcome(lang: Lang, fm: ExerciseFrontmatter, v: Pick<Variant, 'name' | 'texts' | 'view'>): Promise<Outcome> {
  const base = startTexts(fm, lang);
  // the gate variants name the Spanish kit's ids; the English files hold the same cases under English ids
  const texts = v.texts ? (fm.lab === 'gate' ? withKitIds(v.texts) : v.texts)({ ...base }) : base;
  const out = await run.runAny(fm.lab, texts, lang, v.view ?? fm.start.view);
  const inputs = labMeta(fm.lab)!.inputs;
  if (!out.ok) {
    // Inputs that do not run complete nothing; the lab shows its own message for them.
    const c = checkExercise(fm, null, base, texts, inputs, lang);
    return { ok: false, visibleMet: false, visibleMetCount: 0, messages: [...c.messages, ...out.issues.map((i) => i.message)] };
  }
  const c = checkExercise(fm, out.result, base, texts, inputs, lang);
  const visibleMetCount = fm.goals.filter((g, i) => !g.hidden && c.results[i].met).length;
  return { ok: c.goalsMet && c.fixedIntact, visibleMet: c.visibleMet, visibleMetCount, messages: c.messages };
}

/** Answers every question: a wrong option first where there is one (then the hint, then the right one), so tries are counted. */
function answerAll(fm: ExerciseFrontmatter, a: Attempt): Attempt {
  fm.questions.forEach((q, i) => {
    const wrong = q.options.findIndex((o) => !o.correct);
    if (wrong >= 0) {
      a = commitAnswer(a, fm, i, wrong).attempt;
      // No retry before the hint.
      expect(commitAnswer(a, fm, i, q.options.findIndex((o) => o.correct)).refused).toBe('hint_first');
      a = showHint(a, i);
    }
    a = commitAnswer(a, fm, i, q.options.findIndex((o) => o.correct)).attempt;
  });
  return a;
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
const jsonEdit = (input: string, f: (v: any) => void) => (t: Texts) => {
  const v = JSON.parse(t[input]);
  f(v);
  return { ...t, [input]: JSON.stringify(v, null, 2) };
};
const run1 = (v: any, id: string) => v[0].runs.find((r: any) => r.case_id === id);
/** Evaluator cases: drop `drop` (and their runs) and add renamed copies of `copyOf` as `names`. */
const swapCases = (drop: string[], copyOf: string, names: string[]) => (t: Texts) => {
  const cases = JSON.parse(t.cases);
  const outs = JSON.parse(t.outputs);
  const src = cases.find((c: any) => c.case_id === copyOf);
  const keptCases = [...cases.filter((c: any) => !drop.includes(c.case_id)), ...names.map((n) => ({ ...src, case_id: n }))];
  for (const e of outs) {
    const r = e.runs.find((x: any) => x.case_id === copyOf);
    e.runs = [...e.runs.filter((x: any) => !drop.includes(x.case_id)), ...names.map((n) => ({ ...r, case_id: n }))];
  }
  return { ...t, cases: JSON.stringify(keptCases), outputs: JSON.stringify(outs) };
};
const constructItems = (f: (items: any[]) => any[]) => jsonEdit('construct', (c) => { c.items = f(c.items); });
const setConstruct = (judge: string) => jsonEdit('construct', (c) => { c.judge_construct = judge; });
const traceRuns = (f: (runs: any[]) => any[]) => jsonEdit('trace', (t) => { t.runs = f(t.runs); });
const APPROVAL = { step_id: 's6_approval', type: 'approval', tool: 'insert_citation', approval: 'granted', latency_ms: 0, cost_eur: 0 };

const CANDIDATE_CLAIM = 'Sí, esa norma interna se aplica aunque no aparezca todavía en la documentación.';
const CANDIDATE_CLAIM_EN = 'Yes, that internal rule applies even though it is not yet in the documentation.';
/** The candidate's answer to sin_evidencia_001 replaced, in whichever language the outputs are. */
const abstain = (es: string, en: string) => (t: Texts) => ({ ...t, outputs: t.outputs.replace(CANDIDATE_CLAIM, es).replace(CANDIDATE_CLAIM_EN, en) });

const restoreGate = rubricEdit((r) => { r.max_critical_false_passes = 0; });
const restoreApprovals = policyEdit((p) => { p.required_approvals = ['insert_citation']; });
const both = (...fs: ((t: Texts) => Texts)[]) => (t: Texts) => fs.reduce((acc, f) => f(acc), t);
/**
 * The gate kit repeated `k` times (the sample-size exercise's intended edit): every case and answer
 * line copied with the case_id suffixed _r2, _r3, ...; copies appended after the originals in kit
 * order ('blocks') or each copy right after its original ('interleave').
 */
const kitCopies = (k: number, order: 'blocks' | 'interleave' = 'blocks') => (t: Texts) => {
  const rows = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
  const copy = (l: string, r: number) => (r === 1 ? l : l.replace(/"case_id": ?"([^"]+)"/, (m, id: string) => m.replace(id, `${id}_r${r}`)));
  const cases: string[] = [];
  if (order === 'blocks') for (let r = 1; r <= k; r++) for (const l of rows(t.cases)) cases.push(copy(l, r));
  else for (const l of rows(t.cases)) for (let r = 1; r <= k; r++) cases.push(copy(l, r));
  const outputs: string[] = [];
  for (let r = 1; r <= k; r++) for (const l of rows(t.outputs)) outputs.push(copy(l, r));
  return { ...t, cases: `${cases.join('\n')}\n`, outputs: `${outputs.join('\n')}\n` };
};
const then = (...fs: ((t: Texts) => Texts)[]) => (t: Texts) => fs.reduce((acc, f) => f(acc), t);
/** `n` normal tickets (label 0) scored `score`, appended to the threshold cases. */
const normals = (n: number, score: number, tag: string) => (t: Texts) => ({
  ...t,
  cases: `${t.cases.trimEnd()}\n${Array.from({ length: n }, (_, i) => JSON.stringify({ case_id: `${tag}_${i + 1}`, score, label: 0, slice: 'consulta' })).join('\n')}\n`,
});


/** Outputs JSONL edited row by row (the repeated-runs exercise): `f` returns the new row, or null to drop it. */
const outputRows = (f: (row: Record<string, any>) => Record<string, any> | null) => (t: Texts) => ({
  ...t,
  outputs: `${t.outputs.split('\n').filter((l) => l.trim() !== '').map((l) => f(JSON.parse(l))).filter((r) => r !== null).map((r) => JSON.stringify(r)).join('\n')}\n`,
});
/** The candidate's runs of `ids` all answered as its run 1 (the intended fix: a stable candidate). */
const stableCandidate = (ids: string[]) => (t: Texts) => {
  const first = new Map<string, string>();
  for (const l of t.outputs.split('\n')) {
    if (!l.trim()) continue;
    const r = JSON.parse(l);
    if (r.version === 'candidate' && r.run === 1) first.set(r.case_id, r.output);
  }
  return outputRows((r) => (r.version === 'candidate' && ids.includes(r.case_id) ? { ...r, output: first.get(r.case_id) } : r))(t);
};
const POW3 = policyEdit((p) => { p.case_score = 'pass_pow_k'; p.pass_k = 3; });

const CASES: Record<string, Variant[]> = {
  'evaluators-accuracy-not-gate': [
    { name: 'critical false passes back to 0', met: true, texts: restoreGate },
    { name: 'the kit\'s limits back (0 false passes, 0 critical)', met: true, texts: rubricEdit((r) => { r.max_false_passes = 0; delete r.max_critical_false_passes; }) },
    { name: 'kappa floor raised to 0.7 (fails on kappa, not on the critical pass)', met: false, texts: rubricEdit((r) => { r.min_kappa = 0.7; }) },
    { name: 'budget cut below its cost', met: false, texts: rubricEdit((r) => { r.max_cost_per_valid_evaluation = 0.002; }) },
    { name: 'its runs marked unreadable', met: false, texts: both(restoreGate, jsonEdit('outputs', (v) => { for (const r of v[0].runs) r.parse_ok = false; })) },
    { name: 'the judge made to block evaluator_004', met: false, texts: both(restoreGate, jsonEdit('outputs', (v) => { run1(v, 'evaluator_004').scores.pass = 0; })) },
    { name: 'the humans relabelled towards the judge (evaluator_004 passes)', met: false, texts: jsonEdit('cases', (v) => { v.find((c: any) => c.case_id === 'evaluator_004').human.pass = 1; }) },
    { name: 'the humans relabelled towards the judge, and the gate restored', met: false, texts: both(restoreGate, jsonEdit('cases', (v) => { v.find((c: any) => c.case_id === 'evaluator_004').human.pass = 1; })) },
    { name: 'the failing case deleted and a renamed copy of a passing one added', met: false, texts: swapCases(['evaluator_004'], 'evaluator_001', ['evaluator_007']) },
    { name: 'the failing case swapped for a copy, and the gate restored', met: false, texts: both(restoreGate, swapCases(['evaluator_004'], 'evaluator_001', ['evaluator_007'])) },
  ],
  'evaluators-construct-artefact': [
    { name: 'the rubric declares contradiction_only', met: true, texts: setConstruct('contradiction_only') },
    { name: 'the support labels relabelled towards the judge', met: false, texts: constructItems((items) => items.map((it) => ({ ...it, human: { ...it.human, support: it.judge } }))) },
    { name: 'relabelled towards the judge, and the construct declared', met: false, texts: both(setConstruct('contradiction_only'), constructItems((items) => items.map((it) => ({ ...it, human: { ...it.human, support: it.judge } })))) },
    { name: 'fid_009 relabelled towards the judge under contradiction_only', met: false, texts: both(setConstruct('contradiction_only'), constructItems((items) => items.map((it) => (it.item_id === 'fid_009' ? { ...it, human: { ...it.human, contradiction_only: 1 } } : it)))) },
    { name: 'the judge moved towards the support labels', met: false, texts: both(setConstruct('contradiction_only'), constructItems((items) => items.map((it) => ({ ...it, judge: it.human.support })))) },
    { name: 'the disagreeing items deleted and renamed copies of agreeing ones added', met: false, texts: both(setConstruct('contradiction_only'), constructItems((items) => {
      const drop = ['fid_004', 'fid_005', 'fid_008', 'fid_009', 'fid_011'];
      const src = items.find((it) => it.item_id === 'fid_001');
      return [...items.filter((it) => !drop.includes(it.item_id)), ...drop.map((_, k) => ({ ...src, item_id: `fid_10${k}` }))];
    })) },
    { name: 'the construct ids swapped', met: false, texts: both(setConstruct('contradiction_only'), jsonEdit('construct', (c) => {
      for (const d of c.constructs) d.construct_id = d.construct_id === 'support' ? 'contradiction_only' : 'support';
      for (const it of c.items) it.human = { support: it.human.contradiction_only, contradiction_only: it.human.support };
    })) },
  ],
  'trace-good-answer-must-fail': [
    { name: 'insert_citation needs a permission again', met: true, texts: restoreApprovals },
    { name: 'S_run minimum raised to 0.9', met: false, texts: policyEdit((p) => { p.min_s_run = 0.9; }) },
    { name: 'its final answer scored lower', met: false, texts: traceRuns((runs) => runs.map((r) => (r.run_id === 'run_no_approval' ? { ...r, steps: r.steps.map((st: any) => (st.type === 'final_answer' ? { ...st, score: 0.2 } : st)) } : r))) },
    { name: 'insert_citation forbidden', met: false, texts: policyEdit((p) => { p.forbidden_tools = [...p.forbidden_tools, 'insert_citation']; p.allowed_tools = p.allowed_tools.filter((x: string) => x !== 'insert_citation'); }) },
    { name: 'cost budget cut', met: false, texts: policyEdit((p) => { p.budgets.max_cost_eur = 0.012; }) },
    { name: 'a permission added to the trajectory (and the policy restored)', met: false, texts: both(restoreApprovals, traceRuns((runs) => runs.map((r) => (r.run_id === 'run_no_approval' ? { ...r, steps: [...r.steps.slice(0, 5), APPROVAL, ...r.steps.slice(5)] } : r)))) },
    { name: 'the failing runs deleted and renamed copies of the passing one added', met: false, texts: traceRuns((runs) => {
      const ok = runs.find((r) => r.run_id === 'run_ok');
      return [ok, { ...ok, run_id: 'run_no_approval' }, { ...ok, run_id: 'run_shortcut' }];
    }) },
    { name: 'the failing runs swapped for copies, and the policy restored', met: false, texts: both(restoreApprovals, traceRuns((runs) => {
      const ok = runs.find((r) => r.run_id === 'run_ok');
      return [ok, { ...ok, run_id: 'run_no_approval' }];
    })) },
  ],
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
    { name: 'candidate abstains', met: true, texts: abstain('No tengo evidencia suficiente en la documentación para confirmarlo.', 'I have no evidence in the documentation to confirm it.') },
    { name: 'candidate abstains with another marker', met: true, texts: abstain('Lo siento, no puedo confirmarlo con la documentación disponible.', 'Sorry, I cannot confirm it with the documentation available.') },
    { name: 'a marker matching the claim added to the policy', met: false, texts: policyEdit((p) => { p.abstention_markers = [...(p.abstention_markers ?? []), 'esa norma interna', 'that internal rule']; }) },
    { name: 'the baseline\'s answer edited as well', met: false, texts: then(abstain('No tengo evidencia suficiente en la documentación para confirmarlo.', 'I have no evidence in the documentation to confirm it.'), (t) => ({ ...t, outputs: t.outputs.replace('"version": "baseline", "case_id": "horario_001"', '"version": "baseline", "case_id": "horario_001", "cost_eur_note": 1') })) },
    { name: 'must_abstain switched off in the case', met: false, texts: (t) => ({ ...t, cases: t.cases.replace('"must_abstain":true', '"must_abstain":false') }) },
    { name: 'policy loosened', met: false, texts: policyEdit((p) => { p.max_critical_failures = 1; p.max_regressions = 1; p.critical_slices = []; }) },
    { name: 'the case replaced by renamed copies of a passing one', met: false, texts: renamedCopies(['cases', 'outputs'], 'case_id', ['sin_evidencia_001'], 'matricula_001') },
    { name: 'the case dropped', met: false, texts: (t) => ({ ...t, cases: t.cases.split('\n').filter((l) => !l.includes('sin_evidencia_001')).join('\n'), outputs: t.outputs.split('\n').filter((l) => !l.includes('sin_evidencia_001')).join('\n') }) },
  ],
  'gate-sample-size': [
    { name: 'six copies of the kit appended', met: true, texts: kitCopies(6) },
    { name: 'five copies, each right after its original', met: true, texts: kitCopies(5, 'interleave') },
    { name: 'four copies (the interval still starts below 0)', met: false, texts: kitCopies(4) },
    { name: 'five copies appended (the interval starts exactly at 0)', met: false, texts: kitCopies(5) },
    { name: 'seven copies (more than needed)', met: false, texts: kitCopies(7) },
    { name: 'five copies and a confidence level of 0.8', met: false, texts: then(kitCopies(5), policyEdit((p) => { p.confidence_level = 0.8; })) },
    { name: 'five copies and another seed', met: false, texts: then(kitCopies(5), policyEdit((p) => { p.bootstrap_seed = 3; })) },
    { name: 'more bootstrap rounds instead of cases', met: false, texts: policyEdit((p) => { p.bootstrap_rounds = 100000; }) },
    { name: 'copies of the improvements only', met: false, texts: (t) => { const extra = (id: string, r: number) => t.cases.split('\n').filter((l) => l.includes(`"${id}"`)).map((l) => l.replace(id, `${id}_r${r}`)); const outs = (id: string, r: number) => t.outputs.split('\n').filter((l) => l.includes(`"${id}"`)).map((l) => l.replace(id, `${id}_r${r}`)); const rs = [2, 3, 4, 5]; return { ...t, cases: [t.cases.trimEnd(), ...rs.flatMap((r) => [...extra('horario_001', r), ...extra('soporte_001', r)])].join('\n') + '\n', outputs: [t.outputs.trimEnd(), ...rs.flatMap((r) => [...outs('horario_001', r), ...outs('soporte_001', r)])].join('\n') + '\n' }; } },
    { name: 'the candidate abstains instead of adding cases', met: false, texts: abstain('No tengo evidencia suficiente en la documentación para confirmarlo.', 'I have no evidence in the documentation to confirm it.') },
    { name: 'six copies with the regression replaced by renamed copies of a passing case', met: false, texts: then(renamedCopies(['cases', 'outputs'], 'case_id', ['sin_evidencia_001'], 'matricula_001'), kitCopies(6)) },
  ],
  'gate-pass-three-times': [
    { name: 'pass^3 in the policy and the flaky runs answered as run 1', met: true, texts: then(POW3, stableCandidate(['horario_001', 'soporte_001'])) },
    { name: 'pass^5 in the policy and the flaky runs answered as run 1', met: true, texts: then(policyEdit((p) => { p.case_score = 'pass_pow_k'; p.pass_k = 5; }), stableCandidate(['horario_001', 'soporte_001'])) },
    { name: 'the candidate fixed, but the gate still on the mean', met: false, texts: stableCandidate(['horario_001', 'soporte_001']) },
    { name: 'pass^3 only (the gate fails)', met: false, texts: POW3 },
    { name: 'pass^3 and only soporte_001 fixed (the gate passes, horario_001 still flaky)', met: false, texts: then(POW3, stableCandidate(['soporte_001'])) },
    { name: 'pass^k with k = 1 (a single run again)', met: false, texts: then(policyEdit((p) => { p.case_score = 'pass_pow_k'; p.pass_k = 1; }), stableCandidate(['soporte_001'])) },
    { name: 'pass^3 and the failing runs deleted', met: false, texts: then(POW3, (t) => { const first = new Map(t.outputs.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)).filter((r) => r.version === 'candidate' && r.run === 1).map((r) => [r.case_id, r.output])); return outputRows((r) => (r.version === 'candidate' && r.output !== first.get(r.case_id) ? null : r))(t); }) },
    { name: 'pass^3 and the quality floor lowered to 0.7', met: false, texts: then(policyEdit((p) => { p.case_score = 'pass_pow_k'; p.pass_k = 3; p.min_weighted_quality = 0.7; }), stableCandidate(['horario_001'])) },
    { name: 'pass^3 and the flaky cases replaced by renamed copies of a stable one', met: false, texts: then(POW3, renamedCopies(['cases', 'outputs'], 'case_id', ['horario_001', 'soporte_001'], 'matricula_001')) },
    { name: 'pass^3 and the flaky cases dropped', met: false, texts: then(POW3, (t) => ({ ...t, cases: t.cases.split('\n').filter((l) => !/horario_001|soporte_001/.test(l)).join('\n'), outputs: t.outputs.split('\n').filter((l) => !/horario_001|soporte_001/.test(l)).join('\n') })) },
  ],
  'gate-planner-cases': [
    { name: 'δ = 0.2 and power 0.9, the rest from the data', met: true, view: { planner: { delta: 0.2, target_power: 0.9 } } },
    { name: 'δ = 0.2 at the default power 0.8', met: false, view: { planner: { delta: 0.2 } } },
    { name: 'the hypothesis\'s δ at power 0.9', met: false, view: { planner: { target_power: 0.9 } } },
    { name: 'd typed as 0.2 (no regressions assumed)', met: false, view: { planner: { delta: 0.2, target_power: 0.9, discordant: 0.2 } } },
    { name: 'the baseline rate typed as 0.6 (the same number, but chosen)', met: false, view: { planner: { delta: 0.2, target_power: 0.9, baseline_rate: 0.6 } } },
    { name: 'α raised to 0.2 in the planner', met: false, view: { planner: { delta: 0.2, target_power: 0.9, alpha: 0.2 } } },
    { name: 'α raised through the policy\'s confidence level', met: false, view: { planner: { delta: 0.2, target_power: 0.9 } }, texts: policyEdit((p) => { p.confidence_level = 0.8; }) },
    { name: 'the kit copied six times instead', met: false, view: { planner: { delta: 0.2, target_power: 0.9 } }, texts: kitCopies(6) },
  ],
  'threshold-review-capacity': [
    { name: 'capacity 1/12 rounded up to 0.084', met: true, texts: policyEdit((p) => { p.max_review_rate = 0.084; }) },
    { name: 'capacity 0.0833 (just short of 1/12)', met: false, texts: policyEdit((p) => { p.max_review_rate = 0.0833; }) },
    { name: 'capacity 0.1 (works, but not the smallest)', met: false, texts: policyEdit((p) => { p.max_review_rate = 0.1; }) },
    { name: 'capacity 0.25', met: false, texts: policyEdit((p) => { p.max_review_rate = 0.25; }) },
    { name: 'capacity 0.084 and a recall floor of 0.8', met: false, texts: policyEdit((p) => { p.max_review_rate = 0.084; p.min_operational_recall = 0.8; }) },
    { name: 'twenty easy tickets added instead (one review is now 1/32)', met: false, texts: normals(20, 0.05, 'easy') },
    { name: 'a grid value 0.36 in place of 0.9 (a pair with nothing to review)', met: false, texts: policyEdit((p) => { p.threshold_grid = [0.2, 0.3, 0.36, 0.4, 0.5, 0.6, 0.7, 0.8]; }) },
  ],
  'threshold-roc-pr': [
    { name: '35 normal tickets at 0.05 and three at 0.9', met: true, texts: then(normals(35, 0.05, 'easy'), normals(3, 0.9, 'hard')) },
    { name: '45 normal tickets at 0.05 and three at 0.95', met: true, texts: then(normals(45, 0.05, 'easy'), normals(3, 0.95, 'hard')) },
    { name: 'only easy normal tickets (AP does not move)', met: false, texts: normals(38, 0.05, 'easy') },
    { name: 'only three high-scored normal tickets', met: false, texts: normals(3, 0.9, 'hard') },
    { name: 'easy tickets, and an urgent ticket scored lower', met: false, texts: then(normals(38, 0.05, 'easy'), (t) => ({ ...t, cases: t.cases.replace('"case_id":"ticket_001","score":0.93', '"case_id":"ticket_001","score":0.2') })) },
    { name: 'easy tickets, and an urgent ticket relabelled normal', met: false, texts: then(normals(38, 0.05, 'easy'), (t) => ({ ...t, cases: t.cases.replace('"case_id":"ticket_004","score":0.72,"label":1', '"case_id":"ticket_004","score":0.72,"label":0') })) },
    { name: 'easy tickets and three extra urgent tickets scored low', met: false, texts: then(normals(38, 0.05, 'easy'), (t) => ({ ...t, cases: `${t.cases.trimEnd()}\n${[1, 2, 3].map((i) => JSON.stringify({ case_id: `low_urgent_${i}`, score: 0.2, label: 1, slice: 'acceso' })).join('\n')}\n` })) },
    { name: 'an urgent ticket replaced by a renamed copy of a normal one, plus easy tickets', met: false, texts: then(renamedCopies(['cases'], 'case_id', ['ticket_001'], 'ticket_003'), normals(38, 0.05, 'easy'), normals(3, 0.9, 'hard')) },
  ],
  'calibration-pick-calibrator': [
    { name: 'Platt', met: true, view: { calibrator: 'platt', bins: 10, binning: 'uniform' } },
    { name: 'temperature', met: true, view: { calibrator: 'temperature', bins: 10, binning: 'uniform' } },
    { name: 'isotonic (passes the gate, but two malignant tumours automated as benign)', met: false, view: { calibrator: 'isotonic', bins: 10, binning: 'uniform' } },
    { name: 'Platt named in the policy', met: true, view: {}, texts: policyEdit((p) => { p.calibrator = 'platt'; }) },
    { name: 'histogram with 23 bins (passes the gate, still lets four malignant tumours through)', met: false, view: { calibrator: 'histogram_laplace', bins: 23 } },
    { name: 'histogram with 50 bins', met: false, view: { calibrator: 'histogram_laplace', bins: 50 } },
    { name: 'automatic error limit raised', met: false, texts: policyEdit((p) => { p.max_auto_error_rate = 0.06; }) },
    { name: 'alpha lowered', met: false, texts: policyEdit((p) => { p.alpha = 0.01; }) },
  ],
  'calibration-conformal-alpha': [
    { name: 'alpha 0.1 and temperature in the policy', met: true, texts: policyEdit((p) => { p.alpha = 0.1; p.calibrator = 'temperature'; }) },
    { name: 'alpha 0.091 (just above 1/11) and temperature in the view', met: true, view: { calibrator: 'temperature' }, texts: policyEdit((p) => { p.alpha = 0.091; }) },
    { name: 'alpha 0.09 with temperature (below 1/11: the rank is still 11)', met: false, texts: policyEdit((p) => { p.alpha = 0.09; p.calibrator = 'temperature'; }) },
    { name: 'alpha 0.1 with the histogram (q finite, every set still full)', met: false, texts: policyEdit((p) => { p.alpha = 0.1; }) },
    { name: 'alpha 0.12 with temperature (less coverage than asked for)', met: false, texts: policyEdit((p) => { p.alpha = 0.12; p.calibrator = 'temperature'; }) },
    {
      name: 'calibration split padded with renamed copies (more scores for the quantile)',
      met: false,
      texts: (t) => ({ ...policyEdit((p) => { p.alpha = 0.05; p.calibrator = 'temperature'; })(t), cases: t.cases.trimEnd() + '\n' + ['c101', 'c102', 'c103', 'c104', 'c105', 'c106', 'c107', 'c108', 'c109', 'c110'].map((id, i) => `${id},calibration,0.${(i % 9) + 1}5,0,general`).join('\n') + '\n' }),
    },
    {
      name: 'five evaluation cases moved into the calibration split',
      met: false,
      texts: (t) => ({ ...policyEdit((p) => { p.alpha = 0.1; p.calibrator = 'temperature'; })(t), cases: t.cases.replace(/^(e00[1-5]),evaluation,/gm, '$1,calibration,') }),
    },
    { name: 'review capacity loosened instead (histogram, alpha 0.1)', met: false, texts: policyEdit((p) => { p.alpha = 0.1; p.max_review_rate = 1; p.min_auto_coverage = 0; }) },
  ],
  'calibration-full-conformal-set': [
    { name: 'isotonic in the policy', met: true, texts: policyEdit((p) => { p.calibrator = 'isotonic'; }) },
    { name: 'isotonic chosen in the lab', met: true, view: { calibrator: 'isotonic' } },
    { name: 'alpha raised to 0.05 (temperature: no full set, less coverage promised)', met: false, texts: policyEdit((p) => { p.alpha = 0.05; }) },
    { name: 'alpha raised to 0.10 with isotonic', met: false, texts: policyEdit((p) => { p.alpha = 0.1; p.calibrator = 'isotonic'; }) },
    { name: 'LAC instead of APS (temperature)', met: false, texts: policyEdit((p) => { p.conformal_method = 'lac'; }) },
    {
      name: 'calibration labels rewritten to the predicted digit',
      met: false,
      texts: (t) => ({
        ...t,
        cases: t.cases.split('\n').map((line) => {
          const c = line.split(',');
          if (c[1] !== 'calibration') return line;
          const p = c.slice(3).map(Number);
          c[2] = String(p.indexOf(Math.max(...p)));
          return c.join(',');
        }).join('\n'),
      }),
    },
    { name: 'the hardest half of the calibration split dropped', met: false, texts: (t) => ({ ...t, cases: t.cases.split('\n').filter((line, i) => !(line.includes(',calibration,') && i % 2 === 0)).join('\n') }) },
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
  { name: 'the contract moved into the variants file (the variants are kept fixed)', met: false, texts: (t) => { const p = JSON.parse(t.policy); delete p.variant_gate; return { ...t, policy: JSON.stringify(p), variants: JSON.stringify({ gate: FULL_VARIANT_GATE, variants: JSON.parse(t.variants) }) }; } },
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

/** A hidden goal's value as the labels might spell it (both decimal separators). */
function spellings(v: unknown): string[] {
  if (typeof v === 'string') return v.length >= 5 ? [v] : [];
  if (typeof v === 'number' && !Number.isInteger(v)) return [String(v), String(v).replace('.', ',')];
  return [];
}

/** Heading ids of a chapter file, as rehype-slug makes them (tests/content/anchors.test.ts does the same). */
function headingIds(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const ids = new Set<string>();
  let fence = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const m = !fence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    ids.add(slugger.slug(m[1].replace(/`([^`]*)`/g, '$1').replace(/\$([^$]*)\$/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]/g, '')));
  }
  return ids;
}

describe('authored exercises', () => {
  const slugs = (lang: Lang) => readdirSync(`content/exercises/${lang}`).filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, '')).sort();

  it('exist in both languages with the same lab, start, goals, what is open, version, time and level', () => {
    expect(slugs('es')).toEqual(slugs('en'));
    for (const slug of slugs('es')) {
      const es = load('es', slug);
      // the gate's English files name the kit's cases with English ids: compared under the Spanish ones
      const en = es.lab === 'gate' ? (JSON.parse(JSON.stringify(load('en', slug)), (_k, v: unknown) => (typeof v === 'string' ? Object.entries(GATE_EN_ID).reduce((x, [esId, enId]) => x.replaceAll(enId, esId), v) : v)) as ExerciseFrontmatter) : load('en', slug);
      expect(en.lab).toBe(es.lab);
      expect(en.order).toBe(es.order);
      expect([en.version, en.minutes, en.level, en.section.split('#')[0]]).toEqual([es.version, es.minutes, es.level, es.section.split('#')[0]]);
      expect(en.open).toEqual(es.open);
      expect(openIsWellFormed(es.open)).toBe(true);
      // The same start, except that an English exercise names the English translation of a preset (<stem>.en.<ext>).
      const enToEs = new Map<string, string>();
      for (const p of labMeta(es.lab)?.presets ?? []) for (const [k, f] of Object.entries(p.files.en)) if (f !== p.files.es[k]) enToEs.set(`${k}:${f}`, p.files.es[k]);
      const enStart = JSON.parse(JSON.stringify(en.start));
      for (const [k, t] of Object.entries(enStart.texts ?? {}) as [string, { preset?: string }][]) if (t.preset && enToEs.has(`${k}:${t.preset}`)) t.preset = enToEs.get(`${k}:${t.preset}`);
      expect(JSON.parse(JSON.stringify(enStart).replace(/\.en\.(json|jsonl|csv)"/g, '.$1"'))).toEqual(es.start);
      expect(en.goals.map(({ label: _l, ...g }) => g)).toEqual(es.goals.map(({ label: _l, ...g }) => g));
      expect(en.questions.map((q) => q.options.map((o) => o.correct))).toEqual(es.questions.map((q) => q.options.map((o) => o.correct)));
      expect(en.hints.length).toBe(es.hints.length);
    }
  });

  it('English exercises start from English data when the lab has it', () => {
    for (const slug of slugs('en')) {
      const en = load('en', slug);
      const translated = new Set((labMeta(en.lab)?.presets ?? []).flatMap((p) => Object.values(p.files.en)).filter((f) => f.includes('.en.')));
      for (const t of Object.values(en.start.texts)) {
        if (!('preset' in t)) continue;
        const enName = t.preset.replace(/\.(jsonl|json|csv)$/, '.en.$1');
        // A Spanish file named where the lab offers its English translation is a Spanish start.
        expect([slug, t.preset, translated.has(enName)]).toEqual([slug, t.preset, false]);
      }
    }
  });

  it('name a chapter section that exists, in the file\'s language', () => {
    for (const lang of ['es', 'en'] as const) for (const slug of slugs(lang)) {
      const [chapter, anchor] = load(lang, slug).section.split('#');
      expect([slug, headingIds(`content/chapters/${lang}/${chapter}.mdx`).has(anchor)]).toEqual([slug, true]);
    }
  });

  it('never spell a hidden check\'s value in a visible goal', () => {
    for (const lang of ['es', 'en'] as const) for (const slug of slugs(lang)) {
      const fm = load(lang, slug);
      const visible = fm.goals.filter((g) => !g.hidden).map((g) => g.label).join(' ');
      for (const g of fm.goals.filter((x) => x.hidden)) for (const s of spellings(g.value)) expect([slug, g.path, visible.includes(s)]).toEqual([slug, g.path, false]);
      expect([slug, fm.goals.some((g) => !g.hidden)]).toEqual([slug, true]);
    }
  });

  it('never name, in a visible goal, the summary or the instructions, the setting or value a hidden check looks for, nor in a visible goal the case it looks at', () => {
    /** A hidden value that names a setting or an answer: an identifier-like string (pass_pow_k, case_fold:casefold, sin_evidencia_001) or a non-integer number. */
    const telling = (v: unknown): string[] => (typeof v === 'string' && /[_:-]/.test(v) ? [v] : spellings(typeof v === 'string' ? '' : v));
    let hiddenChecks = 0;
    for (const lang of ['es', 'en'] as const) for (const slug of slugs(lang)) {
      const src = readFileSync(`content/exercises/${lang}/${slug}.mdx`, 'utf8');
      const fm = load(lang, slug);
      const body = src.split(/^---$/m).slice(2).join('---');
      const visible = fm.goals.filter((g) => !g.hidden).map((g) => g.label).join(' ');
      for (const g of fm.goals.filter((x) => x.hidden)) {
        hiddenChecks++;
        for (const s of telling(g.value)) for (const [where, text] of [['visible goals', visible], ['summary', fm.summary], ['instructions', body]] as const) {
          expect([slug, lang, g.path, where, text.includes(s)]).toEqual([slug, lang, g.path, where, false]);
        }
        // The case, item, run or variant a hidden check is about (its path's [field=id]), unless a visible goal is about it too.
        const visiblePaths = fm.goals.filter((x) => !x.hidden).map((x) => x.path).join(' ');
        for (const [, id] of g.path.matchAll(/\[[a-z_]+=([^\],]+)/g)) if (!visiblePaths.includes(id)) expect([slug, lang, g.path, visible.includes(id)]).toEqual([slug, lang, g.path, false]);
      }
    }
    expect(hiddenChecks).toBeGreaterThan(2 * 18);
  });

  it('name every change to what they keep fixed, input by input: an element deleted, a value edited (every exercise, both languages)', () => {
    /** The record fields a bracket selector of `open` requires ("[case_id=a,version=b].output" -> [[case_id, a], [version, b]]). */
    const conditions = (paths: string[]) => paths.flatMap((p) => [...p.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1].split(',').map((c) => c.split('=') as [string, string])));
    const selected = (el: unknown, conds: [string, string][][]) => conds.some((c) => c.every(([f, v]) => el !== null && typeof el === 'object' && String((el as Record<string, unknown>)[f]) === v));
    /** The first scalar leaf under `v`, edited (a number + 1, a text with an x, a flag flipped); a list loses its last element. */
    const edit = (v: any): any => {
      if (Array.isArray(v)) return v.length > 1 ? v.slice(0, -1) : [...v, 1];
      if (v !== null && typeof v === 'object') {
        const k = Object.keys(v)[0];
        return k === undefined ? { x: 1 } : { ...v, [k]: edit(v[k]) };
      }
      return typeof v === 'number' ? v + 1 : typeof v === 'string' ? `${v}x` : typeof v === 'boolean' ? !v : 1;
    };
    let checked = 0;
    for (const lang of ['es', 'en'] as const) for (const slug of slugs(lang)) {
      const fm = load(lang, slug);
      const meta = labMeta(fm.lab)!;
      const start = startTexts(fm, lang);
      for (const input of meta.inputs) {
        const text = start[input.name] ?? '';
        const open = fm.open.filter((o) => o.input === input.name);
        if (text.trim() === '' || open.some((o) => !o.append && !(o.paths && o.paths.length))) continue;
        const paths = open.flatMap((o) => o.paths ?? []);
        let now: string;
        if (input.format === 'text' || input.format === 'csv') {
          // A line (a TREC judgment, a CSV row) deleted.
          const lines = text.trimEnd().split('\n');
          now = `${lines.slice(0, -1).join('\n')}\n`;
        } else if (input.format === 'jsonl') {
          const rows = text.split('\n').filter((l) => l.trim() !== '');
          const conds = conditions(paths);
          const drop = rows.findIndex((l) => !selected(JSON.parse(l), conds));
          now = `${rows.filter((_, i) => i !== drop).join('\n')}\n`;
        } else {
          const data = JSON.parse(text);
          if (Array.isArray(data)) {
            const conds = conditions(paths);
            const drop = data.findIndex((el) => !selected(el, conds));
            now = JSON.stringify(data.filter((_, i) => i !== drop), null, 2);
          } else {
            const openKeys = new Set(paths.map((p) => p.split(/[.[]/)[0]));
            const key = Object.keys(data).find((k) => !openKeys.has(k))!;
            now = JSON.stringify({ ...data, [key]: edit(data[key]) }, null, 2);
          }
        }
        const c = checkExercise(fm, null, start, { ...start, [input.name]: now }, meta.inputs, lang);
        const label = input.label[lang];
        expect([slug, lang, input.name, c.changes.map((x) => x.input)]).toEqual([slug, lang, input.name, [input.name]]);
        expect([slug, lang, input.name, c.messages.some((m) => m.includes(lang === 'es' ? `«${label}»` : `“${label}”`))]).toEqual([slug, lang, input.name, true]);
        checked++;
      }
    }
    // Every exercise keeps at least one input fixed, in both languages.
    expect(checked).toBeGreaterThanOrEqual(2 * slugs('es').length);
  });

  it('every exercise has its variants below', () => {
    expect(Object.keys(CASES).sort()).toEqual(slugs('es'));
  });

  for (const [slug, variants] of Object.entries(CASES)) {
    for (const lang of ['es', 'en'] as const) {
      it(`${slug} (${lang}): the start meets no outcome goal; ${variants.filter((v) => v.met).map((v) => v.name).join(', ')} complete it with the questions answered; each cheat is rejected with a message; breaking it after completion withdraws it`, async () => {
        const fm = load(lang, slug);
        const start = await outcome(lang, fm, { name: 'start' });
        expect([slug, 'start', start.visibleMetCount]).toEqual([slug, 'start', 0]);
        expect(start.ok).toBe(false);
        const t0 = '2026-01-01T10:00:00.000Z';
        for (const v of variants) {
          const o = await outcome(lang, fm, v);
          expect([v.name, o.ok]).toEqual([v.name, v.met]);
          if (!v.met) {
            // Rejected with a message the page shows (a visible goal's label, a kept-fixed input, or the hidden-check sentence).
            expect([v.name, o.messages.length > 0]).toEqual([v.name, true]);
            continue;
          }
          // The state alone does not complete it: the questions must be answered first.
          let a = newAttempt(fm, t0);
          a = applyState(a, fm, { goalsMet: true, fixedIntact: true, fresh: true }, t0);
          expect([v.name, 'without answers', isCompleted(a)]).toEqual([v.name, 'without answers', fm.questions.length === 0]);
          a = answerAll(fm, a);
          a = applyState(a, fm, { goalsMet: true, fixedIntact: true, fresh: true }, '2026-01-01T10:05:00.000Z');
          expect([v.name, isCompleted(a)]).toEqual([v.name, true]);
          // Back to the start state: the completion is withdrawn and the record keeps both events.
          a = applyState(a, fm, { goalsMet: false, fixedIntact: true, fresh: true, reason: start.messages[0] }, '2026-01-01T10:06:00.000Z');
          expect([v.name, isCompleted(a), a.events.map((e) => e.type)]).toEqual([v.name, false, ['started', 'completed', 'withdrawn']]);
        }
      }, 60_000);
    }
  }
});
