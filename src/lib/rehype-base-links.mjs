/**
 * rehype plugin: links written in the content as site paths ("/capitulos/04-evaluators/") get the
 * site's base path (BASE_PATH, e.g. /evals-lab/), as src/lib/url.ts's withBase does for the pages'
 * own links. Left alone: other hosts, protocol-relative "//" links, fragments and relative links,
 * and a path that already carries the base. Nothing changes at the root base.
 */
export function rehypeBaseLinks(base = '/') {
  const b = base.endsWith('/') ? base : `${base}/`;
  return () => (tree) => {
    if (b === '/') return;
    const visit = (node) => {
      if (node.type === 'element' && node.tagName === 'a') {
        const href = node.properties?.href;
        if (typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') && !href.startsWith(b) && href !== b.slice(0, -1)) node.properties.href = b.slice(0, -1) + href;
      }
      for (const child of node.children || []) visit(child);
    };
    visit(tree);
  };
}
