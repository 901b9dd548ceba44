/**
 * The compact histogram of the bootstrap deltas (labs/core/stats/histogram.ts) and its place in the gate
 * scorecard. Expected values: numpy.histogram / numpy.unique (printed in the comments, run with
 * Debian's numpy 1.24) and the c01 kit's reference (../shared/reference/README.md: on the preset
 * the delta takes 25 distinct values, and the sorted deltas have o[49] = o[50] = -1/3,
 * o[1949] = o[1950] = 7/9).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { valueHistogram } from '../../labs/core/stats/histogram.ts';
import { parseGateInput } from '../../labs/gate/schema.ts';
import { runGate } from '../../labs/gate/engine.ts';
import { gateMeta } from '../../labs/gate/meta.ts';
const gatePresetFiles = gateMeta.presets[0].files.es;

describe('valueHistogram', () => {
  it('is empty, with the left-out entries counted, when nothing is defined', () => {
    expect(valueHistogram([])).toEqual({ kind: 'values', bins: [], defined: 0, undefined: 0, min: null, max: null });
    expect(valueHistogram([null, NaN, Infinity])).toEqual({ kind: 'values', bins: [], defined: 0, undefined: 3, min: null, max: null });
  });

  it('few distinct values: one bar per value (numpy.unique with counts)', () => {
    // np.unique([0.5, -0.25, 0.5, 0, 0.5, -0.25], return_counts=True) -> ([-0.25, 0, 0.5], [2, 1, 3])
    const h = valueHistogram([0.5, -0.25, 0.5, null, 0, 0.5, -0.25]);
    expect(h.kind).toBe('values');
    expect(h.bins).toEqual([{ x0: -0.25, x1: -0.25, count: 2 }, { x0: 0, x1: 0, count: 1 }, { x0: 0.5, x1: 0.5, count: 3 }]);
    expect([h.defined, h.undefined, h.min, h.max]).toEqual([6, 1, -0.25, 0.5]);
  });

  it('merges values equal up to rounding (the same delta through different quotients)', () => {
    const a = 2 / 3 - 1 / 3; // 0.33333333333333331
    const b = 1 / 3; // 0.33333333333333331 or a neighbour
    const c = 0.1 + 0.2; // 0.30000000000000004
    const h = valueHistogram([a, b, c, 0.3]);
    expect(h.bins.map((x) => x.count)).toEqual([2, 2]);
  });

  it('many distinct values: equal-width bins over [min, max], last bin closed (numpy.histogram)', () => {
    // np.histogram([0.1, 0.2, 0.2, 0.35, 0.9, 1.0], bins=3, range=(0.1, 1.0)) -> [4, 0, 2], edges [0.1, 0.4, 0.7, 1.0]
    const h = valueHistogram([0.1, 0.2, 0.2, 0.35, 0.9, 1.0], { maxDistinct: 3, bins: 3 });
    expect(h.kind).toBe('bins');
    expect(h.bins.map((b) => b.count)).toEqual([4, 0, 2]);
    const edges = [...h.bins.map((b) => b.x0), h.bins[2].x1];
    [0.1, 0.4, 0.7, 1.0].forEach((e, i) => expect(edges[i]).toBeCloseTo(e, 12));
    expect(h.bins[2].x1).toBe(1.0);
  });

  it('counts always add up to the defined values', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 3);
    const h = valueHistogram(xs, { bins: 17 });
    expect(h.kind).toBe('bins');
    expect(h.bins).toHaveLength(17);
    expect(h.bins.reduce((s, b) => s + b.count, 0)).toBe(1000);
  });
});

describe('the gate scorecard carries the histogram of its bootstrap deltas', () => {
  const dir = new URL('../../labs/gate/presets/', import.meta.url);
  const texts = Object.fromEntries(Object.entries(gatePresetFiles).map(([k, f]) => [k, readFileSync(new URL(f, dir), 'utf8')]));
  const parsed = parseGateInput(texts, 'en');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const r = runGate(parsed.value);
  const h = r.bootstrap.histogram;

  it('on the kit preset: 25 distinct values, 2000 rounds', () => {
    expect(h.kind).toBe('values');
    expect(h.bins).toHaveLength(25);
    expect(h.defined).toBe(2000);
    expect(h.undefined).toBe(0);
  });

  it('its cumulative counts put -1/3 at sorted positions 49-50 and 7/9 at 1949-1950 (the kit CI)', () => {
    let before = 0;
    let found = 0;
    for (const b of h.bins) {
      if (Math.abs(b.x0 - -1 / 3) < 1e-9 || Math.abs(b.x0 - 7 / 9) < 1e-9) found++;
      if (Math.abs(b.x0 - -1 / 3) < 1e-9) {
        expect(before).toBeLessThanOrEqual(49);
        expect(before + b.count).toBeGreaterThanOrEqual(51);
      }
      if (Math.abs(b.x0 - 7 / 9) < 1e-9) {
        expect(before).toBeLessThanOrEqual(1949);
        expect(before + b.count).toBeGreaterThanOrEqual(1951);
      }
      before += b.count;
    }
    expect(before).toBe(2000);
    expect(found).toBe(2);
  });

  it('agrees with the per-round deltas', () => {
    for (const b of h.bins) {
      const n = r.bootstrap.deltas.filter((d) => d !== null && Math.abs(d - b.x0) <= 1e-9).length;
      expect(n).toBe(b.count);
    }
  });
});
