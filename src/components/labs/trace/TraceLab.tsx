/**
 * The agent-trace lab island (chapter 04): grading a trajectory, not only its last sentence. The
 * learner edits the trace (runs of steps) and the policy (required and forbidden tools, approvals,
 * budgets, the weights of S_run); removes an approval step or adds one before a call that needs it
 * (both edit the trace text, edit.ts). The worker validates and computes (labs/trace); this
 * component only renders: the verdict over every run with its reasons, the runs side by side, the
 * chosen run's blocking rules as the shared checklist, S_run as a waterfall of its weighted terms
 * and penalties, the trajectory as a timeline with each step's checks and verdict, the run-level
 * checks and the policy in use. A run that answers well but breaks a rule fails, and says so.
 */
// The lab's styles first: the shared components' sheets (case table, summary) come after them.
import '../shared/dense.css';
import './trace.css';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { RunResult, StepResult, TraceResult, TraceView, StepCheck } from '../../../../labs/trace/engine.ts';
import { traceMeta } from '../../../../labs/trace/meta.ts';
import { traceMsg } from '../../../../labs/trace/i18n/index.ts';
import { lookupText, coreMsg } from '../../../../labs/core/contract/i18n/index.ts';
import { ui } from './i18n/ui.ts';
import { Checklist } from '../shared/Checklist.tsx';
import { useLabRunner } from '../shared/useLabRunner.ts';
import { useLabState, type LabStateApi } from '../shared/useLabState.ts';
import { LabShell, type LabInputDef } from '../shared/LabShell.tsx';
import type { LabIslandProps } from '../shared/embed.ts';
import { fmt, UndefinedValue } from '../shared/format.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { VerdictPanel } from '../shared/Verdict.tsx';
import type { LabSummaryDef } from '../shared/Summary.tsx';
import WaterfallChart, { type WaterfallStep } from '../../charts/WaterfallChart.tsx';
import { addApprovalBefore, removeStep } from './edit.ts';
import { TraceCases } from './TraceCases.tsx';
import { TraceSummaryChart } from './SummaryChart.tsx';

const MAX_OBSERVATION = 240;

function Undef({ reason, lang }: { reason?: string | null; lang: Lang }) {
  return <UndefinedValue reason={reason} lang={lang} catalogs={[traceMsg(lang).undefined_reason]} />;
}

function undefText(reason: string | null | undefined, lang: Lang): string {
  const r = reason ? lookupText(reason, traceMsg(lang).undefined_reason, coreMsg(lang).undefined_reason) ?? reason : '';
  return r ? `${ui(lang).lab.undefined_value} (${r})` : ui(lang).lab.undefined_value;
}

/**
 * The run shown: the view's, when it names a run of the result (read at once, since the result
 * grades every run: the picker answers before the worker does), else the engine's focus.
 */
function shownRun(result: TraceResult, view: TraceView): RunResult {
  return result.runs.find((r) => r.run_id === view.run) ?? result.runs.find((r) => r.run_id === result.focus.run_id) ?? result.runs[0];
}

export default function TraceLab({ lang, preset, embed }: LabIslandProps) {
  const tt = ui(lang).trace;
  const lab = useLabState(traceMeta, preset, embed);
  const view = useMemo(() => (lab.view ?? { run: null }) as TraceView, [lab.view]);
  const run = useLabRunner('trace', lab.texts, lang, view, lab);
  const result = run.result;
  const inputs: LabInputDef[] = [
    { name: 'trace', label: tt.input_trace, description: tt.desc_trace },
    { name: 'policy', label: tt.input_policy, description: tt.desc_policy },
  ];
  // The summary: the verdict, how many runs pass, and the shown run's S_run, cost and latency (the
  // run picker sits above the editors, so choosing a run and editing its steps keep it in view).
  const summary = useMemo<LabSummaryDef | null>(() => {
    const shown = result ? shownRun(result, view) : null;
    if (!result || !shown) return null;
    const lm = traceMsg(lang);
    const status = (id: string) => {
      const c = shown.checks.find((x) => x.id === id);
      return c ? (c.status === 'pass' ? 'ok' as const : 'bad' as const) : undefined;
    };
    return {
    verdict: <Verdict result={result} lang={lang} />,
    numbers: [
      { key: 'passed', label: tt.summary_passed, value: result.summary.passed, digits: 0, suffix: ` / ${result.summary.runs}`, status: result.summary.passed === result.summary.runs ? 'ok' : 'bad' },
      { key: `s_run:${shown.run_id}`, label: `${lm.report.s_run} ${tt.summary_run(shown.run_id)}`, value: shown.s_run, status: status('s_run'), missing: <Undef reason={shown.undefined_metrics.s_run} lang={lang} /> },
      { key: `cost:${shown.run_id}`, label: `${lm.report.cost} ${tt.summary_run(shown.run_id)}`, value: shown.cost_eur, status: status('cost_eur') },
      { key: `latency:${shown.run_id}`, label: `${lm.report.latency} ${tt.summary_run(shown.run_id)}`, value: shown.latency_ms, digits: 0, status: status('latency_ms') },
    ],
    chart: <TraceSummaryChart result={result} lang={lang} />,
    };
  }, [result, view, lang, tt]);

  // Speed (issue 18): the summary draws each new result at once; the panels below draw it one
  // render later, in the background (useDeferredValue), and those that do not edit the texts only
  // when that result or the view changes (useMemo), so a keystroke re-renders none of them.
  const panelResult = useDeferredValue(result);
  const panels = useMemo(() => panelResult && (
    <>
      <Runs result={panelResult} shownId={shownRun(panelResult, view).run_id} lang={lang} />
      <RunPanel result={panelResult} r={shownRun(panelResult, view)} lang={lang} />
      <Waterfall result={panelResult} r={shownRun(panelResult, view)} lang={lang} />
    </>
  ), [panelResult, view, lang]);
  const policy = useMemo(() => panelResult && <PolicyPanel result={panelResult} lang={lang} />, [panelResult, lang]);
  return (
    <LabShell meta={traceMeta} lang={lang} inputs={inputs} state={lab} run={run} embed={embed} summary={summary} dense
      cases={result && <TraceCases result={result} lang={lang} state={lab} />}
      controls={result && <RunPicker result={result} shown={shownRun(result, view)} lang={lang} onPick={(id) => lab.setView({ run: id })} />}>
      {panelResult && (
        <div className="lab-results" aria-live="off">
          {panels}
          {/* it edits the trace text: re-rendered on each edit */}
          <Timeline r={shownRun(panelResult, view)} lang={lang} state={lab} />
          {policy}
        </div>
      )}
    </LabShell>
  );
}

function Verdict({ result, lang }: { result: TraceResult; lang: Lang }) {
  const tt = ui(lang).trace;
  const lm = traceMsg(lang);
  const failing = result.runs.filter((r) => r.decision.verdict === 'fail');
  return (
    <VerdictPanel id="tr-verdict" verdict={result.decision.verdict} lang={lang} summary={lm.verdict} marks>
      <p>{tt.summary_line(result.summary.passed, result.summary.runs)}</p>
      {failing.length > 0 && (
        <>
          <p>{ui(lang).lab.reasons}:</p>
          <ul data-testid="reasons">
            {failing.map((r) => (
              <li key={r.run_id} data-run={r.run_id}>
                <strong>{r.run_id}</strong>: {r.decision.reasons.map((c, k) => <span key={c} data-reason={c}>{k > 0 ? '; ' : ''}{lm.reasons[c]}</span>)}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.summary.failed_despite_s_run.length > 0 && (
        <p className="tr-lesson" data-testid="failed-despite">⚠ {lm.report.lesson_skipped(result.summary.failed_despite_s_run.join(', '))}</p>
      )}
    </VerdictPanel>
  );
}

function Runs({ result, shownId, lang }: { result: TraceResult; shownId: string; lang: Lang }) {
  const tt = ui(lang).trace;
  const lm = traceMsg(lang);
  return (
    <LabPanel id="tr-runs" title={lm.report.runs_heading}>
      <p className="help">{tt.runs_caption(fmt(result.min_s_run, lang, 4))}</p>
      <DataTable label={lm.report.runs_heading} testId="runs-table" className="tr-runs"
        columns={[lm.report.run, lm.report.s_run, lm.report.result, tt.col_reasons, lm.report.cost, lm.report.latency, lm.report.steps]}>
        {result.runs.map((r) => (
          <tr key={r.run_id} data-run={r.run_id} data-verdict={r.decision.verdict} className={r.run_id === shownId ? 'selected' : ''}>
            <th scope="row">{r.run_id}{r.description && <span className="tr-desc">{r.description}</span>}</th>
            <td data-testid={`s-run-${r.run_id}`}>{r.s_run === null ? <Undef reason={r.undefined_metrics.s_run} lang={lang} /> : fmt(r.s_run, lang, 4)}</td>
            <td data-testid={`verdict-${r.run_id}`} className={r.decision.verdict === 'pass' ? 'cell-ok' : 'cell-bad'}>{r.decision.verdict === 'pass' ? `✓ ${lm.run_verdict.pass}` : `✗ ${lm.run_verdict.fail}`}</td>
            <td>{r.decision.reasons.length ? r.decision.reasons.map((c) => lm.reasons[c]).join('; ') : '–'}</td>
            <td>{fmt(r.cost_eur, lang, 4)}</td>
            <td>{fmt(r.latency_ms, lang, 0)}</td>
            <td>{r.steps_count}</td>
          </tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}

function RunPicker({ result, shown, lang, onPick }: { result: TraceResult; shown: RunResult; lang: Lang; onPick: (id: string) => void }) {
  const tt = ui(lang).trace;
  return (
    <fieldset className="tr-picker" data-testid="run-picker">
      <legend>{tt.run_picker}</legend>
      {result.runs.map((r) => (
        <label key={r.run_id}>
          <input type="radio" name="tr-run" value={r.run_id} checked={r.run_id === shown.run_id} onChange={() => onPick(r.run_id)} data-testid={`pick-${r.run_id}`} />{' '}
          {r.run_id} <span className={r.decision.verdict === 'pass' ? 'tr-pass' : 'tr-fail'}>({r.decision.verdict === 'pass' ? '✓' : '✗'} {traceMsg(lang).run_verdict[r.decision.verdict]})</span>
        </label>
      ))}
    </fieldset>
  );
}

function RunPanel({ result, r, lang }: { result: TraceResult; r: RunResult; lang: Lang }) {
  const tt = ui(lang).trace;
  const lm = traceMsg(lang);
  const pass = r.decision.verdict === 'pass';
  const despite = result.summary.failed_despite_s_run.includes(r.run_id);
  return (
    <>
    <section className={`verdict ${pass ? 'ok' : 'bad'} tr-run-verdict`} aria-labelledby="tr-run-h" data-testid="run-verdict" data-verdict={r.decision.verdict} data-run={r.run_id}>
      <h3 id="tr-run-h">{tt.run_heading(r.run_id)}: {pass ? `✓ ${lm.run_verdict.pass}` : `✗ ${lm.run_verdict.fail}`}</h3>
      {r.description && <p>{r.description}</p>}
      <p>
        S_run = <strong data-testid="s-run">{r.s_run === null ? <Undef reason={r.undefined_metrics.s_run} lang={lang} /> : fmt(r.s_run, lang, 4)}</strong> ({tt.min_s_run(fmt(result.min_s_run, lang, 4))})
      </p>
      {despite && <p className="tr-lesson" data-testid="run-despite">⚠ {tt.despite(r.run_id)}</p>}
      {r.decision.reasons.length > 0 && (
        <ul data-testid="run-reasons">{r.decision.reasons.map((c) => <li key={c} data-reason={c}>{lm.reasons[c]}</li>)}</ul>
      )}
    </section>
    <Checklist
      id="tr-checks"
      checks={r.checks}
      lang={lang}
      title={tt.checklist_title(r.run_id)}
      caption={tt.checklist_caption(r.run_id)}
      label={(c) => lm.checks[c.id]}
      digits={(c) => (c.id === 'cost_eur' ? 4 : c.id === 'latency_ms' || c.id === 'missing_approvals' || c.id === 'forbidden_tool_calls' || c.id === 'final_answer' ? 0 : 4)}
      undefinedCatalogs={[lm.undefined_reason]}
    />
    </>
  );
}

function Waterfall({ result, r, lang }: { result: TraceResult; r: RunResult; lang: Lang }) {
  const t = ui(lang);
  const tt = t.trace;
  const lm = traceMsg(lang);
  const reasonOf: Record<string, string | undefined> = { answer: r.undefined_metrics.S_y, tools: r.undefined_metrics.S_t, process: r.undefined_metrics.S_p, outcome: r.undefined_metrics.S_o };
  const failedProcess = r.checks.some((c) => (c.id === 'missing_approvals' || c.id === 'forbidden_tool_calls') && c.status !== 'pass');
  const steps: WaterfallStep[] = r.term_details.map((d) => ({
    key: d.term,
    label: lm.terms[d.term],
    value: d.contribution,
    undefinedText: undefText(reasonOf[d.term] ?? 'depends_on_undefined', lang),
    detail: `${fmt(d.weight, lang, 4)} × ${d.score === null ? '–' : fmt(d.score, lang, 4)}${d.total_checks !== null ? ` (${d.passed_checks}/${d.total_checks})` : ''}`,
    flagged: d.term === 'process' && failedProcess,
  }));
  const sCheck = r.checks.find((c) => c.id === 's_run');
  return (
    <LabPanel id="tr-waterfall" title={lm.report.terms_heading(r.run_id)}>
      <p className="tr-formula">{lm.report.formula}</p>
      <div className="chart-box">
        <WaterfallChart
          testId="waterfall"
          width={760}
          title={tt.waterfall_title(r.run_id)}
          description={tt.waterfall_desc(fmt(result.min_s_run, lang, 4))}
          xLabel={tt.waterfall_axis}
          steps={steps}
          total={{ label: tt.total_label, value: r.s_run, undefinedText: undefText(r.undefined_metrics.s_run, lang), passed: sCheck ? sCheck.status === 'pass' : undefined }}
          threshold={{ value: result.min_s_run, label: tt.min_label(fmt(result.min_s_run, lang, 2)) }}
          tableSummary={t.lab.chart_table}
          columns={[lm.report.term, tt.weight_times_score, lm.report.contribution, tt.running_total]}
          format={(v) => fmt(v, lang, 3)}
        />
      </div>
      <DataTable label={lm.report.terms_heading(r.run_id)} testId="terms-table" columns={[lm.report.term, lm.report.weight, lm.report.score, tt.checks_passed, lm.report.contribution]}>
        {r.term_details.map((d) => (
          <tr key={d.term} data-term={d.term}>
            <th scope="row">{lm.terms[d.term]}</th>
            <td>{fmt(d.weight, lang, 4)}</td>
            <td>{d.score === null ? <Undef reason={reasonOf[d.term]} lang={lang} /> : fmt(d.score, lang, 4)}</td>
            <td>{d.total_checks === null ? '–' : `${d.passed_checks} / ${d.total_checks}`}</td>
            <td data-testid={`term-${d.term}`}>{d.contribution === null ? <Undef reason={reasonOf[d.term] ?? 'depends_on_undefined'} lang={lang} /> : fmt(d.contribution, lang, 4)}</td>
          </tr>
        ))}
      </DataTable>
      <p className="help">{tt.caps_note}</p>
    </LabPanel>
  );
}

function CheckItems({ checks, lang }: { checks: StepCheck[]; lang: Lang }) {
  const lm = traceMsg(lang);
  const tt = ui(lang).trace;
  return (
    <ul className="tr-checks">
      {checks.map((c, k) => (
        <li key={`${c.id}-${c.subject ?? ''}-${k}`} data-check={c.id} data-passed={c.passed ? 'true' : 'false'} className={c.passed ? 'tr-pass' : 'tr-fail'}>
          {c.passed ? '✓' : '✗'} {lm.step_checks[c.id]}{c.subject ? <>: <code>{c.subject}</code></> : null} <span className="muted">({tt.term_of[c.term]})</span>
        </li>
      ))}
    </ul>
  );
}

function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v) ?? 'null';
}

function Step({ s, r, lang, state, message }: { s: StepResult; r: RunResult; lang: Lang; state: LabStateApi; message: (m: string) => void }) {
  const tt = ui(lang).trace;
  const lm = traceMsg(lang);
  const missingApproval = s.checks.some((c) => c.id === 'approval_present' && !c.passed);
  const remove = () => {
    const next = removeStep(state.texts.trace ?? '', r.run_id, s.index, s.step_id);
    if (next === null) message(tt.edit_failed);
    else {
      state.setText('trace', next);
      message(tt.removed(s.step_id, r.run_id));
    }
  };
  const add = () => {
    const next = addApprovalBefore(state.texts.trace ?? '', r.run_id, s.index, s.step_id, s.tool ?? '', tt.added_observation);
    if (next === null) message(tt.edit_failed);
    else {
      state.setText('trace', next);
      message(tt.added(s.tool ?? '', s.step_id));
    }
  };
  const obs = s.type === 'final_answer' ? s.text : s.observation;
  const verdictText = s.verdict === 'pass' ? `✓ ${tt.step_pass}` : s.verdict === 'fail' ? `✗ ${tt.step_fail}` : tt.step_none;
  return (
    <li className={`tr-step tr-step-${s.verdict} tr-type-${s.type}`} data-step={s.step_id} data-verdict={s.verdict} data-type={s.type}>
      <div className="tr-step-head">
        <span className="tr-index" aria-hidden="true">{s.index + 1}</span>
        <strong>{lm.step_types[s.type]}</strong>
        {s.tool && <code>{s.tool}</code>}
        <span className="tr-step-verdict" data-testid={`step-verdict-${s.step_id}`}>{verdictText}</span>
      </div>
      <p className="tr-meta">
        {tt.step_id} <code>{s.step_id}</code> · {fmt(s.latency_ms, lang, 0)} ms · {fmt(s.cost_eur, lang, 4)} EUR
        {s.status === 'error' && <> · <strong className="tr-fail">{tt.status_error}</strong></>}
        {s.retry && <> · {tt.retry}</>}
        {s.approval && <> · {s.approval === 'granted' ? tt.granted : tt.denied}</>}
        {s.model && <> · {tt.model} <code>{s.model}</code></>}
        {s.to && <> · {tt.handoff_to} <code>{s.to}</code></>}
        {s.score !== null && <> · S_y = {fmt(s.score, lang, 4)}</>}
      </p>
      {s.arguments && s.arguments.length > 0 && (
        <dl className="pairs tr-args">
          {s.arguments.map((a) => (
            <div key={a.name}><dt><code>{a.name}</code></dt><dd>{valueText(a.value)}</dd></div>
          ))}
        </dl>
      )}
      {obs && (obs.length > MAX_OBSERVATION ? (
        <details className="tr-obs"><summary>{obs.slice(0, MAX_OBSERVATION)}…</summary><p>{obs}</p></details>
      ) : (
        <p className="tr-obs"><q>{obs}</q></p>
      ))}
      {s.checks.some((c) => !c.passed) && <CheckItems checks={s.checks.filter((c) => !c.passed)} lang={lang} />}
      {s.checks.some((c) => c.passed) && (
        <details className="tr-passed">
          <summary>{tt.passed_checks(s.checks.filter((c) => c.passed).length)}</summary>
          <CheckItems checks={s.checks.filter((c) => c.passed)} lang={lang} />
        </details>
      )}
      {(s.type === 'approval' || missingApproval) && (
        <div className="tr-step-actions">
          {s.type === 'approval' && <button type="button" onClick={remove} data-testid={`remove-${r.run_id}-${s.step_id}`}>{tt.remove_approval}</button>}
          {missingApproval && <button type="button" onClick={add} data-testid={`add-approval-${r.run_id}-${s.step_id}`}>{tt.add_approval(s.tool ?? '')}</button>}
        </div>
      )}
    </li>
  );
}

function Timeline({ r, lang, state }: { r: RunResult; lang: Lang; state: LabStateApi }) {
  const tt = ui(lang).trace;
  const lm = traceMsg(lang);
  const [message, setMessage] = useState('');
  return (
    <LabPanel id="tr-timeline" title={lm.report.timeline_heading(r.run_id)} testId="timeline">
      <p className="help">{tt.timeline_help}</p>
      <ol className="tr-timeline" data-run={r.run_id}>
        {r.steps.map((s) => <Step key={`${s.index}-${s.step_id}`} s={s} r={r} lang={lang} state={state} message={setMessage} />)}
      </ol>
      <p className="help" role="status" data-testid="timeline-status">{message}</p>
      <h4>{tt.run_checks_heading}</h4>
      <CheckItems checks={r.run_checks} lang={lang} />
      <p className="help">{tt.counts(r.tool_calls, r.retries, r.missing_approvals, r.forbidden_tool_calls)}</p>
    </LabPanel>
  );
}

function PolicyPanel({ result, lang }: { result: TraceResult; lang: Lang }) {
  const tt = ui(lang).trace;
  const lm = traceMsg(lang);
  const w = result.weights;
  const b = result.budgets;
  return (
    <LabPanel id="tr-policy" title={tt.policy_heading(result.policy_id ?? '–')}>
      {result.task && <p>{lm.report.task}: {result.task}</p>}
      <dl className="pairs" data-testid="policy">
        <div><dt>{tt.weights}</dt><dd>w_y {fmt(w.w_y, lang, 4)} · w_t {fmt(w.w_t, lang, 4)} · w_p {fmt(w.w_p, lang, 4)} · w_o {fmt(w.w_o, lang, 4)} · λ {fmt(w.lambda, lang, 4)} · μ {fmt(w.mu, lang, 4)}</dd></div>
        <div><dt>{tt.budgets}</dt><dd>{tt.budget_values(fmt(b.max_cost_eur, lang, 4), fmt(b.max_latency_ms, lang, 0), b.max_steps === null ? '–' : String(b.max_steps), b.max_retries === null ? '–' : String(b.max_retries))}</dd></div>
        <div><dt>{tt.min_s_run_label}</dt><dd>{fmt(result.min_s_run, lang, 4)}</dd></div>
      </dl>
      <p className="help">{tt.policy_help}</p>
    </LabPanel>
  );
}
