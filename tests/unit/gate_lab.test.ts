/**
 * The gate lab as the worker and the CLI run it (gateLab through labs/runner.ts, and labs/cli.ts):
 * the scorecard carries the SHA-256 of the inputs in manifest.computed_hashes. Expected hashes:
 * the kit's own computed_hashes (../shared/reference/c01/output/eval_scorecard.json, computed by
 * Python's hashlib on the kit's files) and node:crypto on the outputs file (an implementation
 * independent of WebCrypto).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createRunner } from '../../labs/runner.ts';
import { gateMeta } from '../../labs/gate/meta.ts';
const gatePresetFiles = gateMeta.presets[0].files.es;
import type { GateResult } from '../../labs/gate/lab.ts';

const DIR = 'labs/gate/presets/';
const texts: Record<string, string> = Object.fromEntries(Object.entries(gatePresetFiles).map(([k, f]) => [k, readFileSync(DIR + f, 'utf8')]));
const kitHashes: Record<string, string> = JSON.parse(readFileSync(new URL('../../../shared/reference/c01/output/eval_scorecard.json', import.meta.url), 'utf8')).manifest.computed_hashes;
const outputsSha = createHash('sha256').update(readFileSync(DIR + gatePresetFiles.outputs)).digest('hex');

describe('gate lab run: manifest hashes in the scorecard', () => {
  it('through the runner (what the worker does): the kit’s four hashes plus outputs_sha256', async () => {
    const res = await createRunner().runAny('gate', texts, 'en');
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const r = res.result as GateResult;
    expect(r.manifest!.computed_hashes).toEqual({ ...kitHashes, outputs_sha256: outputsSha });
    expect(r.manifest!.run_id).toBeDefined(); // the manifest input is still echoed
    expect(r.decision.verdict).toBe('fail');
    expect(res.report).toContain(outputsSha);
  });

  it('without a manifest input, the scorecard still carries the hashes of what was given', async () => {
    const { cases, outputs, policy } = texts;
    const res = await createRunner().runAny('gate', { cases, outputs, policy }, 'es');
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const r = res.result as GateResult;
    expect(r.manifest).toEqual({ computed_hashes: { cases_sha256: kitHashes.cases_sha256, policy_sha256: kitHashes.policy_sha256, outputs_sha256: outputsSha } });
  });

  it('an edit changes only the hash of the edited input', async () => {
    const res = await createRunner().runAny('gate', { ...texts, outputs: texts.outputs.replace('0.012', '0.013') }, 'es');
    if (!res.ok) throw new Error(JSON.stringify(res.issues));
    const h = (res.result as GateResult).manifest!.computed_hashes!;
    expect(h.outputs_sha256).not.toBe(outputsSha);
    expect(h.cases_sha256).toBe(kitHashes.cases_sha256);
  });

  it('the CLI prints the same hashes', () => {
    const args = Object.entries(gatePresetFiles).flatMap(([k, f]) => [`--${k}`, DIR + f]);
    const r = spawnSync(process.execPath, ['labs/cli.ts', 'gate', ...args], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).manifest.computed_hashes).toEqual({ ...kitHashes, outputs_sha256: outputsSha });
  });
});
