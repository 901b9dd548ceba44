/**
 * The calibration lab on the chapter 05 preset against what the kit's script printed
 * (../shared/reference/c05/output). Values are compared after the kit's rounding (4 decimals;
 * 6 for the calibrator mapping). Deliberate differences, pinned below:
 * - the lab keeps numbers unrounded (q = 2/3, not 0.6667; mapping 1/6, not 0.166667);
 * - a singleton conformal set automates only towards the label it holds (the kit's `decide`
 *   ignores which label it is): same recommended pair here, different decisions for low >= 0.85;
 * - q is never clamped: +Infinity when ceil((n+1)(1-alpha)) > n (the kit uses rank min(n, ...));
 * - the conformal sets never reuse the cases that fitted the calibrator (the kit scores its own
 *   calibration cases, which breaks the coverage guarantee): the lab fits a copy of the calibrator
 *   on the 1st, 3rd, ... calibration cases and takes q from the 2nd, 4th, ... (10 + 10 here). So the
 *   kit's q, risk-coverage curve, recommended pair and decision are reproduced below by the lab's
 *   own functions (scanGrid, pickPair, riskCoverage) fed with the kit's same-cases sets, and the
 *   engine's new values are pinned separately (q 0.75 = the largest of 10 scores, every set full,
 *   no feasible pair: the gate fails on this preset with the histogram calibrator);
 * - the text's "Qué deberías ver" (bins 6, low 0.15, high 0.75) is not the script's output; the
 *   script is the reference.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lab as calibrationLab } from '../../labs/calibration/lab.ts';
import { pickPair, riskCoverage, runCalibration, scanGrid } from '../../labs/calibration/engine.ts';
import { splitIndex } from '../../labs/calibration/columns.ts';
import { applyCalibrator, fitCalibrator } from '../../labs/core/stats/calibrators.ts';
import { conformalThreshold, evaluateConformal, nonconformityScores } from '../../labs/core/stats/conformal.ts';
import type { CalibrationInput } from '../../labs/calibration/schema.ts';

const REF = new URL('../../../shared/reference/c05', import.meta.url).pathname;
const kitReport = JSON.parse(readFileSync(`${REF}/output/calibration_report.json`, 'utf8'));
const kitManifest = JSON.parse(readFileSync(`${REF}/output/calibration_manifest.json`, 'utf8'));

function load(): CalibrationInput {
  const texts = {
    cases: readFileSync(`${REF}/evals/calibration_cases.csv`, 'utf8'),
    policy: readFileSync(`${REF}/policies/calibration_policy.json`, 'utf8'),
  };
  const p = calibrationLab.parse(texts, 'es');
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  if (p.value.kind === 'multiclass') throw new Error('the kit file was read as K classes');
  return p.value;
}

const r4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

const input = load();
// through the lab module (its async run adds the SHA-256 of the inputs to the manifest)
const heavy = await calibrationLab.run(input, {});
const selected = calibrationLab.select(heavy, {});
if (selected.kind === 'multiclass') throw new Error('the kit file gave a K-class result');
const res = selected;

/**
 * The kit's conformal rule, on arrays: the calibrator fitted on the whole calibration split scores
 * those same cases (the rule the lab no longer uses; see the header), then the lab's own grid,
 * pick and risk-coverage functions on its sets.
 */
function kitRule(inp: CalibrationInput, bins: number) {
  const cal = splitIndex(inp.cases, 0);
  const ev = splitIndex(inp.cases, 1);
  const calS = Float64Array.from(cal, (i) => inp.cases.raw_score[i]);
  const calY = Float64Array.from(cal, (i) => inp.cases.label[i]);
  const evS = Float64Array.from(ev, (i) => inp.cases.raw_score[i]);
  const evY = Float64Array.from(ev, (i) => inp.cases.label[i]);
  const fit = fitCalibrator('histogram_laplace', calS, calY, bins);
  const pEv = applyCalibrator(fit, evS);
  const thr = conformalThreshold(nonconformityScores(applyCalibrator(fit, calS), calY), inp.policy.alpha);
  const sets = evaluateConformal(pEv, evY, thr.q);
  const grid = scanGrid(pEv, sets.masks, evY, inp.policy);
  return { thr, pEv, evY, masks: sets.masks, grid, pick: pickPair(grid), risk: riskCoverage(pEv, sets.masks, evY, inp.policy), evIds: Array.from(ev, (i) => inp.cases.case_id[i]) };
}
const kit5 = kitRule(input, 5);

describe('calibration lab vs the c05 kit output', () => {

  it('the preset files are the kit files', () => {
    expect(readFileSync('labs/calibration/presets/calibration_cases.csv', 'utf8')).toBe(readFileSync(`${REF}/evals/calibration_cases.csv`, 'utf8'));
    expect(readFileSync('labs/calibration/presets/calibration_policy.json', 'utf8')).toBe(readFileSync(`${REF}/policies/calibration_policy.json`, 'utf8'));
  });

  for (const block of ['raw_metrics', 'calibrated_metrics'] as const) {
    it(`${block}: brier, log_loss, ece and the reliability table`, () => {
      const mine = res[block];
      const kit = kitReport[block];
      expect(r4(mine.brier)).toBe(kit.brier);
      expect(r4(mine.log_loss)).toBe(kit.log_loss);
      expect(r4(mine.ece)).toBe(kit.ece);
      expect(mine.reliability.length).toBe(kit.reliability.length);
      mine.reliability.forEach((row, k) => {
        const kr = kit.reliability[k];
        expect(row.bin).toBe(kr.bin);
        expect(row.range.map((x) => Math.round(x * 100) / 100)).toEqual(kr.range);
        expect(row.count).toBe(kr.count);
        expect(r4(row.confidence)).toBe(kr.confidence);
        expect(r4(row.accuracy)).toBe(kr.accuracy);
        expect(r4(row.gap)).toBe(kr.gap);
      });
    });
  }

  it('calibrator: histogram_laplace, 5 bins, mapping (rounded to 6 like the kit)', () => {
    expect(res.calibrator.type).toBe(kitReport.calibrator.type);
    expect(res.calibrator.bins).toBe(kitReport.calibrator.bins);
    expect(res.calibrator.mapping.map((m) => ({ ...m, calibrated_probability: r6(m.calibrated_probability) }))).toEqual(kitReport.calibrator.mapping);
    // deliberate difference: unrounded inside
    expect(res.calibrator.mapping[0].calibrated_probability).toBe(1 / 6);
  });

  it('conformal: alpha and target coverage are the kit\'s; the kit\'s q (rank 19 of 20, same cases) by the kit rule', () => {
    expect(res.conformal.alpha).toBe(kitReport.conformal.alpha);
    expect(r4(res.conformal.target_coverage)).toBe(kitReport.conformal.target_coverage);
    expect(r4(kit5.thr.q)).toBe(kitReport.conformal.q);
    expect(kit5.thr.rank).toBe(19);
  });

  it('conformal, the lab (corrected): 10 cases fit the calibrator, 10 give q = the largest score (rank 10 of 10); every set is full', () => {
    expect(res.conformal.split_rule).toBe('alternate_file_order');
    expect([res.conformal.n_fit, res.conformal.n_quantile, res.conformal.n_calibration, res.conformal.rank]).toEqual([10, 10, 10, 10]);
    expect(res.conformal.q).toBe(0.75);
    expect(res.conformal.set_size_counts).toEqual({ '0': 0, '1': 0, '2': 20 });
    expect(res.conformal.coverage).toBe(1);
  });

  it('risk-coverage curve (kit keys): the kit\'s, from the kit rule\'s sets', () => {
    expect(kit5.risk.map(({ min_confidence, coverage, risk, accepted }) => ({ min_confidence, coverage: r4(coverage), risk: r4(risk), accepted }))).toEqual(kitReport.risk_coverage_curve);
    // the lab: every set is full, nothing is accepted at any confidence
    expect(res.risk_coverage_curve.every((x) => x.accepted === 0)).toBe(true);
  });

  it('recommended policy: low 0.2, high 0.8, cost 11.6, decisions (kit rule); the lab finds no feasible pair', () => {
    const rec = kit5.pick.best;
    const kit = kitReport.recommended_policy;
    expect(rec.low).toBe(kit.low);
    expect(rec.high).toBe(kit.high);
    expect(r4(rec.cost)).toBe(kit.cost);
    expect(r4(rec.review_rate)).toBe(kit.review_rate);
    expect(r4(rec.auto_coverage)).toBe(kit.auto_coverage);
    expect(r4(rec.auto_error_rate)).toBe(kit.auto_error_rate);
    expect(rec.confusion_auto).toEqual(kit.confusion_auto);
    expect(rec.passes).toBe(kit.passes);
    expect(res.recommended_policy.passes).toBe(false);
    expect(res.recommended_policy.feasible_pairs).toBe(0);
    expect(res.recommended_policy.review_rate).toBe(1);
  });

  it('ties are reported: 78 of 171 pairs feasible, all 78 at cost 11.6 (reference README, derived; kit rule)', () => {
    expect(res.policy_grid.length).toBe(171);
    expect(kit5.pick.feasible).toBe(78);
    expect(kit5.pick.tiesCost).toBe(78);
  });

  it('manifest: the kit keys and values (plus hashes and evaluated triggers)', () => {
    const m = res.manifest as Record<string, any>;
    for (const key of Object.keys(kitManifest)) expect(m).toHaveProperty(key);
    for (const key of ['model_version', 'score_name', 'score_semantics', 'calibrator_type', 'calibrator_version', 'policy_version', 'owner', 'valid_slices', 'observed_slices', 'known_bad_slices', 'dataset_counts', 'recalibration_triggers']) {
      expect(m[key]).toEqual(kitManifest[key]);
    }
    // the limits are the kit's; `passes` is not (the kit's pass came from its same-cases sets)
    expect({ ...m.quality_gate, passes: kitManifest.quality_gate.passes }).toEqual(kitManifest.quality_gate);
    expect(m.quality_gate.passes).toBe(false);
    for (const key of Object.keys(kitManifest.metrics)) expect(r4(m.metrics[key])).toBe(kitManifest.metrics[key]);
    expect(m.conformal).toMatchObject({ split_rule: 'alternate_file_order', n_fit: 10, n_quantile: 10 });
    // sha256sum of the kit's files
    expect(m.input_sha256.cases).toBe(createHash('sha256').update(readFileSync(`${REF}/evals/calibration_cases.csv`)).digest('hex'));
    expect(m.input_sha256.policy).toBe(createHash('sha256').update(readFileSync(`${REF}/policies/calibration_policy.json`)).digest('hex'));
  });

  it('the gate fails on this preset (no feasible pair with full sets); decision.md says so in both languages; the kit passed', () => {
    expect(kitManifest.quality_gate.passes).toBe(true);
    expect(res.decision.verdict).toBe('fail');
    expect(res.decision.reasons[0]).toBe('no_feasible_pair');
    for (const lang of ['es', 'en'] as const) {
      const md = calibrationLab.report(res, lang);
      expect(md).toContain('histogram_laplace');
      expect(md).toContain('0.75');
    }
  });

  it('temperature (one parameter, fitted on 10 cases) keeps sets informative and passes', () => {
    const t = calibrationLab.select(heavy, { calibrator: 'temperature' });
    if (t.kind === 'multiclass') throw new Error('unexpected');
    expect(t.conformal.set_size_counts['1']).toBeGreaterThan(0);
    expect(t.decision.verdict).toBe('pass');
  });

  it('deliberate difference: a singleton set automates only towards its own label (kit rule sets)', () => {
    // Kit rule on pair (0.85, 0.9): bin-4 cases (p = 5/6, set {urgente}) have p <= 0.85 and the kit
    // labels them "normal". The lab's rule sends them to review.
    const pair = kit5.grid.find((x) => x.low === 0.85 && x.high === 0.9)!;
    // lab rule: only the 3 bin-0 cases (p = 1/6, set {normal}) are automated, all correct (TN 3)
    expect(pair.automated).toBe(3);
    expect(pair.confusion_auto).toEqual({ tp: 0, fp: 0, fn: 0, tn: 3 });
    // the kit would automate 3 + 5 = 8 with 4 false negatives (hand count from the printed data)
    const kitAuto = Array.from(kit5.pEv).map((p, i) => ({ p, set: kit5.masks[i], label: kit5.evY[i] })).filter((c) => c.set !== 3 && (c.p <= 0.85 || c.p >= 0.9));
    expect(kitAuto.length).toBe(8);
    expect(kitAuto.filter((c) => c.label === 1).length).toBe(4);
  });

  it("text vs script: with the text's 6 bins no pair is feasible and coverage at 0.5 is 0.35 (reference README; kit rule)", () => {
    const six = kitRule(input, 6);
    expect(six.pick.best.passes).toBe(false);
    expect(six.risk[0].coverage).toBe(0.35);
    expect(runCalibration(input, { bins: 6 }).decision.verdict).toBe('fail');
    // and the text's (0.15, 0.75) on the script's 5 bins reviews 75% of cases > 60%
    const pair = kit5.grid.find((x) => x.low === 0.15 && x.high === 0.75)!;
    expect(pair.review_rate).toBe(0.75);
    expect(pair.passes).toBe(false);
  });

  it('scanGrid is the lab rule on arrays (sanity: every case reviewed when every set is full)', () => {
    const g = scanGrid([0.1, 0.9], [3, 3], [0, 1], input.policy);
    expect(g.every((x) => x.reviewed === 2 && x.auto_error_rate === null && !x.passes)).toBe(true);
  });
});

/**
 * The English page's preset (calibration_cases.en.csv, calibration_policy.en.json): the same 40
 * tickets (ids, splits, scores and 0/1 labels untouched) with the slice names, label names, owner
 * and score description translated. Expected values: the kit's printed report and manifest, with
 * their Spanish names put through this dictionary.
 */
const KIT_TO_EN: Record<string, string> = {
  becas: 'grants',
  matricula: 'enrollment',
  urgente: 'urgent',
  'equipo-ia': 'ai-team',
  'probabilidad de que el ticket requiera prioridad urgente': 'probability that the ticket needs urgent priority',
};
const toEn = (s: string) => KIT_TO_EN[s] ?? s;

const enTexts = {
  cases: readFileSync('labs/calibration/presets/calibration_cases.en.csv', 'utf8'),
  policy: readFileSync('labs/calibration/presets/calibration_policy.en.json', 'utf8'),
};
const enParsed = calibrationLab.parse(enTexts, 'en');
if (!enParsed.ok) throw new Error(JSON.stringify(enParsed.issues));
const selectedEn = calibrationLab.select(await calibrationLab.run(enParsed.value, {}), {});
if (selectedEn.kind === 'multiclass') throw new Error('the English kit file gave a K-class result');
const resEn = selectedEn;

describe('calibration lab: the c05 kit in English (the English page\'s preset)', () => {
  const texts = enTexts;

  it('the same rows with translated slices; the Spanish files stay selectable on the English page', async () => {
    const rows = (t: string) => t.trim().split('\n').map((l) => l.split(','));
    const es = rows(readFileSync(`${REF}/evals/calibration_cases.csv`, 'utf8'));
    const en = rows(texts.cases);
    expect(en).toEqual(es.map((r, i) => (i === 0 ? r : [...r.slice(0, 4), toEn(r[4])])));
    expect(texts.policy).not.toMatch(/urgente|equipo|becas|matricula|probabilidad/);
    const { calibrationMeta } = await import('../../labs/calibration/meta.ts');
    expect(calibrationMeta.presets.find((x) => x.id === 'kit')!.files.en).toEqual({ cases: 'calibration_cases.en.csv', policy: 'calibration_policy.en.json' });
    const original = calibrationMeta.presets.find((x) => x.id === 'kit_es')!;
    expect(original.langs).toEqual(['en']);
    expect(original.files.en).toEqual({ cases: 'calibration_cases.csv', policy: 'calibration_policy.json' });
  });

  it('metrics, calibrator, conformal, risk-coverage and the recommended policy are the kit\'s', () => {
    for (const block of ['raw_metrics', 'calibrated_metrics'] as const) {
      expect(r4(resEn[block].brier)).toBe(kitReport[block].brier);
      expect(r4(resEn[block].log_loss)).toBe(kitReport[block].log_loss);
      expect(r4(resEn[block].ece)).toBe(kitReport[block].ece);
      resEn[block].reliability.forEach((row, k) => expect([row.count, r4(row.confidence), r4(row.accuracy)]).toEqual([kitReport[block].reliability[k].count, kitReport[block].reliability[k].confidence, kitReport[block].reliability[k].accuracy]));
    }
    expect(resEn.calibrator.mapping.map((m) => ({ ...m, calibrated_probability: r6(m.calibrated_probability) }))).toEqual(kitReport.calibrator.mapping);
    // conformal-dependent values: the kit's by the kit rule (see the header); the lab's equal the Spanish preset's
    const kitEn = kitRule(enParsed.value as CalibrationInput, 5);
    expect(r4(kitEn.thr.q)).toBe(kitReport.conformal.q);
    expect(kitEn.risk.map(({ min_confidence, coverage, risk, accepted }) => ({ min_confidence, coverage: r4(coverage), risk: r4(risk), accepted }))).toEqual(kitReport.risk_coverage_curve);
    const rec = kitEn.pick.best;
    const kit = kitReport.recommended_policy;
    expect([rec.low, rec.high, r4(rec.cost), r4(rec.review_rate), r4(rec.auto_coverage), r4(rec.auto_error_rate), rec.passes]).toEqual([kit.low, kit.high, kit.cost, kit.review_rate, kit.auto_coverage, kit.auto_error_rate, kit.passes]);
    expect(rec.confusion_auto).toEqual(kit.confusion_auto);
    expect([resEn.conformal.q, resEn.conformal.n_quantile, resEn.recommended_policy.passes]).toEqual([res.conformal.q, res.conformal.n_quantile, res.recommended_policy.passes]);
    expect(resEn.decision).toEqual(res.decision);
  });

  it('manifest: the kit\'s values, names translated', () => {
    const m = resEn.manifest as Record<string, any>;
    for (const key of ['model_version', 'score_name', 'calibrator_type', 'calibrator_version', 'policy_version', 'known_bad_slices', 'dataset_counts', 'recalibration_triggers']) expect(m[key]).toEqual(kitManifest[key]);
    expect({ ...m.quality_gate, passes: kitManifest.quality_gate.passes }).toEqual(kitManifest.quality_gate);
    expect(m.owner).toBe(toEn(kitManifest.owner));
    expect(m.score_semantics).toBe(toEn(kitManifest.score_semantics));
    expect(m.valid_slices).toEqual(kitManifest.valid_slices.map(toEn));
    // observed slices are listed in sorted order, so the translated names sort differently
    expect(m.observed_slices).toEqual(kitManifest.observed_slices.map(toEn).sort());
    for (const key of Object.keys(kitManifest.metrics)) expect(r4(m.metrics[key])).toBe(kitManifest.metrics[key]);
  });
});
