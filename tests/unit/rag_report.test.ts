/**
 * decision.md of the RAG lab, rendered and parsed back with mdast-util-from-markdown (GFM tables):
 * the tables keep their structure and the data stays text even when case ids, slices, claims, chunk
 * and variant ids hold `|`, newlines, backticks or `<script>`. Both languages, same structure.
 */
import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { toString } from 'mdast-util-to-string';
import type { Root, RootContent, Table } from 'mdast';
import { lab } from '../../labs/rag/lab.ts';
import type { RagHeavy, RagResult } from '../../labs/rag/engine.ts';
import { defaultRagView } from '../../labs/rag/view.ts';
import { fmtNumber } from '../../labs/rag/report.ts';

const NASTY_CASE = 'a|b\n`x`<script>alert(1)</script>';
const NASTY_SLICE = 'x|y\nz<b>';
const NASTY_CHUNK = 'doc|1`<i>';
const NASTY_VARIANT = 'v|1<script>';
const POLICY = { k: 3, min_recall_at_k: 0.75, min_ndcg_at_k: 0.7, min_groundedness: 0.85, min_citation_recall: 0.75, min_no_answer_accuracy: 0.9, max_critical_failures: 0, max_avg_context_tokens: 520 };
const CASES = [
  {
    case_id: NASTY_CASE,
    slice: NASTY_SLICE,
    answerable: true,
    gold_chunks: { [NASTY_CHUNK]: 3 },
    retrieved: [{ chunk_id: NASTY_CHUNK, score: 1, tokens: 5 }],
    answer: { abstained: false, citations: [NASTY_CHUNK, 'ghost|`'], claims: [{ text: 'claim | with\nnewline `tick` <script>x</script>', supporting_chunks: [] }] },
  },
  { case_id: 'plain', slice: 'ok', answerable: false, gold_chunks: {}, retrieved: [], answer: { abstained: false, citations: [], claims: [] } },
];
const ROW = { recall_at_k: 0.8, ndcg_at_k: 0.8, groundedness: 0.9, citation_recall: 0.8, no_answer_accuracy: 0.95, critical_failures: 0, avg_context_tokens: 400, p95_latency_ms: 900, cost_per_accepted_answer: 0.003 };
const VARIANTS = [
  { variant_id: NASTY_VARIANT, change: 'c|\n<script>', ...ROW },
  { variant_id: 'plain', ...ROW, recall_at_k: 0.5 },
];

function result(): RagResult {
  const p = lab.parse({ cases: JSON.stringify(CASES), policy: JSON.stringify(POLICY), variants: JSON.stringify(VARIANTS) }, 'en');
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return lab.select(lab.run(p.value, defaultRagView) as RagHeavy, defaultRagView);
}
const parse = (md: string): Root => fromMarkdown(md, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });

function walk(node: Root | RootContent, visit: (n: Root | RootContent) => void): void {
  visit(node);
  if ('children' in node) for (const c of node.children as RootContent[]) walk(c, visit);
}
/** The table that follows the heading with this text. */
function tableAfter(tree: Root, headingText: string): Table {
  const i = tree.children.findIndex((n) => n.type === 'heading' && toString(n) === headingText);
  const t = tree.children.slice(i + 1).find((n) => n.type === 'table');
  if (i < 0 || !t) throw new Error(`no table after ${headingText}`);
  return t as Table;
}

describe('decision.md survives hostile names', () => {
  const r = result();
  for (const lang of ['es', 'en'] as const) {
    it(`${lang}: no raw HTML, and every table has its header's width`, () => {
      const tree = parse(lab.report(r, lang));
      const types = new Set<string>();
      walk(tree, (n) => {
        types.add(n.type);
        if (n.type === 'table') {
          const width = n.children[0].children.length;
          for (const rowNode of n.children) expect(rowNode.children.length).toBe(width);
        }
      });
      expect(types.has('html')).toBe(false);
      expect(types.has('table')).toBe(true);
    });
  }
  it('the per-case table: one row per case, the id and slice as text in their cells', () => {
    const tree = parse(lab.report(r, 'en'));
    const t = tableAfter(tree, 'Diagnosis per case');
    expect(t.children).toHaveLength(3);
    expect(t.children[0].children).toHaveLength(14);
    const first = t.children[1].children;
    expect(toString(first[0])).toBe(NASTY_CASE.replace(/\n/g, ' '));
    expect(first[0].children[0].type).toBe('inlineCode');
    expect(toString(first[1])).toBe(NASTY_SLICE.replace(/\n/g, ' '));
    expect(toString(t.children[2].children[0])).toBe('plain');
  });
  it('the variant table keeps the hostile id in its cell; the gate table has one row per check', () => {
    const tree = parse(lab.report(r, 'en'));
    const v = tableAfter(tree, 'Variant comparison');
    expect(v.children).toHaveLength(3);
    expect(toString(v.children[1].children[0])).toBe(NASTY_VARIANT);
    const g = tableAfter(tree, 'Gate conditions');
    expect(g.children).toHaveLength(1 + r.checks.length);
    expect(toString(g.children[1].children[0])).toBe('recall_at_k');
  });
  it('the unsupported claim and the citation outside the retrieved list are listed as text', () => {
    const md = lab.report(r, 'en');
    const tree = parse(md);
    const i = tree.children.findIndex((n) => n.type === 'heading' && toString(n) === 'Unsupported claims and citations outside the evidence');
    const items = tree.children[i + 1];
    expect(items.type).toBe('list');
    const texts = (items as { children: RootContent[] }).children.map((c) => toString(c));
    expect(texts[0]).toContain('claim | with newline `tick` <script>x</script>');
    expect(texts.some((x) => x.includes('ghost|`'))).toBe(true);
  });
  it('Spanish and English reports have the same structure', () => {
    const shape = (md: string) => parse(md).children.map((n) => (n.type === 'table' ? `table${n.children.length}x${n.children[0].children.length}` : n.type));
    expect(shape(lab.report(r, 'es'))).toEqual(shape(lab.report(r, 'en')));
  });
  it('numbers are rounded at 4 decimals in the report only', () => {
    expect(fmtNumber(2 / 3)).toBe('0.6667');
    expect(fmtNumber(-0.00001)).toBe('0');
    expect(fmtNumber(null)).toBeNull();
  });
});
