/**
 * Every page of the site, derived as the site derives them, so that a new chapter, lab, exercise or
 * page is covered without editing the tests: the static routes of src/pages (files without a
 * [param]), chapters and exercises from the content folders (a slug in either language gets a page
 * in both), labs from labs/manifest.ts, and two not-found pages. The search pages carry a query so
 * that their results are on screen when they are checked. `labs` are the labs the page shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { LAB_IDS, LAB_METAS } from '../labs/manifest.ts';
import { paths } from '../src/i18n/index.ts';

export type PageKind = 'home' | 'chapter' | 'lab' | 'exercise' | 'exercises' | 'exercise-link' | 'glossary' | 'syllabus' | 'search' | 'not-found' | 'static';
export interface SitePage { url: string; lang: 'es' | 'en'; kind: PageKind; labs: string[] }

const slugs = (dir: string) =>
  [...new Set(['es', 'en'].flatMap((l) => readdirSync(`${dir}/${l}`).filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, ''))))].sort();

/** The lab an authored exercise opens (its frontmatter's `lab:`), read from whichever language has the file. */
export function exerciseLab(slug: string): string {
  for (const lang of ['es', 'en']) {
    try {
      const lab = /^lab:\s*(\S+)/m.exec(readFileSync(`content/exercises/${lang}/${slug}.mdx`, 'utf8'))?.[1];
      if (lab) return lab;
    } catch {
      /* this language has no file for the slug: the page falls back to the other one */
    }
  }
  throw new Error(`exercise ${slug} names no lab in its frontmatter`);
}

/** The static routes of src/pages (files without a [param] and not the 404 pages), as URLs. */
function staticRoutes(dir = 'src/pages', base = '/'): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir, { withFileTypes: true })) {
    if (f.isDirectory()) out.push(...staticRoutes(`${dir}/${f.name}`, `${base}${f.name}/`));
    else if (/\.astro$/.test(f.name) && !f.name.includes('[') && !/^404/.test(f.name)) out.push(f.name === 'index.astro' ? base : `${base}${f.name.replace(/\.astro$/, '')}/`);
  }
  return out;
}

export function sitePages(): SitePage[] {
  const out: SitePage[] = [];
  for (const lang of ['es', 'en'] as const) {
    out.push({ url: paths.home(lang), lang, kind: 'home', labs: [] });
    out.push({ url: paths.syllabus(lang), lang, kind: 'syllabus', labs: [] });
    out.push({ url: paths.glossary(lang), lang, kind: 'glossary', labs: [] });
    out.push({ url: `${paths.search(lang)}?q=${lang === 'es' ? 'calibración' : 'calibration'}`, lang, kind: 'search', labs: [] });
    out.push({ url: paths.exercises(lang), lang, kind: 'exercises', labs: [] });
    out.push({ url: paths.exerciseLink(lang), lang, kind: 'exercise-link', labs: [] });
    for (const s of slugs('content/chapters')) out.push({ url: paths.chapter(lang, s), lang, kind: 'chapter', labs: LAB_METAS.filter((m) => m.chapter === s).map((m) => m.id) });
    for (const s of slugs('content/exercises')) out.push({ url: paths.exercise(lang, s), lang, kind: 'exercise', labs: [exerciseLab(s)] });
    for (const id of LAB_IDS) out.push({ url: paths.lab(lang, id), lang, kind: 'lab', labs: [id] });
  }
  out.push({ url: '/labs/gate/', lang: 'es', kind: 'not-found', labs: [] }, { url: '/en/labs/nope/', lang: 'en', kind: 'not-found', labs: [] });
  // a static route the list above does not know is a new page: it gets the plain checks
  const known = new Set(out.map((p) => p.url.replace(/\?.*$/, '')));
  for (const url of staticRoutes()) if (!known.has(url)) out.push({ url, lang: url.startsWith('/en/') ? 'en' : 'es', kind: 'static', labs: [] });
  return out;
}
