/**
 * Builds the search index over the built site (run by `npm run build` after `astro build`): Pagefind
 * reads the HTML in ASTRO_OUT_DIR (default dist/), indexes what pages mark with data-pagefind-body
 * (chapters, exercises, the glossary), one index per <html lang>, and writes dist/pagefind/. Pages
 * load it from the site itself: the search works offline and asks no other host.
 */
import * as pagefind from 'pagefind';
import { resolve } from 'node:path';

const site = resolve(process.env.ASTRO_OUT_DIR || 'dist');
const { index, errors } = await pagefind.createIndex({ excludeSelectors: ['.lab-slot', 'astro-island', 'svg', '.heading-anchor', '.katex', 'thead', 'nav', '[data-pagefind-ignore]'] });
if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
const added = await index.addDirectory({ path: site });
if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
const written = await index.writeFiles({ outputPath: resolve(site, 'pagefind') });
if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
console.log(`pagefind: indexed ${added.page_count} pages into ${resolve(site, 'pagefind')}`);
await pagefind.close();
