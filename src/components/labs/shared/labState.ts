/**
 * A lab's state outside the page: versioned localStorage, and the share link (the state compressed
 * with lz-string into the URL hash, `#state=...`). Both are untrusted: they go through the same zod
 * envelope schema, and the texts inside then go through the lab's own schema like anything typed.
 * Corrupt storage or a tampered link is ignored with a notice, never fatal.
 */
import * as z from 'zod/mini';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

export const STATE_VERSION = 1 as const;
/**
 * Texts longer than this (in UTF-16 code units, about 2 MB of CSV/JSONL) are "large": the editor
 * shows a read-only preview instead of CodeMirror, the state is not saved in localStorage and the
 * share link is not offered. The full text stays in memory and goes to the worker as it is.
 */
export const LARGE_TEXT_CHARS = 2_000_000;

/**
 * Saved state longer than this (UTF-16 code units, all texts together) is written to localStorage
 * only after SLOW_SAVE_MS without an edit, or when the page is hidden or left: serializing and
 * writing it takes hundreds of milliseconds of the page's thread (10^4 threshold cases, about 0.7 MB:
 * `localStorage.setItem` 1.7 s of samples over three edits in a Chromium trace, 2026-12-02), which
 * landed between keystrokes at the usual 300 ms pause.
 */
export const SLOW_SAVE_CHARS = 200_000;
/** The pause after the last edit before a state over SLOW_SAVE_CHARS is saved, in milliseconds. */
export const SLOW_SAVE_MS = 4_000;

/** True when a text is too large for the editor, localStorage and a share link. */
export function isLargeText(text: string | undefined): boolean {
  return (text?.length ?? 0) > LARGE_TEXT_CHARS;
}
const MAX_TEXT = 50_000_000;
/**
 * The longest `#state=` value read (characters). Browsers cap URLs near 2 MB, and share links are
 * offered only for texts below LARGE_TEXT_CHARS: a longer hash is not a link this site made, and
 * decompressing it would only cost time and memory.
 */
export const MAX_SHARE_HASH_CHARS = 2_000_000;

/** The envelope of a saved or shared lab state. `view` is lab-specific and checked by the lab. */
// zod/mini: the same validation as classic zod at a fraction of the page weight (the worker, not
// the page, loads the full lab schemas).
export const labStateSchema = z.object({
  v: z.literal(STATE_VERSION),
  lab: z.string().check(z.minLength(1), z.maxLength(40)),
  texts: z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(MAX_TEXT))),
  view: z.optional(z.unknown()),
  /** Texts of the last input that gave a result: after a reload with a broken input, the page
   *  shows that result again, marked stale, next to the learner's broken text. */
  valid: z.optional(z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(MAX_TEXT)))),
});
export type LabState = z.infer<typeof labStateSchema>;

/**
 * localStorage key of a lab's state: `scope` separates an exercise's work from the free lab, and
 * `lang` the Spanish page's work from the English page's (each starts from its own language's
 * data; issue 23: the English lab opened with the Spanish cases). Without `lang`: the key of
 * earlier versions, read once by readSaved and moved to the language that opens it first.
 */
export const storageKey = (lab: string, scope?: string, lang?: 'es' | 'en') => `evals-lab:${lab}${scope ? `@${scope}` : ''}${lang ? `:${lang}` : ''}:v${STATE_VERSION}`;

function validate(raw: unknown, lab: string, inputs: readonly string[]): LabState | null {
  const r = labStateSchema.safeParse(raw);
  if (!r.success || r.data.lab !== lab) return null;
  if (!inputs.every((k) => typeof r.data.texts[k] === 'string')) return null;
  return r.data;
}

/** Decodes a share-link hash value; null if it is not a valid state for this lab. */
export function decodeShared(hash: string, lab: string, inputs: readonly string[]): LabState | null {
  if (hash.length > MAX_SHARE_HASH_CHARS + 16) return null;
  const m = /(?:^#|&)state=([^&]+)/.exec(hash);
  if (!m) return null;
  try {
    const json = decompressFromEncodedURIComponent(m[1]);
    if (!json) return null;
    return validate(JSON.parse(json), lab, inputs);
  } catch {
    return null;
  }
}

/** The URL (current page, no hash) with the state in its hash. */
export function encodeShareUrl(state: LabState, base: string): string {
  const [page, hash = ''] = base.split('#');
  // Other parts of the hash stay (an exercise link carries its exercise there): only `state` is replaced.
  const others = withoutStateParam(`#${hash}`).slice(1);
  return `${page}#${others ? `${others}&` : ''}state=${compressToEncodedURIComponent(JSON.stringify(state))}`;
}

/**
 * A location hash without its `state=` part ('#a=1&state=x' -> '#a=1'; '#state=x' -> ''). Plain
 * anchors ('#main') are dropped too: only `key=value` parts are kept.
 */
export function withoutStateParam(hash: string): string {
  const parts = hash.replace(/^#/, '').split('&').filter((p) => p.includes('=') && !p.startsWith('state='));
  return parts.length ? `#${parts.join('&')}` : '';
}

/**
 * A stored value (the text of a localStorage entry, e.g. a `storage` event's newValue from another
 * tab) read as this lab's state; null when it is not one. Never throws.
 */
export function parseStored(raw: string, lab: string, inputs: readonly string[]): LabState | null {
  try {
    return validate(JSON.parse(raw), lab, inputs);
  } catch {
    return null;
  }
}

/**
 * The saved state of a lab (in a scope, for the page's language); `corrupt` when something was
 * stored but could not be read. Work saved by an earlier version under the key without a language
 * is moved, once, to the language of the page that reads it first: it is never dropped.
 */
export function readSaved(lab: string, inputs: readonly string[], scope: string | undefined, lang: 'es' | 'en'): { state: LabState | null; corrupt: boolean } {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey(lab, scope, lang));
    if (raw === null) {
      const legacy = localStorage.getItem(storageKey(lab, scope));
      if (legacy !== null) {
        localStorage.setItem(storageKey(lab, scope, lang), legacy);
        localStorage.removeItem(storageKey(lab, scope));
        raw = legacy;
      }
    }
  } catch {
    return { state: null, corrupt: false };
  }
  if (raw === null) return { state: null, corrupt: false };
  try {
    const s = validate(JSON.parse(raw), lab, inputs);
    return { state: s, corrupt: s === null };
  } catch {
    return { state: null, corrupt: true };
  }
}

/**
 * Saves the state (for the page's language). Returns false when the browser refuses (storage full
 * or disabled): the lab keeps working and the page says that the work is not being saved.
 */
export function save(state: LabState, scope: string | undefined, lang: 'es' | 'en'): boolean {
  try {
    localStorage.setItem(storageKey(state.lab, scope, lang), JSON.stringify(state));
    return true;
  } catch {
    return false;
  }
}

export function clearSaved(lab: string, scope: string | undefined, lang: 'es' | 'en'): void {
  try {
    localStorage.removeItem(storageKey(lab, scope, lang));
  } catch {
    /* ignore */
  }
}

/** Offers text as a file download. */
export function downloadText(filename: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
