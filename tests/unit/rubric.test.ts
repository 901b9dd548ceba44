import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lab as rubricLab, parseRubricInput, runRubricLab } from '../../labs/rubric/lab.ts';
import type { Rubric, Item } from '../../labs/rubric/lab.ts';
import { RubricSchema, ItemSchema } from '../../labs/rubric/schema.ts';
import { checkBreakdown, countWords, parseOutput, scoreItem, detectPatterns, compareRubrics, rubricLock } from '../../labs/rubric/engine.ts';
import { describeViolation } from '../../labs/rubric/describe.ts';
import { validateAgainstSchema } from '../../labs/rubric/jsonschema.ts';
import { canonicalJson, lockOf } from '../../labs/core/contract/canonical.ts';
import { sha256Hex } from '../../labs/core/contract/hash.ts';

const P = new URL('../../labs/rubric/presets/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, P), 'utf8');
const presetTexts = () => ({ items: read('capstone_items.jsonl'), rubric: read('capstone_rubric.json') });
const parsed = (texts: Record<string, string>, lang: 'es' | 'en' = 'en') => {
  const r = parseRubricInput(texts, lang);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
};
const rubric = (over: Record<string, unknown> = {}): Rubric => RubricSchema.parse({ ...JSON.parse(read('capstone_rubric.json')), ...over });
const item = (o: Partial<Item> & { output: string }): Item => ItemSchema.parse({ item: 'x', ...o });

describe('presets in both languages (issue 23: the Spanish lab showed the English items)', () => {
  const stripExplanation = (output: string) => output.replace(/"explanation": ?"(?:[^"\\]|\\.)*"/, '').replace(/^(Answer|Respuesta): /, '');
  it('the Spanish and English items differ only in prompt and explanation: same answers, glosses, expected terms and scores', async () => {
    const es = read('capstone_items.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    const en = read('capstone_items.en.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    expect(es.map((x) => x.item)).toEqual(en.map((x) => x.item));
    es.forEach((x, i) => {
      const { prompt: _p, output: ox, ...rest } = x;
      const { prompt: _q, output: oy, ...restEn } = en[i];
      expect(rest).toEqual(restEn);
      expect(stripExplanation(ox)).toBe(stripExplanation(oy));
    });
    expect(JSON.stringify(es)).not.toMatch(/Plural of|Answer:|Vowel change|becomes/);
    const run = async (items: string, rubricFile: string) => (await runRubricLab(parsed({ items, rubric: read(rubricFile) }))).items.map((x) => x.score);
    expect(await run(read('capstone_items.jsonl'), 'capstone_rubric.json')).toEqual(await run(read('capstone_items.en.jsonl'), 'capstone_rubric.en.json'));
  });
  it('each rubric differs from its translation in the description only, and chapter 06 cites the hash of its language\'s rubric', async () => {
    for (const stem of ['capstone_rubric', 'capstone_rubric_casefold_off']) {
      const es = JSON.parse(read(`${stem}.json`));
      const en = JSON.parse(read(`${stem}.en.json`));
      expect({ ...es, description: '' }).toEqual({ ...en, description: '' });
      expect(es.description).toMatch(/^Rúbrica/);
      for (const [lang, r] of [['es', es], ['en', en]] as const) {
        const hash = (await rubricLock(RubricSchema.parse(r))).hash;
        expect(readFileSync(`content/chapters/${lang}/06-rubrics.mdx`, 'utf8'), `${lang} ${stem}`).toContain(`${hash.slice(0, 'sha256:'.length + 12)}…`);
      }
    }
  });
});

describe('preset: the case-fold break', () => {
  // Exam items pl-01..pl-10 (weights 0.60 / 0.25 / 0.10 / 0.05).
  // Full normalization: only pl-10 misses (its expected "mrs." keeps its period, the output loses it):
  //   9 items at 1 + pl-10 at 1 - 0.60 = 0.40 -> mean 9.40 / 10 = 0.94 >= 0.92.
  // Case folding off: correctness misses on pl-01 ("Mice."), pl-03 ("Teeth"), pl-06 ("People."), pl-10;
  //   spanish_gloss misses on pl-07 ("Pies") and pl-10 ("Sra." -> "Sra" vs "sra"):
  //   10 - 3·0.60 - 0.25 - (0.60 + 0.25) = 7.10 -> 0.71 < 0.92.
  it('full normalization reaches the 0.92 hard gate', async () => {
    const r = await runRubricLab(parsed(presetTexts()));
    expect(r.aggregate.n_exam).toBe(10);
    expect(r.aggregate.exam_score).toBeCloseTo(0.94, 12);
    expect(r.decision.verdict).toBe('pass');
    expect(r.decision.reasons).toEqual([]);
    expect(r.gates.hard).toMatchObject({ status: 'pass', reason: null });
    expect(r.aggregate.interval.low!).toBeLessThanOrEqual(0.94);
    expect(r.aggregate.interval.high!).toBeGreaterThanOrEqual(0.94);
  });
  it('switching case folding off drops the exam below the gate, with the false negatives listed', async () => {
    const r = await runRubricLab(parsed({ ...presetTexts(), rubric: read('capstone_rubric_casefold_off.json') }));
    expect(r.aggregate.exam_score).toBeCloseTo(0.71, 12);
    expect(r.decision.verdict).toBe('fail');
    expect(r.decision.reasons[0]).toBe('hard_gate_missed');
    const cmp = (await runRubricLab(parsed({ ...presetTexts(), rubric_b: read('capstone_rubric_casefold_off.json') }))).comparison!;
    expect(cmp.same_rubric).toBe(false);
    expect(cmp.delta!).toBeCloseTo(0.71 - 0.94, 12);
    expect(cmp.false_positives).toBe(0);
    expect(cmp.flips.map((f) => `${f.item}/${f.axis}`)).toEqual([
      'pl-01/correctness', 'pl-03/correctness', 'pl-06/correctness', 'pl-07/spanish_gloss', 'pl-10/spanish_gloss',
    ]);
  });
  it('per item output in the seed format, with the reason of each axis', async () => {
    const r = await runRubricLab(parsed(presetTexts()));
    const i10 = r.items.find((i) => i.item === 'pl-10')!;
    expect(i10.expected).toEqual(['mrs.']);
    expect(i10.got).toBe('Mrs.');
    expect(i10.breakdown).toEqual({ correctness: 0, spanish_gloss: 1, schema: 1, conciseness: 1 });
    expect(i10.weighted.spanish_gloss).toBeCloseTo(0.25, 12);
    expect(i10.score).toBeCloseTo(0.4, 12);
    expect(i10.reasons.correctness.missing).toEqual(['mrs.']);
    expect(i10.reasons.correctness.broke_match_by).toBe('strip_trailing_period');
    const i01 = r.items.find((i) => i.item === 'pl-01')!;
    expect(i01.reasons.correctness.made_match_by).toBe('case_fold:casefold');
    const i02 = r.items.find((i) => i.item === 'pl-02')!;
    expect(i02.reasons.spanish_gloss.made_match_by).toBe('nfc');
    expect(r.patterns.some((p) => p.code === 'step_broke_match' && p.step === 'strip_trailing_period')).toBe(true);
  });
  it('soft gates on the preset: p50 latency 190 ms (13 latencies, median is the 7th: 190), regression score 1', async () => {
    const r = await runRubricLab(parsed(presetTexts()));
    expect(r.aggregate.latency_p50_ms).toBe(190);
    expect(r.aggregate.regression_score).toBe(1);
    expect(r.aggregate.regression_schema_failures).toBe(0);
    expect(r.gates.soft.map((g) => g.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });
  it('decision.md exists in both languages and names the verdict', async () => {
    const r = await runRubricLab(parsed(presetTexts()));
    expect(rubricLab.report(r, 'es')).toContain('Decisión de la rúbrica');
    expect(rubricLab.report(r, 'en')).toContain('Rubric decision');
    expect(rubricLab.report(r, 'en')).toContain(r.rubric_hash);
  });
});

describe("seed 000's inconsistent breakdown", () => {
  it('stated 0.95 but (1, 0, 1, 1) with weights (0.60, 0.25, 0.10, 0.05) weighs 0.60 + 0.10 + 0.05 = 0.75', async () => {
    const b = JSON.parse(read('seed_breakdown.json'));
    const c = checkBreakdown(b, rubric());
    expect(c.consistent).toBe(false);
    expect(c.computed_score).toBeCloseTo(0.75, 12);
    expect(c.difference).toBeCloseTo(0.2, 12);
    expect(c.lost).toEqual([{ axis: 'spanish_gloss', lost: expect.closeTo(0.25, 12) }]);
    const r = await runRubricLab(parsed({ ...presetTexts(), breakdown: read('seed_breakdown.json') }));
    // The exam still passes (0.94): the bad breakdown is a warning, not a reason for the verdict.
    expect(r.decision).toEqual({ verdict: 'pass', reasons: [], warnings: ['breakdown_inconsistent'] });
  });
  it('a consistent breakdown passes, and a wrong weighted entry is caught', () => {
    expect(checkBreakdown({ score: 0.75, breakdown: { correctness: 1, spanish_gloss: 0, schema: 1, conciseness: 1 } }, rubric()).consistent).toBe(true);
    const c = checkBreakdown({ score: 0.75, breakdown: { correctness: 1, spanish_gloss: 0, schema: 1, conciseness: 1 }, weighted: { correctness: 0.6, spanish_gloss: 0.2 } }, rubric());
    expect(c.consistent).toBe(false);
    expect(c.axes.find((a) => a.axis === 'spanish_gloss')!.weighted_consistent).toBe(false);
  });
});

describe('inter-rater check through the lab (seed 004)', () => {
  it('exact 4/6, within one 6/6; kappa (4/6 - 10/36)/(1 - 10/36) = 7/13 < 0.6 fails the minimum', async () => {
    const r = await runRubricLab(parsed({ ...presetTexts(), ratings: read('seed004_ratings.json') }));
    const g = r.agreement!;
    expect(g.exact_count).toBe(4);
    expect(g.within_one_count).toBe(6);
    expect(g.cohen_kappa.value!).toBeCloseTo(7 / 13, 14);
    expect(g.check).toMatchObject({ status: 'fail', reason: 'agreement_below_min', blocking: false });
    expect(r.decision.warnings).toContain('agreement_below_min');
    expect(r.decision.reasons).toEqual([]);
    expect(g.disagreements).toEqual([1, 4]);
  });
});

describe('JSON Schema axis (Ajv) and its messages', () => {
  const schema = JSON.parse(read('capstone_rubric.json')).json_schema;
  it('valid output passes; missing property and wrong type are reported', () => {
    expect(validateAgainstSchema(schema, { answer: 'a', spanish: 'b', explanation: 'c' })).toEqual([]);
    const v = validateAgainstSchema(schema, { answer: 3, spanish: 'b' });
    expect(v.map((x) => x.keyword).sort()).toEqual(['required', 'type']);
    const req = v.find((x) => x.keyword === 'required')!;
    expect(describeViolation(req, 'es')).toBe('la raíz: falta la propiedad obligatoria «explanation»');
    expect(describeViolation(req, 'en')).toBe('the root: required property “explanation” is missing');
    const ty = v.find((x) => x.keyword === 'type')!;
    expect(describeViolation(ty, 'en')).toBe('/answer: must be of type string');
  });
  it('a schema failure scores the schema axis 0 (weight 0.10 -> item 0.90)', () => {
    const r = scoreItem(item({ expected_contains: ['ate'], spanish_expected_contains: ['comió'], output: '{"answer":"ate","spanish":"comió","explanation":""}' }), rubric({ json_schema: { type: 'object', required: ['answer', 'spanish', 'explanation', 'tense'] } }));
    expect(r.breakdown.schema).toBe(0);
    expect(r.reasons.schema.code).toBe('schema_invalid');
    expect(r.score).toBeCloseTo(0.9, 12);
  });
  it('a schema that Ajv cannot compile is a rubric input issue', () => {
    const bad = { ...JSON.parse(read('capstone_rubric.json')), json_schema: { type: 'no-such-type' } };
    const r = parseRubricInput({ items: read('capstone_items.jsonl'), rubric: JSON.stringify(bad) }, 'es');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ input: 'rubric', field: 'json_schema.type' });
    if (!r.ok) expect(r.issues[0].message.startsWith('El JSON Schema no es válido (/type: ')).toBe(true);
  });
});

describe('output parsing and word counting', () => {
  it('first JSON object in the text, skipping text, code fences and broken candidates', () => {
    expect(parseOutput('Sure! {"answer": "ate"} trailing')).toMatchObject({ ok: true, value: { answer: 'ate' } });
    expect(parseOutput('{not json} then {"a": "}{"}')).toMatchObject({ ok: true, value: { a: '}{' } });
    expect(parseOutput('[1,2] no object')).toEqual({ ok: false, code: 'no_json_object' });
    expect(parseOutput('x {"a":1}', 'whole_text')).toEqual({ ok: false, code: 'not_a_json_object' });
  });
  it('no JSON object: every field axis scores 0 and the pattern is reported', () => {
    const r = scoreItem(item({ expected_contains: ['ate'], output: 'Ate.' }), rubric());
    expect(r.score).toBe(0);
    expect(r.got).toBe('Ate.');
    expect(r.reasons.correctness.code).toBe('no_json_object');
  });
  it('word counts: whitespace vs Unicode words', () => {
    expect(countWords('  ', 'whitespace')).toBe(0);
    expect(countWords('It is — clearly — fine.', 'whitespace')).toBe(6);
    expect(countWords('It is — clearly — fine.', 'unicode_words')).toBe(4);
  });
  it('conciseness: 31 words is over a 30-word budget', () => {
    const expl = Array.from({ length: 31 }, (_, i) => `w${i}`).join(' ');
    const r = scoreItem(item({ expected_contains: ['ate'], spanish_expected_contains: ['comió'], output: JSON.stringify({ answer: 'ate', spanish: 'comió', explanation: expl }) }), rubric());
    expect(r.breakdown.conciseness).toBe(0);
    expect(r.reasons.conciseness).toMatchObject({ code: 'over_budget', words: 31, max_words: 30 });
    expect(r.score).toBeCloseTo(0.95, 12);
  });
});

describe('patterns across items', () => {
  it('a broken formatter gives a missing column; an empty output gives a row of zeros', () => {
    const R = rubric();
    const items = ['ate', 'ran', 'saw'].map((w, k) => item({ item: `i${k}`, expected_contains: [w], spanish_expected_contains: ['x'], output: JSON.stringify({ answer: w, spanish: 'x' }) }));
    items.push(item({ item: 'z', expected_contains: ['went'], spanish_expected_contains: ['fue'], output: '' }));
    const pats = detectPatterns(items.map((i) => scoreItem(i, R)), R);
    expect(pats).toContainEqual({ code: 'missing_column', axis: 'schema', count: 4 });
    expect(pats).toContainEqual({ code: 'zero_row', item: 'z' });
    expect(pats).toContainEqual({ code: 'unparsed_output', item: 'z' });
  });
});

describe('critical fields, critical axes, automatic failures, Likert axes and pass thresholds', () => {
  const seed004 = RubricSchema.parse({
    rubric_id: 'seed004',
    axes: [
      { name: 'format_valid', weight: 0, critical: true, check: 'json_schema' },
      { name: 'accuracy', weight: 1.0, kind: 'likert', check: 'rating', field: 'accuracy', scale: { min: 1, max: 5 }, anchors: { '5': 'all correct', '1': 'wrong' } },
      { name: 'completeness', weight: 1.0, kind: 'likert', check: 'rating', field: 'completeness', scale: { min: 1, max: 5 } },
      { name: 'source_quality', weight: 0.8, kind: 'likert', check: 'rating', field: 'source_quality', scale: { min: 1, max: 5 } },
      { name: 'tone', weight: 0.5, kind: 'likert', check: 'rating', field: 'tone', scale: { min: 1, max: 5 } },
    ],
    json_schema: { type: 'object', required: ['answer'] },
    critical_fields: ['answer'],
    automatic_failures: [{ id: 'pii_leak', pattern: '\\b\\d{3}-\\d{2}-\\d{4}\\b' }],
    pass_threshold: { avg_min: 4.0, no_dim_below: 3, critical_must_pass: true, scale: 'likert', weighted: true },
  });
  const ratings = { accuracy: 5, completeness: 4, source_quality: 4, tone: 3 };
  it('weighted Likert average (5·1 + 4·1 + 4·0.8 + 3·0.5)/3.3 = 13.7/3.3 ≈ 4.15 >= 4 and no dimension below 3: passes', () => {
    const r = scoreItem(item({ output: '{"answer":"ok"}', ratings }), seed004);
    expect(r.passed).toBe(true);
    // unit scores: (1·1 + 0.75·1 + 0.75·0.8 + 0.5·0.5) / 3.3
    expect(r.score).toBeCloseTo((1 + 0.75 + 0.6 + 0.25) / 3.3, 12);
  });
  it('a missing critical field sets the score to 0 and fails the item', () => {
    const r = scoreItem(item({ output: '{"other":"x"}', ratings }), seed004);
    expect(r.score).toBe(0);
    expect(r.overrides).toEqual(['critical_axis:format_valid', 'critical_field:answer']);
    expect(r.passed).toBe(false);
  });
  it('an automatic failure (PII pattern) sets the score to 0', () => {
    const r = scoreItem(item({ output: '{"answer":"SSN 123-45-6789"}', ratings }), seed004);
    expect(r.overrides).toEqual(['automatic_failure:pii_leak']);
    expect(r.score).toBe(0);
  });
  it('a dimension below 3 fails the pass threshold even with a high average', () => {
    const r = scoreItem(item({ output: '{"answer":"ok"}', ratings: { ...ratings, tone: 2, accuracy: 5, completeness: 5 } }), seed004);
    expect(r.passed).toBe(false);
  });
});

describe('rubric lock: canonical JSON and SHA-256', () => {
  it('canonical JSON sorts keys by UTF-16 code units, drops whitespace, writes numbers as ECMAScript does', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(canonicalJson({ '\u20ac': 1, z: 2, '\u00e9': 3 })).toBe('{"z":2,"\u00e9":3,"\u20ac":1}');
    // RFC 8785 number examples.
    expect(canonicalJson([1.0, 1e21, 1e-7, -0, 333333333.33333329, 4.5])).toBe('[1,1e+21,1e-7,0,333333333.3333333,4.5]');
    expect(canonicalJson({ a: undefined, b: 'line\nfeed' })).toBe('{"b":"line\\nfeed"}');
    expect(() => canonicalJson({ a: NaN })).toThrow(TypeError);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson(new Date(0))).toThrow(TypeError);
  });
  it('SHA-256 matches the FIPS 180-4 examples and Web Crypto', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });
  it('key order and explicit defaults do not change the lock; any change of content does', async () => {
    const raw = JSON.parse(read('capstone_rubric.json'));
    const reordered = Object.fromEntries(Object.entries(raw).reverse());
    expect((await rubricLock(RubricSchema.parse(reordered))).hash).toBe((await rubricLock(RubricSchema.parse(raw))).hash);
    const changed = { ...raw, axes: raw.axes.map((a: { name: string; weight: number }) => (a.name === 'schema' ? { ...a, weight: 0.11 } : a)) };
    expect((await rubricLock(RubricSchema.parse(changed))).hash).not.toBe((await rubricLock(RubricSchema.parse(raw))).hash);
    expect((await lockOf({ a: 1 })).canonical).toBe('{"a":1}');
  });
  it('the scorecard records the hash; a baseline run with another hash warns of drift', async () => {
    const r1 = await runRubricLab(parsed(presetTexts()));
    expect(r1.rubric_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(r1.rubric_hash).toBe(`sha256:${await sha256Hex(r1.rubric_canonical)}`);
    const same = await runRubricLab(parsed({ ...presetTexts(), baseline: JSON.stringify(r1) }));
    expect(same.drift).toMatchObject({ drifted: false });
    const other = await runRubricLab(parsed({ items: read('capstone_items.jsonl'), rubric: read('capstone_rubric_casefold_off.json'), baseline: JSON.stringify(r1) }));
    expect(other.drift).toMatchObject({ drifted: true, baseline_hash: r1.rubric_hash });
    expect(other.decision.warnings).toContain('rubric_drift');
    expect(other.decision.reasons).toEqual(['hard_gate_missed']);
  });
});

describe('input validation', () => {
  it('custom rubric messages come translated, with the field', () => {
    const raw = JSON.parse(read('capstone_rubric.json'));
    raw.axes.push({ ...raw.axes[0] });
    const es = parseRubricInput({ items: read('capstone_items.jsonl'), rubric: JSON.stringify(raw) }, 'es');
    const en = parseRubricInput({ items: read('capstone_items.jsonl'), rubric: JSON.stringify(raw) }, 'en');
    expect(es.ok || en.ok).toBe(false);
    if (!es.ok && !en.ok) {
      expect(es.issues[0]).toMatchObject({ input: 'rubric', field: 'axes.4.name', message: 'El eje «correctness» está repetido.' });
      expect(en.issues[0].message).toBe('Axis “correctness” is repeated.');
    }
  });
  it('ratings off the scale and a repeated item id are reported with their line', () => {
    const r = parseRubricInput({ items: read('capstone_items.jsonl') + read('capstone_items.jsonl').split('\n')[0], rubric: read('capstone_rubric.json'), ratings: '{"scale":{"kind":"likert","min":1,"max":5},"rater_a":[6],"rater_b":[5]}' }, 'en');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toContainEqual(expect.objectContaining({ input: 'items', line: 14, field: 'item' }));
      expect(r.issues).toContainEqual(expect.objectContaining({ input: 'ratings', field: 'rater_a.0', message: 'Value 6 is not on the scale.' }));
    }
  });
  it('comparing a rubric with itself finds no flips and the same hash', async () => {
    const v = parsed(presetTexts());
    const c = await compareRubrics(v.items, v.rubric, v.rubric);
    expect(c.same_rubric).toBe(true);
    expect(c.flips).toEqual([]);
  });
});

describe('decision: reasons vs warnings', () => {
  it('with every optional input loaded, a passing verdict lists only the hard gate as its reason; the bad findings are warnings, in es and en reports', async () => {
    const r = await runRubricLab(parsed({ ...presetTexts(), breakdown: read('seed_breakdown.json'), ratings: read('seed004_ratings.json') }));
    expect(r.decision.verdict).toBe('pass');
    expect(r.decision.reasons).toEqual([]);
    expect(r.decision.warnings).toEqual(['breakdown_inconsistent', 'agreement_below_min']);
    const es = rubricLab.report(r, 'es');
    const en = rubricLab.report(r, 'en');
    const esWarn = es.slice(es.indexOf('**Avisos'));
    const enWarn = en.slice(en.indexOf('**Warnings'));
    expect(es.indexOf('**Avisos')).toBeGreaterThan(es.indexOf('**Motivos'));
    expect(esWarn).toContain('un desglose pegado no cuadra');
    expect(enWarn.length).toBeLessThan(en.length);
    expect(en.slice(0, en.indexOf('**Warnings'))).not.toContain('breakdown');
  });
  it('a soft gate that is missed is a warning too', async () => {
    const rb = JSON.parse(read('capstone_rubric.json'));
    rb.gates = { ...(rb.gates ?? {}), soft: { p50_latency_ms_max: 0 } };
    const r = await runRubricLab(parsed({ ...presetTexts(), rubric: JSON.stringify(rb) }));
    expect(r.decision.reasons).toEqual([]);
    expect(r.decision.verdict).toBe('pass');
    expect(r.decision.warnings.some((w) => w.startsWith('soft_latency_'))).toBe(true);
  });
});
