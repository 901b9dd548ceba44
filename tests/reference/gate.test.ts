/**
 * The eval-gate lab against the book's c01 kit (../shared/reference/c01: the kit's inputs and the
 * scorecard and decision.md its script printed). Deliberate differences are pinned here:
 *   - decision.reasons gains 'critical_slice_below_threshold' (the kit ignores critical_slices;
 *     the preset's critical slice sin_evidencia has candidate quality 0 < 0.85);
 *   - decision.warnings = ['not_enough_evidence'] (the CI crosses the hypothesis's 0.05);
 *   - per-case `reason` and paired `note` are codes instead of Spanish sentences;
 *   - numbers are unrounded (compared here at the kit's 4 decimals);
 *   - computed_hashes has outputs_sha256 besides the kit's four.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseGateInput } from '../../labs/gate/schema.ts';
import { runGate } from '../../labs/gate/engine.ts';
import type { GateResult } from '../../labs/gate/engine.ts';
import { computeManifestHashes, withManifestHashes } from '../../labs/gate/lab.ts';
import { renderGateReport, fmtNumber } from '../../labs/gate/report.ts';
import { GATE_EN_ID } from '../helpers/gate_ids.ts';
import { gateMeta } from '../../labs/gate/meta.ts';
const gatePresetFiles = gateMeta.presets[0].files.es;

const REF = new URL('../../../shared/reference/c01/', import.meta.url);
const PRESET = new URL('../../labs/gate/presets/', import.meta.url);
const read = (base: URL, p: string) => readFileSync(new URL(p, base), 'utf8');

const FILES = {
  cases: 'evals/eval_cases.jsonl',
  outputs: 'evals/outputs.jsonl',
  policy: 'ops/ai/eval_policy.json',
  hypothesis: 'evals/eval_hypothesis.json',
  taxonomy: 'ops/ai/error_taxonomy.json',
  manifest: 'ops/ai/eval_run_manifest.json',
} as const;

const texts: Record<string, string> = Object.fromEntries(Object.entries(FILES).map(([k, p]) => [k, read(REF, p)]));
const kit = JSON.parse(read(REF, 'output/eval_scorecard.json'));
const kitDecisionMd = read(REF, 'output/decision.md');
const textSnippet = JSON.parse(read(REF, 'expected_from_text.json')).text_snippet;

let result: GateResult;
{
  const parsed = parseGateInput(texts, 'es');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  result = runGate(parsed.value);
}

const KIT_REASON: Record<string, string> = {
  'contiene términos esperados': 'contains_expected',
  'abstención correcta': 'abstained',
  'debía abstenerse y respondió': 'answered_instead_of_abstaining',
};

/** Every key path of `a` (objects recursively, arrays by index) exists in `b`. */
function missingKeys(a: unknown, b: unknown, path = ''): string[] {
  if (a === null || typeof a !== 'object') return [];
  if (b === null || typeof b !== 'object') return [path || '(root)'];
  const out: string[] = [];
  for (const [k, v] of Object.entries(a as Record<string, unknown>)) {
    const p = path ? `${path}.${k}` : k;
    if (!(k in (b as Record<string, unknown>))) out.push(p);
    else out.push(...missingKeys(v, (b as Record<string, unknown>)[k], p));
  }
  return out;
}

describe('c01 kit: eval_runner.py', () => {
  it('the preset files are byte-identical to the kit inputs', () => {
    const preset: Record<string, string> = gatePresetFiles;
    expect(Object.keys(preset).sort()).toEqual(Object.keys(FILES).sort());
    for (const [k, f] of Object.entries(preset)) expect(read(PRESET, f)).toBe(texts[k]);
  });

  it('the scorecard is a key superset of the kit scorecard', async () => {
    const withHashes = withManifestHashes(result, await computeManifestHashes(texts));
    expect(missingKeys(kit, withHashes)).toEqual([]);
  });

  it('echoes: eval name, hypothesis, manifest, policy, taxonomy version', async () => {
    expect(result.eval_name).toBe(kit.eval_name);
    expect(result.hypothesis).toEqual(kit.hypothesis);
    expect(result.policy).toMatchObject(kit.policy);
    expect(result.taxonomy_version).toBe(kit.taxonomy_version);
    const { computed_hashes: kitHashes, ...kitManifest } = kit.manifest;
    const withHashes = withManifestHashes(result, await computeManifestHashes(texts));
    expect(withHashes.manifest).toMatchObject(kitManifest);
    // same SHA-256 as the kit's file hashes; outputs_sha256 is ours
    expect(withHashes.manifest!.computed_hashes).toMatchObject(kitHashes);
    expect(Object.keys(withHashes.manifest!.computed_hashes!)).toEqual([...Object.keys(kitHashes), 'outputs_sha256']);
  });

  for (const version of ['baseline', 'candidate'] as const) {
    it(`${version}: summary values`, () => {
      const got = result[version];
      const want = kit[version];
      expect(got.name).toBe(want.name);
      expect(got.weighted_quality).toBeCloseTo(want.weighted_quality, 12);
      for (const k of ['passed_cases', 'total_cases', 'critical_failures', 'accepted_cases'] as const) expect(got[k]).toBe(want[k]);
      expect(fmtNumber(got.total_cost_eur)).toBe(String(want.total_cost_eur));
      expect(fmtNumber(got.cost_per_accepted_eur)).toBe(String(want.cost_per_accepted_eur));
      expect(got.error_summary).toEqual(want.error_summary);
    });

    it(`${version}: per-case results (reason as a code)`, () => {
      const got = result[version].results;
      expect(got.map((r) => r.case_id)).toEqual(want().map((r) => r.case_id));
      got.forEach((r, i) => {
        const w = want()[i];
        const { reason, ...rest } = w;
        expect(r).toMatchObject(rest);
        if (reason.startsWith('faltan términos: ')) {
          expect(r.reason).toBe('missing_terms');
          // the kit prints a Python list repr of the missing terms
          expect(`faltan términos: [${r.missing_terms.map((m) => `'${m}'`).join(', ')}]`).toBe(reason);
        } else expect(r.reason).toBe(KIT_REASON[reason]);
      });
      function want(): { case_id: string; reason: string }[] {
        return kit[version].results;
      }
    });
  }

  it('delta, bootstrap CI (seed 13, 2000 rounds), paired comparison, McNemar', () => {
    expect(result.delta_quality).toBeCloseTo(kit.delta_quality, 12);
    expect(result.bootstrap_delta_quality_ci95!.map((x) => fmtNumber(x))).toEqual(kit.bootstrap_delta_quality_ci95.map(String));
    const { note, mcnemar_chi2_continuity, ...pairedRest } = kit.paired_comparison;
    expect(result.paired_comparison).toMatchObject(pairedRest);
    expect(result.paired_comparison.mcnemar_chi2_continuity).toBe(mcnemar_chi2_continuity);
    expect(typeof note).toBe('string');
    expect(result.paired_comparison.note).toBe('small_sample_signal');
    expect(result.regressions).toEqual(kit.regressions);
    expect(result.improvements).toEqual(kit.improvements);
  });

  it('decision: the kit verdict, owner and rollback; its reasons in order, plus the critical slice', () => {
    expect(result.decision.decision).toBe(kit.decision.decision);
    expect(result.decision.verdict).toBe('fail');
    expect(result.decision.owner).toBe(kit.decision.owner);
    expect(result.decision.rollback).toBe(kit.decision.rollback);
    expect(result.decision.reasons.slice(0, kit.decision.reasons.length)).toEqual(kit.decision.reasons);
    // deliberate difference: critical_slices is used
    expect(result.decision.reasons).toEqual([...kit.decision.reasons, 'critical_slice_below_threshold']);
    expect(result.decision.warnings).toEqual(['not_enough_evidence']);
    expect(result.evidence).toMatchObject({ minimum_interpretable_delta: 0.05, status: 'inconclusive' });
  });

  it('matches the "Qué deberías ver" snippet of the chapter', () => {
    expect(result.delta_quality).toBeCloseTo(textSnippet.delta_quality, 12);
    expect(result.bootstrap_delta_quality_ci95!.map((x) => Number(fmtNumber(x)))).toEqual(textSnippet.bootstrap_delta_quality_ci95);
    expect(result.paired_comparison).toMatchObject(textSnippet.paired_comparison);
    expect(result.regressions).toEqual(textSnippet.regressions);
    expect(result.decision).toMatchObject({ decision: 'fail', owner: textSnippet.decision.owner, rollback: textSnippet.decision.rollback });
  });

  it('decision.md (es) carries the values of the kit decision.md', () => {
    const md = renderGateReport(result, 'es');
    const field = (label: string) => kitDecisionMd.match(new RegExp(`- ${label}: (.*)`))![1];
    expect(md).toContain(`\`${kit.eval_name}\``);
    expect(md).toContain(field('Cambio'));
    expect(md).toContain(field('Decisión'));
    expect(md).toContain(field('Delta quality'));
    expect(md).toContain(field('IC bootstrap 95%').replace(/`/g, ''));
    for (const id of [...kit.improvements, ...kit.regressions, ...kit.decision.reasons]) expect(md).toContain(`\`${id}\``);
  });
});

/**
 * The English page's preset (labs/gate/presets/*.en.*): the kit's cases, answers, expected terms,
 * abstention markers, slices and policy texts translated together, so that every figure is the
 * kit's. Expected values: the kit's scorecard above, with its Spanish names (slices, texts and
 * case ids) put through this dictionary (written by hand from the translation; numbers are untouched).
 */
const KIT_TO_EN: Record<string, string> = {
  ...GATE_EN_ID,
  matricula: 'enrollment',
  becas: 'grants',
  sin_evidencia: 'no_evidence',
  servicios: 'services',
  soporte: 'support',
  'equipo-ia': 'ai-team',
  'mantener baseline y convertir el fallo en caso de regresión': 'keep the baseline and turn the failure into a regression case',
  biblioteca: 'library',
  formulario: 'form',
  asistente_alumnado_release_gate: 'student_assistant_release_gate',
};
const en = (s: string) => KIT_TO_EN[s] ?? s;

describe('c01 kit in English (the English page\'s preset)', () => {
  const enFiles = gateMeta.presets[0].files.en;
  const enTexts: Record<string, string> = Object.fromEntries(Object.entries(enFiles).map(([k, f]) => [k, read(PRESET, f)]));
  const parsed = parseGateInput(enTexts, 'en');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const r = runGate(parsed.value);

  it('is a translation in separate files; the textbook\'s Spanish files stay selectable on the English page', () => {
    for (const [k, f] of Object.entries(enFiles)) {
      expect(f).toMatch(/\.en\.[a-z]+$/);
      expect(enTexts[k]).not.toBe(texts[k]);
    }
    const original = gateMeta.presets.find((p) => p.id === 'kit_es')!;
    expect(original.langs).toEqual(['en']);
    expect(original.label.en).toBe("the textbook's original Spanish data");
    for (const [k, f] of Object.entries(original.files.en)) expect(read(PRESET, f)).toBe(texts[k]);
  });

  it('no Spanish text is left, case ids included (issue 23: the English preset showed sin_evidencia_001)', () => {
    const spanish = /matr[ií]cula|beca|evidencia|documentación|equipo|mantener|biblioteca|formulario|soporte|servicios|plazo|horario|asistente|respuesta/i;
    for (const [k, t] of Object.entries(enTexts)) expect(t, k).not.toMatch(spanish);
  });

  it('eval name, policy texts and the taxonomy version', () => {
    expect(r.eval_name).toBe(en(kit.eval_name));
    expect(r.policy.critical_slices).toEqual(kit.policy.critical_slices.map(en));
    expect(r.policy.decision_owner).toBe(en(kit.policy.decision_owner));
    expect(r.policy.rollback).toBe(en(kit.policy.rollback));
    expect(r.taxonomy_version).toBe(kit.taxonomy_version);
    expect(r.hypothesis?.minimum_interpretable_delta).toBe(kit.hypothesis.minimum_interpretable_delta);
  });

  for (const version of ['baseline', 'candidate'] as const) {
    it(`${version}: the kit's summary and per-case results`, () => {
      const got = r[version];
      const want = kit[version];
      expect(got.weighted_quality).toBeCloseTo(want.weighted_quality, 12);
      for (const k of ['passed_cases', 'total_cases', 'critical_failures', 'accepted_cases'] as const) expect(got[k]).toBe(want[k]);
      expect(fmtNumber(got.total_cost_eur)).toBe(String(want.total_cost_eur));
      expect(fmtNumber(got.cost_per_accepted_eur)).toBe(String(want.cost_per_accepted_eur));
      expect(got.error_summary).toEqual(want.error_summary);
      const rows = want.results as { case_id: string; slice: string; passed: boolean; critical_failure: boolean; cost_ok: boolean; error_type: string; cost_eur: number; weight: number; reason: string }[];
      expect(got.results.map((x) => x.case_id)).toEqual(rows.map((x) => en(x.case_id)));
      got.results.forEach((x, i) => {
        const w = rows[i];
        expect({ slice: x.slice, passed: x.passed, critical_failure: x.critical_failure, cost_ok: x.cost_ok, error_type: x.error_type, cost_eur: x.cost_eur, weight: x.weight })
          .toEqual({ slice: en(w.slice), passed: w.passed, critical_failure: w.critical_failure, cost_ok: w.cost_ok, error_type: w.error_type, cost_eur: w.cost_eur, weight: w.weight });
        if (w.reason.startsWith('faltan términos: ')) {
          expect(x.reason).toBe('missing_terms');
          const kitTerms = [...w.reason.matchAll(/'([^']*)'/g)].map((m) => m[1]);
          expect(x.missing_terms).toEqual(kitTerms.map(en));
        } else expect(x.reason).toBe(KIT_REASON[w.reason]);
      });
    });
  }

  it('delta, bootstrap CI, paired comparison, McNemar, regressions and improvements', () => {
    expect(r.delta_quality).toBeCloseTo(kit.delta_quality, 12);
    expect(r.bootstrap_delta_quality_ci95!.map((x) => fmtNumber(x))).toEqual(kit.bootstrap_delta_quality_ci95.map(String));
    const { note, ...pairedRest } = kit.paired_comparison;
    expect(r.paired_comparison).toMatchObject(JSON.parse(JSON.stringify(pairedRest), (_k, v: unknown) => (typeof v === 'string' ? en(v) : v)));
    expect(typeof note).toBe('string');
    expect(r.paired_comparison.note).toBe('small_sample_signal');
    expect(r.regressions).toEqual(kit.regressions.map(en));
    expect(r.improvements).toEqual(kit.improvements.map(en));
  });

  it('decision: the same verdict, reasons and warnings as in Spanish; owner and rollback translated', () => {
    expect(r.decision.decision).toBe(kit.decision.decision);
    expect(r.decision.reasons).toEqual([...kit.decision.reasons, 'critical_slice_below_threshold']);
    expect(r.decision.warnings).toEqual(['not_enough_evidence']);
    expect(r.decision.owner).toBe(en(kit.decision.owner));
    expect(r.decision.rollback).toBe(en(kit.decision.rollback));
  });

  it('the translation keeps the figures under the chapter\'s edits: every number equals the Spanish run\'s', () => {
    // The chapter's "what to try": fix the abstention (1), case-sensitive grading (4). The same edit in
    // both languages must give the same numbers (a check of the translation, not of the engine).
    const numbers = (g: GateResult) => JSON.stringify([g.baseline, g.candidate].map((v) => [v.weighted_quality, v.passed_cases, v.critical_failures, v.accepted_cases, v.total_cost_eur, v.cost_per_accepted_eur]).concat([[g.delta_quality, ...(g.bootstrap_delta_quality_ci95 ?? [])]]).concat([g.decision.reasons as unknown as number[]]));
    const runWith = (t: Record<string, string>, lang: 'es' | 'en') => {
      const p = parseGateInput(t, lang);
      if (!p.ok) throw new Error(JSON.stringify(p.issues));
      return runGate(p.value);
    };
    const fixEs = texts.outputs.replace('Sí, esa norma interna se aplica aunque no aparezca todavía en la documentación.', 'No tengo evidencia suficiente en la documentación para confirmarlo.');
    const fixEn = enTexts.outputs.replace('Yes, that internal rule applies even though it is not yet in the documentation.', 'I have no evidence in the documentation to confirm it.');
    expect(fixEs).not.toBe(texts.outputs);
    expect(fixEn).not.toBe(enTexts.outputs);
    expect(numbers(runWith({ ...enTexts, outputs: fixEn }, 'en'))).toBe(numbers(runWith({ ...texts, outputs: fixEs }, 'es')));
    const noneEs = texts.policy.replace('"rollback"', '"text_normalization": "none",\n  "rollback"');
    const noneEn = enTexts.policy.replace('"rollback"', '"text_normalization": "none",\n  "rollback"');
    expect(numbers(runWith({ ...enTexts, policy: noneEn }, 'en'))).toBe(numbers(runWith({ ...texts, policy: noneEs }, 'es')));
  });
});
