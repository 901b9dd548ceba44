import { describe, expect, it } from 'vitest';
import { parseGateInput } from '../../labs/gate/schema.ts';
import type { GateInput } from '../../labs/gate/schema.ts';
import { classifyError, runGate, weightedQuality } from '../../labs/gate/engine.ts';
import { assessEvidence } from '../../labs/gate/decision.ts';
import { fmtNumber, renderGateReport } from '../../labs/gate/report.ts';
import { foldForMatch as normalizeText } from '../../labs/core/stats/text/normalize.ts';
import { caseFold as fastCaseFold, caseFoldByCodePoint as caseFold } from '../../labs/core/stats/text/casefold.ts';
import { computeManifestHashes, lab as gateLab, withManifestHashes } from '../../labs/gate/lab.ts';
import { gateMeta } from '../../labs/gate/meta.ts';
import { gateEs } from '../../labs/gate/i18n/es.ts';
import { gateEn } from '../../labs/gate/i18n/en.ts';
const es = { gate: gateEs };
const en = { gate: gateEn };

type Obj = Record<string, unknown>;
const jsonl = (rows: Obj[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

const POLICY = {
  min_weighted_quality: 0.8,
  max_critical_failures: 0,
  max_cost_per_accepted_eur: 0.05,
  max_regressions: 0,
  decision_owner: 'equipo',
  rollback: 'volver a baseline',
};

function kase(id: string, extra: Obj = {}): Obj {
  return { case_id: id, input: '?', expected_contains: ['plazo'], must_abstain: false, weight: 1, max_cost_eur: 0.05, slice: 's', ...extra };
}
function answers(version: string, rows: [string, string, number][]): Obj[] {
  return rows.map(([case_id, output, cost_eur]) => ({ version, case_id, output, cost_eur }));
}

function parse(texts: Record<string, string>) {
  const p = parseGateInput(texts, 'en');
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.value;
}
function run(cases: Obj[], outputs: Obj[], policy: Obj = POLICY, hypothesis?: Obj) {
  const texts: Record<string, string> = { cases: jsonl(cases), outputs: jsonl(outputs), policy: JSON.stringify(policy) };
  if (hypothesis) texts.hypothesis = JSON.stringify(hypothesis);
  return runGate(parse(texts));
}

describe('classifyError (content failures win over the budget)', () => {
  it.each([
    // mustAbstain, passed, costOk, critical -> code
    [false, true, true, false, 'ok'],
    [false, true, false, false, 'cost_budget'],
    [false, false, true, false, 'content_missing'],
    [false, false, false, false, 'content_missing'], // the kit says cost_budget here
    [true, false, true, true, 'abstention_failure'],
    [true, false, false, true, 'abstention_failure'],
    [true, true, false, false, 'cost_budget'],
  ] as const)('abstain=%s passed=%s cost_ok=%s critical=%s -> %s', (a, p, c, k, want) => {
    expect(classifyError(a, p, c, k)).toBe(want);
  });
});

describe('grading', () => {
  it('weighted quality by hand: weights 2,1,1 with the first two passed -> 3/4', () => {
    expect(weightedQuality([{ weight: 2, passed: true }, { weight: 1, passed: true }, { weight: 1, passed: false }])).toBe(0.75);
    expect(weightedQuality([{ weight: 0, passed: true }])).toBeNull();
  });

  it('terms and markers are matched after the policy normalization (casefold by default)', () => {
    const cases = [kase('a', { expected_contains: ['Straße'] }), kase('b', { must_abstain: true, expected_contains: [] })];
    const outs = [
      ...answers('baseline', [['a', 'STRASSE 5', 0.01], ['b', 'NO TENGO EVIDENCIA para eso', 0.01]]),
      ...answers('candidate', [['a', 'strasse', 0.01], ['b', 'Sí, es así', 0.01]]),
    ];
    const r = run(cases, outs);
    expect(r.baseline.results.map((x) => x.passed)).toEqual([true, true]);
    expect(r.candidate.results.map((x) => [x.passed, x.critical_failure, x.reason])).toEqual([
      [true, false, 'contains_expected'],
      [false, true, 'answered_instead_of_abstaining'],
    ]);
    // 'lower' keeps ß, so "straße" is not found in "strasse"
    const lower = run(cases, outs, { ...POLICY, text_normalization: 'lower' });
    expect(lower.baseline.results[0]).toMatchObject({ passed: false, reason: 'missing_terms', missing_terms: ['Straße'] });
    // 'none' is case-sensitive: "NO TENGO EVIDENCIA" is not the marker
    const none = run(cases, outs, { ...POLICY, text_normalization: 'none' });
    expect(none.baseline.results[1].passed).toBe(false);
  });

  it('custom abstention markers and NFC normalization', () => {
    const cases = [kase('a', { must_abstain: true, expected_contains: [] }), kase('b', { expected_contains: ['matrícula'] })];
    const decomposed = 'matri\u0301cula';
    const outs = [...answers('baseline', [['a', 'Necesito revisarlo', 0], ['b', decomposed, 0]]), ...answers('candidate', [['a', 'ok', 0], ['b', 'matrícula', 0]])];
    const plain = run(cases, outs, { ...POLICY, abstention_markers: ['necesito revisarlo'] });
    expect(plain.baseline.results.map((x) => x.passed)).toEqual([true, false]);
    const nfc = run(cases, outs, { ...POLICY, abstention_markers: ['necesito revisarlo'], unicode_normalization: 'NFC' });
    expect(nfc.baseline.results.map((x) => x.passed)).toEqual([true, true]);
  });

  it('the per-case budget is inclusive; a case failing content and budget is content_missing', () => {
    const cases = [kase('a', { max_cost_eur: 0.02 }), kase('b', { max_cost_eur: 0.02 })];
    const outs = [...answers('baseline', [['a', 'plazo', 0.02], ['b', 'nada', 0.03]]), ...answers('candidate', [['a', 'plazo', 0.021], ['b', 'plazo', 0.01]])];
    const r = run(cases, outs);
    expect(r.baseline.results.map((x) => [x.cost_ok, x.error_type])).toEqual([
      [true, 'ok'],
      [false, 'content_missing'],
    ]);
    expect(r.candidate.results[0]).toMatchObject({ passed: true, cost_ok: false, error_type: 'cost_budget' });
    expect(r.candidate.accepted_cases).toBe(1);
  });

  it('the taxonomy gives each case the action of its error type', () => {
    const texts = {
      cases: jsonl([kase('a')]),
      outputs: jsonl([...answers('baseline', [['a', 'x', 0]]), ...answers('candidate', [['a', 'plazo', 0]])]),
      policy: JSON.stringify(POLICY),
      taxonomy: JSON.stringify({ version: 'v9', categories: { content_missing: { meaning: 'm', action: 'fix it' } } }),
    };
    const r = runGate(parse(texts));
    expect(r.taxonomy_version).toBe('v9');
    expect(r.baseline.results[0].action).toBe('fix it');
    expect(r.candidate.results[0].action).toBeNull();
  });
});

describe('per version and paired metrics', () => {
  // 4 cases, weights 1,2,1,1; baseline passes a,b; candidate passes b,c,d
  const cases = [kase('a'), kase('b', { weight: 2, slice: 't' }), kase('c'), kase('d', { slice: 't' })];
  const outs = [
    ...answers('baseline', [['a', 'plazo', 0.01], ['b', 'plazo', 0.02], ['c', 'no', 0.01], ['d', 'no', 0.01]]),
    ...answers('candidate', [['a', 'no', 0.02], ['b', 'plazo', 0.02], ['c', 'plazo', 0.02], ['d', 'plazo', 0.02]]),
  ];
  const r = run(cases, outs);

  it('weighted quality, costs, cost per accepted and the error summary by hand', () => {
    expect(r.baseline.weighted_quality).toBe(3 / 5);
    expect(r.candidate.weighted_quality).toBe(4 / 5);
    expect(r.delta_quality).toBeCloseTo(0.2, 15);
    expect(r.baseline.total_cost_eur).toBeCloseTo(0.05, 15);
    expect(r.baseline.cost_per_accepted_eur).toBeCloseTo(0.05 / 2, 15);
    expect(r.candidate.cost_per_accepted_eur).toBeCloseTo(0.08 / 3, 15);
    expect(r.candidate.error_summary).toEqual({ content_missing: 1, ok: 3 });
    expect(Object.keys(r.baseline.error_summary)).toEqual(['content_missing', 'ok']);
    expect(r.baseline.pass_rate).toBe(0.5);
    expect(r.baseline.pass_rate_wilson).not.toBeNull();
  });

  it('slices keep the order of first appearance, with their own weighted quality', () => {
    expect(r.candidate.slices.map((s) => [s.slice, s.cases, s.weighted_quality])).toEqual([
      ['s', 2, 1 / 2],
      ['t', 2, 1],
    ]);
  });

  it('paired outcomes and McNemar: b = 2 improvements, c = 1 regression', () => {
    const p = r.paired_comparison;
    expect(p.baseline_failed_candidate_passed).toEqual(['c', 'd']);
    expect(p.baseline_passed_candidate_failed).toEqual(['a']);
    expect([p.both_passed, p.both_failed]).toEqual([1, 0]);
    expect(p.mcnemar_chi2_continuity).toBe(0); // (|2 - 1| - 1)² / 3
    expect(p.mcnemar_exact_p_value).toBe(1); // 2·P(X <= 1), X ~ Bin(3, 1/2) = 2·4/8, capped at 1
    expect(p.by_slice.find((s) => s.slice === 't')).toMatchObject({ improvements: ['d'], regressions: [] });
    expect(r.regressions).toEqual(['a']);
  });

  it('the bootstrap keeps every round, and the per-version CIs come from the same resamples', () => {
    expect(r.bootstrap.deltas).toHaveLength(2000);
    expect(r.bootstrap.defined_rounds).toBe(2000);
    // The CI is the 2.5th and 97.5th percentiles (numpy linear) of the 2000 per-round deltas kept here.
    const sorted = r.bootstrap.deltas.map((d) => d!).sort((a, b) => a - b);
    const q = (p: number) => { const h = (sorted.length - 1) * p; const lo = Math.floor(h); return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (h - lo); };
    const [lo, hi] = r.bootstrap_delta_quality_ci95!;
    expect(lo).toBeCloseTo(q(0.025), 12);
    expect(hi).toBeCloseTo(q(0.975), 12);
    // Each version's CI comes from the same resamples: its upper bound is a weighted pass rate, at most 1.
    expect(r.candidate.weighted_quality_bootstrap_ci![1]).toBeLessThanOrEqual(1);
  });

  it('is deterministic, and the seed comes from the policy', () => {
    expect(run(cases, outs).bootstrap.deltas).toEqual(r.bootstrap.deltas);
    expect(run(cases, outs, { ...POLICY, bootstrap_seed: 14 }).bootstrap.deltas).not.toEqual(r.bootstrap.deltas);
    expect(run(cases, outs, { ...POLICY, bootstrap_rounds: 10 }).bootstrap.deltas).toEqual(r.bootstrap.deltas.slice(0, 10));
  });
});

describe('edge cases', () => {
  it('zero accepted: cost per accepted is undefined and the budget check fails closed', () => {
    const r = run([kase('a')], [...answers('baseline', [['a', 'plazo', 0.01]]), ...answers('candidate', [['a', 'no', 0.01]])]);
    expect(r.candidate.accepted_cases).toBe(0);
    expect(r.candidate.cost_per_accepted_eur).toBeNull();
    expect(r.undefined_metrics['candidate.cost_per_accepted_eur']).toBe('no_accepted_cases');
    expect(r.decision.reasons).toContain('cost_per_accepted_undefined');
    expect(r.checks.find((c) => c.id === 'cost_per_accepted')).toMatchObject({ value: null, status: 'undefined', reason: 'cost_per_accepted_undefined', value_reason: 'no_accepted_cases' });
    // decision.md says the check is undefined (as every lab's checks table does), not merely "not met"
    const row = renderGateReport(r, 'en').split('\n').find((l) => l.startsWith('|') && l.includes('`cost_per_accepted_undefined`'));
    expect(row).toMatch(/\| undefined \(`cost_per_accepted_undefined`\) +\|$/);
  });

  it('no discordant pairs: the McNemar chi-square is undefined (null + reason), not 0; the exact p-value is 1', () => {
    const r = run([kase('a'), kase('b')], [...answers('baseline', [['a', 'plazo', 0], ['b', 'no', 0]]), ...answers('candidate', [['a', 'plazo', 0], ['b', 'no', 0]])]);
    expect(r.paired_comparison.mcnemar_chi2_continuity).toBeNull();
    expect(r.paired_comparison.mcnemar_exact_p_value).toBe(1);
    expect(r.undefined_metrics['mcnemar.chi2_continuity']).toBe('no_discordant_pairs');
    expect(r.delta_quality).toBe(0);
  });

  it('all weights zero: weighted quality, delta and CI are undefined; the gate fails closed', () => {
    const r = run([kase('a', { weight: 0 }), kase('b', { weight: 0 })], [...answers('baseline', [['a', 'plazo', 0], ['b', 'plazo', 0]]), ...answers('candidate', [['a', 'plazo', 0], ['b', 'plazo', 0]])]);
    expect(r.candidate.weighted_quality).toBeNull();
    expect(r.undefined_metrics['candidate.weighted_quality']).toBe('zero_total_weight');
    expect(r.delta_quality).toBeNull();
    expect(r.bootstrap_delta_quality_ci95).toBeNull();
    expect(r.bootstrap.undefined_rounds).toBe(2000);
    expect(r.decision.reasons[0]).toBe('weighted_quality_undefined');
    expect(r.decision.verdict).toBe('fail');
  });

  it('some zero weights: resamples of only zero-weight cases are left out of the CI', () => {
    const r = run([kase('a', { weight: 0 }), kase('b')], [...answers('baseline', [['a', 'plazo', 0], ['b', 'no', 0]]), ...answers('candidate', [['a', 'plazo', 0], ['b', 'plazo', 0]])]);
    // P(resample = [a, a]) = 1/4: about 500 of 2000 rounds
    expect(r.bootstrap.undefined_rounds).toBeGreaterThan(400);
    expect(r.bootstrap.undefined_rounds).toBeLessThan(600);
    expect(r.bootstrap.defined_rounds + r.bootstrap.undefined_rounds).toBe(2000);
    expect(r.bootstrap_delta_quality_ci95).toEqual([1, 1]);
  });

  it('one case: every resample is that case, so the CI collapses on the delta', () => {
    const r = run([kase('a')], [...answers('baseline', [['a', 'no', 0.01]]), ...answers('candidate', [['a', 'plazo', 0.01]])]);
    expect(r.delta_quality).toBe(1);
    expect(r.bootstrap_delta_quality_ci95).toEqual([1, 1]);
    expect(r.paired_comparison.mcnemar_exact_p_value).toBe(1);
    expect(r.decision.verdict).toBe('pass');
    expect(r.decision.rollback).toBeNull();
  });
});

describe('gate decision', () => {
  const good = [kase('a'), kase('b')];
  const goodOuts = [...answers('baseline', [['a', 'plazo', 0.01], ['b', 'no', 0.01]]), ...answers('candidate', [['a', 'plazo', 0.01], ['b', 'plazo', 0.01]])];

  it('pass when every condition holds; owner kept, rollback null', () => {
    const r = run(good, goodOuts);
    expect(r.decision).toMatchObject({ verdict: 'pass', decision: 'pass', reasons: [], owner: 'equipo', rollback: null });
    expect(r.checks.every((c) => c.status === 'pass')).toBe(true);
  });

  it('reasons come in the kit order, with the lab’s extra checks after them', () => {
    const cases = [kase('a', { slice: 'crit' }), kase('b', { must_abstain: true, expected_contains: [], slice: 'crit' })];
    const outs = [...answers('baseline', [['a', 'plazo', 0.01], ['b', 'no tengo evidencia', 0.01]]), ...answers('candidate', [['a', 'no', 0.2], ['b', 'sí', 0.2]])];
    const r = run(cases, outs, { ...POLICY, critical_slices: ['crit', 'ghost'] });
    expect(r.decision.reasons).toEqual([
      'weighted_quality_below_threshold',
      'critical_failures_present',
      'cost_per_accepted_undefined',
      'regressions_present',
      'critical_slice_below_threshold',
      'critical_slice_undefined',
    ]);
    expect(r.decision.rollback).toBe('volver a baseline');
    const over = run(good, [...answers('baseline', [['a', 'plazo', 0.01], ['b', 'no', 0.01]]), ...answers('candidate', [['a', 'plazo', 0.04], ['b', 'plazo', 0.04]])], { ...POLICY, max_cost_per_accepted_eur: 0.03 });
    expect(over.decision.reasons).toEqual(['cost_per_accepted_above_budget']);
  });

  it('minimum interpretable delta against the CI', () => {
    expect(assessEvidence([0.1, 0.3], { minimum_interpretable_delta: 0.05 }).status).toBe('supports');
    expect(assessEvidence([-0.1, 0.3], { minimum_interpretable_delta: 0.05 }).status).toBe('inconclusive');
    expect(assessEvidence([-0.1, 0.04], { minimum_interpretable_delta: 0.05 }).status).toBe('below');
    expect(assessEvidence([0.1, 0.3], null)).toMatchObject({ status: 'undefined', undefined_reason: 'no_minimum_interpretable_delta' });
    expect(assessEvidence(null, { minimum_interpretable_delta: 0.05 })).toMatchObject({ status: 'undefined', undefined_reason: 'no_defined_bootstrap_rounds' });
    // one case with delta 1: CI [1, 1] clears 0.05; with 2 cases the CI crosses it -> warning only, unless required
    const crossing = [...answers('baseline', [['a', 'plazo', 0.01], ['b', 'no', 0.01]]), ...answers('candidate', [['a', 'plazo', 0.01], ['b', 'plazo', 0.01]])];
    const warn = run(good, crossing, POLICY, { minimum_interpretable_delta: 0.6 });
    expect(warn.evidence.status).toBe('inconclusive');
    expect(warn.decision).toMatchObject({ verdict: 'pass', warnings: ['not_enough_evidence'] });
    const strict = run(good, crossing, { ...POLICY, require_minimum_delta_evidence: true }, { minimum_interpretable_delta: 0.6 });
    expect(strict.decision).toMatchObject({ verdict: 'fail', reasons: ['insufficient_evidence_for_minimum_delta'] });
  });
});

describe('validation issues name the input, line and field', () => {
  const policy = JSON.stringify(POLICY);
  const outs = jsonl([...answers('baseline', [['a', 'x', 0], ['b', 'x', 0]]), ...answers('candidate', [['a', 'x', 0], ['b', 'x', 0]])]);

  it('duplicated case_id', () => {
    const p = parseGateInput({ cases: jsonl([kase('a'), kase('a')]), outputs: outs, policy }, 'es');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.issues[0]).toMatchObject({ input: 'cases', line: 2, field: 'case_id' });
  });

  it('an answer for an unknown case, a repeated answer, an unknown version', () => {
    const bad = outs + '\n' + jsonl([{ version: 'candidate', case_id: 'zz', output: '', cost_eur: 0 }, { version: 'candidate', case_id: 'a', output: '', cost_eur: 0 }, { version: 'v3', case_id: 'a', output: '', cost_eur: 0 }]);
    const p = parseGateInput({ cases: jsonl([kase('a'), kase('b')]), outputs: bad, policy }, 'en');
    expect(p.ok).toBe(false);
    if (!p.ok) {
      expect(p.issues.map((i) => [i.input, i.line, i.field])).toEqual([
        ['outputs', 6, 'case_id'],
        ['outputs', 7, 'case_id'],
        ['outputs', 8, 'version'],
      ]);
      expect(p.issues[0].message).toContain('zz');
    }
  });

  it('a case without an answer from one version is reported on the case’s line', () => {
    const p = parseGateInput({ cases: '\n' + jsonl([kase('a'), kase('b'), kase('c')]), outputs: outs, policy }, 'es');
    expect(p.ok).toBe(false);
    if (!p.ok) {
      expect(p.issues).toHaveLength(2);
      expect(p.issues[0]).toMatchObject({ input: 'cases', line: 4, field: 'case_id' });
      expect(p.issues[0].message).toContain('«baseline»');
    }
  });

  it('equal version names, bad JSON, schema errors', () => {
    const same = parseGateInput({ cases: jsonl([kase('a')]), outputs: outs, policy: JSON.stringify({ ...POLICY, candidate_version: 'baseline' }) }, 'en');
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.issues[0]).toMatchObject({ input: 'policy', field: 'candidate_version' });
    const broken = parseGateInput({ cases: '{"case_id": "a",\n', outputs: outs, policy: '{' }, 'en');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.issues.map((i) => i.input)).toEqual(['cases', 'policy']);
    const neg = parseGateInput({ cases: jsonl([kase('a', { weight: -1 })]), outputs: outs, policy }, 'en');
    expect(neg.ok).toBe(false);
    if (!neg.ok) expect(neg.issues[0]).toMatchObject({ input: 'cases', line: 1, field: 'weight' });
  });

  it('optional inputs may be missing or blank', () => {
    const p = parseGateInput({ cases: jsonl([kase('a'), kase('b')]), outputs: outs, policy, hypothesis: '  ', taxonomy: '' }, 'en');
    expect(p.ok).toBe(true);
  });
});

describe('normalization', () => {
  it('fastCaseFold equals the per-code-point caseFold (Python str.casefold)', () => {
    for (const s of ['Matrícula ORDINARIA', 'STRAßE', 'ΣΟΦΟΣ', 'ﬁn', 'İstanbul', 'Ꭰ ꭰ', 'plain ascii', 'Émile ǅ µ']) {
      expect(fastCaseFold(s)).toBe(caseFold(s));
    }
    expect(fastCaseFold('ΣΟΦΟΣ')).toBe('σοφοσ');
    expect(normalizeText('STRAßE', 'lower')).toBe('straße');
    expect(normalizeText('Ab', 'none')).toBe('Ab');
  });
});

describe('report, i18n, manifest hashes', () => {
  const r = run([kase('a'), kase('b')], [...answers('baseline', [['a', 'plazo', 0.01], ['b', 'plazo', 0.01]]), ...answers('candidate', [['a', 'no', 0.01], ['b', 'no', 0.01]])]);

  it('decision.md in both languages names the reasons and never prints a raw undefined', () => {
    const mdEs = renderGateReport(r, 'es');
    const mdEn = renderGateReport(r, 'en');
    expect(mdEs).toContain('# Decisión de evaluación');
    expect(mdEn).toContain('# Evaluation decision');
    for (const code of r.decision.reasons) {
      expect(mdEs).toContain(es.gate.reasons[code]);
      expect(mdEn).toContain(en.gate.reasons[code]);
    }
    expect(mdEn).toContain(en.gate.undefined_reason.no_accepted_cases);
    expect(mdEs).not.toMatch(/(?<!_)\bundefined\b|\bnull\b|NaN/);
    expect(mdEn).not.toMatch(/\bnull\b|NaN/);
  });

  it('every reason, warning and undefined reason the engine can emit is translated', () => {
    expect(Object.keys(en.gate.reasons).sort()).toEqual(Object.keys(es.gate.reasons).sort());
    expect(Object.keys(en.gate.warnings).sort()).toEqual(Object.keys(es.gate.warnings).sort());
    expect(Object.keys(en.gate.undefined_reason).sort()).toEqual(Object.keys(es.gate.undefined_reason).sort());
    for (const code of Object.values(r.undefined_metrics)) expect(Object.keys(es.gate.undefined_reason)).toContain(code);
  });

  it('fmtNumber rounds to 4 decimals and prints like the kit', () => {
    expect(fmtNumber(-0.33333333333333337)).toBe('-0.3333');
    expect(fmtNumber(0.7777777777777778)).toBe('0.7778');
    expect(fmtNumber(0.25)).toBe('0.25');
    expect(fmtNumber(-0.00001)).toBe('0');
    expect(fmtNumber(null)).toBeNull();
  });

  it('manifest hashes: SHA-256 of each input text under the kit’s keys (blank inputs left out)', async () => {
    const texts = { cases: 'c', policy: 'p', outputs: 'o', hypothesis: '' };
    const h = await computeManifestHashes(texts);
    // Python: hashlib.sha256(b'c').hexdigest() and so on.
    expect(h).toEqual({
      cases_sha256: '2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6',
      policy_sha256: '148de9c5a7a44d19e56cd9ae1a554bf67847afb0c58f6e12fa29ac7ddfca9940',
      outputs_sha256: '65c74c15a686187bb6bbf9958f494fc6b80068034a659a9ad44991b08c58f2d2',
    });
    expect(r.manifest).toBeNull();
    expect(withManifestHashes(r, h).manifest).toEqual({ computed_hashes: h });
  });

  it('the lab module wires parse, run and report; its meta names the required inputs', () => {
    expect(gateMeta.id).toBe('gate');
    expect(gateMeta.inputs.filter((i) => !i.optional).map((i) => i.flag)).toEqual(['--cases', '--outputs', '--policy']);
    const input: GateInput = parse({ cases: jsonl([kase('a')]), outputs: jsonl([...answers('baseline', [['a', 'plazo', 0]]), ...answers('candidate', [['a', 'plazo', 0]])]), policy: JSON.stringify(POLICY) });
    const res = runGate(input);
    expect(gateLab.report(gateLab.select(res, {}), 'en')).toContain('**pass**');
  });
});
