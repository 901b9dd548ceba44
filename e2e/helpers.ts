import { expect, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import LZString from 'lz-string';

/** Opens a lab page and waits until the worker has answered once. */
export async function openLab(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId('verdict')).toBeVisible();
}

/** Replaces the whole text of a CodeMirror editor (as a learner pasting would). */
export async function replaceEditorText(page: Page, testId: string, text: string) {
  const editor = page.getByTestId(testId);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

export async function editorText(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => Array.from(el.querySelectorAll('.cm-line')).map((l) => l.textContent).join('\n'));
}

/**
 * An exercise link's hash as the instructor's builder makes it (src/components/exercises/link.ts):
 * lz-string payload, '.', the first 16 hex digits of its SHA-256. Tests use it to build links whose
 * check is right, so that what rejects a forged exercise is the schema itself.
 */
export function exerciseHash(exercise: unknown): string {
  const payload = LZString.compressToEncodedURIComponent(JSON.stringify(exercise));
  return `#exercise=${payload}.${createHash('sha256').update(payload).digest('hex').slice(0, 16)}`;
}
