/**
 * The pure parts of src/lib/course.ts (no astro:content), unit tested in tests/unit/course.test.ts.
 */
import GithubSlugger from 'github-slugger';

/**
 * Sessions from a suggested order of chapter numbers: numbers with no chapter are dropped, empty
 * sessions removed, and chapters the order does not name are appended one per session, in order.
 */
export function groupSessions<C extends { number: number }>(sequence: readonly (readonly number[])[], chapters: readonly C[]): C[][] {
  const byNumber = new Map(chapters.map((c) => [c.number, c]));
  const used = new Set<number>();
  const sessions: C[][] = [];
  for (const step of sequence) {
    const s: C[] = [];
    for (const n of step) {
      const c = byNumber.get(n);
      if (c && !used.has(n)) {
        used.add(n);
        s.push(c);
      }
    }
    if (s.length) sessions.push(s);
  }
  for (const c of chapters) if (!used.has(c.number)) sessions.push([c]);
  return sessions;
}

/** The items before and after the one with key `key` in `list` (undefined at the ends or when absent). */
export function neighbours<T>(list: readonly T[], key: (t: T) => string, k: string): { prev?: T; next?: T } {
  const i = list.findIndex((t) => key(t) === k);
  if (i < 0) return {};
  return { prev: list[i - 1], next: list[i + 1] };
}

/** The visible text of a Markdown/MDX heading line, as rehype-slug will see it in the built page. */
export function headingText(md: string): string {
  return md
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .trim();
}

/**
 * The section (id as rehype-slug writes it, and title) holding the first `<Term id="...">` of a
 * chapter's MDX source, or undefined when the chapter does not link the term or the section title
 * has math (its id then depends on KaTeX's output). Headings are ## to ####, outside code fences.
 */
export function sectionOfFirstUse(body: string, id: string): { id: string; title: string } | undefined {
  const slugger = new GithubSlugger();
  let current: { id: string; title: string; math: boolean } | undefined;
  let fence = false;
  const needle = new RegExp(`<Term\\s+id=["']${id.replace(/[^a-z0-9_]/g, '')}["']`);
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const title = headingText(h[2]);
      const slug = slugger.slug(title);
      current = h[1].length >= 2 && h[1].length <= 4 ? { id: slug, title, math: h[2].includes('$') } : undefined;
      continue;
    }
    if (needle.test(line)) return current && !current.math ? { id: current.id, title: current.title } : undefined;
  }
  return undefined;
}
