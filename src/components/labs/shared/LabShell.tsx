/**
 * What every lab island shares: the input editors (with file import by button or drop), the list of
 * validation problems, the stale marker over the last valid result, the toolbar (reset to the
 * preset, share link, downloads of `<lab>-scorecard.json` and `<lab>-decision.md`) and, when the
 * island asks for it, the choice of data set (PresetPicker). The lab-specific views are its children.
 */
import { lazy, memo, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { NumberLang } from './format.tsx';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { formatIssue } from '../../../../labs/core/contract/issues.ts';
import { ui } from '../../../i18n/index.ts';
import CodeEditor from './CodeEditor.tsx';
import LargeTextPreview from './LargeTextPreview.tsx';
import { downloadText, isLargeText } from './labState.ts';
import type { LabStateApi } from './useLabState.ts';
import type { LabRunState } from './useLabRunner.ts';
import type { LabEmbed } from './embed.ts';
import type { LabMeta } from '../../../../labs/core/contract/lab.ts';

// The instructor's builder (and the classic zod it validates with) loads only when it is opened.
const ExerciseBuilder = lazy(() => import('../../exercises/ExerciseBuilder.tsx'));
import ResultBoundary from './ResultBoundary.tsx';
import { PresetPicker } from './PresetPicker.tsx';
import { LabSummary, type LabSummaryDef } from './Summary.tsx';

/**
 * The summary re-renders only when its own props change (a new result, its definition, staleness):
 * a keystroke that re-renders the shell does not redraw it. Islands memoize `summary` on the result.
 */
const MemoSummary = memo(LabSummary);

export interface LabInputDef {
  /** An input of the lab's meta (its file types come from there). */
  name: string;
  label: string;
  /** Optional inputs go to the secondary area (tabs below the main editors). */
  secondary?: boolean;
  /** A ready example for this input (e.g. a chapter preset); a button loads it. */
  example?: string;
  /** One line under the input's heading saying what it is for. */
  description?: string;
  /** Controls shown between the heading and the editor (e.g. toggles that edit the text). */
  extra?: ReactNode;
}

/** Labels of the secondary area, in the page's language (the lab passes them). */
export interface SecondaryLabels {
  heading: string;
  help?: string;
  load_example: (input: string) => string;
  clear: (input: string) => string;
  empty: string;
  in_use: string;
  has_issues: string;
}

interface Props {
  meta: LabMeta;
  lang: Lang;
  inputs: LabInputDef[];
  state: LabStateApi;
  run: LabRunState<unknown>;
  /** Set when the lab is embedded (an exercise): its results are reported to the embedder. */
  embed?: LabEmbed;
  /** Needed when some input is `secondary`. */
  secondaryLabels?: SecondaryLabels;
  /** Offer the lab's data sets of the page's language (when it has more than one), outside exercises. */
  presets?: boolean;
  /**
   * The result summary kept in view while the learner edits (verdict, headline numbers, one chart):
   * beside the inputs on a wide screen, a compact sticky bar on a phone. null until a result.
   */
  summary?: LabSummaryDef | null;
  /** Controls the learner moves often (a slider, a select), placed above the editors, beside the summary. */
  controls?: ReactNode;
  /**
   * The lab's case table (shared/CaseTable.tsx): one-click flips that edit the texts in place. It
   * sits below the main editors, in the column beside the summary, so a flip and its effect share
   * the screen.
   */
  cases?: ReactNode;
  /** The import of other tools' results (ImportPanel), shown above the editors outside exercises. */
  importer?: ReactNode;
  /** Dense tables (shared/dense.css, imported by the island): the evaluator audit and the agent traces. */
  dense?: boolean;
  children?: ReactNode;
}

/** The verdict of a lab result (every lab's scorecard has decision.verdict), or null. */
function verdictOf(result: unknown): string | null {
  const d = (result as { decision?: { verdict?: unknown } } | null)?.decision;
  return typeof d?.verdict === 'string' ? d.verdict : null;
}

export function LabShell({ meta, lang, inputs: defs, state, run, embed, secondaryLabels, presets = false, summary = null, controls, cases, importer, dense = false, children }: Props) {
  const t = ui(lang).lab;
  const labId = meta.id;
  const filePrefix = meta.id;
  const inputs = defs.map((d) => ({ ...d, accept: meta.inputs.find((i) => i.name === d.name)?.accept ?? '' }));
  const [message, setMessage] = useState<string | null>(null);
  const [shareText, setShareText] = useState<string | null>(null);
  const [shareBlocked, setShareBlocked] = useState(false);
  const labels = Object.fromEntries(inputs.map((i) => [i.name, i.label]));
  const [building, setBuilding] = useState(false);
  const onResult = embed?.onResult;
  // The texts and view are read when a result arrives (the result was computed from them); they are not a trigger themselves.
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    if (onResult && !run.busy) onResult(run.result, run.stale || run.issues.length > 0, { texts: stateRef.current.texts, view: stateRef.current.view });
  }, [onResult, run.result, run.stale, run.issues, run.busy]);
  // The chapter around the lab redraws its live figures and formulas with the learner's numbers
  // (src/components/content/live.ts). Only fresh results: a stale one is the learner's old state.
  useEffect(() => {
    if (run.result && !run.stale && !run.busy) window.dispatchEvent(new CustomEvent('evals-lab:result', { detail: { lab: labId, result: run.result } }));
  }, [labId, run.result, run.stale, run.busy]);

  // Progress (src/lib/progress/store.ts, loaded when first needed, outside the page's JS budget):
  // the lab counts as used once it has produced a result.
  const ranOnce = useRef(false);
  useEffect(() => {
    if (run.result && !ranOnce.current) {
      ranOnce.current = true;
      void import('../../../lib/progress/store.ts').then((m) => m.markLabRun(labId));
    }
  }, [labId, run.result]);
  // The live region says the verdict when it changes (not on the first result: the page shows it).
  const verdict = run.result && !run.stale && !run.busy ? verdictOf(run.result) : null;
  const lastVerdict = useRef<string | null>(null);
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    if (!verdict) return;
    if (lastVerdict.current !== null && lastVerdict.current !== verdict) {
      setAnnounce(ui(lang).course.live.verdict(verdict === 'pass' ? t.verdict_pass : verdict === 'fail' ? t.verdict_fail : verdict));
    }
    lastVerdict.current = verdict;
  }, [verdict, lang, t]);

  const readFile = (name: string, file: File) => {
    file.text().then(
      (text) => state.importFile(name, file.name, text),
      () => setMessage(t.file_read_error(file.name)),
    );
  };

  const share = async () => {
    if (state.tooLarge) {
      // the link would carry megabytes in the URL: say so instead of producing one
      setShareText(null);
      setShareBlocked(true);
      return;
    }
    setShareBlocked(false);
    const url = state.shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      setShareText(null);
      setMessage(t.share_done);
    } catch {
      setShareText(url);
      setMessage(null);
    }
  };

  const onReset = () => {
    if (window.confirm(t.reset_confirm)) state.reset();
  };

  return (
    <NumberLang.Provider value={lang}>
    <div className={`lab lab-${labId}${dense ? ' lab-dense' : ''}`} data-testid={`lab-${labId}`} data-ready={run.result || run.issues.length ? 'true' : 'false'}>
      {state.notice && <p className="notice" role="status" data-testid="state-notice">{t[state.notice]}</p>}
      <PendingBanner state={state} lang={lang} labels={Object.fromEntries(inputs.map((i) => [i.name, i.label]))} />
      {presets && !embed && <PresetPicker meta={meta} lang={lang} state={state} />}
      {importer && !embed && importer}
      <div className={summary ? 'lab-body has-summary' : 'lab-body'}>
        {summary && run.result !== null && (
          <ResultBoundary message={t.render_error} resetKey={run.result}>
            <MemoSummary def={summary} lang={lang} labId={labId} resultKey={run.result} verdict={verdictOf(run.result)} stale={run.stale} problem={run.issues[0] ? formatIssue({ ...run.issues[0], input: labels[run.issues[0].input] ?? run.issues[0].input }, lang) : null} />
          </ResultBoundary>
        )}
        <div className="lab-main">
        {controls && <div className="lab-controls"><ResultBoundary message={t.render_error} resetKey={run.result}>{controls}</ResultBoundary></div>}
        <div className="lab-inputs">
          {inputs.filter((inp) => !inp.secondary).map((inp) => (
            <InputEditor key={inp.name} labId={labId} lang={lang} inp={inp} state={state} run={run} readFile={readFile} />
          ))}
        </div>
        {cases && <div className="lab-cases"><ResultBoundary message={t.render_error} resetKey={run.result}>{cases}</ResultBoundary></div>}
        {secondaryLabels && inputs.some((inp) => inp.secondary) && (
          <SecondaryInputs labId={labId} lang={lang} inputs={inputs.filter((inp) => inp.secondary)} state={state} run={run} readFile={readFile} labels={secondaryLabels} />
        )}
        <p className="help">
          {t.drop_hint}{' '}
          {state.tooLarge ? <strong className="large-text-unsaved" data-testid="not-saved">{t.large_not_saved}</strong> : t.saved}
        </p>
        {run.issues.length > 0 && (
          <div className="issues" role="alert" data-testid="issues" id={`${labId}-issues`}>
            <h3>{t.issues_heading(run.totalIssues)}</h3>
            {run.totalIssues > run.issues.length && <p>{t.issues_first(run.issues.length)}</p>}
            <ul>
              {run.issues.map((iss, k) => (
                <li key={k}>{formatIssue({ ...iss, input: labels[iss.input] ?? iss.input }, lang)}</li>
              ))}
            </ul>
          </div>
        )}
        {!run.result && run.issues.length === 0 && <p>{t.loading}</p>}
        <div className="lab-toolbar" role="group" aria-label={t.inputs}>
          <button type="button" onClick={onReset} data-testid="reset">{embed ? t.reset_exercise : t.reset}</button>
          <button type="button" onClick={share} data-testid="share">{t.share}</button>
          <button type="button" disabled={!run.result || run.stale} title={run.stale ? t.download_stale : undefined} onClick={() => downloadText(`${filePrefix}-scorecard.json`, `${JSON.stringify(run.result, null, 2)}\n`, 'application/json')} data-testid="download-scorecard">{t.download_file(`${filePrefix}-scorecard.json`)}</button>
          <button type="button" disabled={!run.result || run.stale} title={run.stale ? t.download_stale : undefined} onClick={() => run.getReport().then((md) => downloadText(`${filePrefix}-decision.md`, md, 'text/markdown'), () => setMessage(t.report_failed))} data-testid="download-decision">{t.download_file(`${filePrefix}-decision.md`)}</button>
          {!embed && (
            <button type="button" onClick={() => setBuilding((b) => !b)} aria-expanded={building} data-testid="create-exercise">{t.create_exercise}</button>
          )}
          <span className="lab-status" role="status" aria-live="polite">{run.busy ? t.computing : run.cancelled ? t.cancelled : message ?? ''}</span>
        </div>
        <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="verdict-live">{announce}</p>
        {run.busy && (run.progress || run.slow) && (
          <div className="lab-progress" data-testid="progress">
            {run.progress ? (
              <label>
                {t.stages[run.progress.stage] ?? run.progress.stage}{' '}
                <progress max={1} value={run.progress.fraction} aria-label={t.progress_label} />{' '}
                {Math.round(run.progress.fraction * 100)} %
              </label>
            ) : (
              <span>{t.computing}</span>
            )}
            <button type="button" onClick={run.cancel} data-testid="cancel">{t.cancel}</button>
          </div>
        )}
        {building && !embed && run.result !== null && (
          <Suspense fallback={<p>{t.loading}</p>}>
            <ExerciseBuilder labId={labId} lang={lang} texts={state.texts} view={state.view} result={run.result} onClose={() => setBuilding(false)} />
          </Suspense>
        )}
        {shareBlocked && state.tooLarge && <p className="notice" role="status" data-testid="share-too-large">{t.share_too_large}</p>}
        {shareText && (
          <p className="share-fallback">
            <label>{t.share_fallback} <input type="text" readOnly value={shareText} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" /></label>
          </p>
        )}
        </div>
      </div>
      <div className={run.stale ? 'lab-output stale' : 'lab-output'} data-testid="lab-output" data-stale={run.stale ? 'true' : 'false'}>
        {run.stale && <p className="stale-banner" data-testid="stale-banner">{t.stale}</p>}
        <ResultBoundary message={t.render_error} resetKey={run.result}>{children}</ResultBoundary>
      </div>
    </div>
    </NumberLang.Provider>
  );
}

/**
 * Where the state on screen comes from, when it is not the learner's saved work (a share link, an
 * exercise link over saved work, an imported file), with the two choices; after a choice, an undo.
 */
function PendingBanner({ state, lang, labels }: { state: LabStateApi; lang: Lang; labels: Record<string, string> }) {
  const t = ui(lang).lab.pending;
  const p = state.pending;
  if (p) {
    const tab = ui(lang).robust;
    const what = p.kind === 'link' ? t.from_link : p.kind === 'exercise' ? t.from_exercise : p.kind === 'tab' ? tab.from_tab : p.kind === 'language' ? t.from_language : t.from_file(p.file, labels[p.input] ?? p.input);
    return (
      <div className="notice pending" role="region" aria-label={t.region} data-testid="pending" data-source={p.kind}>
        <p>{what} {state.hasSavedWork ? t.saved_untouched : t.nothing_saved}</p>
        <div className="pending-actions">
          <button type="button" onClick={state.keepPending} data-testid="pending-keep">{p.kind === 'file' ? t.keep_file : p.kind === 'exercise' ? t.keep_exercise : p.kind === 'tab' ? tab.keep_tab : p.kind === 'language' ? t.keep_language : t.keep_link}</button>
          <button type="button" onClick={state.discardPending} data-testid="pending-discard">{state.hasSavedWork ? t.back_to_work : t.back_to_start}</button>
        </div>
      </div>
    );
  }
  if (state.lastChoice) {
    return (
      <p className="notice" role="status" data-testid="pending-done">
        {state.lastChoice === 'kept' ? t.kept : t.discarded}{' '}
        <button type="button" className="linklike" onClick={state.undo} data-testid="pending-undo">{t.undo}</button>
      </p>
    );
  }
  return null;
}

type InputWithAccept = LabInputDef & { accept: string };

interface EditorProps { labId: string; lang: Lang; inp: InputWithAccept; state: LabStateApi; run: LabRunState<unknown>; readFile: (name: string, file: File) => void }

function InputEditor({ labId, lang, inp, state, run, readFile, actions }: EditorProps & { actions?: ReactNode }) {
  const t = ui(lang).lab;
  return (
    <div className="lab-input">
      <div className="lab-input-head">
        <h3 id={`${labId}-${inp.name}-h`}>{inp.label}</h3>
        <div className="lab-input-actions">
          {actions}
          <label className="file-button">
            {t.import_file(inp.label)}
            <input
              type="file"
              accept={inp.accept}
              onChange={(e) => {
                const f = e.currentTarget.files?.[0];
                if (f) readFile(inp.name, f);
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
      </div>
      {inp.description && <p className="help">{inp.description}</p>}
      {inp.extra}
      {isLargeText(state.texts[inp.name]) ? (
        <LargeTextPreview
          text={state.texts[inp.name]}
          label={inp.label}
          accept={inp.accept}
          lang={lang}
          onFile={(f) => readFile(inp.name, f)}
          onClear={() => state.setText(inp.name, '')}
          testId={`large-${inp.name}`}
        />
      ) : (
        <CodeEditor
          value={state.texts[inp.name] ?? ''}
          onChange={(text) => state.setText(inp.name, text)}
          label={t.editor_label(inp.label)}
          issues={run.issues.filter((i) => i.input === inp.name)}
          onDropFile={(f) => readFile(inp.name, f)}
          testId={`editor-${inp.name}`}
        />
      )}
    </div>
  );
}

/**
 * Optional inputs as tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs).
 * Only the selected tab's editor is mounted; the texts live in the lab state, so nothing is lost.
 * Each tab says whether its input is in use, and flags it when it has validation issues.
 */
function SecondaryInputs({ labId, lang, inputs, state, run, readFile, labels }: Omit<EditorProps, 'inp'> & { inputs: InputWithAccept[]; labels: SecondaryLabels }) {
  const [active, setActive] = useState(inputs[0].name);
  const current = inputs.find((i) => i.name === active) ?? inputs[0];
  const tabId = (n: string) => `${labId}-tab-${n}`;
  const panelId = `${labId}-secondary-panel`;
  const onKey = (e: KeyboardEvent, k: number) => {
    let next = -1;
    if (e.key === 'ArrowRight') next = (k + 1) % inputs.length;
    else if (e.key === 'ArrowLeft') next = (k - 1 + inputs.length) % inputs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = inputs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    setActive(inputs[next].name);
    document.getElementById(tabId(inputs[next].name))?.focus();
  };
  return (
    <section className="lab-secondary" aria-labelledby={`${labId}-secondary-h`} data-testid="secondary-inputs">
      <h3 id={`${labId}-secondary-h`}>{labels.heading}</h3>
      {labels.help && <p className="help">{labels.help}</p>}
      <div className="tabs" role="tablist" aria-labelledby={`${labId}-secondary-h`}>
        {inputs.map((inp, k) => {
          const used = (state.texts[inp.name] ?? '').trim() !== '';
          const bad = run.issues.some((i) => i.input === inp.name);
          const selected = inp.name === current.name;
          return (
            <button
              key={inp.name}
              type="button"
              role="tab"
              id={tabId(inp.name)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={`tab${selected ? ' selected' : ''}${bad ? ' has-issues' : ''}`}
              onClick={() => setActive(inp.name)}
              onKeyDown={(e) => onKey(e, k)}
              data-testid={`tab-${inp.name}`}
              data-used={used ? 'true' : 'false'}
            >
              {inp.label}
              <span className="tab-state">{bad ? ` · ${labels.has_issues}` : used ? ` · ${labels.in_use}` : ` · ${labels.empty}`}</span>
            </button>
          );
        })}
      </div>
      <div className="tab-panel" role="tabpanel" id={panelId} aria-labelledby={tabId(current.name)}>
        <InputEditor
          key={current.name}
          labId={labId}
          lang={lang}
          inp={current}
          state={state}
          run={run}
          readFile={readFile}
          actions={
            <>
              {current.example !== undefined && (
                <button type="button" onClick={() => state.setText(current.name, current.example!)} data-testid={`example-${current.name}`}>
                  {labels.load_example(current.label)}
                </button>
              )}
              <button type="button" disabled={(state.texts[current.name] ?? '') === ''} onClick={() => state.setText(current.name, '')} data-testid={`clear-${current.name}`}>
                {labels.clear(current.label)}
              </button>
            </>
          }
        />
      </div>
    </section>
  );
}
