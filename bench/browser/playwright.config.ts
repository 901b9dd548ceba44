/**
 * Browser latency bench (`npm run bench:browser`): the built site in Debian's Chromium, as the e2e
 * suite runs it (same server, same browser), one worker so that timings do not compete. Not part
 * of `npm test`: these are measurements, printed as a table, not pass/fail tests. Only the root
 * site is served (the sub-path copy is not measured); E2E_NO_BUILD=1 serves the last `npm run build`.
 */
import base from '../../playwright.config.ts';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 4399);
const BUILD = process.env.E2E_NO_BUILD ? '' : 'npm run build && ';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /(latency|profile)\.bench\.ts$/,
  workers: 1,
  fullyParallel: false,
  timeout: 600_000,
  reporter: [['list']],
  webServer: {
    command: `${BUILD}npm run preview -- --host 127.0.0.1 --port ${PORT} --ignore-lock`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 600_000,
  },
});
