/**
 * The live half of a chapter widget: mounted once the reader changes something, it runs the lab in
 * the page's one widget worker (useLabRunner, shared mode: debounced, latest wins) and reports
 * each state to the widget, which keeps drawing its figure from the build-time scorecard until the first live result arrives.
 * Keeping the runner in a separate, invisible component means the figure and its controls are never
 * remounted when the widget goes live, so keyboard focus stays where the reader left it.
 */
import { useEffect } from 'react';
import type { LabId, ResultOf, ViewOf } from '../../../../labs/manifest.ts';
import { useLabRunner } from '../../labs/shared/useLabRunner.ts';
import { fmt } from '../../labs/shared/format.tsx';

export interface LiveState<R> {
  result: R | null;
  busy: boolean;
  /** The edited input was rejected (the figure keeps the last valid result). */
  failed: boolean;
}

export default function LiveRun<Id extends LabId>({ lab, texts, lang, view, onState }: { lab: Id; texts: Record<string, string>; lang: 'es' | 'en'; view?: ViewOf<Id>; onState: (s: LiveState<ResultOf<Id>>) => void }) {
  const run = useLabRunner(lab, texts, lang, view, undefined, 150, true);
  useEffect(() => {
    onState({ result: run.result, busy: run.busy, failed: run.issues.length > 0 });
  }, [run.result, run.busy, run.issues, onState]);
  return null;
}

/** A number for a widget in the page's language (fmt: Intl.NumberFormat, `digits` decimals at most, decimal comma in Spanish); '–' for null and infinities. */
export function num(v: number | null | undefined, lang: 'es' | 'en', digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  return fmt(v, lang, digits);
}
