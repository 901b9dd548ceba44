/**
 * The width, in CSS pixels, that a widget's drawing has to lay out for: the content width of the
 * element the returned ref is attached to, followed with a ResizeObserver. A drawing whose viewBox
 * is exactly this wide (scale 1) keeps its text at its CSS size on any screen, where a wide drawing
 * shrunk to a phone would turn 11 px labels into 5 px ones. The server (and the first client
 * render) use `fallback`, narrow enough for a phone; the drawing never scales up past its viewBox
 * (see box.css), so the static figure stays legible everywhere until the measured width arrives.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useBoxWidth(fallback = 320, min = 260, max = 760): [(el: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(fallback);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el || typeof ResizeObserver === 'undefined') return;
      const apply = (w: number) => {
        if (w > 0) setWidth(Math.max(min, Math.min(max, Math.floor(w))));
      };
      apply(el.getBoundingClientRect().width);
      observer.current = new ResizeObserver((entries) => {
        for (const e of entries) apply(e.contentRect.width);
      });
      observer.current.observe(el);
    },
    [min, max],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}
