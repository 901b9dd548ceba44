/**
 * Text layout for charts drawn at scale 1 (see useChartWidth): estimated text widths and labels
 * wrapped to a width in SVG units, so a chart can place and wrap its labels for the width it has.
 */

/**
 * Splits `text` into lines of at most `maxWidth` SVG units at `fontSize`, breaking at spaces (a word
 * longer than a line is cut with "…"). Widths are estimated at 0.6 em per character, a little
 * above the average of the site's sans-serif fonts, so estimated lines err on the short side.
 */
export function wrapLabel(text: string, maxWidth: number, fontSize: number, maxLines = 3): string[] {
  const perLine = Math.max(4, Math.floor(maxWidth / (fontSize * 0.6)));
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (const w0 of words) {
    const w = w0.length > perLine ? `${w0.slice(0, perLine - 1)}…` : w0;
    if (!cur) cur = w;
    else if (cur.length + 1 + w.length <= perLine) cur = `${cur} ${w}`;
    else {
      lines.push(cur);
      cur = w;
    }
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1];
    kept[maxLines - 1] = last.length >= perLine ? `${last.slice(0, perLine - 1)}…` : `${last}…`;
    return kept;
  }
  return lines;
}

/** Estimated width in SVG units of `text` at `fontSize` (0.6 em per character, as wrapLabel). */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.6;
}

/**
 * The x at which a centred text of `text` at `fontSize` stays inside [0, width]: the preferred
 * centre `x`, moved in just enough when the text would run past an edge.
 */
export function centredX(x: number, text: string, fontSize: number, width: number): number {
  const half = textWidth(text, fontSize) / 2 + 2;
  return Math.max(half, Math.min(width - half, x));
}
