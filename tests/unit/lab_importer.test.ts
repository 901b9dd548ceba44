/**
 * A lab's import is its own (issue 22): its meta declares it (LabMeta.importer: the texts the page
 * sends, the CLI flags, the inputs that may mean an import), its folder holds the importer
 * (labs/<id>/import/index.ts) and its island labels the control; nothing outside the lab folders
 * names a lab to import. A lab that declares no importer has no import control on its page, and
 * the CLI refuses the import flags of the other labs for it, as unknown options, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LAB_METAS } from '../../labs/manifest.ts';
import { importFor, loadImporter } from '../../labs/imports.ts';
import { ImportPanel } from '../../src/components/labs/shared/ImportPanel.tsx';
import type { LabStateApi } from '../../src/components/labs/shared/useLabState.ts';
import { ui as gateUi } from '../../src/components/labs/gate/i18n/ui.ts';
import { ui as ragUi } from '../../src/components/labs/rag/i18n/ui.ts';
import { ui as evaluatorsUi } from '../../src/components/labs/evaluators/i18n/ui.ts';

const NODE = 'node_modules/node/bin/node';
const cli = (...args: string[]) => spawnSync(NODE, ['labs/cli.ts', ...args], { encoding: 'utf8' });
// Rendering does not touch the lab's state (an import does): a stand-in is enough.
const state = { texts: {} } as unknown as LabStateApi;
const panel = (meta: (typeof LAB_METAS)[number], label: string, lang: 'es' | 'en') => renderToStaticMarkup(createElement(ImportPanel, { meta, label, lang, state }));
// Each importing lab's island passes its own label (its strings, beside the island).
const islandLabel: Record<string, (lang: 'es' | 'en') => string> = {
  gate: (lang) => gateUi(lang).gate.import_button,
  rag: (lang) => ragUi(lang).rag.import_button,
  evaluators: (lang) => evaluatorsUi(lang).evaluators.import_button,
};

const importing = LAB_METAS.filter((m) => m.importer !== undefined);
const plain = LAB_METAS.filter((m) => m.importer === undefined);

describe('a lab declares its importer in its meta', () => {
  it('the gate, RAG and evaluator labs import; the others do not', () => {
    expect(importing.map((m) => m.id)).toEqual(['gate', 'rag', 'evaluators']);
    expect(plain.length).toBeGreaterThan(0);
  });

  it('a lab without an importer has no import control; each importing island labels its own, in both languages', () => {
    for (const m of plain) for (const lang of ['es', 'en'] as const) expect(panel(m, 'Import', lang), `${m.id} ${lang}`).toBe('');
    const label = (id: string, lang: 'es' | 'en') => {
      const html = panel(LAB_METAS.find((m) => m.id === id)!, islandLabel[id](lang), lang);
      expect(html).toContain('data-testid="import-panel"');
      expect(html).toContain('data-testid="import-input"');
      const region = /aria-label="([^"]*)"/.exec(html)?.[1];
      expect(html).toContain(`<label class="file-button">${region}<input`);
      return region;
    };
    expect(label('gate', 'es')).toBe('Importar resultados (promptfoo, Inspect, CSV)');
    expect(label('gate', 'en')).toBe('Import results (promptfoo, Inspect, CSV)');
    expect(label('rag', 'es')).toBe('Importar qrels y runs TREC');
    expect(label('rag', 'en')).toBe('Import TREC qrels and runs');
    expect(label('evaluators', 'es')).toBe('Importar CSV de etiquetas');
    expect(label('evaluators', 'en')).toBe('Import a labels CSV');
  });

  it('each declared importer is its folder\'s labs/<id>/import/index.ts, and no such module goes undeclared', async () => {
    for (const m of importing) {
      const importer = await loadImporter(m.id);
      expect(typeof importer?.importFiles, m.id).toBe('function');
    }
    for (const m of plain) expect(await loadImporter(m.id), m.id).toBeNull();
    expect(await loadImporter('../gate')).toBeNull();
    const withModule = LAB_METAS.filter((m) => existsSync(`labs/${m.id}/import/index.ts`)).map((m) => m.id);
    expect(withModule).toEqual(importing.map((m) => m.id));
  });

  it('importing files into a lab without an importer is refused with an issue, not an exception', async () => {
    for (const m of plain) {
      const r = await importFor(m.id, [{ name: 'x.csv', text: 'case_id,version\n' }], {}, 'en');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues[0]).toMatchObject({ input: m.id, message: expect.stringMatching(/^Unrecognized format/) });
    }
  });

  it('the CLI refuses the import flags for a lab without an importer (exit 2, in both languages), and --help lists no flag under it', { timeout: 60_000 }, () => {
    const es = cli('threshold', '--labels', 'labels.csv');
    expect(es.status).toBe(2);
    expect(es.stdout).toBe('');
    expect(es.stderr).toMatch(/^opción desconocida «--labels» para el laboratorio threshold\n\nuso:/);
    const en = cli('trace', '--k', '3', '--lang', 'en');
    expect(en.status).toBe(2);
    expect(en.stderr).toMatch(/^unknown option “--k” for lab trace\n\nusage:/);
    // every other lab without an importer, with a flag of each importer in turn
    const flags = importing.flatMap((m) => m.importer!.flags.map((f) => f.flag));
    plain.forEach((m, i) => {
      const flag = flags[i % flags.length];
      const r = cli(m.id, flag, 'x', '--lang', 'en');
      expect(r.status, `${m.id} ${flag}`).toBe(2);
      expect(r.stderr).toContain(`unknown option “${flag}” for lab ${m.id}`);
    });
    // the help: an option line (six spaces) follows only the line of a lab with an importer
    const help = cli('--help', '--lang', 'en').stdout.split('\n');
    for (const m of plain) {
      const at = help.findIndex((l) => l.startsWith(`  ${m.id} `));
      expect(at, m.id).toBeGreaterThan(0);
      expect(help[at + 1] ?? '', m.id).not.toMatch(/^ {6}--/);
    }
    expect(help.filter((l) => /^ {6}--/.test(l))).toHaveLength(flags.length);
  });
});
