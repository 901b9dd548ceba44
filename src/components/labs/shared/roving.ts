/**
 * Roving tabindex for a list of buttons that act as one composite widget (WAI-ARIA APG): the list
 * is ONE tab stop (the element with tabIndex 0), and the arrow keys move the focus between its
 * members: Up/Left to the previous, Down/Right to the next, Home and End to the first and last.
 * Members are the container's elements matching `selector`, in document order; the one focused
 * gets tabIndex 0 and the others -1, so Tab leaves the widget from wherever the learner is.
 */
import type { KeyboardEvent } from 'react';

/** Moves the focus inside the composite for an arrow, Home or End key; other keys pass through. */
export function rovingKeyDown(e: KeyboardEvent<HTMLElement>, selector = '[data-roving]'): void {
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(selector));
  const i = items.indexOf(document.activeElement as HTMLElement);
  if (i < 0) return;
  let j = i;
  if (e.key === 'ArrowDown' || e.key === 'ArrowRight') j = Math.min(items.length - 1, i + 1);
  else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') j = Math.max(0, i - 1);
  else if (e.key === 'Home') j = 0;
  else if (e.key === 'End') j = items.length - 1;
  else return;
  e.preventDefault();
  for (const el of items) el.tabIndex = -1;
  items[j].tabIndex = 0;
  items[j].focus();
}

/** One line telling keyboard users how the composite works, in the page's language. */
export const ROVING_HELP = {
  es: 'Los botones de esta lista son una sola parada de tabulación: las flechas pasan de uno a otro (Inicio y Fin, al primero y al último).',
  en: "This list's buttons are a single tab stop: the arrow keys move between them (Home and End, to the first and the last).",
} as const;
