import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

// Debian's chromium (installed by e2e/ensure-chromium.mjs) unless CHROMIUM_PATH says otherwise;
// where none exists, Playwright's own download (npx playwright install chromium) is used.
const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
const executablePath = candidates.find((p) => existsSync(p));
// E2E_PORT (with ASTRO_OUT_DIR and E2E_SUB_OUT_DIR) lets two e2e runs share a machine; the sub-path
// build is served two ports below unless E2E_SUB_PORT says otherwise (e2e/subpath.spec.ts).
const PORT = Number(process.env.E2E_PORT || 4399);
const SUB_PORT = Number(process.env.E2E_SUB_PORT || PORT - 2);
const SUB_OUT = process.env.E2E_SUB_OUT_DIR || 'dist-subpath';
// E2E_NO_BUILD=1 serves what e2e/build.mjs built last (both folders must exist): for re-running a
// few specs while the site has not changed.
const BUILD = process.env.E2E_NO_BUILD ? '' : 'node e2e/build.mjs && ';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['./e2e/slowest-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // One build step (e2e/build.mjs: the root site and the sub-path site side by side), then both are
  // served. --ignore-lock: Astro 7's preview refuses a second server and backgrounds itself under agents.
  webServer: [
    {
      command: `${BUILD}npm run preview -- --host 127.0.0.1 --port ${PORT} --ignore-lock`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 600_000,
    },
    {
      command: `npx astro preview --host 127.0.0.1 --port ${SUB_PORT} --ignore-lock`,
      env: { BASE_PATH: '/evals-lab/', ASTRO_OUT_DIR: SUB_OUT, ASTRO_TELEMETRY_DISABLED: '1' },
      url: `http://127.0.0.1:${SUB_PORT}/evals-lab/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
