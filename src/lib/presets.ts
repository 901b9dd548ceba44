/**
 * Preset files of every lab (labs/<lab>/presets/*: JSON, JSONL, CSV and plain text such as TREC
 * qrels and runs), loaded on demand as text. Exercises name their
 * starting inputs by preset file; this resolves those names. Only files that exist in a lab's
 * presets folder can be named: anything else is reported as missing, never fetched.
 */
import jsonMergePatch from 'json-merge-patch';
import type { StartText } from '../../labs/core/contract/exercise.ts';
import { labMeta } from '../../labs/manifest.ts';

const files = import.meta.glob('../../labs/*/presets/*.{json,jsonl,csv,txt}', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;

/**
 * Resolves an exercise's starting texts; throws an Error naming the first unknown preset (or a
 * patch on a preset that is not JSON).
 */
export async function resolveStartTexts(lab: string, texts: Record<string, StartText>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, t] of Object.entries(texts)) {
    if ('text' in t) out[name] = t.text;
    else {
      const load = files[`../../labs/${lab}/presets/${t.preset}`];
      if (!load) throw new Error(`${name}: ${t.preset}`);
      const text = await load();
      // A patch re-serializes the preset with 2-space indentation (RFC 7386 merge semantics).
      out[name] = t.patch ? `${JSON.stringify(jsonMergePatch.apply(JSON.parse(text), t.patch), null, 2)}\n` : text;
    }
  }
  return out;
}

/** The preset file names of a lab (for the instructor's builder). */
export function presetNames(lab: string): string[] {
  const prefix = `../../labs/${lab}/presets/`;
  return Object.keys(files).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

/**
 * The texts of a lab's preset in a language (labs/<id>/meta.ts `presets`; default: the first),
 * loaded on demand. Throws an Error naming a preset file that does not exist.
 */
export async function loadPresetTexts(lab: string, lang: 'es' | 'en', presetId?: string): Promise<Record<string, string>> {
  const meta = labMeta(lab);
  if (!meta) throw new Error(`unknown lab: ${lab}`);
  const preset = (presetId ? meta.presets.find((p) => p.id === presetId) : undefined) ?? meta.presets[0];
  // the files are fetched side by side (each is a chunk of its own)
  const entries = await Promise.all(Object.entries(preset.files[lang]).map(async ([name, file]) => {
    const load = files[`../../labs/${lab}/presets/${file}`];
    if (!load) throw new Error(`${name}: ${file}`);
    return [name, await load()] as const;
  }));
  return Object.fromEntries(entries);
}

/** The texts of a lab's examples for its optional inputs in a language (meta `examples`), loaded on demand. */
export async function loadExampleTexts(lab: string, lang: 'es' | 'en'): Promise<Record<string, string>> {
  const meta = labMeta(lab);
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(meta?.examples?.[lang] ?? {})) {
    const load = files[`../../labs/${lab}/presets/${file}`];
    if (!load) throw new Error(`${name}: ${file}`);
    out[name] = await load();
  }
  return out;
}
