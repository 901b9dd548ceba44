/**
 * How a chapter widget reaches its lab's engine in the browser: one Web Worker shared by every
 * widget of the page (labs/worker.ts, the same engine the full lab and the CLI run), started by the
 * first widget that asks for a result and kept for the page's lifetime. Widgets never compute a
 * metric: they build the lab's input texts (a preset with one field changed) and render what the
 * engine returns.
 *
 * - `usePresetTexts(lab, lang)`: the texts of the lab's default preset, loaded on demand (null until
 *   they arrive; the widget shows its build-time figure meanwhile).
 * - `useEngine(lab, lang, texts, view)`: the scorecard for those texts, debounced (120 ms) and
 *   latest-wins (an older answer that arrives late is dropped); null until the first answer, and
 *   the last good one stays while a new one is computed. Invalid input keeps the last result and
 *   sets `error` to the first problem's message.
 */
import { useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { WorkerApi } from '../../../labs/worker.ts';
import type { RunResponse } from '../../../labs/runner.ts';
import type { Lang } from '../../../labs/core/contract/types.ts';
import { loadPresetTexts } from '../../lib/presets.ts';

let shared: Comlink.Remote<WorkerApi> | null = null;

/** The page's widget worker, started on first use. */
function api(): Comlink.Remote<WorkerApi> {
  if (!shared) {
    const worker = new Worker(new URL('../../../labs/worker.ts', import.meta.url), { type: 'module' });
    shared = Comlink.wrap<WorkerApi>(worker);
  }
  return shared;
}

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
 * The scorecard of `lab` for `texts` (null: nothing to run yet) and `view`, computed in the shared
 * worker. Requests are keyed by content, so re-rendering with equal texts does not recompute.
 */
export function useEngine<R>(lab: string, lang: Lang, texts: Record<string, string> | null, view?: unknown, debounceMs = 120): EngineState<R> {
  const [state, setState] = useState<EngineState<R>>({ result: null, busy: false, error: null });
  const seq = useRef(0);
  const key = texts ? JSON.stringify([Object.keys(texts).sort().map((k) => [k, texts[k]]), view ?? null]) : null;
  useEffect(() => {
    if (!texts) return;
    const id = ++seq.current;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      api()
        .run(lab, texts, lang, view)
        .then(
          (res: RunResponse) => {
            if (id !== seq.current) return;
            setState((s) => (res.ok ? { result: res.result as R, busy: false, error: null } : { ...s, busy: false, error: res.issues[0]?.message ?? 'invalid input' }));
          },
          (err: unknown) => {
            if (id !== seq.current) return;
            setState((s) => ({ ...s, busy: false, error: err instanceof Error ? err.message : String(err) }));
          },
        );
    }, debounceMs);
    return () => clearTimeout(timer);
    // the request is keyed by the content of texts and view (key)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lab, lang, key]);
  return state;
}
