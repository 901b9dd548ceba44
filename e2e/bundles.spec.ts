/**
 * Bundle budgets (issue "One lab manifest…"), checked on the built site and printed as a table:
 * a chapter page loads at most 5 KB of JS at once (gzip), a lab page at most 200 KB with its island,
 * the worker entry at most 60 KB before the one lab engine it loads.
 */
import { test, expect } from '@playwright/test';
import { chunk, closure, gzipOf, pageLoad } from './bundles.ts';
import { readdirSync } from 'node:fs';
import { LAB_METAS } from '../labs/manifest.ts';

const KB = 1024;
/**
 * A lab page with its island. Each lab's UI strings live beside its island (issue 22), so a lab page
 * no longer carries every lab's strings in both languages (the 50 KB gzip "format" chunk): measured
 * 148-173 KB after the move, 185-203 KB before.
 */
const LAB_PAGE_BUDGET = 200 * KB;

/** A lab's island file name without extension, by the convention src/components/labs/islands.ts loads it by (<id>/<Name>Lab.tsx). */
function islandName(labId: string): string | undefined {
  return readdirSync(`src/components/labs/${labId}`).find((f) => /Lab\.tsx$/.test(f))?.replace(/\.tsx$/, '');
}

test('JS budgets per page type (gzip)', () => {
  const rows: [string, number, number][] = [];
  const chapters = readdirSync('content/chapters/es').filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
  expect(chapters.length, 'chapters found').toBeGreaterThan(0);
  for (const slug of chapters) {
    rows.push([`chapter /capitulos/${slug}/ at load`, pageLoad(`capitulos/${slug}/index.html`).total, 5 * KB]);
  }
  for (const m of LAB_METAS) {
    const name = islandName(m.id);
    expect(name, `the island file of lab ${m.id}`).toBeTruthy();
    const island = chunk(`${name}.`);
    expect(island, `the built chunk of ${name}`).toBeTruthy();
    rows.push([`lab page /laboratorios/${m.id}/ with its island`, pageLoad(`laboratorios/${m.id}/index.html`, [island!], true).total, LAB_PAGE_BUDGET]);
  }
  const worker = chunk('worker-');
  expect(worker, 'the worker chunk').toBeTruthy();
  rows.push(['worker entry (before the lab it loads)', gzipOf(closure([worker!])), 60 * KB]);
  rows.push(['home / at load', pageLoad('index.html').total, 5 * KB]);
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(['', `${'what'.padEnd(width)}  gzip KB  budget KB`, ...rows.map(([w, n, b]) => `${w.padEnd(width)}  ${(n / KB).toFixed(1).padStart(7)}  ${(b / KB).toFixed(0).padStart(9)}${n > b ? '  OVER' : ''}`)].join('\n'));
  for (const [what, n, budget] of rows) expect.soft(n, what).toBeLessThanOrEqual(budget);
});
