/**
 * A lab's data sets (labs/<id>/meta.ts `presets`) as a choice, for labs with more than one in the
 * page's language: on the English pages, the chapter's data in English and the textbook's original
 * Spanish data. Picking one loads its texts into the editors (asking first when the texts on screen
 * are the learner's own) and resets the view; it is an edit like any other (saved, shareable).
 * Nothing renders when the language has a single preset.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { LabMeta, LabPreset } from '../../../../labs/core/contract/lab.ts';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { ui } from '../../../i18n/index.ts';
import { loadPresetTexts } from '../../../lib/presets.ts';
import type { LabStateApi } from './useLabState.ts';

/** The presets a page in `lang` offers (`langs` unset: both languages). */
export function presetsFor(meta: LabMeta, lang: Lang): LabPreset[] {
  return meta.presets.filter((p) => !p.langs || p.langs.includes(lang));
}

/** The preset whose every file is the text on screen, or 'custom'. */
function current(texts: Record<string, string>, loaded: Map<string, Record<string, string>>, order: LabPreset[]): string {
  for (const p of order) {
    const t = loaded.get(p.id);
    if (t && Object.entries(t).every(([k, v]) => texts[k] === v)) return p.id;
  }
  return 'custom';
}

export function PresetPicker({ meta, lang, state }: { meta: LabMeta; lang: Lang; state: LabStateApi }) {
  const t = ui(lang).presets;
  const id = useId();
  const offered = presetsFor(meta, lang);
  const [loaded, setLoaded] = useState<Map<string, Record<string, string>>>(() => new Map());
  const many = offered.length > 1;
  // Every offered preset's texts, loaded once: a pick made before they arrive waits for them (it
  // was dropped, and with the list incomplete the texts on screen looked like the learner's own).
  const all = useRef<Promise<Map<string, Record<string, string>>> | null>(null);
  // the texts on screen when a waiting pick resumes (the learner may have typed meanwhile)
  const texts = useRef(state.texts);
  texts.current = state.texts;
  useEffect(() => {
    if (!many) return;
    let live = true;
    const promise = Promise.all(presetsFor(meta, lang).map(async (p) => [p.id, await loadPresetTexts(meta.id, lang, p.id)] as const)).then((e) => new Map(e));
    all.current = promise;
    void promise.then((m) => live && setLoaded(m));
    return () => {
      live = false;
    };
  }, [meta, lang, many]);
  if (!many) return null;
  const ready = loaded.size === offered.length;
  const now = ready ? current(state.texts, loaded, offered) : offered[0].id;
  const pick = async (pid: string) => {
    const loadedNow = await all.current;
    if (!loadedNow) return;
    const before = current(texts.current, loadedNow, offered);
    const chosen = loadedNow.get(pid);
    if (pid === before || !chosen) return;
    if (before === 'custom' && !window.confirm(t.confirm)) return;
    for (const [name, text] of Object.entries(chosen)) state.setText(name, text);
    state.setView(meta.defaultView);
  };
  return (
    <p className="lab-presets" data-testid="preset-picker">
      <label htmlFor={`${id}-sel`}>{t.label}</label>{' '}
      <select id={`${id}-sel`} value={now} onChange={(e) => void pick(e.currentTarget.value)} data-testid="preset-select" aria-busy={!ready}>
        {offered.map((p) => <option key={p.id} value={p.id}>{p.label[lang]}</option>)}
        {now === 'custom' && <option value="custom" disabled>{t.custom}</option>}
      </select>
    </p>
  );
}
