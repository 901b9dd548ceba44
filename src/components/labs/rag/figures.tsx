/**
 * The RAG figures shared by the lab (trace and fusion panels) and the chapter-03 widgets. Each one
 * draws what the engine returned (labs/rag/engine.ts: Trace, the scored lists) and computes
 * nothing: ranks, grades, context, claims, citations and fused scores all come from the scorecard.
 * Every figure is a ChartFrame (title, description, data table) laid out for its on-screen width
 * (useChartBox measures its figure; `width` is the widest layout), so its 11 px text stays 11 px on a phone; chunk ids are broken
 * over up to three lines (at '#', then at '-', '_', '/', '.') and cut with "…" only when even that does
 * not fit (the data table has them whole).
 *
 *   RankedListFigure  one case's retrieved list in rank order: grade, context, citation, the cut at k,
 *                     and the judged chunks the retriever did not return
 *   FusionFigure      the fused list of one case with each chunk's rank in the two fused lists and
 *                     its fused score, the cut at k
 *   ClaimsFigure      one answer's claims against the chunks: which chunk supports which claim, which
 *                     were in the context, which were cited, and the claims with no support
 */
import type { ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { Trace } from '../../../../labs/rag/engine.ts';
import ChartFrame, { useChartBox } from '../../charts/ChartFrame.tsx';
import { ui } from './i18n/ui.ts';
import { fmt, useFmt } from '../shared/format.tsx';

const CHAR = 6.7; // advance of an 11 px monospace character, px
const ROW = 34;
const HEAD = 22;
const GAP = 20; // the band where the cut at k is drawn

/**
 * A chunk id broken into lines of at most `width` px (about CHAR px a character): at '#' first, then
 * after '-', '_', '/' or '.', hard-cut only inside a run longer than a line; at most `maxLines`
 * lines, the last one ending in "…" when the id does not fit (the data table has it whole).
 */
export function chunkLines(id: string, width: number, maxLines = 3): string[] {
  const max = Math.max(4, Math.floor(width / CHAR));
  if (id.length <= max) return [id];
  const tokens: string[] = [];
  let cur = '';
  for (const ch of id) {
    if (ch === '#' && cur) {
      tokens.push(cur);
      cur = '';
    }
    cur += ch;
    if ('-_/.'.includes(ch)) {
      tokens.push(cur);
      cur = '';
    }
  }
  if (cur) tokens.push(cur);
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (line) lines.push(line);
    line = '';
  };
  for (let tok of tokens) {
    const forceBreak = tok.startsWith('#');
    if (forceBreak || line.length + tok.length > max) flush();
    while (tok.length > max) {
      lines.push(tok.slice(0, max));
      tok = tok.slice(max);
    }
    line += tok;
  }
  flush();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = `${last.slice(0, Math.max(1, max - 1))}…`;
  return kept;
}

/** Height of a row holding `n` label lines. */
const rowHeight = (n: number) => Math.max(ROW, n * 13 + 10);

function ChunkText({ lines, x, y, id, extra, className }: { lines: string[]; x: number; y: number; id: string; extra?: string; className?: string }) {
  const top = y - ((lines.length - 1) * 13) / 2 + 4;
  return (
    <text x={x} y={top} className={className ?? 'chunk-label'}>
      <title>{id}</title>
      {lines.map((l, i) => <tspan key={i} x={x} dy={i === 0 ? 0 : 13}>{l}{i === lines.length - 1 && extra ? extra : ''}</tspan>)}
    </text>
  );
}

/** Vertical layout of rows of varying height: the centre of each row and the total height. */
function layout(heights: number[], top: number, gapAfter: number | null, gap: number): { mid: number[]; tops: number[]; bottom: number; gapY: number } {
  const mid: number[] = [];
  const tops: number[] = [];
  let y = top;
  let gapY = top;
  heights.forEach((h, i) => {
    if (gapAfter !== null && i === gapAfter) {
      gapY = y + gap / 2;
      y += gap;
    }
    tops.push(y);
    mid.push(y + h / 2);
    y += h;
  });
  if (gapAfter !== null && gapAfter >= heights.length) {
    gapY = y + gap / 2;
    y += gap;
  }
  return { mid, tops, bottom: y, gapY };
}

/** The grade as a labelled chip: "–" not judged, "0" judged not relevant, darker for higher grades. */
function GradeChip({ grade, x, y }: { grade: number | null; x: number; y: number }) {
  const fill = grade === null ? '#ffffff' : grade <= 0 ? '#eef0f3' : grade === 1 ? '#d3ebd9' : grade === 2 ? '#8fcca3' : '#1f6b3a';
  const color = grade !== null && grade >= 3 ? '#ffffff' : '#1b1f24';
  const num = useFmt();
  return (
    <g>
      <rect x={x} y={y - 9} width={28} height={18} rx={3} fill={fill} stroke={grade === null ? '#8a94a3' : '#1f6b3a'} strokeDasharray={grade === null ? '3 2' : undefined} />
      <text x={x + 14} y={y + 4} textAnchor="middle" className="grade-chip" style={{ fill: color }}>{grade === null ? '–' : num(grade, 2)}</text>
    </g>
  );
}

function Check({ x, y, on, color = '#1d4e89' }: { x: number; y: number; on: boolean; color?: string }) {
  return on ? <polyline points={`${x - 5},${y} ${x - 1},${y + 4} ${x + 6},${y - 5}`} fill="none" stroke={color} strokeWidth={2.5} /> : null;
}

function Dot({ x, y, on }: { x: number; y: number; on: boolean }) {
  return <circle cx={x} cy={y} r={5} fill={on ? '#1d4e89' : '#ffffff'} stroke="#1d4e89" strokeWidth={1.5} />;
}

/** The dashed cut at k across the figure, with its words. */
function Cut({ y, width, label }: { y: number; width: number; label: string }) {
  return (
    <g className="cut">
      <line x1={2} x2={width - 2} y1={y} y2={y} stroke="#a3211b" strokeWidth={2} strokeDasharray="6 3" />
      <text x={width / 2} y={y - 4} textAnchor="middle" className="cut-label">{label}</text>
    </g>
  );
}

/** The heads of a ranked-list figure: rank, chunk, then the columns of its strip (columnStrip). */
function ListHeads({ rank, chunk, labelX, cols, colX }: { rank: string; chunk: string; labelX: number; cols: readonly { key: string; label: string }[]; colX: (key: string) => number }) {
  return (
    <>
      <text x={4} y={14} className="col-head">{rank}</text>
      <text x={labelX} y={14} className="col-head">{chunk}</text>
      {cols.map((c) => <text key={c.key} x={colX(c.key)} y={14} textAnchor="middle" className="col-head">{c.label}</text>)}
    </>
  );
}

/**
 * What every row of a ranked-list figure starts with: its band (green with a mark when the chunk is
 * relevant, else striped), the rank, the chunk id (wrapped in `lines`) and the grade chip at `gradeX`.
 */
function ListRowStart({ row, odd, top, height, y, width, lines, labelX, gradeX }: { row: { rank: number; chunk_id: string; relevant: boolean; grade: number | null }; odd: boolean; top: number; height: number; y: number; width: number; lines: string[]; labelX: number; gradeX: number }) {
  return (
    <>
      <rect x={0} y={top + 1} width={width} height={height - 2} fill={row.relevant ? '#eef7f0' : odd ? '#fafbfc' : '#ffffff'} />
      {row.relevant && <rect x={0} y={top + 1} width={4} height={height - 2} fill="#1f6b3a" />}
      <text x={10} y={y + 4} className="rank-num">{row.rank}</text>
      <ChunkText id={row.chunk_id} lines={lines} x={labelX} y={y} />
      <GradeChip grade={row.grade} x={gradeX - 14} y={y} />
    </>
  );
}

interface BaseProps {
  lang: Lang;
  /** Widest layout in CSS pixels: the chart lays out for its on-screen width (useChartBox), up to this. */
  width?: number;
  /** Width laid out for until the figure is measured (the server render); default `width`. A chart that a phone may show unhydrated (a chapter widget) passes PHONE_FALLBACK. */
  fallback?: number;
  title: string;
  description: string;
  testId?: string;
  caption?: ReactNode;
}

/**
 * A strip of fixed-width columns at the right edge of a figure `W` px wide: its total width
 * (`right`) and the centre x of the column `key` (the strip's right edge for an unknown key).
 */
function columnStrip(cols: readonly { key: string; w: number }[], W: number): { right: number; colX: (key: string) => number } {
  const right = cols.reduce((s, c) => s + c.w, 0);
  const colX = (key: string) => {
    let x = W - right;
    for (const c of cols) {
      if (c.key === key) return x + c.w / 2;
      x += c.w;
    }
    return x;
  };
  return { right, colX };
}

/**
 * One case's retrieved list (Trace.retrieved) in rank order, cut at the trace's k, with the judged
 * chunks that were not retrieved below it. `context` and `cited` add those columns.
 */
export function RankedListFigure({ lang, width = 760, fallback = width, title, description, testId, caption, trace, context = true, cited = true }: BaseProps & { trace: Trace; context?: boolean; cited?: boolean }) {
  const t = ui(lang).rag.fig;
  const box = useChartBox(fallback, width, 240);
  const W = box.width;
  const cols = [{ key: 'grade', label: t.grade, w: 44 }, ...(context ? [{ key: 'context', label: t.context, w: 58 }] : []), ...(cited ? [{ key: 'cited', label: t.cited, w: 40 }] : [])];
  const { right, colX } = columnStrip(cols, W);
  const labelX = 30;
  const labelW = W - labelX - right - 6;
  const rows = trace.retrieved;
  const k = trace.k;
  const cutAt = Math.min(k, rows.length);
  const rowLines = rows.map((r) => chunkLines(r.chunk_id + (r.duplicate ? ` ${t.duplicate_short}` : ''), labelW));
  const L = layout(rowLines.map((l) => rowHeight(l.length)), HEAD, cutAt, GAP);
  const missing = trace.judged_not_retrieved;
  const missLines = missing.map((m) => chunkLines(m.chunk_id, labelW));
  const M = layout(missLines.map((l) => rowHeight(l.length)), L.bottom + (missing.length ? 24 : 0), null, 0);
  const listBottom = L.bottom;
  const H = M.bottom + 8;
  const cutY = L.gapY + 4;
  const yes = t.yes;
  const no = t.no;
  return (
    <ChartFrame title={title} description={description} className="chart-wide rag-figure" testId={testId} width={W} height={H} box={box} caption={caption}
      table={{
        summary: ui(lang).lab.chart_table,
        columns: [t.rank, t.chunk, t.grade, t.relevant, ...(context ? [t.context] : []), ...(cited ? [t.cited] : []), t.in_top_k(k)],
        rows: [
          ...rows.map((r) => ({
            key: `r${r.rank}`,
            cells: [r.rank, <code key="c">{r.chunk_id}</code>, r.grade === null ? t.unjudged : fmt(r.grade, lang, 2), r.duplicate ? t.duplicate : r.relevant ? yes : no, ...(context ? [r.in_context ? yes : no] : []), ...(cited ? [r.cited ? yes : no] : []), r.in_top_k ? yes : no],
          })),
          ...missing.map((m) => ({ key: `m-${m.chunk_id}`, cells: [t.not_retrieved_rank, <code key="c">{m.chunk_id}</code>, fmt(m.grade, lang, 2), m.relevant ? yes : no, ...(context ? [no] : []), ...(cited ? ['–'] : []), no] })),
        ],
      }}
    >
      <ListHeads rank={t.rank_short} chunk={t.chunk} labelX={labelX} cols={cols} colX={colX} />
      {rows.map((r, i) => {
        const y = L.mid[i];
        const h = rowHeight(rowLines[i].length);
        return (
          <g key={r.rank} data-rank={r.rank} data-chunk={r.chunk_id} data-relevant={r.relevant ? 'true' : 'false'}>
            <ListRowStart row={r} odd={i % 2 === 1} top={L.tops[i]} height={h} y={y} width={W} lines={rowLines[i]} labelX={labelX} gradeX={colX('grade')} />
            {context && <Dot x={colX('context')} y={y} on={r.in_context} />}
            {cited && <Check x={colX('cited')} y={y} on={r.cited} />}
          </g>
        );
      })}
      <Cut y={cutY} width={W} label={cutAt < k ? t.cut_beyond(k, rows.length) : t.cut(k)} />
      {missing.length > 0 && <text x={4} y={listBottom + 16} className="col-head">{t.judged_not_retrieved}</text>}
      {missing.map((m, i) => {
        const y = M.mid[i];
        return (
          <g key={m.chunk_id} data-missing={m.chunk_id}>
            <rect x={0} y={M.tops[i] + 1} width={W} height={rowHeight(missLines[i].length) - 2} fill="#fff7f6" stroke="#e0a39e" strokeDasharray="4 3" />
            <text x={10} y={y + 4} className="rank-num">–</text>
            <ChunkText id={m.chunk_id} lines={missLines[i]} x={labelX} y={y} />
            <GradeChip grade={m.grade} x={colX('grade') - 14} y={y} />
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** One case's list from one source of Trace.sources. */
type SourceList = Trace['sources'][number];

/**
 * The fused list of one case in fused order: each chunk's grade, its rank in list A and in list B
 * (– when absent from it), and its fused score (with a bar where the figure is wide enough), cut at k.
 */
export function FusionFigure({ lang, width = 760, fallback = width, title, description, testId, caption, fused, k, scoreLabel }: BaseProps & { fused: SourceList; k: number; scoreLabel: string }) {
  const t = ui(lang).rag.fig;
  const box = useChartBox(fallback, width, 240);
  const W = box.width;
  const cols = [{ key: 'grade', w: 38, label: t.grade }, { key: 'a', w: 24, label: 'A' }, { key: 'b', w: 24, label: 'B' }];
  const barW = Math.max(66, Math.min(180, Math.round(W * 0.22)));
  // the columns stand just left of the bars
  const strip = columnStrip(cols, W - barW);
  const right = strip.right + barW;
  const colX = strip.colX;
  const labelX = 30;
  const labelW = W - labelX - right - 6;
  const barX = W - barW;
  const rows = fused.chunks;
  const cutAt = Math.min(k, rows.length);
  const rowLines = rows.map((r) => chunkLines(r.chunk_id, labelW));
  const L = layout(rowLines.map((l) => rowHeight(l.length)), HEAD, cutAt, GAP);
  const H = L.bottom + 6;
  const max = Math.max(1e-12, ...rows.map((r) => r.fused_score ?? 0));
  const textRoom = 46;
  const rank = (v: number | null | undefined) => (v === null || v === undefined ? '–' : String(v));
  return (
    <ChartFrame title={title} description={description} className="chart-wide rag-figure" testId={testId} width={W} height={H} box={box} caption={caption}
      table={{
        summary: ui(lang).lab.chart_table,
        columns: [t.rank, t.chunk, t.grade, t.rank_in('A'), t.rank_in('B'), scoreLabel],
        rows: rows.map((r) => ({
          key: `f${r.rank}`,
          cells: [r.rank, <code key="c">{r.chunk_id}</code>, r.grade === null ? t.unjudged : fmt(r.grade, lang, 2), rank(r.fused_ranks?.[0]), rank(r.fused_ranks?.[1]), r.fused_score === undefined ? '–' : fmt(r.fused_score, lang, 4)],
        })),
      }}
    >
      <ListHeads rank={t.rank_short} chunk={t.chunk} labelX={labelX} cols={cols} colX={colX} />
      <text x={barX + 2} y={14} className="col-head">{scoreLabel}</text>
      {rows.map((r, i) => {
        const y = L.mid[i];
        const h = rowHeight(rowLines[i].length);
        const bw = Math.max(1, ((r.fused_score ?? 0) / max) * (barW - textRoom - 4));
        return (
          <g key={r.chunk_id} data-rank={r.rank} data-chunk={r.chunk_id} data-relevant={r.relevant ? 'true' : 'false'}>
            <ListRowStart row={r} odd={i % 2 === 1} top={L.tops[i]} height={h} y={y} width={W} lines={rowLines[i]} labelX={labelX} gradeX={colX('grade')} />
            <text x={colX('a')} y={y + 4} textAnchor="middle" className="rank-num">{rank(r.fused_ranks?.[0])}</text>
            <text x={colX('b')} y={y + 4} textAnchor="middle" className="rank-num">{rank(r.fused_ranks?.[1])}</text>
            {barW >= 110 && <rect x={barX + 2} y={y - 6} width={bw} height={12} fill="#1d4e89" />}
            <text x={barW >= 110 ? barX + 6 + bw : barX + 2} y={y + 4} className="bar-num">{r.fused_score === undefined ? '–' : fmt(r.fused_score, lang, 4)}</text>
          </g>
        );
      })}
      <Cut y={L.gapY + 4} width={W} label={cutAt < k ? t.cut_beyond(k, rows.length) : t.cut(k)} />
    </ChartFrame>
  );
}

/**
 * One answer's claims against the chunks (Trace.answer): a row per chunk (the retrieved list in rank
 * order, then chunks that claims or citations name outside it), a column per claim (a filled cell:
 * that chunk supports it) and one for citations; a last row marks the claims no chunk supports.
 */
export function ClaimsFigure({ lang, width = 760, fallback = width, title, description, testId, caption, trace }: BaseProps & { trace: Trace }) {
  const t = ui(lang).rag.fig;
  const box = useChartBox(fallback, width, 240);
  const W = box.width;
  const ans = trace.answer;
  const claims = ans?.claims ?? [];
  const shown = claims.slice(0, 8);
  const retrieved = trace.retrieved.filter((r) => !r.duplicate);
  const inRetrieved = new Set(retrieved.map((r) => r.chunk_id));
  const outside: string[] = [];
  const addOutside = (id: string) => {
    if (!inRetrieved.has(id) && !outside.includes(id)) outside.push(id);
  };
  for (const c of claims) for (const s of c.supporting_chunks) addOutside(s.chunk_id);
  for (const c of ans?.citations ?? []) addOutside(c.chunk_id);
  // the evidence the retriever missed: judged relevant, never retrieved
  for (const j of trace.judged_not_retrieved) if (j.relevant) addOutside(j.chunk_id);
  const citedSet = new Set((ans?.citations ?? []).map((c) => c.chunk_id));
  const contextSet = new Set(trace.context.chunk_ids);
  const grades = new Map<string, number | null>(retrieved.map((r) => [r.chunk_id, r.grade]));
  for (const c of ans?.citations ?? []) if (!grades.has(c.chunk_id)) grades.set(c.chunk_id, c.grade);
  for (const j of trace.judged_not_retrieved) if (!grades.has(j.chunk_id)) grades.set(j.chunk_id, j.grade);
  const supports = (id: string, ci: number) => shown[ci]?.supporting_chunks.some((s) => s.chunk_id === id) ?? false;
  const ids = [...retrieved.map((r) => r.chunk_id), ...outside];

  const cw = 30;
  const cols = [{ key: 'grade', w: 40, label: t.grade }, { key: 'ctx', w: 30, label: t.context_short }, ...shown.map((_, i) => ({ key: `c${i}`, w: cw, label: t.claim_short(i + 1) })), { key: 'cite', w: 36, label: t.cited }];
  const { right, colX } = columnStrip(cols, W);
  const labelX = 8;
  const labelW = W - labelX - right - 6;
  const idLines = ids.map((id) => chunkLines(id, labelW));
  const R = layout(idLines.slice(0, retrieved.length).map((l) => rowHeight(l.length)), HEAD, null, 0);
  const outsideTop = R.bottom + (outside.length ? 22 : 0);
  const O = layout(idLines.slice(retrieved.length).map((l) => rowHeight(l.length)), outsideTop, null, 0);
  const mids = [...R.mid, ...O.mid];
  const tops = [...R.tops, ...O.tops];
  const noneY = O.bottom + 6 + ROW / 2;
  const H = noneY + ROW / 2 + 6;
  const yes = t.yes;
  const no = t.no;
  return (
    <ChartFrame title={title} description={description} className="chart-wide rag-figure" testId={testId} width={W} height={H} box={box} caption={caption}
      table={{
        summary: ui(lang).lab.chart_table,
        columns: [t.chunk, t.grade, t.where, ...claims.map((_, i) => t.claim_short(i + 1)), t.cited],
        rows: [
          ...ids.map((id) => ({
            key: id,
            cells: [<code key="c">{id}</code>, grades.get(id) === null || grades.get(id) === undefined ? t.unjudged : fmt(grades.get(id)!, lang, 2), contextSet.has(id) ? t.where_context : inRetrieved.has(id) ? t.where_retrieved : t.where_outside, ...claims.map((c) => (c.supporting_chunks.some((s) => s.chunk_id === id) ? t.supports : '')), citedSet.has(id) ? yes : no],
          })),
          { key: '__none', cells: [t.no_support_row, '', '', ...claims.map((c) => (c.supported ? '' : t.unsupported)), ''] },
        ],
      }}
    >
      <text x={labelX} y={14} className="col-head">{t.chunk}</text>
      {cols.map((c) => <text key={c.key} x={colX(c.key)} y={14} textAnchor="middle" className="col-head">{c.label}</text>)}
      {ids.map((id, i) => {
        const y = mids[i];
        const out = i >= retrieved.length;
        return (
          <g key={id} data-chunk={id} data-where={contextSet.has(id) ? 'context' : out ? 'outside' : 'retrieved'}>
            <rect x={0} y={tops[i] + 1} width={W} height={rowHeight(idLines[i].length) - 2} fill={out ? '#fff7f6' : i % 2 ? '#fafbfc' : '#ffffff'} stroke={out ? '#e0a39e' : 'none'} strokeDasharray={out ? '4 3' : undefined} />
            <ChunkText id={id} lines={idLines[i]} x={labelX} y={y} />
            <GradeChip grade={grades.get(id) ?? null} x={colX('grade') - 14} y={y} />
            <Dot x={colX('ctx')} y={y} on={contextSet.has(id)} />
            {shown.map((_, ci) => (supports(id, ci) ? <rect key={ci} x={colX(`c${ci}`) - 8} y={y - 8} width={16} height={16} rx={2} fill={contextSet.has(id) ? '#1f6b3a' : '#b35900'} /> : null))}
            <Check x={colX('cite')} y={y} on={citedSet.has(id)} color={out || !contextSet.has(id) ? '#a3211b' : '#1d4e89'} />
          </g>
        );
      })}
      {outside.length > 0 && <text x={labelX} y={outsideTop - 6} className="col-head">{t.outside_retrieved}</text>}
      <g data-chunk="__none">
        <line x1={0} x2={W} y1={noneY - ROW / 2} y2={noneY - ROW / 2} stroke="#d4d8de" />
        <text x={labelX} y={noneY + 4} className="chunk-label">{t.no_support_row}</text>
        {shown.map((c, ci) => (c.supported ? null : (
          <g key={ci} stroke="#a3211b" strokeWidth={2.5}>
            <line x1={colX(`c${ci}`) - 6} y1={noneY - 6} x2={colX(`c${ci}`) + 6} y2={noneY + 6} />
            <line x1={colX(`c${ci}`) - 6} y1={noneY + 6} x2={colX(`c${ci}`) + 6} y2={noneY - 6} />
          </g>
        )))}
      </g>
    </ChartFrame>
  );
}
