/**
 * decision.md as a Markdown syntax tree (mdast), serialized by mdast-util-to-markdown with GFM
 * tables. Reports are never built by concatenating strings: every piece of user text (case ids,
 * labels, slice names, owners, messages) goes into a `text` or `inlineCode` node, and the serializer
 * escapes what would otherwise start a heading, break a table (`|`, newlines) or pass raw HTML.
 *
 *   renderMarkdown(root(heading(1, 'Decisión'), paragraph(strong('FAIL')), table(['a', 'b'], [['1', '2']])))
 */
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import type { Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import { coreMsg } from './i18n/index.ts';
import type { GateCheck } from './gate_check.ts';
import type { Lang } from './types.ts';

/** Phrasing content, or a plain string (becomes a text node). */
export type Inline = PhrasingContent | string;

const inline = (c: Inline): PhrasingContent => (typeof c === 'string' ? { type: 'text', value: c } : c);

/** User text never spans lines inside a phrase: newlines and other line breaks become spaces. */
function oneLine(s: string): string {
  return s.replace(/[\r\n\u2028\u2029\v\f]+/g, ' ');
}

export function text(value: string): PhrasingContent {
  return { type: 'text', value: oneLine(value) };
}
export function code(value: string): PhrasingContent {
  return { type: 'inlineCode', value: oneLine(value) };
}
export function strong(...children: Inline[]): PhrasingContent {
  return { type: 'strong', children: children.map((c) => (typeof c === 'string' ? text(c) : c)) };
}
export function emphasis(...children: Inline[]): PhrasingContent {
  return { type: 'emphasis', children: children.map((c) => (typeof c === 'string' ? text(c) : c)) };
}
export function heading(depth: 1 | 2 | 3 | 4, ...children: Inline[]): Heading {
  return { type: 'heading', depth, children: children.map((c) => (typeof c === 'string' ? text(c) : c)) };
}
export function paragraph(...children: Inline[]): Paragraph {
  return { type: 'paragraph', children: children.map((c) => (typeof c === 'string' ? text(c) : c)) };
}
/** A bullet list; each item is one paragraph of inline content. */
export function list(items: Inline[][]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((it): ListItem => ({ type: 'listItem', spread: false, children: [paragraph(...it)] })),
  };
}
/**
 * A GFM table: a header row and body rows of cells; a cell is one inline (strings become text) or a
 * list of inlines shown side by side (e.g. an id in code followed by a word).
 */
export function table(header: (Inline | Inline[])[], rows: (Inline | Inline[])[][], align?: ('left' | 'right' | 'center' | null)[]): Table {
  const one = (c: Inline): PhrasingContent => (typeof c === 'string' ? text(c) : inline(c));
  const row = (cells: (Inline | Inline[])[]): TableRow => ({
    type: 'tableRow',
    children: cells.map((c): TableCell => ({ type: 'tableCell', children: Array.isArray(c) ? c.map(one) : [one(c)] })),
  });
  return { type: 'table', align: align ?? header.map(() => null), children: [row(header), ...rows.map(row)] };
}
export function root(...children: (RootContent | null | false | undefined)[]): Root {
  return { type: 'root', children: children.filter((c): c is RootContent => !!c) };
}

/** Serializes a report tree to Markdown (GFM tables; `-` bullets; trailing newline). */
export function renderMarkdown(tree: Root): string {
  return toMarkdown(tree, { extensions: [gfmTableToMarkdown()], bullet: '-', rule: '-', fences: true });
}

/**
 * A finite number as the reports print it: rounded to `digits` decimals (default 4) as a plain
 * number string ("0.25", "-0.3333", "1"; −0 prints as "0"). Safe for every finite number: from
 * 10^15 on a double has no fractional digits to round, so the number prints as is ("-3.85e+298",
 * never "Infinity" from x·10^digits overflowing, nor a rounding artefact). Non-finite input (which
 * no scorecard holds) prints as "undefined" rather than throwing.
 */
export function fmtDecimal(x: number, digits = 4): string {
  if (!Number.isFinite(x)) return 'undefined';
  if (Math.abs(x) >= 1e15) return String(x);
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return String(Object.is(r, -0) ? 0 : r);
}

/**
 * The decision.md table of a lab's gate checks (core/contract/gate_check.ts), in `lang`: what is
 * checked (`label`), its value (`value`, which writes an undefined value the lab's way), the
 * comparator and the threshold (fmtDecimal, 4 decimals), and the result: met, or "not met" /
 * "undefined" followed by the check's reason code.
 */
export function checksTable<C extends GateCheck>(checks: readonly C[], lang: Lang, label: (c: C) => Inline, value: (c: C) => Inline): Table {
  const r = coreMsg(lang).checks_table;
  return table(
    [r.condition, r.value, r.threshold, r.result],
    checks.map((c) => [
      label(c),
      value(c),
      `${c.comparator} ${fmtDecimal(c.threshold)}`,
      c.status === 'pass' ? r.ok : [`${c.status === 'undefined' ? r.undefined_status : r.not_ok} (`, code(c.reason ?? ''), ')'],
    ]),
  );
}
