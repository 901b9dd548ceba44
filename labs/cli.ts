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
 * so a new lab needs no change here.
 *
 * Inputs must be regular files (not pipes or devices) of at most 500 MiB (cli_io.ts). The JSON is
 * written in pieces with backpressure, and the exit code is set with process.exitCode (never
 * process.exit), so a piped output is never cut short.
 */
import type { Lang } from './core/contract/types.ts';
import { formatIssue } from './core/contract/issues.ts';
import { coreMsg as msg } from './core/contract/i18n/index.ts';
import { LAB_METAS, labMeta } from './manifest.ts';
import { createRunner } from './runner.ts';
import { jsonChunks, readInputFile, writeChunks } from './cli_io.ts';

function usage(lang: Lang): string {
  const t = msg(lang).cli;
  const lines = [t.usage, '', t.labs];
  lines.push('  exercise verify RECEIPT.json [...]');
  for (const lab of LAB_METAS) {
    lines.push(`  ${lab.id} ${lab.inputs.map((i) => (i.optional ? `[${i.flag} FILE]` : `${i.flag} FILE`)).join(' ')}`);
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
    const spec = lab.inputs.find((inp) => inp.flag === arg);
    if (!spec) fail(2, `${t.unknown_option(arg, labId)}\n\n${usage(lang)}`);
    if (value === undefined || value.startsWith('--')) fail(2, t.needs_file(arg));
    if (files[spec.name] !== undefined) fail(2, t.repeated(arg));
    files[spec.name] = value;
    i++;
  }

  const texts: Record<string, string> = {};
  for (const spec of lab.inputs) {
    const path = files[spec.name];
    if (path === undefined) {
      if (spec.optional) continue;
      fail(2, `${t.missing(spec.flag)}\n\n${usage(lang)}`);
    }
    const read = readInputFile(path, lang);
    if (!read.ok) fail(1, `${spec.name}: ${read.message}`);
    texts[spec.name] = read.text;
  }

  const outcome = await createRunner().runAny(labId, texts, lang);
  if (!outcome.ok) {
    const lines = outcome.issues.map((iss) => formatIssue({ ...iss, input: files[iss.input] ?? iss.input }, lang));
    const more = (outcome.total_issues ?? lines.length) - lines.length;
    fail(1, [...lines, ...(more > 0 ? [t.more_issues(more)] : [])].join('\n'));
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
