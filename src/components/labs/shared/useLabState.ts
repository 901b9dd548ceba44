/**
 * The learner's state of one lab: the texts of its inputs and its view (e.g. the chosen operating
 * point), saved in this browser (versioned localStorage) as the learner's own work.
 *
 * Nothing from outside replaces that work without the learner's choice. A share link (#state=…,
 * on load or when only the hash changes), an exercise link opened over saved work on that exercise,
 * and an imported file all open as a *pending* state: the page shows it, says where it comes from,
 * and offers "keep it" (it becomes the saved work) or "go back to my work"; until then nothing is
 * saved. Either choice can be undone once. The saved work is read and written only here.
 *
 * Two tabs on the same lab: when the other tab saves, this one hears the `storage` event and shows
 * that state as pending (source 'tab'). Keeping it makes it this tab's work; going back re-saves
 * this tab's work (which the other tab then sees as pending in turn). Storage that cannot be
 * written (quota, private mode) sets the notice 'storage_failed'; damaged or outdated storage is
 * ignored with 'storage_ignored' and the preset is used.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LabMeta } from '../../../../labs/core/contract/lab.ts';
import { clearSaved, decodeShared, encodeShareUrl, isLargeText, parseStored, readSaved, save, storageKey, withoutStateParam, SLOW_SAVE_CHARS, SLOW_SAVE_MS, STATE_VERSION } from './labState.ts';
import type { LabEmbed } from './embed.ts';

/**
 * Where a pending state comes from. 'tab': another tab of this browser saved newer work on the same
 * lab (the `storage` event); it is offered like a link, never applied silently, so two tabs
 * editing one lab never overwrite each other without a choice.
 */
export type PendingSource = { kind: 'link' } | { kind: 'exercise' } | { kind: 'file'; input: string; file: string } | { kind: 'tab' } | { kind: 'language' };

export interface LabStateApi {
  texts: Record<string, string>;
  view: unknown;
  /** A problem found while loading: a bad share link, damaged storage, or storage that cannot be written. */
  notice: 'bad_share_link' | 'storage_ignored' | 'storage_failed' | null;
  setText: (name: string, text: string) => void;
  /** A file's text for an input: opens as a pending state when it would replace saved work. */
  importFile: (name: string, fileName: string, text: string) => void;
  /** Several inputs' texts from one import (labs/imports.ts), applied like importFile. */
  importTexts: (texts: Record<string, string>, fileName: string) => void;
  setView: (view: unknown) => void;
  reset: () => void;
  shareUrl: () => string;
  /** True when some text is large (see LARGE_TEXT_CHARS): nothing is saved and no link is offered. */
  tooLarge: boolean;
  /** Texts of the last input that produced a result (saved with the state), or null. */
  lastValid: Record<string, string> | null;
  setLastValid: (texts: Record<string, string>) => void;
  /** The state on screen came from outside and is not saved yet (null: the learner's own work). */
  pending: PendingSource | null;
  /** Whether saved work exists that the pending state would replace. */
  hasSavedWork: boolean;
  keepPending: () => void;
  discardPending: () => void;
  /** The last keep/discard choice, which `undo` reverts (null when there is nothing to undo). */
  lastChoice: 'kept' | 'discarded' | null;
  undo: () => void;
}

interface Snapshot {
  texts: Record<string, string>;
  view: unknown;
}

interface Store {
  own: Snapshot;
  pending: (Snapshot & { source: PendingSource }) | null;
  undo: { choice: 'kept' | 'discarded'; before: Pick<Store, 'own' | 'pending'> } | null;
}

function sameTexts(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return sameTexts(a.texts, b.texts) && JSON.stringify(a.view ?? null) === JSON.stringify(b.view ?? null);
}

/**
 * @param meta the lab (its inputs, view schema and default view)
 * @param preset the lab's default texts in the page's language
 * @param embed set when the lab is embedded in an exercise (its start state replaces the preset and
 *   its work is saved apart from the free lab)
 */
export function useLabState(meta: LabMeta, preset: Record<string, string>, embed?: LabEmbed): LabStateApi {
  const labId = meta.id;
  const inputNames = useMemo(() => meta.inputs.map((i) => i.name), [meta]);
  const scope = embed?.storageId;
  // the page's language: each language keeps its own saved work (labState.storageKey)
  const lang: 'es' | 'en' = typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'es';
  // Only whether the view is valid matters here (a bad one is dropped); the worker reports problems in words.
  const validView = useCallback((v: unknown) => meta.view.safeParse(v).success, [meta]);
  const base = useMemo<Snapshot>(() => {
    // Every input has a text (optional ones start empty unless the preset gives them).
    const blank = Object.fromEntries(meta.inputs.map((i) => [i.name, '']));
    const texts = embed ? { ...blank, ...preset, ...embed.start.texts } : { ...blank, ...preset };
    const v = embed?.start.view;
    return { texts, view: v !== undefined && validView(v) ? v : meta.defaultView };
  }, [embed, preset, meta, validView]);

  const init = useRef<{ store: Store; notice: LabStateApi['notice']; fromLink: boolean; savedExists: boolean; valid: Record<string, string> | null } | null>(null);
  if (init.current === null) {
    const saved = readSaved(labId, inputNames, scope, lang);
    const savedSnap: Snapshot | null = saved.state ? { texts: { ...base.texts, ...saved.state.texts }, view: validView(saved.state.view) ? saved.state.view : base.view } : null;
    const own = savedSnap ?? base;
    let notice: LabStateApi['notice'] = saved.corrupt ? 'storage_ignored' : null;
    let pending: Store['pending'] = null;
    let fromLink = false;
    const hash = typeof location !== 'undefined' ? location.hash : '';
    if (/(?:^#|&)state=/.test(hash)) {
      const shared = decodeShared(hash, labId, inputNames);
      if (shared) {
        fromLink = true;
        const snap = { texts: { ...base.texts, ...shared.texts }, view: validView(shared.view) ? shared.view : base.view };
        if (!sameSnapshot(snap, own)) pending = { ...snap, source: { kind: 'link' } };
      } else notice = 'bad_share_link';
    } else if (embed?.fromLink && savedSnap && !sameSnapshot(savedSnap, base)) {
      // An exercise link opened over saved work on that exercise: its start state is offered, the work kept.
      pending = { ...base, source: { kind: 'exercise' } };
    } else if (!saved.state && !saved.corrupt) {
      // No work in this language, but some on the other language's page (e.g. the learner switched
      // language while working): it is offered, never taken silently; nothing is saved until chosen.
      const other = readSaved(labId, inputNames, scope, lang === 'es' ? 'en' : 'es').state;
      const snap: Snapshot | null = other ? { texts: { ...base.texts, ...other.texts }, view: validView(other.view) ? other.view : base.view } : null;
      if (snap && !sameSnapshot(snap, base)) pending = { ...snap, source: { kind: 'language' } };
    }
    init.current = { store: { own, pending, undo: null }, notice, fromLink, savedExists: savedSnap !== null && !sameSnapshot(savedSnap, base), valid: saved.state?.valid ?? null };
  }
  const [store, setStore] = useState<Store>(init.current.store);
  const [notice, setNotice] = useState(init.current.notice);
  const [hasSavedWork, setHasSavedWork] = useState(init.current.savedExists);
  const [lastValid, setLastValidState] = useState<Record<string, string> | null>(init.current.valid);
  // Bumped to save this tab's work again (after going back to it from another tab's state).
  const [saveTick, setSaveTick] = useState(0);
  // The own state (and save tick) last written to storage.
  const lastSaved = useRef<{ own: Snapshot; tick: number } | null>(null);
  const working = store.pending ?? store.own;

  useEffect(() => {
    // Another tab saved this lab (same scope): offer its state; never overwrite this tab's silently.
    const key = storageKey(labId, scope, lang);
    const onStorage = (e: StorageEvent) => {
      if (e.key !== key || e.newValue === null) return;
      const other = parseStored(e.newValue, labId, inputNames);
      if (!other) return;
      const snap: Snapshot = { texts: { ...base.texts, ...other.texts }, view: validView(other.view) ? other.view : base.view };
      setHasSavedWork(true);
      setStore((s) => {
        if (sameSnapshot(snap, s.own) || (s.pending && sameSnapshot(snap, s.pending))) return s;
        // A choice already on screen (a link, a file) stays; the other tab's work waits for the next save.
        if (s.pending && s.pending.source.kind !== 'tab') return s;
        return { ...s, pending: { ...snap, source: { kind: 'tab' } }, undo: null };
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [labId, scope, lang, inputNames, base, validView]);

  useEffect(() => {
    // A share link is applied once: drop it from the address bar so a reload shows the saved work.
    if (init.current?.fromLink || init.current?.notice === 'bad_share_link') history.replaceState(null, '', location.pathname + location.search + withoutStateParam(location.hash));
  }, []);

  useEffect(() => {
    // Following a share link for the lab already open changes only the hash: apply it the same way.
    const onHash = () => {
      if (!/(?:^#|&)state=/.test(location.hash)) return;
      const shared = decodeShared(location.hash, labId, inputNames);
      history.replaceState(null, '', location.pathname + location.search + withoutStateParam(location.hash));
      if (!shared) {
        setNotice('bad_share_link');
        return;
      }
      setStore((s) => {
        const snap = { texts: { ...base.texts, ...shared.texts }, view: validView(shared.view) ? shared.view : base.view };
        return sameSnapshot(snap, s.own) ? { ...s, pending: null } : { ...s, pending: { ...snap, source: { kind: 'link' } }, undo: null };
      });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [labId, inputNames, base, validView]);

  const tooLarge = Object.values(working.texts).some(isLargeText);
  const ownLarge = Object.values(store.own.texts).some(isLargeText);
  useEffect(() => {
    // Only the learner's own work is saved. A large text (a dropped file of many rows) is kept in
    // memory only: localStorage would overflow, and writing megabytes on every edit would stall the page.
    if (ownLarge) return;
    const valid = lastValid && !store.pending && !Object.values(lastValid).some(isLargeText) ? lastValid : undefined;
    // While another state is on screen, this tab's unchanged work is not written again: that write
    // would replace the other tab's save and make it offer this tab's work back (a ping-pong).
    if (store.pending && lastSaved.current?.own === store.own && lastSaved.current.tick === saveTick) return;
    const write = () => {
      // The untouched starting state is not the learner's work: nothing is stored for it, so the
      // other language's page opens on its own preset (a stored copy of this one would look like work).
      if (sameSnapshot(store.own, base)) {
        clearSaved(labId, scope, lang);
        setHasSavedWork(false);
        return;
      }
      const ok = save({ v: STATE_VERSION, lab: labId, texts: store.own.texts, view: store.own.view, ...(valid ? { valid } : {}) }, scope, lang);
      if (!ok) setNotice('storage_failed');
      else {
        lastSaved.current = { own: store.own, tick: saveTick };
        setHasSavedWork(true);
      }
    };
    // A large state waits for a longer pause (or the page being hidden or left), so that its
    // serialization does not fall between keystrokes; anything else is saved 300 ms after the edit.
    const size = Object.values(store.own.texts).reduce((n, t) => n + t.length, 0) + Object.values(valid ?? {}).reduce((n, t) => n + t.length, 0);
    let done = false;
    const flush = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      write();
    };
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    const timer = setTimeout(flush, size > SLOW_SAVE_CHARS ? SLOW_SAVE_MS : 300);
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      done = true;
      clearTimeout(timer);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [labId, store.own, store.pending, scope, lang, ownLarge, lastValid, base, saveTick]);

  const setLastValid = useCallback((t: Record<string, string>) => setLastValidState((old) => (old && sameTexts(old, t) ? old : t)), []);

  // An edit that changes nothing (an editor echoing a text the page just gave it) keeps the store as
  // it is: it must not drop the undo of a keep/discard choice.
  const edit = useCallback((f: (s: Snapshot) => Snapshot) => {
    setStore((s) => {
      if (s.pending) {
        const next = f(s.pending);
        return next === s.pending ? s : { ...s, pending: { ...next, source: s.pending.source } };
      }
      const next = f(s.own);
      return next === s.own ? s : { ...s, own: next, undo: null };
    });
  }, []);
  const setText = useCallback((name: string, text: string) => edit((s) => (s.texts[name] === text ? s : { ...s, texts: { ...s.texts, [name]: text } })), [edit]);
  const setView = useCallback((v: unknown) => edit((s) => (JSON.stringify(s.view ?? null) === JSON.stringify(v ?? null) ? s : { ...s, view: v })), [edit]);
  const importTexts = useCallback((patch: Record<string, string>, fileName: string) => {
    const names = Object.keys(patch);
    if (names.length === 0) return;
    setStore((s) => {
      if (s.pending) return { ...s, pending: { ...s.pending, texts: { ...s.pending.texts, ...patch } } };
      if (names.every((n) => (s.own.texts[n] ?? '') === patch[n])) return s;
      // Nothing of the learner's would be replaced (the lab still shows its starting state): apply it.
      if (sameSnapshot(s.own, base)) return { ...s, own: { ...s.own, texts: { ...s.own.texts, ...patch } }, undo: null };
      return { ...s, pending: { texts: { ...s.own.texts, ...patch }, view: s.own.view, source: { kind: 'file', input: names[0], file: fileName } }, undo: null };
    });
  }, [base]);
  const importFile = useCallback((name: string, fileName: string, text: string) => importTexts({ [name]: text }, fileName), [importTexts]);
  const keepPending = useCallback(() => setStore((s) => (s.pending ? { own: { texts: s.pending.texts, view: s.pending.view }, pending: null, undo: { choice: 'kept', before: { own: s.own, pending: s.pending } } } : s)), []);
  const discardPending = useCallback(() => {
    setStore((s) => {
      if (!s.pending) return s;
      // Back to this tab's work after another tab's save: this tab's work is saved again.
      if (s.pending.source.kind === 'tab') setSaveTick((n) => n + 1);
      return { own: s.own, pending: null, undo: { choice: 'discarded', before: { own: s.own, pending: s.pending } } };
    });
  }, []);
  const undo = useCallback(() => setStore((s) => (s.undo ? { ...s.undo.before, undo: null } : s)), []);
  const reset = useCallback(() => {
    clearSaved(labId, scope, lang);
    setLastValidState(null);
    setHasSavedWork(false);
    setStore({ own: base, pending: null, undo: null });
  }, [labId, base, scope, lang]);
  const shareUrl = useCallback(() => encodeShareUrl({ v: STATE_VERSION, lab: labId, texts: working.texts, view: working.view }, location.href), [labId, working]);
  return useMemo(
    () => ({
      texts: working.texts,
      view: working.view,
      notice,
      setText,
      importFile,
      importTexts,
      setView,
      reset,
      shareUrl,
      tooLarge,
      lastValid,
      setLastValid,
      pending: store.pending?.source ?? null,
      hasSavedWork,
      keepPending,
      discardPending,
      lastChoice: store.undo?.choice ?? null,
      undo,
    }),
    [working, notice, setText, importFile, importTexts, setView, reset, shareUrl, tooLarge, lastValid, setLastValid, store, hasSavedWork, keepPending, discardPending, undo],
  );
}
