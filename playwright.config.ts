import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

// Debian's chromium (installed by e2e/ensure-chromium.mjs) unless CHROMIUM_PATH says otherwise;
// where none exists, Playwright's own download (npx playwright install chromium) is used.
const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
const executablePath = candidates.find((p) => existsSync(p));
// E2E_PORT (with ASTRO_OUT_DIR) lets two e2e runs share a machine.
const PORT = Number(process.env.E2E_PORT || 4399);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // --ignore-lock: Astro 7's preview refuses a second server and backgrounds itself under agents.
    command: `npm run build && npm run preview -- --host 127.0.0.1 --port ${PORT} --ignore-lock`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 240_000,
  },
});
