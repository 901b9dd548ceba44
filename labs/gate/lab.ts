/**
 * The eval-gate lab (chapter 01): eval cases, the answers of a baseline and a candidate, a gate
 * policy (plus optional hypothesis, error taxonomy and run manifest) in; per-version scorecards,
 * the paired comparison (McNemar, paired bootstrap CI of the delta) and a release decision out.
 */
import type { LabModule } from '../core/contract/lab.ts';
import type { GateView } from './meta.ts';
import { sha256Hex } from '../core/contract/hash.ts';
import { parseGateInput } from './schema.ts';
import type { GateInput } from './schema.ts';
import type { Lang, ParseOutcome } from '../core/contract/types.ts';
import { runGate } from './engine.ts';
import type { GateResult } from './engine.ts';
import { renderGateReport } from './report.ts';
import { planGate } from './planner.ts';
import type { GatePlanner } from './planner.ts';

export type { GateInput, GatePolicy, CaseRow, OutputRow, Hypothesis, Taxonomy, Manifest } from './schema.ts';
export type { GateResult, VersionScore, CaseResult, SliceScore, PairedComparison, BootstrapSummary, ErrorType, CaseReason } from './engine.ts';
export type { GateLabCheck, GateCheckId, GateDecision, EvidenceAssessment } from './decision.ts';
export type { GateReason, GateWarning } from './i18n/index.ts';
export type { GatePlanner, PlannerField, PlannerSource, PlannerReason, PlannerAssumption, PlannerView } from './planner.ts';

/** The gate's scorecard as `select` returns it: the run's result plus the planner for the view. */
export interface GateScorecard extends GateResult {
  planner: GatePlanner;
}

/**
 * select: the run's result with the sample-size planner for the view's design (planner.ts). Cheap:
 * the bootstrap is in `run`, which the runner memoizes, so a planner input only costs this.
 */
export function selectGate(result: GateResult, view: GateView | undefined): GateScorecard {
  return { ...result, planner: planGate(result, view?.planner ?? {}) };
}

/**
 * Input texts hashed into manifest.computed_hashes, and the key each hash gets. The first four are
 * the kit's (eval_runner.py hashes those four files); outputs_sha256 is this lab's addition (the
 * kit keeps the answers inside its code).
 */
export const HASHED_INPUTS: ReadonlyArray<readonly [input: string, key: string]> = [
  ['hypothesis', 'hypothesis_sha256'],
  ['cases', 'cases_sha256'],
  ['policy', 'policy_sha256'],
  ['taxonomy', 'taxonomy_sha256'],
  ['outputs', 'outputs_sha256'],
];

/**
 * SHA-256 (hex, of the UTF-8 bytes) of each input text that is present and non-blank, under the
 * kit's key names (HASHED_INPUTS). Identical bytes give identical hashes in the browser and Node
 * (both use WebCrypto). For the kit's files read as UTF-8 text, the hashes equal the kit's
 * computed_hashes.
 */
export async function computeManifestHashes(texts: Record<string, string>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [input, key] of HASHED_INPUTS) {
    const text = texts[input];
    if (text !== undefined && text.trim() !== '') out[key] = await sha256Hex(text);
  }
  return out;
}

/**
 * A copy of `result` whose manifest carries `hashes` as computed_hashes (the run itself is
 * synchronous and leaves them null). Without a manifest input, the manifest becomes
 * {computed_hashes} alone. The decision does not depend on the hashes.
 */
export function withManifestHashes(result: GateResult, hashes: Record<string, string>): GateResult {
  return { ...result, manifest: { ...(result.manifest ?? {}), computed_hashes: hashes } };
}

/** What gateLab.parse gives run: the validated input plus the input texts to hash (HASHED_INPUTS). */
export interface GateLabInput extends GateInput {
  /** The raw texts of the hashed inputs, as given (strings are shared, not copied). */
  hashed_texts: Record<string, string>;
}

/**
 * parseGateInput, keeping the texts of HASHED_INPUTS beside the value so that run can hash exactly
 * the bytes the learner (or the CLI's files) gave.
 */
export function parseGateLabInput(texts: Record<string, string>, lang: Lang): ParseOutcome<GateLabInput> {
  const parsed = parseGateInput(texts, lang);
  if (!parsed.ok) return parsed;
  const hashed: Record<string, string> = {};
  for (const [name] of HASHED_INPUTS) if (texts[name] !== undefined) hashed[name] = texts[name];
  return { ok: true, value: { ...parsed.value, hashed_texts: hashed } };
}

/**
 * parse: the six texts (schema.ts) plus the texts to hash; run: runGate (hooks.progress gets
 * ('bootstrap', fraction) during the bootstrap), then the SHA-256 of the inputs in
 * manifest.computed_hashes (async: WebCrypto), so the worker's scorecard and the CLI's carry them;
 * select: the scorecard with the planner for the view (selectGate); report: decision.md (report.ts).
 */
export const lab: LabModule<GateLabInput, GateResult, GateScorecard, GateView> = {
  parse: parseGateLabInput,
  run: async (input, _view, hooks) => withManifestHashes(runGate(input, undefined, hooks), await computeManifestHashes(input.hashed_texts)),
  select: selectGate,
  report: renderGateReport,
};
