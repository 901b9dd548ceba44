/**
 * A learner's saved work is never replaced without their choice, in both languages: a share link,
 * a hash-only navigation to a share link, an exercise link and an imported file all open as a
 * pending state beside the saved work, which stays untouched in the browser's storage until the
 * learner keeps the new state or goes back; either choice can be undone.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { openLab, replaceEditorText, editorText, stateHash, exerciseHash, savedTexts } from './helpers.ts';

const CASES = { es: 'classification_cases.jsonl', en: 'classification_cases.en.jsonl' } as const;
const POLICY = { es: 'threshold_policy.json', en: 'threshold_policy.en.json' } as const;
const LAB = { es: '/laboratorios/threshold/', en: '/en/labs/threshold/' } as const;
const preset = (f: string) => readFileSync(`labs/threshold/presets/${f}`, 'utf8');

/** The learner's own work: the policy with a review cost of 1.25 (saved once the lab has saved it). */
async function makeWork(page: Page, lang: 'es' | 'en') {
  await openLab(page, LAB[lang]);
  const work = preset(POLICY[lang]).replace('"cost_review": 1.5', '"cost_review": 1.25');
  await replaceEditorText(page, 'editor-policy', work);
  await expect.poll(async () => (await savedTexts(page, 'threshold'))?.policy).toBe(work);
  return work;
}

/** A shared state: the preset's policy with a review cost of 3. */
function linkState(lang: 'es' | 'en') {
  const policy = preset(POLICY[lang]).replace('"cost_review": 1.5', '"cost_review": 3');
  return { policy, hash: stateHash({ v: 1, lab: 'threshold', texts: { cases: preset(CASES[lang]), policy } }) };
}

async function expectSavedUntouched(page: Page, work: string) {
  await page.waitForTimeout(700); // longer than the lab's save delay
  expect((await savedTexts(page, 'threshold'))?.policy).toBe(work);
}

for (const lang of ['es', 'en'] as const) {
  test.describe(`pending states (${lang})`, () => {
    test('a share link over saved work waits for the choice; going back, keeping and undoing both work', async ({ page }) => {
      const work = await makeWork(page, lang);
      const link = linkState(lang);
      await page.goto(`${LAB[lang]}${link.hash}`);
      const pending = page.getByTestId('pending');
      await expect(pending).toBeVisible();
      await expect(pending).toHaveAttribute('data-source', 'link');
      expect(await editorText(page, 'editor-policy')).toContain('"cost_review": 3');
      await expectSavedUntouched(page, work);
      // go back to my work
      await page.getByTestId('pending-discard').click();
      await expect(pending).toHaveCount(0);
      expect(await editorText(page, 'editor-policy')).toContain('"cost_review": 1.25');
      await expectSavedUntouched(page, work);
      // undo: the link's state is offered again, and the work is still saved
      await page.getByTestId('pending-undo').click();
      await expect(pending).toBeVisible();
      expect(await editorText(page, 'editor-policy')).toContain('"cost_review": 3');
      await expectSavedUntouched(page, work);
      // keep the link's state: it becomes the saved work
      await page.getByTestId('pending-keep').click();
      await expect(pending).toHaveCount(0);
      await expect.poll(async () => (await savedTexts(page, 'threshold'))?.policy).toBe(link.policy);
      // undo the keep: the previous work is back, saved
      await page.getByTestId('pending-undo').click();
      await expect(pending).toBeVisible();
      await page.getByTestId('pending-discard').click();
      await expect.poll(async () => (await savedTexts(page, 'threshold'))?.policy).toBe(work);
      expect(await editorText(page, 'editor-policy')).toContain('"cost_review": 1.25');
    });

    test('a share link followed on the open lab (only the hash changes) is applied through the same choice', async ({ page }) => {
      const work = await makeWork(page, lang);
      const link = linkState(lang);
      await page.evaluate((h) => { location.hash = h; }, link.hash);
      const pending = page.getByTestId('pending');
      await expect(pending).toBeVisible();
      await expect(pending).toHaveAttribute('data-source', 'link');
      expect(await editorText(page, 'editor-policy')).toContain('"cost_review": 3');
      await expectSavedUntouched(page, work);
      await page.getByTestId('pending-keep').click();
      await expect.poll(async () => (await savedTexts(page, 'threshold'))?.policy).toBe(link.policy);
      expect(page.url()).not.toContain('state=');
    });

    test('an imported file over saved work opens pending; keeping it saves it', async ({ page }) => {
      const work = await makeWork(page, lang);
      const fileText = preset(POLICY[lang]).replace('"cost_review": 1.5', '"cost_review": 2.5');
      await page.getByTestId('editor-policy').locator('xpath=ancestor::div[contains(@class,"lab-input")][1]').locator('input[type=file]').setInputFiles({ name: 'my_policy.json', mimeType: 'application/json', buffer: Buffer.from(fileText) });
      const pending = page.getByTestId('pending');
      await expect(pending).toBeVisible();
      await expect(pending).toHaveAttribute('data-source', 'file');
      await expect(pending).toContainText('my_policy.json');
      expect(await editorText(page, 'editor-policy')).toContain('"cost_review": 2.5');
      await expectSavedUntouched(page, work);
      await page.getByTestId('pending-keep').click();
      await expect.poll(async () => (await savedTexts(page, 'threshold'))?.policy).toBe(fileText);
    });

    test('an exercise link opened again over work on it offers its starting point; both choices work', async ({ page }) => {
      const src = readFileSync(`content/exercises/${lang}/threshold-review-capacity.mdx`, 'utf8');
      const fm = YAML.parse(src.split(/^---$/m)[1]) as Record<string, unknown>;
      delete fm.order;
      const url = `${lang === 'es' ? '/ejercicios/enlace/' : '/en/exercises/link/'}${exerciseHash({ v: 1, lang, ...fm, instructions: 'x' })}`;
      await page.goto(url);
      await expect(page.getByTestId('verdict')).toBeVisible();
      const start = await editorText(page, 'editor-policy');
      expect(start).toContain('"max_review_rate": 0.05');
      await replaceEditorText(page, 'editor-policy', start.replace('"max_review_rate": 0.05', '"max_review_rate": 0.084'));
      await expect.poll(async () => (await savedTexts(page, 'threshold', 'exercise-'))?.policy).toContain('"max_review_rate": 0.084');
      // the same link again (a new load): the work is kept until the learner chooses
      await page.goto('about:blank');
      await page.goto(url);
      const pending = page.getByTestId('pending');
      await expect(pending).toBeVisible();
      await expect(pending).toHaveAttribute('data-source', 'exercise');
      expect(await editorText(page, 'editor-policy')).toContain('"max_review_rate": 0.05');
      await page.waitForTimeout(700);
      expect((await savedTexts(page, 'threshold', 'exercise-'))?.policy).toContain('"max_review_rate": 0.084');
      await page.getByTestId('pending-discard').click();
      expect(await editorText(page, 'editor-policy')).toContain('"max_review_rate": 0.084');
      await page.getByTestId('pending-undo').click();
      await expect(pending).toBeVisible();
      await page.getByTestId('pending-keep').click();
      expect(await editorText(page, 'editor-policy')).toContain('"max_review_rate": 0.05');
      // the kept starting point is the exercise's untouched start, which is not stored as work: the
      // edited copy (0.084) is gone from the browser's storage
      await expect.poll(async () => savedTexts(page, 'threshold', 'exercise-')).toBeNull();
      // the free lab was never touched by any of it
      expect(await savedTexts(page, 'threshold')).toBeNull();
    });
  });
}
