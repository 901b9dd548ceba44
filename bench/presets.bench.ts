/**
 * Every lab's first preset, as the page computes it after an edit: parse + run + select, through the
 * lab module the manifest loads (labs/manifest.ts), in Spanish; decision.md is built only when the
 * learner asks for it (the runner's `report: false`), so it is timed in its own row. Each
 * timed run gets the preset's texts with one more trailing newline in its first input, so the
 * runner's memoization cannot answer it: the whole path is timed. Target: under 5 ms (issue 13).
 * A lab added to the manifest is benchmarked here with no edit.
 */
import { readFileSync } from 'node:fs';
import type { BenchCase, BenchSuite } from './run.ts';
import { LAB_METAS } from '../labs/manifest.ts';
import type { AnyLabModule } from '../labs/core/contract/lab.ts';

const modules = new Map<string, AnyLabModule>();
for (const meta of LAB_METAS) modules.set(meta.id, (await meta.load()).lab as AnyLabModule);

function presetTexts(labId: string, files: Record<string, string>): Record<string, string> {
  const texts: Record<string, string> = Object.create(null);
  for (const [name, file] of Object.entries(files)) texts[name] = readFileSync(new URL(`../labs/${labId}/presets/${file}`, import.meta.url), 'utf8');
  return texts;
}

export const presetsSuite: BenchSuite = {
  name: 'presets',
  cases(): BenchCase<any, any>[] {
    return LAB_METAS.flatMap((meta) => {
      const mod = modules.get(meta.id)!;
      const texts = presetTexts(meta.id, meta.presets[0].files.es);
      const first = Object.keys(texts)[0];
      let edits = 0;
      const compute = async (t: Record<string, string>) => {
        const parsed = mod.parse(t, 'es');
        if (!parsed.ok) throw new Error(`${meta.id} preset does not parse: ${JSON.stringify(parsed.issues.slice(0, 2))}`);
        const view = meta.defaultView;
        return mod.select(await mod.run(parsed.value, view), view);
      };
      const fresh = (t: Record<string, string>) => ({ ...t, [first]: t[first] + '\n'.repeat(1 + (edits++ % 2)) });
      return [
        { name: `${meta.id}: preset, parse + run + select`, n: 1, setup: () => texts, beforeEach: fresh, run: compute, runs: 21, targetMs: 5 },
        {
          name: `${meta.id}: + decision.md, when asked`,
          n: 1,
          setup: () => texts,
          beforeEach: fresh,
          run: async (t: Record<string, string>) => mod.report(await compute(t), 'es'),
          runs: 11,
        },
      ];
    });
  },
};
