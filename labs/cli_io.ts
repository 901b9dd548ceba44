/**
 * Input and output of the command line (labs/cli.ts), kept apart so that tests can call them:
 *
 *   readInputFile(path, lang)   reads one regular file as UTF-8 text, refusing pipes, devices and
 *                               sockets (a FIFO with no writer or /dev/zero would hang the CLI) and
 *                               files over MAX_INPUT_BYTES; every failure is a sentence in `lang`
 *                               (errno codes translated, a generic sentence for the rest);
 *   jsonChunks(value)           JSON.stringify(value, null, 2) as a sequence of pieces, so that a
 *                               scorecard of 10^6 cases is written without building one string
 *                               longer than V8 allows ("Invalid string length");
 *   writeChunks(out, chunks)    writes the pieces to a stream, waiting for 'drain' (backpressure),
 *                               resolving once everything is handed to the stream.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Lang } from './core/contract/types.ts';
import { coreMsg } from './core/contract/i18n/index.ts';

/**
 * The largest input file read (bytes): 500 MiB, so that 10^7 calibration rows (about 330 MB) fit
 * while the text stays under V8's longest string (2^29 - 24 characters).
 */
export const MAX_INPUT_BYTES = 500 * 1024 * 1024;

export type ReadOutcome = { ok: true; text: string } | { ok: false; message: string };

/** readInputFile's bytes, for binary inputs (an Inspect .eval archive). Never throws. */
export function readInputBytes(path: string, lang: Lang, maxBytes = MAX_INPUT_BYTES): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
  const r = readRaw(path, lang, maxBytes);
  return r.ok ? { ok: true, bytes: r.buf } : r;
}

/** The reason for an errno code in `lang` (a generic sentence for codes without a translation). */
export function fileErrorReason(code: string | undefined, lang: Lang): string {
  const t = coreMsg(lang).cli.file_errors as unknown as Record<string, unknown>;
  if (code && code !== 'too_large' && Object.prototype.hasOwnProperty.call(t, code) && typeof t[code] === 'string') return t[code] as string;
  return coreMsg(lang).cli.file_errors.other;
}

/**
 * Reads `path` as UTF-8 (invalid bytes become U+FFFD, as a browser's File.text() does). Opens with
 * O_NONBLOCK so that opening a FIFO without a writer returns at once; only a regular file (after
 * symbolic links) is read, and at most `maxBytes` of it. Never throws.
 */
export function readInputFile(path: string, lang: Lang, maxBytes = MAX_INPUT_BYTES): ReadOutcome {
  const r = readRaw(path, lang, maxBytes);
  return r.ok ? { ok: true, text: Buffer.from(r.buf.buffer, r.buf.byteOffset, r.buf.length).toString('utf8') } : r;
}

function readRaw(path: string, lang: Lang, maxBytes: number): { ok: true; buf: Uint8Array } | { ok: false; message: string } {
  const t = coreMsg(lang).cli;
  const failed = (why: string) => ({ ok: false as const, message: t.file_error(path, why) });
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (st.isDirectory()) return failed(fileErrorReason('EISDIR', lang));
    if (!st.isFile()) return failed(t.file_errors.not_regular);
    if (st.size > maxBytes) return failed(t.file_errors.too_large(Math.round(maxBytes / (1024 * 1024))));
    const buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes) + 1);
    let got = 0;
    // Read in a loop: a file that grows while it is read stops at the limit.
    for (;;) {
      if (got === buf.length) return failed(t.file_errors.too_large(Math.round(maxBytes / (1024 * 1024))));
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got > maxBytes) return failed(t.file_errors.too_large(Math.round(maxBytes / (1024 * 1024))));
    }
    return { ok: true, buf: buf.subarray(0, got) };
  } catch (err) {
    return failed(fileErrorReason((err as NodeJS.ErrnoException).code, lang));
  } finally {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // nothing left to do
      }
    }
  }
}

/** Arrays longer than this, and objects at the top levels, are written piece by piece. */
const SPLIT_ARRAY = 64;
const SPLIT_DEPTH = 3;

/** A JSON value as JSON.stringify would see it (toJSON applied). */
function jsonValue(v: unknown, key: string): unknown {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') return (v as { toJSON(k: string): unknown }).toJSON(key);
  return v;
}

/**
 * The pieces of JSON.stringify(value, null, 2), in order; their concatenation is exactly that text
 * (same key order, undefined/function properties left out, undefined array elements as null).
 * Large arrays and the top levels of objects are split; each leaf piece is one JSON.stringify
 * call, so no piece is much longer than one element of the largest array. Iterative in spirit:
 * it descends only SPLIT_DEPTH levels plus the nesting of large arrays.
 */
export function* jsonChunks(value: unknown, indent = '', depth = 0, key = ''): Generator<string> {
  const v = jsonValue(value, key);
  const inner = `${indent}  `;
  const leaf = (x: unknown) => JSON.stringify(x, null, 2)?.replaceAll('\n', `\n${inner}`);
  if (Array.isArray(v) && v.length > 0 && (v.length > SPLIT_ARRAY || depth < SPLIT_DEPTH)) {
    yield '[';
    for (let i = 0; i < v.length; i++) {
      yield `${i ? ',' : ''}\n${inner}`;
      const el = jsonValue(v[i], String(i));
      if (el !== null && typeof el === 'object') yield* jsonChunks(el, inner, depth + 1, String(i));
      else yield leaf(el) ?? 'null';
    }
    yield `\n${indent}]`;
    return;
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && depth < SPLIT_DEPTH) {
    let first = true;
    for (const k of Object.keys(v)) {
      const el = jsonValue((v as Record<string, unknown>)[k], k);
      if (el === undefined || typeof el === 'function' || typeof el === 'symbol') continue;
      yield `${first ? '{' : ','}\n${inner}${JSON.stringify(k)}: `;
      first = false;
      if (el !== null && typeof el === 'object') yield* jsonChunks(el, inner, depth + 1, k);
      else yield leaf(el)!;
    }
    yield first ? '{}' : `\n${indent}}`;
    return;
  }
  const s = JSON.stringify(v, null, 2);
  yield s === undefined ? 'null' : s.replaceAll('\n', `\n${indent}`);
}

/**
 * Writes `chunks` to `out`, grouped into writes of about 64 KiB, waiting for 'drain' whenever the
 * stream asks to (so memory stays bounded and a pipe is never cut). Resolves when all is written.
 */
export async function writeChunks(out: Writable, chunks: Iterable<string>): Promise<void> {
  let buf = '';
  const flush = async () => {
    if (buf === '') return;
    const piece = buf;
    buf = '';
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  for (const c of chunks) {
    buf += c;
    if (buf.length >= 65536) await flush();
  }
  await flush();
}
