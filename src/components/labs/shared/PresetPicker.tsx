/**
 * A lab's data sets (labs/<id>/meta.ts `presets`) as a choice, for labs with more than one in the
 * page's language: on the English pages, the chapter's data in English and the textbook's original
 * Spanish data. Picking one loads its texts into the editors (asking first when the texts on screen
 * are the learner's own) and resets the view; it is an edit like any other (saved, shareable).
 * Nothing renders when the language has a single preset.
 */
import { useEffect, useId, useState } from 'react';
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
  useEffect(() => {
    if (!many) return;
    let live = true;
    for (const p of presetsFor(meta, lang)) {
      void loadPresetTexts(meta.id, lang, p.id).then((texts) => live && setLoaded((m) => new Map(m).set(p.id, texts)));
    }
    return () => {
      live = false;
    };
  }, [meta, lang, many]);
  if (!many) return null;
  const now = current(state.texts, loaded, offered);
  const pick = (pid: string) => {
    const texts = loaded.get(pid);
    if (pid === now || !texts) return;
    if (now === 'custom' && !window.confirm(t.confirm)) return;
    for (const [name, text] of Object.entries(texts)) state.setText(name, text);
    state.setView(meta.defaultView);
  };
  return (
    <p className="lab-presets" data-testid="preset-picker">
      <label htmlFor={`${id}-sel`}>{t.label}</label>{' '}
      <select id={`${id}-sel`} value={now} onChange={(e) => pick(e.currentTarget.value)} data-testid="preset-select">
        {offered.map((p) => <option key={p.id} value={p.id}>{p.label[lang]}</option>)}
        {now === 'custom' && <option value="custom" disabled>{t.custom}</option>}
      </select>
    </p>
  );
}
