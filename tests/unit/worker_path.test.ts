/**
 * The worker path equals the direct call: labs/worker.ts, exposed with Comlink over a real
 * MessagePort (so every result goes through the structured clone, as in the browser), gives for
 * every lab's preset in both languages the same scorecard and decision.md as createRunner(), both
 * in one answer and as the page asks for them (the scorecard alone, then decision.md on demand).
 */
import { expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { createRunner } from '../../labs/runner.ts';
import { LAB_IDS } from '../../labs/manifest.ts';
import type { WorkerApi } from '../../labs/worker.ts';
import { presetTexts } from '../helpers/presets.ts';

it('every lab\'s preset through labs/worker.ts gives the runner\'s result and report', async () => {
  const { port1, port2 } = new MessageChannel();
  const g = globalThis as unknown as Record<'addEventListener' | 'removeEventListener' | 'postMessage', unknown>;
  const saved = { addEventListener: g.addEventListener, removeEventListener: g.removeEventListener, postMessage: g.postMessage };
  g.addEventListener = port1.addEventListener.bind(port1);
  g.removeEventListener = port1.removeEventListener.bind(port1);
  g.postMessage = port1.postMessage.bind(port1);
  try {
    await import('../../labs/worker.ts');
    port1.start();
    port2.start();
    const api = Comlink.wrap<WorkerApi>(port2 as unknown as Comlink.Endpoint);
    for (const lab of LAB_IDS) {
      for (const lang of ['es', 'en'] as const) {
        const texts = presetTexts(lab, lang);
        const viaWorker = await api.run(lab, texts, lang);
        const direct = await createRunner().runAny(lab, texts, lang);
        expect(viaWorker.ok, lab).toBe(true);
        // As JSON: the structured clone turns null-prototype maps into plain objects, nothing else.
        expect(JSON.stringify(viaWorker), `${lab} ${lang}`).toBe(JSON.stringify(direct));
        // The page's path: the scorecard without decision.md, which `report` writes on demand.
        const lean = await api.run(lab, texts, lang, undefined, undefined, { report: false });
        if (!lean.ok || !direct.ok) throw new Error(`${lab} ${lang}: not ok`);
        expect(lean.report, `${lab} ${lang}`).toBe('');
        expect(JSON.stringify(lean.result), `${lab} ${lang}`).toBe(JSON.stringify(direct.result));
        expect(await api.report(lab, texts, lang), `${lab} ${lang}`).toBe(direct.report);
      }
    }
    expect(await api.report('gate', { cases: '{' }, 'es'), 'inputs that do not run have no report').toBeNull();
    api[Comlink.releaseProxy]();
  } finally {
    port1.close();
    port2.close();
    Object.assign(g, saved);
  }
}, 120_000);
