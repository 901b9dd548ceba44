/**
 * The site's base path (Astro `base`, set at build time by the BASE_PATH environment variable, e.g.
 * "/evals-lab/"), and the one helper every internal link goes through.
 *
 * `withBase('/capitulos/01-eval-gate/')` → '/evals-lab/capitulos/01-eval-gate/' under that base, the
 * path unchanged at the root. Paths must start with '/'; a path already carrying the base, an
 * absolute URL ('https:', 'mailto:') or a fragment ('#x') is returned as is. Works in Astro pages,
 * in islands (Vite replaces import.meta.env.BASE_URL) and in Node/Vitest (base '/').
 */
const rawBase: string = ((import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/') || '/';

/** The base with one trailing slash ('/' at the root). */
export const BASE: string = rawBase.endsWith('/') ? rawBase : `${rawBase}/`;

/** `path` (starting with '/') under the site's base; see the module comment for what is left alone. */
export function withBase(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  if (BASE === '/') return path;
  if (path === BASE.slice(0, -1) || path.startsWith(BASE)) return path;
  return BASE.slice(0, -1) + path;
}

/** The site path of a URL pathname with the base removed ('/evals-lab/en/' → '/en/'). */
export function withoutBase(pathname: string): string {
  if (BASE === '/') return pathname;
  const b = BASE.slice(0, -1);
  return pathname === b ? '/' : pathname.startsWith(BASE) ? pathname.slice(b.length) : pathname;
}
