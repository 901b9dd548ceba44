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

/**
 * `text` with its first record repeated N times (for parsers' tests and benchmarks with N problems): a JSON array's first element (one per line), a
 * JSONL file's first line, a CSV's first data row under its header; an object with a `runs` list
 * (the trace, at most 1,000 runs) keeps its first run with N copies of that run's first step. Every
 * copy repeats the first record's id.
 */
export function repeatFirstRecord(text: string, N: number): string | null {
  const t = text.trim();
  if (t.startsWith('[')) return `[\n${Array.from({ length: N }, () => JSON.stringify((JSON.parse(t) as unknown[])[0])).join(',\n')}\n]`;
  if (t.startsWith('{')) {
    const first = t.split('\n')[0];
    try {
      JSON.parse(first);
      return Array.from({ length: N }, () => first).join('\n');
    } catch {
      const obj = JSON.parse(t) as { runs?: { steps: unknown[] }[] };
      if (!Array.isArray(obj.runs)) return null;
      const run = obj.runs[0];
      return JSON.stringify({ ...obj, runs: [{ ...run, steps: Array.from({ length: N }, () => run.steps[0]) }] }, null, 1);
    }
  }
  const [header, row] = t.split('\n');
  return [header, ...Array.from({ length: N }, () => row)].join('\n');
}

/** The first of `names` whose text is a list of records repeatFirstRecord can repeat (not the evaluators' rubric object). */
export function listInput(names: string[], texts: Record<string, string>): string | undefined {
  return names.find((name) => texts[name] && !/^\{\s*"(rubric_id|criteria)"/.test(texts[name].trim()) && repeatFirstRecord(texts[name], 2) !== null);
}
