/**
 * Loads a lab island when it is needed. The server renders a placeholder (the chapter reads
 * without JavaScript); in the browser, once this hydrates (client:visible: when the lab scrolls into
 * view), it fetches the island and the lab's preset for the page's language, then renders the lab;
 * meanwhile the lab's worker starts and loads the lab's engine (startLabWorker).
 */
import '../../lib/zod-csp.ts';
import { useEffect, useState, type ComponentType } from 'react';
import { islandLoader } from './islands.ts';
import { startLabWorker } from './shared/useLabRunner.ts';
import { loadExampleTexts, loadPresetTexts } from '../../lib/presets.ts';
import type { LabEmbed, LabIslandProps } from './shared/embed.ts';

interface Props {
  id: string;
  lang: 'es' | 'en';
  /** Shown until the island is ready (and if it cannot load). */
  loadingText: string;
  failedText: string;
  embed?: LabEmbed;
}

export default function LabLoader({ id, lang, loadingText, failedText, embed }: Props) {
  const [loaded, setLoaded] = useState<{ Island: ComponentType<LabIslandProps>; preset: Record<string, string>; examples: Record<string, string> } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const load = islandLoader(id);
    if (!load) {
      setFailed(true);
      return;
    }
    // the lab's worker and engine load beside the island's code (useLabRunner takes this worker)
    startLabWorker(id);
    Promise.all([load(), loadPresetTexts(id, lang), loadExampleTexts(id, lang)]).then(
      ([mod, preset, examples]) => live && setLoaded({ Island: mod.default, preset, examples }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, lang]);
  if (failed) return <p className="notice" role="alert">{failedText}</p>;
  if (!loaded) return <p className="lab-loading" data-testid="lab-loading">{loadingText}</p>;
  const { Island, preset, examples } = loaded;
  return <Island lang={lang} preset={preset} examples={examples} embed={embed} />;
}
