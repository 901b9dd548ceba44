/**
 * The course's exercises on the rubric, gate and calibration labs (content/exercises/{es,en}/):
 * each starts with its goals unmet and the intended fix meets them, in the browser, through the
 * lab's own controls or editors. Exercise links: a valid one loads; a tampered one, and one whose
 * JSON is valid but breaks the schema, are rejected in the page's language.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import YAML from 'yaml';
import { exerciseLinkSchema } from '../labs/core/contract/exercise.ts';
import { replaceEditorText, exerciseHash, num } from './helpers.ts';

const RUBRIC_FULL = readFileSync('labs/rubric/presets/capstone_rubric.json', 'utf8');
const GATE_OUTPUTS = readFileSync('labs/gate/presets/outputs.jsonl', 'utf8');
const BREAKDOWN = readFileSync('labs/rubric/presets/seed_breakdown.json', 'utf8');

const MSG = {
  es: { invalid: 'Este enlace de ejercicio no es válido', done: '¡Objetivos cumplidos!' },
  en: { invalid: 'This exercise link is not valid', done: 'All goals met!' },
} as const;

/** The frontmatter of an authored exercise (the exercise itself). */
function frontmatter(lang: 'es' | 'en', slug: string): Record<string, unknown> {
  const src = readFileSync(`content/exercises/${lang}/${slug}.mdx`, 'utf8');
  return YAML.parse(src.split(/^---$/m)[1]) as Record<string, unknown>;
}

/** How many goals an authored exercise has (the page must show them all). */
const goalCount = (lang: 'es' | 'en', slug: string) => (frontmatter(lang, slug).goals as unknown[]).length;

/** An exercise link built from an authored exercise, as the instructor's builder would. */
const linkHash = exerciseHash;

/** Whether a #exercise= hash's payload decodes to a schema-valid exercise (ignoring its check). */
function decodesToExercise(hash: string): boolean {
  try {
    const json = LZString.decompressFromEncodedURIComponent(hash.replace(/^#exercise=/, '').split('.')[0]);
    return !!json && exerciseLinkSchema.safeParse(JSON.parse(json)).success;
  } catch {
    return false;
  }
}

async function expectStartsUnmet(page: Page, goals: number) {
  await expect(page.getByTestId('verdict')).toBeVisible();
  const panel = page.getByTestId('goal-panel');
  await expect(panel.getByTestId('goal')).toHaveCount(goals);
  await expect(panel).toHaveAttribute('data-complete', 'false');
  await expect(panel.locator('[data-status="not_met"], [data-status="missing"]').first()).toBeVisible();
  return panel;
}

async function expectAllMet(page: Page, lang: 'es' | 'en', goals: number) {
  const panel = page.getByTestId('goal-panel');
  await expect(panel).toHaveAttribute('data-complete', 'true');
  await expect(panel.locator('[data-status="met"]')).toHaveCount(goals);
  await expect(panel).toContainText(MSG[lang].done);
}

test.describe('exercises on the rubric, gate and calibration labs', () => {
  test('the index lists the new exercises in both languages', async ({ page }) => {
    const slugs = ['gate-abstention', 'calibration-pick-calibrator', 'rubric-casefold-break', 'rubric-trailing-period', 'rubric-breakdown-check'];
    await page.goto('/ejercicios/');
    for (const s of slugs) await expect(page.locator(`[data-exercise="${s}"] a`)).toHaveAttribute('href', `/ejercicios/${s}/`);
    await page.goto('/en/exercises/');
    for (const s of slugs) await expect(page.locator(`[data-exercise="${s}"] a`)).toHaveAttribute('href', `/en/exercises/${s}/`);
    await expect(page.locator('[data-exercise="rubric-casefold-break"]')).toContainText('The case-fold break');
  });

  test('case-fold break (es): restoring the step with the pipeline control meets every goal', async ({ page }) => {
    await page.goto('/ejercicios/rubric-casefold-break/');
    const panel = await expectStartsUnmet(page, goalCount('es', 'rubric-casefold-break'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.71'));
    // Only the guards hold at the start: pl-01's answer untouched, the gate threshold, the item count.
    await expect(panel.locator('[data-status="met"]')).toHaveCount(3);
    await expect(panel).not.toContainText(MSG.es.done);
    const step = page.getByTestId('step-case_fold');
    await expect(step).not.toBeChecked();
    await step.check();
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expectAllMet(page, 'es', goalCount('es', 'rubric-casefold-break'));
    // A diagnosis question answers with its feedback.
    const q = page.getByTestId('question').nth(1);
    await q.getByRole('radio').nth(3).check();
    await q.getByRole('button').click();
    await expect(q.getByTestId('feedback')).toContainText('No es correcto.');
    await expect(q.getByTestId('feedback')).toContainText('pl-10');
  });

  test('case-fold break (en): restoring the step by editing the rubric JSON meets every goal; lowering the gate does not', async ({ page }) => {
    await page.goto('/en/exercises/rubric-casefold-break/');
    await expectStartsUnmet(page, goalCount('en', 'rubric-casefold-break'));
    await replaceEditorText(page, 'editor-rubric', RUBRIC_FULL.replace('"min_score": 0.92', '"min_score": 0.7').replace('"enabled": true,\n        "mode"', '"enabled": false,\n        "mode"'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expect(page.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'false');
    await replaceEditorText(page, 'editor-rubric', RUBRIC_FULL);
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    await expect(page.getByTestId('step-case_fold')).toBeChecked();
    await expectAllMet(page, 'en', goalCount('en', 'rubric-casefold-break'));
  });

  test('case-fold break as an exercise link (en): it loads, and restoring the step completes it', async ({ page }) => {
    const fm = frontmatter('en', 'rubric-casefold-break');
    const payload = { v: 1, lang: 'en', ...fm, instructions: 'Switch the missing step back on.' };
    delete (payload as Record<string, unknown>).order;
    expect(exerciseLinkSchema.safeParse(payload).success).toBe(true);
    await page.goto(`/en/exercises/link/${linkHash(payload)}`);
    await expect(page.getByText('Switch the missing step back on.')).toBeVisible();
    await expectStartsUnmet(page, goalCount('en', 'rubric-casefold-break'));
    await page.getByTestId('step-case_fold').check();
    await expectAllMet(page, 'en', goalCount('en', 'rubric-casefold-break'));
  });

  for (const lang of ['es', 'en'] as const) {
    test(`a tampered or schema-breaking exercise link is rejected in the page's language (${lang})`, async ({ page }) => {
      const base = lang === 'es' ? '/ejercicios/enlace/' : '/en/exercises/link/';
      const fm = frontmatter(lang, 'rubric-casefold-break');
      const good = { v: 1, lang, ...fm, instructions: 'x' };
      delete (good as Record<string, unknown>).order;
      const hash = linkHash(good);
      // Tampered: the link was cut short (as a chat client or a careless copy may do). A link carries
      // no signature: an edit that still decodes to a valid exercise would load, so the test first
      // checks, with the page's own rules, that this one does not.
      const tampered = hash.slice(0, Math.floor(hash.length * 0.6));
      expect(decodesToExercise(hash)).toBe(true);
      expect(decodesToExercise(tampered)).toBe(false);
      await page.goto(base + tampered);
      const invalid = page.getByTestId('exercise-invalid');
      await expect(invalid).toBeVisible();
      await expect(invalid).toContainText(MSG[lang].invalid);
      await expect(page.getByTestId('goal-panel')).toHaveCount(0);

      // Valid JSON, but an operator the schema does not know (and a preset path outside the lab).
      const forged = { ...good, goals: [{ path: 'decision.verdict', op: 'eval', value: 'pass', label: 'x' }] };
      expect(exerciseLinkSchema.safeParse(forged).success).toBe(false);
      await page.goto('about:blank');
      await page.goto(base + linkHash(forged));
      await expect(page.getByTestId('exercise-invalid')).toContainText(MSG[lang].invalid);
      const escaping = { ...good, start: { texts: { rubric: { preset: '../../../package.json' } } } };
      expect(exerciseLinkSchema.safeParse(escaping).success).toBe(false);
      await page.goto('about:blank');
      await page.goto(base + linkHash(escaping));
      await expect(page.getByTestId('exercise-invalid')).toContainText(MSG[lang].invalid);
    });
  }

  test('trailing-period trap (es): normalizing the expected entries brings pl-10 and the exam to 1', async ({ page }) => {
    await page.goto('/ejercicios/rubric-trailing-period/');
    await expectStartsUnmet(page, goalCount('es', 'rubric-trailing-period'));
    await expect(page.getByTestId('exam-score')).toHaveText(num(page, '0.94'));
    const box = page.getByTestId('normalize-expected');
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(page.getByTestId('exam-score')).toHaveText('1');
    await expectAllMet(page, 'es', goalCount('es', 'rubric-trailing-period'));
  });

  test('inconsistent breakdown (en): correcting the stated score to 0.75 makes the check pass', async ({ page }) => {
    await page.goto('/en/exercises/rubric-breakdown-check/');
    await expectStartsUnmet(page, goalCount('en', 'rubric-breakdown-check'));
    await expect(page.getByTestId('breakdown-check').locator('[data-consistent="false"]')).toHaveCount(1);
    await page.getByTestId('tab-breakdown').click();
    await expect(page.getByTestId('tab-breakdown')).toHaveAttribute('data-used', 'true');
    expect(BREAKDOWN).toContain('"score": 0.95');
    await replaceEditorText(page, 'editor-breakdown', BREAKDOWN.replace('"score": 0.95', '"score": 0.75'));
    await expect(page.getByTestId('breakdown-check').locator('[data-consistent="false"]')).toHaveCount(0);
    await expectAllMet(page, 'en', goalCount('en', 'rubric-breakdown-check'));
  });

  test('gate abstention (es): the candidate abstaining on sin_evidencia_001 meets every goal', async ({ page }) => {
    await page.goto('/ejercicios/gate-abstention/');
    await expectStartsUnmet(page, goalCount('es', 'gate-abstention'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    const answer = 'Sí, esa norma interna se aplica aunque no aparezca todavía en la documentación.';
    expect(GATE_OUTPUTS).toContain(answer);
    await replaceEditorText(page, 'editor-outputs', GATE_OUTPUTS.replace(answer, 'No tengo evidencia suficiente en la documentación para confirmarlo.'));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expectAllMet(page, 'es', goalCount('es', 'gate-abstention'));
  });

  test('calibration (en): the exercise starts on the histogram; temperature scaling meets every goal', async ({ page }) => {
    await page.goto('/en/exercises/calibration-pick-calibrator/');
    await expectStartsUnmet(page, goalCount('en', 'calibration-pick-calibrator'));
    await expect(page.getByTestId('preset-select')).toHaveValue('breast_cancer');
    const select = page.getByTestId('calibrator-select');
    await expect(select).toHaveValue('histogram_laplace');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await select.selectOption('temperature');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    await expectAllMet(page, 'en', goalCount('en', 'calibration-pick-calibrator'));
  });
});
