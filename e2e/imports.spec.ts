/**
 * Bringing other tools' results into the labs (issue 21): each file is given to the lab's import
 * control (the same handler as a drop), and the page shows what was imported, in its language, and
 * the verdict on the imported data; a bad file gives its message. Files: tests/fixtures/imports/
 * (written from each tool's documented format) and the RAG kit's TREC files; the .eval archive is
 * built here from the same samples.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { openLab } from './helpers.ts';

const FIX = 'tests/fixtures/imports/';
const buf = (path: string) => readFileSync(path);

async function give(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByTestId('import-input').setInputFiles(files);
}

function evalArchive(path: string): Buffer {
  const { samples, ...header } = JSON.parse(readFileSync(path, 'utf8')) as { samples: { id: string; epoch: number }[] };
  const entries: Record<string, Uint8Array> = { 'header.json': strToU8(JSON.stringify(header)) };
  for (const s of samples) entries[`samples/${s.id}_epoch_${s.epoch}.json`] = strToU8(JSON.stringify(s));
  return Buffer.from(zipSync(entries));
}

test.describe('imports', () => {
  test('gate (en): a promptfoo export gives the summary and the verdict; one provider only is refused', async ({ page }) => {
    await openLab(page, '/en/labs/gate/');
    await give(page, [{ name: 'results.json', mimeType: 'application/json', buffer: buf(FIX + 'promptfoo_two_providers_repeats.json') }]);
    const summary = page.getByTestId('import-summary');
    await expect(summary).toContainText('Imported: promptfoo export (results.json).');
    await expect(summary).toContainText('Baseline: "faq-v1"; candidate: "faq-v2".');
    // the kit's policy asks for its "no_evidence" slice, which the export does not have: fails closed
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.locator('[data-reason="critical_slice_undefined"]')).toBeVisible();
    await give(page, [{ name: 'one.json', mimeType: 'application/json', buffer: buf(FIX + 'promptfoo_one_provider.json') }]);
    await expect(page.getByTestId('import-issues')).toContainText('There is only one version ("faq-v1")');
  });

  test('gate (es): an Inspect JSON log and a .eval archive, the scorer choice; a CSV with an unknown column', async ({ page }) => {
    await openLab(page, '/laboratorios/gate/');
    await give(page, [
      { name: 'baseline.json', mimeType: 'application/json', buffer: buf(FIX + 'inspect_baseline.json') },
      { name: 'candidate.eval', mimeType: 'application/zip', buffer: evalArchive(FIX + 'inspect_candidate.json') },
    ]);
    const summary = page.getByTestId('import-summary');
    await expect(summary).toContainText('Importado: log de Inspect AI (baseline.json, candidate.eval).');
    await expect(page.getByTestId('import-scorer')).toHaveValue('match');
    await expect(page.locator('[data-reason="cost_unknown"]')).toBeVisible();
    await give(page, [{ name: 'r.csv', mimeType: 'text/csv', buffer: buf(FIX + 'results_unknown_column.csv') }]);
    await expect(page.getByTestId('import-issues')).toContainText('Columna desconocida «costs»');
  });

  test('RAG (en): qrels and a run alone; the run\'s figures, no contract, the conventions beside the metrics', async ({ page }) => {
    await openLab(page, '/en/labs/rag/');
    await give(page, [
      { name: 'qrels.txt', mimeType: 'text/plain', buffer: buf('labs/rag/presets/rag_qrels.txt') },
      { name: 'bm25.run', mimeType: 'text/plain', buffer: buf('labs/rag/presets/rag_run_bm25.txt') },
    ]);
    await expect(page.getByTestId('import-summary')).toContainText('Imported: TREC qrels and runs (qrels.txt, bm25.run).');
    // the default policy has no thresholds (the preset's are not kept): no contract, fails closed
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.locator('[data-reason="no_contract"]').first()).toBeVisible();
    // the headline metrics are the run's, at the default k = 10: bm25 finds 1 of 1, 1 of 2 and 1 of 1
    // relevant documents (recall (1 + 0.5 + 1)/3), one relevant in each top 10 (precision 0.1)
    await expect(page.getByTestId('agg-kit-recall_at_k')).toHaveText('0.8333');
    await expect(page.getByTestId('agg-kit-precision_at_k')).toHaveText('0.1');
    await expect(page.getByTestId('rag-conventions')).toContainText('tied scores in a run keep the file\'s order');
  });

  test('evaluators (es): a CSV of judge and human labels', async ({ page }) => {
    await openLab(page, '/laboratorios/evaluators/');
    await give(page, [{ name: 'labels.csv', mimeType: 'text/csv', buffer: buf(FIX + 'labels_judges_columns.csv') }]);
    await expect(page.getByTestId('import-summary')).toContainText('Importado: CSV de etiquetas de juez y humanas (labels.csv).');
    await expect(page.getByTestId('verdict')).toBeVisible();
    await expect(page.getByTestId('lab-output')).toContainText('strict');
  });
});
