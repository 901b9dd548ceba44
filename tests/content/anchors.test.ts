/**
 * Every link from one page of the course to a section of a chapter (`/capitulos/<slug>/#anchor`,
 * `/en/chapters/<slug>/#anchor`, in chapters, exercises and lab notes) lands on a heading of that
 * chapter: the anchor is the heading's id as rehype-slug makes it (github-slugger over the heading's
 * text). Each idea has one home section and the others link to it, so a renamed heading must not
 * silently break those links.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import GithubSlugger from 'github-slugger';

const CHAPTERS = 'content/chapters';

/** The ids rehype-slug gives the headings of a chapter file (inline markup and a trailing {#…} left out). */
function headingIds(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const ids = new Set<string>();
  let fence = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const m = !fence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1].replace(/`([^`]*)`/g, '$1').replace(/\$([^$]*)\$/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]/g, '');
    ids.add(slugger.slug(text));
  }
  return ids;
}

function files(): string[] {
  const out: string[] = [];
  for (const dir of ['content/chapters', 'content/exercises', 'content/lab-notes']) {
    for (const lang of ['es', 'en']) {
      if (!existsSync(`${dir}/${lang}`)) continue;
      for (const f of readdirSync(`${dir}/${lang}`)) if (/\.mdx?$/.test(f)) out.push(`${dir}/${lang}/${f}`);
    }
  }
  return out;
}

describe('links to a chapter section land on a heading', () => {
  it.each(files())('%s', (file) => {
    const broken: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(/(\/en\/chapters|\/capitulos)\/([0-9a-z-]+)\/#([^)\s"'>]+)/g)) {
      const lang = m[1] === '/capitulos' ? 'es' : 'en';
      const target = `${CHAPTERS}/${lang}/${m[2]}.mdx`;
      if (!existsSync(target)) {
        broken.push(`${m[0]}: no chapter ${m[2]} in ${lang}`);
        continue;
      }
      const anchor = decodeURIComponent(m[3]);
      if (!headingIds(target).has(anchor)) broken.push(`${m[0]}: no heading with id "${anchor}"`);
    }
    expect(broken).toEqual([]);
  });
});
