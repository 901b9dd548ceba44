/**
 * A chapter widget's link to the lab engine. The widget first draws `initial` (the scorecard the
 * build computed on its starting state, so the server-rendered figure is the real one); the first
 * time the reader moves a control, this loads the lab's preset texts and starts the page's widget
 * worker (useLabRunner, shared mode), and from then on the widget shows each new scorecard the
 * worker returns for the reader's view. Until then no worker runs and nothing is fetched. The page computes nothing.
 *
 * Returns the scorecard to draw (the latest valid one, or `initial`), the current view, a setter,
 * whether a recomputation is running (for a polite status line), whether the last one failed, and
 * `runner`: an element the widget must render (it holds the worker while the widget is live).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { LabId, ResultOf, ViewOf } from '../../../../labs/manifest.ts';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { useLabRunner, type LabRunState } from '../../labs/shared/useLabRunner.ts';
import { loadPresetTexts } from '../../../lib/presets.ts';

interface RunnerProps<Id extends LabId> {
  labId: Id;
  texts: Record<string, string>;
  lang: Lang;
  view: ViewOf<Id>;
  onState: (s: LabRunState<ResultOf<Id>>) => void;
}

function Runner<Id extends LabId>({ labId, texts, lang, view, onState }: RunnerProps<Id>) {
  const run = useLabRunner(labId, texts, lang, view, undefined, 60, true);
  const cb = useRef(onState);
  cb.current = onState;
  useEffect(() => cb.current(run), [run.result, run.busy, run.issues]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

export interface WidgetLab<Id extends LabId> {
  result: ResultOf<Id>;
  view: ViewOf<Id>;
  setView: (v: ViewOf<Id>) => void;
  busy: boolean;
  failed: boolean;
  runner: ReactNode;
}

/**
 * @param labId the widget's lab
 * @param lang the page's language (the preset texts and the engine's messages follow it)
 * @param initial the build-time scorecard of the widget's start state
 * @param startView the view `initial` was computed with
 * @param presetId the lab preset the start state names (default: the lab's first)
 */
export function useWidgetLab<Id extends LabId>(labId: Id, lang: Lang, initial: ResultOf<Id>, startView: ViewOf<Id>, presetId?: string): WidgetLab<Id> {
  const [view, setViewState] = useState<ViewOf<Id>>(startView);
  const [live, setLive] = useState(false);
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  const [latest, setLatest] = useState<ResultOf<Id> | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!live || texts) return;
    let on = true;
    setBusy(true);
    loadPresetTexts(labId, lang, presetId).then(
      (t) => on && setTexts(t),
      () => on && (setFailed(true), setBusy(false)),
    );
    return () => {
      on = false;
    };
  }, [live, texts, labId, lang, presetId]);
  const setView = useCallback((v: ViewOf<Id>) => {
    setLive(true);
    setViewState(v);
  }, []);
  const onState = useCallback((s: LabRunState<ResultOf<Id>>) => {
    setBusy(s.busy);
    if (s.result && !s.stale) setLatest(s.result);
    setFailed(!s.busy && s.issues.length > 0);
  }, []);
  const runner = live && texts ? <Runner labId={labId} texts={texts} lang={lang} view={view} onState={onState} /> : null;
  return { result: latest ?? initial, view, setView, busy, failed, runner };
}
