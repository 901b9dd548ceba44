/**
 * One word per concept, one spelling, one kind of quotation mark (content/STYLE.md): the variants the
 * course's text must not use, with what to use instead. Checked by tests/unit/course_content.test.ts
 * on the chapters, exercises, glossary, syllabus and UI strings of each language.
 */
export interface Banned { pattern: RegExp; use: string }
export interface Finding { line: number; word: string; use: string }

/** Spanish: the glossary's word for each concept (content/STYLE.md, «Español»). */
export const BANNED_ES: readonly Banned[] = [
  { pattern: /\b(?:puertas?|compuertas?)\b/giu, use: 'gate' },
  { pattern: /(?<![\w./-])manifests?(?![\w./-])/giu, use: 'manifiesto' },
  { pattern: /\broturas?\b/giu, use: 'ruptura' },
  { pattern: /\b(?:el|del|al|un|los|este|ese)\s+baselines?\b/giu, use: 'la baseline' },
  { pattern: /\bgates?\s+de\s+release\b/giu, use: 'gate (gate de publicación: el de un sistema RAG)' },
  { pattern: /\bfundamentaci[oó]n(?:es)?\b/giu, use: 'groundedness' },
  // kappa is feminine (la kappa de Cohen, una kappa baja); «el valor kappa», «coeficiente kappa» are not caught.
  { pattern: /\b(?:el|del|al|un|este|ese|aquel)\s+kappas?\b/giu, use: 'la kappa' },
];

/** English: US spelling (UK-only forms), and "grants" for becas (content/STYLE.md, "English"). */
export const BANNED_EN: readonly Banned[] = [
  { pattern: /\bcolour(?:s|ed|ing|ful)?\b/giu, use: 'color' },
  { pattern: /\bbehaviours?\b/giu, use: 'behavior' },
  { pattern: /\bfavour(?:s|ed|ing|ite|ites|able)?\b/giu, use: 'favor' },
  { pattern: /\bhonour(?:s|ed|ing|able)?\b/giu, use: 'honor' },
  { pattern: /\banalys(?:e|ed|ing)\b/giu, use: 'analyze' },
  { pattern: /\b(?:optimi|organi|normali|recogni|penali|summari|minimi|maximi|prioriti|categori|visuali|standardi|randomi|generali|characteri|tokeni|utili|emphasi)s(?:e|es|ed|ing|ation|ations)\b/giu, use: '-ize / -ization' },
  { pattern: /\b(?:re|un)?(?:modell|labell|travell|signall)(?:ing|ed|er|ers)\b/giu, use: 'single l (modeling, labeled)' },
  { pattern: /\bcentre(?:s|d)?\b/giu, use: 'center' },
  { pattern: /\blicences?\b/giu, use: 'license' },
  { pattern: /\bcatalogues?\b/giu, use: 'catalog' },
  { pattern: /\bprogrammes?\b/giu, use: 'program' },
  { pattern: /\bdefence\b/giu, use: 'defense' },
  { pattern: /\bjudgements?\b/giu, use: 'judgment' },
  { pattern: /\benrol(?:s|ment|ments)?\b/giu, use: 'enroll / enrollment' },
  { pattern: /(?<![\w/-])artefacts?(?![\w/-])/giu, use: 'artifact' },
  { pattern: /\bscholarships?\b/giu, use: 'grants' },
  // One form for the gate: "gate" ("publication gate" for a RAG system's, as the glossary names it).
  { pattern: /\brelease\s+gates?\b/giu, use: 'gate' },
];

/** Spanish prose quotes: «» (not "…" or “…”). */
const QUOTES_ES: Banned = { pattern: /["“”]/gu, use: '«»' };
/** English quotes: “…” (not «…»). */
const QUOTES_EN: Banned = { pattern: /[«»]/gu, use: '“”' };

/** The banned variants of a list in a Markdown/MDX/plain text, in order, each with its line. Inline code, fenced code and goal paths (`path:` lines) are skipped: identifiers from data, not prose. */
function findWords(text: string, list: readonly Banned[]): Finding[] {
  const found: (Finding & { at: number })[] = [];
  let fence = false;
  text.split('\n').forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fence = !fence;
      return;
    }
    if (fence || /^\s*-?\s*path:/.test(raw)) return;
    const line = raw.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
    for (const { pattern, use } of list) {
      for (const m of line.matchAll(pattern)) found.push({ line: i + 1, word: m[0], use, at: i * 1e6 + (m.index ?? 0) });
    }
  });
  return found.sort((a, b) => a.at - b.at).map(({ line, word, use }) => ({ line, word, use }));
}

/**
 * The prose of an MDX file, same length and lines, everything else blanked: frontmatter, fenced and
 * inline code, math ($…$, $$…$$), JSX/HTML tags with their attributes (even over several lines), JSX
 * expressions ({…}), import/export lines and Markdown link targets. What is left is what the reader
 * reads as running text (the children of components included).
 */
export function mdxProse(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => { for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' '; };
  let i = 0;
  const n = text.length;
  // Frontmatter.
  const fm = /^---\n[\s\S]*?\n---\n/.exec(text);
  if (fm) { blank(0, fm[0].length); i = fm[0].length; }
  let lineStart = true;
  while (i < n) {
    const c = text[i];
    if (lineStart) {
      const rest = text.slice(i, i + 200);
      const fence = /^[ \t]*(```|~~~)/.exec(rest);
      if (fence) {
        const close = text.indexOf(`\n${fence[0].trim().slice(0, 3)}`, i + fence[0].length);
        const end = close < 0 ? n : text.indexOf('\n', close + 1) < 0 ? n : text.indexOf('\n', close + 1);
        blank(i, end); i = end; continue;
      }
      if (/^(import|export)\s/.test(rest)) { const end = text.indexOf('\n', i); blank(i, end < 0 ? n : end); i = end < 0 ? n : end; continue; }
    }
    lineStart = c === '\n';
    if (c === '`') { const end = text.indexOf('`', i + 1); if (end > 0) { blank(i, end + 1); i = end + 1; continue; } }
    if (c === '$') {
      const dbl = text[i + 1] === '$';
      const end = text.indexOf(dbl ? '$$' : '$', i + (dbl ? 2 : 1));
      if (end > 0) { blank(i, end + (dbl ? 2 : 1)); i = end + (dbl ? 2 : 1); continue; }
    }
    if (c === '<' && /[A-Za-z/!]/.test(text[i + 1] ?? '')) {
      // A tag: up to its closing '>', across quoted attribute values and {…} expressions.
      let k = i + 1; let depth = 0; let quote = '';
      for (; k < n; k++) {
        const d = text[k];
        if (quote) { if (d === quote) quote = ''; continue; }
        if (depth === 0 && (d === '"' || d === "'")) { quote = d; continue; }
        if (d === '{') depth++;
        else if (d === '}') depth--;
        else if (d === '>' && depth === 0) break;
      }
      blank(i, k + 1); i = k + 1; continue;
    }
    if (c === '{') {
      let k = i; let depth = 0;
      for (; k < n; k++) { if (text[k] === '{') depth++; else if (text[k] === '}' && --depth === 0) break; }
      blank(i, k + 1); i = k + 1; continue;
    }
    if (c === ']' && text[i + 1] === '(') { const end = text.indexOf(')', i); if (end > 0) { blank(i + 1, end + 1); i = end + 1; continue; } }
    i++;
  }
  return out.join('');
}

/** The banned Spanish variants in a Spanish Markdown/MDX text (words only; quotes: see spanishQuotes). */
export function bannedSpanishVariants(text: string): Finding[] {
  return findWords(text, BANNED_ES);
}

/** The banned English variants (UK spellings, "scholarship") in an English Markdown/MDX text. */
export function bannedEnglishVariants(text: string): Finding[] {
  return findWords(text, BANNED_EN);
}

/** Straight or English double quotes in the prose of a Spanish MDX file (use «»). */
export function spanishQuotes(mdx: string): Finding[] {
  return findWords(mdxProse(mdx), [QUOTES_ES]);
}

/** Spanish quotes «» in an English text (use “”): anywhere but code. */
export function englishQuotes(text: string): Finding[] {
  return findWords(text, [QUOTES_EN]);
}
