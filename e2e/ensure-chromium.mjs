#!/usr/bin/env node
// Finds a Chromium for the end-to-end tests before Playwright starts, and installs one if there is
// none: Debian's `chromium` package where apt-get is available (this project's machines have no
// network besides the package registries), else Playwright's own download. Prints the path it found.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
const found = () => candidates.find((p) => existsSync(p));

let path = found();
if (!path) {
  const run = (cmd) => execSync(cmd, { stdio: 'inherit' });
  try {
    const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
    console.log('[e2e] no Chromium found: installing Debian\'s chromium package');
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
  } catch {
    console.log('[e2e] apt-get failed: trying Playwright\'s own Chromium download');
    try { run('npx playwright install chromium'); } catch { /* reported below */ }
  }
  path = found();
}
if (path) console.log(`[e2e] Chromium: ${path}`);
else console.log('[e2e] using the Chromium bundled by Playwright (if its download succeeded)');
