/**
 * The calibration island's K-class results (labs/calibration/engine_multiclass.ts): verdict and
 * policy checks, the calibrator and conformal method shown, the top-label reliability diagram
 * (raw against the chosen calibrator), the metrics of every series (top-label and classwise ECE,
 * Brier, log loss, accuracy), the conformal sets (q, coverage, the set-size distribution with empty
 * and full sets, coverage per class), selective prediction and the first evaluation cases with
 * their sets. Charts are laid out for their box's width. Renders only; computes no metric.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { CalibrationView, MulticlassResult } from '../../../../labs/calibration/lab.ts';
import { calibrationMsg } from '../../../../labs/calibration/i18n/index.ts';
import { ui } from './i18n/ui.ts';
import { fmt, UndefinedValue } from '../shared/format.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { VerdictPanel, ReasonList } from '../shared/Verdict.tsx';
import { checkHeadlines, type LabSummaryDef } from '../shared/Summary.tsx';
import ReliabilityDiagram from '../../charts/ReliabilityDiagram.tsx';
import SelectivePanel from './SelectivePanel.tsx';
import './calibration-mc.css';

const BIN_CHOICES = [5, 8, 10, 12, 15, 20, 25, 30];
const COLORS = { raw: '#8a4b08', cal: '#1d4e89' };

/** The K-class results below the summary (the verdict and the reliability diagram are in it: multiclassSummary). */
export default function MulticlassResults({ result, lang, onView }: { result: MulticlassResult; lang: Lang; view: CalibrationView; onView: (p: Partial<CalibrationView>) => void }) {
  return (
    <div className="lab-results" aria-live="off" data-testid="mc-results">
      <Metrics result={result} lang={lang} onUse={(c) => onView({ calibrator: c })} />
      <Conformal result={result} lang={lang} />
      <SelectivePanel s={result.selective} lang={lang} note={ui(lang).calibration_mc.selective_mc_note} />
      <Cases result={result} lang={lang} />
    </div>
  );
}

/** The K-class summary: the verdict, the policy's checks as headline numbers, the top-label reliability diagram. */
export function multiclassSummary(result: MulticlassResult, lang: Lang): LabSummaryDef {
  const lm = calibrationMsg(lang);
  return {
    verdict: <Verdict result={result} lang={lang} />,
    numbers: checkHeadlines(result.checks, lang, (k) => lm.mc_checks[k.id] ?? k.id, { catalogs: [lm.undefined_reason] }),
    chart: <Reliability result={result} lang={lang} />,
  };
}

export function MulticlassControls({ result, lang, view, onChange }: { result: MulticlassResult; lang: Lang; view: CalibrationView; onChange: (p: Partial<CalibrationView>) => void }) {
  const tm = ui(lang).calibration_mc;
  const names = calibrationMsg(lang).mc_calibrator_names;
  const calibrator = view.calibrator ?? result.calibrator.type;
  const method = view.conformal_method ?? result.conformal_method;
  const bins = view.bins ?? result.bins;
  const binChoices = BIN_CHOICES.includes(bins) ? BIN_CHOICES : [...BIN_CHOICES, bins].sort((a, b) => a - b);
  return (
    <section className="lab-panel cal-controls" aria-labelledby="cal-mc-view-h">
      <h3 id="cal-mc-view-h">{tm.view_heading}</h3>
      <p className="help" data-testid="mc-kind">{tm.kind_note(result.classes.length)}</p>
      <div className="cal-control-row">
        <label className="cal-field">
          {tm.calibrator}
          <select value={calibrator} onChange={(e) => onChange({ calibrator: e.currentTarget.value as CalibrationView['calibrator'] })} data-testid="mc-calibrator-select">
            {(['temperature', 'isotonic'] as const).map((c) => <option key={c} value={c}>{names[c]}</option>)}
          </select>
        </label>
        <fieldset className="cal-field">
          <legend>{tm.method}</legend>
          {(['lac', 'aps'] as const).map((m) => (
            <label key={m} className="radio">
              <input type="radio" name="cal-mc-method" value={m} checked={method === m} onChange={() => onChange({ conformal_method: m })} data-testid={`mc-method-${m}`} />
              {tm.method_names[m]}
            </label>
          ))}
        </fieldset>
        <label className="cal-field">
          {tm.bins}
          <select value={bins} onChange={(e) => onChange({ bins: Number(e.currentTarget.value) })} data-testid="mc-bins-select">
            {binChoices.map((b) => <option key={b} value={b}>{b}</option>)}
          </select>
        </label>
      </div>
    </section>
  );
}

function Verdict({ result, lang }: { result: MulticlassResult; lang: Lang }) {
  const tm = ui(lang).calibration_mc;
  const lm = calibrationMsg(lang);
  const d = result.decision;
  return (
    <VerdictPanel id="cal-mc-verdict" verdict={d.verdict} lang={lang} summary={lm.mc_verdict}>
      {d.reasons.length > 0 && <ReasonList reasons={d.reasons} messages={lm.reasons} lang={lang} />}
      <DataTable cards label={tm.checks_title} testId="mc-checks" columns={[tm.check, tm.value, tm.limit, tm.status]}>
        {result.checks.map((k) => (
          <tr key={k.id} data-check={k.id} data-status={k.status}>
            <th scope="row">{lm.mc_checks[k.id] ?? k.id}</th>
            <td>{k.value === null ? <UndefinedValue reason={k.value_reason} catalogs={[lm.undefined_reason]} lang={lang} /> : fmt(k.value, lang, 4)}</td>
            <td>{k.comparator} {fmt(k.threshold, lang, 4)}</td>
            <td>{tm.status_names[k.status] ?? k.status}</td>
          </tr>
        ))}
      </DataTable>
      {result.warnings.length > 0 && (
        <ul className="cal-warnings">{result.warnings.map((w) => <li key={w} data-warning={w}>{lm.warnings[w]}</li>)}</ul>
      )}
    </VerdictPanel>
  );
}

function Reliability({ result, lang }: { result: MulticlassResult; lang: Lang }) {
  const t = ui(lang);
  const tc = t.calibration;
  const tm = t.calibration_mc;
  const calName = calibrationMsg(lang).mc_calibrator_names[result.calibrator.type] ?? result.calibrator.type;
  const short = (k: string) => tm.short_names[k] ?? k;
  return (
    <LabPanel id="cal-mc-rel-h" title={tm.reliability_title}>
      <ReliabilityDiagram
          testId="mc-reliability-chart"
          title={tm.reliability_title}
          description={tm.reliability_desc(result.bins, calName)}
          series={[
            { name: short('raw'), color: COLORS.raw, shape: 'square', rows: result.reliability.raw },
            { name: short(result.calibrator.type), color: COLORS.cal, shape: 'circle', rows: result.reliability.calibrated },
          ]}
          labels={{
            x: tm.mean_conf, y: tm.accuracy, perfect: tc.perfect, strip: tc.count_strip, table: t.lab.chart_table,
            bin: tc.bin, range: tc.range, count: tc.count, positives: tm.correct, confidence: tc.confidence,
            observed: tm.accuracy, gap: tc.gap, wilson: tc.wilson,
          }}
          format={(v) => fmt(v, lang, 3)}
        />
    </LabPanel>
  );
}

function Metrics({ result, lang, onUse }: { result: MulticlassResult; lang: Lang; onUse: (c: 'temperature' | 'isotonic') => void }) {
  const tm = ui(lang).calibration_mc;
  const names = calibrationMsg(lang).mc_calibrator_names;
  return (
    <LabPanel id="cal-mc-metrics-h" title={tm.metrics_title}>
      <DataTable cards label={tm.metrics_title} testId="mc-metrics" caption={tm.metrics_caption(result.counts.evaluation)}
        columns={[tm.series, tm.top_ece, tm.classwise_ece, tm.brier, tm.log_loss, tm.accuracy, tm.params, <span className="sr-only">{tm.use}</span>]}>
        {result.calibrators.map((s) => {
          const chosen = s.type === result.calibrator.type;
          const e = s.evaluation;
          const v = (x: number | null) => (x === null ? <UndefinedValue reason={e.undefined_reason} lang={lang} /> : fmt(x, lang, 4));
          const p = s.params === null ? '–' : 'temperature' in s.params ? `T = ${fmt(s.params.temperature, lang, 3)}` : tm.knots(s.params.knots);
          return (
            <tr key={s.type} data-series={s.type} className={chosen ? 'selected' : undefined} aria-current={chosen ? 'true' : undefined}>
              <th scope="row" title={names[s.type]}>{tm.short_names[s.type] ?? s.type}{chosen ? ` (${tm.feeds})` : ''}</th>
              <td data-testid={`mc-${s.type}-top_label_ece`}>{v(e.top_label_ece)}</td>
              <td data-testid={`mc-${s.type}-classwise_ece`}>{v(e.classwise_ece)}</td>
              <td>{v(e.brier)}</td>
              <td>{v(e.log_loss)}</td>
              <td>{v(e.accuracy)}</td>
              <td>{p}</td>
              <td>{s.type !== 'raw' && !chosen && <button type="button" onClick={() => onUse(s.type as 'temperature' | 'isotonic')} data-testid={`mc-use-${s.type}`}>{tm.use}</button>}</td>
            </tr>
          );
        })}
      </DataTable>
      <details className="chart-data">
        <summary>{tm.counts_title}</summary>
        <DataTable label={tm.counts_title} testId="mc-counts" columns={[tm.class_col, tm.n_cal, tm.n_eval]}>
          {result.counts.per_class.map((c) => (
            <tr key={c.class}><th scope="row">{c.class}</th><td>{c.calibration}</td><td>{c.evaluation}</td></tr>
          ))}
        </DataTable>
      </details>
    </LabPanel>
  );
}

function Conformal({ result, lang }: { result: MulticlassResult; lang: Lang }) {
  const tm = ui(lang).calibration_mc;
  const c = result.conformal;
  const total = c.size_counts.reduce((a, b) => a + b.count, 0);
  const max = Math.max(1, ...c.size_counts.map((s) => s.count));
  const K = result.classes.length;
  return (
    <LabPanel id="cal-mc-conf-h" title={`${tm.conformal_title} (${c.method.toUpperCase()})`} testId="mc-conformal">
      <dl className="cal-figures">
        <div>
          <dt>{tm.q}</dt>
          <dd data-testid="mc-q" data-infinite={c.q_infinite ? 'true' : 'false'}>
            {c.q === null ? tm.q_infinite : fmt(c.q, lang, 4)}<br /><span className="help">{tm.rank(c.rank, c.n_calibration)}</span>
          </dd>
        </div>
        <div><dt>{tm.target}</dt><dd>{fmt(c.target_coverage, lang, 4)}</dd></div>
        <div><dt>{tm.coverage}</dt><dd data-testid="mc-coverage">{c.coverage === null ? <UndefinedValue reason="no_cases" lang={lang} /> : fmt(c.coverage, lang, 4)}</dd></div>
        <div><dt>{tm.mean_size}</dt><dd data-testid="mc-mean-size">{c.mean_set_size === null ? <UndefinedValue reason="no_cases" lang={lang} /> : fmt(c.mean_set_size, lang, 4)}</dd></div>
        <div><dt>{tm.empty_full}</dt><dd data-testid="mc-empty-full" data-empty={c.empty_sets} data-full={c.full_sets}>{c.empty_sets} / {c.full_sets}</dd></div>
      </dl>
      {c.method === 'aps' && <p className="help">{tm.randomized(c.randomized)}</p>}
      <div className="lab-grid">
        <DataTable label={tm.sizes_title} testId="mc-sizes" caption={tm.sizes_title} columns={[tm.size, tm.cases, tm.share]}>
          {c.size_counts.map((s) => (
            <tr key={s.size} data-size={s.size} data-count={s.count}>
              <th scope="row">{s.size}{s.size === K ? ` (${tm.full_mark})` : s.size === 0 ? ` (${tm.empty_mark})` : ''}</th>
              <td>{s.count}</td>
              <td>
                <span className="cal-mc-bar" aria-hidden="true" style={{ width: `${(100 * s.count) / max}%` }} />
                {total ? fmt(s.count / total, lang, 3) : '–'}
              </td>
            </tr>
          ))}
        </DataTable>
        <DataTable cards label={tm.per_class_title} testId="mc-per-class" caption={tm.per_class_caption(fmt(c.target_coverage, lang, 2))} columns={[tm.class_col, tm.n_ev, tm.covered, tm.coverage]}>
          {c.per_class.map((p) => (
            <tr key={p.class} className={p.coverage !== null && p.coverage < c.target_coverage ? 'below' : undefined}>
              <th scope="row">{p.class}</th><td>{p.count}</td><td>{p.covered}</td>
              <td>{p.coverage === null ? <UndefinedValue reason={p.undefined_reason} lang={lang} /> : fmt(p.coverage, lang, 4)}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </LabPanel>
  );
}

function Cases({ result, lang }: { result: MulticlassResult; lang: Lang }) {
  const tm = ui(lang).calibration_mc;
  const rows = result.evaluation_cases.slice(0, 200);
  return (
    <LabPanel id="cal-mc-cases-h" title={tm.cases_title}>
      <details className="chart-data">
        <summary>{tm.cases_caption(rows.length, result.per_case_rows.total)}</summary>
        <DataTable label={tm.cases_title} testId="mc-cases" tall columns={[tm.case_id, tm.label, tm.predicted, tm.confidence, tm.set]}>
          {rows.map((r) => (
            <tr key={r.case_id}>
              <th scope="row">{r.case_id}</th><td>{r.label}</td><td>{r.predicted}</td><td>{fmt(r.confidence, lang, 4)}</td><td>{`{${r.set.join(', ')}}`}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </LabPanel>
  );
}
