/**
 * Loads a chapter widget (src/components/widgets/<name>.tsx, default export) when it scrolls into
 * view. Until then (and without JavaScript) the static figure the chapter renders beside it stands.
 */
import { useEffect, useState, type ComponentType } from 'react';

export interface WidgetProps {
  lang: 'es' | 'en';
}

const modules = import.meta.glob<{ default: ComponentType<WidgetProps> }>('../widgets/*.tsx');

/** Whether a widget of that name exists (checked at build time by the Widget component). */
export function widgetExists(name: string): boolean {
  return `../widgets/${name}.tsx` in modules;
}

export default function WidgetLoader({ name, lang, loadingText }: { name: string; lang: 'es' | 'en'; loadingText: string }) {
  const [W, setW] = useState<ComponentType<WidgetProps> | null>(null);
  useEffect(() => {
    const load = modules[`../widgets/${name}.tsx`];
    if (load) void load().then((m) => setW(() => m.default));
  }, [name]);
  return W ? <W lang={lang} /> : <p className="lab-loading">{loadingText}</p>;
}
