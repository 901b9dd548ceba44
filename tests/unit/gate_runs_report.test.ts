/**
 * decision.md with repeated runs and the planner (labs/gate/report.ts): the figures appear in both
 * languages, and names from the data are escaped by the Markdown serializer (a version name with
 * a pipe cannot break the table; a case id cannot open a heading or inject HTML).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gateMeta } from '../../labs/gate/meta.ts';
import { createRunner } from '../../labs/runner.ts';

const runner = createRunner();
const preset = gateMeta.presets.find((p) => p.id === 'repeated_runs')!;
const texts = (lang: 'es' | 'en') => Object.fromEntries(Object.entries(preset.files[lang]).map(([k, f]) => [k, readFileSync(`labs/gate/presets/${f}`, 'utf8')]));
async function report(t: Record<string, string>, lang: 'es' | 'en', view: unknown = {}) {
  const out = await runner.runAny('gate', t, lang, view);
  if (!out.ok) throw new Error(JSON.stringify(out.issues));
  return out.report;
}

describe('decision.md: repeated runs and the planner', () => {
  it('es: case score, runs per case, flaky cases with their passes, pass@3 and pass^3, the planner\'s answer', async () => {
    const md = await report(texts('es'), 'es');
    expect(md).toContain('## Ejecuciones repetidas');
    expect(md).toContain('puntuación de cada caso: la media de sus ejecuciones');
    // candidate: 5 runs, 2 of 5 cases flaky, pass@3 = 1 for every case, pass^3 = (1 + 1 + 1 + 0.4 + 0.1)/5 = 0.7
    expect(md).toMatch(/\| candidate +\| 5 +\| 2\/5 +\| 0\.88 \\\[[^|]*\| 1 +\| 0\.7 +\|/);
    expect(md).toContain('`horario_001` (4/5), `soporte_001` (3/5)');
    expect(md).toContain('## ¿Cuántos casos hacen falta? (planificador)');
    expect(md).toMatch(/proporción esperada de pares discordantes \(d\) \| 0\.28 +\| observado en los datos/);
    expect(md).toContain('Con los 5 casos actuales:** potencia 0');
  });
  it('es: every case\'s runs for both versions, and the curves for k = 1..5', async () => {
    const md = await report(texts('es'), 'es');
    expect(md).toContain('### Ejecuciones de cada caso');
    // soporte_001: the baseline fails its 5 runs; the candidate passes runs 1, 3, 5 (the preset's plan).
    // Wilson 95% for 3/5: (0.6 + 1.9208/5 ∓ 1.96·sqrt(0.24/5 + 0.9604/25)) / (1 + 3.8415/5) = [0.2307, 0.8824]
    expect(md).toMatch(/\| `soporte_001` +\| [^|]+\| `✗✗✗✗✗` 0\/5 [^|]+\| `✓✗✓✗✓` 3\/5 \\\[0\.2307, 0\.8824\] +\|/);
    expect(md).toContain('### Curvas pass@k y pass^k');
    // Candidate, by hand over (n, c) = (5,5) x3, (5,4), (5,3):
    //   k=2 pass@2 = (3 + 1 + (1 - C(2,2)/C(5,2)))/5 = (4 + 0.9)/5 = 0.98; pass^2 = (3 + 6/10 + 3/10)/5 = 0.78
    //   k=5 pass^5 = 3/5 = 0.6. Baseline: 3 cases always pass, 2 never: 0.6 at every k.
    expect(md).toMatch(/\| 2 +\| 0\.6 +\| 0\.98 +\| 0\.6 +\| 0\.78 +\|/);
    expect(md).toMatch(/\| 5 +\| 0\.6 +\| 1 +\| 0\.6 +\| 0\.6 +\|/);
  });
  it('en: pass^3 as the case score, and an impossible design says why', async () => {
    const t = texts('en');
    t.policy = t.policy.replace('"case_score": "mean"', '"case_score": "pass_pow_k"');
    const md = await report(t, 'en', { planner: { delta: 0.5, discordant: 0.2 } });
    expect(md).toContain('case score: pass^3 (3 runs in a row all pass)');
    expect(md).toContain('undefined (δ is larger than the share of discordant pairs d');
    expect(md).toMatch(/smallest improvement worth shipping \(δ\) +\| 0\.5 +\| chosen/);
  });
  it('one run per case (the kit): no repeated-run section, the planner is there', async () => {
    const kit = gateMeta.presets[0].files.en;
    const t = Object.fromEntries(Object.entries(kit).map(([k, f]) => [k, readFileSync(`labs/gate/presets/${f}`, 'utf8')]));
    const md = await report(t, 'en');
    expect(md).not.toContain('## Repeated runs');
    expect(md).toContain('## How many cases are needed? (planner)');
  });
  it('names from the data are escaped', async () => {
    const t = texts('en');
    const base = 'base|line <b>x</b>';
    const caseId = '# soporte`<img src=x>';
    t.outputs = t.outputs.replaceAll('"version": "baseline"', `"version": ${JSON.stringify(base)}`).replaceAll('"support_001"', JSON.stringify(caseId));
    t.cases = t.cases.replace('"support_001"', JSON.stringify(caseId));
    t.policy = t.policy.replace('{', `{ "baseline_version": ${JSON.stringify(base)},`);
    const md = await report(t, 'en');
    const section = md.slice(md.indexOf('## Repeated runs'), md.indexOf('## How many cases'));
    expect(section).toContain('base\\|line');
    expect(section).not.toMatch(/(?<!\\)<b>/); // only as the escaped \<b>
    expect(section).not.toMatch(/^# soporte/m);
    // inline code with a double-backtick fence: the id's own backtick stays inside, '#' starts no heading
    expect(section).toContain('``# soporte`<img src=x>``');
    expect(section).toMatch(/^\| ``# soporte`<img src=x>`` +\| support +\|/m);
  });
});
