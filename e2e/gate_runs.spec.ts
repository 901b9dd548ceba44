/**
 * The gate lab with repeated runs (issue 15) in both languages: the repeated-runs preset is
 * selectable, its run strips and pass@k / pass^k curves render, switching the policy's case score
 * to pass^k flips the decision, the planner answers (and says why when a design is impossible),
 * and at 360 px the page fits and no SVG text is under 11 px or cut at its edges. The two
 * exercises' pages start unmet and meet their goals with the intended fix.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, replaceEditorText, editorText, expectNoWcagViolations } from './helpers.ts';
import { gateId } from '../tests/helpers/gate_ids.ts';
import { expectFitsPhone } from './phone.ts';

const LABS = [
  { lang: 'es', url: '/laboratorios/gate/' },
  { lang: 'en', url: '/en/labs/gate/' },
] as const;

async function pickRepeated(page: Page) {
  await page.getByTestId('preset-select').selectOption('repeated_runs');
  await expect(page.getByTestId('run-strips')).toBeVisible();
}

/** SVG texts of the gate's new figures that run past their SVG's edges. */
async function clippedTexts(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const sel of ['[data-testid="passk-chart"]', '[data-testid="power-chart"]']) {
      for (const t of document.querySelectorAll(`${sel} svg text`)) {
        const box = (t.closest('svg') as SVGSVGElement).getBoundingClientRect();
        const r = t.getBoundingClientRect();
        if (r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1)) out.push(`${sel}: "${(t.textContent ?? '').slice(0, 30)}"`);
      }
    }
    return out;
  });
}

for (const { lang, url } of LABS) {
  test.describe(`gate lab, repeated runs (${lang})`, () => {
    test('the kit has one run per case: no strips; the planner answers, and an impossible design says why', async ({ page }) => {
      await openLab(page, url);
      await expect(page.getByTestId('preset-select')).toHaveValue('kit');
      await expect(page.getByTestId('run-strips')).toHaveCount(0);
      // kit defaults: δ = 0.05 from the hypothesis, d = 0.6 and p0 = 0.6 observed
      await expect(page.getByTestId('planner-n')).toHaveAttribute('data-n', /^\d+$/);
      await expect(page.getByTestId('power-chart')).toBeVisible();
      await expect(page.locator('[data-testid="power-chart"] [data-mark="answer"]')).toHaveCount(1);
      await expect(page.locator('[data-testid="power-chart"] [data-mark="current"]')).toHaveCount(1);
      const n = page.getByTestId('planner-n');
      const before = Number(await n.getAttribute('data-n'));
      const delta = page.locator('[data-testid="planner-inputs"] input[data-field="delta"]');
      await delta.fill('0.2');
      await expect(n).not.toHaveAttribute('data-n', String(before));
      const after = Number(await n.getAttribute('data-n'));
      // four times the δ: roughly a sixteenth of the cases (Connor's n ∝ 1/δ² within a factor of two)
      expect(after).toBeLessThan(before / 8);
      expect(after).toBeGreaterThan(before / 32);
      await expect(page.locator('[data-testid="planner-inputs"] [data-source]').nth(1)).toHaveAttribute('data-source', 'view');
      // δ above the discordant share d = 0.6 cannot happen: undefined with its reason, no chart
      await delta.fill('0.7');
      await expect(n).toHaveAttribute('data-n', '');
      await expect(n).toContainText(lang === 'es' ? 'δ supera la proporción de pares discordantes' : 'δ is larger than the share of discordant pairs');
      await expect(page.getByTestId('power-chart')).toHaveCount(0);
      await page.getByTestId('planner-reset').click();
      await expect(n).toHaveAttribute('data-n', String(before));
    });

    test('the preset: strips for both versions, the curves, the flaky share (fitting 360 px; decision.md in es), and pass^k flips the decision', async ({ page }) => {
      await openLab(page, url);
      await pickRepeated(page);
      const verdict = page.getByTestId('verdict');
      await expect(verdict).toHaveAttribute('data-verdict', 'pass');
      await expect(page.getByTestId('case-score')).toHaveAttribute('data-case-score', 'mean');
      // the preset's plan (scripts/presets/gate_repeated_runs.py): soporte_001 (support_001 in English) passes runs 1, 3, 5 for the candidate, never for the baseline
      const soporte = page.locator(`[data-testid="run-strips"] [data-case="${gateId(lang, 'soporte_001')}"]`);
      await expect(soporte).toHaveAttribute('data-flaky', 'true');
      await expect(soporte.locator('[data-version="baseline"] .gate-strip')).toHaveAttribute('data-runs', '00000');
      await expect(soporte.locator('[data-version="candidate"] .gate-strip')).toHaveAttribute('data-runs', '10101');
      await expect(soporte.locator('[data-version="candidate"]')).toContainText('3/5');
      await expect(page.locator(`[data-testid="run-strips"] [data-case="${gateId(lang, 'horario_001')}"] [data-version="candidate"] .gate-strip`)).toHaveAttribute('data-runs', '11011');
      await expect(page.locator('[data-testid="run-strips"] [data-flaky="true"]')).toHaveCount(2);
      // four curves, k = 1..5, the policy's k marked
      const chart = page.getByTestId('passk-chart');
      await expect(chart.locator('svg g[data-series]')).toHaveCount(4);
      await expect(chart.locator('svg g[data-series="pow-candidate"] circle')).toHaveCount(5);
      await expect(chart.locator('[data-mark="policy-k"]')).toHaveCount(1);
      // pass^3 of the candidate: (1 + 1 + 1 + C(4,3)/C(5,3) + C(3,3)/C(5,3)) / 5 = (3 + 0.4 + 0.1) / 5 = 0.7 (hand calculation)
      const dec = (x: string) => (lang === 'es' ? x.replace('.', ',') : x); // the page's decimal separator
      await expect(page.getByTestId('runs-pow-k-candidate')).toHaveText(dec('0.7'));
      await expect(page.getByTestId('runs-at-k-candidate')).toHaveText('1');
      await expect(page.getByTestId('runs-flaky-candidate')).toHaveText('2 / 5');
      // flaky share per slice: the support slice has one case, flaky for the candidate
      const slice = page.locator('[data-testid="flaky-slices"] tr[data-slice]').filter({ hasText: lang === 'es' ? 'soporte' : 'support' });
      await expect(slice.locator('[data-version="candidate"]')).toHaveText('1 (1/1)');
      await expect(slice.locator('[data-version="baseline"]')).toHaveText('0 (0/1)');

      // on a phone the repeated-runs views fit, keep 11 px text, and nothing is cut off
      await page.setViewportSize({ width: 360, height: 800 });
      await page.getByTestId('passk-chart').scrollIntoViewIfNeeded();
      await expectFitsPhone(page, '[data-testid="runs-panel"]');
      await expectFitsPhone(page, '[data-testid="planner-panel"]');
      expect(await clippedTexts(page)).toEqual([]);
      await expectNoWcagViolations(page, '[data-testid="runs-panel"]');
      await expectNoWcagViolations(page, '[data-testid="planner-panel"]');
      await page.setViewportSize({ width: 1280, height: 720 });

      if (lang === 'es') {
        // decision.md carries the runs and the curves
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-decision').click()]);
        const md = readFileSync((await download.path())!, 'utf8');
        expect(md).toContain('## Ejecuciones repetidas');
        expect(md).toContain('### Ejecuciones de cada caso');
        expect(md).toContain('`✓✗✓✗✓` 3/5');
        expect(md).toContain('### Curvas pass@k y pass^k');
        expect(md).toContain('## ¿Cuántos casos hacen falta? (planificador)');
      }

      const policy = await editorText(page, 'editor-policy');
      await replaceEditorText(page, 'editor-policy', policy.replace('"case_score": "mean"', '"case_score": "pass_pow_k"'));
      await expect(verdict).toHaveAttribute('data-verdict', 'fail');
      await expect(verdict.locator('[data-reason="weighted_quality_below_threshold"]')).toBeVisible();
      await expect(page.getByTestId('case-score')).toHaveAttribute('data-case-score', 'pass_pow_k');
      await expect(page.getByTestId('wq-candidate')).toHaveText(dec('0.7'));
      await expect(page.getByTestId('preset-select')).toHaveValue('custom');
    });

  });
}
