/**
 * The threshold lab on the chapter 02 preset reproduces the kit (ops/ai/threshold_eval.py) outputs
 * stored in ../shared/reference/c02: output/threshold_scorecard.json (recommended policy, every key,
 * including slice_counts and per-case decisions) and threshold_scan_all_pairs.json (all 28 pairs).
 * Our numbers are unrounded; the kit rounds metrics to 4 decimals, so values are compared after
 * rounding ours to 4 decimals.
 *
 * Differences from the kit, pinned below:
 *   - When no pair is feasible the kit still fills `recommended_policy` with the first pair of the
 *     sort over ALL pairs (its markdown then says it respects the constraints). Here
 *     recommended_policy is null, the same pair is reported as `least_bad_policy`, and the verdict is
 *     'fail' with reasons ['no_policy_meets_constraints', ...the least-bad pair's failed constraints].
 *   - The kit sorts on rounded metrics; we compare unrounded values with a 1e-9 tolerance (same
 *     choice on this data, where the sort keys are multiples of 0.5 and exact fractions).
 *   - Undefined ratios would be 0.0 in the kit and null here (none occur on the preset).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lab as thresholdLab } from '../../labs/threshold/lab.ts';
import { runThreshold } from '../../labs/threshold/engine.ts';
import type { ThresholdResult } from '../../labs/threshold/lab.ts';

const REF = new URL('../../../shared/reference/c02/', import.meta.url);
const refText = (p: string) => readFileSync(new URL(p, REF), 'utf8');
const presetText = (p: string) => readFileSync(new URL(`../../labs/threshold/presets/${p}`, import.meta.url), 'utf8');

const kitScorecard = JSON.parse(refText('output/threshold_scorecard.json'));
const kitScan = JSON.parse(refText('threshold_scan_all_pairs.json')) as {
  evaluated: number;
  feasible: number;
  feasible_pairs: [number, number][];
  recommended: [number, number];
  policies: {
    low: number;
    high: number;
    counts: Record<string, number>;
    metrics: Record<string, number>;
    passes_constraints: boolean;
    actions_by_case_order: string;
  }[];
};

const r4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);

function runPreset(policyPatch: Record<string, unknown> = {}): ThresholdResult {
  const policy = { ...JSON.parse(presetText('threshold_policy.json')), ...policyPatch };
  const parsed = thresholdLab.parse({ cases: presetText('classification_cases.jsonl'), policy: JSON.stringify(policy) }, 'es');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return runThreshold(parsed.value);
}

describe('c02 preset = kit inputs', () => {
  it('the preset files are the kit files', () => {
    expect(presetText('classification_cases.jsonl')).toBe(refText('evals/classification_cases.jsonl'));
    expect(JSON.parse(presetText('threshold_policy.json'))).toEqual(JSON.parse(refText('ops/ai/threshold_policy.json')));
  });
});

describe('c02 threshold_scorecard.json', () => {
  const res = runPreset();

  it('top-level keys and counts', () => {
    expect(res.eval_name).toBe(kitScorecard.eval_name);
    expect(res.cases).toBe(kitScorecard.cases);
    expect(res.evaluated_policies).toBe(kitScorecard.evaluated_policies);
    expect(res.feasible_policies).toBe(kitScorecard.feasible_policies);
    for (const [k, v] of Object.entries(kitScorecard.policy)) expect((res.policy as Record<string, unknown>)[k]).toEqual(v);
    for (const k of Object.keys(kitScorecard)) expect(res).toHaveProperty(k);
    expect(res.decision).toEqual({ verdict: 'pass', reasons: [] });
    expect(res.least_bad_policy).toBeNull();
  });

  it('recommended_policy: every key of the kit', () => {
    const kit = kitScorecard.recommended_policy;
    const ours = res.recommended_policy!;
    expect(ours).not.toBeNull();
    for (const k of Object.keys(kit)) expect(ours).toHaveProperty(k);
    expect(ours.threshold_low).toBe(kit.threshold_low);
    expect(ours.threshold_high).toBe(kit.threshold_high);
    expect(ours.counts).toEqual(kit.counts);
    for (const [k, v] of Object.entries(kit.metrics as Record<string, number>)) {
      expect(r4((ours.metrics as unknown as Record<string, number | null>)[k]), k).toBe(v);
    }
    expect(ours.slice_counts).toEqual(kit.slice_counts);
    expect(Object.keys(ours.slice_counts)).toEqual(Object.keys(kit.slice_counts)); // first-seen order
    expect(ours.passes_constraints).toBe(kit.passes_constraints);
    expect(ours.decisions).toEqual(kit.decisions);
    expect(ours.undefined_metrics).toEqual({});
  });

  it('selected_policy defaults to the recommended pair', () => {
    expect(res.selected_policy.threshold_low).toBe(0.3);
    expect(res.selected_policy.threshold_high).toBe(0.5);
  });
});

describe('c02 threshold_scan_all_pairs.json (28 pairs)', () => {
  const res = runPreset();
  const letter: Record<string, string> = { urgente: 'U', review: 'R', normal: 'N' };
  const parsed = thresholdLab.parse(
    { cases: presetText('classification_cases.jsonl'), policy: presetText('threshold_policy.json') },
    'en',
  );
  if (!parsed.ok) throw new Error('preset does not parse');
  const presetInput = parsed.value;

  it('same pairs in the same order, 5 feasible', () => {
    expect(res.scan.map((p) => [p.low, p.high])).toEqual(kitScan.policies.map((p) => [p.low, p.high]));
    expect(res.scan).toHaveLength(kitScan.evaluated);
    expect(res.scan.filter((p) => p.passes_constraints).map((p) => [p.low, p.high])).toEqual(kitScan.feasible_pairs);
    expect(res.feasible_policies).toBe(5);
    expect([res.recommended_policy!.threshold_low, res.recommended_policy!.threshold_high]).toEqual(kitScan.recommended);
  });

  for (const [i, kp] of kitScan.policies.entries()) {
    it(`pair (${kp.low}, ${kp.high})`, () => {
      const ours = res.scan[i];
      expect(ours.counts).toEqual(kp.counts);
      for (const [k, v] of Object.entries(kp.metrics)) {
        expect(r4((ours.metrics as unknown as Record<string, number | null>)[k]), k).toBe(v);
      }
      expect(ours.passes_constraints).toBe(kp.passes_constraints);
      expect(ours.failed_constraints.length === 0).toBe(kp.passes_constraints);
      const detail = runThreshold(presetInput, { low: kp.low, high: kp.high }).selected_policy;
      expect(detail.decisions.map((d) => letter[d.action]).join('')).toBe(kp.actions_by_case_order);
      expect(detail.counts).toEqual(kp.counts);
    });
  }
});

describe('least-bad behaviour (differs from the kit on purpose)', () => {
  // max_review_rate 0.05: every pair reviews at least 1 of 12 cases (0.0833), so none is feasible.
  const res = runPreset({ max_review_rate: 0.05 });

  it('recommended is null, the kit pick is reported as least_bad, verdict fail', () => {
    // The kit's pick with no feasible pair: stable sort of ALL 28 pairs of its own table by
    // (cost, -operational_recall, review_rate) on its rounded values. (The kit's review rates do not
    // depend on max_review_rate, so its table still applies.)
    const kitPick = [...kitScan.policies].sort(
      (a, b) =>
        a.metrics.cost - b.metrics.cost ||
        b.metrics.operational_recall - a.metrics.operational_recall ||
        a.metrics.review_rate - b.metrics.review_rate,
    )[0];
    expect(res.feasible_policies).toBe(0);
    expect(res.recommended_policy).toBeNull();
    expect(res.least_bad_policy).not.toBeNull();
    expect([res.least_bad_policy!.threshold_low, res.least_bad_policy!.threshold_high]).toEqual([kitPick.low, kitPick.high]);
    expect(res.least_bad_policy!.passes_constraints).toBe(false);
    expect(res.least_bad_policy!.failed_constraints).toEqual(['review_rate_above_max']);
    expect(res.decision).toEqual({ verdict: 'fail', reasons: ['no_policy_meets_constraints', 'review_rate_above_max'] });
    expect(res.selected_policy.threshold_low).toBe(kitPick.low);
    expect(res.selected_policy.threshold_high).toBe(kitPick.high);
  });

  it('the report says not to automate, names the least-bad pair and the policy fallback', () => {
    const es = thresholdLab.report(res, 'es');
    expect(es).toContain('No automatizar todavía');
    expect(es).toContain('Par menos malo');
    expect(es).toContain('mantener revisión manual y ampliar dataset');
    expect(es).not.toContain('Par recomendado');
    const en = thresholdLab.report(res, 'en');
    expect(en).toContain('Do not automate yet');
    expect(en).toContain('Least-bad pair');
  });
});

describe('decision.md on the preset (content of the kit decision, own words)', () => {
  const res = runPreset();
  it('es and en list the chosen pair, cost, recall, review and automation rates, pass, owner', () => {
    // Values of the kit's output/threshold_decision.md: 0.3, 0.5, 8.5, 1.0, 0.25, 0.75, True.
    const es = thresholdLab.report(res, 'es');
    for (const s of ['Umbral bajo: `0.3`', 'Umbral alto: `0.5`', 'Coste total: `8.5`', 'Recall operativo: `1`',
      'Tasa de revisión: `0.25`', 'Tasa de automatización: `0.75`', '¿Cumple las restricciones?: sí', 'equipo-ia']) {
      expect(es).toContain(s);
    }
    const en = thresholdLab.report(res, 'en');
    for (const s of ['Low threshold: `0.3`', 'High threshold: `0.5`', 'Total cost: `8.5`', 'Operational recall: `1`',
      'Review rate: `0.25`', 'Automation rate: `0.75`', 'Meets the constraints?: yes']) {
      expect(en).toContain(s);
    }
  });
});

/**
 * The English page's preset (classification_cases.en.jsonl, threshold_policy.en.json): the same 12
 * tickets with their texts, slices, labels and owner translated. Expected values: the kit's outputs
 * above with their Spanish names put through this dictionary (scores, labels and ids untouched).
 */
const KIT_TO_EN: Record<string, string> = {
  pagos: 'payments',
  acceso: 'access',
  consulta: 'inquiry',
  soporte: 'support',
  urgente: 'urgent',
  normal: 'normal',
  review: 'review',
  'equipo-ia': 'ai-team',
  'mantener revisión manual y ampliar dataset': 'keep manual review and grow the dataset',
};
const toEn = (s: string) => KIT_TO_EN[s] ?? s;

describe('c02 kit in English (the English page\'s preset)', () => {
  const enText = (p: string) => presetText(p);
  const parsed = thresholdLab.parse({ cases: enText('classification_cases.en.jsonl'), policy: enText('threshold_policy.en.json') }, 'en');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const res = runThreshold(parsed.value);

  it('the same tickets, scores and labels; no Spanish text left; the Spanish files stay selectable', async () => {
    const es = presetText('classification_cases.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    const en = enText('classification_cases.en.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    expect(en.map((c) => [c.case_id, c.score, c.label, c.slice])).toEqual(es.map((c) => [c.case_id, c.score, c.label, toEn(c.slice)]));
    for (const t of [enText('classification_cases.en.jsonl'), enText('threshold_policy.en.json')]) {
      expect(t).not.toMatch(/urgente|equipo|mantener|pagos|acceso|consulta|soporte|servicio|cuenta|pregunta|solicitud/i);
    }
    const { thresholdMeta } = await import('../../labs/threshold/meta.ts');
    const original = thresholdMeta.presets.find((p) => p.id === 'kit_es')!;
    expect(original.langs).toEqual(['en']);
    expect(original.files.en).toEqual({ cases: 'classification_cases.jsonl', policy: 'threshold_policy.json' });
    expect(thresholdMeta.presets[0].files.en).toEqual({ cases: 'classification_cases.en.jsonl', policy: 'threshold_policy.en.json' });
  });

  it('recommended policy: the kit\'s pair, counts, metrics, slices and decisions', () => {
    const kit = kitScorecard.recommended_policy;
    const ours = res.recommended_policy!;
    expect([ours.threshold_low, ours.threshold_high]).toEqual([kit.threshold_low, kit.threshold_high]);
    expect(ours.counts).toEqual(kit.counts);
    for (const [k, v] of Object.entries(kit.metrics as Record<string, number>)) expect(r4((ours.metrics as unknown as Record<string, number | null>)[k]), k).toBe(v);
    expect(ours.slice_counts).toEqual(Object.fromEntries(Object.entries(kit.slice_counts).map(([k, v]) => [toEn(k), v])));
    expect(ours.decisions).toEqual((kit.decisions as { slice: string; action: string }[]).map((d) => ({ ...d, slice: toEn(d.slice), action: toEn(d.action) })));
    expect(res.feasible_policies).toBe(kitScorecard.feasible_policies);
    expect(res.evaluated_policies).toBe(kitScorecard.evaluated_policies);
    expect(res.decision).toEqual({ verdict: 'pass', reasons: [] });
    for (const [k, v] of Object.entries(kitScorecard.policy)) expect((res.policy as Record<string, unknown>)[k]).toEqual(typeof v === 'string' ? toEn(v) : v);
  });

  it('all 28 pairs: the kit\'s counts, metrics, feasibility and actions', () => {
    const letter: Record<string, string> = { urgent: 'U', review: 'R', normal: 'N' };
    expect(res.scan.map((p) => [p.low, p.high])).toEqual(kitScan.policies.map((p) => [p.low, p.high]));
    for (const [i, kp] of kitScan.policies.entries()) {
      const ours = res.scan[i];
      expect(ours.counts, `${kp.low}/${kp.high}`).toEqual(kp.counts);
      for (const [k, v] of Object.entries(kp.metrics)) expect(r4((ours.metrics as unknown as Record<string, number | null>)[k]), k).toBe(v);
      expect(ours.passes_constraints).toBe(kp.passes_constraints);
      const detail = runThreshold(parsed.value, { low: kp.low, high: kp.high }).selected_policy;
      expect(detail.decisions.map((d) => letter[d.action]).join('')).toBe(kp.actions_by_case_order);
    }
  });
});
