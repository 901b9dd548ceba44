import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

test('home pages list the chapters in each language', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: /umbral|matriz|coste/i }).first()).toBeVisible();
  await page.goto('/en/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Evaluating AI systems');
});

for (const [lang, url] of [['es', '/capitulos/02-thresholds/'], ['en', '/en/chapters/02-thresholds/']] as const) {
  test(`chapter 02 renders its math at build time (${lang})`, async ({ page }) => {
    const katexFonts: number[] = [];
    page.on('response', (r) => { if (/KaTeX.*\.woff2/.test(r.url())) katexFonts.push(r.status()); });
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect(await page.locator('.katex').count()).toBeGreaterThan(10);
    expect(await page.locator('.katex-display').count()).toBeGreaterThan(3);
    // KaTeX markup is in the served HTML (no client-side typesetting) and its fonts are local.
    const html = await (await page.request.get(url)).text();
    expect(html).toContain('class="katex"');
    expect(html).not.toMatch(/cdn\.jsdelivr|unpkg\.com|cdnjs/);
    await page.waitForLoadState('networkidle');
    expect(katexFonts.length).toBeGreaterThan(0);
    expect(katexFonts.every((s) => s === 200)).toBe(true);
  });
}

test('the language switch keeps you on the same page', async ({ page }) => {
  await page.goto('/capitulos/02-thresholds/');
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(/\/en\/chapters\/02-thresholds\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(/\/capitulos\/02-thresholds\/$/);
  await page.goto('/en/labs/threshold/');
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(/\/laboratorios\/threshold\/$/);
});

test('a browser that prefers English is offered the English page, not redirected', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto('/capitulos/02-thresholds/');
  await expect(page).toHaveURL(/\/capitulos\/02-thresholds\/$/);
  const offer = page.locator('.lang-offer');
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('link')).toHaveAttribute('href', '/en/chapters/02-thresholds/');
  await offer.getByRole('button').click();
  await expect(offer).toBeHidden();
  await page.reload();
  await expect(offer).toBeHidden();
  await ctx.close();
});

test('chapters read without JavaScript', async ({ browser }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto('/en/chapters/02-thresholds/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('.katex').count()).toBeGreaterThan(10);
  await expect(page.locator('.lab-slot noscript')).toHaveCount(1);
  await ctx.close();
});

test('every built page carries a CSP with no inline or eval script and no other host; each inline script is hashed in it', () => {
  const dist = process.env.ASTRO_OUT_DIR || 'dist';
  const html = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith('.html') ? [join(dir, d.name)] : []));
  })(dist);
  expect(html.length).toBeGreaterThan(30);
  const problems: string[] = [];
  for (const f of html) {
    const text = readFileSync(f, 'utf8');
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(text)?.[1];
    if (!meta) { problems.push(`${f}: no CSP`); continue; }
    const script = /script-src ([^;]+)/.exec(meta)?.[1] ?? '';
    if (/'unsafe-inline'|'unsafe-eval'/.test(script)) problems.push(`${f}: ${script}`);
    if (/https?:|\*|\bdata:/.test(script) || /https?:\/\//.test(meta)) problems.push(`${f}: another host in ${meta}`);
    if (!/default-src 'self'/.test(meta)) problems.push(`${f}: no default-src 'self'`);
    for (const m of text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) {
      const hash = `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`;
      if (!script.includes(hash)) problems.push(`${f}: inline script not in the policy (${m[1].slice(0, 40)}…)`);
    }
  }
  expect(problems).toEqual([]);
});

test('the not-found pages sit where static hosts look for them (404.html, en/404.html), in their languages, outside the sitemap', () => {
  const dist = process.env.ASTRO_OUT_DIR || 'dist';
  expect(readFileSync(join(dist, '404.html'), 'utf8')).toMatch(/<html[^>]* lang="es"/);
  expect(readFileSync(join(dist, 'en', '404.html'), 'utf8')).toMatch(/<html[^>]* lang="en"/);
  expect(readdirSync(join(dist, 'en')).filter((f) => f.startsWith('404'))).toEqual(['404.html']);
  const sitemap = readFileSync(join(dist, 'sitemap-0.xml'), 'utf8');
  expect(sitemap).toContain('/en/chapters/');
  expect(sitemap).not.toMatch(/404/);
});
