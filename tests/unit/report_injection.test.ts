/**
 * decision.md cannot be broken by user text. Every lab's preset is rewritten so that its ids,
 * slices, labels, owner, rollback and free texts carry a hostile string (a `|`, a newline, a
 * heading mark, backticks, emphasis, a link to javascript:, and `<script>`); the report is parsed
 * back with mdast-util-from-markdown + GFM and must have the same structure as the benign report:
 * the same headings (depth and count), the same tables with the same number of cells in every row,
 * no raw HTML node, no link, and the hostile text present as text or inline code.
 */
import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Nodes, Root } from 'mdast';
import { createRunner } from '../../labs/runner.ts';
import { LAB_IDS } from '../../labs/manifest.ts';
import { presetTexts } from '../helpers/presets.ts';

const HOSTILE = 'x|y\n# H1 `tick` <script>alert(1)</script> *em* [l](javascript:alert(1)) | z ';
/** For CSV cells: no comma, quote or newline (the CSV reader would split them), the rest as hostile. */
const HOSTILE_CSV = 'x|y # H1 `tick` <script>alert(1)</script> *em* [l](javascript:alert(1)) | z ';

/** Keys whose string values (or arrays of strings) are user text that a report may show. */
const TEXT_KEYS = new Set([
  'case_id', 'slice', 'item', 'run_id', 'evaluator_id', 'decision_owner', 'owner', 'rollback', 'rubric_id', 'change_id', 'task',
  'critical_slices', 'valid_slices', 'known_bad_slices', 'if_no_policy_passes', 'eval_name', 'description', 'policy_id',
]);

function hostileJson(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return TEXT_KEYS.has(key) ? HOSTILE + value : value;
  if (Array.isArray(value)) return value.map((v) => hostileJson(v, key));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = hostileJson(v, k);
    return out;
  }
  return value;
}

function hostileText(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(hostileJson(JSON.parse(text)), null, 2);
    } catch {
      // JSONL: one object per line
    }
    if (trimmed.startsWith('{')) {
      return text
        .split('\n')
        .map((l) => (l.trim() === '' ? l : JSON.stringify(hostileJson(JSON.parse(l)))))
        .join('\n');
    }
  }
  // CSV with a header: the case_id and slice columns.
  const lines = text.split(/\r?\n/);
  const header = lines[0].split(',');
  const cols = ['case_id', 'slice'].map((c) => header.indexOf(c)).filter((i) => i >= 0);
  if (cols.length === 0) return text;
  return [lines[0], ...lines.slice(1).map((l) => (l.trim() === '' ? l : l.split(',').map((c, k) => (cols.includes(k) ? HOSTILE_CSV + c : c)).join(',')))].join('\n');
}

function parse(md: string): Root {
  return fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function walk(n: Nodes, f: (n: Nodes) => void): void {
  f(n);
  if ('children' in n) for (const c of n.children) walk(c as Nodes, f);
}

function shape(tree: Root) {
  const headings: number[] = [];
  const tables: number[][] = [];
  let html = 0;
  let links = 0;
  const texts: string[] = [];
  walk(tree, (n) => {
    if (n.type === 'heading') headings.push(n.depth);
    if (n.type === 'table') tables.push(n.children.map((r) => r.children.length));
    if (n.type === 'html') html++;
    if (n.type === 'link' || n.type === 'linkReference' || n.type === 'image') links++;
    if (n.type === 'text' || n.type === 'inlineCode') texts.push(n.value);
  });
  return { headings, tables, html, links, texts };
}

describe('decision.md with hostile user text keeps its structure (every lab)', () => {
  it.each(LAB_IDS)('%s', async (lab) => {
    for (const lang of ['es', 'en'] as const) {
      const benignTexts = presetTexts(lab, lang);
      const hostileTexts = Object.fromEntries(Object.entries(benignTexts).map(([k, v]) => [k, hostileText(v)]));
      const runner = createRunner();
      const benign = await runner.runAny(lab, benignTexts, lang);
      const hostile = await runner.runAny(lab, hostileTexts, lang);
      expect(benign.ok).toBe(true);
      if (!hostile.ok) throw new Error(`${lab}: the hostile preset was refused: ${JSON.stringify(hostile.issues.slice(0, 3))}`);
      if (!benign.ok) return;
      const a = shape(parse(benign.report));
      const b = shape(parse(hostile.report));
      expect(b.headings, `${lab} ${lang}: headings`).toEqual(a.headings);
      expect(b.tables, `${lab} ${lang}: tables`).toEqual(a.tables);
      expect(b.html, `${lab} ${lang}: raw HTML`).toBe(0);
      expect(b.links, `${lab} ${lang}: links`).toBe(0);
      // Every table row has as many cells as its header.
      for (const t of b.tables) expect(new Set(t).size).toBe(1);
      // The hostile text reached the report as text (when the report shows any user text at all).
      const joined = b.texts.join('\n');
      if (joined.includes('alert(1)')) expect(joined).toContain('<script>alert(1)</script>');
      expect(hostile.report).not.toMatch(/^#+ H1/m);
    }
  });

  it('each report shows at least some of the hostile text (so the test above is not vacuous)', async () => {
    const shown: string[] = [];
    for (const lab of LAB_IDS) {
      const r = await createRunner().runAny(lab, Object.fromEntries(Object.entries(presetTexts(lab)).map(([k, v]) => [k, hostileText(v)])), 'es');
      if (r.ok && shape(parse(r.report)).texts.join('\n').includes('<script>alert(1)</script>')) shown.push(lab);
    }
    expect(shown.sort()).toEqual([...LAB_IDS].sort());
  });
});
