/**
 * Vitest global setup: the reference tests read the textbook kits' outputs from ../shared (beside
 * the repository, as on the project's machines and in CI). Fail at once with a clear message when
 * it is missing, rather than with one ENOENT per test file.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const ref = fileURLToPath(new URL('../../../shared/reference/README.md', import.meta.url));
  if (!existsSync(ref)) {
    throw new Error(
      `The tests need the project's shared/ folder beside this repository (${ref} is missing): ` +
        'clone the repository next to shared/, as laid out on the project machines and in CI.',
    );
  }
}
