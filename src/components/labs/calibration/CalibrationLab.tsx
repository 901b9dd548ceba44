/**
 * The calibration lab island (chapter 05). The learner edits or drops the cases (CSV or JSONL) and
 * the policy (JSON), picks a data set, the calibrator that feeds the policy and the binning of the
 * reliability diagram; the worker validates and computes (labs/calibration), this component only
 * renders: verdict, reliability diagram, score histograms, calibrator curves, metrics with bootstrap
 * intervals, the four calibrators side by side, conformal sets, risk-coverage curve, cost heat map,
 * slices, triggers and the calibration manifest. It computes no metric.
 */
// The lab's styles first: the shared components' sheets (case table, summary) come after them.
import './calibration.css';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { CalibrationResult, CalibrationView, MetricsBlock } from '../../../../labs/calibration/lab.ts';
import { calibrationMeta } from '../../../../labs/calibration/meta.ts';
import { calibrationMsg } from '../../../../labs/calibration/i18n/index.ts';
import { ui } from './i18n/ui.ts';
import { loadPresetTexts } from '../../../lib/presets.ts';
import { useLabRunner } from '../shared/useLabRunner.ts';
import { useLabState } from '../shared/useLabState.ts';
import { LabShell, type LabInputDef } from '../shared/LabShell.tsx';
import type { LabIslandProps } from '../shared/embed.ts';
import { fmt, UndefinedValue } from '../shared/format.tsx';
import ScrollBox from '../../common/ScrollBox.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { VerdictPanel, ReasonList } from '../shared/Verdict.tsx';
import type { LabSummaryDef } from '../shared/Summary.tsx';
import LineChart from '../../charts/LineChart.tsx';
import BarChart from '../../charts/BarChart.tsx';
import ReliabilityDiagram from '../../charts/ReliabilityDiagram.tsx';
import MultiLineChart from '../../charts/MultiLineChart.tsx';
import LabelHistogram from '../../charts/LabelHistogram.tsx';
import CostHeatMap from '../../charts/CostHeatMap.tsx';
import MulticlassResults, { MulticlassControls, multiclassSummary } from './MulticlassResults.tsx';
import SelectivePanel from './SelectivePanel.tsx';
import { CalibrationCases } from './CalibrationCases.tsx';
type CalibratorType = NonNullable<CalibrationView['calibrator']>;
const CALIBRATORS: readonly CalibratorType[] = ['histogram_laplace', 'platt', 'isotonic', 'temperature'];
const BIN_CHOICES = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50];
/**
 * The data sets a learner can load (labs/calibration/meta.ts): the chapter's kit, on the English
 * page also the textbook's original Spanish files, a real binary data set and a real K-class one.
 */
type PresetId = 'kit' | 'kit_es' | 'breast_cancer' | 'digits';
const presetIds = (lang: Lang) => calibrationMeta.presets.filter((p) => !p.langs || p.langs.includes(lang)).map((p) => p.id) as PresetId[];

const COLORS = { raw: '#8a4b08', cal: '#1d4e89', neg: '#6a3d9a', pos: '#1f7a5a' };
const CAL_COLORS: Record<CalibratorType, string> = { histogram_laplace: '#1d4e89', platt: '#b35900', isotonic: '#1f7a5a', temperature: '#8e2a6e' };

function currentPreset(lang: Lang, texts: Record<string, string>, presets: Partial<Record<PresetId, Record<string, string>>>): PresetId | 'custom' {
  for (const id of presetIds(lang)) {
    const p = presets[id];
    if (p && texts.cases === p.cases && texts.policy === p.policy) return id;
  }
  return 'custom';
}

export default function CalibrationLab({ lang, preset: kit, embed }: LabIslandProps) {
  const tc = ui(lang).calibration;
  const lab = useLabState(calibrationMeta, kit, embed);
  const view = useMemo(() => (lab.view ?? {}) as CalibrationView, [lab.view]);
  const run = useLabRunner('calibration', lab.texts, lang, view, lab);
  const result = run.result;
  const [presets, setPresets] = useState<Partial<Record<PresetId, Record<string, string>>>>({ kit });
  useEffect(() => {
    let live = true;
    for (const id of presetIds(lang)) {
      if (id === 'kit') continue;
      void loadPresetTexts('calibration', lang, id).then((texts) => live && setPresets((p) => ({ ...p, [id]: texts })));
    }
    return () => {
      live = false;
    };
  }, [lang]);
  const preset = currentPreset(lang, lab.texts, presets);

  const { setView: labSetView } = lab;
  const setView = useCallback((patch: Partial<CalibrationView>) => labSetView({ ...view, ...patch }), [labSetView, view]);
  const loadPreset = (id: PresetId) => {
    const texts = presets[id];
    if (id === preset || !texts) return;
    if (preset === 'custom' && !window.confirm(tc.preset_confirm)) return;
    lab.setText('cases', texts.cases);
    lab.setText('policy', texts.policy);
    lab.setView({});
  };

  const inputs: LabInputDef[] = [
    { name: 'cases', label: tc.input_cases },
    { name: 'policy', label: tc.input_policy },
  ];

  // The summary: the verdict, calibration error and Brier score (calibrated, with bootstrap
  // intervals, and raw), and the reliability diagram, which moves with the calibrator and the bins.
  const summary = useMemo<LabSummaryDef | null>(() => {
    if (!result) return null;
    if (result.kind === 'multiclass') return multiclassSummary(result, lang);
    const b = result.bootstrap;
    const ci = (k: 'raw_brier' | 'raw_ece' | 'calibrated_brier' | 'calibrated_ece'): [number, number] | null => {
      const iv = b?.[k];
      return iv && iv.low !== null && iv.high !== null ? [iv.low, iv.high] : null;
    };
    const missing = (block: MetricsBlock) => <UndefinedValue reason={block.undefined_reason} lang={lang} />;
    return {
      verdict: <Verdict result={result} lang={lang} />,
      numbers: [
        { key: 'cal-ece', label: `${tc.metric_names.ece} (${tc.calibrated})`, value: result.calibrated_metrics.ece, ci: ci('calibrated_ece'), missing: missing(result.calibrated_metrics) },
        { key: 'cal-brier', label: `${tc.metric_names.brier} (${tc.calibrated})`, value: result.calibrated_metrics.brier, ci: ci('calibrated_brier'), missing: missing(result.calibrated_metrics) },
        { key: 'raw-ece', label: `${tc.metric_names.ece} (${tc.raw})`, value: result.raw_metrics.ece, ci: ci('raw_ece'), missing: missing(result.raw_metrics) },
        { key: 'raw-brier', label: `${tc.metric_names.brier} (${tc.raw})`, value: result.raw_metrics.brier, ci: ci('raw_brier'), missing: missing(result.raw_metrics) },
      ],
      chart: <Reliability result={result} lang={lang} />,
    };
  }, [result, lang, tc]);

  // Speed (issue 18): the summary draws each new result at once; the panels below draw it one
  // render later, in the background (useDeferredValue), and only when that result or the view
  // changes (useMemo), so a keystroke re-renders none of them.
  const panelResult = useDeferredValue(result);
  const panels = useMemo(() => {
    if (!panelResult) return null;
    if (panelResult.kind === 'multiclass') return <MulticlassResults result={panelResult} lang={lang} view={view} onView={setView} />;
    const r = panelResult;
    return (
      <div className="lab-results" aria-live="off">
        <div className="lab-grid">
          <Histograms result={r} lang={lang} />
          <Curves result={r} lang={lang} />
        </div>
        <MetricsTable result={r} lang={lang} />
        <CompareTable result={r} lang={lang} onUse={(c) => setView({ calibrator: c })} />
        <Conformal result={r} lang={lang} />
        <div className="lab-grid">
          <RiskCoverage result={r} lang={lang} />
          <CostMap result={r} lang={lang} />
        </div>
        <SelectivePanel s={r.selective} lang={lang} note={ui(lang).calibration_mc.selective_binary_note} />
        <Slices result={r} lang={lang} />
        <Triggers result={r} lang={lang} />
        <Manifest result={r} lang={lang} />
      </div>
    );
  }, [panelResult, lang, view, setView]);

  return (
    <div className="cal-lab">
      <PresetPicker lang={lang} preset={preset} onPick={loadPreset} />
      <LabShell meta={calibrationMeta} lang={lang} inputs={inputs} state={lab} run={run} embed={embed} summary={summary}
        cases={<CalibrationCases lang={lang} state={lab} />}
        controls={result && (result.kind === 'multiclass' ? <MulticlassControls result={result} lang={lang} view={view} onChange={setView} /> : <ViewControls lang={lang} result={result} view={view} onChange={setView} />)}>
        {panels}
      </LabShell>
    </div>
  );
}

function PresetPicker({ lang, preset, onPick }: { lang: Lang; preset: PresetId | 'custom'; onPick: (id: PresetId) => void }) {
  const tc = ui(lang).calibration;
  return (
    <section className="cal-presets" aria-labelledby="cal-presets-h">
      <h3 id="cal-presets-h">{tc.preset_heading}</h3>
      <label className="cal-field">
        {tc.preset_label}{' '}
        <select value={preset} onChange={(e) => onPick(e.currentTarget.value as PresetId)} data-testid="preset-select">
          {presetIds(lang).map((id) => <option key={id} value={id}>{id === 'digits' ? ui(lang).calibration_mc.preset_digits : tc.preset_names[id]}</option>)}
          {preset === 'custom' && <option value="custom" disabled>{tc.preset_names.custom}</option>}
        </select>
      </label>
      <p className="help">{tc.preset_help}</p>
      {preset === 'kit' && <p className="provenance" data-testid="provenance">{tc.provenance_kit}</p>}
      {preset === 'kit_es' && <p className="provenance" data-testid="provenance">{tc.provenance_kit_es}</p>}
      {preset === 'breast_cancer' && (
        <div className="provenance" data-testid="provenance">
          <h4>{tc.provenance_heading}</h4>
          {tc.provenance_bc.map((p) => <p key={p}>{p}</p>)}
        </div>
      )}
      {preset === 'digits' && (
        <div className="provenance" data-testid="provenance">
          <h4>{tc.provenance_heading}</h4>
          {ui(lang).calibration_mc.provenance_digits.map((p) => <p key={p}>{p}</p>)}
        </div>
      )}
    </section>
  );
}

function ViewControls({ lang, result, view, onChange }: { lang: Lang; result: CalibrationResult; view: CalibrationView; onChange: (p: Partial<CalibrationView>) => void }) {
  const tc = ui(lang).calibration;
  const names = calibrationMsg(lang).calibrator_names;
  // The learner's choice shows at once; the result catches up when the worker answers.
  const bins = view.bins ?? result.raw_metrics.bins;
  const calibrator = view.calibrator ?? result.calibrator.type;
  const binning = view.binning ?? result.raw_metrics.binning;
  const sliceBy = view.slice_by ?? result.slice_by;
  const candidates = result.slice_candidates.includes(sliceBy) ? result.slice_candidates : [...result.slice_candidates, sliceBy];
  const binChoices = BIN_CHOICES.includes(bins) ? BIN_CHOICES : [...BIN_CHOICES, bins].sort((a, b) => a - b);
  return (
    <section className="lab-panel cal-controls" aria-labelledby="cal-view-h">
      <h3 id="cal-view-h">{tc.view_heading}</h3>
      <div className="cal-control-row">
        <label className="cal-field">
          {tc.calibrator}
          <select value={calibrator} onChange={(e) => onChange({ calibrator: e.currentTarget.value as CalibratorType })} data-testid="calibrator-select">
            {CALIBRATORS.map((c) => <option key={c} value={c}>{names[c]}</option>)}
          </select>
        </label>
        <label className="cal-field">
          {tc.bins}
          <select value={bins} onChange={(e) => onChange({ bins: Number(e.currentTarget.value) })} data-testid="bins-select">
            {binChoices.map((b) => <option key={b} value={b}>{b}</option>)}
          </select>
        </label>
        <fieldset className="cal-field">
          <legend>{tc.binning}</legend>
          {(['uniform', 'quantile'] as const).map((b) => (
            <label key={b} className="radio">
              <input type="radio" name="cal-binning" value={b} checked={binning === b} onChange={() => onChange({ binning: b })} data-testid={`binning-${b}`} />
              {b === 'uniform' ? tc.binning_uniform : tc.binning_quantile}
            </label>
          ))}
          <p className="help">{tc.binning_help}</p>
        </fieldset>
        <label className="cal-field">
          {tc.slice_by}
          <select value={sliceBy} onChange={(e) => onChange({ slice_by: e.currentTarget.value })} data-testid="slice-select">
            {candidates.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      </div>
      <p className="help">{tc.view_help}</p>
    </section>
  );
}

function Verdict({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const lm = calibrationMsg(lang);
  const d = result.decision;
  const rec = result.recommended_policy;
  return (
    <VerdictPanel id="cal-verdict" verdict={d.verdict} lang={lang} summary={lm.verdict}>
      <p data-testid="rec-pair" data-low={rec.low} data-high={rec.high}>
        {rec.passes ? tc.recommended(fmt(rec.low, lang, 2), fmt(rec.high, lang, 2)) : tc.cheapest(fmt(rec.low, lang, 2), fmt(rec.high, lang, 2))}
        {' · '}{lm.calibrator_names[result.calibrator.type]}
      </p>
      <dl className="cal-figures">
        <div><dt>{tc.cost}</dt><dd data-testid="rec-cost">{fmt(rec.cost, lang, 4)}</dd></div>
        <div><dt>{tc.review_rate}</dt><dd data-testid="rec-review-rate">{fmt(rec.review_rate, lang, 4)}</dd></div>
        <div><dt>{tc.auto_coverage}</dt><dd data-testid="rec-coverage">{fmt(rec.auto_coverage, lang, 4)}</dd></div>
        <div>
          <dt>{tc.auto_error_rate}</dt>
          <dd data-testid="rec-error-rate">
            {rec.auto_error_rate === null ? <UndefinedValue reason={result.undefined_metrics.recommended_auto_error_rate} lang={lang} /> : fmt(rec.auto_error_rate, lang, 4)}
          </dd>
        </div>
      </dl>
      <p data-testid="ties" data-ties={rec.ties_at_best_cost}>{tc.ties(rec.ties_at_best_cost, rec.feasible_pairs, result.policy_grid.length)}</p>
      {d.reasons.length > 0 && <ReasonList reasons={d.reasons} messages={lm.reasons} lang={lang} />}
      {result.warnings.length > 0 && (
        <>
          <p>{tc.warnings}:</p>
          <ul className="cal-warnings">{result.warnings.map((w) => <li key={w} data-warning={w}>{lm.warnings[w]}</li>)}</ul>
        </>
      )}
    </VerdictPanel>
  );
}

function Reliability({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const names = calibrationMsg(lang).calibrator_names;
  const calName = names[result.calibrator.type] ?? result.calibrator.type;
  const binning = result.raw_metrics.binning === 'uniform' ? tc.binning_uniform : tc.binning_quantile;
  return (
    <LabPanel id="cal-rel-h" title={tc.reliability_title}>
      <ReliabilityDiagram
        testId="reliability-chart"
        binning={result.raw_metrics.binning}
        title={tc.reliability_title}
        description={tc.reliability_desc(result.raw_metrics.bins, binning.toLowerCase(), calName)}
        series={[
          { name: tc.raw, color: COLORS.raw, shape: 'square', rows: result.raw_metrics.reliability },
          { name: `${tc.calibrated} (${calName})`, color: COLORS.cal, shape: 'circle', rows: result.calibrated_metrics.reliability },
        ]}
        labels={{
          x: tc.mean_predicted, y: tc.observed_rate, perfect: tc.perfect, strip: tc.count_strip, table: t.lab.chart_table,
          bin: tc.bin, range: tc.range, count: tc.count, positives: tc.positives, confidence: tc.confidence,
          observed: tc.observed, gap: tc.gap, wilson: tc.wilson,
        }}
        format={(v) => fmt(v, lang, 3)}
      />
    </LabPanel>
  );
}

function Histograms({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const [which, setWhich] = useState<'raw' | 'calibrated'>('raw');
  const h = result.score_histograms;
  const data = which === 'raw' ? h.raw : h.calibrated;
  const whichName = which === 'raw' ? tc.histogram_raw : tc.histogram_cal;
  return (
    <LabPanel id="cal-hist-h" title={tc.histogram_title}>
      <div className="cal-toggle" role="group" aria-label={tc.histogram_show}>
        {(['raw', 'calibrated'] as const).map((w) => (
          <button key={w} type="button" aria-pressed={which === w} onClick={() => setWhich(w)} data-testid={`hist-${w}`}>
            {w === 'raw' ? tc.histogram_raw : tc.histogram_cal}
          </button>
        ))}
      </div>
      <LabelHistogram
        testId="histogram-chart"
        title={`${tc.histogram_title}: ${whichName}`}
        description={tc.histogram_desc(whichName)}
        xLabel={which === 'raw' ? tc.raw_score : tc.calibrated_prob}
        yLabel={tc.count_axis}
        edges={h.edges}
        groups={[
          { name: tc.label_neg(result.labels.negative), counts: data.negative, color: COLORS.neg },
          { name: tc.label_pos(result.labels.positive), counts: data.positive, color: COLORS.pos },
        ]}
        tableSummary={t.lab.chart_table}
        rangeLabel={tc.range}
      />
    </LabPanel>
  );
}

function Curves({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const names = calibrationMsg(lang).calibrator_names;
  const c = result.calibrator_curves;
  return (
    <LabPanel id="cal-curves-h" title={tc.curves_title}>
      <MultiLineChart
        testId="curves-chart"
        title={tc.curves_title}
        description={tc.curves_desc}
        xLabel={tc.raw_score}
        yLabel={tc.calibrated_prob}
        x={c.x}
        series={[
          ...c.curves.map((s) => ({
            name: `${names[s.type] ?? s.type}${s.type === result.calibrator.type ? ` (${tc.feeds_policy})` : ''}`,
            y: s.y,
            color: CAL_COLORS[s.type],
            emphasis: s.type === result.calibrator.type,
          })),
          { name: tc.identity, y: c.x, color: '#6b7380', dashed: true },
        ]}
        tableSummary={t.lab.chart_table}
        tableStep={20}
        format={(v) => fmt(v, lang, 3)}
      />
    </LabPanel>
  );
}

const METRIC_ROWS = ['brier', 'reliability', 'resolution', 'uncertainty', 'log_loss', 'ece', 'mce', 'empty_bins'] as const;

function metricValue(m: MetricsBlock, k: (typeof METRIC_ROWS)[number]): number | null {
  if (k === 'reliability' || k === 'resolution' || k === 'uncertainty') return m.brier_decomposition ? m.brier_decomposition[k] : null;
  return m[k];
}

function MetricsTable({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const tc = ui(lang).calibration;
  const b = result.bootstrap;
  const ci = (k: string, which: 'raw' | 'calibrated') => {
    if (!b || (k !== 'brier' && k !== 'ece')) return '';
    const iv = b[`${which}_${k}` as 'raw_brier'];
    return iv.low === null ? '–' : `[${fmt(iv.low, lang, 4)}, ${fmt(iv.high, lang, 4)}]`;
  };
  const cell = (v: number | null, k: string, block: MetricsBlock) => (v === null ? <UndefinedValue reason={block.undefined_reason} lang={lang} /> : k === 'empty_bins' ? String(v) : fmt(v, lang, 4));
  return (
    <LabPanel id="cal-metrics-h" title={tc.metrics_title}>
      <DataTable cards label={tc.metrics_title} className="metrics" testId="metrics" caption={tc.metrics_caption(result.counts.evaluation)}
        columns={[tc.metric, tc.raw, tc.ci, tc.calibrated, tc.ci]}>
        {METRIC_ROWS.map((k) => (
          <tr key={k} data-metric={k}>
            <th scope="row">{tc.metric_names[k]}</th>
            <td data-testid={`raw-${k}`}>{cell(metricValue(result.raw_metrics, k), k, result.raw_metrics)}</td>
            <td>{ci(k, 'raw')}</td>
            <td data-testid={`cal-${k}`}>{cell(metricValue(result.calibrated_metrics, k), k, result.calibrated_metrics)}</td>
            <td>{ci(k, 'calibrated')}</td>
          </tr>
        ))}
      </DataTable>
      <p className="help">{b ? tc.bootstrap_note(b.rounds, b.rounds_requested, b.seed) : tc.bootstrap_off}</p>
    </LabPanel>
  );
}

function params(fit: CalibrationResult['calibrators'][number]['fit'], knots: (n: number) => string, lang: Lang): string {
  switch (fit.type) {
    case 'histogram_laplace':
      return `bins = ${fit.bins}`;
    case 'platt':
      return `a = ${fmt(fit.a, lang, 3)}, b = ${fmt(fit.b, lang, 3)}`;
    case 'isotonic':
      return knots(fit.x.length);
    case 'temperature':
      return `T = ${fmt(fit.temperature, lang, 3)}`;
  }
}

function CompareTable({ result, lang, onUse }: { result: CalibrationResult; lang: Lang; onUse: (c: CalibratorType) => void }) {
  const tc = ui(lang).calibration;
  const names = calibrationMsg(lang).calibrator_names;
  const v = (x: number | null, reason: string | null = null) => (x === null ? <UndefinedValue reason={reason} lang={lang} /> : fmt(x, lang, 4));
  return (
    <LabPanel id="cal-compare-h" title={tc.compare_title}>
      <DataTable cards label={tc.compare_title} testId="compare-table" caption={tc.compare_caption}
        columns={[tc.calibrator_col, 'Brier', tc.metric_names.log_loss, 'ECE', 'MCE', tc.cal_split_ece, tc.params, <span className="sr-only">{tc.calibrator}</span>]}>
        <tr data-calibrator="raw">
          <th scope="row">{tc.raw}</th>
          <td>{v(result.raw_metrics.brier, result.raw_metrics.undefined_reason)}</td><td>{v(result.raw_metrics.log_loss, result.raw_metrics.undefined_reason)}</td><td>{v(result.raw_metrics.ece, result.raw_metrics.undefined_reason)}</td><td>{v(result.raw_metrics.mce, result.raw_metrics.undefined_reason)}</td>
          <td>–</td><td>–</td><td />
        </tr>
        {result.calibrators.map((c) => {
          const chosen = c.type === result.calibrator.type;
          return (
            <tr key={c.type} data-calibrator={c.type} className={chosen ? 'selected' : undefined} aria-current={chosen ? 'true' : undefined}>
              <th scope="row">{names[c.type]}{chosen ? ` (${tc.feeds_policy})` : ''}</th>
              <td>{v(c.evaluation.brier, c.evaluation.undefined_reason)}</td><td>{v(c.evaluation.log_loss, c.evaluation.undefined_reason)}</td><td>{v(c.evaluation.ece, c.evaluation.undefined_reason)}</td><td>{v(c.evaluation.mce, c.evaluation.undefined_reason)}</td>
              <td>{v(c.calibration_split_ece, 'no_cases')}</td><td>{params(c.fit, tc.knots, lang)}</td>
              <td>{!chosen && <button type="button" onClick={() => onUse(c.type)} data-testid={`use-${c.type}`}>{tc.use_this(names[c.type])}</button>}</td>
            </tr>
          );
        })}
      </DataTable>
    </LabPanel>
  );
}

function Conformal({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const lm = calibrationMsg(lang);
  const c = result.conformal;
  const sizes = c.set_size_counts;
  return (
    <LabPanel id="cal-conf-h" title={tc.conformal_title}>
      <div className="lab-grid cal-conformal">
        <dl className="cal-figures">
          <div>
            <dt>{tc.conformal_q}</dt>
            <dd data-testid="conformal-q" data-infinite={c.q_infinite ? 'true' : 'false'}>
              {c.q_infinite ? (
                <>∞ <span className="undefined-reason">({lm.undefined_reason.conformal_rank_exceeds_n})</span></>
              ) : fmt(c.q, lang, 4)}
              <br /><span className="help">{tc.conformal_rank(c.rank, c.n_calibration)}</span>
            </dd>
          </div>
          <div><dt>{tc.conformal_target}</dt><dd>{fmt(c.target_coverage, lang, 4)}</dd></div>
          <div><dt>{tc.conformal_coverage}</dt><dd data-testid="conformal-coverage">{c.coverage === null ? <UndefinedValue reason={c.undefined_reason} lang={lang} /> : fmt(c.coverage, lang, 4)}</dd></div>
          <div><dt>{tc.mean_set_size}</dt><dd>{c.mean_set_size === null ? <UndefinedValue reason={c.undefined_reason} lang={lang} /> : fmt(c.mean_set_size, lang, 4)}</dd></div>
        </dl>
        <div>
          <BarChart
            testId="set-size-chart"
            title={tc.set_sizes_title}
            description={`${tc.set_sizes_desc} ${tc.singletons(c.singleton_counts['0'], c.singleton_counts['1'], result.labels.negative, result.labels.positive)}`}
            yLabel={tc.cases_axis}
            bars={(['0', '1', '2'] as const).map((k, i) => ({ key: k, label: `${tc.set_size_labels[i]} (${tc.set_size_names[i]})`, value: sizes[k] }))}
            tableSummary={t.lab.chart_table}
            columns={[tc.set_size, tc.cases_axis]}
            format={(v) => String(v)}
          />
        </div>
      </div>
    </LabPanel>
  );
}

/**
 * One dot per distinct (coverage, error rate) of the curve, labelled with the confidence levels
 * that land on it: several levels often accept the same cases, and a path through one repeated
 * point would be invisible. Levels that accept nothing (undefined error rate) get no dot.
 */
function riskMarkers(pts: CalibrationResult['risk_coverage_curve'], label: (lo: string, hi: string) => string, lang: Lang) {
  const out: { label: string; x: number; y: number; color: string }[] = [];
  let first = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    const next = pts[i + 1];
    if (next && next.coverage === p.coverage && next.error_rate === p.error_rate) continue;
    if (p.error_rate !== null && p.coverage !== null) out.push({ label: label(fmt(pts[first].min_confidence, lang, 2), fmt(p.min_confidence, lang, 2)), x: p.coverage, y: p.error_rate, color: out.length % 2 ? '#b35900' : '#1d4e89' });
    first = i + 1;
  }
  return out;
}

function RiskCoverage({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const pts = result.risk_coverage_curve;
  // No defined point: the reason in place of an empty chart (the engine says which).
  const empty = result.risk_coverage_empty_reason;
  const cf = result.conformal;
  return (
    <LabPanel id="cal-risk-h" title={tc.risk_title}>
      {empty === null ? (
        <LineChart
          testId="risk-chart"
          title={tc.risk_title}
          description={tc.risk_desc}
          xLabel={tc.coverage}
          yLabel={tc.error_rate}
          series={[{ name: 'risk', x: pts.map((p) => p.coverage ?? Number.NaN), y: pts.map((p) => (p.error_rate === null ? Number.NaN : p.error_rate)), color: COLORS.cal }]}
          markers={riskMarkers(pts, tc.risk_point, lang)}
          tableSummary={t.lab.chart_table}
          extra={{ label: tc.min_conf, values: pts.map((p) => p.min_confidence) }}
        />
      ) : (
        <p className="help" data-testid="risk-empty" data-reason={empty}>
          {empty === 'no_singleton_sets'
            ? tc.risk_no_singletons(cf.set_size_counts['0'] + cf.set_size_counts['1'] + cf.set_size_counts['2'], cf.set_size_counts['2'], cf.set_size_counts['0'], cf.n_calibration, fmt(cf.alpha, lang, 2), cf.q === null ? '∞' : fmt(cf.q, lang, 4))
            : empty === 'no_cases' ? <UndefinedValue reason="no_cases" lang={lang} /> : tc.risk_empty_other}
        </p>
      )}
      <details className="chart-data">
        <summary>{tc.risk_table}</summary>
        <DataTable cards label={tc.risk_table} testId="risk-table"
          columns={[tc.min_conf, tc.accepted, tc.coverage, tc.error_rate, tc.risk_cost]}>
          {pts.map((p) => (
            <tr key={p.min_confidence}>
              <td>{fmt(p.min_confidence, lang, 2)}</td><td>{p.accepted}</td><td>{fmt(p.coverage, lang, 4)}</td>
              <td>{p.error_rate === null ? <UndefinedValue reason="no_automated_cases" lang={lang} /> : fmt(p.error_rate, lang, 4)}</td>
              <td>{p.risk === null ? <UndefinedValue reason="no_automated_cases" lang={lang} /> : fmt(p.risk, lang, 4)}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </LabPanel>
  );
}

function CostMap({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const rec = result.recommended_policy;
  // the engine marks the pairs tied with the recommended cost (policy_grid.ts); the page only reads it
  const tied = new Set<object>(result.policy_grid.filter((p) => p.ties_recommended_cost));
  return (
    <LabPanel id="cal-heat-h" title={tc.heat_title}>
      <CostHeatMap
        testId="cost-heatmap"
        title={tc.heat_title}
        description={tc.heat_desc(result.policy_grid.length, rec.feasible_pairs)}
        cells={result.policy_grid}
        recommended={{ low: rec.low, high: rec.high }}
        tied={(c) => tied.has(c)}
        labels={{
          low: tc.low, high: tc.high, cost: tc.cost, review_rate: tc.review_rate, auto_coverage: tc.auto_coverage,
          auto_error_rate: tc.auto_error_rate, feasible: tc.feasible, yes: tc.yes, no: tc.no, table: t.lab.chart_table,
          cheap: tc.legend_cheap, expensive: tc.legend_expensive, infeasible: tc.legend_infeasible, recommended: tc.legend_recommended, tied: tc.legend_tied,
        }}
        format={(v, d = 4) => fmt(v, lang, d)}
      />
      <p className="help">{tc.ties(rec.ties_at_best_cost, rec.feasible_pairs, result.policy_grid.length)}</p>
    </LabPanel>
  );
}

function Slices({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const tc = ui(lang).calibration;
  const rec = result.recommended_policy;
  const v = (x: number | null, reason?: string | null) => (x === null ? <UndefinedValue reason={reason} lang={lang} /> : fmt(x, lang, 4));
  return (
    <LabPanel id="cal-slices-h" title={tc.slices_title}>
      <DataTable cards label={tc.slices_title} testId="slice-table" caption={tc.slices_caption(result.slice_by, `low ${fmt(rec.low, lang, 2)}, high ${fmt(rec.high, lang, 2)}`)}
        columns={[tc.slice, tc.count, tc.n_cal, tc.base_rate, tc.raw_brier, tc.cal_brier, tc.raw_ece, tc.cal_ece, tc.auto_coverage, tc.auto_error_rate, tc.flags]}>
        {result.slice_report.map((s) => (
          <tr key={s.slice}>
            <th scope="row">{s.slice}</th><td>{s.count}</td><td>{s.calibration_count}</td><td>{v(s.base_rate, s.undefined_metrics.base_rate)}</td>
            <td>{v(s.raw_brier, s.undefined_metrics.raw_brier)}</td><td>{v(s.calibrated_brier, s.undefined_metrics.calibrated_brier)}</td><td>{v(s.raw_ece, s.undefined_metrics.raw_ece)}</td><td>{v(s.calibrated_ece, s.undefined_metrics.calibrated_ece)}</td>
            <td>{v(s.auto_coverage, s.undefined_metrics.auto_coverage)}</td><td>{v(s.auto_error_rate, s.undefined_metrics.auto_error_rate)}</td>
            <td>{[!s.in_valid_slices ? tc.flag_new : '', s.known_bad ? tc.flag_bad : ''].filter(Boolean).join('; ')}</td>
          </tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}

function Triggers({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const tc = ui(lang).calibration;
  const lm = calibrationMsg(lang);
  if (result.triggers.length === 0) return null;
  return (
    <LabPanel id="cal-trig-h" title={tc.triggers_title}>
      <DataTable cards label={tc.triggers_title} testId="trigger-table"
        columns={[tc.trigger, tc.value, tc.limit, tc.state]}>
        {result.triggers.map((g) => (
          <tr key={g.trigger} className={g.fired ? 'fired' : undefined}>
            <th scope="row">{lm.triggers[g.trigger]}{g.detail && g.detail.length > 0 ? `: ${g.detail.join(', ')}` : ''}</th>
            <td>{fmt(g.value, lang, 4)}</td><td>{fmt(g.limit, lang, 4)}</td><td>{g.fired ? tc.fired : tc.not_fired}</td>
          </tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}

function Manifest({ result, lang }: { result: CalibrationResult; lang: Lang }) {
  const tc = ui(lang).calibration;
  return (
    <LabPanel id="cal-manifest-h" title={tc.manifest_title}>
      <p className="help">{tc.manifest_help}</p>
      <details className="chart-data">
        <summary>{tc.manifest_show}</summary>
        <ScrollBox label={tc.manifest_title} tall>
          <pre className="cal-manifest" data-testid="manifest">{JSON.stringify(result.manifest, null, 2)}</pre>
        </ScrollBox>
      </details>
    </LabPanel>
  );
}
