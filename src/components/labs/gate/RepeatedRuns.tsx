/**
 * The gate island's views of repeated runs and of the sample-size planner (labs/gate: CaseResult
 * runs, pass@k / pass^k, flaky cases; planner.ts). Everything shown is computed by the engine;
 * this file only lays it out:
 *  - RepeatedRunsPanel: the case score the gate uses, a summary per version, a strip of run
 *    outcomes per case for both versions, the pass@k and pass^k curves for k = 1..N, and the share
 *    of flaky cases per slice. Rendered only when some case has more than one run.
 *  - PlannerPanel: the planner's inputs (empty = the value from the data, with its source), the
 *    exact McNemar power curve with the target, the current n and the n for the target power
 *    marked, and undefined designs written with their reason.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { CaseResult, GateScorecard, VersionScore, PlannerField, PlannerView } from '../../../../labs/gate/lab.ts';
import { gateMsg } from '../../../../labs/gate/i18n/index.ts';
import { ui } from './i18n/ui.ts';
import { fmt, UndefinedValue } from '../shared/format.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import ScrollBox from '../../common/ScrollBox.tsx';
import CurvesChart, { type CurveSeries, type CurveMark } from '../../charts/CurvesChart.tsx';
import { lookupText } from '../../../../labs/core/contract/i18n/index.ts';

/** Cases shown one by one in the strip (flaky first beyond it). */
const MAX_STRIP_ROWS = 200;
const COLORS = { baseline: '#6b7683', candidate: '#1d4e89' };

function Undef({ reason, lang }: { reason?: string | null; lang: Lang }) {
  const lm = gateMsg(lang);
  return <UndefinedValue reason={reason} lang={lang} catalogs={[lm.undefined_reason, lm.reasons]} />;
}

function Num({ v, reason, lang }: { v: number | null | undefined; reason?: string | null; lang: Lang }) {
  return v === null || v === undefined ? <Undef reason={reason} lang={lang} /> : <>{fmt(v, lang, 4)}</>;
}

/** A case's runs as a row of boxes, ✓ or ✗, each with its run id for screen readers. */
function Strip({ r, lang }: { r: CaseResult; lang: Lang }) {
  const tr = ui(lang).gate.runs;
  return (
    <span className="gate-strip" data-runs={r.runs.map((x) => (x.passed ? '1' : '0')).join('')}>
      {r.runs.map((x, i) => (
        <span key={i} className={x.passed ? 'run run-ok' : 'run run-bad'} title={tr.run_label(x.run, x.passed)} aria-label={tr.run_label(x.run, x.passed)}>{x.passed ? '✓' : '✗'}</span>
      ))}
    </span>
  );
}

export function RepeatedRunsPanel({ result, lang }: { result: GateScorecard; lang: Lang }) {
  const t = ui(lang);
  const tr = t.gate.runs;
  const tg = t.gate;
  const b = result.baseline;
  const c = result.candidate;
  if (!b.repeated && !c.repeated) return null;
  const k = result.policy.pass_k;
  const level = fmt(result.bootstrap.confidence * 100, lang, 2);
  const pow = result.policy.case_score === 'pass_pow_k';

  const byId = new Map(b.results.map((x) => [x.case_id, x]));
  const pairs = c.results.map((cr) => ({ cr, br: byId.get(cr.case_id) }));
  const flakyPair = (p: (typeof pairs)[number]) => p.cr.flaky || !!p.br?.flaky;
  const shown = pairs.length > MAX_STRIP_ROWS ? [...pairs.filter(flakyPair), ...pairs.filter((p) => !flakyPair(p))].slice(0, MAX_STRIP_ROWS) : pairs;

  const maxK = Math.max(b.pass_k_curve.length, c.pass_k_curve.length);
  const curve = (v: VersionScore, key: 'pass_at_k' | 'pass_pow_k') => v.pass_k_curve.map((p) => ({ x: p.k, y: p[key] }));
  const series: CurveSeries[] = [
    { key: 'at-baseline', name: `pass@k · ${b.name}`, points: curve(b, 'pass_at_k'), color: COLORS.baseline, dots: true },
    { key: 'at-candidate', name: `pass@k · ${c.name}`, points: curve(c, 'pass_at_k'), color: COLORS.candidate, dots: true },
    { key: 'pow-baseline', name: `pass^k · ${b.name}`, points: curve(b, 'pass_pow_k'), color: COLORS.baseline, dashed: true, dots: true },
    { key: 'pow-candidate', name: `pass^k · ${c.name}`, points: curve(c, 'pass_pow_k'), color: COLORS.candidate, dashed: true, dots: true },
  ];
  const marks: CurveMark[] = k >= 1 && k <= maxK ? [{ key: 'policy-k', x: k, label: tr.policy_k(k), color: '#6a3d9a', dash: '3 3' }] : [];
  const undefText = `${t.lab.undefined_value} (${lookupText('k_exceeds_runs', gateMsg(lang).undefined_reason) ?? 'k_exceeds_runs'})`;

  const summaryRow = (label: string, key: string, render: (v: VersionScore) => ReactNode) => (
    <tr data-row={key}>
      <th scope="row">{label}</th>
      <td data-testid={`runs-${key}-baseline`}>{render(b)}</td>
      <td data-testid={`runs-${key}-candidate`}>{render(c)}</td>
    </tr>
  );
  const sliceNames = [...new Set([...c.slices.map((s) => s.slice), ...b.slices.map((s) => s.slice)])];
  const sliceOf = (v: VersionScore, s: string) => v.slices.find((x) => x.slice === s);

  return (
    <LabPanel id="gate-runs" title={tr.heading} testId="runs-panel">
      <p className="gate-case-score" data-testid="case-score" data-case-score={result.policy.case_score}>
        <strong>{tr.case_score_label}:</strong> {pow ? tr.case_score_pow(k) : tr.case_score_mean}
      </p>
      <p className="help">{tr.case_score_help(k)}</p>
      <DataTable label={tr.summary} testId="runs-summary" className="gate-runs-table" columns={[tg.metric, b.name, c.name]}>
        {summaryRow(tr.runs_per_case, 'n', (v) => (v.runs_min === v.runs_max ? String(v.runs_max) : `${v.runs_min}–${v.runs_max}`))}
        {summaryRow(tr.flaky, 'flaky', (v) => `${v.flaky_cases} / ${v.total_cases}`)}
        {summaryRow(tr.mean_rate, 'rate', (v) => <Num v={v.pass_rate} reason="no_cases" lang={lang} />)}
        {summaryRow(tr.mean_rate_ci(level), 'rate-ci', (v) => (v.pass_rate_bootstrap_ci ? `[${fmt(v.pass_rate_bootstrap_ci[0], lang, 4)}, ${fmt(v.pass_rate_bootstrap_ci[1], lang, 4)}]` : <Undef reason="no_cases" lang={lang} />))}
        {summaryRow(tr.pass_at(k), 'at-k', (v) => <Num v={v.pass_at_k} reason="k_exceeds_runs" lang={lang} />)}
        {summaryRow(tr.pass_pow(k), 'pow-k', (v) => <Num v={v.pass_pow_k} reason="k_exceeds_runs" lang={lang} />)}
      </DataTable>

      <h4>{tr.strip}</h4>
      <p className="help">{tr.strip_caption}</p>
      {shown.length < pairs.length && <p>{tr.strip_more(shown.length, pairs.length)}</p>}
      <ScrollBox label={tr.strip} tall={shown.length > 12}>
        <table className="gate-strips" data-testid="run-strips">
          <thead>
            <tr>
              <th scope="col">{tr.version}</th>
              <th scope="col">{tr.runs_col}</th>
            </tr>
          </thead>
          {shown.map(({ cr, br }) => {
            const flaky = flakyPair({ cr, br });
            return (
              <tbody key={cr.case_id} data-case={cr.case_id} data-flaky={flaky ? 'true' : 'false'}>
                <tr className="gate-strip-case">
                  <th scope="rowgroup" colSpan={2}>{cr.case_id}{flaky && <> <span className="tag">{tr.flaky_tag}</span></>}</th>
                </tr>
                {([['baseline', br, b.name], ['candidate', cr, c.name]] as const).map(([role, x, name]) => (
                  <tr key={role} data-version={role}>
                    <th scope="row">{name}</th>
                    <td>
                      {x ? (
                        <>
                          <Strip r={x} lang={lang} /> <span className="gate-strip-count">{tr.passes(x.runs_passed, x.runs_total)}</span>{' '}
                          <span className="muted gate-strip-score">{tr.score} <Num v={x.score} reason={x.score_reason} lang={lang} /></span>
                        </>
                      ) : '–'}
                    </td>
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </ScrollBox>

      <h4>{tr.curves}</h4>
      <div className="gate-chart-box">
        <CurvesChart
          testId="passk-chart"
          title={tr.curves}
          description={tr.curves_desc(maxK, k)}
          xLabel={tr.k_axis}
          yLabel={tr.rate_axis}
          series={series}
          xDomain={[1, Math.max(2, maxK)]}
          integerX
          marks={marks}
          tableSummary={t.lab.chart_table}
          xColumn="k"
          format={(v) => fmt(v, lang, 4)}
          undefinedText={undefText}
          width={760}
        />
      </div>

      <h4>{tr.flaky_slices}</h4>
      <DataTable label={tr.flaky_slices} testId="flaky-slices" className="gate-runs-table" caption={tr.flaky_slices_caption} columns={[tg.slice, b.name, c.name]}>
        {sliceNames.map((s) => {
          const bs = sliceOf(b, s);
          const cs = sliceOf(c, s);
          const cell = (x: typeof bs) => (x ? `${fmt(x.flaky_share, lang, 4)} (${x.flaky_cases}/${x.cases})` : '–');
          return (
            <tr key={s} data-slice={s}>
              <th scope="row">{s}</th>
              <td data-version="baseline">{cell(bs)}</td>
              <td data-version="candidate">{cell(cs)}</td>
            </tr>
          );
        })}
      </DataTable>
    </LabPanel>
  );
}

const FIELDS: PlannerField[] = ['baseline_rate', 'delta', 'discordant', 'alpha', 'target_power'];
/** The range the view schema accepts for each input (labs/gate/meta.ts plannerView); open ends excluded. */
const RANGES: Record<PlannerField, { min: number; max: number; open: boolean }> = {
  baseline_rate: { min: 0, max: 1, open: false },
  delta: { min: -1, max: 1, open: false },
  discordant: { min: 0, max: 1, open: false },
  alpha: { min: 0, max: 1, open: true },
  target_power: { min: 0, max: 1, open: true },
};

/** A typed number in either notation (0.2 or 0,2); null when empty, NaN when not a number or out of range. */
export function parsePlannerInput(raw: string, f: PlannerField): number | null {
  const s = raw.trim().replace(',', '.');
  if (s === '') return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return NaN;
  const v = Number(s);
  const r = RANGES[f];
  const inside = r.open ? v > r.min && v < r.max : v >= r.min && v <= r.max;
  return inside ? v : NaN;
}

/**
 * One planner input as text (so "0," or "0." can be typed on the way to "0,2"): a valid number
 * sets the view, an empty box gives the field back to the data, anything else is marked invalid
 * and left out. The box follows the view when it changes elsewhere (the reset button, a share link).
 */
function PlannerInput({ field, given, placeholder, label, onValue, invalidText }: { field: PlannerField; given: number | undefined; placeholder: string; label: string; onValue: (v: number | undefined) => void; invalidText: string }) {
  const [draft, setDraft] = useState(given === undefined ? '' : String(given));
  const parsed = parsePlannerInput(draft, field);
  useEffect(() => {
    const current = parsePlannerInput(draft, field);
    if ((current === null ? undefined : current) !== given) setDraft(given === undefined ? '' : String(given));
    // only an outside change of `given` resets the box
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [given]);
  const invalid = parsed !== null && Number.isNaN(parsed);
  return (
    <>
      <input type="text" inputMode="decimal" autoComplete="off" aria-label={label} aria-invalid={invalid || undefined} value={draft} placeholder={placeholder} data-field={field}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          setDraft(raw);
          const v = parsePlannerInput(raw, field);
          if (v === null) onValue(undefined);
          else if (!Number.isNaN(v)) onValue(v);
        }} />
      {invalid && <span className="help gate-planner-invalid" role="status">{invalidText}</span>}
    </>
  );
}

export function PlannerPanel({ result, lang, view, onChange }: { result: GateScorecard; lang: Lang; view: PlannerView; onChange: (v: PlannerView) => void }) {
  const t = ui(lang);
  const tp = t.gate.plan;
  const lm = gateMsg(lang);
  const p = result.planner;
  const power = fmt(p.inputs.target_power * 100, lang, 2);
  const set = (f: PlannerField, v: number | undefined) => {
    const next: PlannerView = { ...view };
    if (v === undefined) delete next[f];
    else next[f] = v;
    onChange(next);
  };
  const marks: CurveMark[] = [];
  if (p.cases_for_power !== null) marks.push({ key: 'answer', x: p.cases_for_power, label: tp.mark_answer(p.cases_for_power), color: '#1f7a5a', dash: '5 3' });
  if (p.current.n > 0 && p.curve.length && p.current.n <= p.curve[p.curve.length - 1].n) marks.push({ key: 'current', x: p.current.n, label: tp.mark_current(p.current.n), color: '#b35900' });
  const last = p.curve.length ? p.curve[p.curve.length - 1].n : 1;
  const every = Math.max(1, Math.ceil(p.curve.length / 30));
  const tableX = p.curve.filter((_, i) => i % every === 0 || i === p.curve.length - 1 || p.curve[i].n === p.cases_for_power || p.curve[i].n === p.current.n).map((x) => x.n);
  return (
    <LabPanel id="gate-planner" title={tp.heading} testId="planner-panel">
      <p className="help">{tp.intro}</p>
      <div className="gate-planner-fields" data-testid="planner-inputs">
        {FIELDS.map((f) => {
          const given = view[f];
          const inUse = p.inputs[f];
          return (
            <label key={f} className="gate-planner-field">
              <span>{lm.planner.fields[f]}</span>
              <PlannerInput field={f} given={given} placeholder={inUse === null ? '' : fmt(inUse, lang, 4)} label={lm.planner.fields[f]} onValue={(v) => set(f, v)} invalidText={tp.invalid(f === 'delta' ? '−1' : '0', '1')} />
              <span className="help" data-source={p.sources[f]}>{tp.source}: {lm.planner.sources[p.sources[f]]}{given === undefined && inUse !== null ? ` (${fmt(inUse, lang, 4)})` : ''}</span>
            </label>
          );
        })}
      </div>
      {Object.keys(view).length > 0 && <button type="button" onClick={() => onChange({})} data-testid="planner-reset">{tp.reset}</button>}
      <dl className="gate-planner-answer" data-testid="planner-answer">
        <dt>{tp.answer(power)}</dt>
        <dd data-testid="planner-n" data-n={p.cases_for_power ?? ''}>
          {p.cases_for_power !== null ? (
            <>
              <strong>{p.cases_for_power}</strong> {p.cases_for_power_resolution !== null && p.cases_for_power_resolution > 1 && tp.answer_step(p.cases_for_power_resolution)}
            </>
          ) : (
            <Undef reason={p.cases_for_power_reason ?? p.undefined_reason} lang={lang} />
          )}
        </dd>
        <dt>{tp.current(p.current.n)}</dt>
        <dd data-testid="planner-current">
          {p.undefined_reason !== null ? (
            <Undef reason={p.undefined_reason} lang={lang} />
          ) : (
            <>
              {tp.current_power} <Num v={p.current.power} reason="no_cases" lang={lang} />
              {p.current.method === 'normal_approximation' && <> {tp.normal}</>}; {tp.current_width} <Num v={p.current.ci_width} reason="no_cases" lang={lang} />
            </>
          )}
        </dd>
      </dl>
      {p.curve.length > 0 && (
        <div className="gate-chart-box">
          <CurvesChart
            testId="power-chart"
            title={tp.chart}
            description={tp.chart_desc(power)}
            xLabel={tp.n_axis}
            yLabel={tp.power_axis}
            series={[{ key: 'power', name: tp.power_axis, points: p.curve.map((x) => ({ x: x.n, y: x.power })), color: '#1d4e89' }]}
            xDomain={[0, last]}
            integerX
            reference={{ y: p.inputs.target_power, label: tp.target(power) }}
            marks={marks}
            tableSummary={t.lab.chart_table}
            xColumn="n"
            tableX={tableX}
            format={(v) => fmt(v, lang, 4)}
            width={760}
          />
        </div>
      )}
      <h4>{tp.assumptions}</h4>
      <ul className="help">{p.assumptions.map((a) => <li key={a}>{lm.planner.assumptions[a]}</li>)}</ul>
    </LabPanel>
  );
}
