/**
 * How a chapter widget reaches its lab's engine in the browser: useLabRunner (the labs' own hook)
 * in its `shared` mode, so one Web Worker serves every widget of the page (labs/worker.ts, the same
 * engine the full lab and the CLI run), started by the first widget that asks for a result and
 * kept for the page's lifetime. Widgets never compute a metric: they build the lab's input texts
 * (a preset with one field changed) and render what the engine returns.
 *
 * - `usePresetTexts(lab, lang)`: the texts of the lab's default preset, loaded on demand (null until
 *   they arrive; the widget shows its build-time figure meanwhile).
 * - `useEngine(lab, lang, texts, view)`: the scorecard for those texts, sent at once when the
 *   worker is idle and debounced (120 ms) during a burst, latest-wins (an older answer that
 *   arrives late is dropped); null until the first answer, and the last good one stays while a
 *   new one is computed. Invalid input keeps the last result and
 *   sets `error` to the first problem's message.
 */
import { useEffect, useState } from 'react';
import type { LabId, ViewOf } from '../../../labs/manifest.ts';
import type { Lang } from '../../../labs/core/contract/types.ts';
import { loadPresetTexts } from '../../lib/presets.ts';
import { useLabRunner } from '../labs/shared/useLabRunner.ts';

/** The default preset's texts of `lab` in `lang`, or null until loaded (or when loading failed). */
export function usePresetTexts(lab: string, lang: Lang): Record<string, string> | null {
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    loadPresetTexts(lab, lang).then(
      (t) => live && setTexts(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lab, lang]);
  return texts;
}

export interface EngineState<R> {
  /** The latest scorecard (null before the first answer). */
  result: R | null;
  /** True from a request until its answer. */
  busy: boolean;
  /** The first input problem of the latest request, when the engine rejected it. */
  error: string | null;
}

/**
 * The scorecard of `lab` for `texts` (null: nothing to run yet) and `view`, computed in the page's
 * widget worker. Requests are keyed by content, so re-rendering with equal texts does not recompute.
 */
export function useEngine<R>(lab: string, lang: Lang, texts: Record<string, string> | null, view?: unknown, debounceMs = 120): EngineState<R> {
  const run = useLabRunner(lab as LabId, texts, lang, view as ViewOf<LabId> | undefined, undefined, debounceMs, true);
  return { result: run.result as R | null, busy: run.busy, error: run.issues[0]?.message ?? null };
}
