/**
 * The labs from the command line, with the same engine as the site:
 *
 *   npm run --silent lab -- <lab-id> --<input> FILE ... [--format json|md] [--lang es|en] [--strict]
 *   npm run --silent lab -- threshold --cases cases.jsonl --policy policy.json --format md
 *
 * Prints the scorecard JSON (default) or decision.md to stdout. Exit codes: 0 done; 1 bad input
 * (each problem on stderr, naming the file, line and field, in --lang); 2 bad usage; 3 with
 * --strict when the gate's verdict is "fail" (for CI pipelines). Each lab declares its inputs and
 * their flags in its LabDefinition, so a new lab needs no change here.
 */
import { readFileSync } from 'node:fs';
import type { Lang } from './core/types.ts';
import { formatIssue } from './core/issues.ts';
import { LABS, getLab } from './registry.ts';
import { createRunner } from './runner.ts';

function usage(): string {
  const lines = ['usage: npm run --silent lab -- <lab-id> [inputs] [--format json|md] [--lang es|en] [--strict]', '', 'labs:'];
  for (const [id, lab] of Object.entries(LABS)) {
    lines.push(`  ${id} ${lab.inputs.map((i) => (i.optional ? `[${i.flag} FILE]` : `${i.flag} FILE`)).join(' ')}`);
  }
  return lines.join('\n');
}

function fail(code: number, text: string): never {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  process.exit(code);
}

async function main(argv: string[]): Promise<void> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(`${usage()}\n`);
    process.exit(argv.length === 0 ? 2 : 0);
  }
  const [labId, ...rest] = argv;
  const lab = getLab(labId);
  if (!lab) fail(2, `unknown lab "${labId}"\n\n${usage()}`);

  let format: 'json' | 'md' = 'json';
  let lang: Lang = 'es';
  let strict = false;
  const files: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = rest[i + 1];
    if (arg === '--strict') { strict = true; continue; }
    if (arg === '--format' || arg === '--lang') {
      if (value === undefined) fail(2, `${arg} needs a value\n\n${usage()}`);
      if (arg === '--format') {
        if (value !== 'json' && value !== 'md') fail(2, `--format must be json or md, not "${value}"`);
        format = value;
      } else {
        if (value !== 'es' && value !== 'en') fail(2, `--lang must be es or en, not "${value}"`);
        lang = value;
      }
      i++;
      continue;
    }
    const spec = lab.inputs.find((inp) => inp.flag === arg);
    if (!spec) fail(2, `unknown option "${arg}" for lab ${labId}\n\n${usage()}`);
    if (value === undefined || value.startsWith('--')) fail(2, `${arg} needs a file path`);
    files[spec.name] = value;
    i++;
  }

  const texts: Record<string, string> = {};
  for (const spec of lab.inputs) {
    const path = files[spec.name];
    if (path === undefined) {
      if (spec.optional) continue;
      fail(2, `missing ${spec.flag} FILE\n\n${usage()}`);
    }
    try {
      texts[spec.name] = readFileSync(path, 'utf8');
    } catch (err) {
      fail(1, `${spec.name}: ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }

  const outcome = await createRunner()(labId, texts, lang);
  if (!outcome.ok) {
    fail(1, outcome.issues.map((iss) => formatIssue({ ...iss, input: files[iss.input] ?? iss.input }, lang)).join('\n'));
  }
  process.stdout.write(format === 'md' ? outcome.report : `${JSON.stringify(outcome.result, null, 2)}\n`);
  const verdict = (outcome.result as { decision?: { verdict?: string } }).decision?.verdict;
  if (strict && verdict === 'fail') process.exit(3);
}

await main(process.argv.slice(2));
