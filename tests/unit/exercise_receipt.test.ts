/**
 * Exercise receipts (labs/core/contract/receipt.ts) and their verifier, through the CLI too: a
 * receipt built from a completed attempt verifies; editing a goal's recorded value, an answer, an
 * input or the events makes it fail with a reason; the fingerprint names what changed. The state
 * is rubric-casefold-break solved as its solution says (case folding back on).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildReceipt, inputsHash, linkExerciseId, specHash, verifyReceipt, verifyReceiptText, verificationCsv, type Receipt } from '../../labs/core/contract/receipt.ts';
import { exerciseLinkSchema } from '../../labs/core/contract/exercise.ts';
import { createHash } from 'node:crypto';
import { applyState, commitAnswer, newAttempt, showHint } from '../../labs/core/contract/attempt.ts';
import { fixedChanges } from '../../labs/core/contract/fingerprint.ts';
import { nodeVerifyHost, readCourseExercise, startTextsOf } from '../../labs/exercise_host.ts';
import { createRunner } from '../../labs/runner.ts';
import { labMeta } from '../../labs/manifest.ts';
import { casefoldSolved } from '../helpers/casefold_solved.ts';

const ID = 'rubric-casefold-break';
const host = nodeVerifyHost();

async function solvedReceipt(): Promise<Receipt> {
  const { spec, start, texts, out } = await casefoldSolved();
  let a = newAttempt(spec, '2026-03-01T09:00:00.000Z');
  spec.questions.forEach((q, i) => {
    const wrong = q.options.findIndex((o) => !o.correct);
    a = commitAnswer(a, spec, i, wrong).attempt;
    a = showHint(a, i);
    a = commitAnswer(a, spec, i, q.options.findIndex((o) => o.correct)).attempt;
  });
  a = applyState(a, spec, { goalsMet: true, fixedIntact: true, fresh: true }, '2026-03-01T09:20:00.000Z');
  return buildReceipt({ id: ID, lang: 'es', source: 'course', spec, inputs: { texts }, inputSpecs: labMeta('rubric')!.inputs, start, result: out.result, attempt: a, now: '2026-03-01T09:21:00.000Z' });
}

const clone = (r: Receipt): Receipt => JSON.parse(JSON.stringify(r));

describe('exercise receipts', () => {
  it('a completed attempt verifies, with its tries (one wrong answer and one right per question: 2 each)', async () => {
    const r = await solvedReceipt();
    const v = await verifyReceipt(clone(r), host, 'en');
    expect(v.reasons).toEqual([]);
    expect(v.valid).toBe(true);
    expect(v.tries).toBe(2 * r.answers.length);
    expect(v.completed_at).toBe('2026-03-01T09:20:00.000Z');
    // The tries are the learner's own account (no server, no secret): edited, the receipt still verifies,
    // which is why the syllabus says they are not proof.
    const fewer = clone(r);
    for (const a of fewer.answers) a.tries = 1;
    expect(await verifyReceipt(fewer, host, 'en')).toMatchObject({ valid: true, tries: r.answers.length });
  }, 30_000);

  it('fails when a recorded goal value, an answer, an input or the events are edited', async () => {
    const r = await solvedReceipt();
    const goal = clone(r);
    goal.goals[1].value = 0.99;
    expect((await verifyReceipt(goal, host, 'en')).reasons.join(' ')).toMatch(/recorded value/);

    const answer = clone(r);
    answer.answers[0].text = answer.answers[0].text.replace('P', 'Q');
    expect((await verifyReceipt(answer, host, 'en')).reasons.join(' ')).toMatch(/not an option/);

    const wrongChoice = clone(r);
    const q0 = readCourseExercise(ID, 'es')!.questions[0];
    const wrong = q0.options.findIndex((o) => !o.correct);
    wrongChoice.answers[0] = { ...wrongChoice.answers[0], choice: wrong, text: q0.options[wrong].text };
    expect((await verifyReceipt(wrongChoice, host, 'en')).reasons.join(' ')).toMatch(/question 1 is not correct/);

    // An input edited and its hash recomputed: the replay or the fingerprint catches it.
    const input = clone(r);
    input.inputs.texts.rubric = input.inputs.texts.rubric.replace('"min_score": 0.92', '"min_score": 0.5');
    input.inputs_sha256 = await inputsHash(input.inputs);
    const vi = await verifyReceipt(input, host, 'en');
    expect(vi.valid).toBe(false);
    expect(vi.reasons.join(' ')).toMatch(/You changed “rubric” \(edited gates\), which this exercise keeps fixed/);

    // The input edited without recomputing its hash.
    const raw = clone(r);
    raw.inputs.texts.items = `${raw.inputs.texts.items}\n`;
    expect((await verifyReceipt(raw, host, 'en')).reasons.join(' ')).toMatch(/inputs_sha256/);

    const withdrawn = clone(r);
    withdrawn.events.push({ type: 'withdrawn', at: '2026-03-01T09:20:30.000Z' });
    expect((await verifyReceipt(withdrawn, host, 'en')).reasons.join(' ')).toMatch(/last event/);

    const version = clone(r);
    version.exercise.version = 1;
    expect((await verifyReceipt(version, host, 'en')).reasons.join(' ')).toMatch(/version 1/);

    expect((await verifyReceipt({ kind: 'x' }, host, 'en')).valid).toBe(false);
  }, 60_000);

  it('says why a file is not a receipt in the verifier\'s language, with the project\'s plain messages (line and field named)', async () => {
    const r = await solvedReceipt();
    // The object alone: no line, the field named.
    expect((await verifyReceipt({ kind: 'evals-lab-exercise-receipt', v: 2 }, host, 'es')).reasons).toEqual(['no es un recibo de ejercicio (campo v): Se esperaba uno de estos valores: 1; aquí hay un número («2»).']);
    expect((await verifyReceipt({ kind: 'evals-lab-exercise-receipt', v: 2 }, host, 'en')).reasons).toEqual(['not an exercise receipt (field v): Expected one of these values: 1; found a number (“2”).']);
    expect((await verifyReceipt([1], host, 'es')).reasons).toEqual(['no es un recibo de ejercicio: Se esperaba un objeto { … }; aquí hay una lista [ … ].']);
    // The file as downloaded (two-space JSON): "v" is on line 3.
    const text = JSON.stringify({ ...clone(r), v: 2 }, null, 2);
    expect((await verifyReceiptText(text, host, 'es')).reasons).toEqual(['no es un recibo de ejercicio (línea 3, campo v): Se esperaba uno de estos valores: 1; aquí hay un número («2»).']);
    expect((await verifyReceiptText('{"kind": 1,}', host, 'es')).reasons).toEqual(['no es JSON (línea 1, columna 11): Sobra la coma antes de “}”: JSON no admite una coma tras el último elemento.']);
    expect((await verifyReceiptText('', host, 'en')).reasons).toEqual(['not JSON: The input is empty.']);
    // The whole receipt still verifies from its text, a byte-order mark included.
    expect((await verifyReceiptText(`\uFEFF${JSON.stringify(r, null, 2)}`, host, 'es')).valid).toBe(true);

    // Every kind of damage to the shape reads as plain words in each language: none of zod's English.
    const damaged: unknown[] = [
      { ...clone(r), extra: 1 },
      { ...clone(r), inputs_sha256: 'ABC' },
      { ...clone(r), issued_at: 'yesterday' },
      { ...clone(r), answers: [{ ...r.answers[0], tries: 0 }] },
      { ...clone(r), answers: [{ ...r.answers[0], choice: 'b' }] },
      { ...clone(r), events: [] },
      { ...clone(r), exercise: { ...r.exercise, lang: 'fr' } },
      { ...clone(r), exercise: { ...r.exercise, version: 1.5 } },
      { ...clone(r), goals: 'none' },
      { ...clone(r), lab: '' },
    ];
    const zodEnglish = /\b(Invalid input|Invalid string|Expected|expected|received|Required|Too big|Too small|must be|Unrecognized key)\b/;
    for (const d of damaged) {
      const es = (await verifyReceipt(d, host, 'es')).reasons;
      expect([es.length, es[0]]).toEqual([1, expect.stringMatching(/^no es un recibo de ejercicio( \(campo [a-z_.0-9]+\))?: [A-Z]/)]);
      expect([es[0], zodEnglish.test(es[0].replace(/«[^»]*»/g, ''))]).toEqual([es[0], false]);
      const en = (await verifyReceipt(d, host, 'en')).reasons;
      expect([en[0], /Invalid (input|string)|Unrecognized key/.test(en[0])]).toEqual([en[0], false]);
    }
    expect((await verifyReceipt({ ...clone(r), extra: 1, more: 2 }, host, 'es')).reasons).toEqual(['no es un recibo de ejercicio: Los campos "extra", "more" no existen aquí (¿están mal escritos?).']);
    expect((await verifyReceipt({ ...clone(r), issued_at: 'yesterday' }, host, 'en')).reasons).toEqual(['not an exercise receipt (field issued_at): Expected an ISO 8601 date and time in quotes (for example, "2026-03-01T09:20:00.000Z").']);
  }, 60_000);

  it('names inputs by their label in the verifier\'s language, in a kept-fixed change and in a replay that fails', async () => {
    const r = await solvedReceipt();
    const edited = clone(r);
    edited.inputs.texts.rubric = edited.inputs.texts.rubric.replace('"min_score": 0.92', '"min_score": 0.5');
    edited.inputs_sha256 = await inputsHash(edited.inputs);
    expect((await verifyReceipt(edited, host, 'es')).reasons).toContain('entrada fija cambiada: Cambiaste «rúbrica» (editaste gates), y este ejercicio mantiene fija esa entrada.');
    // A rubric that does not run: the receipt is Spanish, the verifier English; the problem is told in English.
    const broken = clone(r);
    broken.inputs.texts.rubric = '{';
    broken.inputs_sha256 = await inputsHash(broken.inputs);
    const en = (await verifyReceipt(broken, host, 'en')).reasons.find((x) => x.startsWith('the inputs cannot be run again'));
    expect(en).toMatch(/^the inputs cannot be run again: rubric, line 1/);
    const es = (await verifyReceipt(broken, host, 'es')).reasons.find((x) => x.startsWith('las entradas no se pueden volver a ejecutar'));
    expect(es).toMatch(/^las entradas no se pueden volver a ejecutar: rúbrica, línea 1/);
  }, 60_000);

  it('names the elements that changed in a kept-fixed input, and welcomes additions where the exercise allows them', () => {
    const inputs = [{ name: 'cases', format: 'jsonl' as const }, { name: 'policy', format: 'json' as const }];
    const start = { cases: '{"case_id":"a","x":1}\n{"case_id":"b","x":2}\n', policy: '{"t": 0.5, "k": 3}' };
    // Formatting is not a change: whitespace and key order.
    expect(fixedChanges(start, { cases: '{"x":1, "case_id":"a"}\n\n{"case_id":"b","x":2}', policy: '{ "k": 3, "t": 0.5 }' }, inputs, [])).toEqual([]);
    const c = fixedChanges(start, { cases: '{"case_id":"a","x":9}\n{"case_id":"c","x":2}\n', policy: '{"t": 0.4, "k": 3}' }, inputs, [{ input: 'policy', paths: ['k'] }]);
    expect(c).toEqual([
      { input: 'cases', changed: ['a'], removed: ['b'], added: ['c'], whole: false },
      { input: 'policy', changed: ['t'], removed: [], added: [], whole: false },
    ]);
    // Open to additions: a new case is fine, an edited old one is not.
    expect(fixedChanges(start, { ...start, cases: `${start.cases}{"case_id":"c","x":3}\n` }, inputs, [{ input: 'cases', append: true }])).toEqual([]);
    expect(fixedChanges(start, { ...start, cases: '{"case_id":"a","x":1}\n{"case_id":"b","x":5}\n{"case_id":"c","x":3}\n' }, inputs, [{ input: 'cases', append: true }]).map((x) => x.changed)).toEqual([['b']]);
    // An open element selected by its fields; deleting it is still a change.
    expect(fixedChanges(start, { ...start, cases: '{"case_id":"a","x":7}\n{"case_id":"b","x":2}\n' }, inputs, [{ input: 'cases', paths: ['[case_id=a].x'] }])).toEqual([]);
    expect(fixedChanges(start, { ...start, cases: '{"case_id":"b","x":2}\n' }, inputs, [{ input: 'cases', paths: ['[case_id=a].x'] }]).map((x) => x.removed)).toEqual([['a']]);
  });

  it('a link exercise (as the builder makes it and the page decodes it) yields a receipt that verifies; its id names its definition, and a retouched definition fails or shows another id', async () => {
    // What the page holds after decoding a link: the whole link object (v, lang, instructions included).
    const link = exerciseLinkSchema.parse({
      v: 1, lang: 'en', lab: 'threshold', title: 'Cheaper', summary: 'Make the recommended pair cheaper.', instructions: 'Do not touch the cases.', solution: 'Lower cost_review.',
      start: { texts: { policy: { preset: 'threshold_policy.en.json' } } },
      goals: [{ path: 'decision.verdict', op: '==', value: 'pass', label: 'The lab recommends automating.' }],
      open: [{ input: 'policy' }],
      questions: [{ question: 'Why?', options: [{ text: 'Because', correct: true, feedback: 'Yes.' }, { text: 'Not this', correct: false, feedback: 'No.' }] }],
    });
    const start = startTextsOf(link, 'en');
    const texts = { ...start, policy: JSON.stringify({ ...JSON.parse(start.policy), max_review_rate: 0.35 }, null, 2) };
    const out = await createRunner().runAny('threshold', texts, 'en');
    if (!out.ok) throw new Error('does not run');
    let a = newAttempt(link, '2026-03-01T09:00:00.000Z');
    a = commitAnswer(a, link, 0, 1).attempt;
    a = showHint(a, 0);
    a = commitAnswer(a, link, 0, 0).attempt;
    a = applyState(a, link, { goalsMet: true, fixedIntact: true, fresh: true }, '2026-03-01T09:05:00.000Z');
    const id = await linkExerciseId(link);
    const r = await buildReceipt({ id, lang: 'en', source: 'link', spec: link, inputs: { texts }, inputSpecs: labMeta('threshold')!.inputs, start, result: out.result, attempt: a, now: '2026-03-01T09:06:00.000Z' });
    // The id: "link-" and the first 12 hex digits of the SHA-256 of the definition's canonical JSON (node:crypto here).
    const definition = r.exercise.spec as Record<string, unknown>;
    expect(Object.keys(definition).sort()).toEqual(['goals', 'hints', 'lab', 'open', 'questions', 'solution', 'start', 'summary', 'title', 'version']);
    const canonical = (v: unknown): string => (Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : v !== null && typeof v === 'object' ? `{${Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}` : JSON.stringify(v));
    expect(id).toBe(`link-${createHash('sha256').update(canonical(definition)).digest('hex').slice(0, 12)}`);
    const v = await verifyReceipt(clone(r), host, 'en');
    expect(v.reasons).toEqual([]);
    expect([v.valid, v.id, v.tries]).toEqual([true, id, 2]);

    // The carried definition loosened (the goal now asks for "fail", which the start meets) without its hash: refused.
    const loose = clone(r);
    (loose.exercise.spec as { goals: { value: unknown }[] }).goals[0].value = 'fail';
    expect((await verifyReceipt(loose, host, 'en')).reasons).toEqual(['the exercise it carries does not match its fingerprint (spec_sha256)']);
    // ... with its hash recomputed but the issued id kept: refused, naming both ids.
    loose.exercise.spec_sha256 = await specHash(loose.exercise.spec as typeof link);
    const own = await linkExerciseId(loose.exercise.spec as typeof link);
    expect(own).not.toBe(id);
    expect((await verifyReceipt(loose, host, 'es')).reasons).toEqual([`dice ser el ejercicio «${id}», pero el que lleva dentro es «${own}»: el recibo se editó`]);
    // ... and with the id recomputed too it is another exercise: the id the verifier reports is not the one handed out.
    loose.exercise.id = own;
    expect((await verifyReceipt(loose, host, 'en')).id).not.toBe(id);
  }, 60_000);

  it('the CLI prints one line per receipt and a CSV summary, and exits 1 when any is invalid', async () => {
    const r = await solvedReceipt();
    const dir = mkdtempSync(join(tmpdir(), 'receipts-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify(r));
    const edited = clone(r);
    edited.answers[1].choice = (edited.answers[1].choice + 1) % 4;
    writeFileSync(bad, JSON.stringify(edited));
    const ok = spawnSync(process.execPath, ['labs/cli.ts', 'exercise', 'verify', good, '--lang', 'en'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout.split('\n')[0]).toMatch(/^valid: .*good\.json rubric-casefold-break v2 \(es\)/);
    expect(ok.stdout).toContain('file,exercise,version,lang,valid,completed_at,tries,reason');
    const both = spawnSync(process.execPath, ['labs/cli.ts', 'exercise', 'verify', good, bad], { encoding: 'utf8' });
    expect(both.status).toBe(1);
    const lines = both.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^válido: /);
    expect(lines[1]).toMatch(/^NO VÁLIDO: .*bad\.json.*pregunta 2/);
    expect(lines.filter((l) => l.includes('.json,rubric-casefold-break,2,es,'))).toHaveLength(2);
    expect(verificationCsv([{ file: 'a,b.json', v: { valid: false, id: '', version: null, lang: null, completed_at: null, tries: null, reasons: ['x "y"'] } }], 'en').split('\n')[1]).toBe('"a,b.json",,,,false,,,"x ""y"""');
  }, 60_000);
});
