/**
 * What the site and the CLI know of the agent-trace lab (chapter 04) without loading its engine.
 * Preset: the chapter's citation-checking agent (one good run and two flawed ones: a good answer
 * that skips a required permission, and an expensive detour), in Spanish and English with the same
 * figures.
 */
import * as z from 'zod/mini';
import { defineLab } from '../core/contract/lab.ts';
import type { TraceView } from './engine.ts';

const JSON_ACCEPT = '.json,application/json';

/** The view: the run shown in the timeline (null: the first). */
export const traceViewSchema: z.ZodMiniType<TraceView> = z.object({
  run: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(200))), null),
});

export const traceMeta = defineLab({
  id: 'trace',
  chapter: '04-evaluators',
  names: { es: 'evaluación de trayectorias de agentes', en: 'agent trajectory grading' },
  inputs: [
    { name: 'trace', label: { es: 'traza del agente', en: 'agent trace' }, format: 'json', flag: '--trace', accept: JSON_ACCEPT },
    { name: 'policy', label: { es: 'política', en: 'policy' }, format: 'json', flag: '--policy', accept: JSON_ACCEPT },
  ],
  presets: [
    {
      id: 'citation_agent',
      label: { es: 'Agente de citas: una ejecución buena y dos con fallos', en: 'Citation agent: one good run and two flawed ones' },
      files: {
        es: { trace: 'citation_agent_trace.json', policy: 'citation_agent_policy.json' },
        en: { trace: 'citation_agent_trace.en.json', policy: 'citation_agent_policy.en.json' },
      },
    },
  ],
  view: traceViewSchema,
  defaultView: { run: null },
  load: () => import('./lab.ts'),
});

export default traceMeta;
