/**
 * Presenting input problems. Kept apart from parse.ts so that a page can format issues without
 * loading zod and the JSON parser (those run in the worker).
 */
import type { InputIssue, Lang } from './types.ts';
import { coreMsg as msg } from './i18n/index.ts';

/** `text` on one line: each line break (CRLF, LF, CR, U+2028, U+2029) written as the two characters \n. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|[\n\r\u2028\u2029]/g, '\\n');
}

/**
 * Formats an issue as one line of text: "cases, línea 3, campo score: …" (or "línea 3, columna 7" when the column is known). Used by the CLI and the
 * page. User text quoted in a message (an id, a construct's description) may hold line breaks: they
 * are written as \n, so that one problem is always one line of the CLI's stderr.
 */
export function formatIssue(issue: InputIssue, lang: Lang): string {
  const t = msg(lang).validation;
  const parts = [oneLine(issue.input)];
  if (issue.line !== undefined) parts.push(issue.column !== undefined ? t.line_column(issue.line, issue.column) : t.line(issue.line));
  if (issue.field) parts.push(t.field(oneLine(issue.field)));
  return `${parts.join(', ')}: ${oneLine(issue.message)}`;
}

/**
 * A failed outcome's problems as lines of text, one per listed issue (formatIssue), then, when
 * `total_issues` counts more than are listed (every parser lists at most MAX_ISSUES, 50, and counts
 * the rest), one last line "… and N more problems" ("… y N problemas más"). The one place that
 * writes that count, for every lab and every entry point (the CLI prints these lines to stderr).
 * A total below the listed count (or absent) adds no line.
 */
export function formatIssues(outcome: { issues: readonly InputIssue[]; total_issues?: number }, lang: Lang): string[] {
  const lines = outcome.issues.map((iss) => formatIssue(iss, lang));
  const more = (outcome.total_issues ?? lines.length) - lines.length;
  if (more > 0) lines.push(msg(lang).cli.more_issues(more));
  return lines;
}
