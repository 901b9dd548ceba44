/**
 * The learner's state of one lab: the texts of its inputs and its view (e.g. the chosen operating
 * point). Starts from a share link in the URL, else from this browser's saved state, else from the
 * chapter's preset; saves every change (versioned localStorage).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadInitial, save, clearSaved, encodeShareUrl, isLargeText, STATE_VERSION, type Loaded } from './labState.ts';
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

  useEffect(() => {
    // A share link is applied once; drop it from the address bar so a reload shows saved work.
    if (initial.current?.fromLink) history.replaceState(null, '', location.pathname + location.search);
  }, []);

  const tooLarge = Object.values(texts).some(isLargeText);
  useEffect(() => {
    // A large text (a dropped file of many rows) is kept in memory only: localStorage would
    // overflow, and writing megabytes on every edit would stall the page.
    if (tooLarge) return;
    const timer = setTimeout(() => save({ v: STATE_VERSION, lab: labId, texts, view }, scope), 300);
    return () => clearTimeout(timer);
  }, [labId, texts, view, scope, tooLarge]);

  const setText = useCallback((name: string, text: string) => setTexts((t) => (t[name] === text ? t : { ...t, [name]: text })), []);
  const setView = useCallback((v: unknown) => setViewState(v), []);
  const reset = useCallback(() => {
    clearSaved(labId, scope);
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
    () => ({ texts, view, notice, setText, setView, reset, shareUrl, tooLarge }),
    [texts, view, notice, setText, setView, reset, shareUrl, tooLarge],
  );
}
