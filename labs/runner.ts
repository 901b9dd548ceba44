/**
 * One call from raw texts to everything a page or the CLI shows: parse (zod, localized issues),
 * run the engine, write decision.md. The worker and the CLI both use it, so both behave the same.
 */
import type { InputIssue, Lang, ParseOutcome } from './core/contract/types.ts';
import type { RunHooks } from './core/contract/lab.ts';
import { getLab } from './registry.ts';

export type RunResponse =
  | { ok: true; result: unknown; report: string }
  | { ok: false; issues: InputIssue[]; total_issues?: number };

export type LabRunner = (labId: string, texts: Record<string, string>, lang: Lang, view?: unknown, hooks?: RunHooks) => Promise<RunResponse>;

function sameTexts(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/**
 * Makes a runner. It never throws for bad input: an unknown lab, schema problems and engine errors
 * (e.g. a RangeError for an impossible view) all come back as issues, in `lang` where the lab wrote
 * them. The last parse is memoized on the exact texts, so a new `view` (an operating point moved
 * with a slider) re-runs the engine without re-reading the data.
 */
export function createRunner(): LabRunner {
  let memo: { labId: string; lang: Lang; texts: Record<string, string>; parsed: ParseOutcome<unknown> } | null = null;
  return async (labId, texts, lang, view, hooks) => {
    const lab = getLab(labId);
    if (!lab) return { ok: false, issues: [{ input: 'lab', message: `unknown lab: ${labId}` }] };
    if (!memo || memo.labId !== labId || memo.lang !== lang || !sameTexts(memo.texts, texts)) {
      memo = { labId, lang, texts: { ...texts }, parsed: lab.parse(texts, lang, hooks) };
    }
    const parsed = memo.parsed;
    if (!parsed.ok) return parsed;
    try {
      const result = await lab.run(parsed.value, view, hooks);
      return { ok: true, result, report: lab.report(result, lang) };
    } catch (err) {
      return { ok: false, issues: [{ input: 'engine', message: err instanceof Error ? err.message : String(err) }] };
    }
  };
}
