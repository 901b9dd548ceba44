/**
 * The layers of labs/ (labs/README.md): core/stats imports nothing of the project outside itself;
 * core/contract imports only core; a lab imports core and never another lab; nothing imports in a
 * cycle. The import graph is read from the source (static and dynamic relative imports).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/**
 * file -> relative imports it makes (resolved paths), type-only imports included. With
 * `dynamic: false`, lazy `import()` calls are left out: they load a module on demand (a lab's meta
 * loading its engine) and cannot take part in an initialization cycle.
 */
export function importGraph(root: string, dynamic = true): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files(root)) {
    const text = readFileSync(f, 'utf8');
    const deps: string[] = [];
    const re = dynamic ? /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g : /(?:from\s+|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
    for (const m of text.matchAll(re)) deps.push(normalize(join(dirname(f), m[1])));
    graph.set(normalize(f), deps);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a self-import): the cycles. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** Where a file lives: 'stats', 'contract', a lab id, or 'top' (manifest, runner, worker, cli). */
function layer(file: string): string {
  const r = relative('labs', file).split(/[\\/]/);
  if (r[0] === 'core') return r[1];
  return r.length === 1 ? 'top' : r[0];
}

describe('labs/ layering', () => {
  const graph = importGraph('labs');

  it('has no import cycles (static imports, type-only ones included)', () => {
    expect(cycles(importGraph('labs', false))).toEqual([]);
  });

  it('core/stats imports nothing outside core/stats; core/contract nothing outside core', () => {
    const bad: string[] = [];
    for (const [f, deps] of graph) {
      for (const d of deps) {
        const from = layer(f);
        const to = layer(d);
        if (from === 'stats' && to !== 'stats') bad.push(`${f} -> ${d}`);
        if (from === 'contract' && to !== 'stats' && to !== 'contract') bad.push(`${f} -> ${d}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('no lab imports another lab (what two labs share lives in core)', () => {
    const bad: string[] = [];
    for (const [f, deps] of graph) {
      const from = layer(f);
      if (['stats', 'contract', 'top'].includes(from)) continue;
      for (const d of deps) {
        const to = layer(d);
        if (to !== from && to !== 'stats' && to !== 'contract') bad.push(`${f} -> ${d}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the checks can fail: a planted cycle and a lab-to-lab import are found', () => {
    const g = new Map([
      ['labs/a/x.ts', ['labs/b/y.ts']],
      ['labs/b/y.ts', ['labs/a/x.ts']],
    ]);
    expect(cycles(g)).toEqual([['labs/a/x.ts', 'labs/b/y.ts']]);
    expect(layer('labs/a/x.ts')).toBe('a');
    expect(layer('labs/core/stats/q.ts')).toBe('stats');
  });
});
