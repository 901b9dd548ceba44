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
 *
 * Speed (issue 18): the answer carries the scorecard only; decision.md is written in the worker
 * when the learner downloads it (`getReport`), not on every run.
 *
 * Labs and chapter widgets use this one hook. A lab island has its own worker (cancelling a long
 * run terminates it); the widgets of a page share one (`shared`: started by the first widget that
 * runs, kept for the page's lifetime, never terminated by a cancel), so a chapter with several
 * widgets starts one worker for all of them, not one each.
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
  /**
   * decision.md of `result` (the inputs and view it was computed from), written in the worker on
   * demand; rejects when the worker cannot produce it (the inputs no longer run).
   */
  getReport: () => Promise<string>;
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
  return Promise.race([c.api.run(labId, texts, lang, view, onProgress, { report: false }) as Promise<RunResponse<ResultOf<Id>>>, c.crashed]);
}

function disconnect(c: Conn | null) {
  if (!c) return;
  c.api[Comlink.releaseProxy]();
  c.worker.terminate();
}

/** Same inputs: the same names with the same texts (null only equals null). */
function sameTexts(a: Record<string, string> | null, b: Record<string, string> | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && a[k] === b[k]);
}

/**
 * Workers started ahead of their lab, by lab id: LabLoader starts one (startLabWorker) when the lab
 * begins to load, so the worker's script and the lab's engine load while the island's code is still
 * arriving, not after the island's first render. The lab's runner takes it (takeConn); a lab with
 * none (or a second one of the same lab on the page) starts its own.
 */
const early = new Map<string, Conn>();

/** Starts the worker of `labId`'s island and loads the lab's engine in it (once per lab id until taken). */
export function startLabWorker(labId: string) {
  if (early.has(labId) || typeof Worker === 'undefined') return;
  const c = connect();
  early.set(labId, c);
  void Promise.race([c.api.warm(labId), c.crashed]).catch(() => {}); // a failure shows on the first run
}

function takeConn(labId: string): Conn {
  const c = early.get(labId);
  early.delete(labId);
  return c ?? connect();
}

/** The page's one worker for chapter widgets (see the module comment). */
let widgetConn: Conn | null = null;
function sharedConn(): Conn {
  widgetConn ??= connect();
  return widgetConn;
}

type Core<R> = Omit<LabRunState<R>, 'cancel' | 'getReport'>;

/** Where the last valid input is remembered (LabStateApi provides both). */
export interface ValidMemory {
  lastValid: Record<string, string> | null;
  setLastValid: (texts: Record<string, string>) => void;
}

/**
 * @param texts the lab's input texts; null: nothing to run yet (no request, not busy, no result)
 * @param memory when given, every input that produces a result is remembered; if the page opens
 *   with an invalid input (a reload after a mistake), the remembered input is run once so its
 *   result is on screen, marked stale, next to the issues.
 * @param debounceMs the burst window (see the module comment)
 * @param shared run in the page's widget worker (chapter widgets) instead of a worker of its own
 */
export function useLabRunner<Id extends LabId>(labId: Id, texts: Record<string, string> | null, lang: Lang, view: ViewOf<Id> | undefined, memory?: ValidMemory, debounceMs = 150, shared = false): LabRunState<ResultOf<Id>> {
  type R = ResultOf<Id>;
  const conn = useRef<Conn | null>(null);
  const seq = useRef(0);
  const hasResult = useRef(false);
  const inFlight = useRef(0);
  const lastSentAt = useRef(-Infinity);
  const memoryRef = useRef(memory);
  memoryRef.current = memory;
  const [state, setState] = useState<Core<R>>({ result: null, issues: [], totalIssues: 0, slow: false, stale: false, busy: texts !== null, progress: null, cancelled: false });
  /** The inputs of the result on screen (decision.md is written from them on demand). */
  const shownInput = useRef<{ texts: Record<string, string>; view: ViewOf<Id> | undefined } | null>(null);

  useEffect(() => {
    if (shared) return; // the widget worker outlives its widgets
    conn.current = takeConn(labId);
    return () => {
      disconnect(conn.current);
      conn.current = null;
    };
  }, [shared, labId]);
  /** The connection a request goes to (the shared one is started here, on first use). */
  const current = useCallback(() => (shared ? sharedConn() : conn.current), [shared]);

  const cancel = useCallback(() => {
    seq.current++; // whatever was running is dropped
    inFlight.current = 0;
    if (!shared) {
      disconnect(conn.current);
      conn.current = connect();
    }
    setState((s) => ({ ...s, busy: false, slow: false, progress: null, cancelled: true, stale: s.result !== null }));
  }, [shared]);

  const viewKey = JSON.stringify(view ?? null);
  // Texts are compared by content: a new object with the same texts is the same request. The
  // texts of the last change are kept in state (React's pattern for information from an earlier
  // render), so the effect below re-runs only when some text changed.
  const [sent, setSent] = useState(texts);
  if (sent !== texts && !sameTexts(sent, texts)) setSent(texts);
  useEffect(() => {
    const id = ++seq.current;
    const texts = sent;
    if (!texts) {
      setState((s) => (s.busy ? { ...s, busy: false, slow: false, progress: null } : s));
      return;
    }
    setState((s) => ({ ...s, busy: true, slow: false, progress: null, cancelled: false }));
    const idle = inFlight.current === 0 && performance.now() - lastSentAt.current >= debounceMs;
    const delay = idle ? 0 : debounceMs;
    // Any request that runs for more than a second can be cancelled, whether or not it reports progress.
    const slowTimer = setTimeout(() => {
      if (id === seq.current) setState((s) => (s.busy ? { ...s, slow: true } : s));
    }, delay + 1000);
    const timer = setTimeout(async () => {
      const c = current();
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
          if (shared && widgetConn === c) {
            disconnect(c);
            widgetConn = null;
            inFlight.current = 0;
          } else if (conn.current === c) {
            disconnect(c);
            conn.current = connect();
            inFlight.current = 0;
          }
          res = { ok: false, issues: [{ input: 'engine', message: coreMsg(lang).worker_crashed }] };
        } else res = { ok: false, issues: [{ input: 'engine', message: coreMsg(lang).engine_error(err instanceof Error ? err.message : String(err)) }] };
      } finally {
        if (current() === c) inFlight.current = Math.max(0, inFlight.current - 1);
      }
      if (id !== seq.current) return; // a newer request was made: drop this answer
      const mem = memoryRef.current;
      if (res.ok) {
        hasResult.current = true;
        shownInput.current = { texts, view };
        mem?.setLastValid(texts);
      } else if (!hasResult.current && mem?.lastValid) {
        // Nothing on screen yet: show the last valid input's result, stale, with these issues.
        const fallback = await callLab(c, labId, mem.lastValid, lang, view).catch(() => null);
        if (id !== seq.current) return;
        if (fallback?.ok) {
          hasResult.current = true;
          shownInput.current = { texts: mem.lastValid, view };
          setState({ result: fallback.result, issues: res.issues, totalIssues: res.total_issues ?? res.issues.length, slow: false, stale: true, busy: false, progress: null, cancelled: false });
          return;
        }
      }
      setState((s) =>
        res.ok
          ? { result: res.result, issues: [], totalIssues: 0, slow: false, stale: false, busy: false, progress: null, cancelled: false }
          : { ...s, issues: res.issues, totalIssues: res.total_issues ?? res.issues.length, slow: false, stale: s.result !== null, busy: false, progress: null },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      clearTimeout(slowTimer);
    };
    // views are compared by value (viewKey)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labId, lang, viewKey, sent]);

  const getReport = useCallback(async () => {
    const c = current();
    const input = shownInput.current;
    if (!c || !input) throw new Error('no result');
    const md = await Promise.race([c.api.report(labId, input.texts, lang, input.view), c.crashed]);
    if (md === null) throw new Error('no result');
    return md;
  }, [labId, lang, current]);

  return { ...state, cancel, getReport };
}
