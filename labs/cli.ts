/**
 * The labs from the command line, with the same engine as the site:
 *
 *   npm run --silent lab -- <lab-id> --<input> FILE ... [--format json|md] [--lang es|en] [--strict]
 *   npm run --silent lab -- threshold --cases cases.jsonl --policy policy.json --format md
 *   npm run --silent lab -- exercise verify receipt.json [more.json ...]   (labs/exercise_cli.ts)
 *
 * Prints the scorecard JSON (default) or decision.md to stdout. Exit codes: 0 done; 1 bad input
 * (each problem on stderr, naming the file, line and field, in --lang); 2 bad usage; 3 with
 * --strict when the gate's verdict is "fail" (for CI pipelines). Every message is in --lang
 * (Spanish by default). Each lab declares its inputs and their flags, and its other options (imports
 * and their choices: `--input-format`, `--k`...), in its meta (labs/manifest.ts); `--help` lists them
 * from there. Every unreadable file and every missing required input is reported, in one message.
 *
 * Inputs must be regular files (not pipes or devices) of at most 500 MiB (cli_io.ts). The JSON is
 * written in pieces with backpressure, and the exit code is set with process.exitCode (never
 * process.exit), so a piped output is never cut short.
 */
import type { Lang } from './core/contract/types.ts';
import { formatIssues } from './core/contract/issues.ts';
import { coreMsg as msg } from './core/contract/i18n/index.ts';
import { LAB_METAS, labMeta } from './manifest.ts';
import { createRunner } from './runner.ts';
import { jsonChunks, readInputBytes, writeChunks } from './cli_io.ts';
import { describeImport, type ImportFile, type ImportOutcome } from './core/contract/imports.ts';
import { importMsg as msgImport } from './core/contract/import_i18n.ts';
import { importFor } from './imports.ts';

/** A file's bytes as UTF-8 text (as readInputFile reads it). */
const utf8 = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.length).toString('utf8');

/**
 * The import a command asks for, or null: the gate's --outputs unless it is one kit JSONL with
 * --cases and no --baseline/--candidate (a kit JSONL alone is imported so that pre-graded rows
 * need no --cases); the RAG lab's --qrels and --run without --cases or
 * --policy; the evaluator lab's --labels. `raw` holds every given file's bytes, read once.
 */
async function cliImport(labId: string, files: Record<string, string>, repeated: Record<string, string[]>, flags: Map<string, string>, texts: Record<string, string>, raw: Map<string, Uint8Array>, ks: number[], lang: Lang): Promise<ImportOutcome | null> {
  const bytes = (path: string): ImportFile => ({ name: path, bytes: raw.get(path)! });
  if (labId === 'gate' && files.outputs !== undefined) {
    const list = repeated.outputs.map(bytes);
    const { detectGateFormat } = await import('./gate/import/index.ts');
    const forced = flags.get('--input-format');
    // The kit's own JSONL with its --cases and no version asked for runs as before, untouched.
    if (list.length === 1 && files.cases !== undefined && (forced === 'kit' || (forced === undefined && detectGateFormat(list[0]) === 'kit')) && !flags.has('--baseline') && !flags.has('--candidate')) return null;
    return importFor('gate', list, { format: forced, baseline: flags.get('--baseline'), candidate: flags.get('--candidate'), scorer: flags.get('--scorer'), texts }, lang);
  }
  if (labId === 'rag' && (files.qrels !== undefined) !== (files.run !== undefined) && (files.cases === undefined || files.policy === undefined)) {
    // Qrels without a run (or a run without qrels): say what is missing, not --cases and --policy.
    return { ok: false, issues: [{ input: files.qrels !== undefined ? '--run' : '--qrels', message: msgImport(lang).problems.trec_need_run }] };
  }
  if (labId === 'rag' && files.qrels !== undefined && files.run !== undefined && (files.cases === undefined || files.policy === undefined)) {
    const list = [bytes(files.qrels), bytes(files.run), ...(files.run_b !== undefined ? [bytes(files.run_b)] : [])];
    return importFor('rag', list, { k: ks[0], texts, casesText: texts.cases }, lang);
  }
  if (labId === 'evaluators' && flags.has('--labels')) return importFor('evaluators', [bytes(flags.get('--labels')!)], { texts }, lang);
  return null;
}

/**
 * The help: the common flags, then every lab with its input files (required, [optional], `...`
 * when repeatable) and its own options with one line each, all from the lab metas
 * (labs/manifest.ts), in `lang`.
 */
function usage(lang: Lang): string {
  const t = msg(lang).cli;
  const lines = [t.usage, '', t.labs];
  lines.push('  exercise verify RECEIPT.json [...]');
  for (const lab of LAB_METAS) {
    const file = (i: (typeof lab.inputs)[number]) => `${i.flag} FILE${i.repeatable ? ' ...' : ''}`;
    lines.push(`  ${lab.id} ${lab.inputs.map((i) => (i.optional ? `[${file(i)}]` : file(i))).join(' ')}`);
    for (const o of lab.options ?? []) lines.push(`      ${o.flag} ${o.value}  ${o.help[lang]}`);
  }
  return lines.join('\n');
}

/** Thrown by fail() to end main() with an exit code (caught at the bottom: no process.exit). */
class Exit {
  code: number;
  constructor(code: number) {
    this.code = code;
  }
}

function fail(code: number, text: string): never {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  throw new Exit(code);
}

/** The --lang value, read first so that every later message is in that language. */
function languageOf(argv: string[]): Lang {
  const i = argv.indexOf('--lang');
  return argv[i + 1] === 'en' ? 'en' : 'es';
}

async function main(argv: string[]): Promise<void> {
  const lang = languageOf(argv);
  const t = msg(lang).cli;
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage(lang)}\n`);
    return;
  }
  if (argv.length === 0 || argv[0].startsWith('--')) fail(2, usage(lang));
  if (argv[0] === 'exercise') {
    // Receipts of exercises (labs/exercise_cli.ts), loaded only for this command.
    const { exerciseCommand } = await import('./exercise_cli.ts');
    process.exitCode = await exerciseCommand(argv.slice(1), lang);
    return;
  }
  const [labId, ...rest] = argv;
  const lab = labMeta(labId);
  if (!lab) fail(2, `${t.unknown_lab(labId)}\n\n${usage(lang)}`);

  let format: 'json' | 'md' = 'json';
  let strict = false;
  const files: Record<string, string> = {};
  // Repeatable inputs (the gate's --outputs: one Inspect log per version) and the lab's options.
  const repeated: Record<string, string[]> = {};
  const importFlags = new Map<string, string>();
  const options = lab.options ?? [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = rest[i + 1];
    if (arg === '--strict') { strict = true; continue; }
    if (arg === '--format' || arg === '--lang') {
      if (value === undefined) fail(2, `${t.needs_value(arg)}\n\n${usage(lang)}`);
      if (arg === '--format') {
        if (value !== 'json' && value !== 'md') fail(2, t.bad_format(value));
        format = value;
      } else if (value !== 'es' && value !== 'en') fail(2, t.bad_lang(value));
      i++;
      continue;
    }
    if (options.some((o) => o.flag === arg)) {
      if (value === undefined || value.startsWith('--')) fail(2, `${t.needs_value(arg)}\n\n${usage(lang)}`);
      if (importFlags.has(arg)) fail(2, t.repeated(arg));
      importFlags.set(arg, value);
      i++;
      continue;
    }
    const spec = lab.inputs.find((inp) => inp.flag === arg);
    if (!spec) fail(2, `${t.unknown_option(arg, labId)}\n\n${usage(lang)}`);
    if (value === undefined || value.startsWith('--')) fail(2, t.needs_file(arg));
    if (files[spec.name] !== undefined && !spec.repeatable) fail(2, t.repeated(arg));
    files[spec.name] ??= value;
    (repeated[spec.name] ??= []).push(value);
    i++;
  }

  // The RAG lab's --k and --gain, checked before any file is read.
  let view: unknown;
  let ks: number[] = [];
  if (labId === 'rag') {
    const kArg = importFlags.get('--k');
    if (kArg !== undefined) {
      ks = kArg.split(',').map((x) => Number(x.trim()));
      if (ks.some((k) => !Number.isInteger(k) || k < 1 || k > 1000) || ks.length > 20) fail(2, msgImport(lang).problems.bad_field('--k', lang === 'es' ? 'hasta 20 enteros entre 1 y 1000 separados por comas (1,3,5,10)' : 'up to 20 integers from 1 to 1000, comma-separated (1,3,5,10)'));
    }
    const gain = importFlags.get('--gain');
    if (gain !== undefined && gain !== 'exp' && gain !== 'linear') fail(2, msgImport(lang).problems.bad_field('--gain', 'exp | linear'));
    if (ks.length || gain !== undefined) {
      const base = lab.defaultView as Record<string, unknown>;
      // --k 1,3,5,10: the scorecard at the first, and every list at each k (by_k, decision.md)
      view = { ...base, k: ks.length ? ks[0] : null, gain: gain === 'linear' ? 'linear' : 'exponential', ...(ks.length ? { cutoffs: [...new Set(ks)] } : {}) };
    }
  }

  // Every given file is read once; all the unreadable ones are reported together.
  const raw = new Map<string, Uint8Array>();
  const unreadable: string[] = [];
  const given: [string, string][] = Object.entries(repeated).flatMap(([name, paths]) => paths.map((p): [string, string] => [name, p]));
  for (const o of options) if (o.value === 'FILE' && importFlags.has(o.flag)) given.push([o.flag.slice(2), importFlags.get(o.flag)!]);
  for (const [name, path] of given) {
    if (raw.has(path)) continue;
    const r = readInputBytes(path, lang);
    if (r.ok) raw.set(path, r.bytes);
    else unreadable.push(`${name}: ${r.message}`);
  }
  if (unreadable.length) fail(1, unreadable.join('\n'));

  const texts: Record<string, string> = {};
  for (const spec of lab.inputs) {
    const path = files[spec.name];
    if (path !== undefined && !(labId === 'gate' && spec.name === 'outputs')) texts[spec.name] = utf8(raw.get(path)!);
  }
  // Imports (labs/imports.ts): the same importers as the page; the summary goes to stderr.
  const imported = await cliImport(labId, files, repeated, importFlags, texts, raw, ks, lang);
  if (imported) {
    if (!imported.ok) {
      fail(1, formatIssues(imported, lang).join('\n'));
    }
    // A --cases given beside an import is kept (its weights, slices and critical flags): the
    // cases an importer derives only fill in a missing one.
    for (const [name, text] of Object.entries(imported.texts)) if (!(labId === 'gate' && name === 'cases' && files.cases !== undefined)) texts[name] = text;
    process.stderr.write(`${describeImport(imported.summary, lang).join('\n')}\n`);
  } else if (labId === 'gate' && files.outputs !== undefined) {
    texts.outputs = utf8(raw.get(files.outputs)!);
  }
  // Every missing required input, in one message.
  const missing = lab.inputs.filter((spec) => texts[spec.name] === undefined && !spec.optional).map((spec) => t.missing(spec.flag));
  if (missing.length) fail(2, `${missing.join('\n')}\n\n${usage(lang)}`);

  const runner = createRunner();
  // decision.md only when it is the output: at 10^5 RAG cases it was a third of the run (issue 23).
  const outcome = await runner.runAny(labId, texts, lang, view, undefined, { report: format === 'md' });
  if (!outcome.ok) {
    fail(1, formatIssues({ issues: outcome.issues.map((iss) => ({ ...iss, input: files[iss.input] ?? iss.input })), total_issues: outcome.total_issues }, lang).join('\n'));
  }
  if (format === 'md') await writeChunks(process.stdout, [outcome.report]);
  else await writeChunks(process.stdout, (function* () {
    yield* jsonChunks(outcome.result);
    yield '\n';
  })());
  const verdict = (outcome.result as { decision?: { verdict?: string } }).decision?.verdict;
  if (strict && verdict === 'fail') process.exitCode = 3;
}

try {
  await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof Exit) process.exitCode = err.code;
  else throw err;
}
