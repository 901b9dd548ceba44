/**
 * On the Spanish 404 page opened at an unknown /en/... address (hosts that cannot serve
 * en/404.html there, such as astro preview or GitHub Pages): swap the body for the English 404
 * page's, same status, same address. A bundled module script, so the page's Content-Security-Policy
 * (hashes of the scripts Astro emits) allows it; without JavaScript the page stays Spanish and its
 * last line links to English.
 */
import { withBase, withoutBase } from '../lib/url.ts';

const root = document.documentElement;
if (root.lang === 'es' && /^\/en(\/|$)/.test(withoutBase(location.pathname))) {
  root.style.visibility = 'hidden';
  const show = () => {
    root.style.visibility = '';
  };
  setTimeout(show, 3000);
  fetch(withBase('/en/404.html'))
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      root.lang = 'en';
      document.title = doc.title;
      document.body.replaceWith(document.adoptNode(doc.body));
    })
    .catch(() => {})
    .finally(show);
}
