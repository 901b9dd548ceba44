// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import { unified } from '@astrojs/markdown-remark';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import { fileURLToPath } from 'node:url';

// Astro 7's default Markdown processor (Sätteri) takes no remark/rehype plugins: math needs unified()
// (see ../shared/stack.md, gotcha 2). MDX inherits this processor.
export default defineConfig({
  // ASTRO_OUT_DIR lets several builds run side by side (e.g. parallel e2e runs on one machine).
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  site: 'http://localhost:4321',
  trailingSlash: 'ignore',
  i18n: {
    locales: ['es', 'en'],
    defaultLocale: 'es',
    routing: { prefixDefaultLocale: false },
  },
  markdown: {
    processor: unified({ remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex] }),
  },
  integrations: [mdx(), react()],
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
