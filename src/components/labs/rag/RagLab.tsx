/**
 * The RAG lab island (chapter 03). The learner edits the cases, the gate policy, and optionally the
 * variant matrix, TREC qrels and two TREC runs; the worker validates and computes (labs/rag), this
 * component only renders what comes back and edits the learner's texts:
 *   - how it is measured (k, nDCG gain) and the verdict with the gate as the shared checklist;
 *   - aggregates over the kit's population and each metric's own, with who is left out and why;
 *   - the per-case scorecard with the kit's diagnosis and the first layer that failed;
 *   - the trace of one case (retrieved list with grades, what entered the context, claims and their
 *     support, citations outside the retrieved list), with controls that edit the cases or qrels
 *     text (change a grade, reorder the list, cut the context) through jsonc-parser's `modify`;
 *   - the per-slice table and the bootstrap intervals;
 *   - every scored list (the cases' lists, two TREC runs, their fusion by RRF/CombSUM/CombMNZ) and
 *     the paired comparison of any two of them (wins, McNemar, paired bootstrap);
 *   - the variant comparison: quality, dominance, the gate and where it came from, candidates in the
 *     kit's order, the recommendation and why each other variant lost, and quality against cost and
 *     against p95 latency with the Pareto front.
 * No metric is computed here (labs/README.md); user text is rendered as text, never as HTML.
 */
// The lab's styles first: the shared components' sheets (case table, summary) come after them.
import './rag.css';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { RagResult, CaseRow, PopulationStat, ScoredSource, MissingSource, Trace, PairedComparison } from '../../../../labs/rag/engine.ts';
import type { ScoredVariant } from '../../../../labs/rag/variants.ts';
import { ragMeta } from '../../../../labs/rag/meta.ts';
import { ragMsg } from '../../../../labs/rag/i18n/index.ts';
import { LIST_SOURCES, SOURCES, type RagView, type SourceId, type ListSource } from '../../../../labs/rag/view.ts';
import { lookupText } from '../../../../labs/core/contract/i18n/index.ts';
import { ui } from './i18n/ui.ts';
import { loadPresetTexts } from '../../../lib/presets.ts';
import { Checklist } from '../shared/Checklist.tsx';
import { useLabRunner } from '../shared/useLabRunner.ts';
import { useLabState } from '../shared/useLabState.ts';
import { LabShell, type LabInputDef } from '../shared/LabShell.tsx';
import { ImportPanel } from '../shared/ImportPanel.tsx';
import type { LabIslandProps } from '../shared/embed.ts';
import { fmt, UndefinedValue } from '../shared/format.tsx';
import { LabPanel, DataTable } from '../shared/Panel.tsx';
import { VerdictPanel, ReasonList } from '../shared/Verdict.tsx';
import { checkHeadlines, type LabSummaryDef } from '../shared/Summary.tsx';
import HBarChart from '../../charts/HBarChart.tsx';
import ScatterChart from '../../charts/ScatterChart.tsx';
import { RankedListFigure, FusionFigure } from './figures.tsx';
import { setGoldGrade, setQrelsGrade, swapRetrieved, setContextChunks } from './edits.ts';
import { RagCases } from './RagCases.tsx';
import { RagSummaryChart } from './SummaryChart.tsx';

/** The trace's claims view sits below the fold: loaded on its own, so the lab page stays within its JS budget. */
const ClaimsView = lazy(() => import('./ClaimsView.tsx'));

type Num = number | null | undefined;
const GRADE_CHOICES = [0, 1, 2, 3];
/** Per-case rows shown before the table says how many are left out (all of them are in scorecard.json). */
const MAX_ROWS = 300;

/** "undefined (reason)" with the RAG lab's reasons first. */
function Undef({ reason, lang }: { reason?: string | null; lang: Lang }) {
  const lm = ragMsg(lang);
  return <UndefinedValue reason={reason} lang={lang} catalogs={[lm.undefined_reason, lm.reasons]} />;
}

function N({ v, reason, lang, digits = 4 }: { v: Num; reason?: string | null; lang: Lang; digits?: number }) {
  return v === null || v === undefined ? <Undef reason={reason} lang={lang} /> : <>{fmt(v, lang, digits)}</>;
}

const levelOf = (c: number, lang: Lang) => fmt(c * 100, lang, 2);

interface CellSpec { key: string; v: Num; reason?: string | null; digits?: number; testId?: string; extra?: ReactNode }

/**
 * Table cells in order; consecutive undefined cells with the same reason become one cell spanning
 * them ("undefined (reason)" once, not seven times), so a row of a question with no answer in the
 * corpus stays readable on a phone.
 */
function Cells({ cells, lang }: { cells: CellSpec[]; lang: Lang }) {
  const out: ReactNode[] = [];
  let i = 0;
  while (i < cells.length) {
    const c = cells[i];
    if (c.v === null || c.v === undefined) {
      let j = i + 1;
      while (j < cells.length && (cells[j].v === null || cells[j].v === undefined) && (cells[j].reason ?? null) === (c.reason ?? null)) j++;
      out.push(
        <td key={c.key} colSpan={j - i > 1 ? j - i : undefined} data-testid={c.testId} data-metrics={cells.slice(i, j).map((x) => x.key).join(' ')}>
          <Undef reason={c.reason} lang={lang} />{j - i === 1 ? c.extra : null}
        </td>,
      );
      i = j;
    } else {
      out.push(<td key={c.key} data-testid={c.testId}>{fmt(c.v, lang, c.digits ?? 4)}{c.extra}</td>);
      i++;
    }
  }
  return <>{out}</>;
}

export default function RagLab({ lang, preset, embed }: LabIslandProps) {
  const t = ui(lang).rag;
  const lab = useLabState(ragMeta, preset, embed);
  const view = lab.view as RagView;
  const run = useLabRunner('rag', lab.texts, lang, view, lab);
  // Speed (issue 18): the summary draws each new result at once; the panels below draw it one
  // render later, in the background (useDeferredValue), and the ones that do not edit the texts
  // only when that result or the view changes (useMemo), so a keystroke re-renders none of them.
  const panelResult = useDeferredValue(run.result);
  const { setView: labSetView, setText } = lab;
  const result = run.result;
  const [trec, setTrec] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    loadPresetTexts('rag', lang, 'kit_trec').then((x) => live && setTrec(x), () => undefined);
    return () => {
      live = false;
    };
  }, [lang]);
  const setView = useCallback((patch: Partial<RagView>) => labSetView({ ...view, ...patch }), [labSetView, view]);
  const editable = !!result && !run.stale && run.issues.length === 0;

  const inputs: LabInputDef[] = [
    { name: 'cases', label: t.input_cases, description: t.desc_cases },
    { name: 'policy', label: t.input_policy, description: t.desc_policy },
    { name: 'variants', label: t.input_variants, secondary: true, example: preset.variants, description: t.desc_variants },
    { name: 'qrels', label: t.input_qrels, secondary: true, example: trec?.qrels, description: t.desc_qrels },
    { name: 'run', label: t.input_run, secondary: true, example: trec?.run, description: t.desc_run },
    { name: 'run_b', label: t.input_run_b, secondary: true, example: trec?.run_b, description: t.desc_run_b },
  ];
  const loadTrec = () => {
    if (!trec) return;
    const own = ['qrels', 'run', 'run_b'].some((n) => (lab.texts[n] ?? '').trim() !== '' && lab.texts[n] !== trec[n]);
    if (own && !window.confirm(t.load_trec_confirm)) return;
    for (const n of ['qrels', 'run', 'run_b']) lab.setText(n, trec[n] ?? '');
  };

  // The summary: the verdict and the gate's metrics with their bootstrap intervals (when computed).
  const summary = useMemo<LabSummaryDef | null>(() => result && {
    verdict: <Verdict result={result} lang={lang} />,
    numbers: checkHeadlines(result.checks, lang, (c) => ragMsg(lang).metrics[c.id], {
      digits: (c) => (c.id === 'critical_failures' ? 0 : c.id === 'avg_context_tokens' ? 2 : 4),
      ci: (c) => {
        const r = result.bootstrap.intervals.find((x) => x.metric === c.id);
        return r && r.low !== null && r.high !== null ? [r.low, r.high] : null;
      },
      catalogs: [ragMsg(lang).undefined_reason],
    }),
    chart: <RagSummaryChart result={result} lang={lang} />,
  }, [result, lang]);

  const variants = preset.variants;
  const [top, middle, bottom] = useMemo(() => {
    if (!panelResult) return [null, null, null];
    const r = panelResult;
    return [
      <>
        <Checklist id="rag-checks" checks={r.checks} lang={lang} label={(c) => ragMsg(lang).metrics[c.id]} digits={(c) => (c.id === 'critical_failures' ? 0 : c.id === 'avg_context_tokens' ? 2 : 4)} undefinedCatalogs={[ragMsg(lang).undefined_reason]} caption={t.checklist_caption(r.gate_population === 'kit' ? t.population_kit : t.population_scoped)} />
        <Aggregates result={r} lang={lang} />
        <CasesTable result={r} lang={lang} onTrace={(id) => setView({ trace_case: id })} />
      </>,
      <>
        <Slices result={r} lang={lang} />
        <Intervals result={r} lang={lang} />
      </>,
      <>
        <Paired result={r} lang={lang} view={view} setView={setView} />
        <Variants result={r} lang={lang} loadVariants={variants ? () => setText('variants', variants) : undefined} />
      </>,
    ];
  }, [panelResult, lang, t, view, setView, setText, variants]);

  return (
    <LabShell importer={<ImportPanel meta={ragMeta} label={t.import_button} lang={lang} state={lab} />} meta={ragMeta} lang={lang} inputs={inputs} state={lab} run={run} embed={embed} secondaryLabels={t.secondary} summary={summary}
      cases={result && <RagCases result={result} lang={lang} state={lab} />}
      controls={result && <MeasureControls result={result} view={view} lang={lang} setView={setView} />}>
      {panelResult && (
        <div className="lab-results" aria-live="off">
          {top}
          {/* these two edit the texts (or read them): re-rendered on each edit */}
          <TracePanel result={panelResult} lang={lang} view={view} setView={setView} texts={lab.texts} setText={lab.setText} editable={editable} />
          {middle}
          <Fusion result={panelResult} lang={lang} view={view} setView={setView} canLoadTrec={!!trec} loadTrec={loadTrec} />
          {bottom}
        </div>
      )}
    </LabShell>
  );
}

// ---------------------------------------------------------------------------------------------

function MeasureControls({ result, view, lang, setView }: { result: RagResult; view: RagView; lang: Lang; setView: (p: Partial<RagView>) => void }) {
  const t = ui(lang).rag;
  const [draft, setDraft] = useState(String(view.k ?? result.policy_k));
  useEffect(() => setDraft(String(view.k ?? result.policy_k)), [view.k, result.policy_k]);
  const commitK = (s: string) => {
    setDraft(s);
    const n = Number(s);
    if (s.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 1000) setView({ k: n === result.policy_k ? null : n });
  };
  return (
    <LabPanel id="rag-measure" title={t.measure}>
      <div className="rag-controls">
        <label className="rag-field">
          {t.k_label}
          <input type="number" min={1} max={1000} step={1} value={draft} onChange={(e) => commitK(e.currentTarget.value)} data-testid="k-input" />
        </label>
        <p className="help" data-testid="k-source">{result.k_source === 'policy' ? t.k_from_policy(result.k) : t.k_from_view(result.k, result.policy_k)}</p>
        {view.k !== null && <button type="button" onClick={() => setView({ k: null })} data-testid="k-reset">{t.k_reset(result.policy_k)}</button>}
        <fieldset className="rag-field rag-radios">
          <legend>{t.gain}</legend>
          {(['exponential', 'linear'] as const).map((g) => (
            <label key={g} className="radio">
              <input type="radio" name="rag-gain" value={g} checked={view.gain === g} onChange={() => setView({ gain: g })} data-testid={`gain-${g}`} /> {t.gain_names[g]}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="help">{t.conventions}</p>
    </LabPanel>
  );
}

function Verdict({ result, lang }: { result: RagResult; lang: Lang }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const d = result.decision;
  return (
    <VerdictPanel id="rag-verdict" verdict={d.verdict} lang={lang} summary={lm.verdict} marks>
      {d.reasons.length > 0 ? <ReasonList reasons={d.reasons} messages={lm.reasons} lang={lang} /> : <p data-testid="reasons">{t.no_reasons}</p>}
      {result.warnings.length > 0 && (
        <div className="rag-warnings" data-testid="warnings">
          <p>⚠ {t.warnings}:</p>
          <ul>
            {result.warnings.map((w) => (
              <li key={`${w.code}-${w.input}`} data-warning={w.code}>
                {lm.warnings[w.code](t.input_names[w.input], w.count)}{w.examples.length > 0 && <> ({t.for_example} <span className="ids">{w.examples.join(', ')}</span>)</>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </VerdictPanel>
  );
}

function PopCell({ s, lang }: { s: PopulationStat; lang: Lang }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  return (
    <>
      <span className="pop-name">{lm.populations[s.population]}</span> <span className="muted">({t.n_eq(s.n)})</span>
    </>
  );
}

function LeftOut({ s, lang }: { s: PopulationStat; lang: Lang }) {
  const lm = ragMsg(lang);
  if (s.left_out.length === 0) return <>{ui(lang).lab.none}</>;
  return (
    <ul className="left-out">
      {s.left_out.map((l) => (
        <li key={l.reason} data-reason={l.reason}>
          {l.count} · {lm.undefined_reason[l.reason]}: <span className="ids">{l.case_ids.join(', ')}{l.count > l.case_ids.length ? ', …' : ''}</span>
        </li>
      ))}
    </ul>
  );
}

function Aggregates({ result, lang }: { result: RagResult; lang: Lang }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const entries = Object.entries(result.aggregate_populations) as [keyof RagResult['aggregate_populations'], RagResult['aggregate_populations'][keyof RagResult['aggregate_populations']]][];
  const digits = (m: string) => (m === 'avg_context_tokens' ? 2 : 4);
  return (
    <LabPanel id="rag-aggregates" title={t.aggregates}>
      <p className="help">{t.aggregates_help}</p>
      <DataTable label={t.aggregates} className="rag-aggregates" testId="aggregates" caption={t.aggregates_caption(result.k)}
        columns={[t.metric, t.kit_value, t.kit_population, t.scoped_value, t.scoped_population, t.left_out]}>
        {entries.map(([m, p]) => (
          <tr key={m} data-metric={m} className={p.differs ? 'differs' : ''}>
            <th scope="row">{lm.metrics[m]}{p.differs && <> <span className="tag">≠ {t.differs}</span></>}</th>
            <td data-testid={`agg-kit-${m}`}>{p.kit ? <N v={p.kit.value} reason={p.kit.reason} lang={lang} digits={digits(m)} /> : <span className="muted">{t.kit_has_none}</span>}</td>
            <td>{p.kit ? <PopCell s={p.kit} lang={lang} /> : '–'}</td>
            {p.kit && !p.differs ? (
              <td colSpan={2} className="muted" data-testid={`agg-scoped-${m}`}>{t.same_as_kit}</td>
            ) : (
              <>
                <td data-testid={`agg-scoped-${m}`}><N v={p.scoped.value} reason={p.scoped.reason} lang={lang} digits={digits(m)} /></td>
                <td><PopCell s={p.scoped} lang={lang} /></td>
              </>
            )}
            <td><LeftOut s={p.scoped} lang={lang} />{p.kit && p.differs && <><span className="muted">{t.kit_left_out}:</span> <LeftOut s={p.kit} lang={lang} /></>}</td>
          </tr>
        ))}
      </DataTable>
      <p className="help">{t.critical_count(result.aggregate.critical_failures ?? 0)}</p>
    </LabPanel>
  );
}

function LayerText({ row, lang }: { row: CaseRow; lang: Lang }) {
  const lm = ragMsg(lang);
  return (
    <>
      {row.first_failing_layer === null ? <span className="ok-text">✓ {lm.layer_diagnosis[row.layer_diagnosis]}</span> : <strong className="bad-text">✗ {lm.layers[row.first_failing_layer]}</strong>}
      {row.first_failing_layer !== null && <span className="layer-detail"> — {lm.layer_diagnosis[row.layer_diagnosis]}</span>}
    </>
  );
}

function CasesTable({ result, lang, onTrace }: { result: RagResult; lang: Lang; onTrace: (id: string) => void }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const k = result.k;
  const rows = result.per_case.slice(0, MAX_ROWS);
  const cell = (r: CaseRow, key: keyof CaseRow['undefined_metrics'], digits = 4, testId?: string): CellSpec => ({ key, v: r[key] as Num, reason: r.undefined_metrics[key], digits, testId });
  return (
    <LabPanel id="rag-cases" title={t.cases}>
      <p className="help">{t.cases_help}</p>
      {result.per_case.length > MAX_ROWS && <p>{t.cases_more(MAX_ROWS, result.per_case.length)}</p>}
      <DataTable label={t.cases} tall={rows.length > 20} className="rag-cases" testId="cases-table" caption={t.cases_caption(k)}
        columns={[t.case_id, t.slice, t.answerable, `P@${k}`, `R@${k}`, `Hit@${k}`, 'RR', `RR@${k}`, `nDCG@${k}`, `CP@${k}`, t.tokens, lm.metrics.groundedness, lm.metrics.citation_precision, lm.metrics.citation_recall, t.diagnosis, t.first_layer]}>
        {rows.map((r) => (
          <tr key={r.case_id} data-case={r.case_id} data-layer={r.first_failing_layer ?? 'none'} className={r.first_failing_layer ? 'case-fail' : 'case-ok'}>
            <th scope="row">
              <button type="button" className="linklike" onClick={() => onTrace(r.case_id)} aria-label={t.trace_case(r.case_id)} data-testid={`trace-${r.case_id}`}>{r.case_id}</button>
            </th>
            <td>{r.slice}</td>
            <td>{r.answerable ? t.yes : t.no}</td>
            <Cells lang={lang} cells={[
              cell(r, 'precision_at_k', 4, `p-${r.case_id}`), cell(r, 'recall_at_k', 4, `recall-${r.case_id}`), cell(r, 'hit_at_k', 0), cell(r, 'reciprocal_rank'),
              cell(r, 'reciprocal_rank_at_k'), cell(r, 'ndcg_at_k', 4, `ndcg-${r.case_id}`), cell(r, 'context_precision'),
            ]} />
            <Cells lang={lang} cells={[cell(r, 'context_tokens', 0)]} />
            <Cells lang={lang} cells={[cell(r, 'groundedness', 4, `g-${r.case_id}`), cell(r, 'citation_precision'), cell(r, 'citation_recall', 4, `cr-${r.case_id}`)]} />
            <td><code>{r.diagnosis}</code>{r.critical_failure && <> <strong className="bad-text">⚠ {t.critical}</strong></>}</td>
            <td className="layer-cell" data-testid={`layer-${r.case_id}`}><LayerText row={r} lang={lang} /></td>
          </tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}

// ---------------------------------------------------------------------------------------------
// Trace

interface TraceProps {
  result: RagResult;
  lang: Lang;
  view: RagView;
  setView: (p: Partial<RagView>) => void;
  texts: Record<string, string>;
  setText: (name: string, text: string) => void;
  editable: boolean;
}

function TracePanel({ result, lang, view, setView, texts, setText, editable }: TraceProps) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const tr = result.trace;
  const [message, setMessage] = useState<string | null>(null);
  const ids = result.per_case.map((r) => r.case_id);
  const current = view.trace_case ?? ids[0];
  const apply = (next: string | null, input = 'cases') => {
    if (next === null) setMessage(t.edit_failed);
    else {
      setMessage(null);
      setText(input, next);
    }
  };
  const setGrade = (trc: Trace, chunkId: string, value: string) => {
    const g = value === '' ? null : Number(value);
    if (trc.judgment_source === 'qrels') apply(setQrelsGrade(texts.qrels ?? '', trc.case_id, chunkId, g), 'qrels');
    else apply(setGoldGrade(texts.cases ?? '', trc.case_id, chunkId, g));
  };
  const move = (trc: Trace, from: number, to: number) => apply(swapRetrieved(texts.cases ?? '', trc.case_id, from, to));
  const contextIds = (trc: Trace) => trc.context.chunk_ids;
  const toggleContext = (trc: Trace, chunkId: string, on: boolean) => {
    const cur = new Set(contextIds(trc));
    if (on) cur.add(chunkId);
    else cur.delete(chunkId);
    const seen = new Set<string>();
    const ordered = trc.retrieved.map((r) => r.chunk_id).filter((id) => cur.has(id) && !seen.has(id) && (seen.add(id), true));
    apply(setContextChunks(texts.cases ?? '', trc.case_id, ordered));
  };
  const cutContext = (trc: Trace, n: number) => {
    const seen = new Set<string>();
    const ordered = trc.retrieved.map((r) => r.chunk_id).filter((id) => !seen.has(id) && (seen.add(id), true)).slice(0, n);
    apply(setContextChunks(texts.cases ?? '', trc.case_id, ordered));
  };

  return (
    <LabPanel id="rag-trace" title={t.trace} testId="trace">
      <p className="help">{t.trace_help}</p>
      <label className="rag-field">
        {t.trace_pick}
        <select value={current} onChange={(e) => setView({ trace_case: e.currentTarget.value })} data-testid="trace-select">
          {ids.map((id) => <option key={id} value={id}>{id}</option>)}
          {!ids.includes(current) && <option value={current} disabled>{current}</option>}
        </select>
      </label>
      {!tr ? (
        <p className="notice" data-testid="trace-missing">{lm.undefined_reason[result.trace_reason ?? 'unknown_case']}</p>
      ) : (
        <>
          <dl className="rag-facts" data-testid="trace-facts">
            <dt>{t.question}</dt><dd>{tr.question ?? <span className="muted">{t.no_question}</span>}</dd>
            <dt>{t.slice}</dt><dd>{tr.slice}</dd>
            <dt>{t.answerable}</dt><dd>{tr.answerable ? t.yes : t.no}</dd>
            <dt>{t.judgments_from}</dt><dd>{t.judgment_sources[tr.judgment_source]}</dd>
            <dt>{t.context_from}</dt><dd>{t.context_sources[tr.context.source](tr.k)} · {tr.context.tokens === null ? <Undef reason="no_token_counts" lang={lang} /> : t.tokens_n(tr.context.tokens)}</dd>
          </dl>
          <p className={tr.metrics.first_failing_layer ? 'chain-break bad' : 'chain-break ok'} data-testid="trace-layer" data-layer={tr.metrics.first_failing_layer ?? 'none'}>
            <strong>{tr.metrics.first_failing_layer ? t.chain_breaks : t.chain_holds}</strong> {lm.layer_diagnosis[tr.metrics.layer_diagnosis]}
          </p>
          <div className="chart-box">
            <RankedListFigure lang={lang} trace={tr} width={760} testId="trace-figure"
              title={t.trace_figure(tr.case_id)} description={t.trace_figure_desc(tr.retrieved.length, tr.metrics.relevant_chunks, tr.k)}
              caption={<p className="legend-text">{t.trace_legend}</p>} />
          </div>
          <TraceMetrics row={tr.metrics} lang={lang} k={tr.k} />
          <h4>{t.edit_heading}</h4>
          <p className="help">{editable ? t.edit_help : t.edit_disabled}</p>
          <DataTable label={t.edit_heading} className="rag-edit" testId="trace-edit"
            columns={[t.rank, t.chunk, t.grade, t.move, t.in_context]}>
            {tr.retrieved.map((r, i) => (
              <tr key={`${r.rank}-${r.chunk_id}`} data-chunk={r.chunk_id} data-rank={r.rank}>
                <td>{r.rank}</td>
                <th scope="row"><code>{r.chunk_id}</code>{r.duplicate && <span className="muted"> ({t.duplicate})</span>}</th>
                <td>
                  <GradeSelect lang={lang} grade={r.grade} disabled={!editable || r.duplicate} label={t.grade_of(r.chunk_id)} onChange={(v) => setGrade(tr, r.chunk_id, v)} testId={`grade-${r.chunk_id}`} />
                </td>
                <td className="move">
                  <button type="button" disabled={!editable || i === 0} onClick={() => move(tr, i, i - 1)} aria-label={t.move_up(r.chunk_id)} data-testid={`up-${r.chunk_id}`}>↑</button>{' '}
                  <button type="button" disabled={!editable || i === tr.retrieved.length - 1} onClick={() => move(tr, i, i + 1)} aria-label={t.move_down(r.chunk_id)} data-testid={`down-${r.chunk_id}`}>↓</button>
                </td>
                <td>
                  <span className="check-label">
                    <input type="checkbox" checked={r.in_context} disabled={!editable || r.duplicate} aria-label={t.in_context_of(r.chunk_id)} onChange={(e) => toggleContext(tr, r.chunk_id, e.currentTarget.checked)} data-testid={`ctx-${r.chunk_id}`} />{' '}
                    <span aria-hidden="true">{r.in_context ? t.yes : t.no}</span>
                  </span>
                </td>
              </tr>
            ))}
            {tr.judged_not_retrieved.map((m) => (
              <tr key={`m-${m.chunk_id}`} data-chunk={m.chunk_id} className="not-retrieved">
                <td>–</td>
                <th scope="row"><code>{m.chunk_id}</code> <span className="muted">({t.not_retrieved})</span></th>
                <td><GradeSelect lang={lang} grade={m.grade} disabled={!editable} label={t.grade_of(m.chunk_id)} onChange={(v) => setGrade(tr, m.chunk_id, v)} testId={`grade-${m.chunk_id}`} /></td>
                <td>–</td>
                <td>–</td>
              </tr>
            ))}
          </DataTable>
          <div className="rag-controls">
            <label className="rag-field">
              {t.cut_label}
              <select value="" disabled={!editable} onChange={(e) => e.currentTarget.value !== '' && cutContext(tr, Number(e.currentTarget.value))} data-testid="cut-context">
                <option value="">{t.cut_choose(tr.context.chunk_ids.length)}</option>
                {Array.from({ length: new Set(tr.retrieved.map((r) => r.chunk_id)).size + 1 }, (_, n) => <option key={n} value={n}>{t.cut_first(n)}</option>)}
              </select>
            </label>
            {tr.context.source === 'context_chunks' && (
              <button type="button" disabled={!editable} onClick={() => apply(setContextChunks(texts.cases ?? '', tr.case_id, null))} data-testid="context-reset">{t.context_reset(tr.k)}</button>
            )}
          </div>
          <p role="status" className="help">{message ?? ''}</p>
          <Suspense fallback={null}>
            <ClaimsView trace={tr} lang={lang} />
          </Suspense>
        </>
      )}
    </LabPanel>
  );
}

function GradeSelect({ lang, grade, disabled, label, onChange, testId }: { lang: Lang; grade: number | null; disabled: boolean; label: string; onChange: (v: string) => void; testId: string }) {
  const t = ui(lang).rag;
  const choices = grade !== null && !GRADE_CHOICES.includes(grade) ? [...GRADE_CHOICES, grade].sort((a, b) => a - b) : GRADE_CHOICES;
  return (
    <select aria-label={label} value={grade === null ? '' : String(grade)} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
      <option value="">{t.unjudged}</option>
      {choices.map((g) => <option key={g} value={String(g)}>{g <= 0 ? t.grade_not_relevant(fmt(g, lang, 2)) : t.grade_n(fmt(g, lang, 2))}</option>)}
    </select>
  );
}

function TraceMetrics({ row, lang, k }: { row: CaseRow; lang: Lang; k: number }) {
  const lm = ragMsg(lang);
  const items: [string, keyof CaseRow['undefined_metrics'], number][] = [
    [`P@${k}`, 'precision_at_k', 4], [`R@${k}`, 'recall_at_k', 4], [`Hit@${k}`, 'hit_at_k', 0], ['RR', 'reciprocal_rank', 4], [`RR@${k}`, 'reciprocal_rank_at_k', 4],
    [`nDCG@${k}`, 'ndcg_at_k', 4], [`CP@${k}`, 'context_precision', 4], [lm.metrics.groundedness, 'groundedness', 4], [lm.metrics.groundedness_in_context, 'groundedness_in_context', 4],
    [lm.metrics.citation_precision, 'citation_precision', 4], [lm.metrics.citation_recall, 'citation_recall', 4],
  ];
  return (
    <dl className="rag-figures" data-testid="trace-metrics">
      {items.map(([label, key, d]) => (
        <div key={key} data-metric={key}>
          <dt>{label}</dt>
          <dd data-testid={`trace-${key}`}><N v={row[key] as Num} reason={row.undefined_metrics[key]} lang={lang} digits={d} /></dd>
        </div>
      ))}
      <div data-metric="context_tokens"><dt>{lm.metrics.context_tokens}</dt><dd><N v={row.context_tokens} reason={row.undefined_metrics.context_tokens} lang={lang} digits={0} /></dd></div>
    </dl>
  );
}

// ---------------------------------------------------------------------------------------------

function Slices({ result, lang }: { result: RagResult; lang: Lang }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const k = result.k;
  return (
    <LabPanel id="rag-slices" title={t.slices}>
      <DataTable label={t.slices} className="rag-slices" testId="slice-table" caption={t.slices_caption}
        columns={[t.slice, t.cases_n, `P@${k}`, `R@${k}`, `MRR@${k}`, `nDCG@${k}`, lm.metrics.groundedness, lm.metrics.citation_recall, lm.metrics.no_answer_accuracy, lm.metrics.critical_failures, lm.metrics.avg_context_tokens]}>
        {result.slices.map((s) => {
          const u = s.undefined_metrics;
          return (
            <tr key={s.slice} data-slice={s.slice}>
              <th scope="row">{s.slice}</th>
              <td>{t.slice_counts(s.cases, s.answerable_cases, s.non_answerable_cases)}</td>
              <Cells lang={lang} cells={[
                { key: 'precision_at_k', v: s.precision_at_k, reason: u.precision_at_k, extra: <> <span className="muted">{t.n_eq(s.n.retrieval)}</span></> },
                { key: 'recall_at_k', v: s.recall_at_k, reason: u.recall_at_k },
                { key: 'mrr_at_k', v: s.mrr_at_k, reason: u.mrr_at_k },
                { key: 'ndcg_at_k', v: s.ndcg_at_k, reason: u.ndcg_at_k },
                { key: 'groundedness', v: s.groundedness, reason: u.groundedness, extra: <> <span className="muted">{t.n_eq(s.n.answered_answerable)}</span></> },
                { key: 'citation_recall', v: s.citation_recall, reason: u.citation_recall },
                { key: 'no_answer_accuracy', v: s.no_answer_accuracy, reason: u.no_answer_accuracy, extra: <> <span className="muted">{t.n_eq(s.n.unanswerable)}</span></> },
              ]} />
              <td>{s.critical_failures > 0 ? <strong className="bad-text">⚠ {s.critical_failures}</strong> : '0'}</td>
              <td><N v={s.avg_context_tokens} reason={u.avg_context_tokens} lang={lang} digits={2} /></td>
            </tr>
          );
        })}
      </DataTable>
    </LabPanel>
  );
}

function Intervals({ result, lang }: { result: RagResult; lang: Lang }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const b = result.bootstrap;
  return (
    <LabPanel id="rag-ci" title={t.intervals}>
      <p className="help">{t.intervals_help(b.rounds, b.seed, levelOf(b.confidence, lang), b.population === 'kit' ? t.population_kit : t.population_scoped)}</p>
      <DataTable label={t.intervals} className="rag-ci" testId="ci-table"
        columns={[t.metric, t.population, 'n', t.estimate, t.ci_low(levelOf(b.confidence, lang)), t.ci_high(levelOf(b.confidence, lang))]}>
        {b.intervals.map((r) => (
          <tr key={r.metric} data-metric={r.metric}>
            <th scope="row">{lm.metrics[r.metric]}</th>
            <td>{lm.populations[r.population]}</td>
            <td>{r.n}</td>
            <td><N v={r.estimate} reason={r.reason} lang={lang} digits={r.metric === 'avg_context_tokens' ? 2 : 4} /></td>
            <td><N v={r.low} reason={r.reason} lang={lang} digits={r.metric === 'avg_context_tokens' ? 2 : 4} /></td>
            <td><N v={r.high} reason={r.reason} lang={lang} digits={r.metric === 'avg_context_tokens' ? 2 : 4} /></td>
          </tr>
        ))}
      </DataTable>
    </LabPanel>
  );
}

// ---------------------------------------------------------------------------------------------
// Scored lists, fusion, paired comparison

const SOURCE_METRICS = ['precision_at_k', 'recall_at_k', 'hit_at_k', 'mrr', 'mrr_at_k', 'ndcg_at_k', 'context_precision'] as const;

function sourceName(lang: Lang, s: ScoredSource | MissingSource | undefined, id: SourceId): string {
  const lm = ragMsg(lang);
  return s && s.available && s.source !== 'cases' ? `${lm.sources[id]} · ${s.label}` : lm.sources[id];
}

interface FusionProps {
  result: RagResult;
  lang: Lang;
  view: RagView;
  setView: (p: Partial<RagView>) => void;
  canLoadTrec: boolean;
  loadTrec: () => void;
}

function Fusion({ result, lang, view, setView, canLoadTrec, loadTrec }: FusionProps) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const k = result.k;
  const f = result.retrieval.fusion;
  const sources = result.retrieval.sources;
  const byId = new Map(sources.map((s) => [s.source, s]));
  const setFusion = (p: Partial<RagView['fusion']>) => setView({ fusion: { ...view.fusion, ...p } });
  const runsMissing = !byId.get('run')?.available || !byId.get('run_b')?.available;
  const fusedTrace = result.trace?.sources.find((s) => s.source === 'fused') ?? null;
  const [kDraft, setKDraft] = useState(String(view.fusion.k));
  useEffect(() => setKDraft(String(view.fusion.k)), [view.fusion.k]);
  const commitK = (s: string) => {
    setKDraft(s);
    const n = Number(s);
    if (s.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 1e6) setFusion({ k: n });
  };
  const available = sources.filter((s): s is ScoredSource => s.available);
  return (
    <LabPanel id="rag-fusion" title={t.fusion} testId="fusion">
      <p className="help">{t.fusion_help}</p>
      <p className="help" data-testid="rag-conventions">{lm.report.conventions(k, result.gain)}</p>
      {runsMissing && (
        <p className="notice" data-testid="runs-missing">
          {t.runs_missing}{' '}
          <button type="button" onClick={loadTrec} disabled={!canLoadTrec} data-testid="load-trec">{t.load_trec}</button>
        </p>
      )}
      <div className="rag-controls">
        <label className="rag-field">
          {t.fusion_method}
          <select value={view.fusion.method} onChange={(e) => setFusion({ method: e.currentTarget.value as RagView['fusion']['method'] })} data-testid="fusion-method">
            {(['rrf', 'combsum', 'combmnz'] as const).map((m) => <option key={m} value={m}>{lm.fusion_methods[m]}</option>)}
          </select>
        </label>
        {(['a', 'b'] as const).map((which) => (
          <label key={which} className="rag-field">
            {which === 'a' ? t.fusion_a : t.fusion_b}
            <select value={view.fusion[which]} onChange={(e) => setFusion({ [which]: e.currentTarget.value as ListSource })} data-testid={`fusion-${which}`}>
              {LIST_SOURCES.map((s) => <option key={s} value={s}>{byId.get(s)?.available ? sourceName(lang, byId.get(s), s) : t.not_loaded(lm.sources[s])}</option>)}
            </select>
          </label>
        ))}
        {view.fusion.method === 'rrf' && (
          <div className="rag-field rrf-k">
            <label htmlFor="rag-rrf-k">{t.rrf_k}: <output htmlFor="rag-rrf-k" data-testid="rrf-k-value">{fmt(view.fusion.k, lang, 4)}</output></label>
            <input id="rag-rrf-k" type="range" min={0} max={100} step={1} value={Math.min(100, view.fusion.k)} onChange={(e) => commitK(e.currentTarget.value)} data-testid="rrf-k-range" />
            <label className="rrf-k-exact">{t.rrf_k_exact} <input type="number" min={0} step="any" value={kDraft} onChange={(e) => commitK(e.currentTarget.value)} data-testid="rrf-k" /></label>
          </div>
        )}
      </div>
      <p className="help" data-testid="fusion-status">
        {f.available ? t.fusion_done(lm.fusion_methods[f.method], sourceName(lang, byId.get(f.a), f.a), sourceName(lang, byId.get(f.b), f.b), f.method === 'rrf' ? fmt(f.k, lang, 4) : null) : <Undef reason={f.reason} lang={lang} />}
      </p>
      <DataTable label={t.sources_table} className="rag-sources" testId="sources-table" caption={t.sources_caption(k)}
        columns={[t.source, ...SOURCE_METRICS.map((m) => lm.metrics[m].replace('@k', `@${k}`)), t.empty_cases]}>
        {SOURCES.map((id) => {
          const s = byId.get(id);
          if (!s) return null;
          return (
            <tr key={id} data-source={id} data-available={s.available ? 'true' : 'false'}>
              <th scope="row">{sourceName(lang, s, id)}</th>
              {s.available ? (
                <>
                  {SOURCE_METRICS.map((m) => <td key={m} data-testid={`src-${id}-${m}`}><N v={s.aggregate[m]} reason={s.undefined_metrics[m]} lang={lang} /></td>)}
                  <td>{s.empty_cases}</td>
                </>
              ) : (
                <td colSpan={SOURCE_METRICS.length + 1}><Undef reason={s.reason} lang={lang} /></td>
              )}
            </tr>
          );
        })}
      </DataTable>
      {available.length > 0 && (
        <div className="chart-box">
          <HBarChart testId="sources-chart" title={t.sources_chart(k)} description={t.sources_chart_desc(k)} xLabel={`nDCG@${k}`} width={700}
            bars={available.map((s) => ({ key: s.source, label: s.source === 'cases' || s.source === 'fused' ? t.short_sources[s.source] : s.label, value: s.aggregate.ndcg_at_k, undefinedText: `${ui(lang).lab.undefined_value} (${lookupText(s.undefined_metrics.ndcg_at_k ?? '', lm.undefined_reason) ?? ''})`, color: s.source === 'fused' ? '#1f6b3a' : '#1d4e89' }))}
            max={1} tableSummary={ui(lang).lab.chart_table} columns={[t.source, `nDCG@${k}`]} format={(v) => fmt(v, lang, 4)} />
        </div>
      )}
      {f.available && fusedTrace && result.trace && (
        <div className="chart-box">
          <FusionFigure lang={lang} fused={fusedTrace} k={k} width={760} testId="fusion-figure"
            scoreLabel={f.method === 'rrf' ? 'RRF' : lm.fusion_methods[f.method].split(' ')[0]}
            title={t.fusion_figure(result.trace.case_id)} description={t.fusion_figure_desc(sourceName(lang, byId.get(f.a), f.a), sourceName(lang, byId.get(f.b), f.b), k)}
            caption={<p className="legend-text">{t.fusion_legend(sourceName(lang, byId.get(f.a), f.a), sourceName(lang, byId.get(f.b), f.b))}</p>} />
        </div>
      )}
    </LabPanel>
  );
}

function Paired({ result, lang, view, setView }: { result: RagResult; lang: Lang; view: RagView; setView: (p: Partial<RagView>) => void }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const byId = new Map(result.retrieval.sources.map((s) => [s.source, s]));
  const p: PairedComparison | null = result.paired;
  const k = result.k;
  const setCompare = (which: 'a' | 'b', v: SourceId) => setView({ compare: { ...view.compare, [which]: v } });
  const name = (id: SourceId) => sourceName(lang, byId.get(id), id);
  const level = p ? levelOf(p.bootstrap.confidence, lang) : '';
  return (
    <LabPanel id="rag-paired" title={t.paired} testId="paired">
      <p className="help">{t.paired_help}</p>
      <div className="rag-controls">
        {(['a', 'b'] as const).map((which) => (
          <label key={which} className="rag-field">
            {which === 'a' ? t.compare_a : t.compare_b}
            <select value={view.compare[which]} onChange={(e) => setCompare(which, e.currentTarget.value as SourceId)} data-testid={`compare-${which}`}>
              {SOURCES.map((s) => <option key={s} value={s}>{byId.get(s)?.available ? name(s) : t.not_loaded(lm.sources[s])}</option>)}
            </select>
          </label>
        ))}
      </div>
      {!p ? (
        <p className="notice" data-testid="paired-missing"><Undef reason={result.paired_reason} lang={lang} /></p>
      ) : (
        <>
          <p data-testid="paired-summary">{t.paired_summary(name(p.a), name(p.b), p.n)}</p>
          <ul className="paired-wins">
            <li data-testid="paired-b-wins">{t.wins(name(p.b), p.b_wins_count, k)}{p.b_wins.length > 0 && <>: <span className="ids">{p.b_wins.join(', ')}</span></>}</li>
            <li data-testid="paired-a-wins">{t.wins(name(p.a), p.a_wins_count, k)}{p.a_wins.length > 0 && <>: <span className="ids">{p.a_wins.join(', ')}</span></>}</li>
            <li data-testid="paired-ties">{t.ties(p.ties)}</li>
          </ul>
          <DataTable label={t.paired_deltas} className="rag-deltas" testId="paired-deltas" caption={t.paired_deltas_caption}
            columns={[t.metric, name(p.a), name(p.b), t.delta_b_a]}>
            {p.deltas.map((d) => (
              <tr key={d.metric} data-metric={d.metric}>
                <th scope="row">{lm.metrics[d.metric].replace('@k', `@${k}`)}</th>
                <td><N v={d.a} reason="no_comparable_cases" lang={lang} /></td>
                <td><N v={d.b} reason="no_comparable_cases" lang={lang} /></td>
                <td><N v={d.delta} reason="no_comparable_cases" lang={lang} /></td>
              </tr>
            ))}
          </DataTable>
          <h4>{t.mcnemar}</h4>
          <p>{t.mcnemar_counts(name(p.b), p.mcnemar.b, p.mcnemar.c, k)}</p>
          <dl className="rag-stats" data-testid="mcnemar">
            <dt>{t.mcnemar_stat}</dt><dd data-testid="mcnemar-stat"><N v={p.mcnemar.chi2_continuity} reason={p.mcnemar.undefined_reason} lang={lang} /></dd>
            <dt>{t.mcnemar_p}</dt><dd><N v={p.mcnemar.chi2_continuity_p_value} reason={p.mcnemar.undefined_reason} lang={lang} /></dd>
            <dt>{t.mcnemar_exact}</dt><dd data-testid="mcnemar-exact">{fmt(p.mcnemar.exact_p_value, lang, 4)}</dd>
          </dl>
          <h4>{t.paired_bootstrap}</h4>
          <p data-testid="paired-bootstrap">
            {t.paired_delta(k)}: <N v={p.bootstrap.delta} reason={p.bootstrap.undefined_reason} lang={lang} />
            {' · '}{t.ci(level)}: {p.bootstrap.low !== null && p.bootstrap.high !== null ? `[${fmt(p.bootstrap.low, lang, 4)}, ${fmt(p.bootstrap.high, lang, 4)}]` : <Undef reason={p.bootstrap.undefined_reason} lang={lang} />}
            {' '}<span className="muted">({t.bootstrap_settings(p.bootstrap.rounds, p.bootstrap.seed)})</span>
          </p>
          <p className="help">{t.paired_note}</p>
        </>
      )}
    </LabPanel>
  );
}

// ---------------------------------------------------------------------------------------------
// Variants

function lostText(v: ScoredVariant, lang: Lang): ReactNode {
  const lm = ragMsg(lang);
  if (v.lost_because.length === 0) return null;
  return v.lost_because.map((l) => {
    switch (l.code) {
      case 'fails_gate': return lm.lost_because.fails_gate(l.checks.map((c) => lm.metrics[c]).join(', '));
      case 'dominated': return lm.lost_because.dominated(l.by.join(', '));
      case 'no_candidate': return lm.lost_because.no_candidate;
      default: return lm.lost_because[l.code](l.than);
    }
  }).join('; ');
}

function Variants({ result, lang, loadVariants }: { result: RagResult; lang: Lang; loadVariants?: () => void }) {
  const t = ui(lang).rag;
  const lm = ragMsg(lang);
  const c = result.comparison;
  if (!c) {
    return (
      <LabPanel id="rag-variants" title={t.variants} testId="variants">
        <p className="notice">{lm.undefined_reason[result.comparison_reason ?? 'no_variants']}{' '}
          {loadVariants && <button type="button" onClick={loadVariants} data-testid="load-variants">{t.load_variants}</button>}
        </p>
      </LabPanel>
    );
  }
  const checkIds = [...new Set(c.variants.flatMap((v) => v.checks.map((ch) => ch.id)))];
  const gateKeys = Object.entries(c.policy) as [string, number][];
  const points = (axis: 'cost' | 'latency') => c.variants.map((v) => ({
    key: v.variant_id,
    label: v.variant_id,
    x: axis === 'cost' ? v.cost_per_accepted_answer : v.p95_latency_ms,
    y: v.quality_score,
    front: axis === 'cost' ? v.on_pareto_cost : v.on_pareto_latency,
    highlight: v.variant_id === c.recommended,
    flagged: !v.passes_gate,
    note: [v.passes_gate ? t.passes : t.fails, v.variant_id === c.recommended ? t.recommended_tag : ''].filter(Boolean).join(' · '),
  }));
  const cols = (x: string): [string, string, string, string, string] => [t.variant, x, lm.metrics.quality_score, t.on_front, t.gate_col];
  return (
    <LabPanel id="rag-variants" title={t.variants} testId="variants">
      <p className={c.recommended ? 'badge ok' : 'badge bad'} data-testid="recommended" data-recommended={c.recommended ?? ''}>
        {c.recommended ? t.recommended(c.recommended) : t.no_recommended} — {lm.comparison_decision[c.decision]}
      </p>
      <p className="help" data-testid="gate-source" data-source={c.gate_source}>{t.gate_from(lm.gate_source[c.gate_source])}</p>
      <dl className="rag-gate" data-testid="variant-gate">
        {gateKeys.map(([key, v]) => <div key={key}><dt><code>{key}</code></dt><dd>{fmt(v, lang, 4)}</dd></div>)}
      </dl>
      <p data-testid="candidates">{c.candidates.length ? t.candidates(c.candidates.join(' → ')) : t.no_candidates}</p>
      <DataTable label={t.variants} className="rag-variants" testId="variants-table" caption={t.variants_caption(c.baseline)}
        columns={[t.variant, t.change, lm.metrics.quality_score, t.gate_col, t.dominated_by, t.candidate_rank, t.pareto_cost, t.pareto_latency, t.why_not]}>
        {c.variants.map((v) => (
          <tr key={v.variant_id} data-variant={v.variant_id} data-passes={v.passes_gate ? 'true' : 'false'} className={v.variant_id === c.recommended ? 'recommended' : ''}>
            <th scope="row"><code>{v.variant_id}</code>{v.variant_id === c.recommended && <> <span className="tag ok-text">★ {t.recommended_tag}</span></>}{v.variant_id === c.baseline && <> <span className="muted">({t.baseline})</span></>}</th>
            <td>{v.change}</td>
            <td>{fmt(v.quality_score, lang, 4)}</td>
            <td>{v.passes_gate ? <span className="ok-text">✓ {t.passes}</span> : <strong className="bad-text">✗ {t.fails}</strong>}</td>
            <td>{v.dominated_by.length ? v.dominated_by.join(', ') : t.none}</td>
            <td>{v.candidate_rank ?? '–'}</td>
            <td>{v.on_pareto_cost ? t.yes : t.no}</td>
            <td>{v.on_pareto_latency ? t.yes : t.no}</td>
            <td data-testid={`why-${v.variant_id}`}>{lostText(v, lang) ?? <span className="ok-text">{t.chosen}</span>}</td>
          </tr>
        ))}
      </DataTable>
      <DataTable label={t.variant_checks} className="rag-variant-checks" testId="variant-checks" caption={t.variant_checks_caption}
        columns={[t.variant, ...checkIds.map((id) => lm.metrics[id])]}>
        {c.variants.map((v) => (
          <tr key={v.variant_id} data-variant={v.variant_id}>
            <th scope="row"><code>{v.variant_id}</code></th>
            {checkIds.map((id) => {
              const ch = v.checks.find((x) => x.id === id);
              if (!ch) return <td key={id}>–</td>;
              const ok = ch.status === 'pass';
              return <td key={id} data-check={id} data-status={ch.status} className={ok ? 'check-ok' : 'check-fail'}>{ok ? '✓' : '✗'} {fmt(ch.value, lang, 4)} <span className="muted">({ch.comparator === '>=' ? '≥' : '≤'} {fmt(ch.threshold, lang, 4)})</span></td>;
            })}
          </tr>
        ))}
      </DataTable>
      <div className="rag-scatters">
        <div className="chart-box">
          <ScatterChart testId="scatter-cost" title={t.scatter_cost} description={t.scatter_desc(c.pareto.cost.join(', '), t.axis_cost)} xLabel={lm.metrics.cost_per_accepted_answer} yLabel={lm.metrics.quality_score}
            points={points('cost')} width={620} tableSummary={ui(lang).lab.chart_table} columns={cols(lm.metrics.cost_per_accepted_answer)} yes={t.yes} no={t.no}
            formatX={(v) => fmt(v, lang, 4)} formatY={(v) => fmt(v, lang, 3)} caption={<p className="legend-text">{t.scatter_legend}</p>} />
        </div>
        <div className="chart-box">
          <ScatterChart testId="scatter-latency" title={t.scatter_latency} description={t.scatter_desc(c.pareto.latency.join(', '), t.axis_latency)} xLabel={lm.metrics.p95_latency_ms} yLabel={lm.metrics.quality_score}
            points={points('latency')} width={620} tableSummary={ui(lang).lab.chart_table} columns={cols(lm.metrics.p95_latency_ms)} yes={t.yes} no={t.no}
            formatX={(v) => fmt(v, lang, 0)} formatY={(v) => fmt(v, lang, 3)} caption={<p className="legend-text">{t.scatter_legend}</p>} />
        </div>
      </div>
    </LabPanel>
  );
}
