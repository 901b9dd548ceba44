/**
 * "Where it moved from" for the summary's chart (issue 18): after a recompute, a faint copy of the
 * previous drawing lies over the new one for a moment (the previous bar, point or curve), and a
 * table cell whose text changed shows its previous text struck through. The copy is decoration:
 * aria-hidden, without ids, titles or text, and it never takes pointer events. Layout is not
 * touched: the copy is a <g> appended to the same <svg>, drawn only when the viewBox is the same.
 */

/** What the summary's chart looked like after a result: each SVG's markup and a copy, each cell's text. */
export interface ChartSnapshot {
  svgs: { viewBox: string | null; html: string; copy: SVGSVGElement }[];
  cells: string[];
}

const GHOST = 'chart-ghost';

/** Removes every ghost and struck-through previous text under `root`. */
export function clearGhosts(root: Element): void {
  root.querySelectorAll(`g.${GHOST}`).forEach((g) => g.remove());
  root.querySelectorAll('[data-was]').forEach((c) => c.removeAttribute('data-was'));
}

/** The chart under `root` as drawn now (call after clearGhosts). */
export function snapshotChart(root: Element): ChartSnapshot {
  // the drawing as text, only to compare two drawings (it is never written back into the page)
  const xml = new XMLSerializer();
  const svgs = Array.from(root.querySelectorAll<SVGSVGElement>('svg')).map((s) => ({
    viewBox: s.getAttribute('viewBox'),
    html: xml.serializeToString(s),
    copy: s.cloneNode(true) as SVGSVGElement,
  }));
  const cells = Array.from(root.querySelectorAll('td')).map((c) => (c.textContent ?? '').trim());
  return { svgs, cells };
}

/**
 * Draws `was` faintly over the chart under `root` where it differs from `now` (same number of SVGs
 * and the same viewBox; same number of cells). Returns whether anything was marked.
 */
export function showGhosts(root: Element, was: ChartSnapshot, now: ChartSnapshot): boolean {
  let shown = false;
  const svgs = Array.from(root.querySelectorAll<SVGSVGElement>('svg'));
  if (svgs.length === was.svgs.length) {
    svgs.forEach((svg, i) => {
      const w = was.svgs[i];
      if (w.viewBox !== now.svgs[i].viewBox || w.html === now.svgs[i].html) return;
      const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      g.setAttribute('class', GHOST);
      g.setAttribute('aria-hidden', 'true');
      const copy = w.copy.cloneNode(true) as SVGSVGElement;
      copy.querySelectorAll('title, desc, text, foreignObject, defs, pattern').forEach((n) => n.remove());
      copy.querySelectorAll('[id]').forEach((n) => n.removeAttribute('id'));
      copy.querySelectorAll('[tabindex], [role], [aria-label]').forEach((n) => {
        n.removeAttribute('tabindex');
        n.removeAttribute('role');
        n.removeAttribute('aria-label');
      });
      while (copy.firstChild) g.appendChild(copy.firstChild);
      svg.appendChild(g);
      shown = true;
    });
  }
  const cells = Array.from(root.querySelectorAll('td'));
  if (cells.length === was.cells.length) {
    cells.forEach((c, i) => {
      const before = was.cells[i];
      if (before !== now.cells[i] && before !== '') {
        c.setAttribute('data-was', before);
        shown = true;
      }
    });
  }
  return shown;
}
