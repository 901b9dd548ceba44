#!/usr/bin/env node
// Finds a Chromium for the end-to-end tests before Playwright starts, and installs one if there is
// none: Debian's `chromium` package where apt-get is available (this project's machines have no
// network besides the package registries), else Playwright's own download. Prints the path it found.
// apt-get's output (hundreds of lines) goes to logs/apt.log; the console gets one line saying what
// was installed. (Not under test-results/: Playwright empties that folder when it starts.)
import { existsSync, mkdirSync, openSync, closeSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
const found = () => candidates.find((p) => existsSync(p));
const LOG = 'logs/apt.log';

let path = found();
if (!path) {
  try {
    const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
    console.log(`[e2e] no Chromium found: installing Debian's chromium package (apt-get output in ${LOG})`);
    mkdirSync('logs', { recursive: true });
    const fd = openSync(LOG, 'w');
    try {
      execSync(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`, { stdio: ['ignore', fd, fd] });
    } finally {
      closeSync(fd);
    }
    let version = '';
    try {
      version = execSync("dpkg-query -W -f='${Version}' chromium", { encoding: 'utf8' }).trim();
    } catch { /* the line below then names only the package */ }
    console.log(`[e2e] installed Debian's chromium${version ? ` ${version}` : ''} (log: ${LOG})`);
  } catch {
    console.log(`[e2e] apt-get failed (see ${LOG}): trying Playwright's own Chromium download`);
    try {
      execSync('npx playwright install chromium', { stdio: 'inherit' });
    } catch { /* reported below */ }
  }
  path = found();
}
if (path) console.log(`[e2e] Chromium: ${path}`);
else console.log('[e2e] using the Chromium bundled by Playwright (if its download succeeded)');
