/**
 * Canonical JSON and SHA-256, for locking a configuration (a rubric) so that two runs can prove
 * they used the same one (the "rubric lock" of RULERS-style evaluation: serialize, hash, reuse).
 *
 * Canonical form (modelled on RFC 8785, the JSON Canonicalization Scheme, JCS):
 * - no whitespace at all between tokens;
 * - object members sorted by key, comparing keys as sequences of UTF-16 code units (JCS §3.2.3;
 *   this is JavaScript's default string order, not a locale order);
 * - strings escaped as ECMAScript JSON.stringify does (JCS §3.2.2.2: \" \\ \b \f \n \r \t, other
 *   controls as \u00XX lowercase hex, everything else literal, including non-ASCII);
 * - numbers written as ECMAScript Number.prototype.toString (JCS §3.2.2.3): 1.0 -> "1", 1e21 ->
 *   "1e+21", 1e-7 -> "1e-7", -0 -> "0"; NaN and ±Infinity are not JSON and throw;
 * - arrays keep their order; members whose value is `undefined` are left out (as JSON.stringify
 *   does); `undefined` inside an array, functions, symbols and bigints throw.
 * Difference from JCS: no Unicode normalization or duplicate-key check (JavaScript objects cannot
 * hold duplicate keys anyway). The text is hashed as its UTF-8 bytes.
 */

/**
 * Canonical JSON text of a JSON-compatible value (rules in the module comment).
 * @throws TypeError for non-finite numbers, bigint, functions, symbols, `undefined` in arrays or at
 *   the top level, and for objects with a custom prototype other than Object/null (Dates, Maps...).
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value
          .map((v, i) => {
            if (v === undefined) throw new TypeError(`canonicalJson: undefined at array index ${i}`);
            return canonicalJson(v);
          })
          .join(',')}]`;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw new TypeError('canonicalJson: only plain objects and arrays are allowed');
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} is not JSON`);
  }
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, computed synchronously in plain TypeScript, as
 * 64 lowercase hex digits. It exists because a lab's `run` is synchronous while
 * crypto.subtle.digest (labs/core/contract/hash.ts, sha256Hex) is asynchronous; tests check it against
 * hash.ts's Web Crypto digest and the FIPS 180-4 example vectors.
 */
export function sha256HexSync(text: string): string {
  const msg = new TextEncoder().encode(text);
  const bitLen = msg.length * 8;
  const total = Math.ceil((msg.length + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  buf.set(msg);
  buf[msg.length] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 8, Math.floor(bitLen / 0x100000000));
  view.setUint32(total - 4, bitLen >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let off = 0; off < total; off += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(off + 4 * t);
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15];
      const y = w[t - 2];
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) >>> 0;
    }
    let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[t] + w[t]) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(4 * i, h[i]);
  return toHex(out);
}

/** Asynchronous SHA-256 through Web Crypto lives in labs/core/contract/hash.ts; re-exported here for convenience. */
export { sha256Hex } from './hash.ts';

/**
 * The lock of a JSON value: its canonical text and the SHA-256 of that text ("sha256:" + hex is
 * how scorecards write it). Synchronous. Throws like canonicalJson.
 */
export function lockOf(value: unknown): { canonical: string; sha256: string } {
  const canonical = canonicalJson(value);
  return { canonical, sha256: sha256HexSync(canonical) };
}
