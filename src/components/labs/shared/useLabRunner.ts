/**
 * Runs a lab in the site's Web Worker. The island passes the learner's raw texts and its view; the
 * worker validates and computes. Requests are debounced; the latest request wins (an older answer
 * that arrives late is dropped). When the input is invalid, the last valid result is kept and
 * marked stale, next to the issues.
 */
import { useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { WorkerApi } from '../../../../labs/worker.ts';
import type { RunResponse } from '../../../../labs/runner.ts';
import type { InputIssue, Lang } from '../../../../labs/core/types.ts';

export interface LabRunState<R> {
  /** Last valid result (possibly stale). */
  result: R | null;
  report: string;
  /** Problems of the current input; empty when it is valid. */
  issues: InputIssue[];
  /** True when `result` was computed from an earlier input than the one on screen. */
  stale: boolean;
  busy: boolean;
}

export function useLabRunner<R>(labId: string, texts: Record<string, string>, lang: Lang, view: unknown, debounceMs = 150): LabRunState<R> {
  const apiRef = useRef<Comlink.Remote<WorkerApi> | null>(null);
  const seq = useRef(0);
  const [state, setState] = useState<LabRunState<R>>({ result: null, report: '', issues: [], stale: false, busy: true });

  useEffect(() => {
    const worker = new Worker(new URL('../../../../labs/worker.ts', import.meta.url), { type: 'module' });
    const api = Comlink.wrap<WorkerApi>(worker);
    apiRef.current = api;
    return () => {
      apiRef.current = null;
      api[Comlink.releaseProxy]();
      worker.terminate();
    };
  }, []);

  const viewKey = JSON.stringify(view ?? null);
  useEffect(() => {
    const id = ++seq.current;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(async () => {
      const api = apiRef.current;
      if (!api) return;
      let res: RunResponse;
      try {
        res = await api.run(labId, texts, lang, view);
      } catch (err) {
        res = { ok: false, issues: [{ input: 'engine', message: err instanceof Error ? err.message : String(err) }] };
      }
      if (id !== seq.current) return; // a newer request was made: drop this answer
      setState((s) =>
        res.ok
          ? { result: res.result as R, report: res.report, issues: [], stale: false, busy: false }
          : { ...s, issues: res.issues, stale: s.result !== null, busy: false },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
    // texts is compared by content through its values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labId, lang, viewKey, ...Object.keys(texts).sort().map((k) => texts[k])]);

  return state;
}
