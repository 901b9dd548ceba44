/**
 * Browser latency bench (`npm run bench:browser`): the built site in Debian's Chromium, as the e2e
 * suite runs it (same server, same browser), one worker so that timings do not compete. Not part
 * of `npm test`: these are measurements, printed as a table, not pass/fail tests.
 */
import base from '../../playwright.config.ts';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /latency\.bench\.ts$/,
  workers: 1,
  timeout: 300_000,
});
