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
 * (Spanish by default). Each lab declares its inputs and their flags in its meta (labs/manifest.ts),
 * and a lab that imports other tools' results its importer's flags and choices (`--input-format`,
 * `--k`...: LabMeta.importer); `--help` lists them from there, and a lab without an importer refuses
 * them as unknown options. The importer's code (labs/<id>/import/) loads only for a command that
 * uses it: one of its flags, or an input it may import. Every unreadable file and every missing
 * required input is reported, in one message.
 *
 * Inputs must be regular files (not pipes or devices) of at most 500 MiB (cli_io.ts). The JSON is
 * written in pieces with backpressure, and the exit code is set with process.exitCode (never
 * process.exit), so a piped output is never cut short.
 */
import type { Lang } from './core/contract/types.ts';
import type { LabMeta } from './core/contract/lab.ts';
import { formatIssues } from './core/contract/issues.ts';
import { coreMsg as msg } from './core/contract/i18n/index.ts';
import { LAB_METAS, labMeta } from './manifest.ts';
import { createRunner } from './runner.ts';
import { jsonChunks, readInputBytes, writeChunks } from './cli_io.ts';
import { describeImport, type LabImporter } from './core/contract/imports.ts';
import { loadImporter } from './imports.ts';

/** A file's bytes as UTF-8 text (as readInputFile reads it). */
const utf8 = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.length).toString('utf8');

/**
 * The help: the common flags, then every lab with its input files (required, [optional], `...`
 * when repeatable) and its own options with one line each, all from the lab metas
 * (labs/manifest.ts), in `lang`. With `only`, that lab alone (`lab <id> --help`).
 */
function usage(lang: Lang, only?: LabMeta): string {
  const t = msg(lang).cli;
  const lines = [t.usage, '', t.labs];
  if (!only) lines.push('  exercise verify RECEIPT.json [...]');
  for (const lab of only ? [only] : LAB_METAS) {
    const file = (i: (typeof lab.inputs)[number]) => `${i.flag} FILE${i.repeatable ? ' ...' : ''}`;
    lines.push(`  ${lab.id} ${lab.inputs.map((i) => (i.optional ? `[${file(i)}]` : file(i))).join(' ')}`);
    for (const o of lab.importer?.flags ?? []) lines.push(`      ${o.flag} ${o.value}  ${o.help[lang]}`);
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
    process.stdout.write(`${usage(lang, labMeta(argv[0] ?? ""))}\n`);
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
  // Repeatable inputs (the gate's --outputs: one Inspect log per version) and the importer's flags.
  const repeated: Record<string, string[]> = {};
  const importFlags = new Map<string, string>();
  const spec = lab.importer;
  const options = spec?.flags ?? [];
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
    const input = lab.inputs.find((inp) => inp.flag === arg);
    if (!input) fail(2, `${t.unknown_option(arg, labId)}\n\n${usage(lang)}`);
    if (value === undefined || value.startsWith('--')) fail(2, t.needs_file(arg));
    if (files[input.name] !== undefined && !input.repeatable) fail(2, t.repeated(arg));
    files[input.name] ??= value;
    (repeated[input.name] ??= []).push(value);
    i++;
  }

  // The importer, loaded only when the command uses one of its flags or gives an input it may
  // import; its flags are checked (and set the view) before any file is read.
  let importer: LabImporter | null = null;
  if (spec && (importFlags.size > 0 || spec.from.some((name) => files[name] !== undefined))) importer = await loadImporter(labId);
  let view: unknown;
  const checked = importer?.cli?.view?.(importFlags, lab.defaultView, lang);
  if (checked && !checked.ok) fail(2, checked.message);
  if (checked?.ok) view = checked.view;

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

  const bytesOnly = importer?.cli?.bytesOnly ?? [];
  const texts: Record<string, string> = {};
  for (const input of lab.inputs) {
    const path = files[input.name];
    if (path !== undefined && !bytesOnly.includes(input.name)) texts[input.name] = utf8(raw.get(path)!);
  }
  // Imports (labs/imports.ts): the same importers as the page; the summary goes to stderr.
  const plan = importer?.cli?.plan({ files: repeated, flags: importFlags, texts, file: (path) => ({ name: path, bytes: raw.get(path)! }) }, lang) ?? null;
  if (plan && 'ok' in plan) fail(1, formatIssues(plan, lang).join('\n'));
  if (plan) {
    const imported = importer!.importFiles(plan.files, plan.options, lang);
    if (!imported.ok) {
      fail(1, formatIssues(imported, lang).join('\n'));
    }
    // An input given beside an import that the importer keeps (the gate's --cases, with its
    // weights, slices and critical flags) is not replaced: what the importer derives only fills in
    // a missing one.
    for (const [name, text] of Object.entries(imported.texts)) if (!(plan.keep?.includes(name) && files[name] !== undefined)) texts[name] = text;
    process.stderr.write(`${describeImport(imported.summary, lang).join('\n')}\n`);
  } else {
    for (const name of bytesOnly) if (files[name] !== undefined) texts[name] = utf8(raw.get(files[name])!);
  }
  // Every missing required input, in one message.
  const missing = lab.inputs.filter((input) => texts[input.name] === undefined && !input.optional).map((input) => t.missing(input.flag));
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
