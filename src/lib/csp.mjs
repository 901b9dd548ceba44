/**
 * The Content-Security-Policy directives besides script-src and style-src (which Astro writes with
 * the hashes of the scripts it emits; see astro.config.mjs). Everything comes from the site itself:
 * no other host is allowed anywhere (data: fonts are the small KaTeX fonts Vite inlines into the CSS). Workers are same-origin module files; WebAssembly (the
 * bootstrap kernel, Pagefind) needs 'wasm-unsafe-eval' in script-src, which is not 'unsafe-eval'.
 * A <meta> policy cannot carry frame-ancestors, report-uri or sandbox.
 */
export const CSP_DIRECTIVES = /** @type {const} */ ([
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
]);
