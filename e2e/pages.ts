/**
 * Every page of the site, derived as the site derives them: chapters and exercises from the content
 * folders (a slug in either language gets a page in both), labs from labs/manifest.ts, and the
 * fixed pages through paths.* (src/i18n/index.ts). The search pages carry a query so their results
 * are on screen when axe runs.
 */
import { readdirSync } from 'node:fs';
import { LAB_METAS } from '../labs/manifest.ts';
import { paths } from '../src/i18n/index.ts';

const slugs = (dir: string) =>
  [...new Set(['es', 'en'].flatMap((l) => readdirSync(`${dir}/${l}`).filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, ''))))].sort();

export interface SitePage { url: string; lang: 'es' | 'en'; kind: 'home' | 'chapter' | 'lab' | 'exercise' | 'exercises' | 'exercise-link' | 'glossary' | 'syllabus' | 'search' }

export function sitePages(): SitePage[] {
  const out: SitePage[] = [];
  for (const lang of ['es', 'en'] as const) {
    out.push({ url: paths.home(lang), lang, kind: 'home' });
    out.push({ url: paths.syllabus(lang), lang, kind: 'syllabus' });
    out.push({ url: paths.glossary(lang), lang, kind: 'glossary' });
    out.push({ url: `${paths.search(lang)}?q=${lang === 'es' ? 'calibración' : 'calibration'}`, lang, kind: 'search' });
    out.push({ url: paths.exercises(lang), lang, kind: 'exercises' });
    out.push({ url: paths.exerciseLink(lang), lang, kind: 'exercise-link' });
    for (const s of slugs('content/chapters')) out.push({ url: paths.chapter(lang, s), lang, kind: 'chapter' });
    for (const s of slugs('content/exercises')) out.push({ url: paths.exercise(lang, s), lang, kind: 'exercise' });
    for (const m of LAB_METAS) out.push({ url: paths.lab(lang, m.id), lang, kind: 'lab' });
  }
  return out;
}
