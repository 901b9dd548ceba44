/**
 * The evaluator-audit lab island (chapter 04): judging the judge. The learner edits the rubric, the
 * human labels (JSON, JSONL or CSV) and the evaluators' outputs, plus the optional ordinal,
 * construct, production, pairwise and budget inputs; flips a human label, a judge score or a run's
 * parse_ok from the case table; adds an evaluator. The worker validates and computes
 * (labs/evaluators); this component only renders what comes back: the verdict about the evaluator
 * in focus and the recommendation, its gate as the shared checklist, every evaluator side by side
 * (kappa with its bootstrap CI, accuracy over valid runs beside the kit's inclusive figure, false
 * and critical false passes with the case text, the pass decision recomputed from the rubric,
 * costs per run, valid and useful evaluation), the quantile mapping of an ordinal scale, the
 * construct check, the corrected pass rate, pairwise order flips and the evaluation budget.
 * Every control edits the input text (edit.ts), which stays the one source of truth.
 */
// The lab's styles first: the shared components' sheets (case table, summary) come after them.
import '../shared/dense.css';
import './evaluators.css';
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { EvaluatorReport, EvaluatorsResult, EvaluatorsView, CaseFlag, IntervalBlock } from '../../../../labs/evaluators/engine.ts';
import { evaluatorsMeta } from '../../../../labs/evaluators/meta.ts';
import { evaluatorsMsg } from '../../../../labs/evaluators/i18n/index.ts';
import { lookupText, coreMsg } from '../../../../labs/core/contract/i18n/index.ts';
import { ui } from './i18n/ui.ts';
import { Checklist } from '../shared/Checklist.tsx';
import { useLabRunner } from '../shared/useLabRunner.ts';
import { useLabState, type LabStateApi } from '../shared/useLabState.ts';
import { LabShell, type LabInputDef } from '../shared/LabShell.tsx';
import { ImportPanel } from '../shared/ImportPanel.tsx';
import type { LabIslandProps } from '../shared/embed.ts';
import { fmt, UndefinedValue, breakable } from '../shared/format.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { CaseFilter, useCaseFilter } from '../shared/CaseTable.tsx';
import { VerdictPanel, ReasonList } from '../shared/Verdict.tsx';
import { checkHeadlines, type LabSummaryDef } from '../shared/Summary.tsx';
import BarRowsChart, { type BarRow } from '../../charts/BarRowsChart.tsx';
import IntervalChart, { type IntervalRow } from '../../charts/IntervalChart.tsx';
import { EvaluatorsCases } from './EvaluatorsCases.tsx';
import { addEvaluatorCopy, flipHumanLabel, flipJudgeScore, readCases, readOutputs, toggleParseOk, type HumanCase } from './edit.ts';

const PASS = 'pass';
const COLORS = ['#1d4e89', '#b35900', '#2e7d32', '#6a3d9a', '#00838f', '#a3211b', '#5d4037', '#ad1457'];
const pct = (level: number, lang: Lang) => fmt(level * 100, lang, 2);
const cost = (v: number, lang: Lang) => fmt(v, lang, 6);

/** "undefined (reason)" with the evaluator engine's reasons first. */
function Undef({ reason, lang }: { reason?: string | null; lang: Lang }) {
  const lm = evaluatorsMsg(lang);
  return <UndefinedValue reason={reason} lang={lang} catalogs={[lm.undefined_reason, lm.reasons]} />;
}

function Num({ v, digits = 4, reason, lang }: { v: number | null | undefined; digits?: number; reason?: string | null; lang: Lang }) {
  return v === null || v === undefined ? <Undef reason={reason} lang={lang} /> : <>{fmt(v, lang, digits)}</>;
}

function undefText(reason: string | null | undefined, lang: Lang): string {
  const lm = evaluatorsMsg(lang);
  const r = reason ? lookupText(reason, lm.undefined_reason, lm.reasons, coreMsg(lang).undefined_reason) ?? reason : '';
  return r ? `${ui(lang).lab.undefined_value} (${r})` : ui(lang).lab.undefined_value;
}

/**
 * A chart's box; `children` gets the widest layout (`max`, CSS px). The chart itself measures its
 * on-screen width (useChartBox in ChartFrame) and draws at scale 1, so its text keeps its size on a phone.
 */
function Sized({ children, max = 760 }: { children: (w: number) => ReactNode; max?: number }) {
  return <div className="chart-box">{children(max)}</div>;
}

function Interval({ ci, lang }: { ci: IntervalBlock; lang: Lang }) {
  return ci.low !== null && ci.high !== null ? <>[{fmt(ci.low, lang, 4)}, {fmt(ci.high, lang, 4)}]</> : <Undef reason={ci.reason} lang={lang} />;
}

export default function EvaluatorsLab({ lang, preset, embed }: LabIslandProps) {
  const te = ui(lang).evaluators;
  const lab = useLabState(evaluatorsMeta, preset, embed);
  const view = useMemo(() => (lab.view ?? { evaluator: null, criterion: null }) as EvaluatorsView, [lab.view]);
  const run = useLabRunner('evaluators', lab.texts, lang, view, lab);
  const result = run.result;

  const inputs: LabInputDef[] = [
    { name: 'rubric', label: te.input_rubric, description: te.desc_rubric },
    { name: 'cases', label: te.input_cases, description: te.desc_cases, extra: result ? <p className="help" data-testid="cases-format">{te.cases_read_as(result.cases_format.toUpperCase(), result.cases)}</p> : undefined },
    { name: 'outputs', label: te.input_outputs, description: te.desc_outputs, extra: <AddEvaluator lang={lang} state={lab} focus={result?.focus.evaluator_id ?? null} /> },
    { name: 'ordinal', label: te.input_ordinal, description: te.desc_ordinal, secondary: true, example: preset.ordinal },
    { name: 'construct', label: te.input_construct, description: te.desc_construct, secondary: true, example: preset.construct },
    { name: 'production', label: te.input_production, description: te.desc_production, secondary: true, example: preset.production },
    { name: 'pairwise', label: te.input_pairwise, description: te.desc_pairwise, secondary: true, example: preset.pairwise },
    { name: 'budget', label: te.input_budget, description: te.desc_budget, secondary: true, example: preset.budget },
  ];
  const { setView: labSetView } = lab;
  const setView = useCallback((v: Partial<EvaluatorsView>) => labSetView({ ...view, ...v }), [labSetView, view]);
  // Speed (issue 18): the summary draws each new result at once; the panels below draw it one
  // render later, in the background (useDeferredValue), and those that do not read the texts only
  // when that result or the view changes (useMemo), so a keystroke re-renders none of them.
  const panelResult = useDeferredValue(result);

  // The summary: the verdict (about the evaluator in focus), its gate metrics, and kappa with its
  // interval for every evaluator (the chart that moves when a label or a verdict is flipped).
  const summary = useMemo<LabSummaryDef | null>(() => {
    if (!result) return null;
    const focusReport = result.reports.find((r) => r.evaluator_id === result.decision.evaluator_id);
    const intLike = new Set(['false_passes', 'critical_false_passes', 'parse_errors']);
    const numbers = checkHeadlines(result.checks, lang, (c) => evaluatorsMsg(lang).checks[c.id], {
      digits: (c) => (intLike.has(c.id) ? 0 : c.id === 'cost_per_valid_evaluation' ? 6 : 4),
      ci: (c) => (c.id === 'pass_kappa' && focusReport && focusReport.pass_kappa_ci.low !== null && focusReport.pass_kappa_ci.high !== null ? [focusReport.pass_kappa_ci.low, focusReport.pass_kappa_ci.high] : null),
      catalogs: [evaluatorsMsg(lang).undefined_reason],
    });
    // The kappa check fails closed when kappa's interval is undefined (its value is then undefined,
    // for the interval's reason); the headline still shows the point estimate the chart shows, marked.
    const kappaCheck = result.checks.find((c) => c.id === 'pass_kappa');
    const kappaHead = numbers.find((h) => h.key.startsWith('pass_kappa'));
    if (kappaHead && kappaCheck?.value === null && focusReport?.pass_kappa != null && focusReport.pass_kappa_ci.reason) {
      kappaHead.value = focusReport.pass_kappa;
      kappaHead.suffix = ` (${te.ci_undefined})`;
    }
    return {
    verdict: <Verdict result={result} lang={lang} view={view} setView={setView} />,
    numbers,
    chart: <KappaChart result={result} lang={lang} />,
    };
  }, [result, lang, view, setView, te.ci_undefined]);

  const [upper, lower] = useMemo(() => {
    if (!panelResult) return [null, null];
    const r = panelResult;
    return [
      <>
        <GateChecklist result={r} lang={lang} />
        <Summary result={r} lang={lang} />
        <CriterionPicker result={r} lang={lang} view={view} setView={setView} />
        <div className="lab-grid ev-details">
          {r.reports.map((x, k) => <EvaluatorDetail key={x.evaluator_id} r={x} k={k} result={r} lang={lang} />)}
        </div>
      </>,
      <>
        <CostPanel result={r} lang={lang} />
        <OrdinalPanel result={r} lang={lang} />
        <ConstructPanel result={r} lang={lang} />
        <CorrectedPanel result={r} lang={lang} />
        <PairwisePanel result={r} lang={lang} />
        <BudgetPanel result={r} lang={lang} />
      </>,
    ];
  }, [panelResult, lang, view, setView]);

  return (
    <LabShell importer={<ImportPanel meta={evaluatorsMeta} label={te.import_button} lang={lang} state={lab} />} meta={evaluatorsMeta} lang={lang} inputs={inputs} state={lab} run={run} embed={embed} secondaryLabels={te.secondary} summary={summary} dense
      cases={result && <EvaluatorsCases result={result} lang={lang} state={lab} />}>
      {panelResult && (
        <div className="lab-results" aria-live="off">
          {upper}
          {/* it reads and edits the texts: re-rendered on each edit */}
          <CaseTable result={panelResult} lang={lang} state={lab} />
          {lower}
        </div>
      )}
    </LabShell>
  );
}

// ---------------------------------------------------------------------------------------------
// Controls that edit the texts

function AddEvaluator({ lang, state, focus }: { lang: Lang; state: LabStateApi; focus: string | null }) {
  const te = ui(lang).evaluators;
  const outs = useMemo(() => readOutputs(state.texts.outputs ?? ''), [state.texts.outputs]);
  const ids = outs?.map((o) => o.evaluator_id) ?? [];
  const [from, setFrom] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const source = from !== null && ids.includes(from) ? from : focus !== null && ids.includes(focus) ? focus : ids[0] ?? '';
  const add = () => {
    const out = addEvaluatorCopy(state.texts.outputs ?? '', source);
    if (!out) setMessage(te.add_failed);
    else {
      state.setText('outputs', out.text);
      setMessage(te.added(out.id));
    }
  };
  return (
    <div className="ev-controls" data-testid="add-evaluator">
      {outs === null ? (
        <p className="notice">{te.controls_disabled}</p>
      ) : (
        <>
          <label>
            {te.add_from}{' '}
            <select value={source} onChange={(e) => setFrom(e.currentTarget.value)} data-testid="add-evaluator-from">
              {ids.map((id) => <option key={id} value={id}>{id}</option>)}
            </select>
          </label>{' '}
          <button type="button" onClick={add} disabled={!source} data-testid="add-evaluator-button">{te.add_evaluator}</button>
        </>
      )}
      <p className="help" role="status">{message}</p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Verdict, gate, summary

function Verdict({ result, lang, view, setView }: { result: EvaluatorsResult; lang: Lang; view: EvaluatorsView; setView: (v: Partial<EvaluatorsView>) => void }) {
  const te = ui(lang).evaluators;
  const lm = evaluatorsMsg(lang);
  const d = result.decision;
  const rec = result.recommended_evaluator;
  return (
    <VerdictPanel id="ev-verdict" verdict={d.verdict} lang={lang} summary={lm.verdict} marks>
      <p className="ev-focus">
        <label>
          {te.decision_about}{' '}
          <select value={view.evaluator ?? ''} onChange={(e) => setView({ evaluator: e.currentTarget.value === '' ? null : e.currentTarget.value })} data-testid="focus-evaluator">
            <option value="">{te.focus_recommended(rec ?? lm.report.none)}</option>
            {result.reports.map((r) => <option key={r.evaluator_id} value={r.evaluator_id}>{r.evaluator_id}</option>)}
          </select>
        </label>{' '}
        <strong data-testid="focus">{d.evaluator_id}</strong>
      </p>
      {view.evaluator !== null && !result.focus.requested_found && <p className="notice">{te.focus_missing(view.evaluator)}</p>}
      <dl className="pairs">
        <div><dt>{lm.report.recommended}</dt><dd data-testid="recommended" data-value={rec ?? ''}>{rec ?? te.no_recommendation}</dd></div>
        <div><dt>{lm.report.recommended_kit}</dt><dd data-testid="recommended-kit">{result.recommended_evaluator_kit ?? te.no_recommendation}</dd></div>
      </dl>
      {rec === null && <p>{te.no_recommendation_help}</p>}
      {d.reasons.length > 0 ? (
        <div data-testid="reasons"><ReasonList reasons={d.reasons} messages={lm.reasons} lang={lang} /></div>
      ) : (
        <p data-testid="reasons">{te.no_reasons}</p>
      )}
      <p className="help">{d.verdict === 'pass' ? lm.report.action_pass : lm.report.action_fail}</p>
    </VerdictPanel>
  );
}

function GateChecklist({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const te = ui(lang).evaluators;
  const lm = evaluatorsMsg(lang);
  const intLike = new Set(['false_passes', 'critical_false_passes', 'parse_errors']);
  return (
    <Checklist
      id="ev-checks"
      checks={result.checks}
      lang={lang}
      title={te.checklist_title(result.decision.evaluator_id)}
      caption={te.checklist_caption}
      label={(c) => lm.checks[c.id]}
      digits={(c) => (intLike.has(c.id) ? 0 : c.id === 'cost_per_valid_evaluation' ? 6 : 4)}
      undefinedCatalogs={[lm.undefined_reason]}
    />
  );
}

function GateBadge({ ok, lang }: { ok: boolean; lang: Lang }) {
  const te = ui(lang).evaluators;
  return <span className={`badge ${ok ? 'ok' : 'bad'}`}>{ok ? `✓ ${te.gate_ok}` : `✗ ${te.gate_fail}`}</span>;
}

function Summary({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const te = ui(lang).evaluators;
  const lm = evaluatorsMsg(lang);
  const level = pct(result.bootstrap.confidence, lang);
  return (
    <LabPanel id="ev-summary" title={lm.report.summary_heading}>
      <p className="help">{te.summary_caption}</p>
      <DataTable cards label={lm.report.summary_heading} className="ev-summary" testId="summary"
        columns={[lm.report.evaluator, te.col_kappa, lm.report.kappa_ci(level), lm.report.kappa_kit, te.col_pass_accuracy, te.col_pass_accuracy_kit, lm.report.false_passes, lm.report.critical, lm.report.parse_errors, te.col_cost_run, lm.report.cost_per_valid, lm.report.cost_per_useful, lm.report.gate]}>
        {result.reports.map((r) => (
          <tr key={r.evaluator_id} data-evaluator={r.evaluator_id} className={r.evaluator_id === result.recommended_evaluator ? 'recommended' : ''}>
            <th scope="row">{breakable(r.evaluator_id)}{r.evaluator_id === result.recommended_evaluator && <> <span className="tag">★ {te.recommended_tag}</span></>}</th>
            <td data-testid={`kappa-${r.evaluator_id}`}><Num v={r.pass_kappa} reason={r.undefined_metrics.pass_kappa} lang={lang} /></td>
            <td><Interval ci={r.pass_kappa_ci} lang={lang} /></td>
            <td>{fmt(r.pass_kappa_kit, lang, 4)}</td>
            <td data-testid={`accuracy-${r.evaluator_id}`}><Num v={r.pass_accuracy} reason={r.undefined_metrics.pass_accuracy} lang={lang} /></td>
            <td>{fmt(r.pass_accuracy_kit, lang, 4)}</td>
            <td data-testid={`false-passes-${r.evaluator_id}`}>{r.false_pass_count}</td>
            <td>{r.critical_false_passes > 0 ? <strong className="critical-text">⚠ {r.critical_false_passes}</strong> : '0'}</td>
            <td>{r.parse_errors} / {r.cases}</td>
            <td>{cost(r.cost_per_run, lang)}</td>
            <td><Num v={r.cost_per_valid_evaluation} digits={6} reason={r.undefined_metrics.cost_per_valid_evaluation} lang={lang} /></td>
            <td><Num v={r.cost_per_useful_evaluation} digits={6} reason={r.undefined_metrics.cost_per_useful_evaluation} lang={lang} /></td>
            <td data-testid={`gate-${r.evaluator_id}`} data-passed={r.passes_gate ? 'true' : 'false'}><GateBadge ok={r.passes_gate} lang={lang} /></td>
          </tr>
        ))}
      </DataTable>
      <p className="help">{te.ranking_help(result.ranking.length ? result.ranking.join(' > ') : te.no_recommendation)}</p>
    </LabPanel>
  );
}

function KappaChart({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.evaluators;
  const lm = evaluatorsMsg(lang);
  const level = pct(result.bootstrap.confidence, lang);
  const minKappa = result.reports[0]?.checks.find((c) => c.id === 'pass_kappa')?.threshold ?? null;
  const rows: IntervalRow[] = result.reports.map((r, k) => ({
    key: r.evaluator_id,
    label: r.evaluator_id,
    value: r.pass_kappa,
    low: r.pass_kappa_ci.low,
    high: r.pass_kappa_ci.high,
    undefinedText: undefText(r.undefined_metrics.pass_kappa, lang),
    intervalNote: r.pass_kappa_ci.reason ? te.ci_undefined : undefined,
    color: COLORS[k % COLORS.length],
    // the engine's kappa check (decision.ts): it also fails closed on an undefined interval
    flagged: r.checks.find((c) => c.id === 'pass_kappa')?.status !== 'pass',
  }));
  return (
    <LabPanel id="ev-kappa" title={te.kappa_chart}>
      <Sized>
        {(w) => (
          <IntervalChart
            testId="kappa-chart"
            width={w}
            title={te.kappa_chart}
            description={te.kappa_chart_desc(level, result.bootstrap.rounds, result.bootstrap.seed, result.cases)}
            xLabel={te.kappa_axis}
            rows={rows}
            threshold={minKappa !== null ? { value: minKappa, label: te.kappa_floor(fmt(minKappa, lang, 2)) } : undefined}
            domain={[Math.min(0, ...rows.flatMap((r) => [r.value ?? 0, r.low ?? 0])), 1]}
            tableSummary={t.lab.chart_table}
            columns={{ row: lm.report.evaluator, value: te.col_kappa, low: te.ci_low, high: te.ci_high }}
            format={(v) => fmt(v, lang, 4)}
          />
        )}
      </Sized>
      <ul className="help">
        {result.reports.map((r) => (
          <li key={r.evaluator_id}>{te.kappa_parts(r.evaluator_id, fmt(r.pass_observed_agreement, lang, 4), fmt(r.pass_expected_agreement, lang, 4), r.pass_kappa_ci.defined_rounds, r.pass_kappa_ci.undefined_rounds)}</li>
        ))}
      </ul>
    </LabPanel>
  );
}

function CriterionPicker({ result, lang, view, setView }: { result: EvaluatorsResult; lang: Lang; view: EvaluatorsView; setView: (v: Partial<EvaluatorsView>) => void }) {
  const te = ui(lang).evaluators;
  return (
    <p className="ev-criterion">
      <label>
        {te.matrix_for}{' '}
        <select value={view.criterion ?? ''} onChange={(e) => setView({ criterion: e.currentTarget.value === '' ? null : e.currentTarget.value })} data-testid="focus-criterion">
          <option value="">{te.matrix_pass}</option>
          {result.criteria.map((c) => <option key={c} value={c}>{c}{result.blocking_criteria.includes(c) ? ` ★ ${te.blocking}` : ''}</option>)}
        </select>
      </label>
    </p>
  );
}

// ---------------------------------------------------------------------------------------------
// Per evaluator

function CaseList({ flags, lang, testId, empty }: { flags: CaseFlag[]; lang: Lang; testId: string; empty: string }) {
  const te = ui(lang).evaluators;
  if (flags.length === 0) return <p data-testid={testId} data-count="0">{empty}</p>;
  return (
    <ul className="ev-cases" data-testid={testId} data-count={flags.length}>
      {flags.map((f) => (
        <li key={f.case_id} data-case={f.case_id}>
          <strong>{f.case_id}</strong>
          {f.task && <> · <span className="muted">{f.task}</span></>}
          {f.input && <>: <q>{f.input}</q></>}
          {f.blocking_failed.length > 0 && <span className="ev-blocking"> {te.blocking_failed(f.blocking_failed.join(', '))}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The 2x2 agreement matrix, human rows by judge columns, with each cell named (not only placed). */
function AgreementMatrix({ m, lang, testId, caption }: { m: number[][]; lang: Lang; testId: string; caption: string }) {
  const te = ui(lang).evaluators;
  const lm = evaluatorsMsg(lang);
  const cell = (h: 0 | 1, j: 0 | 1, name: string, bad: boolean) => (
    <td data-cell={`${h}${j}`} className={bad && m[h][j] > 0 ? 'cell-bad' : h === j ? 'cell-ok' : ''}>
      <span className="cell-label">{name}:</span> <strong>{m[h][j]}</strong>
    </td>
  );
  return (
    <table className="confusion ev-matrix ev-fit" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr><td /><th scope="col">{te.judge_passes}</th><th scope="col">{te.judge_blocks}</th></tr>
      </thead>
      <tbody>
        <tr><th scope="row">{te.human_passes}</th>{cell(1, 1, lm.outcomes.true_pass, false)}{cell(1, 0, lm.outcomes.false_block, true)}</tr>
        <tr><th scope="row">{te.human_blocks}</th>{cell(0, 1, lm.outcomes.false_pass, true)}{cell(0, 0, lm.outcomes.true_block, false)}</tr>
      </tbody>
    </table>
  );
}

function EvaluatorDetail({ r, k, result, lang }: { r: EvaluatorReport; k: number; result: EvaluatorsResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.evaluators;
  const lm = evaluatorsMsg(lang);
  const crit = result.focus.criterion;
  const pc = crit ? r.per_criterion.find((c) => c.criterion === crit) ?? null : null;
  const matrix = pc ? pc.confusion_matrix : r.confusion_matrix;
  const rule = r.rubric_pass;
  const bars: BarRow[] = [
    ...r.per_criterion.map((c) => ({
      key: c.criterion,
      label: `${c.criterion}${c.blocking ? ' ★' : ''}`,
      value: c.accuracy,
      undefinedText: undefText(c.undefined_metrics.accuracy, lang),
      note: te.kit_note(fmt(c.accuracy_kit, lang, 4)),
      color: COLORS[k % COLORS.length],
    })),
    { key: PASS, label: te.pass_label, value: r.pass_accuracy, undefinedText: undefText(r.undefined_metrics.pass_accuracy, lang), note: te.kit_note(fmt(r.pass_accuracy_kit, lang, 4)), color: '#3b4450' },
  ];
  const id = `ev-detail-${k}`;
  return (
    <LabPanel id={id} title={<>{r.evaluator_id} <GateBadge ok={r.passes_gate} lang={lang} /></>} testId={`detail-${r.evaluator_id}`}>
      <AgreementMatrix m={matrix} lang={lang} testId={`matrix-${r.evaluator_id}`} caption={pc ? te.matrix_caption_criterion(pc.criterion, pc.valid) : te.matrix_caption(r.valid_evaluations, r.parse_errors)} />
      <p className="ev-kappa" data-testid={`kappa-line-${r.evaluator_id}`}>
        {pc ? (
          <>{te.criterion_kappa(pc.criterion)}: <Num v={pc.kappa} reason={pc.undefined_metrics.kappa} lang={lang} /></>
        ) : (
          <>
            κ = <Num v={r.pass_kappa} reason={r.undefined_metrics.pass_kappa} lang={lang} /> · {lm.report.kappa_ci(pct(r.pass_kappa_ci.confidence, lang))}: <Interval ci={r.pass_kappa_ci} lang={lang} />
            {' · '}TPR <Num v={r.tpr} reason={r.undefined_metrics.tpr} lang={lang} /> · TNR <Num v={r.tnr} reason={r.undefined_metrics.tnr} lang={lang} />
          </>
        )}
      </p>
      <Sized max={480}>
        {(w) => (
          <BarRowsChart
            testId={`criteria-chart-${r.evaluator_id}`}
            width={w}
            title={te.criteria_chart(r.evaluator_id)}
            description={te.criteria_chart_desc(r.valid_evaluations, r.cases, r.parse_errors)}
            xLabel={te.accuracy_axis}
            rows={bars}
            max={1}
            tableSummary={t.lab.chart_table}
            columns={[lm.report.criterion, te.accuracy_valid, lm.report.accuracy_kit]}
            format={(v) => fmt(v, lang, 4)}
          />
        )}
      </Sized>
      <h4>{lm.report.false_pass_heading} ({r.false_pass_count}) · <Num v={r.false_pass_rate} reason={r.undefined_metrics.false_pass_rate} lang={lang} /></h4>
      <CaseList flags={r.false_pass_cases} lang={lang} testId={`false-passes-list-${r.evaluator_id}`} empty={te.none_false_passes} />
      <h4>{te.critical_heading} ({r.critical_false_passes})</h4>
      {r.critical_false_pass_cases.length === 0 ? (
        <p data-testid={`critical-list-${r.evaluator_id}`} data-count="0">{te.none_critical}</p>
      ) : (
        <ul className="ev-cases" data-testid={`critical-list-${r.evaluator_id}`} data-count={r.critical_false_pass_cases.length}>
          {r.critical_false_pass_cases.map((f) => (
            <li key={f.case_id} data-case={f.case_id}><strong className="critical-text">⚠ {f.case_id}</strong> <span className="ev-blocking">{te.blocking_failed(f.blocking_failed.join(', '))}</span></li>
          ))}
        </ul>
      )}
      <h4>{te.false_blocks_heading} ({r.false_blocks.length}) · <Num v={r.false_block_rate} reason={r.undefined_metrics.false_block_rate} lang={lang} /></h4>
      <CaseList flags={r.false_block_cases} lang={lang} testId={`false-blocks-list-${r.evaluator_id}`} empty={te.none_false_blocks} />
      <h4>{lm.report.rule_heading}</h4>
      <p className="help">{lm.report.rule_text(fmt(rule.pass_threshold, lang, 4), rule.blocking_criteria.join(', ') || lm.report.none)}</p>
      <DataTable label={`${lm.report.rule_heading}: ${r.evaluator_id}`} testId={`rule-${r.evaluator_id}`} className="ev-fit" columns={['', te.judge_own_pass, te.rule_pass]}>
        <tr><th scope="row">{te.col_pass_accuracy}</th><td><Num v={r.pass_accuracy} reason={r.undefined_metrics.pass_accuracy} lang={lang} /></td><td><Num v={rule.accuracy} reason={rule.undefined_metrics.accuracy} lang={lang} /></td></tr>
        <tr><th scope="row">κ</th><td><Num v={r.pass_kappa} reason={r.undefined_metrics.pass_kappa} lang={lang} /></td><td><Num v={rule.kappa} reason={rule.undefined_metrics.kappa} lang={lang} /></td></tr>
        <tr><th scope="row">{lm.report.false_passes}</th><td>{r.false_passes.join(', ') || '0'}</td><td>{rule.false_passes.join(', ') || '0'}</td></tr>
        <tr><th scope="row">{te.false_blocks_heading.toLowerCase()}</th><td>{r.false_blocks.join(', ') || '0'}</td><td>{rule.false_blocks.join(', ') || '0'}</td></tr>
      </DataTable>
      <p data-testid={`rule-disagreements-${r.evaluator_id}`}>
        {rule.disagreements_with_judge.length ? <strong className="critical-text">⚠ {te.rule_disagrees(rule.disagreements_with_judge.join(', '))}</strong> : te.rule_agrees}
      </p>
      <h4>{te.costs_heading}</h4>
      <dl className="pairs" data-testid={`costs-${r.evaluator_id}`}>
        <div><dt>{te.col_cost_run}</dt><dd>{cost(r.cost_per_run, lang)}</dd></div>
        <div><dt>{lm.report.cost_per_valid}</dt><dd><Num v={r.cost_per_valid_evaluation} digits={6} reason={r.undefined_metrics.cost_per_valid_evaluation} lang={lang} /> <span className="muted">({te.kit_note(cost(r.cost_per_valid_evaluation_kit, lang))})</span></dd></div>
        <div><dt>{lm.report.cost_per_useful}</dt><dd><Num v={r.cost_per_useful_evaluation} digits={6} reason={r.undefined_metrics.cost_per_useful_evaluation} lang={lang} /> <span className="muted">({te.useful_n(r.useful_evaluations, r.cases)})</span></dd></div>
        <div><dt>{te.total_cost}</dt><dd>{cost(r.total_cost, lang)}</dd></div>
      </dl>
    </LabPanel>
  );
}

// ---------------------------------------------------------------------------------------------
// Case table: labels, verdicts and the flips

function LabelButton({ value, label, onClick, testId, disabled }: { value: number | null; label: string; onClick: () => void; testId: string; disabled?: boolean }) {
  return (
    <button type="button" className={`ev-flip ${value === 1 ? 'on' : 'off'}`} aria-label={label} onClick={onClick} data-testid={testId} data-value={value ?? ''} disabled={disabled}>
      {value === null ? '–' : value}
    </button>
  );
}

/** The case table draws at most this many cases (a filter by case id finds the others), as the shared CaseTable does. */
const CASE_LIMIT = 25;
const NO_CASES: readonly HumanCase[] = [];
const caseIdOf = (c: HumanCase) => c.case_id;

function CaseTable({ result, lang, state }: { result: EvaluatorsResult; lang: Lang; state: LabStateApi }) {
  const te = ui(lang).evaluators;
  const lm = evaluatorsMsg(lang);
  const cases = useMemo(() => readCases(state.texts.cases ?? ''), [state.texts.cases]);
  const outs = useMemo(() => readOutputs(state.texts.outputs ?? ''), [state.texts.outputs]);
  const [picked, setPicked] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const edit = (name: string, next: string | null) => {
    if (next === null) setMessage(te.edit_failed);
    else {
      setMessage('');
      state.setText(name, next);
    }
  };
  const flipHuman = (id: string, label: string) => edit('cases', flipHumanLabel(state.texts.cases ?? '', id, label));
  const flipJudge = (ev: string, id: string, label: string) => edit('outputs', flipJudgeScore(state.texts.outputs ?? '', ev, id, label));
  const flipParse = (ev: string, id: string) => edit('outputs', toggleParseOk(state.texts.outputs ?? '', ev, id));
  // each evaluator's false passes and false blocks as sets: a lookup per cell, not a scan of the
  // list (10^4 cases: the scans were 4.1 s of the page thread's samples over six edits, 2026-12-07 trace)
  const errors = useMemo(() => new Map(result.reports.map((r) => [r.evaluator_id, { pass: new Set(r.false_passes), block: new Set(r.false_blocks) }])), [result]);
  const { filter, setFilter, shown } = useCaseFilter(cases?.cases ?? NO_CASES, caseIdOf, CASE_LIMIT);
  const outcome = (ev: string, caseId: string, judge: number | null, parseOk: boolean | null): { key: string; text: string } => {
    const r = errors.get(ev);
    if (parseOk === false) return { key: 'parse_error', text: lm.outcomes.parse_error };
    if (r?.pass.has(caseId)) return { key: 'false_pass', text: lm.outcomes.false_pass };
    if (r?.block.has(caseId)) return { key: 'false_block', text: lm.outcomes.false_block };
    return judge === 1 ? { key: 'true_pass', text: lm.outcomes.true_pass } : { key: 'true_block', text: lm.outcomes.true_block };
  };
  if (!cases || !outs) {
    return (
      <LabPanel id="ev-cases" title={te.cases_heading}>
        <p className="notice" data-testid="case-controls-disabled">{te.controls_disabled}</p>
      </LabPanel>
    );
  }
  const current = cases.cases.find((c) => c.case_id === picked) ?? cases.cases[0] ?? null;
  // the detail's picker offers the cases the filter shows (at most CASE_LIMIT), and the one on screen
  const pickable = current && !shown.rows.includes(current) ? [current, ...shown.rows] : shown.rows;
  const labels = [...result.criteria, PASS];
  return (
    <LabPanel id="ev-cases" title={te.cases_heading} testId="case-table">
      <p className="help">{te.cases_help}</p>
      <p className="help">{te.cases_caption}</p>
      <CaseFilter lang={lang} total={cases.cases.length} limit={CASE_LIMIT} filter={filter} setFilter={setFilter} shown={shown} testId="cases-overview" />
      <DataTable label={te.cases_heading} testId="cases-overview" className="ev-cases-table" tall={shown.rows.length > 12}
        columns={[te.case, te.human_pass, ...outs.map((o) => te.judge_pass(o.evaluator_id))]}>
        {shown.rows.map((c) => (
          <tr key={c.case_id} data-case={c.case_id}>
            <th scope="row">
              {c.case_id}
              {c.input && <span className="ev-input"><q>{c.input}</q></span>}
            </th>
            <td>
              <LabelButton value={c.labels.get(PASS) ?? null} label={te.flip_human(c.case_id, PASS, String(c.labels.get(PASS) ?? '–'))} onClick={() => flipHuman(c.case_id, PASS)} testId={`flip-human-${c.case_id}-${PASS}`} />
            </td>
            {outs.map((o) => {
              const run = o.runs.get(c.case_id);
              const j = run?.scores.get(PASS) ?? null;
              const oc = outcome(o.evaluator_id, c.case_id, j, run?.parse_ok ?? null);
              return (
                <td key={o.evaluator_id} data-outcome={oc.key} className={oc.key === 'false_pass' || oc.key === 'false_block' || oc.key === 'parse_error' ? 'cell-bad' : ''}>
                  <LabelButton value={j} label={te.flip_judge(o.evaluator_id, c.case_id, PASS, String(j ?? '–'))} onClick={() => flipJudge(o.evaluator_id, c.case_id, PASS)} testId={`flip-judge-${o.evaluator_id}-${c.case_id}-${PASS}`} disabled={!run || run.parse_ok === false} />{' '}
                  <span className="ev-outcome">{oc.key === 'true_pass' || oc.key === 'true_block' ? '✓' : '✗'} {oc.text}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </DataTable>
      {current && (
        <div className="ev-case-detail">
          <h4>
            <label>
              {te.case_detail}{' '}
              <select value={current.case_id} onChange={(e) => setPicked(e.currentTarget.value)} data-testid="case-detail-select">
                {pickable.map((c) => <option key={c.case_id} value={c.case_id}>{c.case_id}</option>)}
              </select>
            </label>
          </h4>
          {current.task && <p className="help">{current.task}{current.input ? `: ${current.input}` : ''}</p>}
          <DataTable label={te.case_detail_label(current.case_id)} testId="case-detail" columns={[te.label_col, te.human, ...outs.map((o) => o.evaluator_id)]}>
            {labels.map((l) => (
              <tr key={l} data-label={l}>
                <th scope="row">{l === PASS ? te.pass_label : l}{result.blocking_criteria.includes(l) && <> ★</>}</th>
                <td><LabelButton value={current.labels.get(l) ?? null} label={te.flip_human(current.case_id, l, String(current.labels.get(l) ?? '–'))} onClick={() => flipHuman(current.case_id, l)} testId={`flip-human-${current.case_id}-${l}-detail`} /></td>
                {outs.map((o) => {
                  const run = o.runs.get(current.case_id);
                  const v = run?.scores.get(l) ?? null;
                  return (
                    <td key={o.evaluator_id}>
                      <LabelButton value={v} label={te.flip_judge(o.evaluator_id, current.case_id, l, String(v ?? '–'))} onClick={() => flipJudge(o.evaluator_id, current.case_id, l)} testId={`flip-judge-${o.evaluator_id}-${current.case_id}-${l}-detail`} disabled={!run || run.parse_ok === false} />
                    </td>
                  );
                })}
              </tr>
            ))}
            <tr data-label="parse_ok">
              <th scope="row">parse_ok</th>
              <td>–</td>
              {outs.map((o) => {
                const run = o.runs.get(current.case_id);
                const ok = run ? run.parse_ok !== false : null;
                return (
                  <td key={o.evaluator_id}>
                    <button type="button" className={`ev-flip ${ok ? 'on' : 'off'}`} aria-label={te.toggle_parse(o.evaluator_id, current.case_id, ok ? 'true' : 'false')} onClick={() => flipParse(o.evaluator_id, current.case_id)} disabled={!run} data-testid={`toggle-parse-${o.evaluator_id}-${current.case_id}`} data-value={String(ok)}>
                      {ok ? 'true' : 'false'}
                    </button>
                  </td>
                );
              })}
            </tr>
          </DataTable>
        </div>
      )}
      <p className="help" role="status">{message}</p>
      {result.human_rule_disagreements.length > 0 && <p className="notice" data-testid="human-rule">{lm.report.human_rule_disagreements(result.human_rule_disagreements.join(', '))}</p>}
    </LabPanel>
  );
}

// ---------------------------------------------------------------------------------------------
// Costs, ordinal scale, construct, corrected pass rate, pairwise, budget

function CostPanel({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.evaluators;
  const lm = evaluatorsMsg(lang);
  const check = (r: EvaluatorReport) => r.checks.find((c) => c.id === 'cost_per_valid_evaluation');
  const budget = check(result.reports[0])?.threshold ?? null;
  const bars: BarRow[] = result.reports.map((r, k) => ({
    key: r.evaluator_id,
    label: r.evaluator_id,
    value: r.cost_per_valid_evaluation,
    undefinedText: undefText(r.undefined_metrics.cost_per_valid_evaluation, lang),
    flagged: check(r)?.status !== 'pass',
    color: COLORS[k % COLORS.length],
    note: te.useful_cost_note(r.cost_per_useful_evaluation === null ? '–' : cost(r.cost_per_useful_evaluation, lang)),
  }));
  return (
    <LabPanel id="ev-cost" title={te.cost_chart}>
      <Sized max={640}>
        {(w) => (
          <BarRowsChart
            testId="cost-chart"
            width={w}
            title={te.cost_chart}
            description={te.cost_chart_desc(budget === null ? '–' : cost(budget, lang))}
            xLabel={lm.report.cost_per_valid}
            rows={bars}
            reference={budget !== null ? { value: budget, label: te.budget_label } : undefined}
            tableSummary={t.lab.chart_table}
            columns={[lm.report.evaluator, lm.report.cost_per_valid, lm.report.cost_per_useful]}
            format={(v) => cost(v, lang)}
          />
        )}
      </Sized>
    </LabPanel>
  );
}

function Matrix({ m, scale, label, testId, rowLabel, colLabel }: { m: number[][]; scale: number[]; label: string; testId: string; rowLabel: string; colLabel: string }) {
  return (
    <div>
      <p className="help">{label}</p>
      <DataTable label={label} testId={testId} className="confusion ev-ordinal-matrix" columns={[`${rowLabel} \\ ${colLabel}`, ...scale.map(String)]}>
        {m.map((row, i) => (
          <tr key={scale[i]}>
            <th scope="row">{scale[i]}</th>
            {row.map((v, j) => <td key={j} className={i === j ? 'cell-ok' : ''}>{v}</td>)}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function OrdinalPanel({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.evaluators;
  const lm = evaluatorsMsg(lang);
  const o = result.ordinal;
  if (!o) return <Absent id="ev-ordinal" title={lm.report.ordinal_heading} text={te.absent(te.input_ordinal)} />;
  const um = o.undefined_metrics;
  const rows: IntervalRow[] = [
    { key: 'before', label: te.qwk_before, value: o.qwk_before, undefinedText: undefText(um.qwk_before, lang), color: '#8a94a3' },
    { key: 'after', label: te.qwk_after, value: o.qwk_after, undefinedText: undefText(um.qwk_after, lang), color: '#1d4e89' },
  ];
  const mae: BarRow[] = [
    { key: 'before', label: te.mae_before, value: o.mae_before, undefinedText: undefText(um.mae_before, lang), color: '#8a94a3' },
    { key: 'after', label: te.mae_after, value: o.mae_after, undefinedText: undefText(um.mae_after, lang), color: '#1d4e89' },
  ];
  const scaleText = o.scale.join(', ');
  return (
    <LabPanel id="ev-ordinal" title={lm.report.ordinal_heading} testId="ordinal">
      <p>{lm.report.ordinal_text(o.calibration_n, o.heldout_n, scaleText)} {o.criterion && <>({o.criterion}{o.evaluator_id ? ` · ${o.evaluator_id}` : ''})</>}</p>
      <div className="lab-grid">
        <Sized>
          {(w) => (
            <IntervalChart testId="qwk-chart" width={w} title={te.qwk_chart} description={te.qwk_chart_desc(o.heldout_n, scaleText)} xLabel={lm.report.qwk}
              rows={rows} domain={[Math.min(0, o.qwk_before ?? 0, o.qwk_after ?? 0), 1]} tableSummary={t.lab.chart_table}
              columns={{ row: te.split_row, value: lm.report.qwk, low: te.ci_low, high: te.ci_high }} format={(v) => fmt(v, lang, 4)} />
          )}
        </Sized>
        <Sized max={480}>
          {(w) => (
            <BarRowsChart testId="mae-chart" width={w} title={te.mae_chart} description={te.mae_chart_desc(o.heldout_n)} xLabel={lm.report.mae} rows={mae}
              tableSummary={t.lab.chart_table} columns={[te.split_row, lm.report.mae]} format={(v) => fmt(v, lang, 4)} />
          )}
        </Sized>
      </div>
      <p data-testid="ordinal-figures">
        {lm.report.qwk} {lm.report.before} <Num v={o.qwk_before} reason={um.qwk_before} lang={lang} /> → {lm.report.after} <strong data-testid="qwk-after"><Num v={o.qwk_after} reason={um.qwk_after} lang={lang} /></strong>
        {' · '}{lm.report.mae} <Num v={o.mae_before} reason={um.mae_before} lang={lang} /> → <Num v={o.mae_after} reason={um.mae_after} lang={lang} />
        {' · '}{lm.report.exact} <Num v={o.exact_before} reason={um.exact_before} lang={lang} /> → <Num v={o.exact_after} reason={um.exact_after} lang={lang} />
      </p>
      <p className="help">{te.calibration_figures(fmt(o.calibration_qwk, lang, 4), fmt(o.calibration_mae, lang, 4))}</p>
      {o.mapping ? (
        <>
        <p className="help">{te.mapping_caption}</p>
        <DataTable label={lm.report.mapping} testId="mapping" columns={[te.judge_score, te.judge_cdf, te.human_score, te.human_cdf]}>
          {o.mapping.map((row) => (
            <tr key={row.judge}><th scope="row">{row.judge}</th><td>{fmt(row.judge_cdf, lang, 4)}</td><td><strong>{row.human}</strong></td><td>{fmt(row.human_cdf, lang, 4)}</td></tr>
          ))}
        </DataTable>
        </>
      ) : (
        <p><Undef reason={um.mapping} lang={lang} /></p>
      )}
      <div className="lab-grid">
        <Matrix m={o.confusion_before} scale={o.scale} label={te.confusion_before} testId="ordinal-before" rowLabel={te.human} colLabel={te.judge} />
        <Matrix m={o.confusion_after} scale={o.scale} label={te.confusion_after} testId="ordinal-after" rowLabel={te.human} colLabel={te.mapped} />
      </div>
    </LabPanel>
  );
}

function Absent({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <LabPanel id={id} title={title}>
      <p className="help">{text}</p>
    </LabPanel>
  );
}

function ConstructPanel({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.evaluators;
  const lm = evaluatorsMsg(lang);
  const c = result.construct;
  if (!c) return <Absent id="ev-construct" title={lm.report.construct_heading} text={te.absent(te.input_construct)} />;
  const rows: IntervalRow[] = c.constructs.map((d, k) => ({
    key: d.construct_id,
    label: d.judge_construct ? te.judge_construct_label(d.construct_id) : d.construct_id,
    value: d.kappa,
    undefinedText: undefText(d.undefined_metrics.kappa, lang),
    color: d.judge_construct ? '#1d4e89' : COLORS[(k + 1) % COLORS.length],
  }));
  return (
    <LabPanel id="ev-construct" title={lm.report.construct_heading} testId="construct">
      <p>{lm.report.construct_text(c.criterion ?? '–', c.judge_construct ?? '–')}</p>
      {c.context && <p className="help">{te.context}: {c.context}</p>}
      <Sized>
        {(w) => (
          <IntervalChart testId="construct-chart" width={w} title={te.construct_chart} description={te.construct_chart_desc(c.n, c.judge_construct ?? '–')} xLabel={lm.report.kappa}
            rows={rows} domain={[Math.min(0, ...rows.map((r) => r.value ?? 0)), 1]} tableSummary={t.lab.chart_table}
            columns={{ row: lm.report.construct, value: lm.report.kappa, low: te.ci_low, high: te.ci_high }} format={(v) => fmt(v, lang, 4)} />
        )}
      </Sized>
      <DataTable label={lm.report.construct_heading} testId="construct-table" columns={[lm.report.construct, te.definition, lm.report.kappa, lm.report.qwk, lm.report.agreement, te.disagreements]}>
        {c.constructs.map((d) => (
          <tr key={d.construct_id} data-construct={d.construct_id}>
            <th scope="row">{d.construct_id}{d.judge_construct && <> <span className="tag">{te.judges_construct}</span></>}</th>
            <td>{d.definition ?? '–'}</td>
            <td data-testid={`construct-kappa-${d.construct_id}`}><Num v={d.kappa} reason={d.undefined_metrics.kappa} lang={lang} /></td>
            <td><Num v={d.quadratic_weighted_kappa} reason={d.undefined_metrics.quadratic_weighted_kappa} lang={lang} /></td>
            <td><Num v={d.accuracy} reason={d.undefined_metrics.accuracy} lang={lang} /></td>
            <td>{d.disagreements.join(', ') || '0'}</td>
          </tr>
        ))}
      </DataTable>
      <h4>{lm.report.changed_items(c.changed_items.length)}</h4>
      <ul className="ev-cases" data-testid="construct-changed">
        {c.changed_items.map((it) => (
          <li key={it.item_id}>
            <strong>{it.item_id}</strong>{it.answer && <>: <q>{it.answer}</q></>} <span className="muted">({te.judge} {it.judge}; {it.labels.map((l) => `${l.construct_id} ${l.label}`).join(', ')})</span>
          </li>
        ))}
      </ul>
      <p className="help">{te.construct_lesson}</p>
    </LabPanel>
  );
}

function CorrectedPanel({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.evaluators;
  const lm = evaluatorsMsg(lang);
  const p = result.corrected_pass_rate;
  if (!p) return <Absent id="ev-corrected" title={lm.report.corrected_heading} text={te.absent(te.input_production)} />;
  const um = p.undefined_metrics;
  const level = pct(p.confidence, lang);
  const undefinedRegion = p.youden_j !== null && p.youden_j <= 0;
  const rows: IntervalRow[] = [
    { key: 'observed', label: te.observed_row(p.judged_passes, p.runs), value: p.observed, color: '#8a94a3' },
    { key: 'corrected', label: te.corrected_row, value: p.value, low: p.low, high: p.high, undefinedText: undefText(um.value, lang), intervalNote: p.low === null ? te.ci_undefined : undefined, color: '#1d4e89' },
  ];
  return (
    <LabPanel id="ev-corrected" title={lm.report.corrected_heading} testId="corrected">
      <p>{lm.report.corrected_text(p.evaluator_id, p.judged_passes, p.runs)}</p>
      <p className="ev-formula" data-testid="corrected-formula">
        p̂ = (q + TNR − 1) / (TPR + TNR − 1) = ({fmt(p.observed, lang, 4)} + <Num v={p.tnr} reason={um.tnr} lang={lang} /> − 1) / (<Num v={p.tpr} reason={um.tpr} lang={lang} /> + <Num v={p.tnr} reason={um.tnr} lang={lang} /> − 1) ={' '}
        <strong data-testid="corrected-value"><Num v={p.value} reason={um.value} lang={lang} /></strong>
      </p>
      {undefinedRegion && <p className="notice" data-testid="corrected-undefined">{te.undefined_region(fmt(p.youden_j, lang, 4))}</p>}
      {p.clipped && <p className="notice">{te.clipped(fmt(p.value_unclipped, lang, 4), (p.value_unclipped ?? 0) < 0)}</p>}
      <Sized>
        {(w) => (
          <IntervalChart testId="corrected-chart" width={w} title={te.corrected_chart} description={te.corrected_chart_desc(level, p.rounds, p.runs)} xLabel={te.pass_rate_axis}
            rows={rows} domain={[0, 1]} tableSummary={t.lab.chart_table} columns={{ row: te.rate_row, value: te.rate_value, low: te.ci_low, high: te.ci_high }} format={(v) => fmt(v, lang, 4)} />
        )}
      </Sized>
      <p className="help" data-testid="corrected-interval">
        {lm.report.interval(level)}: {p.low !== null && p.high !== null ? `[${fmt(p.low, lang, 4)}, ${fmt(p.high, lang, 4)}]` : <Undef reason={um.low} lang={lang} />} · {lm.report.rounds(p.defined_rounds, p.undefined_rounds)} · {te.youden(fmt(p.youden_j, lang, 4))}
      </p>
    </LabPanel>
  );
}

function PairwisePanel({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const te = ui(lang).evaluators;
  const lm = evaluatorsMsg(lang);
  const p = result.pairwise;
  if (!p) return <Absent id="ev-pairwise" title={lm.report.pairwise_heading} text={te.absent(te.input_pairwise)} />;
  const um = p.undefined_metrics;
  const choice = (c: string) => (c === 'tie' ? te.tie : c);
  return (
    <LabPanel id="ev-pairwise" title={lm.report.pairwise_heading} testId="pairwise">
      <p>{lm.report.pairwise_text(p.evaluator_id, p.pairs)}</p>
      <dl className="pairs" data-testid="pairwise-figures">
        <div><dt>{lm.report.order_flip_rate}</dt><dd data-testid="flip-rate"><Num v={p.order_flip_rate} reason={um.order_flip_rate} lang={lang} /> ({p.flips} / {p.pairs})</dd></div>
        <div><dt>{lm.report.first_position_rate}</dt><dd><Num v={p.first_position_rate} reason={um.first_position_rate} lang={lang} /> ({p.first_position_wins} / {p.decisive_judgments})</dd></div>
        <div><dt>{lm.report.position_bias}</dt><dd><Num v={p.position_bias} reason={um.position_bias} lang={lang} /></dd></div>
        <div><dt>{te.consistent}</dt><dd>{te.consistent_value(p.consistent_pairs, p.a_wins, p.b_wins, p.ties)}</dd></div>
      </dl>
      <DataTable label={lm.report.pairwise_heading} testId="pairwise-table" tall={p.per_pair.length > 12} columns={[te.pair, te.a_first, te.b_first, te.flipped]}>
        {p.per_pair.map((x) => (
          <tr key={x.pair_id} className={x.flipped ? 'regression-row' : ''} data-flipped={x.flipped ? 'true' : 'false'}>
            <th scope="row">{x.pair_id}</th>
            <td>{choice(x.a_first)}</td>
            <td>{choice(x.b_first)}</td>
            <td>{x.flipped ? <strong>⇄ {te.yes}</strong> : te.no}</td>
          </tr>
        ))}
      </DataTable>
      <p className="help">{te.pairwise_help}</p>
    </LabPanel>
  );
}

function BudgetPanel({ result, lang }: { result: EvaluatorsResult; lang: Lang }) {
  const te = ui(lang).evaluators;
  const lm = evaluatorsMsg(lang);
  const b = result.budget;
  if (!b) return <Absent id="ev-budget" title={lm.report.budget_heading} text={te.absent(te.input_budget)} />;
  return (
    <LabPanel id="ev-budget" title={lm.report.budget_heading} testId="budget">
      <p>{lm.report.budget_text(b.cases, b.repetitions)} {te.budget_human(b.human_review_cases, fmt(b.human_cost_per_case, lang, 4), fmt(b.human_cost, lang, 2))}</p>
      <p className="ev-formula">C_eval = N · R · (C_in · T_in + C_out · T_out) + C_human</p>
      <DataTable label={lm.report.budget_heading} testId="budget-table" columns={[lm.report.evaluator, te.tokens, te.cost_per_eval, lm.report.model_cost, lm.report.human_cost, lm.report.c_eval, lm.report.expected_useful, lm.report.cost_per_useful]}>
        {b.evaluators.map((r) => (
          <tr key={r.evaluator_id} data-evaluator={r.evaluator_id}>
            <th scope="row">{r.evaluator_id}</th>
            <td>{fmt(r.tokens_in, lang, 1)} / {fmt(r.tokens_out, lang, 1)}</td>
            <td>{cost(r.cost_per_evaluation, lang)}</td>
            <td>{fmt(r.model_cost, lang, 2)}</td>
            <td>{fmt(b.human_cost, lang, 2)}</td>
            <td data-testid={`c-eval-${r.evaluator_id}`}><strong>{fmt(r.c_eval, lang, 2)}</strong></td>
            <td>{fmt(r.expected_useful, lang, 1)} ({fmt(r.useful_rate, lang, 4)})</td>
            <td><Num v={r.cost_per_useful} digits={6} reason={r.undefined_metrics.cost_per_useful} lang={lang} /></td>
          </tr>
        ))}
      </DataTable>
      <p className="help">{te.budget_help(b.evaluations)}</p>
    </LabPanel>
  );
}
