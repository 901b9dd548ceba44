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

type Given = { name: string; mimeType: string; buffer: Buffer };

async function give(page: Page, files: Given[]) {
  await page.getByTestId('import-input').setInputFiles(files);
}

/** The files dropped onto the import panel: a real drop event carrying a DataTransfer. */
async function drop(page: Page, files: Given[]) {
  const data = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
    return dt;
  }, files.map((f) => ({ name: f.name, mimeType: f.mimeType, bytes: [...f.buffer] })));
  await page.getByTestId('import-panel').dispatchEvent('drop', { dataTransfer: data });
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
    // promptfoo's per-assertion results are kept: the case table says which assertion failed, and where
    const row = page.locator('tr[data-case-row="test_1"]');
    await expect(row.locator('[data-col-key="baseline"] [data-testid="failed-assertions"]')).toHaveText('Failing assertions: contains: expected answer not found');
    await expect(row.locator('[data-col-key="candidate"] [data-testid="failed-assertions"]')).toHaveCount(0);
    await give(page, [{ name: 'one.json', mimeType: 'application/json', buffer: buf(FIX + 'promptfoo_one_provider.json') }]);
    await expect(page.getByTestId('import-issues')).toContainText('There is only one version ("faq-v1")');
  });

  test('gate (es): an Inspect JSON log and a .eval archive, the scorer choice; a CSV with an unknown column; a CSV with three versions, the candidate picked, at 360 px', async ({ page }) => {
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
    // a plain CSV with three versions: the first two are taken (v2 fails q1, which v1 passed: a
    // regression); choosing v3, which passes both cases, as the candidate removes the regression
    const three = 'case_id,version,passed,cost\nq1,v1,true,0.01\nq1,v2,false,0.01\nq1,v3,true,0.01\nq2,v1,false,0.01\nq2,v2,false,0.01\nq2,v3,true,0.01\n';
    // dropped with a policy file: the CSV is imported, the policy named as not read
    await drop(page, [{ name: 'tres.csv', mimeType: 'text/csv', buffer: Buffer.from(three) }, { name: 'gate_policy.json', mimeType: 'application/json', buffer: buf('examples/gate_policy.json') }]);
    await expect(summary).toContainText('Importado: CSV de resultados (tres.csv).');
    await expect(summary).toContainText('No se han leído: gate_policy.json');
    await expect(summary).toContainText('2 casos, 3 versiones, hasta 1 ejecución por caso y versión; 6 filas leídas.');
    await expect(summary).toContainText('Baseline: «v1»; candidata: «v2».');
    const reasons = page.getByTestId('reasons');
    await expect(reasons.locator('[data-reason="regressions_present"]')).toBeVisible();
    await page.getByTestId('import-candidate').selectOption('v3');
    await expect(summary).toContainText('Baseline: «v1»; candidata: «v3».');
    await expect(reasons.locator('[data-reason="regressions_present"]')).toHaveCount(0);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', /\w/);
    // at 360 px the summary and its selects fit: no sideways scroll, each select reachable by keyboard
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const id of ['import-summary', 'import-baseline', 'import-candidate']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360, id).toBe(true);
    }
    await page.getByTestId('import-baseline').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('import-candidate')).toBeFocused();
  });

  test('RAG (en): qrels and two runs dropped alone; the first run\'s figures, no contract, the conventions beside the metrics', async ({ page }) => {
    await openLab(page, '/en/labs/rag/');
    await drop(page, [
      { name: 'qrels.txt', mimeType: 'text/plain', buffer: buf('labs/rag/presets/rag_qrels.txt') },
      { name: 'bm25.run', mimeType: 'text/plain', buffer: buf('labs/rag/presets/rag_run_bm25.txt') },
      { name: 'dense.run', mimeType: 'text/plain', buffer: buf('labs/rag/presets/rag_run_dense.txt') },
    ]);
    await expect(page.getByTestId('import-summary')).toContainText('Imported: TREC qrels and runs (qrels.txt, bm25.run, dense.run).');
    // the runs rank rag_004 and rag_005, which the qrels do not judge: reported and left out
    await expect(page.getByTestId('import-summary')).toContainText('left out: run queries that the qrels do not list');
    // the second run is scored too: the dense run finds every relevant document in its top 10
    await expect(page.getByTestId('src-run_b-recall_at_k')).toHaveText('1');
    // the default policy has no thresholds (the preset's are not kept): no contract, fails closed
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail');
    await expect(page.locator('[data-reason="no_contract"]').first()).toBeVisible();
    // the headline metrics are the run's, at the default k = 10: bm25 finds 1 of 1, 1 of 2 and 1 of 1
    // relevant documents (recall (1 + 0.5 + 1)/3), one relevant in each top 10 (precision 0.1)
    await expect(page.getByTestId('agg-kit-recall_at_k')).toHaveText('0.8333');
    await expect(page.getByTestId('agg-kit-precision_at_k')).toHaveText('0.1');
    await expect(page.getByTestId('rag-conventions')).toContainText('tied scores in a run keep the file\'s order');
  });

  test('each importing lab labels its import control; a lab whose meta declares no importer has none', async ({ page }) => {
    await openLab(page, '/en/labs/rag/');
    await expect(page.getByTestId('import-panel')).toHaveAttribute('aria-label', 'Import TREC qrels and runs');
    await expect(page.getByTestId('import-panel').locator('label.file-button')).toHaveText('Import TREC qrels and runs');
    await openLab(page, '/laboratorios/threshold/');
    await expect(page.getByTestId('lab-output')).toBeVisible();
    await expect(page.getByTestId('import-panel')).toHaveCount(0);
  });

  test('evaluators (es): a CSV of judge and human labels', async ({ page }) => {
    await openLab(page, '/laboratorios/evaluators/');
    await give(page, [{ name: 'labels.csv', mimeType: 'text/csv', buffer: buf(FIX + 'labels_judges_columns.csv') }]);
    await expect(page.getByTestId('import-summary')).toContainText('Importado: CSV de etiquetas de juez y humanas (labels.csv).');
    await expect(page.getByTestId('verdict')).toBeVisible();
    await expect(page.getByTestId('lab-output')).toContainText('strict');
  });
});
