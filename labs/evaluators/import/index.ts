/**
 * The evaluator lab's importer (labs/core/contract/imports.ts): a CSV of judge and human labels,
 * for people whose judge runs elsewhere. Columns:
 *
 *   case_id,human,judge[,criterion][,cost]            one judge, or several told apart by judge_id:
 *   case_id,judge_id,human,judge[,criterion][,cost]   several judges as rows
 *   case_id,human,judge_a,judge_b[,criterion][,cost]  several judges as columns (judge_<name>)
 *
 * Labels are 0 or 1. Without `criterion`, human and judge are the overall decision (`pass`), and
 * the rubric gets one criterion, `overall`, equal to it. With `criterion`, each value names a rubric
 * criterion and the row whose criterion is `pass` (or empty) gives the overall decision; a case
 * without one passes when every criterion is 1. An empty judge cell is a judge output that could
 * not be read (parse_ok false). `cost` (per evaluation) goes in as input tokens at 0.001 per 1000
 * tokens (10^-6 per token), rounded to the millionth, so the lab's cost per valid evaluation is
 * that cost. The rubric keeps the given text's thresholds and settings; its criteria (and blocking
 * criteria that no longer exist) are replaced. Problems name the line and the column.
 */
import Papa from 'papaparse';
import { applyEdits, modify, parse as parseJsonc } from 'jsonc-parser';
import type { InputIssue, Lang } from '../../core/contract/types.ts';
import type { ImportFile, ImportOutcome, LabImporter } from '../../core/contract/imports.ts';
import { fileText, newSummary } from '../../core/contract/imports.ts';
import { importMsg } from '../../core/contract/import_i18n.ts';

const FIXED = ['case_id', 'human', 'judge', 'judge_id', 'criterion', 'cost'];
const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** Options: the rubric text whose thresholds are kept (required by the lab). */
export interface EvaluatorsImportOptions {
  rubricText?: string;
}

/** Imports a labels CSV (module comment). Never throws. */
export function importEvaluatorLabels(file: ImportFile, options: EvaluatorsImportOptions, lang: Lang): ImportOutcome {
  const t = importMsg(lang).problems;
  const summary = newSummary('labels_csv', [file.name]);
  const parsed = Papa.parse<string[]>(fileText(file), { header: false, skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] });
  const [headRaw, ...body] = parsed.data;
  if (!headRaw || body.length === 0) return { ok: false, issues: [{ input: file.name, message: t.csv_empty }] };
  const head = headRaw.map((h) => h.trim());
  const issues: InputIssue[] = [];
  const judgeCols = head.map((h, i) => [h, i] as const).filter(([h]) => h.startsWith('judge_') && h !== 'judge_id');
  head.forEach((h) => {
    if (!FIXED.includes(h) && !(h.startsWith('judge_') && NAME.test(h.slice(6)))) issues.push({ input: file.name, line: 1, field: h, message: t.csv_unknown_column(h, `${FIXED.join(', ')}, judge_<name>`) });
  });
  for (const need of ['case_id', 'human']) if (!head.includes(need)) issues.push({ input: file.name, line: 1, field: need, message: t.csv_missing_column(need) });
  const asRows = head.includes('judge');
  if (!asRows && judgeCols.length === 0) issues.push({ input: file.name, line: 1, field: 'judge', message: t.labels_no_judge });
  if (issues.length) return { ok: false, issues };
  const col = (name: string) => head.indexOf(name);
  const hasCriterion = col('criterion') >= 0;
  const hasJudgeId = col('judge_id') >= 0;
  // judges in order; labels per (judge, case, criterion); human per (case, criterion)
  const judges: string[] = asRows ? [] : judgeCols.map(([h]) => h.slice(6));
  const caseOrder: string[] = [];
  const criteria: string[] = [];
  const human = new Map<string, number>();
  const judged = new Map<string, number | null>();
  const cost = new Map<string, number>();
  const key = (...xs: string[]) => JSON.stringify(xs);
  let total = 0;
  const bad = (line: number, field: string, message: string) => {
    total++;
    if (issues.length < 50) issues.push({ input: file.name, line, field, message });
  };
  const label = (v: string, line: number, field: string): number | null | undefined => {
    const s = v.trim();
    if (s === '') return null;
    if (s === '0' || s === '1') return Number(s);
    bad(line, field, t.labels_bad_label(s));
    return undefined;
  };
  body.forEach((r, i) => {
    const line = i + 2;
    const get = (name: string) => (col(name) >= 0 ? (r[col(name)] ?? '').trim() : '');
    const id = get('case_id');
    if (id === '') return bad(line, 'case_id', t.csv_missing_column('case_id'));
    if (!human.has(key(id, '')) && !caseOrder.includes(id)) caseOrder.push(id);
    let crit = hasCriterion ? get('criterion') : 'pass';
    if (crit === '') crit = 'pass';
    if (crit !== 'pass' && !NAME.test(crit)) return bad(line, 'criterion', t.bad_field('criterion', 'A-Z, 0-9, _ . -'));
    if (crit !== 'pass' && !criteria.includes(crit)) criteria.push(crit);
    const h = label(get('human'), line, 'human');
    if (h === null) bad(line, 'human', t.labels_bad_label(''));
    if (typeof h === 'number') {
      const k = key(id, crit);
      if (human.has(k) && human.get(k) !== h) bad(line, 'human', t.labels_conflict(id));
      human.set(k, h);
    }
    const c = get('cost');
    if (c !== '' && !(Number(c) >= 0)) bad(line, 'cost', t.csv_bad_number(c, lang === 'es' ? 'un coste (número ≥ 0)' : 'a cost (a number ≥ 0)'));
    const pairs: [string, string, string][] = asRows ? [[get('judge_id') || 'judge', get('judge'), 'judge']] : judgeCols.map(([h2, j]) => [h2.slice(6), (r[j] ?? '').trim(), h2]);
    for (const [judge, value, field] of pairs) {
      if (!judges.includes(judge)) judges.push(judge);
      const v = label(value, line, field);
      if (v === undefined) continue;
      judged.set(key(judge, id, crit), v);
      if (c !== '' && Number(c) >= 0) cost.set(key(judge, id), (cost.get(key(judge, id)) ?? 0) + Number(c));
    }
  });
  if (issues.length) return { ok: false, issues, total_issues: total };
  const crits = criteria.length ? criteria : ['overall'];
  const cases = caseOrder.map((id) => {
    const labels: [string, number][] = [];
    if (criteria.length) for (const c of criteria) labels.push([c, human.get(key(id, c)) ?? 0]);
    const pass = human.get(key(id, 'pass')) ?? (criteria.length ? (labels.every(([, v]) => v === 1) ? 1 : 0) : 0);
    if (!criteria.length) labels.push(['overall', pass]);
    labels.push(['pass', pass]);
    return { case_id: id, human: Object.fromEntries(labels) };
  });
  for (const id of caseOrder) for (const c of criteria) if (!human.has(key(id, c))) bad(0, 'human', t.labels_missing('human', `${id} / ${c}`));
  if (issues.length) return { ok: false, issues: issues.map((i) => ({ ...i, line: i.line || undefined })), total_issues: total };
  const withCost = cost.size > 0;
  const outputs = judges.map((judge) => ({
    evaluator_id: judge,
    input_price_per_1k: withCost ? 0.001 : 0,
    output_price_per_1k: 0,
    runs: caseOrder.map((id) => {
      const crit = criteria.length ? criteria.map((c) => [c, judged.get(key(judge, id, c))] as const) : [];
      const passJ = judged.get(key(judge, id, 'pass'));
      const pass = passJ !== undefined && passJ !== null ? passJ : criteria.length && crit.every(([, v]) => v !== undefined && v !== null) ? (crit.every(([, v]) => v === 1) ? 1 : 0) : null;
      const readable = pass !== null && crit.every(([, v]) => v !== undefined && v !== null);
      const scores = readable ? Object.fromEntries([...(criteria.length ? crit : [['overall', pass] as const]), ['pass', pass]]) : null;
      return { case_id: id, parse_ok: readable, input_tokens: Math.round((cost.get(key(judge, id)) ?? 0) * 1e6), output_tokens: 0, scores };
    }),
  }));
  summary.cases = caseOrder.length;
  summary.versions = judges;
  summary.runs = 1;
  summary.rows = body.length;
  summary.mapped = [
    { from: 'case_id', to: 'case_id' },
    { from: 'human', to: 'cases[].human' },
    { from: !asRows ? 'judge_<name>' : hasJudgeId ? 'judge (judge_id)' : 'judge', to: 'evaluators[].runs[].scores' },
    ...(hasCriterion ? [{ from: 'criterion', to: 'rubric.criteria' }] : [{ from: 'human / judge', to: 'overall = pass' }]),
    ...(withCost ? [{ from: 'cost', to: 'input_tokens × 0.001/1000' }] : []),
  ];
  // One `judge` column without judge_id is one judge: no note on telling judges apart.
  if (!asRows) summary.notes.push('judges_as_columns');
  else if (hasJudgeId) summary.notes.push('judges_as_rows');
  if (withCost) summary.notes.push('cost_as_micro_tokens');
  const texts: Record<string, string> = {
    cases: `${JSON.stringify(cases, null, 2)}\n`,
    outputs: `${JSON.stringify(outputs, null, 2)}\n`,
  };
  const rubricText = options.rubricText ?? '';
  const rubric: unknown = parseJsonc(rubricText);
  if (rubric !== null && typeof rubric === 'object' && !Array.isArray(rubric)) {
    const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
    let text = applyEdits(rubricText, modify(rubricText, ['criteria'], Object.fromEntries(crits.map((c) => [c, c])), fmt));
    const blocking = (rubric as { blocking_criteria?: unknown }).blocking_criteria;
    if (Array.isArray(blocking)) text = applyEdits(text, modify(text, ['blocking_criteria'], blocking.filter((b) => crits.includes(b as string)), fmt));
    texts.rubric = text;
  }
  return { ok: true, texts, summary, warnings: [] };
}

/**
 * The evaluator lab's importer (labs/core/contract/imports.ts, LabImporter), loaded on demand
 * through labs/evaluators/meta.ts. importFiles: one labels CSV (several files are refused),
 * keeping the thresholds of `options.texts.rubric`. On the command line, `--labels FILE` is
 * imported (it replaces --cases and --outputs), with the given texts (the rubric).
 */
export const importer: LabImporter = {
  importFiles(files, options, lang) {
    if (files.length !== 1) return { ok: false, issues: [{ input: files.map((f) => f.name).join(', '), message: importMsg(lang).problems.mixed_formats }] };
    return importEvaluatorLabels(files[0], { rubricText: options.texts?.rubric }, lang);
  },
  cli: {
    plan: ({ flags, texts, file }) => (flags.has('--labels') ? { files: [file(flags.get('--labels')!)], options: { texts } } : null),
  },
};
