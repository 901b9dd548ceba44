/**
 * The search page's results, on Pagefind's JS API (the index of this page's language, chosen by
 * Pagefind from <html lang>). Pagefind's files are the site's own (/pagefind/ under the base); the
 * module loads when the page opens with ?q= or the reader first types. Results show title, kind,
 * excerpt and up to three matching sections.
 */
interface PagefindResult { data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string>; sub_results?: { title: string; url: string; excerpt: string }[] }> }
interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  search: (q: string) => Promise<{ results: PagefindResult[] } | null>;
  debouncedSearch?: (q: string, o?: unknown, ms?: number) => Promise<{ results: PagefindResult[] } | null>;
}

const list = document.querySelector<HTMLOListElement>('[data-search-results]');
const form = document.querySelector<HTMLFormElement>('[data-search-form]');
const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
const statusEl = document.querySelector<HTMLElement>('[data-search-status]');
const msgs = JSON.parse(list?.dataset.msgs || '{}') as Record<'loading' | 'none' | 'one' | 'many' | 'failed', string>;
const nf = new Intl.NumberFormat(document.documentElement.lang || 'es');

let pagefind: Promise<Pagefind> | null = null;
function load(): Promise<Pagefind> {
  if (!pagefind) {
    if (statusEl) statusEl.textContent = msgs.loading;
    const url = list?.dataset.pagefindUrl ?? '/pagefind/pagefind.js';
    pagefind = (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pf) => {
      await pf.options({ baseUrl: list?.dataset.base ?? '/', excerptLength: 24 });
      return pf;
    });
    pagefind.catch(() => {
      pagefind = null;
    });
  }
  return pagefind;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Pagefind's excerpt is text with <mark> around the hits: rebuilt from text nodes, never as HTML. */
function excerpt(html: string): HTMLElement {
  const p = el('p', 'search-excerpt');
  const parts = html.split(/(<mark>|<\/mark>)/);
  let marked = false;
  const decode = (s: string) => new DOMParser().parseFromString(`<!doctype html><body>${s}`, 'text/html').body.textContent ?? '';
  for (const part of parts) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) p.append(marked ? el('mark', undefined, decode(part)) : document.createTextNode(decode(part)));
  }
  return p;
}

let seq = 0;
async function run(q: string) {
  const mine = ++seq;
  if (!list || !statusEl) return;
  if (!q.trim()) {
    list.replaceChildren();
    statusEl.textContent = '';
    return;
  }
  let pf: Pagefind;
  try {
    pf = await load();
  } catch {
    statusEl.textContent = msgs.failed;
    return;
  }
  const res = await pf.search(q);
  if (mine !== seq || !res) return;
  const data = await Promise.all(res.results.slice(0, 12).map((r) => r.data()));
  if (mine !== seq) return;
  list.replaceChildren(
    ...data.map((d) => {
      const li = el('li', 'search-result');
      if (d.meta.kind) li.append(el('p', 'chapter-kicker', d.meta.kind));
      const h = el('h2', 'search-title');
      const a = el('a', undefined, d.meta.title || d.url);
      a.href = d.url;
      h.append(a);
      li.append(h, excerpt(d.excerpt));
      const subs = (d.sub_results ?? []).filter((s) => s.url !== d.url && s.title !== d.meta.title).slice(0, 3);
      if (subs.length) {
        const ul = el('ul', 'search-subs');
        for (const s of subs) {
          const sl = el('li');
          const sa = el('a', undefined, s.title);
          sa.href = s.url;
          sl.append(sa, excerpt(s.excerpt));
          ul.append(sl);
        }
        li.append(ul);
      }
      return li;
    }),
  );
  const n = res.results.length;
  statusEl.textContent = (n === 0 ? msgs.none : n === 1 ? msgs.one : msgs.many).replace('{q}', q).replace('{n}', nf.format(n));
}

const initial = new URLSearchParams(location.search).get('q') ?? '';
if (input) input.value = initial;
if (initial) void run(initial);
let timer: ReturnType<typeof setTimeout> | undefined;
input?.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const q = input.value;
    const u = new URL(location.href);
    if (q) u.searchParams.set('q', q);
    else u.searchParams.delete('q');
    history.replaceState(null, '', u);
    void run(q);
  }, 200);
});
form?.addEventListener('submit', (ev) => {
  ev.preventDefault();
  clearTimeout(timer);
  const q = input?.value ?? '';
  const u = new URL(location.href);
  u.searchParams.set('q', q);
  history.replaceState(null, '', u);
  void run(q);
});
