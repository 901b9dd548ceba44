/**
 * The learner's state of one lab: the texts of its inputs and its view (e.g. the chosen operating
 * point). Starts from a share link in the URL, else from this browser's saved state, else from the
 * chapter's preset; saves every change (versioned localStorage).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadInitial, save, clearSaved, encodeShareUrl, isLargeText, withoutStateParam, STATE_VERSION, type Loaded } from './labState.ts';
import type { LabEmbed } from './embed.ts';

export interface LabStateApi {
  texts: Record<string, string>;
  view: unknown;
  notice: Loaded['notice'];
  setText: (name: string, text: string) => void;
  setView: (view: unknown) => void;
  reset: () => void;
  shareUrl: () => string;
  /** True when some text is large (see LARGE_TEXT_CHARS): nothing is saved and no link is offered. */
  tooLarge: boolean;
  /** Texts of the last input that produced a result (saved with the state), or null. */
  lastValid: Record<string, string> | null;
  setLastValid: (texts: Record<string, string>) => void;
}

function sameTexts(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

export function useLabState(
  labId: string,
  inputNames: readonly string[],
  preset: Record<string, string>,
  isView: (v: unknown) => boolean,
  embed?: LabEmbed,
): LabStateApi {
  // An embedding (an exercise) replaces the preset with its starting state and keeps its own storage.
  const scope = embed?.storageId;
  const base = useMemo(() => (embed ? { ...preset, ...embed.start.texts } : preset), [embed, preset]);
  const baseView = embed && isView(embed.start.view) ? embed.start.view : undefined;
  const initial = useRef<Loaded | null>(null);
  if (initial.current === null) initial.current = loadInitial(labId, inputNames, scope);
  const start = initial.current.state;
  const [texts, setTexts] = useState<Record<string, string>>(() => (start ? { ...base, ...start.texts } : { ...base }));
  const [view, setViewState] = useState<unknown>(() => (start && isView(start.view) ? start.view : baseView));
  const [notice] = useState(initial.current.notice);
  const [lastValid, setLastValidState] = useState<Record<string, string> | null>(() => start?.valid ?? null);

  useEffect(() => {
    // A share link is applied once (and a bad one reported once): drop it from the address bar so
    // a reload shows the saved work.
    if (initial.current?.fromLink || initial.current?.notice === 'bad_share_link') history.replaceState(null, '', location.pathname + location.search + withoutStateParam(location.hash));
  }, []);

  const tooLarge = Object.values(texts).some(isLargeText);
  useEffect(() => {
    // A large text (a dropped file of many rows) is kept in memory only: localStorage would
    // overflow, and writing megabytes on every edit would stall the page.
    if (tooLarge) return;
    const valid = lastValid && !Object.values(lastValid).some(isLargeText) ? lastValid : undefined;
    const timer = setTimeout(() => save({ v: STATE_VERSION, lab: labId, texts, view, valid }, scope), 300);
    return () => clearTimeout(timer);
  }, [labId, texts, view, scope, tooLarge, lastValid]);

  const setLastValid = useCallback((t: Record<string, string>) => setLastValidState((old) => (old && sameTexts(old, t) ? old : t)), []);

  const setText = useCallback((name: string, text: string) => setTexts((t) => (t[name] === text ? t : { ...t, [name]: text })), []);
  const setView = useCallback((v: unknown) => setViewState(v), []);
  const reset = useCallback(() => {
    clearSaved(labId, scope);
    setLastValidState(null);
    setTexts({ ...base });
    setViewState(baseView);
    // baseView is derived from embed, which is stable for the island's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labId, base, scope]);
  const shareUrl = useCallback(
    () => encodeShareUrl({ v: STATE_VERSION, lab: labId, texts, view }, location.href),
    [labId, texts, view],
  );
  return useMemo(
    () => ({ texts, view, notice, setText, setView, reset, shareUrl, tooLarge, lastValid, setLastValid }),
    [texts, view, notice, setText, setView, reset, shareUrl, tooLarge, lastValid, setLastValid],
  );
}
