/**
 * Loader and driver of the WebAssembly bootstrap kernel (mt_bootstrap.wat, bytes in
 * mt_bootstrap.wasm.ts): `rounds` rounds of n CPython-compatible randrange(n) draws, counted per
 * group of cases, exactly the draws of PyRandom.countRandrange (MT19937, Matsumoto & Nishimura
 * 1998; CPython's _randbelow_with_getrandbits) but ~4x faster than the JS loop (gate bench, 2.6·10^8
 * words: ~0.39 s instead of ~1.6 s), because the twist
 * and the tempering run 4 words at a time (WebAssembly SIMD) and the rejection test is folded into
 * the group table (see the .wat's header).
 *
 * The module is compiled synchronously (`new WebAssembly.Module`, allowed in Node and in Web
 * Workers for a module this small) once per process, and instantiated per call with its own
 * memory, so calls are independent. Where WebAssembly (or its SIMD) is unavailable, mtBootstrapModule
 * returns null and countRoundsWasm returns false: the caller then runs the JS path, which is also
 * the reference in tests/unit/rng_wasm.test.ts.
 */
import type { PyRandom } from '../rng.ts';
import { MT_BOOTSTRAP_WASM_BASE64 } from './mt_bootstrap.wasm.ts';

/** Byte offset of the first free byte after the kernel's fixed area (state, two pass buffers, tempered words). */
const FIXED_BYTES = 10240;
const STATE_WORDS = 624;
const PAGE = 65536;
/** Largest memory the driver asks for (the group table grows as 2^bit_length(n)); above it, JS path. */
const MAX_MEMORY_BYTES = 1 << 30;
/** Rounds per kernel call are limited so that one call makes about this many draws (a few ms)... */
const DRAWS_PER_CALL = 1 << 22;
/** ...and writes at most this many bytes of counts. */
const COUNT_BYTES_PER_CALL = 1 << 22;

let compiled: WebAssembly.Module | null | undefined;

/**
 * The compiled kernel, or null when this runtime cannot compile it (no WebAssembly, no SIMD or no
 * bulk-memory support). Compiled at the first call, then cached.
 */
export function mtBootstrapModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    if (typeof WebAssembly !== 'object' || typeof atob !== 'function') {
      compiled = null;
    } else {
      const bin = atob(MT_BOOTSTRAP_WASM_BASE64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      compiled = new WebAssembly.Module(bytes);
    }
  } catch {
    compiled = null;
  }
  return compiled;
}

type KernelRun = (width: number, index: number, n: number, shift: number, stride: number, rounds: number, gp: number, cnt: number) => number;

/**
 * Runs `rounds` rounds of n draws of randrange(n) on `rng` through the kernel: round r's draws are
 * the same, in the same order, as `rng.countRandrange(n, groupOf, counts, n)` would make (counts
 * zeroed first), and `onRound(counts, r)` is called with counts[g] = number of the round's draws
 * that fell on a case of group g. The same Uint32Array (length `groups`) is reused between rounds:
 * copy it to keep it. Afterwards `rng` is in the state the JS loop would leave (it can go on
 * drawing). Rounds are computed in chunks (about 4·10^6 draws per kernel call) and the callbacks
 * of a chunk are made after it.
 * @param rng the generator (its state is read before and written after every chunk).
 * @param groupOf group of each case, n = groupOf.length in [1, 2^31); ids in [0, groups) (checked
 *   by the caller, see bootstrapGroupCounts: a larger id is clamped into the trash counter here).
 * @param groups integer >= 1.
 * @param rounds integer >= 1.
 * @returns true when the rounds ran; false (nothing drawn, rng untouched, onRound never called)
 *   when the kernel is unavailable or would need more than 1 GiB of memory.
 * @throws RangeError for n outside [1, 2^31), groups < 1 or rounds < 1.
 */
export function countRoundsWasm(
  rng: PyRandom,
  groupOf: Uint8Array | Uint16Array | Uint32Array,
  groups: number,
  rounds: number,
  onRound: (counts: Uint32Array, round: number) => void,
): boolean {
  const n = groupOf.length;
  if (n < 1 || n > 0x7fffffff) throw new RangeError(`countRoundsWasm: n must be in [1, 2^31), got ${n}`);
  if (!Number.isInteger(groups) || groups < 1) throw new RangeError(`countRoundsWasm: groups must be an integer >= 1, got ${groups}`);
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`countRoundsWasm: rounds must be an integer >= 1, got ${rounds}`);
  const module = mtBootstrapModule();
  if (module === null) return false;

  const stride = groups + 1; // the last counter of a row counts the rejected words
  const trash = groups;
  const width = stride <= 256 ? 1 : stride <= 65536 ? 2 : 4;
  const shift = Math.clz32(n);
  const tableLen = 2 ** (32 - shift); // 2^bit_length(n): every value of getrandbits(k)
  const chunk = Math.max(1, Math.min(rounds, Math.floor(DRAWS_PER_CALL / n), Math.floor(COUNT_BYTES_PER_CALL / (16 * stride))));
  const cnt = FIXED_BYTES;
  const gp = cnt + chunk * stride * 16; // rows of 16·stride bytes (four banks per counter while counting)
  const total = gp + tableLen * width;
  if (total > MAX_MEMORY_BYTES) return false;
  const memory = new WebAssembly.Memory({ initial: Math.ceil(total / PAGE) });
  const run = new WebAssembly.Instance(module, { env: { memory } }).exports.run as KernelRun;

  const buf = memory.buffer;
  const table = width === 1 ? new Uint8Array(buf, gp, tableLen) : width === 2 ? new Uint16Array(buf, gp, tableLen) : new Uint32Array(buf, gp, tableLen);
  for (let i = 0; i < n; i++) table[i] = Math.min(groupOf[i], trash);
  table.fill(trash, n);
  const state = new Int32Array(buf, 0, STATE_WORDS);
  const rows = new Uint32Array(buf, cnt, chunk * stride * 4);
  const counts = new Uint32Array(groups);

  const start = rng.getState();
  state.set(start.mt);
  let index = start.index;
  for (let r0 = 0; r0 < rounds; r0 += chunk) {
    const c = Math.min(chunk, rounds - r0);
    index = run(width, index, n, shift, stride, c, gp, cnt);
    rng.setState(state, index);
    for (let r = 0; r < c; r++) {
      counts.set(rows.subarray(4 * r * stride, 4 * r * stride + groups));
      onRound(counts, r0 + r);
    }
  }
  return true;
}
