/**
 * A lab's import is its own (issue 22): its meta declares it (LabMeta.importer: the control's label,
 * the texts the page sends, the CLI flags, the lazy importer), and nothing outside the lab folders
 * names a lab to import. A lab that declares no importer has no import control on its page, and
 * the CLI refuses the import flags of the other labs for it, as unknown options, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LAB_METAS } from '../../labs/manifest.ts';
import { importFor } from '../../labs/imports.ts';
import { ImportPanel } from '../../src/components/labs/shared/ImportPanel.tsx';
import type { LabStateApi } from '../../src/components/labs/shared/useLabState.ts';

const NODE = 'node_modules/node/bin/node';
const cli = (...args: string[]) => spawnSync(NODE, ['labs/cli.ts', ...args], { encoding: 'utf8' });
// Rendering does not touch the lab's state (an import does): a stand-in is enough.
const state = { texts: {} } as unknown as LabStateApi;
const panel = (meta: (typeof LAB_METAS)[number], lang: 'es' | 'en') => renderToStaticMarkup(createElement(ImportPanel, { meta, lang, state }));

const importing = LAB_METAS.filter((m) => m.importer !== undefined);
const plain = LAB_METAS.filter((m) => m.importer === undefined);

describe('a lab declares its importer in its meta', () => {
  it('the gate, RAG and evaluator labs import; the others do not', () => {
    expect(importing.map((m) => m.id)).toEqual(['gate', 'rag', 'evaluators']);
    expect(plain.length).toBeGreaterThan(0);
  });

  it('a lab without an importer has no import control; each importer has its own label in both languages', () => {
    for (const m of plain) for (const lang of ['es', 'en'] as const) expect(panel(m, lang), `${m.id} ${lang}`).toBe('');
    const label = (id: string, lang: 'es' | 'en') => {
      const html = panel(LAB_METAS.find((m) => m.id === id)!, lang);
      expect(html).toContain('data-testid="import-panel"');
      expect(html).toContain('data-testid="import-input"');
      return /aria-label="([^"]*)"/.exec(html)?.[1];
    };
    expect(label('gate', 'es')).toBe('Importar resultados (promptfoo, Inspect, CSV)');
    expect(label('gate', 'en')).toBe('Import results (promptfoo, Inspect, CSV)');
    expect(label('rag', 'es')).toBe('Importar qrels y runs TREC');
    expect(label('rag', 'en')).toBe('Import TREC qrels and runs');
    expect(label('evaluators', 'es')).toBe('Importar CSV de etiquetas');
    expect(label('evaluators', 'en')).toBe('Import a labels CSV');
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
