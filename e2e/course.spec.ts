/**
 * The course around the chapters: navigation in both languages (home → first chapter, table of
 * contents, previous/next, breadcrumbs, the language kept on every link), search in each language
 * (Pagefind, offline from the built files), progress that persists across reloads and survives an
 * export / reset / import round trip, the glossary links of <Term>, and the live verdict region.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, replaceEditorText, editorText } from './helpers.ts';

/** Every internal link of the page (same host), by href, excluding the language switch and hreflang alternates. */
async function internalLinks(page: Page): Promise<string[]> {
  return page.locator('a[href]:not([data-testid="lang-switch"]):not([hreflang])').evaluateAll((as) =>
    as.map((a) => new URL((a as HTMLAnchorElement).href)).filter((u) => u.host === location.host).map((u) => u.pathname));
}

for (const lang of ['es', 'en'] as const) {
  const home = lang === 'es' ? '/' : '/en/';
  test(`navigation (${lang}): home → chapter 1 → table of contents → next → breadcrumbs`, async ({ page }) => {
    await page.goto(home);
    await expect(page.getByTestId('course-map').locator('li.map-chapter')).toHaveCount(6);
    await page.getByTestId('start-link').click();
    await expect(page).toHaveURL(lang === 'es' ? /\/capitulos\/01-eval-gate\/$/ : /\/en\/chapters\/01-eval-gate\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // Every entry of the table of contents points at a heading of the page.
    const targets = await page.getByTestId('toc').locator('a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash.slice(1)));
    expect(targets.length).toBeGreaterThan(5);
    // (a retrying assertion: the URL changes before the whole chapter is parsed, and the table of
    // contents comes before the headings it points at)
    for (const id of targets) await expect(page.locator(`[id="${decodeURIComponent(id)}"]`), id).toHaveCount(1);
    await page.getByTestId('toc').locator('a').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`#${targets[2]}$`));
    // Section headings carry their own anchor link.
    const anchor = page.locator('h2 .heading-anchor').first();
    await expect(anchor).toHaveAttribute('aria-label', lang === 'es' ? /^Enlace a esta sección: / : /^Link to this section: /);
    // The language is kept on every link of the page.
    const links = await internalLinks(page);
    expect(links.length).toBeGreaterThan(10);
    const wrong = links.filter((p) => (lang === 'es' ? p.startsWith('/en/') : !p.startsWith('/en/') && !p.startsWith('/_astro/') && !p.startsWith('/pagefind/')));
    expect(wrong).toEqual([]);
    // Previous / next.
    await expect(page.getByTestId('pager-prev')).toHaveCount(0);
    await page.getByTestId('pager-next').click();
    await expect(page).toHaveURL(/02-thresholds\/$/);
    await expect(page.getByTestId('pager-prev')).toHaveAttribute('href', lang === 'es' ? '/capitulos/01-eval-gate/' : '/en/chapters/01-eval-gate/');
    // Breadcrumbs: home, chapters, this chapter (current page).
    const crumbs = page.getByRole('navigation', { name: lang === 'es' ? 'Ruta de navegación' : 'Breadcrumb' });
    await expect(crumbs.locator('[aria-current="page"]')).toContainText(lang === 'es' ? 'Capítulo 02' : 'Chapter 02');
    await crumbs.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
  });

  test(`syllabus and glossary (${lang}) keep the language and link each other`, async ({ page }) => {
    await page.goto(lang === 'es' ? '/programa/' : '/en/syllabus/');
    await expect(page.getByTestId('sessions').locator('li')).toHaveCount(4);
    const rows = page.getByTestId('syllabus-exercises').locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(6);
    await expect(rows.first().locator('code.assign-url')).toContainText(`http://127.0.0.1:`);
    expect((await internalLinks(page)).filter((p) => (lang === 'es' ? p.startsWith('/en/') : !p.startsWith('/en/')))).toEqual([]);
    await page.goto(lang === 'es' ? '/glosario/' : '/en/glossary/');
    const entry = page.locator('[data-term-entry="mcnemar"]');
    await expect(entry.locator('h3')).toHaveText(lang === 'es' ? 'prueba de McNemar' : "McNemar's test");
    // Its formula is typeset with MathML kept for screen readers.
    await expect(entry.locator('.katex math')).toHaveCount(1);
    await expect(entry.getByRole('link', { name: lang === 'es' ? "McNemar's test" : 'prueba de McNemar' })).toHaveAttribute('href', lang === 'es' ? '/en/glossary/#mcnemar' : '/glosario/#mcnemar');
  });

  test(`a <Term> in a chapter opens its glossary entry (${lang})`, async ({ page }) => {
    await page.goto(lang === 'es' ? '/capitulos/03-rag/' : '/en/chapters/03-rag/');
    const term = page.locator('a.term[data-term="ndcg"]').first();
    await expect(term).toHaveAttribute('href', lang === 'es' ? '/glosario/#ndcg' : '/en/glossary/#ndcg');
    await term.click();
    await expect(page.locator('#ndcg')).toBeInViewport();
    // Back to where it is taught: the glossary names the chapter section.
    const taught = page.locator('[data-term-entry="ndcg"] .glossary-meta a').last();
    await expect(taught).toHaveAttribute('href', lang === 'es' ? /^\/capitulos\/03-rag\/#/ : /^\/en\/chapters\/03-rag\/#/);
    const hash = decodeURIComponent(new URL((await taught.getAttribute('href'))!, 'http://x').hash.slice(1));
    await taught.click();
    await expect(page.locator(`[id="${hash}"]`)).toHaveCount(1);
  });
}

for (const [lang, url, query, expectTitle] of [
  ['es', '/', 'kappa', /kappa de Cohen|Glosario|Rúbricas/],
  ['en', '/en/', 'kappa', /Cohen's kappa|Glossary|Rubrics/],
  ['es', '/', 'calibración', /Calibración/],
  ['en', '/en/', 'reliability diagram', /Calibration|Glossary/],
] as const) {
  test(`search finds "${query}" in ${lang} from the header, with the site's own index`, async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (r) => { if (!r.url().startsWith('http://127.0.0.1')) outside.push(r.url()); });
    await page.goto(url);
    await page.locator('#site-search-q').fill(query);
    await page.locator('#site-search-q').press('Enter');
    await expect(page).toHaveURL(lang === 'es' ? /\/buscar\/\?q=/ : /\/en\/search\/\?q=/);
    const results = page.getByTestId('search-results').locator('li.search-result');
    await expect(results.first()).toBeVisible();
    await expect(page.getByTestId('search-results')).toContainText(expectTitle);
    await expect(page.getByTestId('search-status')).toHaveText(lang === 'es' ? /resultados? para «/ : /results? for "/);
    // Only this language's pages are found.
    const hrefs = await results.locator('h2 a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs.filter((h) => (lang === 'es' ? h.startsWith('/en/') : !h.startsWith('/en/')))).toEqual([]);
    // Typing a new query searches again, still from the site's own index files.
    await page.getByTestId('search-input').fill(lang === 'es' ? 'umbral' : 'threshold');
    await expect(page.getByTestId('search-status')).toContainText(lang === 'es' ? 'umbral' : 'threshold');
    await expect(results.first()).toBeVisible();
    await expect(page).toHaveURL(lang === 'es' ? /q=umbral/ : /q=threshold/);
    expect(outside).toEqual([]);
  });
}

test('chapter pages load no search code until the reader searches', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/pagefind/')) scripts.push(r.url()); });
  await page.goto('/capitulos/01-eval-gate/');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
});

test('progress: a chapter read, a lab used and an exercise shown on home and syllabus; it persists, exports, resets and imports back', async ({ page }, info) => {
  // Read chapter 02 to its end.
  await page.goto('/capitulos/02-thresholds/');
  await page.locator('#chapter-end').scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('evals-lab:progress:v2') || '{}')?.chapters?.['02-thresholds'] ? 1 : 0)).toBe(1);
  // Use the threshold lab once.
  await openLab(page, '/laboratorios/threshold/');
  await expect.poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('evals-lab:progress:v2') || '{}')?.labs ?? {}))).toContain('threshold');
  await page.goto('/');
  await expect(page.getByTestId('count-chapters')).toHaveText('1');
  await expect(page.getByTestId('count-labs')).toHaveText('1');
  await expect(page.locator('[data-progress-chapter="02-thresholds"] > .progress-badge')).toBeVisible();
  await expect(page.locator('[data-progress-chapter="01-eval-gate"] > .progress-badge')).toBeHidden();
  await expect(page.locator('[data-progress-lab="threshold"] > .progress-badge')).toHaveText('usado');
  // Persists across reloads and shows on the syllabus, in English too.
  await page.reload();
  await expect(page.getByTestId('count-chapters')).toHaveText('1');
  await page.goto('/en/syllabus/');
  await expect(page.getByTestId('count-labs')).toHaveText('1');
  await expect(page.locator('[data-progress-chapter="02-thresholds"] > .progress-badge')).toHaveText('read');
  // Export.
  const download = page.waitForEvent('download');
  await page.getByTestId('progress-export').click();
  const file = info.outputPath('progress.json');
  await (await download).saveAs(file);
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported).toMatchObject({ format: 'evals-lab-progress', version: 2 });
  expect(exported.chapters.map((c: { slug: string }) => c.slug)).toEqual(['02-thresholds']);
  // Reset asks first; cancel keeps everything.
  await page.getByTestId('progress-reset').click();
  await page.getByTestId('reset-choice').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('count-chapters')).toHaveText('1');
  await page.getByTestId('progress-reset').click();
  await page.getByTestId('reset-yes').click();
  await expect(page.getByTestId('count-chapters')).toHaveText('0');
  await expect(page.getByTestId('progress-status')).toHaveText('Progress erased.');
  // A broken file changes nothing and says so.
  await page.getByTestId('progress-import').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"x"}') });
  await expect(page.getByTestId('progress-status')).toContainText('not an evals-lab progress file');
  await expect(page.getByTestId('count-chapters')).toHaveText('0');
  // Import: nothing is written before the learner chooses.
  await page.getByTestId('progress-import').setInputFiles(file);
  await expect(page.getByTestId('import-choice')).toBeVisible();
  await expect(page.getByTestId('import-choice')).toContainText('1 chapters read, 1 labs used');
  expect(await page.evaluate(() => localStorage.getItem('evals-lab:progress:v2'))).toBeNull();
  await page.getByTestId('import-replace').click();
  await expect(page.getByTestId('count-chapters')).toHaveText('1');
  await expect(page.getByTestId('count-labs')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('count-chapters')).toHaveText('1');
  // Merge with something already there keeps both.
  await page.evaluate(() => {
    const p = JSON.parse(localStorage.getItem('evals-lab:progress:v2')!);
    p.chapters = { '05-calibration': { read_at: '2026-01-01T00:00:00.000Z' } };
    localStorage.setItem('evals-lab:progress:v2', JSON.stringify(p));
  });
  await page.reload();
  await page.getByTestId('progress-import').setInputFiles(file);
  await page.getByTestId('import-merge').click();
  await expect(page.getByTestId('count-chapters')).toHaveText('2');
});

test('the lab announces a verdict change in a live region, in the page language', async ({ page }) => {
  await openLab(page, '/laboratorios/threshold/');
  const live = page.getByTestId('verdict-live');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  const before = await page.getByTestId('verdict').getAttribute('data-verdict');
  // A review capacity of zero makes every pair infeasible: the verdict flips.
  const policy = await editorText(page, 'editor-policy');
  await replaceEditorText(page, 'editor-policy', policy.replace(/"max_review_rate":\s*[0-9.]+/, '"max_review_rate": 0'));
  await expect(page.getByTestId('verdict')).not.toHaveAttribute('data-verdict', before ?? '');
  await expect(live).toHaveText(/^Veredicto: (Pasa|No pasa)\.$/);
});
