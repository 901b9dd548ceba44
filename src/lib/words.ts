/**
 * One Spanish word per concept (content/README.md, "Words"): the variants the Spanish chapters and
 * exercises must not use, with the word the glossary gives instead. Checked by
 * tests/unit/course_content.test.ts on every Spanish chapter and exercise.
 */
export const BANNED_ES: readonly { pattern: RegExp; use: string }[] = [
  { pattern: /\b(?:puertas?|compuertas?)\b/giu, use: 'gate' },
  { pattern: /(?<![\w./-])manifests?(?![\w./-])/giu, use: 'manifiesto' },
  { pattern: /\broturas?\b/giu, use: 'ruptura' },
  { pattern: /\b(?:el|del|al|un|los|este|ese)\s+baselines?\b/giu, use: 'la baseline' },
];

/**
 * The banned variants in a Spanish Markdown/MDX text, in order, each with its line and the word to
 * use. Inline code (`...`), fenced code and goal paths (lines starting with `path:`) are skipped:
 * they hold identifiers from data, not prose.
 */
export function bannedSpanishVariants(text: string): { line: number; word: string; use: string }[] {
  const found: { line: number; word: string; use: string; at: number }[] = [];
  let fence = false;
  text.split('\n').forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fence = !fence;
      return;
    }
    if (fence || /^\s*-?\s*path:/.test(raw)) return;
    const line = raw.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
    for (const { pattern, use } of BANNED_ES) {
      for (const m of line.matchAll(pattern)) found.push({ line: i + 1, word: m[0], use, at: i * 1e6 + (m.index ?? 0) });
    }
  });
  return found.sort((a, b) => a.at - b.at).map(({ line, word, use }) => ({ line, word, use }));
}
