/**
 * What every lab island shares: the input editors (with file import by button or drop), the list of
 * validation problems, the stale marker over the last valid result, and the toolbar (reset to the
 * preset, share link, downloads of scorecard.json and decision.md). The lab-specific views are its
 * children.
 */
import { useState, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/types.ts';
import { formatIssue } from '../../../../labs/core/issues.ts';
import { ui } from '../../../i18n/index.ts';
import CodeEditor from './CodeEditor.tsx';
import { downloadText } from './labState.ts';
import type { LabStateApi } from './useLabState.ts';
import type { LabRunState } from './useLabRunner.ts';

export interface LabInputDef { name: string; label: string; accept: string }

interface Props {
  labId: string;
  lang: Lang;
  inputs: LabInputDef[];
  state: LabStateApi;
  run: LabRunState<unknown>;
  filePrefix: string;
  children?: ReactNode;
}

export function LabShell({ labId, lang, inputs, state, run, filePrefix, children }: Props) {
  const t = ui(lang).lab;
  const [message, setMessage] = useState<string | null>(null);
  const [shareText, setShareText] = useState<string | null>(null);
  const labels = Object.fromEntries(inputs.map((i) => [i.name, i.label]));

  const readFile = (name: string, file: File) => {
    file.text().then(
      (text) => state.setText(name, text),
      () => setMessage(t.file_read_error(file.name)),
    );
  };

  const share = async () => {
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
    <div className={`lab lab-${labId}`} data-testid={`lab-${labId}`} data-ready={run.result || run.issues.length ? 'true' : 'false'}>
      {state.notice && <p className="notice" role="status" data-testid="state-notice">{t[state.notice]}</p>}
      <div className="lab-toolbar" role="group" aria-label={t.inputs}>
        <button type="button" onClick={onReset} data-testid="reset">{t.reset}</button>
        <button type="button" onClick={share} data-testid="share">{t.share}</button>
        <button type="button" disabled={!run.result} onClick={() => downloadText(`${filePrefix}-scorecard.json`, `${JSON.stringify(run.result, null, 2)}\n`, 'application/json')} data-testid="download-scorecard">{t.download_scorecard}</button>
        <button type="button" disabled={!run.result} onClick={() => downloadText(`${filePrefix}-decision.md`, run.report, 'text/markdown')} data-testid="download-decision">{t.download_decision}</button>
        <span className="lab-status" role="status" aria-live="polite">{run.busy ? t.computing : run.cancelled ? t.cancelled : message ?? ''}</span>
      </div>
      {run.busy && run.progress && (
        <div className="lab-progress" data-testid="progress">
          <label>
            {t.stages[run.progress.stage] ?? run.progress.stage}{' '}
            <progress max={1} value={run.progress.fraction} aria-label={t.progress_label} />{' '}
            {Math.round(run.progress.fraction * 100)} %
          </label>
          <button type="button" onClick={run.cancel} data-testid="cancel">{t.cancel}</button>
        </div>
      )}
      {shareText && (
        <p className="share-fallback">
          <label>{t.share_fallback} <input type="text" readOnly value={shareText} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" /></label>
        </p>
      )}
      <div className="lab-inputs">
        {inputs.map((inp) => (
          <div className="lab-input" key={inp.name}>
            <div className="lab-input-head">
              <h3 id={`${labId}-${inp.name}-h`}>{inp.label}</h3>
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
            <CodeEditor
              value={state.texts[inp.name] ?? ''}
              onChange={(text) => state.setText(inp.name, text)}
              label={t.editor_label(inp.label)}
              issues={run.issues.filter((i) => i.input === inp.name)}
              onDropFile={(f) => readFile(inp.name, f)}
              testId={`editor-${inp.name}`}
            />
          </div>
        ))}
      </div>
      <p className="help">{t.drop_hint} {t.saved}</p>
      {run.issues.length > 0 && (
        <div className="issues" role="alert" data-testid="issues">
          <h3>{t.issues_heading(run.issues.length)}</h3>
          <ul>
            {run.issues.map((iss, k) => (
              <li key={k}>{formatIssue({ ...iss, input: labels[iss.input] ?? iss.input }, lang)}</li>
            ))}
          </ul>
        </div>
      )}
      {!run.result && run.issues.length === 0 && <p>{t.loading}</p>}
      <div className={run.stale ? 'lab-output stale' : 'lab-output'} data-testid="lab-output" data-stale={run.stale ? 'true' : 'false'}>
        {run.stale && <p className="stale-banner" data-testid="stale-banner">{t.stale}</p>}
        {children}
      </div>
    </div>
  );
}
