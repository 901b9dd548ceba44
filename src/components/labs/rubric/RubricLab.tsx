/**
 * The rubric lab island (chapter 06). The learner edits the exam items (JSONL) and the rubric
 * (JSON), switches normalization steps (the switches rewrite the rubric text), and can add a second
 * rubric to compare, a pasted breakdown to check, two annotators' ratings and a baseline run. The
 * worker validates and computes (labs/rubric); this component only renders: verdict, exam score
 * with its interval, gates, rubric lock and drift, the per-item dashboard and its column totals,
 * patterns, the per-item table, the A/B comparison, the breakdown check and the inter-rater check.
 *
 * Root props stay { lang, embed? } so an exercise page can embed the lab with a starting state;
 * the scorecard reaches the embedder through LabShell (embed.onResult).
 */
// The lab's styles first: the shared components' sheets (case table, summary) come after them.
import './rubric.css';
import { useDeferredValue, useMemo, useRef } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { RubricResult, ItemResult, AgreementResult, BreakdownCheck, Comparison, Pattern } from '../../../../labs/rubric/lab.ts';
import { rubricMeta } from '../../../../labs/rubric/meta.ts';
import { rubricMsg } from '../../../../labs/rubric/i18n/index.ts';
import { describeAxisReason } from '../../../../labs/rubric/describe.ts';
import { ui } from './i18n/ui.ts';
import { useLabRunner } from '../shared/useLabRunner.ts';
import { LabShell, type LabInputDef } from '../shared/LabShell.tsx';
import { useLabState, type LabStateApi } from '../shared/useLabState.ts';
import type { LabIslandProps } from '../shared/embed.ts';
import { fmt, UndefinedValue } from '../shared/format.tsx';
import StackedBarChart from '../../charts/StackedBarChart.tsx';
import HeatmapChart from '../../charts/HeatmapChart.tsx';
import ScoreScaleChart, { type ScoreRow } from '../../charts/ScoreScaleChart.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { VerdictPanel, ReasonList } from '../shared/Verdict.tsx';
import type { LabSummaryDef } from '../shared/Summary.tsx';
import { Checklist } from '../shared/Checklist.tsx';
import { readPipeline, setCaseFoldMode, setNormalizeExpected, setStepEnabled, type CaseFoldMode, type PipelineView } from './pipeline.ts';
import { RubricCases } from './RubricCases.tsx';
const AXIS_COLORS = ['#1d4e89', '#b35900', '#2e7d32', '#6a3d9a', '#00838f', '#a3211b', '#5d4037', '#ad1457'];

export default function RubricLab({ lang, preset, examples, embed }: LabIslandProps) {
  const tr = ui(lang).rubric;
  const lab = useLabState(rubricMeta, preset, embed);
  const run = useLabRunner('rubric', lab.texts, lang, {}, lab);
  const result = run.result;

  const inputs: LabInputDef[] = [
    { name: 'items', label: tr.input_items, description: tr.desc_items },
    { name: 'rubric', label: tr.input_rubric, description: tr.desc_rubric, extra: <PipelineControls lang={lang} state={lab} /> },
    { name: 'rubric_b', label: tr.input_rubric_b, description: tr.desc_rubric_b, secondary: true, example: examples.rubric_b },
    { name: 'breakdown', label: tr.input_breakdown, description: tr.desc_breakdown, secondary: true, example: examples.breakdown },
    { name: 'ratings', label: tr.input_ratings, description: tr.desc_ratings, secondary: true, example: examples.ratings },
    { name: 'baseline', label: tr.input_baseline, description: tr.desc_baseline, secondary: true },
  ];

  // The summary: the verdict, the exam score with its interval, the regression score and pass rate,
  // and the score on its scale against the gate (it moves with every item, axis or pipeline edit).
  const summary = useMemo<LabSummaryDef | null>(() => result && {
    verdict: <Verdict result={result} lang={lang} />,
    numbers: [
      { key: 'exam_score', label: tr.exam.metric_names.exam_score ?? 'exam_score', value: result.aggregate.exam_score, ci: result.aggregate.interval.low !== null && result.aggregate.interval.high !== null ? [result.aggregate.interval.low, result.aggregate.interval.high] : null,
        status: result.gates.hard.status === 'pass' ? 'ok' : 'bad', missing: <Undef reason={result.undefined_metrics.exam_score ?? undefined} lang={lang} /> },
      ...(['regression_score', 'pass_rate'] as const).map((k) => ({ key: k, label: tr.exam.metric_names[k] ?? k, value: result.metrics[k] ?? null, missing: <Undef reason={result.undefined_metrics[k] ?? undefined} lang={lang} /> })),
    ],
    chart: <ExamChart result={result} lang={lang} />,
  }, [result, lang, tr]);

  // Speed (issue 18): the summary draws each new result at once; the panels below draw it one
  // render later, in the background (useDeferredValue), and those that do not edit the texts only
  // when that result changes (useMemo), so a keystroke re-renders none of them.
  const panelResult = useDeferredValue(result);
  const upper = useMemo(() => panelResult && (
    <div className="lab-grid">
      <ExamPanel result={panelResult} lang={lang} />
      <GatesPanel result={panelResult} lang={lang} />
    </div>
  ), [panelResult, lang]);
  const lower = useMemo(() => panelResult && (
    <>
      <Dashboard result={panelResult} lang={lang} />
      <ItemsTable items={panelResult.items} lang={lang} />
      <ComparisonPanel cmp={panelResult.comparison} gate={panelResult.gates.hard.threshold} lang={lang} />
      <BreakdownPanel checks={panelResult.breakdown_check} lang={lang} />
      <AgreementPanel agreement={panelResult.agreement} lang={lang} />
    </>
  ), [panelResult, lang]);

  return (
    <LabShell meta={rubricMeta} lang={lang} inputs={inputs} state={lab} run={run} embed={embed} secondaryLabels={tr.secondary} summary={summary}
      cases={result && <RubricCases result={result} lang={lang} state={lab} />}>
      {panelResult && (
        <div className="lab-results" aria-live="off">
          {upper}
          {/* it writes the baseline text: re-rendered on each edit */}
          <LockPanel result={panelResult} lang={lang} state={lab} />
          {lower}
        </div>
      )}
    </LabShell>
  );
}

// ---------------------------------------------------------------------------------------------
// Normalization switches: they edit the rubric text

function PipelineControls({ lang, state }: { lang: Lang; state: LabStateApi }) {
  const tp = ui(lang).rubric.pipeline;
  const text = state.texts.rubric ?? '';
  const parsed = useMemo(() => readPipeline(text), [text]);
  // While the text is not a rubric, the switches stay on screen (as they last were) but disabled.
  const last = useRef<PipelineView | null>(null);
  if (parsed.ok) last.current = parsed;
  const p = parsed.ok ? parsed : last.current;
  const disabled = !parsed.ok;
  const edit = (f: (t: string) => string) => state.setText('rubric', f(text));
  return (
    <fieldset className="pipeline" data-testid="pipeline" disabled={disabled}>
      <legend>{tp.heading}</legend>
      <p className="help">{tp.help}</p>
      {!parsed.ok && (
        <p className="notice" data-testid="pipeline-disabled">{parsed.reason === 'invalid_json' ? tp.disabled_invalid_json : tp.disabled_bad_shape}</p>
      )}
      {p && p.ok && (
        <ul className="pipeline-steps">
          {p.steps.map((s) => (
            <li key={s.step}>
              <label>
                <input
                  type="checkbox"
                  checked={s.enabled}
                  onChange={(e) => edit((t) => setStepEnabled(t, s.step, e.currentTarget.checked))}
                  data-testid={`step-${s.step}`}
                />{' '}
                {tp.step_names[s.step]} <code>{s.step}</code>{' '}
                <span className="help">({s.index >= 0 ? tp.position(s.index + 1) : tp.not_listed})</span>
              </label>
              {s.step === 'case_fold' && s.index >= 0 && (
                <label className="pipeline-mode">
                  {tp.mode_label}{' '}
                  <select value={s.mode ?? 'casefold'} onChange={(e) => edit((t) => setCaseFoldMode(t, e.currentTarget.value as CaseFoldMode))} data-testid="case-fold-mode">
                    <option value="casefold">{tp.mode_casefold}</option>
                    <option value="lower">{tp.mode_lower}</option>
                  </select>
                </label>
              )}
            </li>
          ))}
          <li>
            <label>
              <input type="checkbox" checked={p.normalizeExpected} onChange={(e) => edit((t) => setNormalizeExpected(t, e.currentTarget.checked))} data-testid="normalize-expected" />{' '}
              {tp.normalize_expected} <code>normalize_expected</code>
            </label>
          </li>
        </ul>
      )}
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// Verdict, exam score, gates, lock

function Verdict({ result, lang }: { result: RubricResult; lang: Lang }) {
  const t = ui(lang);
  const lm = rubricMsg(lang);
  const d = result.decision;
  const a = result.aggregate;
  return (
    <>
    <VerdictPanel id="rub-verdict" verdict={d.verdict} lang={lang} summary={lm.verdict}>
      <p className="big-number">
        {t.rubric.exam.score}:{' '}
        <strong data-testid="exam-score">{a.exam_score === null ? t.rubric.undefined_value : fmt(a.exam_score, lang, 4)}</strong>{' '}
        ({t.rubric.gates.names.hard_min_score} {fmt(result.gates.hard.threshold, lang, 4)})
      </p>
      {d.reasons.length > 0 ? <ReasonList reasons={d.reasons} messages={lm.reasons} lang={lang} /> : <p data-reason="hard_gate_met">{lm.report.hard_gate_met}</p>}
    </VerdictPanel>
    {/* Findings that do not change the verdict: a warning box outside the (green or red) verdict. */}
    {d.warnings.length > 0 && (
      <section className="notice" aria-labelledby="rub-warnings" data-testid="decision-warnings">
        <p id="rub-warnings">{lm.ui.warnings_heading}:</p>
        <ul>{d.warnings.map((w) => <li key={w} data-warning={w}>{lm.reasons[w]}</li>)}</ul>
      </section>
    )}
    </>
  );
}

function ExamPanel({ result, lang }: { result: RubricResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.rubric.exam;
  const a = result.aggregate;
  const iv = a.interval;
  const conf = `${fmt(iv.confidence * 100, lang, 2)} %`;
  const keys = ['exam_score', 'exam_score_ci_low', 'exam_score_ci_high', 'regression_score', 'pass_rate', 'latency_p50_ms', 'regression_schema_failures'];
  return (
    <LabPanel id="rub-exam" title={te.heading}>
      <p>{te.n_items(a.n_items, a.n_exam, a.n_regression)}</p>
      <p data-testid="exam-interval">{te.interval(conf, iv.low === null ? '–' : fmt(iv.low, lang, 4), iv.high === null ? '–' : fmt(iv.high, lang, 4), iv.resamples)}</p>
      <table className="metrics" data-testid="rubric-metrics">
        <caption>{te.metrics}</caption>
        <tbody>
          {keys.map((k) => {
            const v = result.metrics[k];
            const reason = result.undefined_metrics[k];
            return (
              <tr key={k} data-metric={k}>
                <th scope="row">{te.metric_names[k] ?? k}</th>
                <td>{v === null || v === undefined ? <Undef reason={reason} lang={lang} /> : fmt(v, lang, 4)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </LabPanel>
  );
}

/** The exam score with its interval on the 0-1 scale, against the hard gate (in the summary). */
function ExamChart({ result, lang }: { result: RubricResult; lang: Lang }) {
  const t = ui(lang);
  const te = t.rubric.exam;
  const a = result.aggregate;
  const iv = a.interval;
  const rows: ScoreRow[] = [{ key: 'exam', label: te.exam_row(a.n_exam), value: a.exam_score, low: iv.low, high: iv.high, color: '#1d4e89' }];
  if (a.n_regression > 0) rows.push({ key: 'reg', label: te.regression_row(a.n_regression), value: a.regression_score, color: '#6a3d9a' });
  const gate = result.gates.hard.threshold;
  return (
    <ScoreScaleChart
      testId="exam-chart"
      title={te.chart}
      description={te.chart_desc(a.exam_score === null ? t.rubric.undefined_value : fmt(a.exam_score, lang, 4), fmt(gate, lang, 4), a.n_exam)}
      xLabel={te.x_label}
      rows={rows}
      threshold={{ value: gate, label: te.gate_label(fmt(gate, lang, 2)) }}
      tableSummary={t.lab.chart_table}
      columns={{ row: te.col_row, value: te.col_value, low: te.col_low, high: te.col_high }}
      format={(v) => fmt(v, lang, 4)}
    />
  );
}

/** "undefined (reason)" with the rubric engine's reasons (and its own word for "undefined"). */
function Undef({ reason, lang }: { reason?: string; lang: Lang }) {
  return <UndefinedValue reason={reason} lang={lang} catalogs={[rubricMsg(lang).undefined_reason]} label={ui(lang).rubric.undefined_value} />;
}

function GatesPanel({ result, lang }: { result: RubricResult; lang: Lang }) {
  const tg = ui(lang).rubric.gates;
  const lm = rubricMsg(lang);
  return (
    <Checklist
      id="rub-gates"
      title={tg.heading}
      checks={result.checks}
      lang={lang}
      label={(c) => (c.id === 'agreement' ? ui(lang).rubric.agreement.heading : tg.names[c.id])}
      digits={(c) => (c.id === 'regression_schema_failures' ? 0 : 4)}
      undefinedCatalogs={[lm.undefined_reason]}
    />
  );
}

function LockPanel({ result, lang, state }: { result: RubricResult; lang: Lang; state: LabStateApi }) {
  const tl = ui(lang).rubric.lock;
  const none = ui(lang).rubric.none;
  const drift = result.drift;
  const pin = () =>
    state.setText('baseline', `${JSON.stringify({ rubric_id: result.rubric_id, rubric_hash: result.rubric_hash, aggregate: { exam_score: result.aggregate.exam_score } }, null, 2)}\n`);
  return (
    <LabPanel id="rub-lock" title={tl.heading} testId="lock">
      <p className="help">{tl.help}</p>
      <p>{tl.rubric(result.rubric_id, result.rubric_version)}</p>
      <p>{tl.hash}: <code className="hash" data-testid="rubric-hash">{result.rubric_hash}</code></p>
      <p>{tl.steps_on}: {result.normalization.steps.length ? <span className="step-tags">{result.normalization.steps.map((s) => <code key={s} className="step-tag">{s}</code>)}</span> : none}</p>
      <p>{tl.steps_off}: {result.normalization.disabled_steps.length ? <span className="step-tags">{result.normalization.disabled_steps.map((s) => <code key={s} className="step-tag off">{s}</code>)}</span> : none}</p>
      <p>{tl.expected_normalized(result.normalization.normalize_expected)}</p>
      {drift && (
        <p className={drift.drifted ? 'notice drift' : 'badge ok'} data-testid="drift" data-drifted={drift.drifted ? 'true' : 'false'} role={drift.drifted ? 'status' : undefined}>
          {drift.drifted ? tl.drift(drift.baseline_hash ?? tl.baseline_no_hash, drift.current_hash) : tl.no_drift}
        </p>
      )}
      <p>
        <button type="button" onClick={pin} data-testid="pin-baseline">{tl.use_as_baseline}</button>{' '}
        <span className="help">{tl.baseline_help}</span>
      </p>
    </LabPanel>
  );
}

// ---------------------------------------------------------------------------------------------
// Dashboard: stacked bars, column totals, patterns

function Dashboard({ result, lang }: { result: RubricResult; lang: Lang }) {
  const t = ui(lang);
  const td = t.rubric.dashboard;
  const cols = result.aggregate.axis_columns;
  const series = cols.map((c, i) => ({ key: c.axis, label: c.axis, color: AXIS_COLORS[i % AXIS_COLORS.length] }));
  const rows = result.items.map((it) => ({
    key: it.item,
    label: it.item,
    values: it.weighted,
    marker: it.overrides.length ? it.score : undefined,
    muted: it.split === 'regression',
  }));
  const n = result.aggregate.n_items;
  return (
    <LabPanel id="rub-dash" title={td.heading}>
      <StackedBarChart
        testId="dashboard-chart"
        title={td.chart}
        description={td.chart_desc(n)}
        yLabel={td.y_label}
        series={series}
        rows={rows}
        yMax={1}
        markerLabel={td.marker}
        tableSummary={t.lab.chart_table}
        rowHeader={td.row_header}
        format={(v) => fmt(v, lang, 4)}
      />
      <h4>{td.columns_heading}</h4>
      <DataTable label={td.columns_heading} testId="axis-columns" caption={td.columns_caption(n, result.aggregate.n_exam)}
        columns={[td.axis, td.weight, td.total, td.failures, td.zeros, td.mean_exam, td.lost]}>
        {cols.map((c, i) => {
          const systematic = c.systematic;
          const mean = result.aggregate.axis_means[c.axis];
          return (
            <tr key={c.axis} data-axis={c.axis} className={systematic ? 'systematic' : c.failures > 0 ? 'has-failures' : undefined}>
              <th scope="row"><span className="swatch square" style={{ background: AXIS_COLORS[i % AXIS_COLORS.length] }} aria-hidden="true" /> {c.axis}</th>
              <td>{fmt(c.weight, lang, 4)} ({fmt(c.weight_share * 100, lang, 1)} %)</td>
              <td data-col="total">{fmt(c.total, lang, 4)} / {n}</td>
              <td data-col="failures">{c.failures}{systematic && <strong> — {td.systematic}</strong>}</td>
              <td>{c.zeros}</td>
              <td>{mean === null || mean === undefined ? '–' : fmt(mean, lang, 4)}</td>
              <td data-col="lost">{c.lost_exam === null ? '–' : fmt(c.lost_exam, lang, 4)}</td>
            </tr>
          );
        })}
      </DataTable>
      <h4>{td.patterns}</h4>
      {result.patterns.length === 0 ? (
        <p data-testid="patterns">{td.no_patterns}</p>
      ) : (
        <ul className="patterns" data-testid="patterns">
          {result.patterns.map((p, k) => <li key={k} data-pattern={p.code}>{patternText(p, lang)}</li>)}
        </ul>
      )}
    </LabPanel>
  );
}

/** A detected pattern as a sentence in `lang` (engine catalog: labs/rubric/i18n, `patterns`). */
function patternText(p: Pattern, lang: Lang): string {
  const t = rubricMsg(lang).patterns;
  switch (p.code) {
    case 'missing_column':
      return t.missing_column(p.axis ?? '', p.count ?? 0);
    case 'frequent_axis_failure':
      return t.frequent_axis_failure(p.axis ?? '', p.count ?? 0);
    case 'zero_row':
      return t.zero_row(p.item ?? '');
    case 'outlier':
      return t.outlier(p.item ?? '', fmt(p.score ?? null, lang, 4));
    case 'empty_expected':
      return t.empty_expected(p.item ?? '', p.axis ?? '');
    case 'unparsed_output':
      return t.unparsed_output(p.item ?? '');
    case 'step_broke_match':
      return t.step_broke_match(p.step ?? '', (p.items ?? []).join(', '));
    case 'step_made_match':
      return t.step_made_match(p.step ?? '', (p.items ?? []).join(', '));
  }
}

// ---------------------------------------------------------------------------------------------
// Items table (the seed's format plus the reason per axis)

function ItemsTable({ items, lang }: { items: ItemResult[]; lang: Lang }) {
  const ti = ui(lang).rubric.items;
  return (
    <LabPanel id="rub-items" title={ti.heading}>
      <DataTable label={ti.heading} tall className="items-table" testId="items-table" caption={ti.caption}
        columns={[ti.item, ti.expected, ti.got, ti.score, ti.breakdown, ti.weighted, ti.reasons]}>
        {items.map((it) => (
          <tr key={it.item} data-item={it.item} className={it.score < 1 ? 'below-one' : undefined}>
            <th scope="row">{it.item}{it.split === 'regression' && <span className="help"> ({ti.regression})</span>}</th>
            <td><code>{JSON.stringify(it.expected)}</code></td>
            <td><code>{JSON.stringify(it.got)}</code></td>
            <td data-col="score">
              {fmt(it.score, lang, 4)}
              {it.overrides.length > 0 && (
                <div className="override">{ti.overridden(it.overrides.join(', '))}; {ti.before(fmt(it.score_before_overrides, lang, 4))}</div>
              )}
            </td>
            <td><AxisList values={it.breakdown} lang={lang} /></td>
            <td><AxisList values={it.weighted} lang={lang} /></td>
            <td>
              <ul className="axis-list">
                {Object.entries(it.reasons).map(([axis, r]) => (
                  <li key={axis} data-axis={axis} data-reason={r.code} className={it.breakdown[axis] < 1 ? 'axis-fail' : undefined}>
                    <code>{axis}</code>: {describeAxisReason(r, lang)}
                    {it.breakdown[axis] < 1 && r.normalized_output !== undefined && <span className="help"> — {ti.normalized(r.normalized_output)}</span>}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}

function AxisList({ values, lang }: { values: Record<string, number>; lang: Lang }) {
  return (
    <ul className="axis-list">
      {Object.entries(values).map(([axis, v]) => (
        <li key={axis} className={v === 0 ? 'zero' : undefined}><code>{axis}</code>: {fmt(v, lang, 4)}</li>
      ))}
    </ul>
  );
}

// ---------------------------------------------------------------------------------------------
// Optional checks: comparison, breakdown, agreement

function ComparisonPanel({ cmp, gate, lang }: { cmp: Comparison | null; gate: number; lang: Lang }) {
  const t = ui(lang);
  const tc = t.rubric.compare;
  const tg = rubricMsg(lang).report.status;
  return (
    <LabPanel id="rub-cmp" title={tc.heading} testId="comparison">
      {!cmp ? (
        <p className="help">{tc.none}</p>
      ) : (
        <>
          <ScoreScaleChart
            testId="comparison-chart"
            title={tc.chart}
            description={tc.chart_desc(fmt(cmp.exam_score_a, lang, 4), fmt(cmp.exam_score_b, lang, 4), fmt(gate, lang, 4))}
            xLabel={t.rubric.exam.x_label}
            rows={[
              { key: 'a', label: tc.row_a, value: cmp.exam_score_a, color: '#1d4e89' },
              { key: 'b', label: tc.row_b, value: cmp.exam_score_b, color: '#b35900' },
            ]}
            threshold={{ value: gate, label: t.rubric.exam.gate_label(fmt(gate, lang, 2)) }}
            tableSummary={t.lab.chart_table}
            columns={{ row: t.rubric.exam.col_row, value: t.rubric.exam.col_value, low: t.rubric.exam.col_low, high: t.rubric.exam.col_high }}
            format={(v) => fmt(v, lang, 4)}
          />
          <p data-testid="comparison-delta">{tc.delta(cmp.delta === null ? '–' : fmt(cmp.delta, lang, 4))}. {tc.gate_ab(tg[cmp.hard_gate_a] ?? cmp.hard_gate_a, tg[cmp.hard_gate_b] ?? cmp.hard_gate_b)}.</p>
          <p className={cmp.same_rubric ? 'badge ok' : 'notice drift'} data-testid="comparison-hashes" data-same={cmp.same_rubric ? 'true' : 'false'}>
            {cmp.same_rubric ? tc.same : tc.drift}
          </p>
          <p className="hashes">A: <code className="hash">{cmp.hash_a}</code><br />B: <code className="hash">{cmp.hash_b}</code></p>
          <h4>{tc.flips_heading(cmp.false_negatives, cmp.false_positives)}</h4>
          {cmp.flips.length === 0 ? (
            <p>{tc.no_flips}</p>
          ) : (
            <DataTable label={tc.heading} testId="flips-table"
              columns={[t.rubric.items.item, tc.axis, tc.score_a, tc.score_b, tc.kind]}>
              {cmp.flips.map((f) => (
                <tr key={`${f.item}/${f.axis}`} data-kind={f.kind} className={f.kind}>
                  <th scope="row">{f.item}</th><td><code>{f.axis}</code></td><td>{fmt(f.score_a, lang, 4)}</td><td>{fmt(f.score_b, lang, 4)}</td><td>{tc.kinds[f.kind] ?? f.kind}</td>
                </tr>
              ))}
            </DataTable>
          )}
          {cmp.changed_items.length > 0 && (
            <>
              <h4>{tc.changed_heading}</h4>
              <ul className="changed-items">
                {cmp.changed_items.map((c) => <li key={c.item}>{c.item}: {fmt(c.score_a, lang, 4)} → {fmt(c.score_b, lang, 4)}</li>)}
              </ul>
            </>
          )}
        </>
      )}
    </LabPanel>
  );
}

function BreakdownPanel({ checks, lang }: { checks: BreakdownCheck[] | null; lang: Lang }) {
  const tb = ui(lang).rubric.breakdown;
  return (
    <LabPanel id="rub-bd" title={tb.heading} testId="breakdown-check">
      {!checks ? (
        <p className="help">{tb.none}</p>
      ) : (
        checks.map((c, k) => (
          <div key={k} className="breakdown-entry" data-consistent={c.consistent ? 'true' : 'false'}>
            <h4>{tb.entry(c.item ?? tb.no_item)}</h4>
            <p className={c.consistent ? 'badge ok' : 'badge bad'} data-testid="breakdown-verdict">
              {c.consistent ? tb.consistent : tb.inconsistent(fmt(c.stated_score, lang, 4), fmt(c.computed_score, lang, 4))}
            </p>
            <p>{tb.difference(fmt(c.difference, lang, 4), fmt(c.tolerance, lang, 4))}</p>
            <DataTable label={tb.entry(c.item ?? tb.no_item)}
              columns={[tb.axis, tb.value, tb.weight, tb.expected_weighted, tb.stated_weighted]}>
              {c.axes.map((a) => (
                <tr key={a.axis} className={a.weighted_consistent === false ? 'below-one' : undefined}>
                  <th scope="row"><code>{a.axis}</code></th>
                  <td>{a.value === null ? '–' : fmt(a.value, lang, 4)}</td>
                  <td>{fmt(a.weight, lang, 4)}</td>
                  <td>{fmt(a.expected_weighted, lang, 4)}</td>
                  <td>{a.stated_weighted === null ? '–' : fmt(a.stated_weighted, lang, 4)}</td>
                </tr>
              ))}
            </DataTable>
            {c.lost.length > 0 && <p>{tb.lost(c.lost.map((l) => `${l.axis} ${fmt(l.lost, lang, 4)}`).join('; '))}</p>}
            {c.missing_axes.length > 0 && <p>{tb.missing(c.missing_axes.join(', '))}</p>}
            {c.unknown_axes.length > 0 && <p>{tb.unknown(c.unknown_axes.join(', '))}</p>}
          </div>
        ))
      )}
    </LabPanel>
  );
}

function AgreementPanel({ agreement: ag, lang }: { agreement: AgreementResult | null; lang: Lang }) {
  const t = ui(lang);
  const ta = t.rubric.agreement;
  if (!ag) {
    return (
      <LabPanel id="rub-ag" title={ta.heading} testId="agreement">
        <p className="help">{ta.none}</p>
      </LabPanel>
    );
  }
  const statName: Record<string, string> = { cohen_kappa: ta.cohen, linear_weighted_kappa: ta.linear, quadratic_weighted_kappa: ta.quadratic };
  const val = (m: { value: number | null; reason: string | null }) => (m.value === null ? <Undef reason={m.reason ?? undefined} lang={lang} /> : fmt(m.value, lang, 4));
  const chosen = ag[ag.statistic];
  return (
    <LabPanel id="rub-ag" title={ta.heading} testId="agreement">
      <div className="lab-grid">
        <HeatmapChart
          testId="agreement-heatmap"
          title={ta.chart}
          description={ta.chart_desc(ag.n, ag.exact_count)}
          rowLabel={ta.rater_a}
          colLabel={ta.rater_b}
          categories={ag.categories}
          matrix={ag.confusion_matrix}
          tableSummary={t.lab.chart_table}
        />
        <div>
          <table data-testid="agreement-table">
            <thead><tr><th scope="col">{ta.statistic}</th><th scope="col">{ta.value}</th></tr></thead>
            <tbody>
              <tr data-metric="exact_agreement"><th scope="row">{ta.exact}</th><td>{val(ag.exact_agreement)} ({ta.count(ag.exact_count, ag.n)})</td></tr>
              <tr data-metric="within_one_agreement"><th scope="row">{ta.within_one}</th><td>{val(ag.within_one_agreement)} ({ta.count(ag.within_one_count, ag.n)})</td></tr>
              <tr data-metric="cohen_kappa"><th scope="row">{ta.cohen}</th><td>{val(ag.cohen_kappa)}</td></tr>
              <tr data-metric="linear_weighted_kappa"><th scope="row">{ta.linear}</th><td>{val(ag.linear_weighted_kappa)}</td></tr>
              <tr data-metric="quadratic_weighted_kappa"><th scope="row">{ta.quadratic}</th><td>{val(ag.quadratic_weighted_kappa)}</td></tr>
            </tbody>
          </table>
          <p className={ag.check.status === 'pass' ? 'badge ok' : 'badge bad'} data-testid="agreement-verdict" data-verdict={ag.check.status === 'pass' ? 'pass' : 'fail'}>
            {ta.verdict(statName[ag.statistic] ?? ag.statistic, chosen.value === null ? t.rubric.undefined_value : fmt(chosen.value, lang, 4), fmt(ag.min_kappa, lang, 4))}: {ag.check.status === 'pass' ? ta.pass : ta.fail}
          </p>
          {ag.check.reason && <p>{rubricMsg(lang).reasons[ag.check.reason]}</p>}
          {ag.disagreements.length > 0 && (
            <p>{ta.disagreements(ag.disagreements.map((i) => (ag.items ? ag.items[i] : String(i + 1))).join(', '))}</p>
          )}
        </div>
      </div>
    </LabPanel>
  );
}
