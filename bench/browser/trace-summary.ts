/**
 * Reads a Chromium performance trace (JSON, as Playwright's browser.startTracing writes it) and
 * prints, per thread of the renderer (the page's main thread, the lab's worker), the busy time, the
 * longest tasks, the time by trace event and the sampled self time of the heaviest functions.
 * Used by profile.bench.ts; by hand: `node bench/browser/trace-summary.ts bench/results/trace-x.json`.
 */
import { readFileSync } from 'node:fs';

export interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; id?: string; args?: { name?: string; data?: { cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; samples?: number[] }; timeDeltas?: number[] } } }

/** Busy time and heaviest functions per thread of the renderer, from the trace's events. */
export function summarize(events: TraceEvent[]): string {
  const threadName = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const out: string[] = [];
  // busy time: top-level tasks per thread; and time by event name (nested events included)
  const byThread = new Map<string, { busy: number; cpu: number; tasks: number[]; names: Map<string, number> }>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    const tn = threadName.get(key) ?? key;
    if (!/CrRendererMain|DedicatedWorker/.test(tn)) continue;
    let t = byThread.get(key);
    if (!t) byThread.set(key, (t = { busy: 0, cpu: 0, tasks: [], names: new Map() }));
    if (e.name === 'ThreadControllerImpl::RunTask') {
      t.busy += e.dur;
      t.cpu += e.tdur ?? 0;
      t.tasks.push(e.dur);
    }
    t.names.set(e.name, (t.names.get(e.name) ?? 0) + e.dur);
  }
  for (const [key, t] of byThread) {
    const top = [...t.names].filter(([n]) => !/RunTask|ThreadController/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, 14);
    const long = t.tasks.sort((a, b) => b - a).slice(0, 5).map((d) => (d / 1000).toFixed(1));
    out.push(`\n== ${threadName.get(key)} (${key}): busy ${(t.busy / 1000).toFixed(1)} ms wall, ${(t.cpu / 1000).toFixed(1)} ms CPU (thread time, what the load does not inflate) in ${t.tasks.length} tasks; longest ${long.join(', ')} ms`);
    for (const [n, d] of top) out.push(`   ${(d / 1000).toFixed(1).padStart(9)} ms  ${n}`);
  }
  // sampled self time per function (V8 CPU profiler), per profile (one per thread)
  const profiles = new Map<string, { nodes: Map<number, { fn: string; url: string; line: number }>; self: Map<number, number>; tid: number; pid: number }>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.args?.data) continue;
    const id = `${e.pid}:${e.id}`;
    let p = profiles.get(id);
    if (!p) profiles.set(id, (p = { nodes: new Map(), self: new Map(), tid: e.tid, pid: e.pid }));
    const cp = e.args.data.cpuProfile;
    for (const n of cp?.nodes ?? []) p.nodes.set(n.id, { fn: n.callFrame.functionName || '(anonymous)', url: (n.callFrame.url ?? '').replace(/^.*\//, ''), line: n.callFrame.lineNumber });
    const deltas = e.args.data.timeDeltas ?? [];
    (cp?.samples ?? []).forEach((s, i) => p.self.set(s, (p.self.get(s) ?? 0) + (deltas[i] ?? 0)));
  }
  for (const p of profiles.values()) {
    const byFn = new Map<string, number>();
    const byFile = new Map<string, number>();
    for (const [nid, us] of p.self) {
      const n = p.nodes.get(nid);
      if (!n) continue;
      const k = `${n.fn} ${n.url}:${n.line}`;
      byFn.set(k, (byFn.get(k) ?? 0) + us);
      byFile.set(n.url || n.fn, (byFile.get(n.url || n.fn) ?? 0) + us);
    }
    const total = [...byFn.values()].reduce((a, b) => a + b, 0);
    out.push(`\n-- samples on ${threadName.get(`${p.pid}:${p.tid}`) ?? p.tid}: ${(total / 1000).toFixed(1)} ms`);
    out.push('   by file: ' + [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([f, d]) => `${f} ${(d / 1000).toFixed(1)}`).join(' | '));
    for (const [k, d] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 18)) out.push(`   ${(d / 1000).toFixed(1).padStart(9)} ms  ${k}`);
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const trace = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { traceEvents: TraceEvent[] };
  console.log(summarize(trace.traceEvents));
}
