/**
 * Names from data used as keys: "__proto__", "constructor" and "toString" as a slice, an axis, a
 * critical field, a criterion, a column. For every lab: no case is dropped (per-slice counts add up
 * to the number of cases), nothing is written onto Object.prototype (which would break another lab
 * in the same worker), a field the output does not have is missing (not Object's method), and the
 * outcome is a scorecard or a localized input issue, never an engine error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRunner } from '../../labs/runner.ts';
import { presetTexts } from '../helpers/presets.ts';

const HOSTILE = ['__proto__', 'constructor', 'toString'] as const;
const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const PROTO_BEFORE = protoKeys();

afterEach(() => {
  expect(protoKeys()).toBe(PROTO_BEFORE);
  expect(({} as Record<string, unknown>).slice).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
});

/** Rewrites every JSONL row of `text` with `f`. */
const mapJsonl = (text: string, f: (row: Record<string, unknown>, i: number) => Record<string, unknown>) =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => JSON.stringify(f(JSON.parse(l), i)))
    .join('\n') + '\n';

async function run(lab: string, texts: Record<string, string>, lang: 'es' | 'en' = 'en') {
  const r = await createRunner().runAny(lab, texts, lang);
  if (!r.ok) for (const i of r.issues) expect(i.input, i.message).not.toBe('engine');
  return r;
}

describe('hostile names as keys', () => {
  it.each(HOSTILE)('threshold: slice %s keeps every case in the slice counts', async (name) => {
    const t = presetTexts('threshold');
    const cases = mapJsonl(t.cases, (row, i) => ({ ...row, slice: i % 2 ? name : String(row.slice) }));
    const r = await run('threshold', { ...t, cases });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { cases: number; selected_policy: { slice_counts: Record<string, { total: number }> } };
    const counts = res.selected_policy.slice_counts;
    expect(Object.prototype.hasOwnProperty.call(counts, name)).toBe(true);
    expect(Object.values(counts).reduce((s, c) => s + c.total, 0)).toBe(res.cases);
    // The JSON of the scorecard carries the slice as an ordinary key.
    expect(Object.keys(JSON.parse(JSON.stringify(counts)))).toContain(name);
  });

  it.each(HOSTILE)('gate: slice %s, also as a critical slice, is scored with all its cases', async (name) => {
    const t = presetTexts('gate');
    const cases = mapJsonl(t.cases, (row, i) => ({ ...row, slice: i % 2 ? name : row.slice }));
    const policy = JSON.stringify({ ...JSON.parse(t.policy), critical_slices: [name] });
    const r = await run('gate', { ...t, cases, policy });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { candidate: { total_cases: number; slices: { slice: string; cases: number }[] }; checks: { id: string; subject?: string; value: number | null }[] };
    expect(res.candidate.slices.reduce((s, x) => s + x.cases, 0)).toBe(res.candidate.total_cases);
    const check = res.checks.find((c) => c.id === 'critical_slice');
    expect(check?.subject).toBe(name);
    expect(check?.value).not.toBeNull();
  });

  it.each(HOSTILE)('gate: case id %s is an ordinary id', async (name) => {
    const t = presetTexts('gate');
    const first = JSON.parse(t.cases.split('\n')[0]).case_id as string;
    const swap = (row: Record<string, unknown>) => (row.case_id === first ? { ...row, case_id: name } : row);
    const r = await run('gate', { ...t, cases: mapJsonl(t.cases, swap), outputs: mapJsonl(t.outputs, swap) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { candidate: { results: { case_id: string }[] } };
    expect(res.candidate.results.map((c) => c.case_id)).toContain(name);
  });

  it.each(HOSTILE)('calibration: slice %s keeps every evaluation case in the slice report', async (name) => {
    const t = presetTexts('calibration');
    const lines = t.cases.trimEnd().split('\n');
    const header = lines[0].split(',');
    const si = header.indexOf('slice');
    const cases = [lines[0], ...lines.slice(1).map((l, i) => l.split(',').map((c, k) => (k === si && i % 2 ? name : c)).join(','))].join('\n') + '\n';
    const policy = JSON.stringify({ ...JSON.parse(t.policy), valid_slices: [...JSON.parse(t.policy).valid_slices, name] });
    const r = await run('calibration', { ...t, cases, policy });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { counts: { evaluation: number }; slice_report: { slice: string; count: number }[] };
    expect(res.slice_report.map((s) => s.slice)).toContain(name);
    expect(res.slice_report.reduce((s, x) => s + x.count, 0)).toBe(res.counts.evaluation);
  });

  it.each(['constructor', 'toString'])('calibration: a column named %s can be the slice_by column', async (name) => {
    const t = presetTexts('calibration');
    const lines = t.cases.trimEnd().split('\n');
    const cases = [`${lines[0]},${name}`, ...lines.slice(1).map((l, i) => `${l},${i % 3 ? 'a' : 'b'}`)].join('\n') + '\n';
    const policy = JSON.stringify({ ...JSON.parse(t.policy), slice_by: name });
    const r = await run('calibration', { ...t, cases, policy });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { counts: { evaluation: number }; slice_report: { slice: string; count: number }[] };
    expect(res.slice_report.map((s) => s.slice).sort()).toEqual(['a', 'b']);
    expect(res.slice_report.reduce((s, x) => s + x.count, 0)).toBe(res.counts.evaluation);
  });

  it('calibration: an unknown slice_by in the policy is an issue on policy.slice_by, in the chosen language', async () => {
    const t = presetTexts('calibration');
    const policy = JSON.stringify({ ...JSON.parse(t.policy), slice_by: 'region' }, null, 2);
    for (const lang of ['es', 'en'] as const) {
      const r = await run('calibration', { ...t, policy }, lang);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const iss = r.issues.find((i) => i.field === 'slice_by');
      expect(iss?.input).toBe('policy');
      expect(iss?.line).toBe(policy.split('\n').findIndex((l) => l.includes('"slice_by"')) + 1);
      expect(iss?.message).toContain('region');
      expect(iss?.message).toMatch(lang === 'es' ? /los casos no tienen/ : /the cases do not have/);
    }
  });

  it.each(HOSTILE)('rubric: an axis named %s is scored and averaged like any other', async (name) => {
    const t = presetTexts('rubric');
    const rubric = JSON.parse(t.rubric);
    rubric.axes[0].name = name;
    const r = await run('rubric', { ...t, rubric: JSON.stringify(rubric) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { items: { breakdown: Record<string, number> }[]; aggregate: { axis_means: Record<string, number | null> } };
    expect(Object.prototype.hasOwnProperty.call(res.aggregate.axis_means, name)).toBe(true);
    expect(typeof res.aggregate.axis_means[name]).toBe('number');
    for (const it of res.items) expect(typeof it.breakdown[name]).toBe('number');
    expect(Object.keys(JSON.parse(JSON.stringify(res.aggregate.axis_means)))).toContain(name);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])('rubric: a critical field %s that the outputs lack is missing, not present', async (name) => {
    const t = presetTexts('rubric');
    const rubric = { ...JSON.parse(t.rubric), critical_fields: [name] };
    const r = await run('rubric', { ...t, rubric: JSON.stringify(rubric) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { items: { score: number; overrides: string[] }[] };
    for (const it of res.items) {
      expect(it.overrides).toContain(`critical_field:${name}`);
      expect(it.score).toBe(0);
    }
  });

  it.each(HOSTILE)('rag: slice %s keeps every case', async (name) => {
    const t = presetTexts('rag');
    const cases = (JSON.parse(t.cases) as Record<string, unknown>[]).map((c, i) => ({ ...c, slice: i % 2 ? name : c.slice }));
    const r = await run('rag', { ...t, cases: JSON.stringify(cases) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.result as { per_case?: { case_id: string; slice: string }[] };
    const json = JSON.stringify(r.result);
    expect(json).toContain(`"${name}"`);
    if (res.per_case) expect(res.per_case.length).toBe(cases.length);
  });

  it.each(HOSTILE)('evaluators: a criterion named %s is either scored or refused with a localized message', async (name) => {
    const t = presetTexts('evaluators');
    const texts = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.replaceAll('"evidence"', JSON.stringify(name)).replaceAll(',evidence,', `,${name},`)]));
    const r = await run('evaluators', texts);
    if (r.ok) expect(JSON.stringify(r.result)).toContain(`"${name}"`);
    else expect(r.issues.length).toBeGreaterThan(0);
  });

  it.each(HOSTILE)('trace: a tool named %s is an ordinary tool', async (name) => {
    const t = presetTexts('trace');
    const tools = new Set<string>();
    JSON.stringify(JSON.parse(t.trace), (k, v) => {
      if (k === 'tool' && typeof v === 'string') tools.add(v);
      return v;
    });
    const tool = [...tools][0];
    const texts = { trace: t.trace.replaceAll(JSON.stringify(tool), JSON.stringify(name)), policy: t.policy.replaceAll(JSON.stringify(tool), JSON.stringify(name)) };
    const r = await run('trace', texts);
    if (r.ok) expect(JSON.stringify(r.result)).toContain(`"${name}"`);
    else expect(r.issues.length).toBeGreaterThan(0);
  });
});
