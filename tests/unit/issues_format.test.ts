/**
 * One problem, one line (issue 23: a newline inside an evaluator's judge_construct was copied into
 * its error message, and the problem spanned two lines of the CLI's stderr).
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, formatIssues, oneLine } from '../../labs/core/contract/issues.ts';
import { labMeta } from '../../labs/manifest.ts';
import { presetTexts } from '../helpers/presets.ts';

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

describe('a line break in the learner\'s text, through a lab\'s parser', () => {
  it('an evaluator judge_construct "a\\nb" unknown to the constructs is one line, the break written as \\n', async () => {
    const { parse } = (await labMeta('evaluators')!.load()).lab;
    for (const lang of ['es', 'en'] as const) {
      const texts = presetTexts('evaluators', lang);
      const construct = JSON.parse(texts.construct) as Record<string, unknown>;
      construct.judge_construct = 'a\nb';
      const r = parse({ ...texts, construct: JSON.stringify(construct, null, 2) }, lang);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      const lines = formatIssues(r, lang);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(lang === 'es' ? '«a\\nb»' : '“a\\nb”');
      expect(lines[0]).toMatch(lang === 'es' ? /^construct, línea \d+, campo judge_construct: / : /^construct, line \d+, field judge_construct: /);
      expect(lines[0].split(/\r\n|[\n\r\u2028\u2029]/)).toHaveLength(1);
    }
  });
});
