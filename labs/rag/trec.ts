/**
 * TREC files, the formats retrieval people already have (trec_eval's, NIST):
 *
 *   qrels  `qid iter docid rel`              one judgment per line; iter (usually 0) is ignored
 *   run    `qid Q0 docid rank score tag`     one retrieved document per line; Q0 is ignored
 *
 * Fields are separated by any run of spaces or tabs; blank lines and lines starting with `#` are
 * skipped. In this lab qid is a case_id and docid a chunk_id.
 *
 * Conventions:
 * - rel is a number in [MIN_GRADE, MAX_GRADE] (integers in TREC; −2 marks junk in the web tracks);
 *   rel <= 0 is not relevant. A (qid, docid) judged twice is an error (which grade counts would be
 *   a guess).
 * - A run's order is its scores, decreasing, as trec_eval reads it; ties keep the file's order (not
 *   trec_eval's reverse docid order), so that "ties keep the list's order" holds for runs too. The
 *   rank column must be an integer >= 1 and is kept (`file_ranks`) but does not decide the order.
 * - A docid repeated within a query is kept: the ranking metrics count it once, at its first rank.
 * - One run per file: every line must carry the first line's tag (a second run goes in the other
 *   run input, `run_b`, `--run-b`).
 * Problems name the input, the 1-based line and the field (qid, docid, rel, rank, score, tag) in the
 * requested language; at most `maxIssues` are listed, `total_issues` counts them all.
 */
import type { Lang, ParseOutcome } from '../core/contract/types.ts';
import { IssueCollector, MAX_ABS_NUMBER } from '../core/contract/parse.ts';
import { ragMsg } from './i18n/index.ts';

/** Grades accepted in gold_chunks and qrels (inclusive). */
export const MIN_GRADE = -100;
export const MAX_GRADE = 100;

/** Judgments of a qrels file. */
export interface Qrels {
  /** qid -> [docid, grade] entries, in file order; qids in order of first appearance. */
  queries: Map<string, [string, number][]>;
  /** Judgment lines read. */
  judgments: number;
}

/** One query's ranked list in a run. */
export interface RunList {
  /** docids in ranking order (score decreasing, ties in file order). */
  ids: string[];
  scores: number[];
  /** The rank column of each line, in the same order. */
  file_ranks: number[];
}

/** A run file. */
export interface TrecRun {
  /** The run's tag (last column), the same on every line. */
  tag: string;
  /** qid -> ranked list; qids in order of first appearance. */
  queries: Map<string, RunList>;
  /** Lines read. */
  lines: number;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^\d+$/;

interface Line {
  no: number;
  fields: string[];
}

function* dataLines(text: string): Generator<Line> {
  let start = 0;
  let no = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    no++;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '' || line.startsWith('#')) continue;
    yield { no, fields: line.split(/[ \t]+/) };
  }
}

/**
 * Reads a qrels text (`qid iter docid rel` per line). Never throws.
 * @param input the input's name in messages ('qrels').
 */
export function parseQrels(text: string, input: string, lang: Lang, maxIssues = 50): ParseOutcome<Qrels> {
  const t = ragMsg(lang).trec;
  const names = ['qid', 'iter', 'docid', 'rel'];
  const c = new IssueCollector(maxIssues);
  const queries = new Map<string, [string, number][]>();
  const seen = new Map<string, Set<string>>();
  let judgments = 0;
  for (const { no, fields } of dataLines(text)) {
    if (fields.length !== 4) {
      c.add(() => ({ input, line: no, field: names[Math.min(fields.length, 3)], message: t.field_count(4, fields.length, 'qid iter docid rel') }));
      continue;
    }
    const [qid, , docid, relText] = fields;
    if (!NUMBER.test(relText)) {
      c.add(() => ({ input, line: no, field: 'rel', message: t.bad_rel(relText, MIN_GRADE, MAX_GRADE) }));
      continue;
    }
    const rel = Number(relText);
    if (!(rel >= MIN_GRADE && rel <= MAX_GRADE)) {
      c.add(() => ({ input, line: no, field: 'rel', message: t.bad_rel(relText, MIN_GRADE, MAX_GRADE) }));
      continue;
    }
    let docs = seen.get(qid);
    if (!docs) {
      docs = new Set();
      seen.set(qid, docs);
      queries.set(qid, []);
    }
    if (docs.has(docid)) {
      c.add(() => ({ input, line: no, field: 'docid', message: t.duplicate_judgment(qid, docid) }));
      continue;
    }
    docs.add(docid);
    queries.get(qid)!.push([docid, rel]);
    judgments++;
  }
  if (judgments === 0 && c.issues.length === 0) c.add(() => ({ input, message: t.no_lines('qid iter docid rel') }));
  return c.failure() ?? { ok: true, value: { queries, judgments } };
}

/**
 * Reads a run text (`qid Q0 docid rank score tag` per line). Never throws.
 * @param input the input's name in messages ('run' or 'run_b').
 */
export function parseRun(text: string, input: string, lang: Lang, maxIssues = 50): ParseOutcome<TrecRun> {
  const t = ragMsg(lang).trec;
  const names = ['qid', 'Q0', 'docid', 'rank', 'score', 'tag'];
  const c = new IssueCollector(maxIssues);
  const rows = new Map<string, { id: string; score: number; rank: number; order: number }[]>();
  let tag: string | null = null;
  let tagLine = 0;
  let lines = 0;
  for (const { no, fields } of dataLines(text)) {
    if (fields.length !== 6) {
      c.add(() => ({ input, line: no, field: names[Math.min(fields.length, 5)], message: t.field_count(6, fields.length, 'qid Q0 docid rank score tag') }));
      continue;
    }
    const [qid, , docid, rankText, scoreText, rowTag] = fields;
    let bad = false;
    if (!INTEGER.test(rankText) || Number(rankText) < 1 || !Number.isSafeInteger(Number(rankText))) {
      c.add(() => ({ input, line: no, field: 'rank', message: t.bad_rank(rankText) }));
      bad = true;
    }
    const score = Number(scoreText);
    if (!NUMBER.test(scoreText) || !(Math.abs(score) <= MAX_ABS_NUMBER)) {
      c.add(() => ({ input, line: no, field: 'score', message: t.bad_score(scoreText) }));
      bad = true;
    }
    if (tag === null) {
      tag = rowTag;
      tagLine = no;
    } else if (rowTag !== tag) {
      const first = tag;
      const firstLine = tagLine;
      c.add(() => ({ input, line: no, field: 'tag', message: t.tag_mismatch(rowTag, first, firstLine) }));
      bad = true;
    }
    if (bad) continue;
    let list = rows.get(qid);
    if (!list) {
      list = [];
      rows.set(qid, list);
    }
    list.push({ id: docid, score, rank: Number(rankText), order: lines });
    lines++;
  }
  if (lines === 0 && c.issues.length === 0) c.add(() => ({ input, message: t.no_lines('qid Q0 docid rank score tag') }));
  const queries = new Map<string, RunList>();
  for (const [qid, list] of rows) {
    list.sort((a, b) => b.score - a.score || a.order - b.order);
    queries.set(qid, { ids: list.map((r) => r.id), scores: list.map((r) => r.score), file_ranks: list.map((r) => r.rank) });
  }
  return c.failure() ?? { ok: true, value: { tag: tag ?? '', queries, lines } };
}
