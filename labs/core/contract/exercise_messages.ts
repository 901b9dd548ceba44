/**
 * Messages about exercises shared by the page, the receipt verifier (CLI and syllabus page) and the
 * tests, in both languages: what the learner changed that an exercise keeps fixed, and why a
 * receipt does not verify. Inputs are named by their label in the message's language
 * (labs/<lab>/meta.ts), never by their key: inputLabel below.
 */
import type { Lang } from './types.ts';
import type { FixedChange } from './fingerprint.ts';

/**
 * What a page in `lang` calls input `name` of a lab whose inputs are `inputs` (the lab meta's,
 * each with `label: { es, en }`): its label, or `name` itself when the lab has no such input or
 * the input has no label (an input from a hand-edited receipt, say).
 */
export function inputLabel(inputs: readonly { name: string; label?: Record<Lang, string> }[] | undefined, name: string, lang: Lang): string {
  return inputs?.find((i) => i.name === name)?.label?.[lang] ?? name;
}

const list = (xs: string[], lang: Lang) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} ${lang === 'es' ? 'y' : 'and'} ${xs[xs.length - 1]}`);

const es = {
  /** `name`: what the page calls the input (inputLabel); its key when left out. */
  fixed_change: (c: FixedChange, name: string = c.input) => {
    const parts: string[] = [];
    if (c.changed.length) parts.push(`editaste ${list(c.changed, 'es')}`);
    if (c.removed.length) parts.push(`quitaste ${list(c.removed, 'es')}`);
    if (c.added.length) parts.push(`añadiste ${list(c.added, 'es')}`);
    const detail = parts.length ? ` (${parts.join('; ')})` : '';
    return `Cambiaste «${name}»${detail}, y este ejercicio mantiene fija esa entrada.`;
  },
  hidden_unmet: (n: number) => `Los objetivos visibles se cumplen, pero ${n === 1 ? 'una comprobación oculta no' : `${n} comprobaciones ocultas no`}: el resultado se alcanza de otra manera que la que pide el ejercicio. Vuelve a leer las instrucciones (las comprobaciones se muestran al completarlo, con la solución).`,
  receipt: {
    /** `where`: the line (and column) of the problem, or null; `what`: the project's plain message (parse.ts). */
    /** What a problem's message calls the file. */
    input_name: 'recibo',
    not_json: (where: string | null, what: string) => `no es JSON${where ? ` (${where})` : ''}: ${what}`,
    /** `where`: the line and the field of the problem, or null for the whole file; `what`: the project's plain message (parse.ts). */
    not_receipt: (where: string | null, what: string) => `no es un recibo de ejercicio${where ? ` (${where})` : ''}: ${what}`,
    unknown_exercise: (id: string, lang: Lang) => `el ejercicio «${id}» (${lang}) no existe en el curso`,
    version: (got: number, now: number) => `se hizo para la versión ${got} del ejercicio; la actual es la ${now}`,
    spec_hash: 'el ejercicio que lleva dentro no coincide con su huella (spec_sha256)',
    spec_invalid: 'el ejercicio que lleva dentro no es válido',
    link_id: (got: string, own: string) => `dice ser el ejercicio «${got}», pero el que lleva dentro es «${own}»: el recibo se editó`,
    lab: (got: string, want: string) => `el laboratorio es «${got}», pero el ejercicio usa «${want}»`,
    inputs_hash: 'las entradas no coinciden con su huella (inputs_sha256): el recibo se editó',
    replay: (msg: string) => `las entradas no se pueden volver a ejecutar: ${msg}`,
    goal_unmet: (label: string) => `objetivo sin cumplir al repetir el cálculo: ${label}`,
    goal_recorded: (label: string) => `el valor anotado del objetivo «${label}» no es el que da el motor: el recibo se editó`,
    goals_count: (got: number, want: number) => `anota ${got} objetivos y el ejercicio tiene ${want}`,
    fixed: (text: string) => `entrada fija cambiada: ${text}`,
    fingerprint: (input: string) => `la huella anotada de «${input}» no es la de sus entradas: el recibo se editó`,
    answer_missing: (q: number) => `falta la respuesta a la pregunta ${q}`,
    answer_edited: (q: number) => `la respuesta a la pregunta ${q} no es una opción del ejercicio: el recibo se editó`,
    answer_wrong: (q: number) => `la respuesta a la pregunta ${q} no es correcta`,
    not_completed: 'su último evento no es «completed»',
    times: 'las fechas de los eventos no van en orden',
    valid: 'válido',
    invalid: 'NO VÁLIDO',
    tries: (n: number) => `${n} ${n === 1 ? 'intento' : 'intentos'}`,
    read_error: (msg: string) => `no se puede leer: ${msg}`,
    summary_header: 'archivo,ejercicio,version,idioma,valido,completado,intentos,motivo',
    usage: 'Uso: npm run --silent lab -- exercise verify RECIBO.json [MÁS.json ...] [--lang es|en]',
  },
};

type Messages = typeof es;

const en: Messages = {
  fixed_change: (c: FixedChange, name: string = c.input) => {
    const parts: string[] = [];
    if (c.changed.length) parts.push(`edited ${list(c.changed, 'en')}`);
    if (c.removed.length) parts.push(`removed ${list(c.removed, 'en')}`);
    if (c.added.length) parts.push(`added ${list(c.added, 'en')}`);
    const detail = parts.length ? ` (${parts.join('; ')})` : '';
    return `You changed “${name}”${detail}, which this exercise keeps fixed.`;
  },
  hidden_unmet: (n: number) => `The visible goals are met, but ${n === 1 ? 'a hidden check is' : `${n} hidden checks are`} not: the outcome is reached another way than the exercise asks. Read the instructions again (the checks are shown on completion, with the solution).`,
  receipt: {
    input_name: 'receipt',
    not_json: (where: string | null, what: string) => `not JSON${where ? ` (${where})` : ''}: ${what}`,
    not_receipt: (where: string | null, what: string) => `not an exercise receipt${where ? ` (${where})` : ''}: ${what}`,
    unknown_exercise: (id: string, lang: Lang) => `the exercise “${id}” (${lang}) is not in the course`,
    version: (got: number, now: number) => `made for version ${got} of the exercise; the current one is ${now}`,
    spec_hash: 'the exercise it carries does not match its fingerprint (spec_sha256)',
    spec_invalid: 'the exercise it carries is not valid',
    link_id: (got: string, own: string) => `it claims to be exercise “${got}”, but the one it carries is “${own}”: the receipt was edited`,
    lab: (got: string, want: string) => `the lab is “${got}”, but the exercise uses “${want}”`,
    inputs_hash: 'the inputs do not match their fingerprint (inputs_sha256): the receipt was edited',
    replay: (msg: string) => `the inputs cannot be run again: ${msg}`,
    goal_unmet: (label: string) => `goal not met when recomputed: ${label}`,
    goal_recorded: (label: string) => `the recorded value of the goal “${label}” is not what the engine gives: the receipt was edited`,
    goals_count: (got: number, want: number) => `it records ${got} goals and the exercise has ${want}`,
    fixed: (text: string) => `a fixed input changed: ${text}`,
    fingerprint: (input: string) => `the recorded fingerprint of “${input}” is not that of its inputs: the receipt was edited`,
    answer_missing: (q: number) => `the answer to question ${q} is missing`,
    answer_edited: (q: number) => `the answer to question ${q} is not an option of the exercise: the receipt was edited`,
    answer_wrong: (q: number) => `the answer to question ${q} is not correct`,
    not_completed: 'its last event is not “completed”',
    times: 'the event times are out of order',
    valid: 'valid',
    invalid: 'INVALID',
    tries: (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`,
    read_error: (msg: string) => `cannot be read: ${msg}`,
    summary_header: 'file,exercise,version,lang,valid,completed_at,tries,reason',
    usage: 'Usage: npm run --silent lab -- exercise verify RECEIPT.json [MORE.json ...] [--lang es|en]',
  },
};

/** The exercise messages in `lang`. */
export function exerciseMsg(lang: Lang): Messages {
  return lang === 'en' ? en : es;
}
