// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { unified } from '@astrojs/markdown-remark';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import { fileURLToPath } from 'node:url';
import rehypeSlug from 'rehype-slug';
import { rehypeHeadingAnchors } from './src/lib/rehype-heading-anchors.mjs';
import { rehypeBaseLinks } from './src/lib/rehype-base-links.mjs';
import { CSP_DIRECTIVES } from './src/lib/csp.mjs';
import { isNotFoundUrl, notFoundPages } from './src/lib/not-found-pages.mjs';

/**
 * BASE_PATH puts the whole site under a sub-path of a static host (e.g. BASE_PATH=/evals-lab/);
 * every internal link goes through src/lib/url.ts, which reads the same value. SITE_URL is the
 * origin used in the sitemap and the Open Graph tags.
 */
const base = process.env.BASE_PATH || '/';

// Astro 7's default Markdown processor (Sätteri) takes no remark/rehype plugins: math needs unified()
// (see ../shared/stack.md, gotcha 2). MDX inherits this processor.
export default defineConfig({
  // ASTRO_OUT_DIR lets several builds run side by side (e.g. parallel e2e runs on one machine).
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // ASTRO_CACHE_DIR: a build running beside another one (e2e/build.mjs) keeps its own cache.
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  site: process.env.SITE_URL || 'http://localhost:4321',
  base,
  trailingSlash: 'ignore',
  i18n: {
    locales: ['es', 'en'],
    defaultLocale: 'es',
    routing: { prefixDefaultLocale: false },
  },
  markdown: {
    // Headings get ids (rehype-slug) and a link to themselves in the chapter's language.
    processor: unified({ remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex, rehypeSlug, rehypeHeadingAnchors, rehypeBaseLinks(base)] }),
  },
  // A Content-Security-Policy <meta> on every page: Astro hashes the scripts it emits; no inline or
  // eval'd script runs, nothing loads from another host (src/lib/csp.mjs).
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [...CSP_DIRECTIVES],
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      // KaTeX and the charts set style attributes; styles cannot run code.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  integrations: [mdx(), react(), sitemap({ filter: (url) => !isNotFoundUrl(url) }), notFoundPages()],
  vite: {
    worker: { format: 'es' },
    resolve: {
      // The labs' decision.md (mdast-util-to-markdown) reaches decode-named-character-reference,
      // whose "browser" build calls document.createElement at import time: in the Web Worker that
      // throws "document is not defined". Its plain build (a lookup table) works in every context.
      alias: [{ find: /^decode-named-character-reference$/, replacement: fileURLToPath(new URL('./node_modules/decode-named-character-reference/index.js', import.meta.url)) }],
    },
    build: {
      // The lab island carries CodeMirror (~120 KB gz); it loads only on pages with a lab.
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  },
});
