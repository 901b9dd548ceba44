/**
 * The eval-gate lab island (chapter 01). The learner edits the cases, both versions' answers, the
 * gate policy and the optional hypothesis, taxonomy and manifest; the worker validates and computes
 * (labs/gate), this component only renders: the verdict with its reasons and warnings, the gate as
 * a checklist, the per-version summary, the paired 2x2 table with McNemar, the bootstrap histogram
 * of the delta, cost per accepted by version, quality by slice, the per-case table (baseline and
 * candidate side by side) and the SHA-256 manifest of the inputs. With repeated runs, the run
 * strips, pass@k / pass^k curves and flaky share per slice (RepeatedRuns.tsx); beside the paired
 * comparison, the sample-size planner (its inputs are the lab's view).
 */
// The lab's styles first: the shared components' sheets (case table, summary) come after them.
import './gate.css';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { GateResult, GateLabCheck, CaseResult, VersionScore, GatePolicy } from '../../../../labs/gate/lab.ts';
import { gateMeta, type GateView } from '../../../../labs/gate/meta.ts';
import type { PlannerView } from '../../../../labs/gate/lab.ts';
import { RepeatedRunsPanel, PlannerPanel } from './RepeatedRuns.tsx';
import './gate-runs.css';
import { gateMsg } from '../../../../labs/gate/i18n/index.ts';
import { lookupText } from '../../../../labs/core/contract/i18n/index.ts';
import { modify, applyEdits, parse as parseJsonc } from 'jsonc-parser';
import { ui } from './i18n/ui.ts';
import { Checklist as GateChecklist } from '../shared/Checklist.tsx';
import { useLabRunner } from '../shared/useLabRunner.ts';
import { useLabState } from '../shared/useLabState.ts';
import { LabShell, type LabInputDef } from '../shared/LabShell.tsx';
import { ImportPanel } from '../shared/ImportPanel.tsx';
import type { LabIslandProps } from '../shared/embed.ts';
import { breakable, fmt, UndefinedValue } from '../shared/format.tsx';
import ScrollBox from '../../common/ScrollBox.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { VerdictPanel } from '../shared/Verdict.tsx';
import type { Headline, LabSummaryDef } from '../shared/Summary.tsx';
import HistogramChart, { type HistMarker } from '../../charts/HistogramChart.tsx';
import HBarChart, { type HBar } from '../../charts/HBarChart.tsx';
import { GateCases } from './GateCases.tsx';

/** The policy's grader settings, shown and (on request) written into the policy text. */
const SETTINGS = ['abstention_markers', 'text_normalization', 'unicode_normalization', 'bootstrap_seed', 'bootstrap_rounds', 'confidence_level', 'baseline_version', 'candidate_version'] as const;
const MAX_ROWS = 300;

const pct = (level: number, lang: Lang) => fmt(level * 100, lang, 2);

/**
 * A version as a chart or a headline names it: its role in the page's language, followed by the
 * data's own name when that differs: on the Spanish page the kit's "candidate" reads
 * `candidata «candidate»`, not the English word alone (issue 23).
 */
function versionName(tg: ReturnType<typeof ui>['gate'], role: 'baseline' | 'candidate', name: string): string {
  const r = role === 'baseline' ? tg.role_baseline : tg.role_candidate;
  return name === r ? r : tg.named_version(r, name);
}

/** "undefined (reason)" with the gate's own reasons first, then the shared ones. */
function Undef({ reason, lang }: { reason?: string | null; lang: Lang }) {
  const lm = gateMsg(lang);
  return <UndefinedValue reason={reason} lang={lang} catalogs={[lm.undefined_reason, lm.reasons]} />;
}

function Num({ v, digits = 4, reason, lang }: { v: number | null | undefined; digits?: number; reason?: string | null; lang: Lang }) {
  return v === null || v === undefined ? <Undef reason={reason} lang={lang} /> : <>{fmt(v, lang, digits)}</>;
}

function Interval({ ci, reason, lang }: { ci: [number, number] | null; reason?: string | null; lang: Lang }) {
  return ci ? <>[{fmt(ci[0], lang, 4)}, {fmt(ci[1], lang, 4)}]</> : <Undef reason={reason} lang={lang} />;
}

/**
 * The policy text with the grader settings it leaves out added (their values are the defaults in
 * use, taken from the last result), through jsonc-parser's `modify`, so the learner's own
 * formatting stays as typed. null when the text is not a JSON object.
 */
function writeSettings(text: string, policy: GatePolicy): string | null {
  const obj: unknown = parseJsonc(text);
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return null;
  let out = text;
  for (const k of SETTINGS) {
    if (Object.prototype.hasOwnProperty.call(obj, k)) continue;
    out = applyEdits(out, modify(out, [k], policy[k], { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  }
  return out;
}

export default function GateLab({ lang, preset, embed }: LabIslandProps) {
  const t = ui(lang);
  const tg = t.gate;
  const lab = useLabState(gateMeta, preset, embed);
  const view = useMemo(() => (lab.view ?? {}) as GateView, [lab.view]);
  const run = useLabRunner('gate', lab.texts, lang, view, lab);
  const result = run.result;
  // Speed (issue 18): the summary draws each new result at once; the panels below draw it one
  // render later, in the background (useDeferredValue), and only when their slice of the state
  // changed (useMemo), so a keystroke in an editor re-renders neither.
  const panelResult = useDeferredValue(result);
  const { setView, setText } = lab;
  const policyText = lab.texts.policy ?? '';

  const inputs: LabInputDef[] = [
    { name: 'cases', label: tg.input_cases },
    { name: 'outputs', label: tg.input_outputs },
    { name: 'policy', label: tg.input_policy },
    { name: 'hypothesis', label: tg.input_hypothesis, secondary: true, example: preset.hypothesis, description: tg.desc_hypothesis },
    { name: 'taxonomy', label: tg.input_taxonomy, secondary: true, example: preset.taxonomy, description: tg.desc_taxonomy },
    { name: 'manifest', label: tg.input_manifest, secondary: true, example: preset.manifest, description: tg.desc_manifest },
  ];

  const summary = useMemo<LabSummaryDef | null>(() => result && {
    verdict: <Verdict result={result} lang={lang} />,
    numbers: headlines(result, lang),
    chart: <Histogram result={result} lang={lang} />,
  }, [result, lang]);

  const panels = useMemo(() => panelResult && (
    <>
      <Checklist result={panelResult} lang={lang} />
      <Versions result={panelResult} lang={lang} />
      <div className="lab-grid">
        <Paired result={panelResult} lang={lang} />
        <CostChart result={panelResult} lang={lang} />
      </div>
      <PlannerPanel result={panelResult} lang={lang} view={view.planner ?? {}} onChange={(planner: PlannerView) => setView({ ...view, planner })} />
      <RepeatedRunsPanel result={panelResult} lang={lang} />
      <Slices result={panelResult} lang={lang} />
      <CasesTable result={panelResult} lang={lang} />
    </>
  ), [panelResult, lang, view, setView]);
  const manifest = useMemo(() => panelResult && <ManifestView result={panelResult} lang={lang} />, [panelResult, lang]);

  return (
    <LabShell importer={<ImportPanel meta={gateMeta} label={tg.import_button} lang={lang} state={lab} />} presets meta={gateMeta} lang={lang} inputs={inputs} state={lab} run={run} embed={embed} secondaryLabels={tg.secondary} summary={summary}
      cases={result && <GateCases result={result} lang={lang} state={lab} />}>
      {panelResult && (
        <div className="lab-results" aria-live="off">
          {panels}
          <div className="lab-grid">
            {/* re-rendered on each edit: it writes into the policy text the learner is editing */}
            <Grader result={panelResult} lang={lang} policyText={policyText} setPolicy={(s) => setText('policy', s)} />
            {manifest}
          </div>
        </div>
      )}
    </LabShell>
  );
}

/** The gate's headline numbers: the change in quality, the candidate's quality and pass rate, its cost, the counts that block. */
function headlines(result: GateResult, lang: Lang): Headline[] {
  const tg = ui(lang).gate;
  const c = result.candidate;
  const um = result.undefined_metrics;
  const check = (id: string) => result.checks.find((x) => x.id === id);
  const status = (id: string): Headline['status'] => {
    const k = check(id);
    return k ? (k.status === 'pass' ? 'ok' : 'bad') : undefined;
  };
  return [
    { key: 'delta', label: tg.delta, value: result.delta_quality, ci: result.bootstrap_delta_quality_ci95, missing: <Undef reason={um.delta_quality} lang={lang} /> },
    { key: 'wq', label: `${tg.weighted_quality} (${versionName(tg, 'candidate', c.name)})`, value: c.weighted_quality, ci: c.weighted_quality_bootstrap_ci, status: status('weighted_quality'), missing: <Undef reason={um['candidate.weighted_quality']} lang={lang} /> },
    { key: 'pass-rate', label: `${tg.pass_rate} (${versionName(tg, 'candidate', c.name)})`, value: c.pass_rate, ci: c.pass_rate_wilson },
    { key: 'cpa', label: tg.cost_per_accepted, value: c.cost_per_accepted_eur, status: status('cost_per_accepted'), missing: <Undef reason={um['candidate.cost_per_accepted_eur']} lang={lang} /> },
    { key: 'critical', label: tg.critical_failures, value: c.critical_failures, digits: 0, status: status('critical_failures') },
    { key: 'regressions', label: tg.regressions, value: result.regressions.length, digits: 0, status: status('regressions') },
  ];
}

function Verdict({ result, lang }: { result: GateResult; lang: Lang }) {
  const t = ui(lang);
  const tg = t.gate;
  const lm = gateMsg(lang);
  const d = result.decision;
  return (
    <VerdictPanel id="gate-verdict" verdict={d.verdict} lang={lang} summary={lm.verdict} marks>
      <p>{t.lab.reasons}:</p>
      {d.reasons.length > 0 ? (
        <ul data-testid="reasons">{d.reasons.map((r) => <li key={r} data-reason={r}>{lm.reasons[r]} <code className="reason-code">{breakable(r)}</code></li>)}</ul>
      ) : (
        <p data-testid="reasons">{tg.no_reasons}</p>
      )}
      {d.warnings.length > 0 && (
        <div className="gate-warnings" data-testid="warnings">
          <p>⚠ {tg.warnings}:</p>
          <ul>{d.warnings.map((w) => <li key={w} data-warning={w}>{lm.warnings[w]} <code className="reason-code">{breakable(w)}</code></li>)}</ul>
        </div>
      )}
      <dl className="gate-owner">
        <dt>{tg.owner}</dt>
        <dd data-testid="owner">{d.owner ? d.owner : tg.owner_missing}</dd>
        {d.rollback !== null && (
          <>
            <dt>{tg.rollback}</dt>
            <dd data-testid="rollback">{d.rollback ? d.rollback : tg.owner_missing}</dd>
          </>
        )}
      </dl>
    </VerdictPanel>
  );
}

function Checklist({ result, lang }: { result: GateResult; lang: Lang }) {
  const tg = ui(lang).gate;
  const lm = gateMsg(lang);
  const digits = (c: GateLabCheck) => (c.id === 'critical_failures' || c.id === 'regressions' ? 0 : 4);
  const label = (c: GateLabCheck) => (c.id === 'critical_slice' ? lm.checks.critical_slice(c.subject ?? '') : lm.checks[c.id]);
  return <GateChecklist id="gate-checks" checks={result.checks} lang={lang} label={label} digits={digits} undefinedCatalogs={[lm.undefined_reason]} caption={tg.checklist_caption} />;
}

function ErrorSummary({ s, lang }: { s: VersionScore; lang: Lang }) {
  const lm = gateMsg(lang);
  return <>{Object.entries(s.error_summary).map(([k, n]) => `${lookupText(k, lm.error_types) ?? k}: ${n}`).join(' · ')}</>;
}

function Versions({ result, lang }: { result: GateResult; lang: Lang }) {
  const tg = ui(lang).gate;
  const b = result.baseline;
  const c = result.candidate;
  const um = result.undefined_metrics;
  const level = pct(result.bootstrap.confidence, lang);
  const row = (label: string, key: string, render: (s: VersionScore, role: 'baseline' | 'candidate') => ReactNode) => (
    <tr data-row={key}>
      <th scope="row">{label}</th>
      <td data-testid={`${key}-baseline`}>{render(b, 'baseline')}</td>
      <td data-testid={`${key}-candidate`}>{render(c, 'candidate')}</td>
    </tr>
  );
  return (
    <LabPanel id="gate-versions" title={tg.versions}>
      <DataTable label={tg.versions} className="gate-versions" testId="versions"
        columns={[tg.metric, <>{b.name} <span className="role">({tg.role_baseline})</span></>, <>{c.name} <span className="role">({tg.role_candidate})</span></>]}>
        {row(tg.weighted_quality, 'wq', (s, r) => <Num v={s.weighted_quality} reason={um[`${r}.weighted_quality`]} lang={lang} />)}
        {row(tg.wq_ci(level), 'wq-ci', (s, r) => <Interval ci={s.weighted_quality_bootstrap_ci} reason={um[`${r}.weighted_quality`] ?? 'no_defined_bootstrap_rounds'} lang={lang} />)}
        {row(tg.pass_rate, 'pass-rate', (s) => tg.pass_rate_value(s.passed_cases, s.total_cases, fmt(s.pass_rate, lang, 4)))}
        {row(tg.wilson(level), 'wilson', (s) => <Interval ci={s.pass_rate_wilson} reason="no_cases" lang={lang} />)}
        {row(tg.total_weight, 'weight', (s) => fmt(s.total_weight, lang, 4))}
        {row(tg.critical_failures, 'critical', (s) => (s.critical_failures > 0 ? `⚠ ${s.critical_failures}` : '0'))}
        {row(tg.accepted, 'accepted', (s) => `${s.accepted_cases} / ${s.total_cases}`)}
        {row(tg.total_cost, 'total-cost', (s) => fmt(s.total_cost_eur, lang, 4))}
        {row(tg.cost_per_accepted, 'cpa', (s, r) => <Num v={s.cost_per_accepted_eur} reason={um[`${r}.cost_per_accepted_eur`]} lang={lang} />)}
        {row(tg.error_summary, 'errors', (s) => <ErrorSummary s={s} lang={lang} />)}
      </DataTable>
      <p className="gate-delta">
        <strong>{tg.delta}:</strong> <span data-testid="delta"><Num v={result.delta_quality} reason={um.delta_quality} lang={lang} /></span>
        {' · '}
        <strong>{tg.delta_ci(level)}:</strong> <span data-testid="delta-ci"><Interval ci={result.bootstrap_delta_quality_ci95} reason={um['bootstrap.delta_ci_low']} lang={lang} /></span>
      </p>
    </LabPanel>
  );
}

function Paired({ result, lang }: { result: GateResult; lang: Lang }) {
  const tg = ui(lang).gate;
  const lm = gateMsg(lang);
  const p = result.paired_comparison;
  const um = result.undefined_metrics;
  const ids = (list: string[]) => (list.length ? <span className="case-list">{list.join(', ')}</span> : null);
  return (
    <LabPanel id="gate-paired" title={tg.paired}>
      <p className="table-caption" id="gate-paired-cap">{tg.paired_caption}</p>
      <ScrollBox label={tg.paired}>
      <table className="confusion gate-paired" data-testid="paired" aria-labelledby="gate-paired-cap">
        <thead><tr><td /><th scope="col">{tg.candidate_passed}</th><th scope="col">{tg.candidate_failed}</th></tr></thead>
        <tbody>
          <tr>
            <th scope="row">{tg.baseline_passed}</th>
            <td data-testid="paired-both-passed"><span className="cell-label">{tg.both_passed}:</span> {p.both_passed}</td>
            <td data-testid="paired-regressions" className={p.baseline_passed_candidate_failed.length ? 'regression-cell' : ''}>
              <span className="cell-label">{tg.regressions}:</span> {p.baseline_passed_candidate_failed.length ? '▼ ' : ''}{p.baseline_passed_candidate_failed.length} {ids(p.baseline_passed_candidate_failed)}
            </td>
          </tr>
          <tr>
            <th scope="row">{tg.baseline_failed}</th>
            <td data-testid="paired-improvements">
              <span className="cell-label">{tg.improvements}:</span> {p.baseline_failed_candidate_passed.length ? '▲ ' : ''}{p.baseline_failed_candidate_passed.length} {ids(p.baseline_failed_candidate_passed)}
            </td>
            <td data-testid="paired-both-failed"><span className="cell-label">{tg.both_failed}:</span> {p.both_failed}</td>
          </tr>
        </tbody>
      </table>
      </ScrollBox>
      <h4>{tg.mcnemar}</h4>
      <p>{p.mcnemar ? tg.mcnemar_counts(p.mcnemar.b, p.mcnemar.c) : <Undef reason={p.mcnemar_undefined_reason ?? 'non_binary_case_scores'} lang={lang} />}</p>
      <dl className="gate-mcnemar" data-testid="mcnemar">
        <dt>{tg.mcnemar_stat}</dt><dd data-testid="mcnemar-stat"><Num v={p.mcnemar_chi2_continuity} reason={um['mcnemar.chi2_continuity']} lang={lang} /></dd>
        <dt>{tg.mcnemar_p}</dt><dd><Num v={p.mcnemar_chi2_p_value} reason={um['mcnemar.chi2_p_value']} lang={lang} /></dd>
        <dt>{tg.mcnemar_exact}</dt><dd data-testid="mcnemar-exact"><Num v={p.mcnemar_exact_p_value} reason={um['mcnemar.exact_p_value']} lang={lang} /></dd>
      </dl>
      <p className="help">{lm.notes[p.note] ?? p.note}</p>
    </LabPanel>
  );
}

function Histogram({ result, lang }: { result: GateResult; lang: Lang }) {
  const t = ui(lang);
  const tg = t.gate;
  const lm = gateMsg(lang);
  const h = result.bootstrap.histogram;
  const ci = result.bootstrap_delta_quality_ci95;
  const ev = result.evidence;
  const level = pct(result.bootstrap.confidence, lang);
  const markers: HistMarker[] = [{ key: 'zero', x: 0, label: tg.mark_zero, color: '#3b4450' }];
  if (ci) {
    markers.push({ key: 'ci-low', x: ci[0], label: tg.mark_ci_low, color: '#b35900', dash: '6 3' });
    markers.push({ key: 'ci-high', x: ci[1], label: tg.mark_ci_high, color: '#b35900', dash: '6 3' });
  }
  if (ev.minimum_interpretable_delta !== null) markers.push({ key: 'mid', x: ev.minimum_interpretable_delta, label: tg.mark_mid, color: '#6a3d9a', dash: '2 3' });
  return (
    <LabPanel id="gate-hist" title={tg.histogram}>
      {h.bins.length === 0 ? (
        <p className="notice">{tg.histogram_none}</p>
      ) : (
        <HistogramChart
          testId="delta-histogram"
          title={tg.histogram}
          description={`${tg.histogram_desc(result.bootstrap.rounds, result.bootstrap.seed, level, ci ? fmt(ci[0], lang, 4) : '–', ci ? fmt(ci[1], lang, 4) : '–')} ${h.kind === 'values' ? tg.histogram_values : tg.histogram_bins}`}
          xLabel={tg.delta_axis}
          yLabel={tg.rounds_axis}
          kind={h.kind}
          bins={h.bins}
          markers={markers}
          band={ci}
          tableSummary={t.lab.chart_table}
          columns={[h.kind === 'values' ? tg.delta_value : tg.delta_range, tg.rounds_count]}
          format={(v) => fmt(v, lang, 4)}
        />
      )}
      {h.undefined > 0 && <p className="help">{tg.histogram_undefined(h.undefined)}</p>}
      <h4>{tg.evidence}</h4>
      <p data-testid="evidence" data-status={ev.status}>
        {ev.minimum_interpretable_delta !== null && <>{tg.evidence_value(fmt(ev.minimum_interpretable_delta, lang, 4))} </>}
        {ev.status === 'undefined' ? <Undef reason={ev.undefined_reason} lang={lang} /> : lm.evidence[ev.status]}
      </p>
    </LabPanel>
  );
}

function CostChart({ result, lang }: { result: GateResult; lang: Lang }) {
  const t = ui(lang);
  const tg = t.gate;
  const lm = gateMsg(lang);
  const budget = result.policy.max_cost_per_accepted_eur;
  const candCheck = result.checks.find((c) => c.id === 'cost_per_accepted');
  const bar = (s: VersionScore, role: 'baseline' | 'candidate'): HBar => {
    const reason = result.undefined_metrics[`${role}.cost_per_accepted_eur`];
    const flagged = role === 'candidate' && !!candCheck && candCheck.status !== 'pass' && s.cost_per_accepted_eur !== null;
    return {
      key: role,
      label: `${versionName(tg, role, s.name)} (${tg.accepted_n(s.accepted_cases, s.total_cases)})${flagged ? ' ✗' : ''}`,
      value: s.cost_per_accepted_eur,
      undefinedText: `${t.lab.undefined_value} (${reason ? lookupText(reason, lm.undefined_reason) ?? reason : ''})`,
      flagged,
      color: role === 'baseline' ? '#8a94a3' : '#1d4e89',
    };
  };
  return (
    <LabPanel id="gate-cost" title={tg.cost_chart}>
      <HBarChart
        testId="cost-chart"
        title={tg.cost_chart}
        description={tg.cost_chart_desc(fmt(budget, lang, 4))}
        xLabel={tg.cost_per_accepted}
        bars={[bar(result.baseline, 'baseline'), bar(result.candidate, 'candidate')]}
        reference={{ value: budget, label: tg.budget }}
        width={460}
        tableSummary={t.lab.chart_table}
        columns={[tg.metric, tg.cost_per_accepted]}
        format={(v) => fmt(v, lang, 4)}
      />
    </LabPanel>
  );
}

function Slices({ result, lang }: { result: GateResult; lang: Lang }) {
  const t = ui(lang);
  const tg = t.gate;
  const b = result.baseline;
  const c = result.candidate;
  const critical = new Set(result.policy.critical_slices);
  const failedSlices = new Set(result.checks.filter((x) => x.id === 'critical_slice' && x.status !== 'pass').map((x) => x.subject));
  const pairs = new Map(result.paired_comparison.by_slice.map((s) => [s.slice, s]));
  const undef = (r: string | null) => `${t.lab.undefined_value} (${r ? lookupText(r, gateMsg(lang).undefined_reason) ?? r : ''})`;
  const bars: HBar[] = c.slices.flatMap((cs) => {
    const bs = b.slices.find((x) => x.slice === cs.slice);
    const name = `${cs.slice}${critical.has(cs.slice) ? ' ★' : ''}`;
    const note = `n = ${cs.cases}`;
    return [
      ...(bs ? [{ key: `${cs.slice}-b`, label: `${name} · ${versionName(tg, 'baseline', b.name)}`, value: bs.weighted_quality, undefinedText: undef(bs.undefined_reason), color: '#8a94a3', note }] : []),
      { key: `${cs.slice}-c`, label: `${name} · ${versionName(tg, 'candidate', c.name)}${failedSlices.has(cs.slice) ? ' ✗' : ''}`, value: cs.weighted_quality, undefinedText: undef(cs.undefined_reason), flagged: failedSlices.has(cs.slice), color: '#1d4e89', note },
    ];
  });
  return (
    <LabPanel id="gate-slices" title={tg.slices}>
      <div className="gate-slices">
        <DataTable label={tg.slices} testId="slice-table" caption={tg.slices_caption}
          columns={[tg.slice, tg.n_cases, tg.total_weight, b.name, c.name, tg.change]}>
          {c.slices.map((cs) => {
            const bs = b.slices.find((x) => x.slice === cs.slice);
            const sp = pairs.get(cs.slice);
            return (
              <tr key={cs.slice} data-slice={cs.slice} className={failedSlices.has(cs.slice) ? 'regression-row' : ''}>
                <th scope="row">{cs.slice}{critical.has(cs.slice) && <> <span className="tag">★ {tg.critical_slice}</span></>}</th>
                <td>{cs.cases}</td>
                <td>{fmt(cs.total_weight, lang, 4)}</td>
                <td>{bs ? <Num v={bs.weighted_quality} reason={bs.undefined_reason} lang={lang} /> : '–'}</td>
                <td>{failedSlices.has(cs.slice) ? '✗ ' : ''}<Num v={cs.weighted_quality} reason={cs.undefined_reason} lang={lang} /></td>
                <td>
                  {sp && sp.regressions.length > 0 && <span className="regression-text">{tg.regression} ({sp.regressions.length})</span>}
                  {sp && sp.regressions.length > 0 && sp.improvements.length > 0 && ' · '}
                  {sp && sp.improvements.length > 0 && <span>{tg.improvement} ({sp.improvements.length})</span>}
                </td>
              </tr>
            );
          })}
        </DataTable>
        <HBarChart
          testId="slice-chart"
          title={tg.slice_chart}
          description={tg.slice_chart_desc(fmt(result.policy.min_weighted_quality, lang, 4))}
          xLabel={tg.weighted_quality}
          bars={bars}
          max={1}
          reference={{ value: result.policy.min_weighted_quality, label: tg.floor }}
          tableSummary={t.lab.chart_table}
          columns={[tg.slice, tg.weighted_quality]}
          format={(v) => fmt(v, lang, 4)}
        />
      </div>
    </LabPanel>
  );
}

function VersionCells({ r, lang }: { r: CaseResult; lang: Lang }) {
  const tg = ui(lang).gate;
  const lm = gateMsg(lang);
  return (
    <>
      <td className={r.passed ? 'cell-ok' : 'cell-bad'}>{r.passed ? `✓ ${tg.yes}` : `✗ ${tg.no}`}</td>
      <td>{r.critical_failure ? <strong className="critical-text">⚠ {tg.yes}</strong> : tg.no}</td>
      <td className="cost">{r.cost_ok ? tg.within_budget(fmt(r.cost_eur, lang, 4), fmt(r.max_cost_eur, lang, 4)) : <strong>{tg.over_budget(fmt(r.cost_eur, lang, 4), fmt(r.max_cost_eur, lang, 4))}</strong>}</td>
      <td className="err">
        <span data-error-type={r.error_type}>{lm.error_types[r.error_type] ?? r.error_type}</span>
        {r.error_type !== 'ok' && <span className="case-action"> — {r.action ?? tg.no_action}</span>}
        {r.missing_terms.length > 0 && <span className="case-missing"> ({tg.missing_terms(r.missing_terms.join(', '))})</span>}
      </td>
    </>
  );
}

function CasesTable({ result, lang }: { result: GateResult; lang: Lang }) {
  const tg = ui(lang).gate;
  const b = result.baseline;
  const c = result.candidate;
  const regressions = new Set(result.regressions);
  const improvements = new Set(result.improvements);
  const rows = c.results.map((cr, i) => ({ cr, br: b.results[i] }));
  const shown = rows.length > MAX_ROWS ? [...rows.filter((r) => regressions.has(r.cr.case_id)), ...rows.filter((r) => !regressions.has(r.cr.case_id))].slice(0, MAX_ROWS) : rows;
  const sub = [tg.passed, tg.critical, tg.cost_ok, tg.error_type];
  return (
    <LabPanel id="gate-cases" title={tg.cases}>
      {rows.length > MAX_ROWS && <p>{tg.cases_more(MAX_ROWS, rows.length)}</p>}
      {/* The caption above the scroll box, so a narrow screen wraps it instead of cutting it. */}
      <p className="table-caption" id="gate-cases-cap">{tg.cases_caption}</p>
      <ScrollBox label={tg.cases} tall={shown.length > 20}>
        <table className="gate-cases" data-testid="cases-table" aria-labelledby="gate-cases-cap">
          <thead>
            <tr>
              <td colSpan={3} />
              <th scope="colgroup" colSpan={4}>{b.name} ({tg.role_baseline})</th>
              <th scope="colgroup" colSpan={4}>{c.name} ({tg.role_candidate})</th>
            </tr>
            <tr>
              <th scope="col">{tg.case_id}</th><th scope="col">{tg.slice}</th><th scope="col">{tg.change}</th>
              {sub.map((s) => <th scope="col" key={`b-${s}`}>{s}</th>)}
              {sub.map((s) => <th scope="col" key={`c-${s}`}>{s}</th>)}
            </tr>
          </thead>
          <tbody>
            {shown.map(({ cr, br }) => {
              const reg = regressions.has(cr.case_id);
              const imp = improvements.has(cr.case_id);
              return (
                <tr key={cr.case_id} data-case={cr.case_id} data-change={reg ? 'regression' : imp ? 'improvement' : 'same'} className={reg ? 'regression-row' : imp ? 'improvement-row' : ''}>
                  <th scope="row">{cr.case_id}</th>
                  <td>{cr.slice} <span className="muted">· {tg.weight} {fmt(cr.weight, lang, 4)}</span></td>
                  <td>{reg ? <strong className="regression-text">{tg.regression}</strong> : imp ? <span className="improvement-text">{tg.improvement}</span> : tg.same}</td>
                  <VersionCells r={br} lang={lang} />
                  <VersionCells r={cr} lang={lang} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
    </LabPanel>
  );
}

function Grader({ result, lang, policyText, setPolicy }: { result: GateResult; lang: Lang; policyText: string; setPolicy: (s: string) => void }) {
  const tg = ui(lang).gate;
  const [message, setMessage] = useState<string | null>(null);
  const p = result.policy;
  const write = () => {
    const next = writeSettings(policyText, p);
    if (next === null) setMessage(tg.write_defaults_bad);
    else {
      setPolicy(next);
      setMessage(tg.write_defaults_done);
    }
  };
  return (
    <LabPanel id="gate-grader" title={tg.grader}>
      <p className="help">{tg.grader_help}</p>
      <dl className="gate-settings" data-testid="grader-settings">
        <dt>{tg.markers}</dt>
        <dd><ul className="markers">{p.abstention_markers.map((m, i) => <li key={i}><q>{m}</q></li>)}</ul></dd>
        <dt>{tg.text_normalization}</dt><dd><code>{p.text_normalization}</code></dd>
        <dt>{tg.unicode_normalization}</dt><dd><code>{p.unicode_normalization}</code></dd>
        <dt>{tg.bootstrap_settings}</dt><dd>{tg.bootstrap_value(p.bootstrap_rounds, p.bootstrap_seed, pct(p.confidence_level, lang))}</dd>
      </dl>
      <button type="button" onClick={write} data-testid="write-settings">{tg.write_defaults}</button>
      <p role="status" className="help">{message ?? ''}</p>
    </LabPanel>
  );
}

function ManifestView({ result, lang }: { result: GateResult; lang: Lang }) {
  const tg = ui(lang).gate;
  const hashes = result.manifest?.computed_hashes ?? null;
  return (
    <LabPanel id="gate-manifest" title={tg.manifest}>
      <p className="help">{tg.manifest_caption}</p>
      {hashes && Object.keys(hashes).length > 0 ? (
        <table className="gate-hashes" data-testid="hashes">
          <thead><tr><th scope="col">{tg.hash_key}</th><th scope="col">{tg.hash_value}</th></tr></thead>
          <tbody>
            {Object.entries(hashes).map(([k, v]) => (
              <tr key={k} data-hash={k}><th scope="row"><code>{k}</code></th><td><code className="hash">{v}</code></td></tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{tg.manifest_none}</p>
      )}
    </LabPanel>
  );
}
