import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseRubricInput, runRubricLab } from '../../labs/rubric/lab.ts';

const P = new URL('../../labs/rubric/presets/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, P), 'utf8');
const run = async (rubricFile: string, items = read('capstone_items.jsonl')) => {
  const r = parseRubricInput({ items, rubric: read(rubricFile) }, 'en');
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return await runRubricLab(r.value);
};

describe('axis columns (the dashboard column totals)', () => {
  // Preset: 13 items (10 exam pl-01..pl-10, 3 regression rg-01..rg-03, all correct). With full
  // normalization only pl-10 / correctness misses ("mrs." vs "Mrs." after the period is stripped).
  it('full normalization: one correctness miss, nothing else', async () => {
    const cols = (await run('capstone_rubric.json')).aggregate.axis_columns;
    expect(cols.map((c) => c.axis)).toEqual(['correctness', 'spanish_gloss', 'schema', 'conciseness']);
    const c = cols[0];
    expect(c.weight_share).toBeCloseTo(0.6, 12); // weights sum to 1
    expect(c.total).toBe(12);
    expect(c.failures).toBe(1);
    expect(c.zeros).toBe(1);
    expect(c.weighted_mean_exam!).toBeCloseTo((0.6 * 9) / 10, 12);
    expect(c.lost_exam!).toBeCloseTo(0.06, 12);
    for (const other of cols.slice(1)) {
      expect(other.total).toBe(13);
      expect(other.failures).toBe(0);
      expect(other.lost_exam!).toBeCloseTo(0, 12);
    }
    // The losses add up to 1 - exam score (no overrides in this rubric).
    const lost = cols.reduce((s, x) => s + x.lost_exam!, 0);
    expect(lost).toBeCloseTo(1 - 0.94, 12);
  });

  it('case folding off: correctness misses on 4 exam items, spanish_gloss on 2', async () => {
    // correctness: pl-01 "Mice.", pl-03 "Teeth", pl-06 "People.", pl-10; spanish_gloss: pl-07 "Pies", pl-10.
    const cols = (await run('capstone_rubric_casefold_off.json')).aggregate.axis_columns;
    const byAxis = Object.fromEntries(cols.map((c) => [c.axis, c]));
    expect(byAxis.correctness.failures).toBe(4);
    expect(byAxis.correctness.total).toBe(9);
    expect(byAxis.correctness.lost_exam!).toBeCloseTo((0.6 * 4) / 10, 12);
    expect(byAxis.spanish_gloss.failures).toBe(2);
    expect(byAxis.spanish_gloss.lost_exam!).toBeCloseTo((0.25 * 2) / 10, 12);
    expect(cols.reduce((s, x) => s + x.lost_exam!, 0)).toBeCloseTo(1 - 0.71, 12);
  });

  it('unequal weights are shared out by their sum; no exam items leave the exam columns undefined', async () => {
    const rubric = JSON.parse(read('capstone_rubric.json'));
    rubric.axes = rubric.axes.map((a: { weight: number }) => ({ ...a, weight: a.weight * 2 })); // sum 2
    const items = read('capstone_items.jsonl').split('\n').filter((l) => l.includes('"regression"')).join('\n');
    const r = parseRubricInput({ items, rubric: JSON.stringify(rubric) }, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const cols = (await runRubricLab(r.value)).aggregate.axis_columns;
    expect(cols[0].weight).toBeCloseTo(1.2, 12);
    expect(cols[0].weight_share).toBeCloseTo(0.6, 12);
    expect(cols[0].total).toBe(3);
    expect(cols[0].weighted_mean_exam).toBeNull();
    expect(cols[0].lost_exam).toBeNull();
  });

  it('systematic: an axis below 1 on every item (n >= 2) is flagged, one failing item alone is not', async () => {
    // The correctness axis pointed at a field no output has: it scores 0 on all 13 items.
    const rubric = JSON.parse(read('capstone_rubric.json'));
    rubric.axes[0].field = 'respuesta';
    const r = parseRubricInput({ items: read('capstone_items.jsonl'), rubric: JSON.stringify(rubric) }, 'en');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const cols = (await runRubricLab(r.value)).aggregate.axis_columns;
    expect(cols.map((c) => [c.axis, c.failures, c.systematic])).toEqual([
      ['correctness', 13, true],
      ['spanish_gloss', 0, false],
      ['schema', 0, false],
      ['conciseness', 0, false],
    ]);
    // The full rubric: pl-10 misses correctness once out of 13, not systematic.
    expect((await run('capstone_rubric.json')).aggregate.axis_columns[0].systematic).toBe(false);
    // A single item failing the axis: 1 of 1 is not a pattern.
    const one = read('capstone_items.jsonl').split('\n').find((l) => l.includes('"pl-10"'))!;
    const r1 = parseRubricInput({ items: one, rubric: JSON.stringify(rubric) }, 'en');
    if (!r1.ok) throw new Error(JSON.stringify(r1.issues));
    const c1 = (await runRubricLab(r1.value)).aggregate.axis_columns[0];
    expect([c1.failures, c1.systematic]).toEqual([1, false]);
  });
});
