/**
 * One call from raw texts to everything a page or the CLI shows: parse (zod, localized issues),
 * validate the view (the lab's view schema), run the heavy part (memoized), select what the view
 * shows (cheap), write decision.md. The worker and the CLI both use it, so both behave the same.
 * The page asks for decision.md only when the learner downloads it (`{ report: false }` on each
 * run, then `report(...)` with the same arguments: a memo hit, so it costs select + report).
 */
import type { InputIssue, Lang } from './core/contract/types.ts';
import type { AnyLabModule, LabMeta, RunHooks } from './core/contract/lab.ts';
import { ViewError } from './core/contract/lab.ts';
import { zodErrorMap } from './core/contract/parse.ts';
import { coreMsg } from './core/contract/i18n/index.ts';
import { LAB_METAS, type LabId, type ResultOf, type ViewOf } from './manifest.ts';

export type RunResponse<R = unknown> =
  | { ok: true; result: R; report: string }
  | { ok: false; issues: InputIssue[]; total_issues?: number };

/**
 * What a run returns besides the result. `report: false` leaves decision.md out (its `report` is
 * then the empty string): the page builds it only when the learner downloads it.
 */
export interface RunOptions {
  report?: boolean;
}

/** How many times each step ran (tests count them: a view change must not re-run the heavy part). */
export interface RunnerStats {
  parses: number;
  runs: number;
  selects: number;
}

export interface Runner {
  run<Id extends LabId>(labId: Id, texts: Record<string, string>, lang: Lang, view?: ViewOf<Id>, hooks?: RunHooks, options?: RunOptions): Promise<RunResponse<ResultOf<Id>>>;
  /** The same, for an id that is not known statically (a URL, a CLI argument). */
  runAny(labId: string, texts: Record<string, string>, lang: Lang, view?: unknown, hooks?: RunHooks, options?: RunOptions): Promise<RunResponse>;
  /**
   * Loads a lab's engine ahead of its first run (the page does this while the lab's island is still
   * loading); resolves to false for an unknown lab or an engine that fails to load (the first run
   * then reports it as an issue).
   */
  preload(labId: string): Promise<boolean>;
  stats: RunnerStats;
}

/** Heavy results kept per parsed input (one per heavyKey, the most recent few). */
const HEAVY_PER_INPUT = 4;

function textsKey(texts: Record<string, string>): string[] {
  return Object.keys(texts).sort().flatMap((k) => [k, texts[k]]);
}

function sameKey(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The view's problems as issues on the input 'view', in `lang` (the schema's own codes translated). */
function viewIssues(meta: LabMeta, view: unknown, lang: Lang): { ok: true; value: unknown } | { ok: false; issues: InputIssue[] } {
  const r = meta.view.safeParse(view ?? meta.defaultView, { error: zodErrorMap(lang) });
  if (r.success) return { ok: true, value: r.data };
  const t = coreMsg(lang).view as Record<string, unknown>;
  return {
    ok: false,
    issues: r.error.issues.map((iss) => {
      const m = /^view\.([a-z_]+)$/.exec(iss.message);
      const own = m && Object.prototype.hasOwnProperty.call(t, m[1]) && typeof t[m[1]] === 'string' ? (t[m[1]] as string) : null;
      return { input: 'view', field: iss.path.length ? iss.path.map(String).join('.') : undefined, message: own ?? iss.message };
    }),
  };
}

/**
 * Makes a runner. It never throws for bad input: an unknown lab, schema problems, a bad view and
 * engine errors all come back as issues, in `lang`. Memoization: the last parse per lab (on the
 * exact texts and language), and the heavy result per parsed input and heavyKey(view), so moving a
 * slider (a new view) costs one `select`.
 * @param metas the labs it knows (default: the manifest; tests pass a throwaway lab).
 */
export function createRunner(metas: readonly LabMeta[] = LAB_METAS as readonly LabMeta[]): Runner {
  const byId = new Map(metas.map((m) => [m.id, m]));
  const modules = new Map<string, AnyLabModule>();
  const stats: RunnerStats = { parses: 0, runs: 0, selects: 0 };
  type Parsed = { lang: Lang; key: string[]; outcome: ReturnType<AnyLabModule['parse']> };
  const lastParse = new Map<string, Parsed>();
  type HeavyEntry = { key: string[]; heavy: Map<string, unknown> };
  const lastHeavy = new Map<string, HeavyEntry>();

  async function moduleOf(meta: LabMeta): Promise<AnyLabModule> {
    let mod = modules.get(meta.id);
    if (!mod) {
      mod = (await meta.load()).lab;
      modules.set(meta.id, mod);
    }
    return mod;
  }

  async function preload(labId: string): Promise<boolean> {
    const meta = byId.get(labId);
    if (!meta) return false;
    try {
      await moduleOf(meta);
      return true;
    } catch {
      return false;
    }
  }

  async function runAny(labId: string, texts: Record<string, string>, lang: Lang, view?: unknown, hooks?: RunHooks, options: RunOptions = {}): Promise<RunResponse> {
    const t = coreMsg(lang);
    const meta = byId.get(labId);
    if (!meta) return { ok: false, issues: [{ input: 'lab', message: t.unknown_lab(labId) }] };
    try {
      const mod = await moduleOf(meta);
      const key = textsKey(texts);
      let parsed = lastParse.get(labId);
      if (!parsed || parsed.lang !== lang || !sameKey(parsed.key, key)) {
        stats.parses++;
        parsed = { lang, key, outcome: mod.parse(texts, lang, hooks) };
        lastParse.set(labId, parsed);
      }
      const outcome = parsed.outcome;
      if (!outcome.ok) return outcome;
      const v = viewIssues(meta, view, lang);
      if (!v.ok) return v;
      let entry = lastHeavy.get(labId);
      // Heavy results depend on the data, not on the language of the messages: keyed by the texts.
      if (!entry || !sameKey(entry.key, key)) {
        entry = { key, heavy: new Map() };
        lastHeavy.set(labId, entry);
      }
      const hk = mod.heavyKey ? mod.heavyKey(v.value) : '';
      let heavy = entry.heavy.get(hk);
      if (heavy === undefined) {
        stats.runs++;
        heavy = await mod.run(outcome.value, v.value, hooks);
        if (entry.heavy.size >= HEAVY_PER_INPUT) entry.heavy.delete(entry.heavy.keys().next().value as string);
        entry.heavy.set(hk, heavy);
      }
      stats.selects++;
      const result = mod.select(heavy, v.value);
      return { ok: true, result, report: options.report === false ? '' : mod.report(result, lang) };
    } catch (err) {
      if (err instanceof ViewError) return { ok: false, issues: [{ input: 'view', message: t.view[err.code](err.detail) }] };
      return { ok: false, issues: [{ input: 'engine', message: t.engine_error(err instanceof Error ? err.message : String(err)) }] };
    }
  }

  return {
    // The one erased boundary: each lab's module is typed by the manifest (ResultOf<Id>).
    run: (labId, texts, lang, view, hooks, options) => runAny(labId, texts, lang, view, hooks, options) as Promise<RunResponse<ResultOf<typeof labId>>>,
    runAny,
    preload,
    stats,
  };
}
