/**
 * What needs a browser in issue 13's reliability list: a worker that fails is replaced and the
 * learner sees why in the page's language with the text kept; two tabs on one lab never overwrite
 * each other silently; storage that cannot be written is reported; damaged storage is ignored and
 * the preset is used.
 */
import { test, expect, type Page, type Worker } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, replaceEditorText, editorText } from './helpers.ts';

const PRESET_CASES = readFileSync('labs/threshold/presets/classification_cases.jsonl', 'utf8');
const STORAGE_KEY = 'evals-lab:threshold:es:v1';

/** Opens the threshold lab and returns the lab's worker once the first result is on screen. */
async function openWithWorker(page: Page, url: string): Promise<Worker> {
  const first = page.waitForEvent('worker');
  await openLab(page, url);
  return first;
}

test.describe('robustness in the browser', () => {
  test('a worker that fails is replaced: the page says so in its language and keeps the text', async ({ page }) => {
    const worker = await openWithWorker(page, '/laboratorios/threshold/');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
    // An uncaught error in the worker, outside the engine (as a bug there or running out of memory gives).
    await worker.evaluate(() => {
      setTimeout(() => {
        throw new Error('simulated worker fault');
      }, 0);
    });
    const edited = PRESET_CASES.replace('"score":0.93', '"score":0.05');
    await replaceEditorText(page, 'editor-cases', edited);
    await expect(page.getByTestId('issues')).toContainText('se ha reiniciado; tu texto se conserva');
    expect(await editorText(page, 'editor-cases')).toContain('"score":0.05');
    // The next edit runs on a fresh worker (the failed one is gone) and gives a result again.
    await replaceEditorText(page, 'editor-cases', edited.replace('"score":0.86', '"score":0.85'));
    await expect(page.getByTestId('issues')).toHaveCount(0);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
  });

  test('the message of a failed worker is in English on the English page', async ({ page }) => {
    const worker = await openWithWorker(page, '/en/labs/threshold/');
    await worker.evaluate(() => {
      setTimeout(() => {
        throw new Error('simulated worker fault');
      }, 0);
    });
    await replaceEditorText(page, 'editor-cases', PRESET_CASES.replace('"score":0.93', '"score":0.92'));
    await expect(page.getByTestId('issues')).toContainText('was restarted; your text is kept');
  });

  test('two tabs on one lab: the other tab\'s save is offered as pending, never applied silently', async ({ context }) => {
    const a = await context.newPage();
    const b = await context.newPage();
    await openLab(a, '/laboratorios/threshold/');
    await openLab(b, '/laboratorios/threshold/');
    // Tab B has work of its own.
    const bText = PRESET_CASES.replace('"score":0.79', '"score":0.78');
    await replaceEditorText(b, 'editor-cases', bText);
    await b.waitForTimeout(600); // saved
    await expect(a.getByTestId('pending')).toHaveAttribute('data-source', 'tab');
    // Tab A edits and saves: tab B is offered A's work, its own text still there until it chooses.
    const aText = PRESET_CASES.replace('"score":0.93', '"score":0.05');
    await a.getByTestId('pending-discard').click();
    await replaceEditorText(a, 'editor-cases', aText);
    await a.waitForTimeout(600);
    await expect(b.getByTestId('pending')).toHaveAttribute('data-source', 'tab');
    await expect(b.getByTestId('pending')).toContainText('Otra pestaña');
    await expect.poll(() => editorText(b, 'editor-cases')).toContain('"score":0.05');
    // Going back to its own work restores B's text (and saves it again).
    await b.getByTestId('pending-discard').click();
    await expect(b.getByTestId('pending')).toHaveCount(0);
    await expect.poll(() => editorText(b, 'editor-cases')).toContain('"score":0.78');
    expect(await editorText(b, 'editor-cases')).not.toContain('"score":0.05');
    // The stored state is one of the two tabs' whole states, never a mix.
    const stored = JSON.parse((await b.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)) ?? '{}') as { texts?: { cases?: string } };
    expect([aText, bText]).toContain(stored.texts?.cases);
  });

  test('storage that cannot be written is reported, and the lab keeps working', async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = function () {
        throw new DOMException('quota', 'QuotaExceededError');
      };
    });
    await openLab(page, '/laboratorios/threshold/');
    await replaceEditorText(page, 'editor-cases', PRESET_CASES.replace('"score":0.93', '"score":0.05'));
    await expect(page.getByTestId('state-notice')).toContainText('no deja guardar');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
  });

  test('damaged or outdated storage is ignored with a notice, and the preset is used', async ({ context }) => {
    for (const bad of ['{not json', JSON.stringify({ v: 0, lab: 'threshold', texts: { cases: 'x', policy: 'y' } })]) {
      const page = await context.newPage();
      await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [STORAGE_KEY, bad]);
      await openLab(page, '/laboratorios/threshold/');
      await expect(page.getByTestId('state-notice')).toContainText('dañado');
      await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'pass');
      expect(await editorText(page, 'editor-cases')).toContain('"score":0.93');
      await page.close();
    }
  });
});
