/**
 * Reading the evaluator lab's inputs: bad JSON, schema problems with their line and field, the
 * cross-file checks, the CSV layout of the human labels, reserved names, and reports that keep their
 * structure when ids are hostile (re-parsed with mdast-util-from-markdown + GFM tables).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import { toString } from 'mdast-util-to-string';
import type { Root, RootContent } from 'mdast';
import { lab } from '../../labs/evaluators/lab.ts';
import { evaluatorsMeta } from '../../labs/evaluators/meta.ts';
import type { EvaluatorsHeavy } from '../../labs/evaluators/engine.ts';
import type { InputIssue } from '../../labs/core/contract/types.ts';

const PRESETS = new URL('../../labs/evaluators/presets/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, PRESETS), 'utf8');
const files = evaluatorsMeta.presets[0].files.es;
const base: Record<string, string> = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, read(f)]));

function issues(texts: Record<string, string>, lang: 'es' | 'en' = 'es'): InputIssue[] {
  const p = lab.parse(texts, lang);
  if (p.ok) throw new Error('expected problems');
  return p.issues;
}

describe('syntax and schema problems', () => {
  it('bad JSON names the input and the line, in both languages', () => {
    const broken = base.rubric.replace('"min_kappa": 0.60,', '"min_kappa": 0.60');
    const es = issues({ ...base, rubric: broken });
    expect(es).toHaveLength(1);
    expect(es[0]).toMatchObject({ input: 'rubric', line: 12 });
    const en = issues({ ...base, rubric: broken }, 'en');
    expect(en[0].message).not.toBe(es[0].message);
  });
  it('an empty required input is reported; an empty optional one is absent', () => {
    expect(issues({ ...base, cases: '   ' })[0]).toMatchObject({ input: 'cases' });
    const p = lab.parse({ ...base, ordinal: '', construct: '  ' }, 'es');
    expect(p.ok).toBe(true);
  });
  it('a label that is not 0/1 names its field and line', () => {
    const bad = base.cases.replace('"answer_quality": 0,', '"answer_quality": 2,');
    const [iss] = issues({ ...base, cases: bad });
    expect(iss.input).toBe('cases');
    expect(iss.field).toBe('1.human.answer_quality');
    expect(iss.line).toBe(base.cases.split('\n').findIndex((l, i) => i > 20 && l.includes('"answer_quality": 0')) + 1);
  });
  it('rubric rules: pass is reserved, blocking criteria must be criteria, __proto__ is refused', () => {
    const r = JSON.parse(base.rubric);
    r.criteria.pass = 'x';
    r.blocking_criteria.push('coverage');
    const got = issues({ ...base, rubric: JSON.stringify(r, null, 2) });
    expect(got.map((i) => i.field)).toEqual(['criteria.pass', 'blocking_criteria.2']);
    const proto = base.rubric.replace('"trace": "La', '"__proto__": "La');
    const [p] = issues({ ...base, rubric: proto });
    expect(p).toMatchObject({ input: 'rubric', field: 'criteria.__proto__', line: 6 });
  });
});

describe('cross-file checks', () => {
  it('an unknown case, a repeated run and a missing run are each reported on their line', () => {
    const evs = JSON.parse(base.outputs);
    evs[0].runs[1].case_id = 'evaluator_999';
    evs[1].runs[3].case_id = 'evaluator_001';
    const text = JSON.stringify(evs, null, 2);
    const got = issues({ ...base, outputs: text });
    expect(got.map((i) => i.message)).toEqual([
      'El evaluador «evaluator_v1_generic» puntúa el caso «evaluator_999», que no está en los casos de calibración.',
      'Al evaluador «evaluator_v1_generic» le falta la ejecución del caso «evaluator_002».',
      'El evaluador «evaluator_v2_rubric» puntúa dos veces el caso «evaluator_001».',
      'Al evaluador «evaluator_v2_rubric» le falta la ejecución del caso «evaluator_004».',
    ]);
    const lines = text.split('\n');
    expect(lines[got[0].line! - 1]).toContain('evaluator_999');
  });
  it('a readable run must give every score; an unreadable one may give none', () => {
    const evs = JSON.parse(base.outputs);
    delete evs[0].runs[0].scores.trace;
    expect(issues({ ...base, outputs: JSON.stringify(evs) })[0].message).toContain('«trace»');
    evs[0].runs[0].parse_ok = false;
    expect(lab.parse({ ...base, outputs: JSON.stringify(evs) }, 'es').ok).toBe(true);
  });
  it('a missing human label and an unknown one', () => {
    const cs = JSON.parse(base.cases);
    delete cs[0].human.policy;
    cs[1].human.tone = 1;
    expect(issues({ ...base, cases: JSON.stringify(cs, null, 2) }, 'en').map((i) => i.message)).toEqual([
      'Case “evaluator_001” lacks the human label “policy”.',
      'Case “evaluator_002” has a label “tone”, which is neither a rubric criterion nor “pass”.',
    ]);
  });
  it('the production input must name an audited evaluator', () => {
    const got = issues({ ...base, production: JSON.stringify({ evaluator_id: 'v9', runs: 10, judged_passes: 3 }) });
    expect(got[0]).toMatchObject({ input: 'production', field: 'evaluator_id' });
  });
  it('optional inputs validate their own rules: scale order, off-scale scores, passes above runs', () => {
    const o = JSON.parse(base.ordinal);
    o.items[0].judge = 7;
    expect(issues({ ...base, ordinal: JSON.stringify(o) })[0]).toMatchObject({ input: 'ordinal', field: 'items.0.judge' });
    expect(issues({ ...base, production: JSON.stringify({ evaluator_id: 'evaluator_v1_generic', runs: 10, judged_passes: 11 }) })[0].field).toBe('judged_passes');
    const c = JSON.parse(base.construct);
    delete c.items[2].human.support;
    expect(issues({ ...base, construct: JSON.stringify(c) })[0].message).toContain('support');
  });
});

describe('human labels as CSV', () => {
  const csv = read('evaluator_labels.csv');
  it('the documented layout parses (any column order, ; delimiter too)', () => {
    expect(lab.parse({ ...base, cases: csv }, 'es').ok).toBe(true);
    const semi = csv
      .split('\n')
      .map((l) => l.split(',').join(';'))
      .join('\n');
    expect(lab.parse({ ...base, cases: semi }, 'es').ok).toBe(true);
  });
  it('an unknown or missing column, a bad cell and a short row are reported with their line', () => {
    const unknown = csv.replace('case_id,task', 'case_id,tarea');
    expect(issues({ ...base, cases: unknown })[0]).toMatchObject({ input: 'cases', line: 1, field: 'tarea' });
    const missing = csv.replace(',pass\n', '\n').replace(/,([01])\n/g, '\n');
    expect(issues({ ...base, cases: missing }).some((i) => i.message.includes('«pass»'))).toBe(true);
    const badCell = csv.replace('evaluator_003,resumen_normativa,Resume una norma y conserva condiciones y excepciones.,1', 'evaluator_003,resumen_normativa,Resume una norma y conserva condiciones y excepciones.,sí');
    expect(issues({ ...base, cases: badCell })[0]).toMatchObject({ line: 4, field: 'answer_quality' });
    const short = csv.replace('evaluator_006,respuesta_sin_fuente,La respuesta debería abstenerse porque no hay evidencia.,0,0,1,0,0', 'evaluator_006,0,0');
    expect(issues({ ...base, cases: short })[0]).toMatchObject({ line: 7 });
  });
});

/** Node types, heading depths and table shapes of a Markdown text, as a flat signature. */
function structure(md: string): string[] {
  const tree: Root = fromMarkdown(md, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  const sig = (n: RootContent): string => {
    if (n.type === 'heading') return `h${n.depth}`;
    if (n.type === 'table') return `table ${n.children.length}x${n.children.map((r) => r.children.length).join(',')}`;
    if (n.type === 'list') return `list ${n.children.length}`;
    return n.type;
  };
  return tree.children.map(sig);
}

describe('decision.md keeps its structure with hostile ids', () => {
  const HOSTILE_CASE = 'evil|case\n# not a heading <script>alert(1)</script> `x` *y*';
  const HOSTILE_EVAL = 'judge | two\r\n## <img src=x onerror=1> [link](javascript:1)';
  const hostile = (t: Record<string, string>) => {
    const out = { ...t };
    for (const k of ['cases', 'outputs', 'production', 'pairwise']) out[k] = out[k].replaceAll('evaluator_005', HOSTILE_CASE.replaceAll('\n', '\\n')).replaceAll('evaluator_v1_generic', JSON.stringify(HOSTILE_EVAL).slice(1, -1));
    return out;
  };
  for (const lang of ['es', 'en'] as const) {
    it(lang, () => {
      const render = (texts: Record<string, string>) => {
        const p = lab.parse(texts, lang);
        if (!p.ok) throw new Error(JSON.stringify(p.issues));
        return lab.report(lab.select(lab.run(p.value, evaluatorsMeta.defaultView) as EvaluatorsHeavy, evaluatorsMeta.defaultView), lang);
      };
      const plain = render(base);
      const evil = render(hostile(base));
      expect(structure(evil)).toEqual(structure(plain));
      const tree = fromMarkdown(evil, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
      const all = toString(tree);
      // the ids come back as text (line breaks inside a phrase become spaces), never as markup
      expect(all).toContain(HOSTILE_CASE.replace('\n', ' '));
      expect(all).toContain(HOSTILE_EVAL.replace('\r\n', ' '));
      expect(evil).not.toMatch(/^#+ not a heading/m);
      // no raw HTML survives: inside code spans and escaped text "<script>" is only text
      const types: string[] = [];
      const walk = (n: { type: string; children?: unknown[] }) => {
        types.push(n.type);
        for (const c of n.children ?? []) walk(c as { type: string; children?: unknown[] });
      };
      walk(tree);
      expect(types).not.toContain('html');
      expect(types).not.toContain('link');
    });
  }
});
