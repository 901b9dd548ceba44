/**
 * Engine figures for the chapters, computed at build time: a chapter never types a number the
 * engine produces; it names the lab, the path into its scorecard and, optionally, a starting state
 * (a preset, JSON merge patches, a view: the same `start` an exercise uses), and the build runs the
 * engine (labs/runner.ts, as the worker and the CLI do) and writes the value in the page's language.
 * Results are memoized per lab, language and start.
 */
import { createRunner } from '../../labs/runner.ts';
import { lookupPath } from '../../labs/core/contract/paths.ts';
import type { StartText } from '../../labs/core/contract/exercise.ts';
import { loadPresetTexts, resolveStartTexts } from './presets.ts';
import type { Lang } from '../i18n/index.ts';

/** A starting state for a figure: texts that replace the lab's default preset, and a view. */
export interface FigureStart {
  preset?: string;
  texts?: Record<string, StartText>;
  view?: unknown;
}

const runner = createRunner();
const cache = new Map<string, Promise<unknown>>();

/**
 * The scorecard of `lab` in `lang` on its preset (or `start`). Throws an Error naming the lab and
 * the problems when the engine rejects the input: a chapter with a broken figure must not build.
 */
export function scorecard(lab: string, lang: Lang, start: FigureStart = {}): Promise<unknown> {
  const key = JSON.stringify([lab, lang, start]);
  let hit = cache.get(key);
  if (!hit) {
    hit = (async () => {
      const base = await loadPresetTexts(lab, lang, start.preset);
      const texts = { ...base, ...(start.texts ? await resolveStartTexts(lab, start.texts) : {}) };
      const res = await runner.runAny(lab, texts, lang, start.view);
      if (!res.ok) throw new Error(`figure for lab "${lab}" (${lang}): ${res.issues.map((i) => `${i.input} ${i.field ?? ''} ${i.message}`).join('; ')}`);
      return res.result;
    })();
    cache.set(key, hit);
  }
  return hit;
}

/**
 * The value at `path` in that scorecard. Throws an Error when the path is not there, so a chapter
 * citing a figure the engine does not produce fails the build instead of printing nothing.
 */
export async function figure(lab: string, lang: Lang, path: string, start: FigureStart = {}): Promise<unknown> {
  const r = lookupPath(await scorecard(lab, lang, start), path);
  if (!r.found) throw new Error(`figure ${lab}:${path} (${lang}) not found: ${r.reason}${'key' in r ? ` ${r.key}` : ''}${'value' in r ? ` ${r.field}=${r.value}` : ''}`);
  return r.value;
}

export { formatFigure } from './format-figure.ts';
