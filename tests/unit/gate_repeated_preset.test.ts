/**
 * The repeated-runs preset (labs/gate/meta.ts 'repeated_runs', written by
 * scripts/presets/gate_repeated_runs.py): the script's plan holds in the files, and the gate
 * tells the two case scores apart as the README says. Expected values by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gateMeta } from '../../labs/gate/meta.ts';
import { createRunner } from '../../labs/runner.ts';
import { gateId } from '../helpers/gate_ids.ts';
import type { GateScorecard } from '../../labs/gate/lab.ts';

const runner = createRunner();
const preset = gateMeta.presets.find((p) => p.id === 'repeated_runs')!;
const texts = (lang: 'es' | 'en') => Object.fromEntries(Object.entries(preset.files[lang]).map(([k, f]) => [k, readFileSync(`labs/gate/presets/${f}`, 'utf8')]));
async function score(lang: 'es' | 'en', caseScore: 'mean' | 'pass_pow_k'): Promise<GateScorecard> {
  const t = texts(lang);
  t.policy = t.policy.replace('"case_score": "mean"', `"case_score": "${caseScore}"`);
  const out = await runner.runAny('gate', t, lang, {});
  if (!out.ok) throw new Error(JSON.stringify(out.issues));
  return out.result as GateScorecard;
}

describe('the repeated-runs preset', () => {
  it('is registered in both languages; the Spanish one uses the kit\'s cases', () => {
    expect(preset.files.es.cases).toBe('eval_cases.jsonl');
    expect(Object.keys(preset.files.en).sort()).toEqual(Object.keys(preset.files.es).sort());
  });
  for (const lang of ['es', 'en'] as const) {
    it(`${lang}: five runs per case; the candidate passes every case in run 1, horario_001 4/5 and soporte_001 3/5`, async () => {
      const r = await score(lang, 'mean');
      expect([r.baseline.runs_min, r.baseline.runs_max, r.candidate.runs_min, r.candidate.runs_max]).toEqual([5, 5, 5, 5]);
      expect(r.candidate.results.every((c) => c.runs[0].passed)).toBe(true);
      const byId = new Map(r.candidate.results.map((c) => [c.case_id, c]));
      expect(byId.get(gateId(lang, 'horario_001'))!.runs_passed).toBe(4);
      expect(byId.get(gateId(lang, 'soporte_001'))!.runs_passed).toBe(3);
      expect(r.candidate.flaky_cases).toBe(2);
      expect(r.baseline.flaky_cases).toBe(0);
    });
    it(`${lang}: the mean of the runs passes the gate (7/8 = 0.875); pass^3 fails it (5.6/8 = 0.7)`, async () => {
      const mean = await score(lang, 'mean');
      // weights 2, 2, 1, 1, 2: (2 + 2 + 1 + 1·0.8 + 2·0.6)/8 = 7/8
      expect(mean.candidate.weighted_quality).toBeCloseTo(0.875, 12);
      expect(mean.decision.verdict).toBe('pass');
      const pow = await score(lang, 'pass_pow_k');
      // pass^3: horario C(4,3)/C(5,3) = 0.4, soporte C(3,3)/C(5,3) = 0.1 → (5 + 0.4 + 0.2)/8 = 0.7
      expect(pow.candidate.weighted_quality).toBeCloseTo(0.7, 12);
      expect(pow.decision.verdict).toBe('fail');
      expect(pow.decision.reasons).toEqual(['weighted_quality_below_threshold']);
      // the baseline is the kit's in every run: 5/8
      expect(pow.baseline.weighted_quality).toBeCloseTo(0.625, 12);
    });
  }
});
