/**
 * Every `npm run --silent lab -- ...` command in the README's sh code blocks runs as written: the
 * files it names exist and the command exits 0 with something on stdout. The commands are read
 * from the README itself (continuation lines joined, `#` comments dropped), so a new example is
 * tested the day it is written. They run as `node labs/cli.ts ...` (what the npm script runs),
 * with the pinned Node, from the repository's root.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const NODE = 'node_modules/node/bin/node';
const PREFIX = 'npm run --silent lab -- ';

/** The README's sh blocks' commands, one string each (continuations joined, comments dropped). */
function readmeLabCommands(markdown: string): string[] {
  const commands: string[] = [];
  const blocks = markdown.split(/^```sh\n/m).slice(1).map((b) => b.slice(0, b.indexOf('\n```')));
  for (const block of blocks) {
    const joined = block.replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const hash = line.search(/\s#|^#/);
      const cmd = (hash === -1 ? line : line.slice(0, hash)).trim();
      if (cmd.startsWith(PREFIX)) commands.push(cmd);
    }
  }
  return commands;
}

const commands = readmeLabCommands(readFileSync('README.md', 'utf8'));

describe('README examples', { timeout: 120_000 }, () => {
  it('finds the examples of "Command line" and "Bring your own results"', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
    for (const flag of ['--qrels', '--labels', '--scorer', '--baseline', '--k 1,3,5,10']) expect(commands.some((c) => c.includes(flag)), flag).toBe(true);
  });

  it.each(commands.map((c) => [c]))('%s', (command) => {
    // no quoting in the README's commands: split on spaces
    const args = command.slice(PREFIX.length).split(/\s+/).filter(Boolean);
    expect(args.every((a) => !/["'$`|;&<>*]/.test(a)), 'plain arguments only').toBe(true);
    for (let i = 0; i < args.length - 1; i++) {
      if (args[i].startsWith('--') && /\.(json|jsonl|csv|txt)$/.test(args[i + 1])) expect(existsSync(args[i + 1]), args[i + 1]).toBe(true);
    }
    const r = spawnSync(NODE, ['labs/cli.ts', ...args], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(0);
  });
});
