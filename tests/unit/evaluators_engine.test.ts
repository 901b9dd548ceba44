/**
 * The evaluator-audit engine: false-pass accounting, parse errors, the kappa floor failing closed,
 * the pass recomputed from the rubric, costs, the recommendation, the corrected pass rate (by hand
 * and against a CPython/scikit-learn bootstrap), the ordinal and construct sections (scikit-learn),
 * pairwise and budget (by hand), and the heavy/cheap split. Expected values are written by hand here
 * or read from tests/golden/evaluators_sklearn.json (scripts/golden/evaluators_sklearn.py).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lab } from '../../labs/evaluators/lab.ts';
import { evaluatorsMeta } from '../../labs/evaluators/meta.ts';
import type { EvaluatorsHeavy, EvaluatorsResult } from '../../labs/evaluators/engine.ts';
import { evaluatorsEs } from '../../labs/evaluators/i18n/es.ts';
import { evaluatorsEn } from '../../labs/evaluators/i18n/en.ts';

const PRESETS = new URL('../../labs/evaluators/presets/', import.meta.url);
const golden = JSON.parse(readFileSync(new URL('../golden/evaluators_sklearn.json', import.meta.url), 'utf8'));

function presetTexts(lang: 'es' | 'en' = 'es', preset = 0): Record<string, string> {
  const files = evaluatorsMeta.presets[preset].files[lang];
  return Object.fromEntries(Object.entries(files).map(([k, f]) => [k, readFileSync(new URL(f, PRESETS), 'utf8')]));
}

function audit(texts: Record<string, string>, view = evaluatorsMeta.defaultView, lang: 'es' | 'en' = 'es'): EvaluatorsResult {
  const p = lab.parse(texts, lang);
  if (!p.ok) throw new Error(JSON.stringify(p.issues.slice(0, 5)));
  return lab.select(lab.run(p.value, view) as EvaluatorsHeavy, view);
}

const report = (r: EvaluatorsResult, id: string) => r.reports.find((x) => x.evaluator_id === id)!;

/** Edits the kit's JSON files as objects. */
function edit<T>(text: string, f: (v: T) => void): string {
  const v = JSON.parse(text) as T;
  f(v);
  return JSON.stringify(v, null, 2);
}
type KitCase = { case_id: string; human: Record<string, number> };
type KitEvaluator = { evaluator_id: string; runs: { case_id: string; parse_ok: boolean; scores?: Record<string, number | null> }[] };

const base = presetTexts('es');
const kit = audit(base);

describe('false-pass accounting on the kit (hand-checked against the kit files)', () => {
  const v1 = report(kit, 'evaluator_v1_generic');
  it('v1 passes three human-rejected cases; each breaks a blocking criterion for the human', () => {
    expect(v1.false_passes).toEqual(['evaluator_002', 'evaluator_004', 'evaluator_005']);
    expect(v1.false_blocks).toEqual([]);
    // human blocks: 002, 004, 005, 006; v1 passes all but 006 -> 3/4
    expect(v1.false_pass_rate).toBe(3 / 4);
    expect(v1.false_block_rate).toBe(0);
    expect(v1.tpr).toBe(1);
    expect(v1.tnr).toBe(1 / 4);
    expect(v1.confusion).toEqual({ true_pass: 2, false_pass: 3, false_block: 0, true_block: 1 });
    expect(v1.confusion_matrix).toEqual([
      [1, 3],
      [0, 2],
    ]);
    expect(v1.critical_false_passes).toBe(3);
    expect(v1.critical_false_pass_cases.map((c) => [c.case_id, c.blocking_failed])).toEqual([
      ['evaluator_002', ['evidence']],
      ['evaluator_004', ['evidence']],
      ['evaluator_005', ['policy']],
    ]);
    expect(v1.false_pass_cases[1].input).toBe('La respuesta es fluida pero omite una excepción relevante.');
  });

  it('kappa is exactly 2/11 and the kit figure 0.1818 is beside it', () => {
    expect(v1.pass_kappa).toBe(2 / 11);
    expect(v1.pass_kappa_kit).toBe(0.1818);
    expect(v1.pass_accuracy).toBe(0.5);
  });

  it("the pass recomputed from the rubric: v1's own pass on 004 ignores evidence = 0", () => {
    // v1's own scores: 002 = (1,1,0,1) mean 0.75, blocking ok -> 1; 004 = (1,0,1,1) evidence 0 -> 0;
    // 005 = (1,1,1,1) -> 1; 006 -> 0. Rule vs human: m00 = 2, m01 = 2, m10 = 0, m11 = 2:
    // kappa = 2(2·2 - 2·0) / ((2+2)(2+2) + (2+0)(0+2)) = 8/20.
    expect(v1.rubric_pass.disagreements_with_judge).toEqual(['evaluator_004']);
    expect(v1.rubric_pass.false_passes).toEqual(['evaluator_002', 'evaluator_005']);
    expect(v1.rubric_pass.kappa).toBe(0.4);
    expect(v1.rubric_pass.accuracy).toBe(4 / 6);
    expect(report(kit, 'evaluator_v2_rubric').rubric_pass.disagreements_with_judge).toEqual([]);
    expect(kit.human_rule_disagreements).toEqual([]);
  });

  it('costs: per run, per valid, per useful evaluation', () => {
    // v1: input tokens 5590 at 0.002/1k, output 780 at 0.008/1k -> 0.01118 + 0.00624.
    expect(v1.total_cost).toBeCloseTo(0.01742, 15);
    expect(v1.cost_per_run).toBeCloseTo(0.01742 / 6, 15);
    expect(v1.cost_per_valid_evaluation).toBeCloseTo(0.01742 / 6, 15);
    // useful = valid and agreeing with the human pass: 001, 003, 006
    expect(v1.useful_evaluations).toBe(3);
    expect(v1.cost_per_useful_evaluation).toBeCloseTo(0.01742 / 3, 15);
    const v2 = report(kit, 'evaluator_v2_rubric');
    // v2: 6780 at 0.003/1k + 960 at 0.010/1k
    expect(v2.total_cost).toBeCloseTo(0.02034 + 0.0096, 15);
    expect(v2.cost_per_useful_evaluation).toBeCloseTo(0.02994 / 6, 15);
  });

  it('the gate: v1 fails three checks; v2 passes every check but the kappa floor, which fails closed on its undefined interval', () => {
    expect(v1.checks.filter((c) => c.status !== 'pass').map((c) => c.reason)).toEqual(['kappa_below_min', 'false_passes_above_max', 'critical_false_passes_present']);
    const v2 = report(kit, 'evaluator_v2_rubric');
    // kappa 1 on six cases, but in 93 of 1000 resamples (golden: CPython random.Random(13) and
    // scikit-learn) one class only is left and kappa is undefined: more than the 25 a tail can hold,
    // so the interval is undefined and the floor cannot be read
    expect(v2.pass_kappa).toBe(1);
    expect(v2.pass_kappa_ci).toMatchObject({ low: null, high: null, reason: 'too_many_undefined_rounds', undefined_rounds: golden.bootstrap_kappa.evaluator_v2_rubric.undefined });
    expect(v2.checks.find((c) => c.id === 'pass_kappa')).toMatchObject({ status: 'undefined', value: null, value_reason: 'too_many_undefined_rounds', reason: 'kappa_ci_undefined' });
    expect(v2.checks.filter((c) => c.id !== 'pass_kappa').every((c) => c.status === 'pass')).toBe(true);
    expect(v2.passes_gate).toBe(false);
    expect(v2.passes_gate_kit).toBe(true);
    expect(kit.recommended_evaluator).toBeNull();
    expect(kit.recommended_evaluator_kit).toBe('evaluator_v2_rubric');
    expect(kit.decision).toEqual({ verdict: 'fail', reasons: ['kappa_ci_undefined'], warnings: [], evaluator_id: 'evaluator_v2_rubric' });
    expect(kit.checks.every((c) => c.subject === 'evaluator_v2_rubric')).toBe(true);
  });
  it('with the bootstrap off the kappa floor reads the point estimate alone, as the kit: v2 passes and is recommended', () => {
    const off = audit({ ...base, rubric: edit<{ bootstrap_rounds: number }>(base.rubric, (r) => (r.bootstrap_rounds = 0)) });
    expect(report(off, 'evaluator_v2_rubric').pass_kappa_ci.reason).toBe('bootstrap_off');
    expect(off.recommended_evaluator).toBe('evaluator_v2_rubric');
    expect(off.decision).toEqual({ verdict: 'pass', reasons: [], warnings: [], evaluator_id: 'evaluator_v2_rubric' });
  });
});

describe('parse errors', () => {
  // v2's run for evaluator_003 could not be read: parse_ok false and no scores.
  const texts = {
    ...base,
    outputs: edit<KitEvaluator[]>(base.outputs, (evs) => {
      const run = evs[1].runs[2];
      run.parse_ok = false;
      delete run.scores;
    }),
  };
  const r = audit(texts);
  const v2 = report(r, 'evaluator_v2_rubric');

  it('are excluded from accuracy and kappa, counted in their own rate, and the kit figure keeps them', () => {
    expect(v2.parse_errors).toBe(1);
    expect(v2.valid_evaluations).toBe(5);
    expect(v2.parse_error_rate).toBe(1 / 6);
    expect(v2.criterion_accuracy.evidence).toBe(1);
    expect(v2.pass_accuracy).toBe(1);
    // the kit divides by 6 runs and counts the unreadable one as a mismatch: round(5/6, 4)
    expect(v2.criterion_accuracy_kit.evidence).toBe(0.8333);
    expect(v2.pass_accuracy_kit).toBe(0.8333);
    // lab: 5 valid cases, human [1,0,0,0,0] = judge -> m00 = 4, m11 = 1: kappa 1
    expect(v2.pass_kappa).toBe(1);
    // kit: observed round(5/6) = 0.8333; rates ref 0.6667/0.3333, pred 0.6667/0.1667 (None in no class);
    // expected 0.6667² + 0.3333·0.1667 = 0.50005; (0.8333 - 0.50005)/0.49995 = 0.66657 -> 0.6666
    expect(v2.pass_kappa_kit).toBe(0.6666);
  });

  it('cost per valid evaluation divides by the readable runs; the parse-error check fails the gate', () => {
    expect(v2.cost_per_valid_evaluation).toBeCloseTo(v2.total_cost / 5, 15);
    expect(v2.checks.find((c) => c.id === 'parse_errors')).toMatchObject({ value: 1, status: 'fail', reason: 'parse_errors_above_max' });
    expect(r.recommended_evaluator).toBeNull();
  });

  it('every run unreadable: accuracy, kappa and cost per valid are undefined and the checks fail closed', () => {
    const all = audit({
      ...base,
      outputs: edit<KitEvaluator[]>(base.outputs, (evs) => {
        for (const run of evs[1].runs) {
          run.parse_ok = false;
          run.scores = { pass: null };
        }
      }),
    });
    const e = report(all, 'evaluator_v2_rubric');
    expect(e.pass_accuracy).toBeNull();
    expect(e.criterion_accuracy.trace).toBeNull();
    expect(e.undefined_metrics.criterion_accuracy).toBe('no_valid_evaluations');
    expect(e.cost_per_valid_evaluation).toBeNull();
    expect(e.cost_per_valid_evaluation_kit).toBe(0); // the kit's safe_div
    const cost = e.checks.find((c) => c.id === 'cost_per_valid_evaluation')!;
    expect(cost).toMatchObject({ status: 'undefined', reason: 'cost_per_valid_undefined', value_reason: 'no_valid_evaluations' });
  });
});

describe('the kappa floor fails closed when chance agreement is total', () => {
  // Human and judge block every case: p_e = 1, kappa is 0/0.
  const texts = {
    ...base,
    cases: edit<KitCase[]>(base.cases, (cs) => {
      for (const c of cs) for (const k of Object.keys(c.human)) c.human[k] = 0;
    }),
    outputs: edit<KitEvaluator[]>(base.outputs, (evs) => {
      for (const ev of evs) for (const run of ev.runs) for (const k of Object.keys(run.scores!)) run.scores![k] = 0;
    }),
  };
  const r = audit(texts);
  const v2 = report(r, 'evaluator_v2_rubric');
  it('kappa is undefined, the check is undefined, the verdict fails; the kit would have said 1.0 and gated', () => {
    expect(v2.pass_kappa).toBeNull();
    expect(v2.undefined_metrics.pass_kappa).toBe('chance_agreement_total');
    expect(v2.checks[0]).toMatchObject({ id: 'pass_kappa', status: 'undefined', reason: 'kappa_undefined', value_reason: 'chance_agreement_total' });
    expect(v2.passes_gate).toBe(false);
    expect(v2.pass_kappa_kit).toBe(1);
    expect(v2.passes_gate_kit).toBe(true);
    expect(r.recommended_evaluator).toBeNull();
    expect(r.recommended_evaluator_kit).not.toBeNull();
    expect(r.decision.verdict).toBe('fail');
    expect(r.decision.reasons).toContain('kappa_undefined');
  });
});

describe('flipping one human label changes the recommendation', () => {
  // evaluator_003: human pass 1 -> 0. v2 still passes it: a false pass (not critical: its blocking
  // criteria stay 1). v2 kappa: m00 = 4, m01 = 1, m10 = 0, m11 = 1 -> 2·4 / (5·2 + 4·1) = 4/7.
  const texts = {
    ...base,
    cases: edit<KitCase[]>(base.cases, (cs) => {
      cs[2].human.pass = 0;
    }),
  };
  const r = audit(texts);
  it('no evaluator passes; the decision is about the best-ranked one and says why', () => {
    const v2 = report(r, 'evaluator_v2_rubric');
    expect(v2.pass_kappa).toBe(4 / 7);
    expect(v2.false_passes).toEqual(['evaluator_003']);
    expect(v2.critical_false_passes).toBe(0);
    expect(r.recommended_evaluator).toBeNull();
    expect(r.decision).toEqual({ verdict: 'fail', reasons: ['kappa_below_min', 'false_passes_above_max'], warnings: [], evaluator_id: 'evaluator_v2_rubric' });
    expect(r.human_rule_disagreements).toEqual(['evaluator_003']);
  });
});

describe('a third evaluator (bootstrap off, so that v2 and its copies pass the gate on their point kappa)', () => {
  const rubric = edit<{ bootstrap_rounds: number }>(base.rubric, (r) => (r.bootstrap_rounds = 0));
  it('with the same verdicts as v2 at lower prices, it ties on kappa and accuracy and wins on cost', () => {
    const texts = {
      ...base,
      rubric,
      outputs: edit<(KitEvaluator & { input_price_per_1k: number; output_price_per_1k: number })[]>(base.outputs, (evs) => {
        evs.push({ ...JSON.parse(JSON.stringify(evs[1])), evaluator_id: 'evaluator_v3_cheap', input_price_per_1k: 0.001, output_price_per_1k: 0.004 });
      }),
    };
    const r = audit(texts);
    expect(r.ranking).toEqual(['evaluator_v3_cheap', 'evaluator_v2_rubric']);
    expect(r.recommended_evaluator).toBe('evaluator_v3_cheap');
    expect(r.recommended_evaluator_kit).toBe('evaluator_v3_cheap');
    // (6780 · 0.001 + 960 · 0.004) / 1000 / 6
    expect(report(r, 'evaluator_v3_cheap').cost_per_valid_evaluation).toBeCloseTo((6.78 + 3.84) / 1000 / 6, 15);
  });
  it('with equal kappa, accuracy and cost, the first one listed is kept (a stable sort, as the kit)', () => {
    const texts = {
      ...base,
      rubric,
      outputs: edit<KitEvaluator[]>(base.outputs, (evs) => {
        evs.push({ ...JSON.parse(JSON.stringify(evs[1])), evaluator_id: 'evaluator_v2_copy' });
      }),
    };
    expect(audit(texts).ranking).toEqual(['evaluator_v2_rubric', 'evaluator_v2_copy']);
  });
});

describe('the other layouts of the human labels give the same audit', () => {
  it('CSV (the kit_csv preset) and JSONL', () => {
    const csv = audit(presetTexts('es', 1));
    const jsonl = audit({ ...base, cases: (JSON.parse(base.cases) as unknown[]).map((c) => JSON.stringify(c)).join('\n') + '\n' });
    for (const r of [csv, jsonl]) {
      expect(r.reports.map((x) => [x.pass_kappa, x.false_passes, x.criterion_accuracy_kit])).toEqual(kit.reports.map((x) => [x.pass_kappa, x.false_passes, x.criterion_accuracy_kit]));
    }
    expect(csv.cases_format).toBe('csv');
    expect(jsonl.cases_format).toBe('jsonl');
  });
});

describe('bootstrap CI of kappa (against a CPython random.Random + scikit-learn bootstrap)', () => {
  it('v1: the same interval; v2: too many undefined rounds (one class only), so no interval', () => {
    const g = golden.bootstrap_kappa;
    const v1 = report(kit, 'evaluator_v1_generic').pass_kappa_ci;
    expect(v1.low!).toBeCloseTo(g.evaluator_v1_generic.low, 12);
    expect(v1.high!).toBeCloseTo(g.evaluator_v1_generic.high, 12);
    const v2 = report(kit, 'evaluator_v2_rubric').pass_kappa_ci;
    expect([v2.defined_rounds, v2.undefined_rounds]).toEqual([g.evaluator_v2_rubric.defined, g.evaluator_v2_rubric.undefined]);
    expect(v2.low).toBeNull();
    expect(v2.reason).toBe('too_many_undefined_rounds');
  });
  it('bootstrap_rounds = 0 turns it off', () => {
    const r = audit({ ...base, rubric: edit<Record<string, unknown>>(base.rubric, (x) => (x.bootstrap_rounds = 0)) });
    expect(report(r, 'evaluator_v1_generic').pass_kappa_ci).toMatchObject({ low: null, reason: 'bootstrap_off', rounds: 0 });
  });
});

/** Texts for one evaluator over n cases with the given human and judge pass labels (criteria equal to pass). */
function binaryTexts(human: number[], judge: number[], production?: { runs: number; judged_passes: number }): Record<string, string> {
  const crit = (v: number) => ({ answer_quality: v, evidence: v, trace: v, policy: v, pass: v });
  return {
    rubric: base.rubric,
    cases: JSON.stringify(human.map((h, i) => ({ case_id: `c${i}`, human: crit(h) }))),
    outputs: JSON.stringify([{ evaluator_id: 'judge', input_price_per_1k: 0.001, output_price_per_1k: 0.002, runs: judge.map((j, i) => ({ case_id: `c${i}`, parse_ok: true, input_tokens: 100, output_tokens: 10, scores: crit(j) })) }]),
    ...(production ? { production: JSON.stringify({ evaluator_id: 'judge', ...production }) } : {}),
  };
}

describe('corrected pass rate (Rogan-Gladen)', () => {
  it('the kit preset: 160/200 judged passes, TPR 1, TNR 1/4 -> (0.8 + 0.25 - 1) / 0.25 = 0.2; the interval is undefined', () => {
    const c = kit.corrected_pass_rate!;
    expect(c.evaluator_id).toBe('evaluator_v1_generic');
    expect(c.observed).toBe(0.8);
    expect(c.tpr).toBe(1);
    expect(c.tnr).toBe(0.25);
    expect(c.value!).toBeCloseTo(0.2, 14);
    // in 432 of 1000 rounds the resampled cases leave the judge no better than chance (CPython count)
    expect([c.defined_rounds, c.undefined_rounds]).toEqual([golden.corrected_pass_rate.defined, golden.corrected_pass_rate.undefined]);
    expect(c.low).toBeNull();
    expect(c.undefined_metrics.low).toBe('too_many_undefined_rounds');
  });

  it('a larger labelled set: the point by hand and the interval against the CPython bootstrap', () => {
    const s = golden.synthetic;
    const r = audit(binaryTexts(s.human_pass, s.judge_pass, { runs: s.production_runs, judged_passes: s.production_passes }));
    const c = r.corrected_pass_rate!;
    // TPR 18/20, TNR 16/20, observed 300/500: (0.6 + 0.8 - 1) / (0.9 + 0.8 - 1) = 0.4 / 0.7
    expect(c.tpr).toBe(0.9);
    expect(c.tnr).toBe(0.8);
    expect(c.value!).toBeCloseTo(0.4 / 0.7, 14);
    expect(report(r, 'judge').pass_kappa!).toBeCloseTo(s.kappa, 12);
    expect(c.low!).toBeCloseTo(s.corrected_interval.low, 12);
    expect(c.high!).toBeCloseTo(s.corrected_interval.high, 12);
    const k = report(r, 'judge').pass_kappa_ci;
    expect(k.low!).toBeCloseTo(s.kappa_interval.low, 12);
    expect(k.high!).toBeCloseTo(s.kappa_interval.high, 12);
  });

  it('the interval carries the uncertainty of TPR and TNR: ten times the labelled cases, same rates, narrower interval', () => {
    const s = golden.synthetic;
    const rep = <T,>(xs: T[], k: number): T[] => Array.from({ length: k }, () => xs).flat();
    const small = audit(binaryTexts(s.human_pass, s.judge_pass, { runs: 100000, judged_passes: 60000 })).corrected_pass_rate!;
    const large = audit(binaryTexts(rep(s.human_pass, 10), rep(s.judge_pass, 10), { runs: 100000, judged_passes: 60000 })).corrected_pass_rate!;
    // with 10^5 production runs the observed rate barely moves; the width comes from TPR and TNR
    expect(small.high! - small.low!).toBeGreaterThan(0.2);
    expect(large.high! - large.low!).toBeLessThan((small.high! - small.low!) / 2);
  });

  it('undefined when TPR + TNR <= 1 (the judge passes everything: TNR 0)', () => {
    const r = audit(binaryTexts([1, 1, 0, 0], [1, 1, 1, 1], { runs: 10, judged_passes: 9 }));
    const c = r.corrected_pass_rate!;
    expect(c.tpr).toBe(1);
    expect(c.tnr).toBe(0);
    expect(c.value).toBeNull();
    expect(c.undefined_metrics.value).toBe('judge_not_better_than_chance');
  });

  it('truncated to [0, 1] and flagged', () => {
    // TPR 1, TNR 1/2, observed 1/10: (0.1 + 0.5 - 1) / 0.5 = -0.8 -> 0
    const c = audit(binaryTexts([1, 1, 0, 0], [1, 1, 1, 0], { runs: 10, judged_passes: 1 })).corrected_pass_rate!;
    expect(c.value_unclipped!).toBeCloseTo(-0.8, 14);
    expect(c.value).toBe(0);
    expect(c.clipped).toBe(true);
  });
});

describe('ordinal scale and quantile mapping on the preset (scikit-learn, hand-derived map)', () => {
  const o = kit.ordinal!;
  const g = golden.ordinal;
  it('the map fitted on the calibration split is the hand-derived one', () => {
    expect(Object.fromEntries(o.mapping!.map((m) => [String(m.judge), m.human]))).toEqual(g.hand_map);
    expect([o.calibration_n, o.heldout_n]).toEqual([g.calibration_n, g.heldout_n]);
  });
  it('QWK and MAE before and after on the held-out split', () => {
    expect(o.qwk_before!).toBeCloseTo(g.qwk_before, 12);
    expect(o.qwk_after!).toBeCloseTo(g.qwk_after, 12);
    expect(o.mae_before!).toBeCloseTo(g.mae_before, 12);
    expect(o.mae_after!).toBeCloseTo(g.mae_after, 12);
    expect(o.calibration_qwk!).toBeCloseTo(g.calibration_qwk_before, 12);
    expect(o.qwk_after!).toBeGreaterThan(o.qwk_before!);
  });
  it('no held-out items: every held-out figure is undefined', () => {
    const r = audit({ ...base, ordinal: edit<{ items: { split: string }[] }>(base.ordinal, (x) => x.items.forEach((i) => (i.split = 'calibration'))) });
    expect(r.ordinal!.qwk_before).toBeNull();
    expect(r.ordinal!.undefined_metrics.qwk_after).toBe('no_heldout_items');
  });
});

describe('construct check on the preset (scikit-learn)', () => {
  it('kappa moves when only the human definition changes', () => {
    const c = kit.construct!;
    expect(c.kappa_support!).toBeCloseTo(golden.construct.support, 12);
    expect(c.kappa_contradiction_only!).toBeCloseTo(golden.construct.contradiction_only, 12);
    expect(c.constructs.map((x) => x.construct_id)).toEqual(['support', 'contradiction_only']);
    // only the four unsupported additions change label; fid_009 (a partial contradiction, 0 under
    // both definitions) stays a real disagreement with the judge
    expect(c.changed_items.map((x) => x.item_id)).toEqual(['fid_004', 'fid_005', 'fid_008', 'fid_011']);
    expect(c.constructs[1].disagreements).toEqual(['fid_009']);
  });
});

describe('pairwise order flips and position bias (hand calculation on the preset)', () => {
  it('4 of 10 pairs flip; 12 of 19 decisive judgments pick the answer shown first', () => {
    const w = kit.pairwise!;
    expect(w.per_pair.filter((p) => p.flipped).map((p) => p.pair_id)).toEqual(['par_002', 'par_004', 'par_006', 'par_007']);
    expect(w.order_flip_rate).toBe(0.4);
    expect(w.decisive_judgments).toBe(19);
    expect(w.first_position_wins).toBe(12);
    expect(w.first_position_rate).toBe(12 / 19);
    expect(w.position_bias).toBe(12 / 19 - 0.5);
  });
  it('only ties: no position to measure', () => {
    const r = audit({ ...base, pairwise: JSON.stringify({ evaluator_id: 'x', pairs: [{ pair_id: 'p', a_first: 'tie', b_first: 'tie' }] }) });
    expect(r.pairwise!.first_position_rate).toBeNull();
    expect(r.pairwise!.undefined_metrics.position_bias).toBe('no_decisive_judgments');
  });
  it('a flip-rate ceiling in the rubric adds a check to that evaluator', () => {
    const r = audit({ ...base, rubric: edit<Record<string, unknown>>(base.rubric, (x) => (x.max_order_flip_rate = 0.2)) });
    expect(report(r, 'evaluator_v1_generic').checks.at(-1)).toMatchObject({ id: 'order_flip_rate', value: 0.4, status: 'fail', reason: 'order_flip_rate_above_max' });
    expect(report(r, 'evaluator_v2_rubric').checks.some((c) => c.id === 'order_flip_rate')).toBe(false);
  });
});

describe('evaluation budget C_eval (hand calculation on the preset)', () => {
  it('C_eval = N R (C_in T_in + C_out T_out) + C_human', () => {
    const b = kit.budget!;
    expect(b.evaluations).toBe(30000);
    expect(b.human_cost).toBe(300);
    const v1 = b.evaluators[0];
    // T_in = 5590/6, T_out = 780/6 = 130 at 0.002 and 0.008 per 1k
    expect(v1.tokens_in).toBeCloseTo(5590 / 6, 12);
    expect(v1.cost_per_evaluation).toBeCloseTo(((5590 / 6) * 0.002 + 130 * 0.008) / 1000, 15);
    expect(v1.model_cost).toBeCloseTo(87.1, 10);
    expect(v1.c_eval).toBeCloseTo(387.1, 10);
    // useful rate 3/6 -> 15000 useful evaluations expected
    expect(v1.expected_useful).toBe(15000);
    expect(v1.cost_per_useful!).toBeCloseTo(387.1 / 15000, 14);
  });
});

describe('heavy/cheap split', () => {
  const parsed = lab.parse(base, 'es');
  if (!parsed.ok) throw new Error('preset');
  const heavy = lab.run(parsed.value, evaluatorsMeta.defaultView) as EvaluatorsHeavy;
  it('run does not depend on the view; select picks the evaluator and the criterion', () => {
    expect(lab.heavyKey!({ evaluator: 'evaluator_v1_generic', criterion: 'trace' })).toBe(lab.heavyKey!(evaluatorsMeta.defaultView));
    const v1 = lab.select(heavy, { evaluator: 'evaluator_v1_generic', criterion: 'trace' });
    expect(v1.decision).toEqual({ verdict: 'fail', reasons: ['kappa_below_min', 'false_passes_above_max', 'critical_false_passes_present'], warnings: [], evaluator_id: 'evaluator_v1_generic' });
    expect(v1.focus).toEqual({ evaluator_id: 'evaluator_v1_generic', criterion: 'trace', requested_evaluator: 'evaluator_v1_generic', requested_found: true });
    const unknown = lab.select(heavy, { evaluator: 'nobody', criterion: 'nothing' });
    expect(unknown.focus).toEqual({ evaluator_id: 'evaluator_v2_rubric', criterion: null, requested_evaluator: 'nobody', requested_found: false });
    // the heavy result is shared, not changed by select
    expect((heavy as Partial<EvaluatorsResult>).decision).toBeUndefined();
  });
  it('the view schema accepts the default and rejects nonsense', () => {
    expect(evaluatorsMeta.view.safeParse({}).success).toBe(true);
    expect(evaluatorsMeta.view.safeParse({ evaluator: 3 }).success).toBe(false);
  });
  it('is deterministic and never NaN', () => {
    const again = lab.run(parsed.value, evaluatorsMeta.defaultView);
    expect(JSON.stringify(again)).toBe(JSON.stringify(heavy));
    expect(JSON.stringify(heavy)).not.toMatch(/NaN|Infinity/);
  });
});

describe('messages', () => {
  const shape = (o: unknown, p = ''): string[] =>
    typeof o === 'function' ? [`${p}()${(o as () => unknown).length}`] : typeof o === 'string' ? [p] : Object.entries(o as object).flatMap(([k, v]) => shape(v, p ? `${p}.${k}` : k));
  it('es and en have the same keys and signatures', () => {
    expect(shape(evaluatorsEn).sort()).toEqual(shape(evaluatorsEs).sort());
  });
  it('every reason and check emitted on the presets has a translation', () => {
    const r = audit(presetTexts('en'), evaluatorsMeta.defaultView, 'en');
    for (const rep of r.reports) for (const c of rep.checks) {
      expect(evaluatorsEn.checks[c.id]).toBeTruthy();
      if (c.reason) expect(evaluatorsEn.reasons[c.reason]).toBeTruthy();
    }
  });
});
