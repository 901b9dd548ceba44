/**
 * Test helper: the texts of a lab's first preset (labs/<id>/presets/, as its meta lists them),
 * read from disk, so that robustness tests can mutate real inputs.
 */
import { readFileSync } from 'node:fs';
import type { Lang } from '../../labs/core/contract/types.ts';
import { labMeta } from '../../labs/manifest.ts';

export function presetTexts(labId: string, lang: Lang = 'es'): Record<string, string> {
  const meta = labMeta(labId);
  if (!meta) throw new Error(`no lab ${labId}`);
  const files = meta.presets[0].files[lang];
  const out: Record<string, string> = {};
  for (const [input, file] of Object.entries(files)) out[input] = readFileSync(new URL(`../../labs/${labId}/presets/${file}`, import.meta.url), 'utf8');
  return out;
}
