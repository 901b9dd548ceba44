/**
 * Edits the trace view makes to the learner's own texts: a chunk's grade (in the case's gold_chunks,
 * or in the qrels file when the case's judgments come from there), the order of a retrieved list,
 * and the context sent to the generator (context_chunks). JSON edits go through jsonc-parser's
 * `modify` (or swap the exact text of two list elements), so the rest of the learner's text keeps
 * its formatting, comments and key order byte for byte. A case is found by its case_id, never by
 * position. Each function returns the new text, or null when the text cannot be edited that way
 * (not a JSON array of cases, no case with that id, an index out of range); it never throws.
 * Nothing here computes a metric: the worker recomputes everything from the edited text.
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, type Node } from 'jsonc-parser';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2 } };

/** The index of the case with `caseId` in a cases text (a JSON array), or null. */
export function findCaseIndex(text: string, caseId: string): number | null {
  const root = parseTree(text);
  if (!root || root.type !== 'array' || !root.children) return null;
  const i = root.children.findIndex((el) => {
    const id = findNodeAtLocation(el, ['case_id']);
    return id?.type === 'string' && id.value === caseId;
  });
  return i < 0 ? null : i;
}

/**
 * Sets (or, with `grade` null, removes) the grade of `chunkId` in the gold_chunks of case `caseId`;
 * gold_chunks is created when absent.
 */
export function setGoldGrade(text: string, caseId: string, chunkId: string, grade: number | null): string | null {
  const i = findCaseIndex(text, caseId);
  if (i === null) return null;
  const gold = findNodeAtLocation(parseTree(text)!, [i, 'gold_chunks']);
  if (gold && gold.type !== 'object') return null;
  if (!gold && grade === null) return text;
  const edits = gold ? modify(text, [i, 'gold_chunks', chunkId], grade ?? undefined, FORMAT) : modify(text, [i, 'gold_chunks'], { [chunkId]: grade }, FORMAT);
  return applyEdits(text, edits);
}

/**
 * Sets (or removes, with `grade` null) the judgment `qid 0 docid rel` of a TREC qrels text. An
 * existing line keeps its spacing and only its grade field changes; a new judgment is appended as
 * its own line.
 */
export function setQrelsGrade(text: string, qid: string, docid: string, grade: number | null): string {
  const lines = text.split('\n');
  let found = false;
  const out: string[] = [];
  for (const line of lines) {
    const fields = line.trim().split(/\s+/);
    if (fields.length === 4 && fields[0] === qid && fields[2] === docid) {
      found = true;
      if (grade === null) continue;
      // replace the last field, keeping the line's own separators
      out.push(line.replace(/(\S+)(\s*)$/, `${grade}$2`));
    } else out.push(line);
  }
  if (!found && grade !== null) {
    const body = out.join('\n');
    return `${body}${body === '' || body.endsWith('\n') ? '' : '\n'}${qid} 0 ${docid} ${grade}\n`;
  }
  return out.join('\n');
}

function elementNodes(text: string, caseId: string, key: string): Node[] | null {
  const i = findCaseIndex(text, caseId);
  if (i === null) return null;
  const node = findNodeAtLocation(parseTree(text)!, [i, key]);
  return node?.type === 'array' ? (node.children ?? []) : null;
}

/**
 * Swaps the retrieved entries at 0-based positions `a` and `b` of case `caseId` (their exact texts
 * trade places; everything else stays as typed).
 */
export function swapRetrieved(text: string, caseId: string, a: number, b: number): string | null {
  const items = elementNodes(text, caseId, 'retrieved');
  if (!items || a === b || a < 0 || b < 0 || a >= items.length || b >= items.length) return null;
  const [p, q] = a < b ? [items[a], items[b]] : [items[b], items[a]];
  const pt = text.slice(p.offset, p.offset + p.length);
  const qt = text.slice(q.offset, q.offset + q.length);
  return text.slice(0, p.offset) + qt + text.slice(p.offset + p.length, q.offset) + pt + text.slice(q.offset + q.length);
}

/**
 * Sets the case's context_chunks (what was sent to the generator) to `ids`, or removes the key with
 * null (the context is then the top k of the retrieved list again).
 */
export function setContextChunks(text: string, caseId: string, ids: string[] | null): string | null {
  const i = findCaseIndex(text, caseId);
  if (i === null) return null;
  return applyEdits(text, modify(text, [i, 'context_chunks'], ids ?? undefined, FORMAT));
}
