/**
 * One problem, one line (issue 23: a newline inside an evaluator's judge_construct was copied into
 * its error message, and the problem spanned two lines of the CLI's stderr).
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, oneLine } from '../../labs/core/contract/issues.ts';

describe('formatIssue', () => {
  it('writes every kind of line break in the message, the field and the input as \\n', () => {
    const s = formatIssue({ input: 'con\nstruct', line: 3, field: 'a\r\nb', message: 'uno\rdos\u2028tres\u2029cuatro\nfin' }, 'es');
    expect(s).toBe('con\\nstruct, línea 3, campo a\\nb: uno\\ndos\\ntres\\ncuatro\\nfin');
    expect(s.split(/\r\n|[\n\r\u2028\u2029]/)).toHaveLength(1);
  });
  it('leaves a message without line breaks as it is', () => {
    expect(formatIssue({ input: 'cases', line: 2, field: 'score', message: 'Too big.' }, 'en')).toBe('cases, line 2, field score: Too big.');
    expect(oneLine('a b')).toBe('a b');
  });
});
