/**
 * The calibration lab's K-class path end to end: format detection, line and field issues in both
 * languages, the engine on a case small enough to compute by hand (top-label ECE, Brier, log loss,
 * LAC sets, per-class coverage, AURC), the gate failing closed on an undefined figure, selective
 * prediction on the binary path, the runner (the same manifest entry as the binary lab) and the CLI.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { lab } from '../../labs/calibration/lab.ts';
import type { CalibrationResult, MulticlassInput, MulticlassResult } from '../../labs/calibration/lab.ts';
import { isMulticlassText } from '../../labs/calibration/schema_multiclass.ts';
import { runMulticlass } from '../../labs/calibration/engine_multiclass.ts';
import { createRunner } from '../../labs/runner.ts';

const DIGITS = readFileSync('labs/calibration/presets/digits_gnb.csv', 'utf8');
const DIGITS_POLICY = readFileSync('labs/calibration/presets/digits_gnb_policy.json', 'utf8');
const KIT = readFileSync('labs/calibration/presets/calibration_cases.csv', 'utf8');

const SMALL = [
  'case_id,split,label,p_a,p_b,p_c',
  'c1,calibration,a,0.5,0.3,0.2',
  'c2,calibration,b,0.2,0.5,0.3',
  'c3,calibration,c,0.1,0.2,0.7',
  'e1,evaluation,a,0.7,0.2,0.1',
  'e2,evaluation,b,0.6,0.3,0.1',
].join('\n');
const SMALL_POLICY = JSON.stringify({ bins: 1, alpha: 0.5, conformal_method: 'lac', max_top_label_ece: 0.2, min_class_coverage: 0.5 });

function parseMc(cases: string, policy: string, lang: 'es' | 'en' = 'en') {
  return lab.parse({ cases, policy }, lang);
}

function small(): MulticlassInput {
  const p = parseMc(SMALL, SMALL_POLICY);
  if (!p.ok || p.value.kind !== 'multiclass') throw new Error(JSON.stringify(p));
  return p.value;
}

describe('K-class input: detection and issues', () => {
  it('p_<class> columns without raw_score read as K classes; the kit file does not', () => {
    expect(isMulticlassText(DIGITS)).toBe(true);
    expect(isMulticlassText(KIT)).toBe(false);
    expect(isMulticlassText('{"case_id":"x","split":"evaluation","label":"a","probs":{"a":1,"b":0}}')).toBe(true);
    const p = parseMc(DIGITS, DIGITS_POLICY);
    expect(p.ok && p.value.kind === 'multiclass' && p.value.classes).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('a bad probability names its line and its p_ column, in Spanish and in English', () => {
    const bad = SMALL.replace('e1,evaluation,a,0.7,0.2,0.1', 'e1,evaluation,a,0.7,dos,0.1');
    for (const lang of ['es', 'en'] as const) {
      const p = parseMc(bad, SMALL_POLICY, lang);
      expect(p.ok).toBe(false);
      if (p.ok) continue;
      expect(p.issues[0]).toMatchObject({ input: 'cases', line: 5, field: 'p_b' });
      expect(p.issues[0].message).toContain(lang === 'es' ? 'probabilidad' : 'probability');
    }
  });

  it('a row that does not sum to 1, an unknown label and a duplicate id each have their line and field', () => {
    const bad = SMALL.replace('c2,calibration,b,0.2,0.5,0.3', 'c2,calibration,b,0.2,0.5,0.5').replace('e2,evaluation,b', 'e2,evaluation,d').replace('c3,', 'c1,');
    const p = parseMc(bad, SMALL_POLICY);
    expect(p.ok).toBe(false);
    if (p.ok) return;
    const at = p.issues.map((i) => [i.line, i.field]);
    expect(at).toContainEqual([3, 'p_*']);
    expect(at).toContainEqual([4, 'case_id']);
    expect(at).toContainEqual([6, 'label']);
  });

  it('CRLF and CR line breaks count as an editor counts them', () => {
    const bad = SMALL.replace('e2,evaluation,b,0.6,0.3,0.1', 'e2,evaluation,b,0.6,0.3,x');
    for (const nl of ['\r\n', '\r']) {
      const p = parseMc(bad.replace(/\n/g, nl), SMALL_POLICY);
      expect(!p.ok && p.issues[0]).toMatchObject({ line: 6, field: 'p_c' });
    }
  });

  it('JSONL: probs as an object names probs.<class>; an array needs the policy classes', () => {
    const lines = [
      '{"case_id":"c1","split":"calibration","label":"a","probs":{"a":0.6,"b":0.4}}',
      '{"case_id":"e1","split":"evaluation","label":"b","probs":{"a":0.6,"b":-0.4}}',
    ].join('\n');
    const p = parseMc(lines, '{}');
    expect(!p.ok && p.issues[0]).toMatchObject({ line: 2, field: 'probs.b' });
    const arr = '{"case_id":"c1","split":"calibration","label":"a","probs":[0.6,0.4]}';
    const q = parseMc(arr, '{}');
    expect(!q.ok && q.issues[0]).toMatchObject({ line: 1, field: 'probs' });
  });

  it('policy classes fix the columns: a missing p_ column is on the header line', () => {
    const p = parseMc(SMALL, JSON.stringify({ classes: ['a', 'b', 'c', 'd'] }), 'es');
    expect(!p.ok && p.issues[0]).toMatchObject({ line: 1, field: 'p_d' });
  });
});

describe('K-class engine by hand', () => {
  const r = runMulticlass(small(), { calibrator: 'temperature' });
  const raw = r.calibrators.find((s) => s.type === 'raw')!;

  it('raw metrics on the evaluation split (one bin)', () => {
    // confidences 0.7 (right) and 0.6 (wrong): one bin, |0.65 − 0.5| = 0.15
    expect(raw.evaluation.top_label_ece).toBeCloseTo(0.15, 12);
    // Brier summed over classes: e1 0.3² + 0.2² + 0.1² = 0.14; e2 0.6² + 0.7² + 0.1² = 0.86
    expect(raw.evaluation.brier).toBeCloseTo(0.5, 12);
    expect(raw.evaluation.log_loss).toBeCloseTo(-(Math.log(0.7) + Math.log(0.3)) / 2, 12);
    expect(raw.evaluation.accuracy).toBe(0.5);
  });

  it('LAC at alpha 0.5: q is the 2nd of 3 scores (0.3, 0.5, 0.5); coverage per class, an absent class undefined', () => {
    const c = raw.conformal.lac;
    expect(c.rank).toBe(2);
    expect(c.q).toBeCloseTo(0.5, 12);
    // sets {a} and {a}: e1 covered, e2 (true b, p_b 0.3) not
    expect(c.coverage).toBe(0.5);
    expect(c.mean_set_size).toBe(1);
    expect(c.per_class.map((p) => p.coverage)).toEqual([1, 0, null]);
    expect(c.min_class_coverage).toBeNull();
    expect(c.min_class_coverage_reason).toBe('class_without_evaluation_cases');
  });

  it('AURC: risks 0 then 1/2 -> 0.25; the oracle order is the same, E-AURC 0', () => {
    expect(raw.selective.aurc).toBeCloseTo(0.25, 12);
    expect(raw.selective.e_aurc).toBeCloseTo(0, 12);
  });

  it('the gate fails closed on the undefined per-class coverage, with its reason', () => {
    expect(r.decision.verdict).toBe('fail');
    expect(r.decision.reasons).toContain('class_coverage_undefined');
    const chk = r.checks.find((k) => k.id === 'min_class_coverage')!;
    expect(chk.status).toBe('undefined');
    expect(r.undefined_metrics.min_class_coverage).toBe('class_without_evaluation_cases');
  });

  it('a binary calibrator name is a view error', () => {
    expect(() => runMulticlass(small(), { calibrator: 'platt' })).toThrow();
  });
});

describe('one manifest entry for both shapes: runner, report and CLI', () => {
  it('the runner gives the K-class result and decision.md in both languages; the view picks LAC or APS', async () => {
    const runner = createRunner();
    for (const lang of ['es', 'en'] as const) {
      const out = await runner.run('calibration', { cases: DIGITS, policy: DIGITS_POLICY }, lang, { conformal_method: 'lac' });
      expect(out.ok).toBe(true);
      if (!out.ok) continue;
      const res = out.result as MulticlassResult;
      expect(res.kind).toBe('multiclass');
      expect(res.conformal.method).toBe('lac');
      expect(res.counts.calibration + res.counts.evaluation).toBe(1258);
      expect(out.report).toContain(lang === 'es' ? 'Predicción selectiva' : 'Selective prediction');
      expect(out.report).toContain('(LAC)');
    }
  });

  it('the binary result carries selective prediction too (AURC, E-AURC in the metrics)', async () => {
    const out = await createRunner().run('calibration', { cases: KIT, policy: readFileSync('labs/calibration/presets/calibration_policy.json', 'utf8') }, 'en');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const res = out.result as CalibrationResult;
    expect(res.kind).toBe('binary');
    expect(res.selective.n).toBe(res.counts.evaluation);
    expect(res.metrics.aurc).toBe(res.selective.aurc);
    expect(res.selective.points.at(-1)!.coverage).toBe(1);
  });

  it('the CLI runs the K-class preset through the same lab id', { timeout: 60_000 }, () => {
    const r = spawnSync(process.execPath, ['labs/cli.ts', 'calibration', '--cases', 'labs/calibration/presets/digits_gnb.csv', '--policy', 'labs/calibration/presets/digits_gnb_policy.en.json', '--format', 'md', '--lang', 'en'], { encoding: 'utf8' });
    expect(r.stdout).toContain('# Calibration decision with K classes');
    expect(r.stdout).toContain('## Selective prediction');
  });
});
