/**
 * The one cap on listed problems (core/contract/parse.ts IssueCollector, MAX_ISSUES): a text with
 * 10^4 problems lists the first 50, each with its line, and total_issues counts all of them. The
 * problems are located in one pass (issue 23: the RAG parser re-parsed the whole text for every
 * problem, 13 s for 500 duplicate ids and 209 s for 2,000 unretrieved context chunks). No timing is
 * asserted here: the figures are in `npm run bench`; the test's own time-out is the hang guard.
 */
import { describe, expect, it } from 'vitest';
import { IssueCollector, MAX_ISSUES, lineIndex, lineOfOffset } from '../../labs/core/contract/parse.ts';
import { parseRagInput } from '../../labs/rag/schema.ts';
import { LAB_IDS, labMeta } from '../../labs/manifest.ts';
import { listInput, presetTexts, repeatFirstRecord } from '../helpers/presets.ts';
import { readFileSync } from 'node:fs';

const N = 10_000;
const POLICY = readFileSync('labs/rag/presets/rag_eval_policy.json', 'utf8');

/** A RAG case on one line of its own (line i + 2 of the array text), with `extra` fields. */
const ragCase = (id: string, extra = '') =>
  `{"case_id": ${JSON.stringify(id)}, "slice": "s", "answerable": true, "gold_chunks": {"a": 1}, "retrieved": [{"chunk_id": "a", "score": 1, "tokens": 10}]${extra}}`;

describe('lineIndex', () => {
  it('gives the same line as a scan from the start, for every offset of a text with empty lines and CRLF', () => {
    const text = 'a\n\nbc\r\nd\n';
    for (let o = 0; o <= text.length + 2; o++) expect(lineIndex(text)(o), `offset ${o}`).toBe(lineOfOffset(text, o));
  });
  it('is line 1 everywhere in a text without newlines, and for an empty text', () => {
    expect(lineIndex('abc')(2)).toBe(1);
    expect(lineIndex('')(0)).toBe(1);
  });
});

describe('IssueCollector', () => {
  it('builds only the first max problems and counts them all', () => {
    const c = new IssueCollector(3);
    let built = 0;
    for (let i = 0; i < 10; i++) c.add(() => (built++, { input: 'x', line: i + 1, message: `p${i}` }));
    expect(built).toBe(3);
    expect(c.failure()).toEqual({ ok: false, issues: [1, 2, 3].map((l) => ({ input: 'x', line: l, message: `p${l - 1}` })), total_issues: 10 });
  });
  it('is no failure when nothing was added', () => {
    expect(new IssueCollector().failure()).toBeNull();
  });
});

describe('RAG cases with 10^4 problems', () => {
  it('10^4 cases sharing one case_id: the first 50 repeats listed on their own lines, 9,999 counted', () => {
    const text = `[\n${Array.from({ length: N }, () => ragCase('same')).join(',\n')}\n]`;
    const r = parseRagInput({ cases: text, policy: POLICY }, 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(MAX_ISSUES);
    expect(r.total_issues).toBe(N - 1);
    // the second case (the first repeat) sits on line 3: "[" is line 1
    expect(r.issues.slice(0, 3).map((i) => [i.line, i.field])).toEqual([[3, '1.case_id'], [4, '2.case_id'], [5, '3.case_id']]);
    expect(r.issues[0].message).toContain('same');
  }, 60_000);

  it('10^4 cases each citing a context chunk that was not retrieved: 50 listed with their lines, 10^4 counted', () => {
    const text = `[\n${Array.from({ length: N }, (_, i) => ragCase(`c${i}`, ', "context_chunks": ["zzz"]')).join(',\n')}\n]`;
    const r = parseRagInput({ cases: text, policy: POLICY }, 'es');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(MAX_ISSUES);
    expect(r.total_issues).toBe(N);
    expect(r.issues[49]).toMatchObject({ input: 'cases', line: 51, field: '49.context_chunks.0' });
  }, 60_000);
});

describe('every lab: an input with 10^4 repeated ids lists 50 problems and counts them all', () => {
  it.each(LAB_IDS)('%s', async (lab) => {
    const meta = labMeta(lab)!;
    const { parse } = (await meta.load()).lab;
    const texts = presetTexts(lab, 'en');
    const input = listInput(meta.inputs.map((i) => i.name), texts);
    expect(input, 'an input that is a list of records').toBeTruthy();
    const r = parse({ ...texts, [input!]: repeatFirstRecord(texts[input!], N)! }, 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(MAX_ISSUES);
    expect(r.total_issues, 'every repeat counted').toBeGreaterThanOrEqual(N - 1);
    for (const issue of r.issues) expect(issue.input).toBe(input);
    expect(r.issues.every((i) => typeof i.line === 'number'), 'each listed problem has its line').toBe(true);
  }, 60_000);
});
