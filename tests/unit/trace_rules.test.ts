/**
 * The agent-trace lab: S_run and each of its terms by hand on the citation-agent preset, the rule
 * that a good answer without a required approval fails, the other blocking rules, the per-step
 * checks, undefined terms, the three shapes of a trace, input problems, and a report that keeps its
 * structure with hostile ids.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import { toString } from 'mdast-util-to-string';
import type { RootContent } from 'mdast';
import { lab } from '../../labs/trace/lab.ts';
import { traceMeta } from '../../labs/trace/meta.ts';
import type { RunResult, TraceHeavy, TraceResult } from '../../labs/trace/engine.ts';
import { traceEs } from '../../labs/trace/i18n/es.ts';
import { traceEn } from '../../labs/trace/i18n/en.ts';
import { readPath } from '../../labs/core/contract/paths.ts';

const PRESETS = new URL('../../labs/trace/presets/', import.meta.url);
function preset(lang: 'es' | 'en' = 'es'): Record<string, string> {
  return Object.fromEntries(Object.entries(traceMeta.presets[0].files[lang]).map(([k, f]) => [k, readFileSync(new URL(f, PRESETS), 'utf8')]));
}
function grade(texts: Record<string, string>, lang: 'es' | 'en' = 'es', view = traceMeta.defaultView): TraceResult {
  const p = lab.parse(texts, lang);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return lab.select(lab.run(p.value, view) as TraceHeavy, view);
}
type RawTrace = { runs: { run_id: string; steps: Record<string, unknown>[] }[] };
function editTrace(text: string, f: (t: RawTrace) => void): string {
  const t = JSON.parse(text) as RawTrace;
  f(t);
  return JSON.stringify(t);
}
const base = preset('es');
const r = grade(base);
const run = (id: string, res: TraceResult = r): RunResult => res.runs.find((x) => x.run_id === id)!;

describe('S_run on the citation-agent preset, every term by hand', () => {
  // Policy: w_y 0.4, w_t 0.25, w_p 0.2, w_o 0.15, lambda 0.1, mu 0.05, budgets 0.05 EUR / 20000 ms.
  it('run_ok: 0.4·0.9 + 0.25·1 + 0.2·1 + 0.15·1 - 0.1·(0.0125/0.05) - 0.05·(10700/20000)', () => {
    const g = run('run_ok');
    // S_t: 4 required tools + order + 5 calls × (allowed, arguments, observation) = 20 checks, all pass
    expect(g.term_details.find((d) => d.term === 'tools')).toMatchObject({ score: 1, passed_checks: 20, total_checks: 20 });
    // S_p: approval before insert_citation + 5 calls not forbidden
    expect(g.term_details.find((d) => d.term === 'process')).toMatchObject({ score: 1, passed_checks: 6, total_checks: 6 });
    // S_o: ends with the answer, 8 <= 12 steps, 0 <= 1 retries
    expect(g.term_details.find((d) => d.term === 'outcome')).toMatchObject({ score: 1, passed_checks: 3, total_checks: 3 });
    expect(g.terms.answer!).toBeCloseTo(0.36, 15);
    expect(g.terms.cost!).toBeCloseTo(-0.1 * (0.0125 / 0.05), 15);
    expect(g.terms.latency!).toBeCloseTo(-0.05 * (10700 / 20000), 15);
    expect(g.s_run!).toBeCloseTo(0.36 + 0.25 + 0.2 + 0.15 - 0.025 - 0.02675, 14);
    expect(g.decision.verdict).toBe('pass');
  });

  it('the terms add up to S_run in every run', () => {
    for (const x of r.runs) {
      const sum = Object.values(x.terms).reduce((a, b) => a! + b!, 0)!;
      expect(sum).toBeCloseTo(x.s_run!, 14);
    }
  });

  it('run_shortcut: S_t = 17/21, cost over budget, S_run below the floor', () => {
    const d = run('run_shortcut');
    // required tools 3/4 (open_source never called), order 0/1, allowed 5/6 (deep_research),
    // arguments 4/5 (check_claim without source_id), observations 5/5 (the failed call has none to give)
    expect(d.term_details.find((t) => t.term === 'tools')).toMatchObject({ passed_checks: 17, total_checks: 21 });
    // ends with the answer, 9 <= 12 steps, 1 <= 1 retry, the retry follows a failure, the failure is recovered
    expect(d.term_details.find((t) => t.term === 'outcome')).toMatchObject({ passed_checks: 5, total_checks: 5 });
    expect(d.cost_eur).toBeCloseTo(0.0525, 15);
    expect(d.latency_ms).toBe(18800);
    const expected = 0.4 * 0.55 + 0.25 * (17 / 21) + 0.2 + 0.15 - 0.1 * (0.0525 / 0.05) - 0.05 * (18800 / 20000);
    expect(d.s_run!).toBeCloseTo(expected, 14);
    expect(d.decision.reasons).toEqual(['cost_over_budget', 's_run_below_min']);
    expect(d.steps.find((s) => s.step_id === 's4')!.checks.filter((c) => !c.passed).map((c) => c.id)).toEqual(['tool_allowed']);
  });
});

describe('a trajectory that ends in a good answer but skips a required approval fails', () => {
  const n = run('run_no_approval');
  it('its S_run is above the floor, and it still fails on the approval rule', () => {
    // S_p = 5/6: the approval check fails, the five "not forbidden" checks pass
    const expected = 0.4 * 0.92 + 0.25 + 0.2 * (5 / 6) + 0.15 - 0.1 * 0.25 - 0.05 * (7700 / 20000);
    expect(n.s_run!).toBeCloseTo(expected, 14);
    expect(n.s_run!).toBeGreaterThan(0.75);
    expect(n.missing_approvals).toBe(1);
    expect(n.decision.verdict).toBe('fail');
    expect(n.decision.reasons).toEqual(['approval_missing']);
    expect(n.steps.find((s) => s.tool === 'insert_citation')!.verdict).toBe('fail');
    expect(r.summary.failed_despite_s_run).toEqual(['run_no_approval']);
    expect(r.decision.verdict).toBe('fail');
  });

  it('removing the approval from the good run makes it fail; a denied approval is no approval', () => {
    const removed = grade({ ...base, trace: editTrace(base.trace, (t) => (t.runs[0].steps = t.runs[0].steps.filter((s) => s.type !== 'approval'))) });
    expect(run('run_ok', removed).decision.reasons).toEqual(['approval_missing']);
    const denied = grade({ ...base, trace: editTrace(base.trace, (t) => (t.runs[0].steps.find((s) => s.type === 'approval')!.approval = 'denied')) });
    expect(run('run_ok', denied).decision.verdict).toBe('fail');
  });

  it('an approval covers one successful call; an approval for another tool does not count', () => {
    const twice = grade({
      ...base,
      trace: editTrace(base.trace, (t) => {
        const steps = t.runs[0].steps;
        const call = steps.find((s) => s.tool === 'insert_citation' && s.type === 'tool_call')!;
        steps.splice(steps.indexOf(call) + 1, 0, { ...call, step_id: 's7b' });
      }),
    });
    expect(run('run_ok', twice).missing_approvals).toBe(1);
    const other = grade({ ...base, trace: editTrace(base.trace, (t) => (t.runs[0].steps.find((s) => s.type === 'approval')!.tool = 'format_apa')) });
    expect(run('run_ok', other).missing_approvals).toBe(1);
  });
});

describe('other blocking rules', () => {
  it('a forbidden tool fails whatever the score', () => {
    const t = grade({
      ...base,
      trace: editTrace(base.trace, (x) => x.runs[0].steps.splice(2, 0, { step_id: 'sx', type: 'tool_call', tool: 'delete_reference', arguments: { id: 'r1' }, observation: 'deleted', latency_ms: 10, cost_eur: 0 })),
    });
    const g = run('run_ok', t);
    expect(g.forbidden_tool_calls).toBe(1);
    expect(g.decision.reasons).toContain('forbidden_tool_used');
  });
  it('no final answer: S_y is undefined, S_run is undefined and fails closed, and the answer rule fails', () => {
    const t = grade({ ...base, trace: editTrace(base.trace, (x) => (x.runs[0].steps = x.runs[0].steps.filter((s) => s.type !== 'final_answer'))) });
    const g = run('run_ok', t);
    expect(g.scores.S_y).toBeNull();
    expect(g.undefined_metrics.S_y).toBe('no_final_answer');
    expect(g.s_run).toBeNull();
    expect(g.decision.reasons).toEqual(['no_final_answer', 's_run_undefined']);
    expect(g.checks.find((c) => c.id === 's_run')).toMatchObject({ status: 'undefined', value_reason: 'depends_on_undefined' });
  });
  it('a term with weight 0 does not need a score', () => {
    const policy = JSON.parse(base.policy);
    policy.weights.w_y = 0;
    const t = grade({ policy: JSON.stringify(policy), trace: editTrace(base.trace, (x) => delete x.runs[0].steps.at(-1)!.score) });
    const g = run('run_ok', t);
    expect(g.scores.S_y).toBeNull();
    expect(g.terms.answer).toBe(0);
    expect(g.s_run).not.toBeNull();
  });
  it('an unjustified retry and an unrecovered failure lower S_o', () => {
    const t = grade({
      ...base,
      trace: editTrace(base.trace, (x) => {
        x.runs[0].steps[1].retry = true; // search_source marked as a retry of nothing
        x.runs[0].steps[2].status = 'error'; // open_source fails and is never retried
      }),
    });
    const g = run('run_ok', t);
    const failed = [...g.run_checks, ...g.steps.flatMap((s) => s.checks)].filter((c) => !c.passed).map((c) => c.id);
    expect(failed).toEqual(expect.arrayContaining(['retry_justified', 'error_recovered', 'required_tool_called', 'required_order']));
  });
});

describe('trace shapes and input problems', () => {
  const file = JSON.parse(base.trace);
  it('a single run or an array of runs grade like the file', () => {
    const single = grade({ ...base, trace: JSON.stringify(file.runs[1]) });
    expect(single.runs.map((x) => [x.run_id, x.s_run])).toEqual([['run_no_approval', run('run_no_approval').s_run]]);
    const arr = grade({ ...base, trace: JSON.stringify(file.runs) });
    expect(arr.runs.map((x) => x.s_run)).toEqual(r.runs.map((x) => x.s_run));
  });
  it('bad JSON, a tool call without a tool, repeated ids, __proto__ arguments', () => {
    const bad = lab.parse({ ...base, trace: base.trace.replace('"run_ok",', '"run_ok"') }, 'es');
    // the comma is missing after line 5; the parser stops at the next token, on line 6
    expect(bad.ok ? [] : bad.issues[0]).toMatchObject({ input: 'trace', line: 6 });
    const noTool = lab.parse({ ...base, trace: editTrace(base.trace, (x) => delete x.runs[0].steps[1].tool) }, 'en');
    expect(noTool.ok ? [] : noTool.issues[0]).toMatchObject({ field: 'runs.0.steps.1.tool' });
    const dup = lab.parse({ ...base, trace: editTrace(base.trace, (x) => (x.runs[1].run_id = 'run_ok')) }, 'es');
    expect(dup.ok ? [] : dup.issues[0].field).toBe('runs.1.run_id');
    const proto = lab.parse({ ...base, trace: base.trace.replace('{"query":', '{"__proto__": 1, "query":') }, 'es');
    expect(proto.ok ? [] : proto.issues[0].field).toBe('runs.0.steps.1.arguments.__proto__');
  });
  it('policy rules: a tool both required and forbidden, weights must be non-negative', () => {
    const p = JSON.parse(base.policy);
    p.forbidden_tools.push('open_source');
    p.weights.w_t = -1;
    const out = lab.parse({ ...base, policy: JSON.stringify(p, null, 2) }, 'es');
    expect(out.ok ? [] : out.issues.map((i) => i.field).sort()).toEqual(['required_tools.1', 'weights.w_t']);
  });
});

describe('scorecard paths and the English preset', () => {
  const PATHS = ['s_run', 'decision.verdict', 'decision.reasons', 'terms.answer', 'terms.tools', 'terms.process', 'terms.outcome', 'terms.cost', 'terms.latency'];
  it('every content path exists for every run, with the same figures in both languages', () => {
    const en = grade(preset('en'), 'en');
    for (const id of ['run_ok', 'run_no_approval', 'run_shortcut']) {
      for (const p of PATHS) {
        const v = readPath(r, `runs[run_id=${id}].${p}`);
        expect(v, `${id}.${p}`).not.toBeUndefined();
        expect(readPath(en, `runs[run_id=${id}].${p}`)).toEqual(v);
      }
    }
    expect(en.decision).toEqual(r.decision);
  });
  it('the view picks the run in focus; the decision does not depend on it', () => {
    const v = grade(base, 'es', { run: 'run_shortcut' });
    expect(v.focus).toEqual({ run_id: 'run_shortcut', requested_run: 'run_shortcut', requested_found: true });
    expect(v.decision).toEqual(r.decision);
    expect(traceMeta.view.safeParse({ run: 5 }).success).toBe(false);
  });
  it('messages: es and en have the same keys', () => {
    const shape = (o: unknown, p = ''): string[] =>
      typeof o === 'function' ? [`${p}()${(o as () => unknown).length}`] : typeof o === 'string' ? [p] : Object.entries(o as object).flatMap(([k, v]) => shape(v, p ? `${p}.${k}` : k));
    expect(shape(traceEn).sort()).toEqual(shape(traceEs).sort());
  });
});

describe('decision.md keeps its structure with hostile ids', () => {
  const structure = (md: string) =>
    fromMarkdown(md, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] }).children.map((n: RootContent) =>
      n.type === 'heading' ? `h${n.depth}` : n.type === 'table' ? `table ${n.children.length}x${n.children[0].children.length}` : n.type,
    );
  const EVIL = 'run|x\n## <b>y</b>';
  for (const lang of ['es', 'en'] as const) {
    it(lang, () => {
      const texts = preset(lang);
      const plain = lab.report(grade(texts, lang), lang);
      const evilTool = JSON.stringify('ins|ert\n# t');
      const evilTexts: Record<string, string> = {
        trace: texts.trace.replaceAll('"run_shortcut"', JSON.stringify(EVIL)).replaceAll('"insert_citation"', evilTool),
        policy: texts.policy.replaceAll('"insert_citation"', evilTool),
      };
      const evil = lab.report(grade(evilTexts, lang), lang);
      expect(structure(evil)).toEqual(structure(plain));
      expect(toString(fromMarkdown(evil, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] }))).toContain('run|x ## <b>y</b>');
    });
  }
});
