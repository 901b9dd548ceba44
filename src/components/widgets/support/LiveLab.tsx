/**
 * The live half of the chapter 01 and 02 widgets. A widget first draws `initial`, the scorecard the
 * build computed on its starting state (so the page shows the engine's real figure before any
 * script runs). The first time the reader moves a control, the widget mounts <LiveLab>, which runs
 * the lab in the page's one widget worker (useLabRunner, shared mode: debounced, latest wins) on
 * the texts and view the widget passes, and reports each state back. Until then no worker starts.
 *
 * The runner is a separate, invisible component so that the figure and its controls are never
 * remounted when the widget goes live: keyboard focus stays where the reader left it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { LabId, ResultOf, ViewOf } from '../../../../labs/manifest.ts';
import { useLabRunner } from '../../labs/shared/useLabRunner.ts';

interface LiveState<R> {
  result: R | null;
  busy: boolean;
  failed: boolean;
}

function Runner<Id extends LabId>({ lab, texts, lang, view, onState }: { lab: Id; texts: Record<string, string>; lang: 'es' | 'en'; view?: ViewOf<Id>; onState: (s: LiveState<ResultOf<Id>>) => void }) {
  const run = useLabRunner(lab, texts, lang, view, undefined, 60, true);
  useEffect(() => {
    onState({ result: run.result && !run.stale ? run.result : null, busy: run.busy, failed: !run.busy && run.issues.length > 0 });
  }, [run.result, run.stale, run.busy, run.issues, onState]);
  return null;
}

export interface WidgetRun<R> {
  /** The scorecard to draw: the latest live one, else the build's. */
  result: R;
  /** True while the worker recomputes (for a polite status line). */
  busy: boolean;
  /** The last request was rejected by the engine (the figure keeps the last good result). */
  failed: boolean;
  /** Render this element somewhere in the widget once it is live (it holds the worker). */
  runner: ReactNode;
}

/**
 * @param lab the widget's lab
 * @param lang the page's language
 * @param initial the build-time scorecard of the widget's starting state
 * @param texts the lab's input texts for the reader's current choice, or null while the reader has
 *   not touched anything (then nothing runs and `initial` is drawn)
 * @param view the lab's view for the reader's current choice
 */
export function useWidgetRun<Id extends LabId>(lab: Id, lang: 'es' | 'en', initial: ResultOf<Id>, texts: Record<string, string> | null, view?: ViewOf<Id>): WidgetRun<ResultOf<Id>> {
  const [state, setState] = useState<LiveState<ResultOf<Id>>>({ result: null, busy: false, failed: false });
  const [latest, setLatest] = useState<ResultOf<Id> | null>(null);
  const onState = useCallback((s: LiveState<ResultOf<Id>>) => {
    setState(s);
    if (s.result) setLatest(s.result);
  }, []);
  const runner = texts ? <Runner lab={lab} texts={texts} lang={lang} view={view} onState={onState} /> : null;
  return { result: latest ?? initial, busy: texts !== null && state.busy, failed: state.failed, runner };
}
