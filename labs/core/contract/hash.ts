/**
 * SHA-256 of text, through WebCrypto (`globalThis.crypto.subtle`), which browsers, Web Workers and
 * Node >= 19 all provide: one code path, so the page and the CLI give the same hash for the same text.
 */

/**
 * Lowercase hex SHA-256 (FIPS 180-4) of the UTF-8 bytes of `text` (what Python's
 * `hashlib.sha256(text.encode('utf-8')).hexdigest()` gives, and the hash of a file whose bytes
 * are that UTF-8 text; a file read with a BOM keeps it as U+FEFF, so the bytes are the same).
 * Lone surrogates are encoded as U+FFFD by TextEncoder (Python would raise instead).
 * @returns 64 hex characters.
 * @throws Error when WebCrypto is not available (insecure browser context: http:// other than localhost).
 */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto (crypto.subtle) is not available in this context');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  const bytes = new Uint8Array(digest);
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += bytes[i].toString(16).padStart(2, '0');
  return hex;
}
