/**
 * The search index (dist/pagefind, scripts/pagefind.mjs) holds the pages' prose, not the text of
 * their interactive parts: no lab or widget text, no TeX source of formulas, no table header row run
 * together ("CasoSlicePesoBaseline…"). Reads the built index's fragments directly (no browser).
 */
import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const DIR = `${process.env.ASTRO_OUT_DIR || 'dist'}/pagefind/fragment/`;
/** Words of the prose that join a lower and an upper case letter by design. */
const ALLOWED = /McNemar|CaseFolding/g;

test('search excerpts are prose: no widget text, TeX source or header rows run together', () => {
  const found: string[] = [];
  const files = readdirSync(DIR);
  expect(files.length).toBeGreaterThanOrEqual(40);
  for (const f of files) {
    const raw = gunzipSync(readFileSync(DIR + f)).toString('utf8');
    const { url, content } = JSON.parse(raw.slice(raw.indexOf('{'))) as { url: string; content: string };
    const text = content.replace(ALLOWED, '');
    // two words run together ("aVolver", "lData", "CasoSlicePeso") or TeX commands
    const bad = text.match(/[a-záéíóúñ][A-ZÁÉÍÓÚÑ][a-záéíóúñ]{3,}|\\(?:htmlData|frac|hat|begin)\b/g);
    if (bad) found.push(`${url}: ${bad.slice(0, 4).join(', ')}`);
  }
  expect(found).toEqual([]);
});
