/**
 * Runs a lab in the site's Web Worker. The island passes the learner's raw texts and its view; the
 * worker validates and computes. Requests go out at once when nothing is running and nothing was
 * sent in the last `debounceMs` (a single edit or a slider step is answered without waiting);
 * during a burst (typing, dragging) they are debounced, so only the last change of the burst is
 * sent; the latest request wins (an older answer that arrives late is dropped). When the input is invalid, the last valid result is kept and
 * marked stale, next to the issues. Long runs report progress; `cancel()` stops one by
 * terminating the worker (a new one starts for the next request).
 *
 * Worker faults: a worker that fails outside the engine (an uncaught error, a message that cannot
 * be read, running out of memory) fires `error`/`messageerror`; the request in flight then fails
 * with the localized 'worker_crashed' issue (input 'engine'), the learner's texts are untouched,
 * and a fresh worker is started for the next request. A worker that dies silently leaves the
 * request busy: after a second the page offers to cancel it, which also starts a fresh worker.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { WorkerApi } from '../../../../labs/worker.ts';
import type { RunResponse } from '../../../../labs/runner.ts';
import type { LabId, ResultOf, ViewOf } from '../../../../labs/manifest.ts';
import type { InputIssue, Lang } from '../../../../labs/core/contract/types.ts';
import { coreMsg } from '../../../../labs/core/contract/i18n/index.ts';

export interface LabProgress { stage: string; fraction: number }

export interface LabRunState<R> {
  /** Last valid result (possibly stale). */
  result: R | null;
  report: string;
  /** Problems of the current input (the first few dozen); empty when it is valid. */
  issues: InputIssue[];
  /** How many problems there are in all (>= issues.length). */
  totalIssues: number;
  /** True while a request has run for more than a second (the page then offers to cancel it). */
  slow: boolean;
  /** True when `result` was computed from an earlier input than the one on screen. */
  stale: boolean;
  busy: boolean;
  /** Progress of the running request, when the lab reports it. */
  progress: LabProgress | null;
  /** True after the learner cancelled the last request. */
  cancelled: boolean;
  cancel: () => void;
}

interface Conn {
  worker: Worker;
  api: Comlink.Remote<WorkerApi>;
  /** Rejects (WorkerCrash) when the worker fails outside a call: every call races it. */
  crashed: Promise<never>;
}

/** The worker failed outside the engine (see the module comment). */
export class WorkerCrash extends Error {}

function connect(): Conn {
  const worker = new Worker(new URL('../../../../labs/worker.ts', import.meta.url), { type: 'module' });
  let fail: (e: Error) => void = () => {};
  const crashed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  crashed.catch(() => {}); // handled by whoever races it
  const onFault = (e: Event) => {
    e.preventDefault?.();
    fail(new WorkerCrash(e instanceof ErrorEvent ? e.message : e.type));
  };
  worker.addEventListener('error', onFault);
  worker.addEventListener('messageerror', onFault);
  return { worker, api: Comlink.wrap<WorkerApi>(worker), crashed };
}

/**
 * The one typed boundary with the worker: it answers for the lab it was asked about, so the result
 * is that lab's scorecard (ResultOf<Id>, from labs/manifest.ts). Callers never choose the type.
 */
function callLab<Id extends LabId>(c: Conn, labId: Id, texts: Record<string, string>, lang: Lang, view: ViewOf<Id> | undefined, onProgress?: (stage: string, fraction: number) => void): Promise<RunResponse<ResultOf<Id>>> {
  return Promise.race([c.api.run(labId, texts, lang, view, onProgress) as Promise<RunResponse<ResultOf<Id>>>, c.crashed]);
}

function disconnect(c: Conn | null) {
  if (!c) return;
  c.api[Comlink.releaseProxy]();
  c.worker.terminate();
}

type Core<R> = Omit<LabRunState<R>, 'cancel'>;

/** Where the last valid input is remembered (LabStateApi provides both). */
export interface ValidMemory {
  lastValid: Record<string, string> | null;
  setLastValid: (texts: Record<string, string>) => void;
}

/**
 * @param memory when given, every input that produces a result is remembered; if the page opens
 *   with an invalid input (a reload after a mistake), the remembered input is run once so its
 *   result is on screen, marked stale, next to the issues.
 */
export function useLabRunner<Id extends LabId>(labId: Id, texts: Record<string, string>, lang: Lang, view: ViewOf<Id> | undefined, memory?: ValidMemory, debounceMs = 150): LabRunState<ResultOf<Id>> {
  type R = ResultOf<Id>;
  const conn = useRef<Conn | null>(null);
  const seq = useRef(0);
  const hasResult = useRef(false);
  const inFlight = useRef(0);
  const lastSentAt = useRef(-Infinity);
  const memoryRef = useRef(memory);
  memoryRef.current = memory;
  const [state, setState] = useState<Core<R>>({ result: null, report: '', issues: [], totalIssues: 0, slow: false, stale: false, busy: true, progress: null, cancelled: false });

  useEffect(() => {
    conn.current = connect();
    return () => {
      disconnect(conn.current);
      conn.current = null;
    };
  }, []);

  const cancel = useCallback(() => {
    seq.current++; // whatever was running is dropped
    inFlight.current = 0;
    disconnect(conn.current);
    conn.current = connect();
    setState((s) => ({ ...s, busy: false, slow: false, progress: null, cancelled: true, stale: s.result !== null }));
  }, []);

  const viewKey = JSON.stringify(view ?? null);
  const textKey = Object.keys(texts).sort().map((k) => texts[k]);
  useEffect(() => {
    const id = ++seq.current;
    setState((s) => ({ ...s, busy: true, slow: false, progress: null, cancelled: false }));
    const idle = inFlight.current === 0 && performance.now() - lastSentAt.current >= debounceMs;
    const delay = idle ? 0 : debounceMs;
    // Any request that runs for more than a second can be cancelled, whether or not it reports progress.
    const slowTimer = setTimeout(() => {
      if (id === seq.current) setState((s) => (s.busy ? { ...s, slow: true } : s));
    }, delay + 1000);
    const timer = setTimeout(async () => {
      const c = conn.current;
      if (!c) return;
      lastSentAt.current = performance.now();
      const onProgress = Comlink.proxy((stage: string, fraction: number) => {
        if (id === seq.current) setState((s) => ({ ...s, progress: { stage, fraction } }));
      });
      let res: RunResponse<R>;
      inFlight.current++;
      try {
        res = await callLab(c, labId, texts, lang, view, onProgress);
      } catch (err) {
        if (id !== seq.current) return; // cancelled: the worker was terminated
        if (err instanceof WorkerCrash) {
          // A fresh worker for the next request; the texts on screen are not touched.
          if (conn.current === c) {
            disconnect(c);
            conn.current = connect();
            inFlight.current = 0;
          }
          res = { ok: false, issues: [{ input: 'engine', message: coreMsg(lang).worker_crashed }] };
        } else res = { ok: false, issues: [{ input: 'engine', message: coreMsg(lang).engine_error(err instanceof Error ? err.message : String(err)) }] };
      } finally {
        if (conn.current === c) inFlight.current = Math.max(0, inFlight.current - 1);
      }
      if (id !== seq.current) return; // a newer request was made: drop this answer
      const mem = memoryRef.current;
      if (res.ok) {
        hasResult.current = true;
        mem?.setLastValid(texts);
      } else if (!hasResult.current && mem?.lastValid) {
        // Nothing on screen yet: show the last valid input's result, stale, with these issues.
        const fallback = await callLab(c, labId, mem.lastValid, lang, view).catch(() => null);
        if (id !== seq.current) return;
        if (fallback?.ok) {
          hasResult.current = true;
          setState({ result: fallback.result, report: fallback.report, issues: res.issues, totalIssues: res.total_issues ?? res.issues.length, slow: false, stale: true, busy: false, progress: null, cancelled: false });
          return;
        }
      }
      setState((s) =>
        res.ok
          ? { result: res.result, report: res.report, issues: [], totalIssues: 0, slow: false, stale: false, busy: false, progress: null, cancelled: false }
          : { ...s, issues: res.issues, totalIssues: res.total_issues ?? res.issues.length, slow: false, stale: s.result !== null, busy: false, progress: null },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      clearTimeout(slowTimer);
    };
    // texts are compared by content (textKey), views by value (viewKey)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labId, lang, viewKey, ...textKey]);

  return { ...state, cancel };
}
