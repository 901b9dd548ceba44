/**
 * An Astro integration that puts the English not-found page where static hosts look for it.
 * src/pages/en/404.html.astro builds to dist/en/404.html/index.html (Astro's directory format makes
 * a folder of every page but the root 404); when the build is done this moves it to
 * dist/en/404.html, removes the folder, and the sitemap filter below keeps it out of the sitemap.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built not-found pages besides the root one: the folder Astro writes, and where hosts want the file. */
export const NOT_FOUND_PAGES = [{ built: 'en/404.html/index.html', wanted: 'en/404.html' }];

/** Whether a sitemap URL is a not-found page (none belongs in the sitemap). */
export const isNotFoundUrl = (url) => /\/404(?:\.html)?\/?$/.test(new URL(url).pathname);

export function notFoundPages() {
  return {
    name: 'evals-lab:not-found-pages',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const out = fileURLToPath(dir);
        for (const { built, wanted } of NOT_FOUND_PAGES) {
          const from = `${out}${built}`;
          if (!existsSync(from)) throw new Error(`not-found page ${built} was not built`);
          const tmp = `${out}${wanted}.tmp`;
          renameSync(from, tmp);
          rmSync(`${out}${wanted}`, { recursive: true, force: true });
          renameSync(tmp, `${out}${wanted}`);
        }
      },
    },
  };
}
