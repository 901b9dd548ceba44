/**
 * Every lab's parser on an input with 10^4 problems: its list input (tests/helpers/presets.ts
 * listInput) with the first record repeated 10^4 times, so every copy repeats an id. The parser
 * lists 50 problems with their lines and counts the rest (tests/unit/parser_caps.test.ts checks
 * that); this times it. Target: under 1 s each (issue 23: the RAG parser took 182 s for 2,000).
 */
import type { BenchCase, BenchSuite } from './run.ts';
import { LAB_METAS } from '../labs/manifest.ts';
import type { AnyLabModule } from '../labs/core/contract/lab.ts';
import { listInput, presetTexts, repeatFirstRecord } from '../tests/helpers/presets.ts';

const N = 10_000;
const modules = new Map<string, AnyLabModule>();
for (const meta of LAB_METAS) modules.set(meta.id, (await meta.load()).lab as AnyLabModule);

export const parsersSuite: BenchSuite = {
  name: 'parsers',
  cases(): BenchCase<any, any>[] {
    return LAB_METAS.map((meta) => {
      const texts = presetTexts(meta.id, 'en');
      const input = listInput(meta.inputs.map((i) => i.name), texts);
      if (!input) throw new Error(`${meta.id}: no list input to repeat`);
      const big = { ...texts, [input]: repeatFirstRecord(texts[input], N)! };
      return {
        name: `${meta.id}: parse ${input} with 10^4 repeated ids`,
        n: N,
        setup: () => big,
        run: (t: Record<string, string>) => {
          const r = modules.get(meta.id)!.parse(t, 'en');
          if (r.ok || (r.total_issues ?? 0) < N - 1) throw new Error(`${meta.id}: expected ${N - 1} problems counted`);
          return r;
        },
        runs: 3,
        targetMs: 1000,
      };
    });
  },
};
