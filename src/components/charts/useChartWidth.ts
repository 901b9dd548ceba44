/**
 * The width a chart really has on screen, so it can lay itself out for it (fewer ticks, wrapped
 * labels, taller rows) instead of shrinking as a whole SVG: a chart drawn with a viewBox as wide as
 * its box renders every SVG unit as one CSS pixel, so its 11 px text stays 11 px on a 360 px phone.
 *
 * Attach `ref` to the element whose width the chart fills (a block wrapper around the chart). Before
 * the first measurement (server rendering, the first client render) the width is `fallback` and
 * `measured` is false: draw at `fallback` and cap the SVG at `fallbackMax` CSS pixels (see
 * chartSvgStyle), so the unmeasured drawing is never scaled below 1 on a narrow screen and never
 * blown up on a wide one. Widths are whole pixels, clamped to [min, max].
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export interface ChartWidth {
  ref: (el: HTMLElement | null) => void;
  width: number;
  measured: boolean;
}

/**
 * @param fallback width (CSS px) used until the element is measured
 * @param min smallest width laid out (narrower boxes get this and scale down slightly)
 * @param max widest layout (wider boxes get this, drawn at its natural size)
 */
export function useChartWidth(fallback = 320, min = 240, max = 960): ChartWidth {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const last = useRef<number | null>(null);
  const ref = useCallback((node: HTMLElement | null) => setEl(node), []);
  useIsoLayoutEffect(() => {
    if (!el) return;
    const apply = (w: number) => {
      const next = Math.max(min, Math.min(max, Math.floor(w)));
      if (next !== last.current) {
        last.current = next;
        setWidth(next);
      }
    };
    apply(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) apply(e.contentRect.width);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [el, min, max]);
  return { ref, width: width ?? fallback, measured: width !== null };
}

/**
 * Style of an SVG laid out for `width`: drawn at exactly that many CSS pixels once measured; before
 * that, at most 1.5 times the fallback width (so server-rendered text is never scaled down on a
 * phone and never more than half again as large on a desktop).
 */
export function chartSvgStyle(c: ChartWidth): CSSProperties {
  return c.measured ? { width: `${c.width}px`, maxWidth: '100%' } : { width: '100%', maxWidth: `${Math.round(c.width * 1.5)}px` };
}
