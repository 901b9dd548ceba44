/**
 * rehype plugin: every h2–h4 with an id (rehype-slug runs first) gets a trailing "#" link to itself,
 * named for screen readers in the chapter's language ("Enlace a esta sección: <heading>"). The
 * language is the content folder's (content/chapters/en/... → English; anything else → Spanish).
 */
const LABEL = { es: 'Enlace a esta sección', en: 'Link to this section' };

/** The heading's text, without nodes hidden from assistive technology (KaTeX's HTML copy). */
function textOf(node) {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  if (node.properties && (node.properties.ariaHidden === 'true' || node.properties.ariaHidden === true)) return '';
  return (node.children || []).map(textOf).join('');
}

function visit(node, fn) {
  if (node.type === 'element') fn(node);
  for (const child of node.children || []) visit(child, fn);
}

export function rehypeHeadingAnchors() {
  return (tree, file) => {
    const path = String(file.path || file.history?.[0] || '');
    const lang = /[\\/]en[\\/]/.test(path) ? 'en' : 'es';
    visit(tree, (el) => {
      if (!/^h[2-4]$/.test(el.tagName) || !el.properties?.id) return;
      const label = `${LABEL[lang]}: ${textOf(el).trim()}`;
      el.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['heading-anchor'], href: `#${el.properties.id}`, ariaLabel: label },
        children: [{ type: 'text', value: '#' }],
      });
    });
  };
}
