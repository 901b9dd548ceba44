/**
 * What every gate importer shares: rows already read from a tool's file (one graded answer each),
 * turned into the gate's cases and outputs JSONL. The baseline and the candidate are chosen
 * (options, else the first two versions in file order), rows of other versions and cases that only
 * one of the two answered are left out and counted, runs are numbered per (version, case) in file
 * order when the source has no run of its own.
 */
import type { InputIssue, Lang } from '../../core/contract/types.ts';
import type { ImportOptions, ImportOutcome, ImportSummary } from '../../core/contract/imports.ts';
import { leaveOut, toJsonl } from '../../core/contract/imports.ts';
import { importMsg } from '../../core/contract/import_i18n.ts';

/** One per-assertion result kept for the trace (promptfoo's gradingResult.componentResults). */
export interface AssertionResult {
  pass: boolean;
  score: number | null;
  reason: string;
  type: string | null;
}

/** One graded answer as an importer read it. */
export interface GradedRow {
  version: string;
  case_id: string;
  /** The case's input text (vars, the sample's input); '' when the source has none. */
  input: string;
  run: number | string | null;
  passed: boolean | null;
  score: number | null;
  cost: number | null;
  latency_ms: number | null;
  output: string | null;
  slice: string | null;
  assertions: AssertionResult[] | null;
  /** Where the row is, for messages: the file name and its line or JSON path. */
  file: string;
  line?: number;
  path?: string;
}

/**
 * The gate's texts from graded rows (module comment). `oneVersion` is the message when the file
 * holds a single version. Never throws.
 */
export function assembleGate(rows: readonly GradedRow[], summary: ImportSummary, options: ImportOptions, lang: Lang, oneVersion: (v: string) => string): ImportOutcome {
  const t = importMsg(lang).problems;
  const versions: string[] = [];
  const seenVersions = new Set<string>();
  for (const r of rows) {
    if (!seenVersions.has(r.version)) {
      seenVersions.add(r.version);
      versions.push(r.version);
    }
  }
  summary.versions = versions;
  const file = summary.files.join(', ');
  if (versions.length < 2) return { ok: false, issues: [{ input: file, message: versions.length ? oneVersion(versions[0]) : summary.format === 'inspect' ? t.inspect_no_samples : t.no_rows }] };
  const issues: InputIssue[] = [];
  for (const [opt, field] of [[options.baseline, '--baseline'], [options.candidate, '--candidate']] as const) {
    if (opt !== undefined && !seenVersions.has(opt)) issues.push({ input: file, field, message: t.unknown_version(opt, versions.join(', ')) });
  }
  if (issues.length) return { ok: false, issues };
  let base = options.baseline;
  let cand = options.candidate;
  if (base === undefined) base = versions.find((v) => v !== cand)!;
  if (cand === undefined) cand = versions.find((v) => v !== base)!;
  if (base === cand) return { ok: false, issues: [{ input: file, field: '--candidate', message: t.same_versions }] };
  if (versions.length > 2 && (options.baseline === undefined || options.candidate === undefined)) summary.notes.push('versions_defaulted');
  summary.baseline = base;
  summary.candidate = cand;

  // Rows of the two versions, grouped by case (ids are data: Maps).
  const caseOrder: string[] = [];
  const byCase = new Map<string, { input: string; slice: string | null; rows: GradedRow[]; versions: Set<string> }>();
  for (const r of rows) {
    if (r.version !== base && r.version !== cand) {
      leaveOut(summary, 'version_not_chosen', r.version);
      continue;
    }
    let c = byCase.get(r.case_id);
    if (!c) {
      byCase.set(r.case_id, (c = { input: r.input, slice: r.slice, rows: [], versions: new Set() }));
      caseOrder.push(r.case_id);
    }
    c.rows.push(r);
    c.versions.add(r.version);
  }
  const cases: object[] = [];
  const outputs: object[] = [];
  const runCount = new Map<string, number>();
  const seenRuns = new Set<string>();
  let maxRuns = 0;
  let costMissing = false;
  for (const id of caseOrder) {
    const c = byCase.get(id)!;
    if (c.versions.size < 2) {
      leaveOut(summary, 'case_not_in_both_versions', id, c.rows.length);
      continue;
    }
    cases.push(c.slice === null ? { case_id: id, input: c.input } : { case_id: id, input: c.input, slice: c.slice });
    for (const r of c.rows) {
      const key = JSON.stringify([r.version, id]);
      const n = (runCount.get(key) ?? 0) + 1;
      runCount.set(key, n);
      maxRuns = Math.max(maxRuns, n);
      const run = r.run ?? n;
      const runKey = JSON.stringify([r.version, id, String(run)]);
      if (seenRuns.has(runKey)) {
        issues.push({ input: r.file, line: r.line, field: r.path, message: t.duplicate_row(`${r.version} / ${id} / ${run}`) });
        continue;
      }
      seenRuns.add(runKey);
      const row: Record<string, unknown> = { version: r.version, case_id: id, run };
      if (r.passed !== null) row.passed = r.passed;
      if (r.score !== null) row.score = r.score;
      if (r.passed === null && r.score === null) {
        issues.push({ input: r.file, line: r.line, field: r.path, message: t.csv_no_outcome });
        continue;
      }
      if (r.cost !== null) row.cost_eur = r.cost;
      else costMissing = true;
      if (r.latency_ms !== null) row.latency_ms = r.latency_ms;
      if (r.output !== null) row.output = r.output;
      if (r.assertions !== null) row.assertions = r.assertions;
      outputs.push(row);
    }
  }
  if (issues.length) return { ok: false, issues: issues.slice(0, 50), total_issues: issues.length };
  if (costMissing && !summary.notes.includes('cost_missing')) summary.notes.push('cost_missing');
  summary.cases = cases.length;
  summary.runs = maxRuns;
  return { ok: true, texts: { cases: toJsonl(cases), outputs: toJsonl(outputs) }, summary, warnings: [] };
}
