/**
 * The WebAssembly bootstrap kernel (labs/core/stats/wasm/mt_bootstrap.{wat,ts}) against the JS path
 * (PyRandom.countRandrange, itself checked against random-js and CPython in rng.test.ts and
 * rng_block.test.ts): the same per-round group counts and the same final generator state, for
 * several seeds, case counts, group counts (one-, two- and four-byte group tables), starting
 * positions inside a state pass and several kernel calls; the committed bytes against their
 * source; and the c01 kit's bootstrap CI through the kernel.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { MersenneTwister19937 } from 'random-js';
import { PyRandom, cpythonSeedKey } from '../../labs/core/stats/rng.ts';
import { countRoundsWasm, mtBootstrapModule } from '../../labs/core/stats/wasm/mt_bootstrap.ts';
import { bootstrapGroupCounts } from '../../labs/core/stats/bootstrap.ts';
import { bootstrapWeightedQuality, runGate } from '../../labs/gate/engine.ts';
import { parseGateInput } from '../../labs/gate/schema.ts';
import { fmtNumber } from '../../labs/gate/report.ts';
import { wasmModuleSource } from '../../scripts/wasm/build.mjs';

/** Counts of `rounds` rounds through the JS path, and the generator after them. */
function jsRounds(rng: PyRandom, groupOf: Uint8Array | Uint16Array | Uint32Array, groups: number, rounds: number): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < rounds; r++) {
    const counts = new Uint32Array(groups);
    rng.countRandrange(groupOf.length, groupOf, counts, groupOf.length);
    out.push(Array.from(counts));
  }
  return out;
}

function wasmRounds(rng: PyRandom, groupOf: Uint8Array | Uint16Array | Uint32Array, groups: number, rounds: number): number[][] {
  const out: number[][] = [];
  const ran = countRoundsWasm(rng, groupOf, groups, rounds, (counts, r) => {
    expect(r).toBe(out.length);
    out.push(Array.from(counts));
  });
  expect(ran).toBe(true);
  return out;
}

/** Group ids spread over [0, groups) with a simple pattern (every group used when groups <= n). */
function groupsOf(n: number, groups: number): Uint8Array | Uint16Array | Uint32Array {
  const ids = groups <= 256 ? new Uint8Array(n) : groups <= 65536 ? new Uint16Array(n) : new Uint32Array(n);
  for (let i = 0; i < n; i++) ids[i] = (i * 7919 + 3) % groups;
  return ids;
}

describe('WebAssembly kernel: the build', () => {
  it('the committed mt_bootstrap.wasm.ts is what mt_bootstrap.wat assembles to (run `npm run build:wasm` after editing the .wat)', async () => {
    const committed = readFileSync(new URL('../../labs/core/stats/wasm/mt_bootstrap.wasm.ts', import.meta.url), 'utf8');
    expect(await wasmModuleSource()).toBe(committed);
  });

  it('compiles in this runtime (Node 22: WebAssembly with SIMD), so the tests below run the kernel', () => {
    expect(mtBootstrapModule()).toBeInstanceOf(WebAssembly.Module);
  });
});

describe('WebAssembly kernel = JS path (counts per round and final state)', () => {
  const ns = [1, 2, 5, 100_000, 2 ** 20 + 3];
  for (const seed of [13, 0, 2 ** 32 + 5, -7]) {
    for (const n of ns) {
      it(`seed ${seed}, n = ${n}`, () => {
        const rounds = n > 1000 ? 3 : 2000; // small n: several state passes
        for (const groups of [1, 3, 8]) {
          const ids = groupsOf(n, groups);
          const a = new PyRandom(seed);
          const b = new PyRandom(seed);
          expect(wasmRounds(a, ids, groups, rounds), `groups ${groups}`).toEqual(jsRounds(b, ids, groups, rounds));
          expect(a.getState()).toEqual(b.getState());
        }
      });
    }
  }

  it('group tables of one, two and four bytes (255, 256, 65535, 65536 and 70000 groups; the kernel adds one counter)', () => {
    for (const groups of [255, 256, 65535, 65536, 70000]) {
      const n = 90_000;
      const ids = groupsOf(n, groups);
      const a = new PyRandom(99);
      const b = new PyRandom(99);
      expect(wasmRounds(a, ids, groups, 2), `groups ${groups}`).toEqual(jsRounds(b, ids, groups, 2));
      expect(a.getState()).toEqual(b.getState());
    }
  });

  it('starting inside a state pass (after 0, 1, 3, 226, 227, 396, 397, 622, 623, 1000 words) and continuing in JS', () => {
    for (const before of [0, 1, 3, 226, 227, 396, 397, 622, 623, 1000]) {
      for (const n of [5, 700, 3001]) {
        const ids = groupsOf(n, 4);
        const a = new PyRandom(2024);
        const b = new PyRandom(2024);
        for (let i = 0; i < before; i++) expect(a.uint32()).toBe(b.uint32());
        expect(wasmRounds(a, ids, 4, 7), `before ${before}, n ${n}`).toEqual(jsRounds(b, ids, 4, 7));
        // the stream goes on in JS from where the kernel stopped
        for (let i = 0; i < 1300; i++) expect(a.uint32()).toBe(b.uint32());
        // and the kernel again from a JS state
        expect(wasmRounds(a, ids, 4, 3)).toEqual(jsRounds(b, ids, 4, 3));
        expect(a.getState()).toEqual(b.getState());
      }
    }
  });

  it('several kernel calls in one run (rounds beyond one chunk of ~4·10^6 draws): n = 1000, 9000 rounds', () => {
    const ids = groupsOf(1000, 6);
    const a = new PyRandom(5);
    const b = new PyRandom(5);
    expect(wasmRounds(a, ids, 6, 9000)).toEqual(jsRounds(b, ids, 6, 9000));
    expect(a.getState()).toEqual(b.getState());
  });

  it('after the kernel, the next word equals random-js next() after the same words (the reference engine)', () => {
    // n = 5, one group: every accepted draw is counted; the words used = draws + rejections, and
    // the rejection count is recomputed here from random-js's own words
    const ref = MersenneTwister19937.seedWithArray(cpythonSeedKey(13));
    let words = 0;
    for (let d = 0; d < 5 * 300; ) {
      words++;
      if ((ref.next() >>> 0) >>> 29 < 5) d++;
    }
    const a = new PyRandom(13);
    const counts = wasmRounds(a, new Uint8Array(5), 1, 300);
    expect(counts.every((c) => c[0] === 5)).toBe(true);
    expect(words).toBeGreaterThan(1500);
    expect(a.uint32()).toBe(ref.next() >>> 0);
  });

  it('bootstrapGroupCounts: kernel (auto) and JS give the same rounds', () => {
    const ids = groupsOf(20_000, 11);
    const got: number[][] = [];
    const want: number[][] = [];
    bootstrapGroupCounts(ids, 11, 50, 13, (c) => got.push(Array.from(c)));
    bootstrapGroupCounts(ids, 11, 50, 13, (c) => want.push(Array.from(c)), { kernel: 'js' });
    expect(got).toEqual(want);
  });

  it('without WebAssembly: the kernel reports unavailable and bootstrapGroupCounts falls back to JS (same rounds)', async () => {
    const ids = groupsOf(3000, 5);
    const want: number[][] = [];
    bootstrapGroupCounts(ids, 5, 20, 13, (c) => want.push(Array.from(c)));
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    try {
      const wasm = await import('../../labs/core/stats/wasm/mt_bootstrap.ts');
      const boot = await import('../../labs/core/stats/bootstrap.ts');
      expect(wasm.mtBootstrapModule()).toBeNull();
      expect(wasm.countRoundsWasm(new PyRandom(13), ids, 5, 20, () => undefined)).toBe(false);
      const got: number[][] = [];
      boot.bootstrapGroupCounts(ids, 5, 20, 13, (c) => got.push(Array.from(c)));
      expect(got).toEqual(want);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('rejects bad arguments', () => {
    const rng = new PyRandom(1);
    expect(() => countRoundsWasm(rng, new Uint8Array(0), 1, 1, () => undefined)).toThrow(RangeError);
    expect(() => countRoundsWasm(rng, new Uint8Array(1), 0, 1, () => undefined)).toThrow(RangeError);
    expect(() => countRoundsWasm(rng, new Uint8Array(1), 1, 0, () => undefined)).toThrow(RangeError);
  });
});

describe('c01 kit: the bootstrap CI through the kernel', () => {
  const REF = new URL('../../../shared/reference/c01/', import.meta.url);
  const read = (p: string) => readFileSync(new URL(p, REF), 'utf8');
  const texts = {
    cases: read('evals/eval_cases.jsonl'),
    outputs: read('evals/outputs.jsonl'),
    policy: read('ops/ai/eval_policy.json'),
    hypothesis: read('evals/eval_hypothesis.json'),
  };
  const kit = JSON.parse(read('output/eval_scorecard.json'));

  it('seed 13, 2000 rounds: the kit CI (printed at 4 decimals), and the same deltas bit for bit as the case-by-case JS loop', () => {
    const parsed = parseGateInput(texts, 'es');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const result = runGate(parsed.value);
    expect(result.bootstrap_delta_quality_ci95!.map((x) => fmtNumber(x))).toEqual(kit.bootstrap_delta_quality_ci95.map(String));
    const grouped = bootstrapWeightedQuality(result.baseline, result.candidate, 13, 2000, 0.95)!;
    const direct = bootstrapWeightedQuality(result.baseline, result.candidate, 13, 2000, 0.95, { method: 'direct' })!;
    expect(grouped.method).toBe('grouped'); // integer weights: counted per group, i.e. through the kernel
    expect(grouped.deltas).toEqual(direct.deltas);
    expect([grouped.delta.low, grouped.delta.high]).toEqual(result.bootstrap_delta_quality_ci95);
  });
});
