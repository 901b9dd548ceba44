/**
 * The c01 preset: the book kit's inputs, byte-identical to ../shared/reference/c01 (so their
 * SHA-256 equal the kit's computed_hashes). Maps each lab input name (gateLab.inputs) to its file
 * in this folder; a page can load them with `import.meta.glob('./*', { query: '?raw' })`, the CLI
 * with readFileSync.
 */
export const gatePresetFiles = {
  cases: 'eval_cases.jsonl',
  outputs: 'outputs.jsonl',
  policy: 'eval_policy.json',
  hypothesis: 'eval_hypothesis.json',
  taxonomy: 'error_taxonomy.json',
  manifest: 'eval_run_manifest.json',
} as const;
