/**
 * A chapter widget (src/components/labs/<lab>/widgets/<name>.tsx, in the folder of the lab whose engine,
 * presets and strings it reads): a small live figure fed by that lab's engine. Content names it by its
 * file name (<Widget name="rag-fusion" />), which is unique across the labs (widgetModules throws otherwise).
 * The build renders it with `initial`, the scorecard of its lab on the starting state it declares
 * (so the page shows a real figure without JavaScript); in the browser it hydrates when it scrolls
 * into view (client:visible) and recomputes through the site's worker as the reader plays with it.
 *
 * A widget module exports `default` (the component) and `widget` ({ lab, start? }: which lab and
 * starting state its `initial` scorecard comes from, the same in both languages or one per language).
 */
import '../../lib/zod-csp.ts';
import type { ComponentType } from 'react';
import { NumberLang } from '../labs/shared/format.tsx';
import type { FigureStart } from '../../lib/figures.ts';

export interface WidgetProps {
  lang: 'es' | 'en';
  /** The lab's scorecard on the widget's starting state, computed at build time. */
  initial: unknown;
}

export interface WidgetSpec {
  lab: string;
  /** The starting state, or one per language (a preset file translated as <stem>.en.<ext>). */
  start?: FigureStart | { es: FigureStart; en: FigureStart };
}

/** A widget's starting state in `lang`. */
export function widgetStart(spec: WidgetSpec, lang: 'es' | 'en'): FigureStart {
  const s = spec.start ?? {};
  return 'es' in s && 'en' in s ? s[lang] : (s as FigureStart);
}

type WidgetModule = { default: ComponentType<WidgetProps>; widget: WidgetSpec };

/**
 * The widgets by name (file name without .tsx) from their module paths; throws on two files with one
 * name in different labs' folders, which would leave a <Widget name> ambiguous (the build then fails).
 */
export function widgetsByName<M>(found: Record<string, M>): Map<string, M> {
  const byName = new Map<string, M>();
  const pathOf = new Map<string, string>();
  for (const [path, mod] of Object.entries(found)) {
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.tsx$/, '');
    const other = pathOf.get(name);
    if (other) throw new Error(`two chapter widgets are named "${name}": ${other} and ${path}`);
    byName.set(name, mod);
    pathOf.set(name, path);
  }
  return byName;
}

const modules = widgetsByName(import.meta.glob<WidgetModule>('../labs/*/widgets/*.tsx', { eager: true }));

/** The module of a widget, or undefined when none has that name. */
export function widgetModule(name: string): WidgetModule | undefined {
  return modules.get(name);
}

export default function WidgetLoader({ name, lang, initial }: { name: string; lang: 'es' | 'en'; initial: unknown }) {
  const mod = widgetModule(name);
  if (!mod) return null;
  const W = mod.default;
  return <NumberLang.Provider value={lang}><W lang={lang} initial={initial} /></NumberLang.Provider>;
}
