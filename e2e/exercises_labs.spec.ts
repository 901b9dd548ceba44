/**
 * The course's exercises on the rubric, gate and calibration labs (content/exercises/{es,en}/) are
 * listed in both languages; whether each start, fix and cheat completes them is a unit test
 * (tests/unit/exercise_content.test.ts, with the same engine). Exercise links: a valid one loads; a tampered one, and one whose
 * JSON is valid but breaks the schema, are rejected in the page's language.
 */
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import YAML from 'yaml';
import { exerciseLinkSchema } from '../labs/core/contract/exercise.ts';
import { exerciseHash } from './helpers.ts';


const MSG = {
  es: { invalid: 'Este enlace de ejercicio no es válido', done: '¡Objetivos cumplidos!' },
  en: { invalid: 'This exercise link is not valid', done: 'All goals met!' },
} as const;

/** The frontmatter of an authored exercise (the exercise itself). */
function frontmatter(lang: 'es' | 'en', slug: string): Record<string, unknown> {
  const src = readFileSync(`content/exercises/${lang}/${slug}.mdx`, 'utf8');
  return YAML.parse(src.split(/^---$/m)[1]) as Record<string, unknown>;
}

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

test.describe('exercises on the rubric, gate and calibration labs', () => {
  test('the index lists the new exercises in both languages', async ({ page }) => {
    const slugs = ['gate-abstention', 'calibration-pick-calibrator', 'rubric-casefold-break', 'rubric-trailing-period', 'rubric-breakdown-check'];
    await page.goto('/ejercicios/');
    for (const s of slugs) await expect(page.locator(`[data-exercise="${s}"] a`)).toHaveAttribute('href', `/ejercicios/${s}/`);
    await page.goto('/en/exercises/');
    for (const s of slugs) await expect(page.locator(`[data-exercise="${s}"] a`)).toHaveAttribute('href', `/en/exercises/${s}/`);
    await expect(page.locator('[data-exercise="rubric-casefold-break"]')).toContainText('The case-fold break');
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

});
