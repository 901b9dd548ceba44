/**
 * Presenting input problems. Kept apart from parse.ts so that a page can format issues without
 * loading zod and the JSON parser (those run in the worker).
 */
import type { InputIssue, Lang } from './types.ts';
import { coreMsg as msg } from './i18n/index.ts';

/** Formats an issue as one line of text: "cases, línea 3, campo score: …". Used by the CLI and the page. */
export function formatIssue(issue: InputIssue, lang: Lang): string {
  const t = msg(lang).validation;
  const parts = [issue.input];
  if (issue.line !== undefined) parts.push(t.line(issue.line));
  if (issue.field) parts.push(t.field(issue.field));
  return `${parts.join(', ')}: ${issue.message}`;
}
