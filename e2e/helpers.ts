import { expect, type Page } from '@playwright/test';

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
